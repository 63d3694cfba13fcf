#!/bin/bash
# tests/appliance/init-break.sh - swapplace.break=PHASE drops to the (mocked) shell right before
# PHASE and goes on when it exits; panic (no stick found within the 30 polls) prints why,
# drops to the shell, then powers off without running anything.
. "$(dirname "$0")/lib.sh"

break_stick() {
	cmdline swapplace.break=stick
	run_init
	local sh vfat mp
	sh=$(line_of '^setsid cttyhack sh$')
	vfat=$(line_of '^mount -t vfat')
	mp=$(line_of '^modprobe')
	[ "$sh" -gt 0 ] || fail "no shell"
	[ "$mp" -gt 0 ] && [ "$mp" -lt "$sh" ] || fail "shell before the modules phase"
	[ "$vfat" -gt "$sh" ] || fail "stick mounted before the shell (shell $sh, vfat $vfat)"
	has_out "shell before phase 'stick'" || fail "no message"
	return 0
}
for_each_shell break_stick

break_mount() {
	cmdline swapplace.break=mount
	run_init
	local sh proc sys
	sh=$(line_of '^setsid cttyhack sh$')
	proc=$(line_of '^mount -t proc')
	sys=$(line_of '^mount -t sysfs')
	[ "$proc" -gt 0 ] && [ "$sh" -gt "$proc" ] && [ "$sys" -gt "$sh" ] ||
		fail "break=mount: proc $proc, shell $sh, sysfs $sys"
	return 0
}
for_each_shell break_mount

break_act() {
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\n' >"$STICK/swapplace.conf"
	cmdline swapplace.break=act
	run_init
	[ "$(line_of '^setsid cttyhack sh$')" -lt "$(line_of '^swapplace list')" ] || fail "shell not before act"
	calls swapplace | grep -q '^swapplace run' || fail "did not go on after the shell"
	[ "$(calls setsid | wc -l)" = 1 ] || fail "more than one shell"
	return 0
}
for_each_shell break_act

bad_phase() {
	cmdline swapplace.break=nonsense
	run_init
	has_out "swapplace.break=nonsense: no such phase" || fail "unknown phase not reported"
	calls setsid | grep -q . && fail "shell for an unknown phase"
	return 0
}
for_each_shell bad_phase

panic_no_stick() {
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\n' >"$STICK/swapplace.conf"
	: >"$T/stick_dev"
	run_init
	has_out "PANIC: no partition labelled SWAPPLACE" || fail "no panic message"
	[ "$(calls sleep | wc -l)" = 30 ] || fail "did not wait 30 s: $(calls sleep | wc -l) polls"
	local sh po
	sh=$(line_of '^setsid cttyhack sh$')
	po=$(line_of '^poweroff -f$')
	[ "$sh" -gt 0 ] && [ "$po" -gt "$sh" ] || fail "panic: shell $sh, poweroff $po"
	calls swapplace | grep -q . && fail "swapplace called without a stick"
	calls umount | grep -q . && fail "umount of a stick never mounted"
	return 0
}
for_each_shell panic_no_stick

settle_waits() {
	# the stick appears only on the third poll: the init waits for it, then for a quiet poll
	mock blkid 'n=$(grep -c "^blkid" "$T/log"); [ "$n" -ge 3 ] || exit 2; cat "$T/stick_dev"'
	run_init
	[ "$(calls sleep | wc -l)" -ge 2 ] && [ "$(calls sleep | wc -l)" -lt 30 ] || fail "polls: $(calls sleep | wc -l)"
	calls mount | grep -q -- '-t vfat' || fail "stick not mounted after it appeared"
	return 0
}
for_each_shell settle_waits
exit 0
