#!/bin/bash
# cache-at-100-swaps-its-own-cache - the cache scenario (seed 002) with swap on a loop-device
# partition at the top priority: a 64 MiB budget (at 32 MiB the 100 % case's memcg reclaim gave
# up and the kernel OOM-killed the service, swap or not), other memory 40 % of it, the buffer pool at
# 50 %, 75 % and 100 % of it, the database in a file (misses read it with O_DIRECT). At 50 %
# pool and other memory fit: the pool stays in memory (mincore), nothing swaps it. At 100 % the
# service swaps its own cache: pool pages are out on swap, and swap-outs, direct reclaim scans
# (where the cgroup counts its own: v2 memory.stat; /proc/vmstat never counts a cgroup's limit
# reclaim) and the worker's major faults are higher than at 50 %; the trap finding names a pool size
# above 50 %. Eight client threads (the seed's sysbench) send each request through one of four
# worker processes (the seed's PHP-FPM children) to the database: which memory went out is each
# process's own VmSwap (evicted pool/other): at 100 % the pool's is above 1 % of it, at 50 %
# neither's; the swappiness recorded is the one in force; on cgroup v1 pgscan and allocstall are
# not available (na), never the machine's. Run at vm.page-cluster 0, as `run` runs the cache.
# Every figure is a counter read during the run. Everything undone at exit.
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
pc=$(cat /proc/sys/vm/page-cluster)
at_exit "echo $pc >/proc/sys/vm/page-cluster"
echo 0 >/proc/sys/vm/page-cluster

# the 75 % case, 12 MiB over the limit, may be OOM-killed on cgroup v1 with swap free (its
# refaults all activated, the inactive list empty: docs/method.md, "The cache and cgroup v1's OOM
# kills"): a result, as `run` keeps it; 50 % and 100 % must run
run_swapping "$tmp/out" '^case[02]_oom_killed=1' "$RUN" --budget-mib 64 --other-pct 40 \
	--pcts 50,75,100 --warmup 1 --duration 3 --timeout 50 --dir "$db"
cat "$tmp/out"
[ "$(wc -l </proc/swaps)" -le 2 ] || skip "another swap area appeared during the run"
f=$tmp/out
for i in 0 1 2; do
	if [ $i = 1 ] && [ "$(kv case1_oom_killed "$f")" = 1 ]; then
		echo "the 75 % case was OOM-killed with swap on: $(kv case1_reason "$f")"
		continue
	fi
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
[ "$(kv threads "$f")" = 8 ] || fail "the cache ran $(kv threads "$f") client threads, not 8"
# which memory went out: each process's own swap use
[ "$(kv case2_evicted_pool_bytes "$f")" != na ] || fail "VmSwap was not read"
gt "$(kv case2_evicted_pool_bytes "$f")" "$(($(kv case2_cache_bytes "$f") / 100))" ||
	fail "at 100 % the database process had $(kv case2_evicted_pool_bytes "$f") bytes out"
for w in pool:cache other:other; do
	[ "$(kv case0_evicted_${w%:*}_bytes "$f")" -le "$(($(kv case0_${w#*:}_bytes "$f") / 100))" ] ||
		fail "at 50 % (all fits) $(kv case0_evicted_${w%:*}_bytes "$f") bytes of the ${w%:*} out"
done
sw=$(cat /proc/sys/vm/swappiness)
for i in 0 2; do
	[ "$(kv case${i}_swappiness "$f")" = "$sw" ] ||
		fail "case $i recorded swappiness $(kv case${i}_swappiness "$f"), vm.swappiness is $sw"
done
if [ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
	for k in pgscan_direct allocstall; do
		[ "$(kv case2_$k "$f")" = na ] || fail "on cgroup v1 $k is $(kv case2_$k "$f"), not na"
	done
fi
echo "50 % / 75 % / 100 %: ops/s $(kv case0_ops_per_s "$f") / $(kv case1_ops_per_s "$f") / $(kv case2_ops_per_s "$f");" \
	"so pages/s $(kv case0_swapout_pages_per_s "$f") / $(kv case1_swapout_pages_per_s "$f") / $(kv case2_swapout_pages_per_s "$f");" \
	"pool out $(kv case0_cache_swapped_bytes "$f") / $(kv case1_cache_swapped_bytes "$f") / $(kv case2_cache_swapped_bytes "$f") bytes"
echo "out on swap (VmSwap), pool / other: 50 % $(kv case0_evicted_pool_bytes "$f") / $(kv case0_evicted_other_bytes "$f")," \
	"75 % $(kv case1_evicted_pool_bytes "$f") / $(kv case1_evicted_other_bytes "$f"), 100 % $(kv case2_evicted_pool_bytes "$f") / $(kv case2_evicted_other_bytes "$f") bytes"
echo "ok: the service swaps its own cache from a $(kv trap_cache_pct "$f") % pool"
