#!/bin/bash
# service-spike-without-swap-names-the-oom-victim - the seed's small-server failure: with swap
# forbidden, the spike job's burst takes the cgroup over its limit and the kernel OOM-kills a
# process; the case records the kill from the cgroup's own oom_kill counter and names each
# victim (the service or the spike job), a killed service is restarted, and requests fail.
# The control proves the count is not always set: fits, without swap too, kills nothing and
# loses no request.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN service-run
need_memcg
# without swap accounting (v1 memsw / v2 swap.max) only "no swap at all" makes the kill certain
if [ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
	swap_acct=/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes
else
	swap_acct=$(ls /sys/fs/cgroup/*/memory.swap.max 2>/dev/null | head -n 1)
fi
if [ "$(tail -n +2 /proc/swaps | wc -l)" -gt 0 ] && [ ! -e "${swap_acct:-/nonexistent}" ]; then
	skip "swap is active and the kernel has no swap accounting to forbid it"
fi
scratch_dir tmp
o=$tmp/out
"$RUN" --limit-mib 64 --swap 0 --load 5 --top 1 --timeout 3 --start-wait 10 fits spike >"$o" 2>"$tmp/err" ||
	fail "service-run failed: $(cat "$tmp/err") $(cat "$o")"
cat "$o"
[ "$(kv fits.oom_kills "$o")" = 0 ] || fail "fits was OOM-killed: the control is broken"
[ "$(kv fits.failed "$o")" = 0 ] || fail "fits lost requests"
[ "$(kv fits.served "$o")" = "$(kv fits.sent "$o")" ] || fail "fits did not serve every request"
[ "$(kv spike.has_oom_counter "$o")" = 1 ] || skip "the cgroup's oom_kill counter is not readable"
kills=$(kv spike.oom_kills "$o")
[ "$kills" -ge 1 ] || fail "the spike without swap killed nothing"
victims=$(kv spike.oom_victims "$o")
[ -n "$victims" ] || fail "no victim named"
n=0
for v in ${victims//,/ }; do
	case $v in sp-service | sp-spike) ;; *) fail "victim '$v' is neither the service nor the spike job" ;; esac
	n=$((n + 1))
done
[ "$n" = "$kills" ] || [ "$n" = 32 ] || fail "$kills kills but $n victims named"
if [[ ,$victims, == *,sp-service,* ]]; then
	[ "$(kv spike.failed "$o")" -gt 0 ] || fail "the service was killed but no request failed"
	[ "$(kv spike.restarts "$o")" -ge 1 ] || fail "the killed service was not restarted"
fi
if [[ ,$victims, == *,sp-spike,* ]]; then
	[ "$(kv spike.spike_killed "$o")" = 1 ] || fail "sp-spike named but the spike job was not killed"
else
	[ "$(kv spike.spike_exit "$o")" = 0 ] || fail "the spike job neither was killed nor finished"
fi
echo "ok: without swap the spike made $kills OOM kill(s) ($victims), $(kv spike.failed "$o") of $(kv spike.sent "$o") requests failed, $(kv spike.restarts "$o") restart(s)"
