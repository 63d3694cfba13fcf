#!/bin/bash
# tests/appliance/init-keeps-backups-of-an-interrupted-run.sh - a power cut during a run leaves its
# temporary report on the stick, with the disk backups `run` made before its first write. At
# the next boot the incomplete report goes (a report is whole or absent), but each backup
# (a backup-* directory with its identity) is kept as reports/<date>-<pid>-interrupted/, and
# the screen says where; a backup-* without an identity (never completed) is not kept.
. "$(dirname "$0")/lib.sh"

scenario() {
	local tmp=$STICK/reports/.tmp-20251231-235959-77
	mkdir -p "$tmp/backup-sda" "$tmp/backup-sdc" "$tmp/.backup-sdd.tmp-77"
	echo "swapplace-backup=1" >"$tmp/backup-sda/identity"
	head -c 4096 /dev/zero >"$tmp/backup-sda/first.bin"
	echo "swapplace-backup=1" >"$tmp/backup-sdc/identity"
	echo '{"schema": "swapplace-report/1"' >"$tmp/report.json"
	mkdir -p "$tmp/backup-sde" # no identity: not a backup
	printf 'auto = yes\ntarget = SPNOPE\nconfirm = SPNOPE\n' >"$STICK/swapplace.conf"
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	local kept=$STICK/reports/20251231-235959-77-interrupted
	[ -f "$kept/backup-sda/identity" ] && [ -f "$kept/backup-sda/first.bin" ] ||
		fail "backup-sda not kept: $(ls -laR "$STICK/reports")"
	[ -f "$kept/backup-sdc/identity" ] || fail "backup-sdc not kept"
	[ ! -e "$kept/backup-sde" ] && [ ! -e "$kept/.backup-sdd.tmp-77" ] || fail "an incomplete backup was kept"
	[ ! -e "$tmp" ] || fail "the temporary report was left"
	has_out "kept the disk backup of an interrupted run: reports/20251231-235959-77-interrupted/backup-sda" ||
		fail "the screen does not say where the backup is"
	return 0
}
for_each_shell scenario
exit 0
