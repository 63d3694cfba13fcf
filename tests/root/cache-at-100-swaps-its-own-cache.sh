#!/bin/bash
# cache-at-100-swaps-its-own-cache - the cache scenario (seed 002) with swap on a loop-device
# partition at the top priority: a 64 MiB budget (at 32 MiB the 100 % case's memcg reclaim gave
# up and the kernel OOM-killed the service, swap or not), other memory 40 % of it, the buffer pool at
# 50 %, 75 % and 100 % of it, the database in a file (misses read it with O_DIRECT). At 50 %
# pool and other memory fit: the pool stays in memory (mincore), nothing swaps it. At 100 % the
# service swaps its own cache: pool pages are out on swap, and swap-outs, direct reclaim scans
# (where the cgroup counts its own: v2 memory.stat; /proc/vmstat never counts a cgroup's limit
# reclaim) and the worker's major faults are higher than at 50 %; the trap finding names a pool size
# above 50 %. Every figure is a counter read during the run. Everything undone at exit.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN cache-run
need_memcg
need_no_other_swap
scratch_dir tmp
make_loop dev 512M
make_swap_partition part "$dev"
swap_on "$part"
# the database lives in a directory on this machine's disk, not in RAM
db=$(mktemp -d /var/tmp/swapplace-test.XXXXXX)
at_exit "rm -rf '$db'"

run_swapping "$tmp/out" '^case[0-9]_oom_killed=1' "$RUN" --budget-mib 64 --other-pct 40 \
	--pcts 50,75,100 --warmup 1 --duration 3 --timeout 50 --dir "$db"
cat "$tmp/out"
[ "$(wc -l </proc/swaps)" -le 2 ] || skip "another swap area appeared during the run"
f=$tmp/out
for i in 0 1 2; do
	[ "$(kv case${i}_status "$f")" = ok ] || fail "case $i: $(kv case${i}_status "$f"): $(kv case${i}_reason "$f")"
	[ "$(kv case${i}_mismatches "$f")" = 0 ] || fail "case $i: pages came back changed"
	[ "$(kv case${i}_ops "$f")" -gt 0 ] || fail "case $i: no op"
	[ "$(kv case${i}_has_swapped "$f")" = 1 ] || fail "case $i: mincore was not sampled"
done
[ "$(kv case0_misses "$f")" -gt 0 ] || fail "a 50 % pool never missed"
[ "$(kv case2_misses "$f")" = 0 ] || fail "a 100 % pool missed"
[ "$(kv case0_swaps_own_cache "$f")" = 0 ] ||
	fail "at 50 % the pool was swapped: $(kv case0_cache_swapped_bytes "$f") bytes out"
[ "$(kv case2_swaps_own_cache "$f")" = 1 ] ||
	fail "at 100 % the pool was not swapped: $(kv case2_cache_swapped_bytes "$f") bytes out"
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }
gt "$(kv case2_swapout_pages_per_s "$f")" "$(kv case0_swapout_pages_per_s "$f")" ||
	fail "swap-outs did not rise from 50 % to 100 %"
gt "$(kv case2_swapin_pages_per_s "$f")" "$(kv case0_swapin_pages_per_s "$f")" ||
	fail "swap-ins did not rise from 50 % to 100 %"
if [ "$(kv case2_pgscan_scope "$f")" = cgroup ]; then
	gt "$(kv case2_pgscan_direct "$f")" "$(kv case0_pgscan_direct "$f")" ||
		fail "pgscan_direct did not rise from 50 % to 100 %"
fi
gt "$(kv case2_major_faults "$f")" "$(kv case0_major_faults "$f")" ||
	fail "the service's major faults did not rise from 50 % to 100 %"
[ "$(kv trap_found "$f")" = 1 ] || fail "no trap found"
gt "$(kv trap_cache_pct "$f")" 50 || fail "the trap was placed at $(kv trap_cache_pct "$f") %"
echo "50 % / 75 % / 100 %: ops/s $(kv case0_ops_per_s "$f") / $(kv case1_ops_per_s "$f") / $(kv case2_ops_per_s "$f");" \
	"so pages/s $(kv case0_swapout_pages_per_s "$f") / $(kv case1_swapout_pages_per_s "$f") / $(kv case2_swapout_pages_per_s "$f");" \
	"pool out $(kv case0_cache_swapped_bytes "$f") / $(kv case1_cache_swapped_bytes "$f") / $(kv case2_cache_swapped_bytes "$f") bytes"
echo "ok: the service swaps its own cache from a $(kv trap_cache_pct "$f") % pool"
