#!/bin/bash
# run-killed-takes-its-workers-with-it - a worker never outlives its controller: SIGKILL
# `swapplace run` while its --job runs (the job's shell is the worker, as nobody, in its own
# mount namespace) and the worker is gone within 2 s (PR_SET_PDEATHSIG, set again after the
# uid change that clears it). What the job itself started (a `sleep` child of the worker) is
# not a worker: it lives on in the job's memory cgroup until `swapplace cleanup` removes that
# cgroup, which kills it; after the cleanup the machine is as it was.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-journal.sh"
need_sweep
id nobody >/dev/null 2>&1 || skip "no user 'nobody'"
make_loop dev 1G
scratch_dir out
chmod 755 "$out"
size=$(blockdev --getsize64 "$dev")
mkdir "$out/o"
chown nobody "$out/o"
before=$(machine_state)
# whatever way this test ends, what the killed run left is undone (a second cleanup does nothing)
at_exit "'$SWAPPLACE' cleanup '$out/r/journal'"

"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 32M \
	--time-per-placement 1 --profile-time 0 --only ram --job-user nobody \
	--job "echo \$\$ >$out/o/sh; sleep 120 & echo \$! >$out/o/sleep; wait" \
	--out "$out/r" >/dev/null 2>"$out/err" &
pid=$!
for _ in $(seq 600); do
	[ -s "$out/o/sleep" ] && break
	kill -0 "$pid" 2>/dev/null || { cat "$out/err"; fail "the run ended before its job ran"; }
	sleep 0.1
done
[ -s "$out/o/sleep" ] || fail "the job did not start within 60 s"
sh_pid=$(cat "$out/o/sh") sleep_pid=$(cat "$out/o/sleep")
workers=$(pgrep -P "$pid" | tr '\n' ' ')
echo "controller $pid, its workers: $workers; the job's shell $sh_pid, its sleep $sleep_pid"
case " $workers " in *" $sh_pid "*) ;; *) fail "the job's shell is not the controller's worker" ;; esac

kill -9 "$pid"
wait "$pid" 2>/dev/null
t0=$(date +%s%3N)
gone=0
for _ in $(seq 20); do
	alive=0
	for w in $workers; do
		# a zombie is dead: its parent (init or a subreaper) reaps it
		st=$(awk '{print $3}' "/proc/$w/stat" 2>/dev/null)
		[ -n "$st" ] && [ "$st" != Z ] && alive=1
	done
	[ "$alive" = 0 ] && { gone=1; break; }
	sleep 0.1
done
echo "workers gone after $(($(date +%s%3N) - t0)) ms"
[ "$gone" = 1 ] || fail "a worker outlived its controller by 2 s: $workers"
kill -0 "$sleep_pid" 2>/dev/null && echo "the job's own sleep lives on until the cleanup"

"$SWAPPLACE" cleanup "$out/r/journal" >"$out/clean" 2>&1 || { cat "$out/clean"; fail "cleanup failed"; }
cat "$out/clean"
for _ in $(seq 20); do kill -0 "$sleep_pid" 2>/dev/null || break; sleep 0.1; done
! kill -0 "$sleep_pid" 2>/dev/null || fail "the job's sleep outlived the cleanup"
expect_machine_as "$before" "after the kill and the cleanup"
echo ok
