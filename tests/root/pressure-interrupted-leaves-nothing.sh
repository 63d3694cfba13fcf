#!/bin/bash
# pressure-interrupted-leaves-nothing - SIGINT during the touch phase stops the probe within
# a second: the workload is killed, the probe returns -EINTR (rc=-4), and its cgroup is gone.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN pressure-run
need_memcg
scratch_dir tmp
"$RUN" --limit-mib 32 --over 0.5 --time 60 --swap 0 >"$tmp/out" 2>&1 &
p=$!
at_exit "kill -9 $p"
cg=""
for _ in $(seq 100); do
	cg=$(ls -d /sys/fs/cgroup/memory/swapplace-pressure-$p /sys/fs/cgroup/swapplace-pressure-$p 2>/dev/null)
	[ -n "$cg" ] && [ -n "$(cat "$cg/cgroup.procs" 2>/dev/null)" ] && break
	sleep 0.05
done
[ -n "$cg" ] || fail "the probe's cgroup never appeared"
child=$(head -n 1 "$cg/cgroup.procs")
[ -n "$child" ] || fail "no workload in $cg"
sleep 0.5
start=$(date +%s%N)
kill -INT $p
wait $p
took_ms=$((($(date +%s%N) - start) / 1000000))
cat "$tmp/out"
grep -qx 'rc=-4' "$tmp/out" || fail "expected rc=-4 (EINTR)"
[ $took_ms -lt 2000 ] || fail "took ${took_ms} ms to stop"
[ -e "$cg" ] && fail "$cg left behind"
kill -0 "$child" 2>/dev/null && fail "workload $child still alive"
echo "ok: stopped in ${took_ms} ms, $cg removed"
