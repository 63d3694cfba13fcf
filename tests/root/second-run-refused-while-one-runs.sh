#!/bin/bash
# One run at a time: while a run goes, a second run (on another disk) and a measure are refused
# with exit 3 and a message naming the first one's pid, and the second disk is not written.
# Once the first is killed with SIGKILL (while its probe's worker processes run), the lock is
# free again, but a measure is refused beside the killed run's leftovers, naming its journal
# and `swapplace cleanup`; after the cleanup a measure runs to its end.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-journal.sh"
need_root
need_memcg
others_quiet
[ "$(wc -l </proc/swaps)" -le 1 ] || skip "other swap is active"
t0=$SECONDS
make_loop dev 1G
make_loop dev2 1G
scratch_dir out
size=$(blockdev --getsize64 "$dev")
size2=$(blockdev --getsize64 "$dev2")
J=$out/r/journal
before=$(machine_state)
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 32M \
	--time-per-placement 20 --profile-time 0 --scenario none --only start \
	--out "$out/r" >"$out/stdout" 2>"$out/stderr" &
pid=$!
at_exit "kill -9 $pid"
at_exit "'$SWAPPLACE' cleanup '$J'"
wait_journal "$J" "^[0-9]+ cgroup " || { cat "$out/stderr"; fail "the run never made its cgroup"; }

sum2=$(region_sum "$dev2")
rc=0
"$SWAPPLACE" run --target "$dev2" --confirm "$size2" --swap-size 128M --budget 32M \
	--profile-time 0 --only start --out "$out/r2" >/dev/null 2>"$out/err2" || rc=$?
cat "$out/err2"
[ "$rc" = 3 ] || fail "a second run: expected exit 3, got $rc"
grep -q "another swapplace run is active (pid $pid, swapplace run started at" "$out/err2" ||
	fail "the refusal does not name the first run"
[ "$(region_sum "$dev2")" = "$sum2" ] || fail "the refused run wrote on '$dev2'"
[ ! -e "$out/r2/journal" ] || fail "the refused run began a journal"

rc=0
"$SWAPPLACE" measure --scenario none --time-per-placement 1 --budget 16M >/dev/null \
	2>"$out/errm" || rc=$?
cat "$out/errm"
[ "$rc" = 3 ] && grep -q "another swapplace run is active (pid $pid" "$out/errm" ||
	fail "a measure while a run goes: exit $rc"

kill -0 "$pid" 2>/dev/null || fail "the first run ended by itself: the test proves nothing"
kill -9 "$pid"
wait "$pid" 2>/dev/null
# the lock is free, but the killed run's swap and cgroup are still there: a measure beside
# them is refused, naming the journal and cleanup (not "another run is active")
rc=0
"$SWAPPLACE" measure --scenario none --time-per-placement 1 --budget 16M >"$out/m.out" \
	2>"$out/m.err" || rc=$?
cat "$out/m.err"
[ "$rc" = 3 ] || fail "a measure beside the killed run's leftovers: exit $rc (want 3)"
grep -q "another swapplace run is active" "$out/m.err" && fail "the lock is stuck after the kill"
grep -q "did not finish: its journal '.*journal-$pid'.*'swapplace cleanup'" "$out/m.err" ||
	fail "the refusal does not name the journal and swapplace cleanup"
"$SWAPPLACE" cleanup "$J" || fail "cleanup after the killed run"
expect_machine_as "$before" "after the cleanup"
rc=0
"$SWAPPLACE" measure --scenario none --time-per-placement 1 --budget 16M >"$out/m.out" \
	2>"$out/m.err" || rc=$?
[ "$rc" = 0 ] || { cat "$out/m.err"; fail "a measure after the cleanup: exit $rc (lock stuck?)"; }
expect_machine_as "$before" "after the measure"
echo "ok ($((SECONDS - t0)) s)"
