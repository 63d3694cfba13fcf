#!/bin/bash
# tests/appliance/init-refusal.sh - an unattended run that cannot go ahead (serial not found,
# confirm not matching, the stick or an unsafe disk as target, swapplace refusing with exit 3)
# writes reports/<date>-<machine>-refused/reason.txt with the reason and powers off without
# calling `swapplace run`; a run that fails writes <...>-<serial>-failed/ with reason.txt.
. "$(dirname "$0")/lib.sh"

REFUSED=20260101-120000-Standard-PC-i440FX-PIIX-1996-refused

expect_refused() { # WHAT-THE-REASON-SAYS
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	local r=$STICK/reports/$REFUSED/reason.txt
	[ -f "$r" ] || fail "no $r: $(ls -R "$STICK/reports")"
	grep -qF -- "$1" "$r" || fail "reason.txt lacks '$1': $(cat "$r")"
	grep -qF 'WD-HDD0001' "$r" || fail "reason.txt lacks the disk list"
	calls swapplace | grep -q '^swapplace run' && fail "swapplace run was called"
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "no poweroff"
	[ "$(line_of "^umount $STICK\$")" -lt "$(line_of '^poweroff')" ] || fail "not unmounted before poweroff"
	for d in "$STICK"/reports/.tmp-*; do [ ! -e "$d" ] || fail "temporary directory $d left behind"; done
	return 0
}

not_found() {
	printf 'auto = yes\ntarget = SPNOPE\nconfirm = SPNOPE\n' >"$STICK/swapplace.conf"
	expect_refused "no disk with serial 'SPNOPE'"
	calls swapplace | grep -q '^swapplace plan' && fail "plan called for a missing disk"
	return 0
}
for_each_shell not_found

mismatch() {
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0003\n' >"$STICK/swapplace.conf"
	expect_refused "does not equal target"
}
for_each_shell mismatch

no_target() {
	cmdline swapplace.auto=yes
	expect_refused "no target serial"
}
for_each_shell no_target

the_stick() {
	printf 'auto = yes\ntarget = 4C530001\nconfirm = 4C530001\n' >"$STICK/swapplace.conf"
	expect_refused "the boot stick"
}
for_each_shell the_stick

in_use() {
	cmdline swapplace.auto=yes swapplace.target=S4EVNX0001 swapplace.confirm=S4EVNX0001
	expect_refused "mounted at /home (in use)"
}
for_each_shell in_use

plan_refuses() {
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\n' >"$STICK/swapplace.conf"
	echo 3 >"$T/plan.rc"
	echo "swapplace: refusing /dev/vdb: it holds a filesystem with data (ext4)" >"$T/plan.err"
	expect_refused "refusing /dev/vdb: it holds a filesystem with data"
}
for_each_shell plan_refuses

run_fails() {
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\n' >"$STICK/swapplace.conf"
	echo 1 >"$T/run.rc"
	run_init
	local d=$STICK/reports/20260101-120000-Standard-PC-i440FX-PIIX-1996-SPHDD0002-failed
	[ -f "$d/reason.txt" ] || fail "no $d/reason.txt: $(ls -R "$STICK/reports")"
	grep -q 'failed (exit 1)' "$d/reason.txt" || fail "reason.txt lacks the exit status"
	grep -q 'Input/output error' "$d/reason.txt" || fail "reason.txt lacks swapplace's stderr"
	[ -f "$d/run.log" ] || fail "no run.log"
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "no poweroff"
	return 0
}
for_each_shell run_fails
exit 0
