#!/bin/bash
# tests/appliance/init-unattended.sh - auto = yes runs swapplace with --target serial:X --confirm X,
# the --also serials and every option (the kernel command line winning over swapplace.conf),
# writes the report to a temporary name in reports/ and renames it to
# reports/<date>-<machine>-<serial>/, then syncs, unmounts the stick and powers off.
. "$(dirname "$0")/lib.sh"

scenario() {
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\nalso = SPNVME0001\ntime_per_placement = 5\nonly = start,end\n' >"$STICK/swapplace.conf"
	cmdline swapplace.time=7 swapplace.budget=64M
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	local dest=$STICK/reports/20260101-120000-Standard-PC-i440FX-PIIX-1996-SPHDD0002
	local tmp
	tmp=$(calls swapplace | sed -n 's/.* --out \([^ ]*\) .*/\1/p')
	case $tmp in "$STICK/reports/.tmp-"*) ;; *) fail "--out '$tmp' is not a temporary name in reports/" ;; esac
	[ "$(calls swapplace | grep '^swapplace run ')" = "swapplace run --target serial:SPHDD0002 --confirm SPHDD0002 --out $tmp --also serial:SPNVME0001 --also-confirm SPNVME0001 --time-per-placement 7 --budget 64M --only start,end --plan $ROOT/run/swapplace/target.plan" ] ||
		fail "wrong run arguments: $(calls swapplace)"
	[ "$(calls swapplace | grep -c '^swapplace plan --target serial:SPHDD0002 --also serial:SPNVME0001')" = 1 ] ||
		fail "plan not called once before run"
	[ "$(line_of '^swapplace plan')" -lt "$(line_of '^swapplace run')" ] || fail "run before plan"
	[ -f "$dest/report.json" ] && [ -f "$dest/report.txt" ] && [ -f "$dest/run.log" ] || fail "report not moved to $dest"
	[ ! -e "$tmp" ] || fail "temporary directory left behind"
	grep -q 'measuring start' "$dest/run.log" || fail "progress lines not in run.log"
	has_out 'measuring start' || fail "progress not on screen"
	has_out 'fastest swap-in: zram-lz4' || fail "verdict not on screen"
	# the order of the end: sync after the rename, umount the stick, then power off
	local um po
	um=$(line_of "^umount $STICK\$")
	po=$(line_of '^poweroff -f$')
	[ "$um" -gt 0 ] && [ "$po" -gt "$um" ] || fail "stick not unmounted before poweroff (umount line $um, poweroff line $po)"
	[ "$(line_of '^sync')" -gt "$(line_of '^swapplace run')" ] || fail "no sync after the run"
	calls reboot | grep -q . && fail "rebooted instead of powering off"
	# the pseudo-filesystems and cgroup2 with the memory controller handed down
	for fs in proc sysfs devtmpfs tmpfs cgroup2; do
		calls mount | grep -q -- "-t $fs " || fail "no mount -t $fs"
	done
	calls mount | grep -q -- "-t vfat -o rw,noatime /dev/sdb1 $STICK" || fail "stick not mounted rw"
	[ "$(cat "$ROOT/sys/fs/cgroup/cgroup.subtree_control")" = "+memory" ] || fail "+memory not enabled"
	[ "$(calls modprobe | wc -l)" = 4 ] || fail "modules not loaded: $(calls modprobe)"
	calls modprobe | grep -qx 'modprobe -q usb-storage' || fail "usb-storage not modprobed"
	return 0
}
for_each_shell scenario

# poweroff = no: the unattended run ends in the menu instead (end of input powers off)
scenario_nopoweroff() {
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\npoweroff = no\n' >"$STICK/swapplace.conf"
	run_init $'1\n5\n'
	has_out '1) view the report' || fail "no menu with poweroff = no"
	calls setsid | grep -q "cttyhack less .*report.txt" || fail "view report did not page report.txt"
	[ "$(calls reboot)" = "reboot -f" ] || fail "menu 5 did not reboot"
	calls poweroff | grep -q . && fail "powered off with poweroff = no"
	return 0
}
for_each_shell scenario_nopoweroff
exit 0
