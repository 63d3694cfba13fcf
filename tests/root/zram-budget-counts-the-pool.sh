#!/bin/bash
# zram-budget-counts-the-pool - the budget keeper on a real kernel: a workload of 1.2x a 64 MiB
# budget, text-like pages touched round and round, in a memory cgroup limited to the budget,
# swapping to a zram device of our own (build/tests/box-run, through probe/jobrun.c like every
# workload, in the box act/box.h makes for a zram placement). zram's compressed pool is not
# charged to the cgroup, so without the keeper the workload would hold the budget in the
# cgroup plus the whole pool beside it. Sampled here every 50 ms, independently of the keeper:
# the cgroup's usage plus the pool (mm_stat mem_used_total) never exceeds the budget by more
# than a small slack (SLACK_MIB: how far the limit lags the pool); the cgroup's limit was seen
# lowered below the budget, and the keeper's own record agrees. The cgroup is gone afterwards.
# On cgroup v2 the same keeper writes memory.max, and the samples read memory.current.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN box-run
need_memcg
need_no_other_swap
scratch_dir tmp

BUDGET_MIB=64
# v1 sets a lowered limit only once reclaim got the usage under it, and this workload faults
# its pages back about as fast as one reclaimer pushes them out: the limit lags the pool by a
# few MiB (measured here: 4 to 8 MiB over at the worst sample; without the keeper, ~25 MiB)
SLACK_MIB=12
if [ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
	MEM=/sys/fs/cgroup/memory USAGE=memory.usage_in_bytes LIMIT=memory.limit_in_bytes
else
	MEM=/sys/fs/cgroup USAGE=memory.current LIMIT=memory.max
fi

alg=lzo-rle
grep -qw lzo-rle /sys/block/zram0/comp_algorithm 2>/dev/null || alg=lzo
make_zram_swap z 512M "$alg"
MM=/sys/block/${z#/dev/}/mm_stat

: >"$tmp/out"
"$RUN" zram $BUDGET_MIB "$z" 8 120 >"$tmp/out" 2>"$tmp/err" &
bg=$!
for _ in $(seq 50); do
	pid=$(kv pid "$tmp/out")
	[ -n "$pid" ] && [ -d "$MEM/swapplace-box-$pid" ] && break
	sleep 0.1
done
[ -n "$pid" ] || fail "box-run did not start: $(cat "$tmp/err")"
cg=$MEM/swapplace-box-$pid
budget=$((BUDGET_MIB << 20))
over=0 minlimit=$budget n=0 poolmax=0
while kill -0 $bg 2>/dev/null; do
	u=$(cat "$cg/$USAGE" 2>/dev/null) || break
	l=$(cat "$cg/$LIMIT" 2>/dev/null) || break
	p=$(awk '{print $3}' "$MM")
	[ -n "$u" ] && [ -n "$p" ] || break
	n=$((n + 1))
	echo "$(date +%S.%N | cut -c1-6) u=$((u >> 20)) l=$((l >> 20)) p=$((p >> 20)) sum=$(((u + p) >> 20))" >>"$tmp/series"
	[ $((u + p - budget)) -gt $over ] && over=$((u + p - budget))
	[ "$l" != max ] && [ "$l" -lt $minlimit ] && minlimit=$l
	[ "$p" -gt $poolmax ] && poolmax=$p
	sleep 0.05
done
wait $bg || fail "box-run: $(cat "$tmp/err") $(cat "$tmp/out")"
cat "$tmp/out"
echo "sampled $n times: usage + pool at most $((over >> 10)) KiB over the $BUDGET_MIB MiB budget;" \
	"limit down to $((minlimit >> 20)) MiB; pool up to $((poolmax >> 20)) MiB"

[ "$(kv oom_killed "$tmp/out")" = 0 ] ||
	skip "the workload was OOM-killed although swap was on (v1 limit reclaim gives up under load)"
[ "$(kv exit_code "$tmp/out")" = 0 ] || fail "the workload failed: exit $(kv exit_code "$tmp/out")"
[ "$n" -ge 20 ] || fail "only $n samples: the run was too short to tell"
[ "$(kv pswpout "$tmp/out")" -gt 0 ] || fail "nothing was swapped out: the workload fit"
[ "$poolmax" -gt $((4 << 20)) ] || fail "the zram pool never grew past 4 MiB: nothing to keep"
[ "$minlimit" -lt "$budget" ] || fail "the cgroup's limit was never lowered below the budget"
if [ $over -gt $((SLACK_MIB << 20)) ]; then
	echo "--- the samples (MiB: usage, limit, pool, usage + pool)"; cat "$tmp/series"
	fail "usage + pool exceeded the budget by $((over >> 20)) MiB (slack $SLACK_MIB MiB)"
fi
[ "$(kv budget_kept "$tmp/out")" = 1 ] || fail "the keeper says it kept nothing"
[ "$(kv limit_bytes_start "$tmp/out")" = "$budget" ] || fail "the keeper's budget is not the limit"
[ "$(kv limit_bytes_min "$tmp/out")" -lt "$budget" ] || fail "the keeper's lowest limit is the budget"
[ "$(kv zram_pool_peak_bytes "$tmp/out")" -gt 0 ] || fail "the keeper saw no pool"
[ -e "$cg" ] && fail "cgroup left behind: $cg"
echo "ok: the zram pool counted against the budget (limit lowered to $((minlimit >> 20)) MiB)"
