#!/bin/bash
# cpu-max-caps-the-workload - --cpu-max's box on a real kernel: a worker with two spinning
# threads runs once without a box (the control: what this machine gives it now) and once in
# the box with a quota of 0.5 CPU (build/tests/box-run, through probe/jobrun.c like every
# workload). Capped, its CPU time over wall time (the kernel's rusage of the reaped worker) is
# at most about half a CPU (and at least 0.3 where the control shows the machine had more to
# give), with a wide tolerance; the cgroup's quota reads 50000 per 100000 us and the kernel
# throttled it (cpu.stat nr_throttled > 0), and the box's record (what the report's
# results[].constraints gets) holds the cgroup's cpu.stat, read before it went; afterwards no
# cgroup of the run is left in any hierarchy. On cgroup v2 the quota is cpu.max in the
# workload's own cgroup, on v1 a companion cgroup in the cpu hierarchy.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN box-run
need_memcg
if [ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
	CPU=/sys/fs/cgroup/cpu
	[ -e $CPU/cpu.cfs_quota_us ] || CPU=/sys/fs/cgroup/cpu,cpuacct
	[ -e $CPU/cpu.cfs_quota_us ] || skip "cgroup v1 without a cpu hierarchy"
	V=1
else
	CPU=/sys/fs/cgroup
	grep -qw cpu $CPU/cgroup.controllers || skip "cgroup v2 without the cpu controller"
	V=2
fi
scratch_dir tmp

ratio() { awk -v c="$(kv cpu_s "$1")" -v w="$(kv wall_s "$1")" 'BEGIN { printf "%.3f", c / w }'; }

"$RUN" cpu 0 4 >"$tmp/control" || fail "control run: $(cat "$tmp/control")"
"$RUN" cpu 0.5 6 >"$tmp/capped" &
bg=$!
# the quota and the throttling, read from the cgroup while it runs
quota= throttled=0
for _ in $(seq 50); do
	pid=$(kv pid "$tmp/capped")
	[ -n "$pid" ] && [ -d "$CPU/swapplace-box-$pid" ] && break
	sleep 0.1
done
[ -n "$pid" ] || fail "box-run did not start"
cg=$CPU/swapplace-box-$pid
while kill -0 $bg 2>/dev/null; do
	if [ $V = 1 ]; then
		q=$(cat "$cg/cpu.cfs_quota_us" 2>/dev/null)/$(cat "$cg/cpu.cfs_period_us" 2>/dev/null)
	else
		q=$(tr ' ' / <"$cg/cpu.max" 2>/dev/null)
	fi
	t=$(sed -n 's/^nr_throttled //p' "$cg/cpu.stat" 2>/dev/null)
	[ "$q" != / ] && [ -n "$q" ] && quota=$q
	[ -n "$t" ] && throttled=$t
	sleep 0.5
done
wait $bg || fail "capped run: $(cat "$tmp/capped")"
cat "$tmp/capped"
c=$(ratio "$tmp/control")
r=$(ratio "$tmp/capped")
echo "control: $c CPUs; under --cpu-max 0.5: $r CPUs; quota $quota us, throttled $throttled periods"

[ "$(kv cpu_applied "$tmp/capped")" = 1 ] || fail "the box says the quota was not applied: $(kv cpu_reason "$tmp/capped")"
[ "$quota" = 50000/100000 ] || fail "the cgroup's quota read '$quota', not 50000/100000"
[ "$throttled" -gt 0 ] || fail "the kernel never throttled the capped worker"
# the record the report gets: cpu.stat read from the cgroup before it went
[ "$(kv measured "$tmp/capped")" = 1 ] || fail "the box recorded no cpu.stat of the workload"
[ "$(kv cpu_throttled_periods "$tmp/capped")" -ge "$throttled" ] ||
	fail "the box recorded $(kv cpu_throttled_periods "$tmp/capped") throttled periods, fewer than the $throttled seen while it ran"
[ "$(kv cpu_throttled_periods "$tmp/capped")" -le "$(kv cpu_periods "$tmp/capped")" ] ||
	fail "more throttled periods than periods"
awk -v r="$r" 'BEGIN { exit !(r <= 0.65) }' ||
	fail "under --cpu-max 0.5 the worker got $r CPUs, more than half of one"
# the lower bound only where the control shows the machine had more to give: on a machine
# busy with other work the throttling above is the proof that the quota, not the load, acted
if awk -v c="$c" 'BEGIN { exit !(c >= 0.8) }'; then
	awk -v r="$r" 'BEGIN { exit !(r >= 0.3) }' ||
		fail "under --cpu-max 0.5 the worker got only $r CPUs of the $c it could have had"
else
	echo "note: the machine is busy (the uncapped control got $c CPUs): lower bound not checked"
fi
for h in /sys/fs/cgroup/*/ /sys/fs/cgroup/; do
	[ -e "$h/swapplace-box-$pid" ] && fail "cgroup left behind: $h/swapplace-box-$pid"
done
echo "ok: --cpu-max 0.5 held the worker to $r CPUs (uncapped: $c); nothing left behind"
