#!/bin/bash
# service-spike-with-swap-loses-no-request - the seed's other half: with a swap partition (a
# loop device at the top priority) the same spike pushes pages out instead of getting a
# process killed: every request sent is served, nothing is OOM-killed, and the counters show
# the swap it took (pswpout rose during the load, the cgroup held swap).
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN service-run
need_memcg
need_no_other_swap
make_loop dev 512M
swap_on "$dev"
scratch_dir tmp
o=$tmp/out
run_swapping "$o" '^spike\.oom_kills=[1-9]' "$RUN" --limit-mib 64 --swap 1 --load 5 --top 1 \
	--timeout 5 --start-wait 20 spike
cat "$o"
[ "$(tail -n +2 /proc/swaps | wc -l)" = 1 ] || skip "another swap area appeared during the run"
[ "$(kv spike.spike_ran "$o")" = 1 ] || fail "the spike job never started"
[ "$(kv spike.spike_exit "$o")" = 0 ] || fail "the spike job did not finish happily"
[ "$(kv spike.sent "$o")" = 200 ] || fail "sent $(kv spike.sent "$o"), not 200"
[ "$(kv spike.failed "$o")" = 0 ] || fail "$(kv spike.failed "$o") requests failed with swap"
[ "$(kv spike.served "$o")" = 200 ] || fail "served $(kv spike.served "$o") of 200"
[ "$(kv spike.oom_kills "$o")" = 0 ] || fail "OOM-killed with swap: $(kv spike.oom_victims "$o")"
[ "$(kv spike.restarts "$o")" = 0 ] || fail "the service restarted"
[ "$(kv spike.pswpout "$o")" -gt 0 ] || fail "pswpout did not rise: the spike did not push anything out"
sw=$(kv spike.swap_used_bytes "$o")
[ "$sw" = na ] || [ "$sw" -gt 0 ] || fail "the cgroup held no swap"
echo "ok: with swap the spike lost no request (p95 $(kv spike.p95_ms "$o") ms, $(kv spike.pswpout "$o") pages swapped out, peak swap $sw bytes)"
