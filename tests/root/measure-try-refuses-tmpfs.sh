#!/bin/bash
# measure-try-refuses-tmpfs - `measure --try zram,file:DIR` with DIR on a tmpfs is refused
# before anything is made: exit 3, a message naming tmpfs and why (swap in RAM is no swap); no
# file in DIR, no swap area, no zram device (zram comes first in the list and is still not
# made), no memory cgroup of swapplace's.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
BUDGET_MIB=33
# What this test could leave: its files (under $out), and zram devices of its size (2 x the
# budget, a size no other test uses: other tests on this machine may make their own meanwhile;
# tests/run.sh compares the whole machine before and after when the suite runs alone).
ZRAM_BYTES=$((2 * BUDGET_MIB * 1024 * 1024))
[ -z "$(our_zrams)" ] || skip "a zram device of $ZRAM_BYTES bytes exists already"
need_root
scratch_dir out
mnt=$out/tmpfs
mkdir "$mnt"
mount -t tmpfs -o size=256M swapplace-test "$mnt" || skip "cannot mount a tmpfs"
at_exit "umount '$mnt'"
cgroups() { ls -d /sys/fs/cgroup/memory/swapplace* /sys/fs/cgroup/swapplace* 2>/dev/null; }
cg_before=$(cgroups)

"$SWAPPLACE" measure --try zram,file:"$mnt" --budget ${BUDGET_MIB}M --time-per-placement 3 \
	--service-time 3 >"$out/stdout" 2>"$out/stderr" && rc=0 || rc=$?
cat "$out/stderr"
[ "$rc" = 3 ] || fail "expected exit 3 (refused), got $rc"
grep -q "refusing to try a swap file in '$mnt': it is on tmpfs" "$out/stderr" ||
	fail "the message does not name tmpfs"
grep -q "swap in RAM is no swap" "$out/stderr" || fail "the message does not say why"
[ ! -s "$out/stdout" ] || fail "a refusal printed a report: $(cat "$out/stdout")"
[ -z "$(ls -A "$mnt")" ] || fail "something was made in the tmpfs: $(ls -A "$mnt")"
[ -z "$(our_swaps)" ] || fail "swap areas left: $(our_swaps)"
[ -z "$(our_zrams)" ] || fail "zram devices left: $(our_zrams)"
[ "$(cgroups)" = "$cg_before" ] || fail "memory cgroups changed: $(cgroups)"
echo ok
