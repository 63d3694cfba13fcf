#!/bin/bash
# pressure-with-swap-survives - the same 120 % workload that is OOM-killed without swap
# survives when swap is allowed and a swap area exists: a zram device of our own (lz4), made
# with hot_add, mkswap and swapon at top priority, and removed at exit (swapoff, reset,
# hot_remove; only the device this test created is touched). Asserts touches > 0, no OOM kill,
# swap really used (major faults or cgroup swap usage > 0) and our zram device written to.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN pressure-run
need_memcg
scratch_dir tmp
make_zram_swap dev 256M lz4
z=/sys/block/${dev#/dev/}

"$RUN" --limit-mib 64 --over 1.2 --hot 0.5 --time 3 --swap 1 >"$tmp/out" 2>"$tmp/err" ||
	fail "pressure-run failed: $(cat "$tmp/err") $(cat "$tmp/out")"
cat "$tmp/out"
writes=$(awk '{print $5}' "$z/stat")
echo "$dev writes completed: $writes"
[ "$(kv rc "$tmp/out")" = 0 ] || fail "rc is not 0"
[ "$(kv done "$tmp/out")" = 1 ] || fail "done is not 1"
[ "$(kv oom_killed "$tmp/out")" = 0 ] || fail "OOM-killed although swap was available"
[ "$(kv touches "$tmp/out")" -gt 0 ] || fail "no touches"
[ "$(kv major_faults "$tmp/out")" -gt 0 ] || [ "$(kv swap_used_bytes "$tmp/out")" -gt 0 ] ||
	fail "neither major faults nor swap usage: the workload did not swap"
[ "$writes" -gt 0 ] || fail "nothing was written to $dev"
echo "ok: survived with zram swap"
