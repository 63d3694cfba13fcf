#!/bin/bash
# pressure-with-swap-survives - the same 120 % workload that is OOM-killed without swap
# survives when swap is allowed and a swap area exists: a zram device of our own (lz4), made
# with hot_add, mkswap and swapon at top priority, and removed at exit (swapoff, reset,
# hot_remove; only the device this test created is touched). Asserts touches > 0, no OOM kill,
# swap really used (major faults or cgroup swap usage > 0) and our zram device written to.
. "$(dirname "$0")/lib.sh"
need_root
need_cmd mkswap
need_cmd swapon
RUN=$TOP/build/tests/pressure-run
[ -x "$RUN" ] || skip "build/tests/pressure-run not built (make tests)"
[ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ] ||
	grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null ||
	skip "no memory cgroup controller (v1, or v2 at /sys/fs/cgroup)"
[ -w /sys/class/zram-control/hot_add ] || skip "no zram-control (zram module not loaded)"
scratch_dir tmp
val() { sed -n "s/^$1=//p" "$2"; }

id=$(cat /sys/class/zram-control/hot_add) || skip "zram hot_add failed"
z=/sys/block/zram$id
at_exit "echo $id > /sys/class/zram-control/hot_remove"
at_exit "echo 1 > $z/reset"
grep -qw lz4 $z/comp_algorithm || skip "zram has no lz4"
echo lz4 >$z/comp_algorithm || fail "cannot set lz4 on zram$id"
echo $((256 << 20)) >$z/disksize || fail "cannot size zram$id"
mkswap /dev/zram$id >/dev/null || fail "mkswap /dev/zram$id"
swapon -p 32767 /dev/zram$id || fail "swapon /dev/zram$id"
at_exit "swapoff /dev/zram$id"

"$RUN" --limit-mib 64 --over 1.2 --hot 0.5 --time 3 --swap 1 >"$tmp/out" 2>"$tmp/err" ||
	fail "pressure-run failed: $(cat "$tmp/err") $(cat "$tmp/out")"
cat "$tmp/out"
writes=$(awk '{print $5}' $z/stat)
echo "zram$id writes completed: $writes"
[ "$(val rc "$tmp/out")" = 0 ] || fail "rc is not 0"
[ "$(val done "$tmp/out")" = 1 ] || fail "done is not 1"
[ "$(val oom_killed "$tmp/out")" = 0 ] || fail "OOM-killed although swap was available"
[ "$(val touches "$tmp/out")" -gt 0 ] || fail "no touches"
[ "$(val major_faults "$tmp/out")" -gt 0 ] || [ "$(val swap_used_bytes "$tmp/out")" -gt 0 ] ||
	fail "neither major faults nor swap usage: the workload did not swap"
[ "$writes" -gt 0 ] || fail "nothing was written to zram$id"
echo "ok: survived with zram swap"
