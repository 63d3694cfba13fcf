#!/bin/bash
# zram-budget-counts-the-pool - the budget keeper on a real kernel: a workload of 2x a 64 MiB
# budget, pages half text, verified round and round, in a memory cgroup limited to the budget,
# swapping to a zram device of our own (build/tests/box-run, through probe/jobrun.c like every
# workload, in the box act/caps.h makes for a zram placement). zram's compressed pool is not
# charged to the cgroup, so without the keeper the workload would hold the budget in the
# cgroup plus the whole pool beside it. Sampled here every 50 ms, independently of the keeper:
# once the keeper has caught up with the workload's initial fill (SETTLE_MS), the cgroup's usage
# plus the pool (mm_stat mem_used_total) never exceeds the budget by more than a small slack;
# the burst before is reported and must be in the keeper's own record; the cgroup's limit was
# seen lowered below the budget, and the keeper's record agrees. The cgroup is gone afterwards.
# On cgroup v2 the same keeper writes memory.max, and the samples read memory.current.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN box-run
need_memcg
need_no_other_swap
scratch_dir tmp

BUDGET_MIB=64
# Steady state: usage + pool within SLACK_MIB of the budget (the limit moves in whole MiB and
# the pool by the keeper's poll). The burst: while the workload fills its 128 MiB at memory
# speed the pool grows faster than a limit write can reclaim down (v1 sets a lower limit only
# once the usage is under it), so for SETTLE_MS after the pool appears the excess is only
# reported (measured here: 20-25 MiB at the peak, for about half a second); the keeper's own
# over_budget_peak_bytes must have seen it too. Without the keeper the steady state is the
# budget plus the whole pool (~45 MiB over here).
SLACK_MIB=3
SETTLE_MS=1500
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
"$RUN" zram $BUDGET_MIB "$z" 8 200 >"$tmp/out" 2>"$tmp/err" &
bg=$!
for _ in $(seq 50); do
	pid=$(kv pid "$tmp/out")
	[ -n "$pid" ] && [ -d "$MEM/swapplace-box-$pid" ] && break
	sleep 0.1
done
[ -n "$pid" ] || fail "box-run did not start: $(cat "$tmp/err")"
cg=$MEM/swapplace-box-$pid
budget=$((BUDGET_MIB << 20))
over=0 burst=0 minlimit=$budget n=0 poolmax=0 since=
while kill -0 $bg 2>/dev/null; do
	u=$(cat "$cg/$USAGE" 2>/dev/null) || break
	l=$(cat "$cg/$LIMIT" 2>/dev/null) || break
	p=$(awk '{print $3}' "$MM")
	[ -n "$u" ] && [ -n "$p" ] || break
	n=$((n + 1))
	echo "$(date +%S.%N | cut -c1-6) u=$((u >> 20)) l=$((l >> 20)) p=$((p >> 20)) sum=$(((u + p) >> 20))" >>"$tmp/series"
	# the burst: from the pool's first MiB, SETTLE_S for the keeper to catch up with a fill
	# at memory speed; after it, the steady state
	now=$(date +%s%N)
	[ -z "$since" ] && [ "$p" -gt $((1 << 20)) ] && since=$now
	if [ -n "$since" ] && [ $((now - since)) -lt $((SETTLE_MS * 1000000)) ]; then
		[ $((u + p - budget)) -gt $burst ] && burst=$((u + p - budget))
	else
		[ $((u + p - budget)) -gt $over ] && over=$((u + p - budget))
	fi
	[ "$l" != max ] && [ "$l" -lt $minlimit ] && minlimit=$l
	[ "$p" -gt $poolmax ] && poolmax=$p
	sleep 0.05
done
wait $bg || fail "box-run: $(cat "$tmp/err") $(cat "$tmp/out")"
cat "$tmp/out"
echo "sampled $n times: usage + pool at most $((over >> 10)) KiB over the $BUDGET_MIB MiB budget" \
	"in the steady state, $((burst >> 10)) KiB during the burst; limit down to" \
	"$((minlimit >> 20)) MiB; pool up to $((poolmax >> 20)) MiB"

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
# the keeper records the burst it could not prevent, at least as large as a sample here saw
# of it (give or take the MiB the two reads of one sample can be apart)
[ "$(kv over_budget_peak_bytes "$tmp/out")" -ge $((burst - (2 << 20))) ] ||
	fail "the keeper recorded a burst of $(kv over_budget_peak_bytes "$tmp/out") B, a sample saw $burst B"
[ -e "$cg" ] && fail "cgroup left behind: $cg"
echo "ok: the zram pool counted against the budget (limit lowered to $((minlimit >> 20)) MiB)"
