#!/bin/bash
# tests/appliance/init-interactive.sh - the console screen offers only safe disks with a serial
# (never the stick, even when swapplace calls it safe; never a disk in use), shows the others
# as "not offered: reason", re-asks a wrong confirmation, then plans and runs the chosen disk
# by serial, shows the verdict, saves the report and obeys the menu.
. "$(dirname "$0")/lib.sh"

choose_confirm_run() {
	# choose 1, confirm wrongly, then rightly (lower case is fine), then power off from the menu
	run_init $'1\nXXXX\n0001\n4\n'
	[ "$RC" = 0 ] || fail "init exited $RC"
	local offered
	offered=$(grep -E '^  [0-9]+\) ' "$T/out" | grep -v -e 'view the report' -e 'print the report')
	[ "$(echo "$offered" | wc -l)" = 3 ] || fail "expected 3 offered disks: $offered"
	echo "$offered" | grep -q '^  1) /dev/sda .*WD-HDD0001' || fail "sda not offered first"
	echo "$offered" | grep -q '^  2) /dev/sdd .*SPNVME0001' || fail "sdd not offered second"
	echo "$offered" | grep -q '^  3) /dev/vdb .*SPHDD0002' || fail "vdb not offered third"
	echo "$offered" | grep -qE 'sdb|nvme0n1|sdc' && fail "an unsafe disk was offered"
	has_out "not offered: the boot stick" || fail "the stick not shown as not offered"
	has_out "not offered: mounted at /home (in use)" || fail "the in-use disk's reason missing"
	has_out "not offered: no serial number" || fail "the serial-less disk's reason missing"
	grep -A1 '/dev/sdb ' "$T/out" | grep -q 'the boot stick' || fail "the reason is not under the stick"
	has_out "'XXXX' does not match the end of serial WD-HDD0001" || fail "wrong confirmation accepted or not reported"
	[ "$(grep -c 'Type the last 4 characters' "$T/out")" = 2 ] || fail "confirmation not re-asked exactly once"
	has_out "estimated time 12 min" || fail "plan not shown"
	[ "$(calls swapplace | grep -c '^swapplace run --target serial:WD-HDD0001 --confirm WD-HDD0001 --out ')" = 1 ] ||
		fail "run not called for the chosen serial: $(calls swapplace)"
	[ "$(line_of '^swapplace plan --target serial:WD-HDD0001')" -lt "$(line_of '^swapplace run')" ] || fail "no plan before run"
	# the run checks the disk is the one the plan saw
	plan_file=$(calls swapplace | sed -n 's/^swapplace plan .* --save-plan \([^ ]*\)$/\1/p' | head -n 1)
	[ -n "$plan_file" ] || fail "plan did not save the target's identity"
	calls swapplace | grep -q "^swapplace run .* --plan $plan_file\$" || fail "run not given the plan's file"
	has_out "fastest swap-in: zram-lz4" || fail "verdict not on screen"
	[ -f "$STICK/reports/20260101-120000-Standard-PC-i440FX-PIIX-1996-WD-HDD0001/report.json" ] || fail "report not saved"
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "menu 4 did not power off"
	return 0
}
for_each_shell choose_confirm_run

back_out() {
	# an invalid choice, 9 (out of range), choose 3 and go back with q, rescan, then end of
	# input: nothing is run
	run_init $'x\n9\n3\nq\nr\n'
	has_out "'x' is not a choice" || fail "x accepted"
	has_out "'9' is not a choice" || fail "9 accepted"
	[ "$(calls swapplace | grep -c '^swapplace list --plain$')" -ge 3 ] || fail "the list was not shown again"
	calls swapplace | grep -qE '^swapplace (plan|run)' && fail "plan or run without a confirmation"
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "end of input did not power off"
	return 0
}
for_each_shell back_out

run_again_shell() {
	# run on 3 (confirm 0002), menu: run again on 3, shell, reboot
	run_init $'3\n0002\n2\n3\n0002\n3\n5\n'
	[ "$(calls swapplace | grep -c '^swapplace run ')" = 2 ] || fail "not run twice"
	calls swapplace | grep -q '^swapplace run --target serial:SPHDD0002 ' || fail "first run not on SPHDD0002"
	[ "$(calls swapplace | grep -c '^swapplace run --target serial:SPHDD0002 ')" = 2 ] || fail "second run not on SPHDD0002"
	# the same date and disk twice (the mocked clock stands still): the second report gets its own name
	[ -f "$STICK/reports/20260101-120000-Standard-PC-i440FX-PIIX-1996-SPHDD0002/report.json" ] || fail "first report missing"
	[ -f "$STICK/reports/20260101-120000-Standard-PC-i440FX-PIIX-1996-SPHDD0002-2/report.json" ] || fail "second report missing"
	[ "$(calls setsid)" = "setsid cttyhack sh" ] || fail "menu 3 gave no shell"
	[ "$(calls reboot)" = "reboot -f" ] || fail "menu 5 did not reboot"
	return 0
}
for_each_shell run_again_shell

nothing_offered() {
	printf '/dev/sdb\t16008609792\t0\tusb\tSanDisk\t4C530001\t1\t\n' >"$T/disks.tsv"
	run_init $'m\n4\n'
	has_out "no disk can be offered" || fail "no message without a disk"
	grep -qE '^  1\) /dev' "$T/out" && fail "the stick was offered"
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "menu 4 did not power off"
	return 0
}
for_each_shell nothing_offered

# a machine too small for the probes: plan refuses the chosen disk; the person goes back and
# powers off; the stick keeps the refusal with swapplace's words in reports/*-refused/reason.txt
too_small() {
	echo "swapplace: this machine is too small to run the probes: 79 MiB RAM, 22 MiB available" >"$T/plan.err"
	echo 3 >"$T/plan.rc"
	run_init $'1\n0001\n\nm\n4\n'
	has_out "swapplace plan refused this disk" || fail "the refusal was not shown"
	has_out "too small to run the probes" || fail "swapplace's reason was not shown"
	calls swapplace | grep -q '^swapplace run' && fail "a refused disk was run"
	local r
	r=$(ls -d "$STICK"/reports/*-refused 2>/dev/null | head -n 1)
	[ -n "$r" ] && grep -q "too small to run the probes" "$r/reason.txt" ||
		fail "no reports/*-refused/reason.txt with the reason"
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "menu 4 did not power off"
	return 0
}
for_each_shell too_small
exit 0
