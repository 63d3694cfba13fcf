#!/bin/bash
# tests/vm/power-cut-then-boot-cleans-up.sh - a power cut in the middle of an unattended run,
# then the next boot of the same stick: QEMU is killed with SIGKILL once the console shows the
# run measuring (the stick then holds reports/.tmp-*/journal without "end", and the target the
# partitions the run planned). The next boot says it found the unfinished run and cleaned up
# after it, keeps it as reports/<date>-unfinished with the journal, cleanup.txt and
# reason.txt, and the run it then makes completes; the target is as planned (sfdisk -d of the
# image shows the swapplace-* partitions). A run lighter still than VM_RUN_CONF_LIGHT (the start
# partition alone) keeps each boot near a minute under TCG.
# runner: may run beside another test
# runner: takes about 76 s
. "$(dirname "$0")/lib.sh"
command -v sfdisk >/dev/null 2>&1 || skip "needs sfdisk"
vm_setup seabios
vm_config <<CONF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
budget = 48M
swap_size = 160M
time_per_placement = 3
only = start
scenario = none
profile_time = 0
CONF
vm_grub "panic=-1"
as_planned() {
	local d p
	d=$(sfdisk -d "$VM_DIR/hdd.raw" 2>/dev/null) || return 1
	for p in start data end; do echo "$d" | grep -q "name=\"swapplace-$p\"" || return 1; done
}

# the first boot: cut once the run measures
vm_start "${VM_BOOT_TIMEOUT:-300}"
while ! vm_serial_has 'swapplace: \[[0-9]+/[0-9]+\] measuring'; do
	kill -0 "$VM_PID" 2>/dev/null || fail "the guest stopped before the run measured"
	[ "$(date +%s)" -lt "$VM_DEADLINE" ] || fail "the run never started measuring"
	sleep 1
done
sleep 2
qpid=$(cat "$VM_DIR/qemu.pid")
[ -n "$qpid" ] && kill -KILL "$qpid" || fail "cannot kill QEMU"
wait "$VM_PID" 2>/dev/null
VM_PID=""
vm_log "power cut while measuring"
vm_reports "$VM_DIR/cut"
j=$(find "$VM_DIR/cut/reports" -path '*/.tmp-*/journal' | head -1)
[ -n "$j" ] || fail "no reports/.tmp-*/journal on the stick after the power cut"
echo "--- the journal the cut left:"
cat "$j"
grep -Eqx 'end|cleaned' "$j" && fail "the journal of the cut run says it finished"
grep -q '^[0-9]* parttable ' "$j" || fail "the journal does not record the partition table"
as_planned || { sfdisk -d "$VM_DIR/hdd.raw"; fail "after the cut the target is not as planned"; }

# the second boot: clean up, then run to the end
mv "$VM_DIR/serial.log" "$VM_DIR/serial-cut.log"
vm_start "${VM_BOOT_TIMEOUT:-300}"
vm_wait_poweroff
vm_serial_has 'swapplace: the last run did not finish \(power cut or crash\)' ||
	fail "the boot did not say it found the unfinished run"
vm_serial_has 'swapplace: cleaned up after it:' || fail "the boot did not say it cleaned up"
vm_serial_has 'swapplace: the machine restarted since' || fail "cleanup's own lines are not on the console"
vm_serial_has 'swapplace: kept on the stick: reports/[0-9-]+-unfinished' ||
	fail "the unfinished run's directory is not kept"
vm_serial_has 'swapplace: saved on the stick: reports/' || fail "the run after the cleanup saved no report"
vm_serial_has "swapplace: the stick's index lists this run" ||
	fail "the index could not be rewritten beside the unfinished run's directory"
vm_reports "$VM_DIR/out"
u=$(find "$VM_DIR/out/reports" -maxdepth 1 -name '*-unfinished' | head -1)
[ -n "$u" ] || fail "no reports/*-unfinished"
for f in journal cleanup.txt reason.txt; do [ -s "$u/$f" ] || fail "reports/${u##*/} lacks $f"; done
[ "$(tail -n 1 "$u/journal")" = cleaned ] || fail "the unfinished journal is not marked cleaned"
find "$VM_DIR/out/reports" -name '.tmp-*' | grep -q . && fail "a temporary directory is left"
vm_assert_report_light "$VM_DIR/out"
as_planned || { sfdisk -d "$VM_DIR/hdd.raw"; fail "the target is not as planned"; }
vm_log "pass"
