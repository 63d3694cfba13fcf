#!/bin/bash
# tests/appliance/init-cleans-up-an-unfinished-run.sh - a run cut off by a power failure left its
# journal on the stick (reports/.tmp-*/journal without "end"): at the next boot the init runs
# `swapplace cleanup JOURNAL` once the stick is mounted and before it acts, tells the person,
# keeps the directory as reports/<date>-unfinished with the journal, cleanup.txt and
# reason.txt, and goes on with the run. A finished journal (a saved report's) is left alone; a
# temporary directory without a journal is removed as before; a cleanup that fails is said
# and the boot still goes on. Right before the run (after the plan) the menu runs `swapplace
# cleanup` once more, without a journal: a run of this session killed before its undo.
. "$(dirname "$0")/lib.sh"

DEST_NAME=20260101-120000-Standard-PC-i440FX-PIIX-1996-SPHDD0002
conf() { printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\n' >"$STICK/swapplace.conf"; }
TMP=.tmp-20251231-235959-77

unfinished() {
	mkdir -p "$STICK/reports/$TMP" "$STICK/reports/20251230-100000-PC-X1" "$STICK/reports/.tmp-20251229-000000-5"
	printf 'swapplace-journal 1 pid=77 boot=b start=1 cmd=run time=1 twin=-\n1 parttable /dev/vdb\n2 mount /run/swapplace-77 /dev/vdb2 1\n3 swapon /dev/vd' \
		>"$STICK/reports/$TMP/journal"
	printf 'swapplace-journal 1 pid=70 boot=a start=1 cmd=run time=1 twin=-\nend\n' \
		>"$STICK/reports/20251230-100000-PC-X1/journal"
	echo partial >"$STICK/reports/.tmp-20251229-000000-5/report.txt"
}

cleans_then_runs() {
	conf
	unfinished
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	local kept=$STICK/reports/20251231-235959-unfinished
	[ "$(calls swapplace | grep -c '^swapplace cleanup /')" = 1 ] || fail "cleanup calls: $(calls swapplace | grep cleanup)"
	# and once more right before the run, without a journal (the run directory's)
	[ "$(line_of '^swapplace cleanup$')" -lt "$(line_of '^swapplace run')" ] || fail "no cleanup right before the run"
	[ "$(line_of '^swapplace plan')" -lt "$(line_of '^swapplace cleanup$')" ] || fail "the cleanup before the run is not right before it"
	calls swapplace | grep -qx "swapplace cleanup $STICK/reports/$TMP/journal" || fail "cleanup not called on the journal"
	[ "$(line_of '^swapplace cleanup')" -lt "$(line_of '^swapplace run')" ] || fail "cleanup after the run"
	[ "$(line_of '^mount -t vfat')" -lt "$(line_of '^swapplace cleanup')" ] || fail "cleanup before the stick was mounted"
	has_out "the last run did not finish (power cut or crash)" || fail "the person is not told"
	has_out "cleaned up after it:" || fail "the cleanup is not said"
	has_out "  swapplace: cleanup: nothing left but the partition table on /dev/vdb" || fail "the cleanup's lines are not shown"
	has_out "kept on the stick: reports/20251231-235959-unfinished" || fail "where it is kept is not said"
	[ -f "$kept/journal" ] && [ -f "$kept/cleanup.txt" ] && [ -f "$kept/reason.txt" ] || fail "the unfinished run is not kept whole: $(ls -a "$kept" 2>&1)"
	grep -q "did not finish" "$kept/reason.txt" || fail "reason.txt does not say why"
	grep -q "partition table" "$kept/cleanup.txt" || fail "cleanup.txt lacks the cleanup's output"
	tail -n 1 "$kept/journal" | grep -q "cleaned$" || fail "the journal was not handed to cleanup"
	[ ! -e "$STICK/reports/$TMP" ] && [ ! -e "$STICK/reports/.tmp-20251229-000000-5" ] || fail "a temporary directory is left"
	[ "$(tail -n 1 "$STICK/reports/20251230-100000-PC-X1/journal")" = end ] || fail "a finished journal was touched"
	[ -f "$STICK/reports/$DEST_NAME/report.json" ] || fail "the run did not go on"
	return 0
}
for_each_shell cleans_then_runs

cleanup_fails() {
	conf
	unfinished
	echo 1 >"$T/cleanup.rc"
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	has_out "WARNING: the cleanup after it failed" || fail "the failed cleanup is not said"
	[ -f "$STICK/reports/20251231-235959-unfinished/cleanup.txt" ] || fail "its output is not kept"
	[ -f "$STICK/reports/$DEST_NAME/report.json" ] || fail "the boot did not go on"
	return 0
}
for_each_shell cleanup_fails

nothing_unfinished() {
	conf
	mkdir -p "$STICK/reports/.tmp-20251229-000000-5"
	run_init
	calls swapplace | grep -q '^swapplace cleanup /' && fail "cleanup called with no journal"
	[ "$(calls swapplace | grep -c '^swapplace cleanup$')" = 1 ] || fail "no cleanup of the run directory before the run"
	has_out "did not finish" && fail "an unfinished run is said where there is none"
	[ ! -e "$STICK/reports/.tmp-20251229-000000-5" ] || fail "the temporary directory is left"
	return 0
}
for_each_shell nothing_unfinished
echo ok
