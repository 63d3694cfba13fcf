#!/bin/bash
# memcg-create-destroy-leaves-nothing - a swapplace memory cgroup holding a live process is
# removed on each teardown path: sp_memcg_destroy(), a plain exit (the undo list's atexit
# hook) and SIGTERM (the signal flag, then the undo list). Each time the process inside must
# have been SIGKILLed and no swapplace* cgroup may remain.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
CTL=$TOP/build/tests/memcg-ctl
[ -x "$CTL" ] || skip "build/tests/memcg-ctl not built (make tests)"
if [ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
	ver=1
elif grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null ||
	grep -qw memory /sys/fs/cgroup/unified/cgroup.controllers 2>/dev/null; then
	ver=2
else
	skip "no memory cgroup controller"
fi
leftovers() { ls -d /sys/fs/cgroup/memory/swapplace* /sys/fs/cgroup/swapplace* /sys/fs/cgroup/unified/swapplace* 2>/dev/null; }
before=$(leftovers)
scratch_dir tmp

for mode in destroy leave wait; do
	sleep 300 &
	sp=$!
	at_exit "kill -9 $sp"
	if [ $mode = wait ]; then
		"$CTL" wait $sp >"$tmp/out" 2>"$tmp/err" &
		ctl=$!
		at_exit "kill $ctl"
		for _ in $(seq 100); do grep -q '^waiting=1' "$tmp/out" && break; sleep 0.05; done
		grep -q '^waiting=1' "$tmp/out" || fail "memcg-ctl wait did not start: $(cat "$tmp/err")"
		path=$(sed -n 's/^path=//p' "$tmp/out")
		[ -d "$path" ] || fail "$path does not exist while it is in use"
		grep -qx "$sp" "$path/cgroup.procs" || fail "pid $sp is not in $path/cgroup.procs"
		kill -TERM $ctl
		wait $ctl || fail "memcg-ctl wait exited $?"
	else
		"$CTL" $mode $sp >"$tmp/out" 2>"$tmp/err" || fail "memcg-ctl $mode: $(cat "$tmp/err")"
		path=$(sed -n 's/^path=//p' "$tmp/out")
	fi
	grep -qx "version=$ver" "$tmp/out" || fail "$mode: expected cgroup v$ver: $(cat "$tmp/out")"
	case $path in */swapplace-test-[0-9]*) ;; *) fail "$mode: unexpected cgroup name '$path'" ;; esac
	[ -e "$path" ] && fail "$mode: $path is still there"
	# the sleeper must have died of SIGKILL (137), not lived on outside the cgroup
	wait $sp
	rc=$?
	[ $rc = 137 ] || fail "$mode: the process in the cgroup exited $rc, expected SIGKILL (137)"
	[ "$(leftovers)" = "$before" ] || fail "$mode: cgroups left behind: $(leftovers)"
	echo "$mode: $path removed, its task SIGKILLed"
done
echo "ok: no swapplace cgroup left"
