#!/bin/bash
# userjob-reports-success-failure-and-timeout - the user's own job (--job) under a 64 MiB
# memory cgroup: a job that succeeds runs in its directory and is ok with exit_code 0, its
# children's writes counted (/proc/<sh>/io includes what sh waited for); a job that exits 3 is
# failed, says "exit status 3" and carries the tail of its stdout+stderr (the last 20 lines
# of 30); a job that sleeps past its 2 s timeout is killed with its whole process group (the
# background sleep too) and reported timed out.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN buildjob-run
need_memcg
scratch_dir tmp
mkdir "$tmp/job"

"$RUN" --dir "$tmp/job" --budget-mib 64 --timeout 30 \
	--job 'echo built > out.txt && dd if=/dev/zero of=big bs=1M count=8 conv=fsync status=none' \
	>"$tmp/ok" 2>"$tmp/err" || fail "buildjob-run --job failed: $(cat "$tmp/err") $(cat "$tmp/ok")"
cat "$tmp/ok"
[ "$(kv status "$tmp/ok")" = ok ] || fail "the successful job is not ok: $(kv reason "$tmp/ok")"
[ "$(kv exit_code "$tmp/ok")" = 0 ] || fail "exit_code is not 0"
[ "$(cat "$tmp/job/out.txt" 2>/dev/null)" = built ] || fail "the job did not run in its directory"
[ "$(kv file_written_bytes "$tmp/ok")" -ge $((8 << 20)) ] || fail "dd's 8 MiB not counted as written"

"$RUN" --dir "$tmp/job" --budget-mib 64 --timeout 30 \
	--job 'for i in $(seq 1 29); do echo "line $i"; done; echo "oops: no such thing" >&2; exit 3' \
	>"$tmp/bad" 2>"$tmp/err" || fail "buildjob-run --job failed: $(cat "$tmp/err") $(cat "$tmp/bad")"
cat "$tmp/bad"
[ "$(kv status "$tmp/bad")" = failed ] || fail "exit 3 is not failed"
[ "$(kv exit_code "$tmp/bad")" = 3 ] || fail "exit_code is not 3"
[ "$(kv timed_out "$tmp/bad")" = 0 ] || fail "exit 3 reported as a timeout"
kv reason "$tmp/bad" | grep -q 'exit status 3; output ends: oops: no such thing' ||
	fail "reason does not give the exit status and the last line"
[ "$(grep -c '^tail: ' "$tmp/bad")" = 20 ] || fail "the tail is not the last 20 lines"
grep -q '^tail: line 11$' "$tmp/bad" || fail "line 11 missing from the tail"
! grep -q '^tail: line 10$' "$tmp/bad" || fail "line 10 is older than the last 20 lines"

mark="$((300 + RANDOM % 500)).$$"
start=$(date +%s)
"$RUN" --dir "$tmp/job" --budget-mib 64 --timeout 2 \
	--job "sleep $mark & echo started; sleep $mark" \
	>"$tmp/slow" 2>"$tmp/err" || fail "buildjob-run --job failed: $(cat "$tmp/err") $(cat "$tmp/slow")"
took=$(($(date +%s) - start))
cat "$tmp/slow"
[ "$(kv status "$tmp/slow")" = failed ] || fail "the timed-out job is not failed"
[ "$(kv timed_out "$tmp/slow")" = 1 ] || fail "timed_out is not 1"
kv reason "$tmp/slow" | grep -q 'timed out after 2 s: process group killed' || fail "reason does not say timed out"
grep -q '^tail: started$' "$tmp/slow" || fail "the timed-out job's output is missing"
[ "$took" -lt 15 ] || fail "the timeout took $took s"
sleep 0.2
if pgrep -f "sleep $mark" >/dev/null; then
	pkill -KILL -f "sleep $mark"
	fail "a sleep of the timed-out job survived"
fi
echo "ok: success, exit 3 with its tail, and a 2 s timeout that killed the group"
