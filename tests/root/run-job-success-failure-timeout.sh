#!/bin/bash
# run-job-success-failure-timeout - `run --job CMD --job-dir DIR` runs the user's command on
# every placement instead of the build job (as --job-user nobody), in a copy of DIR on the
# target's data filesystem,
# under the budget's limit (none for the ram baseline), and checks its exit status each time:
# a job that succeeds is ok with exit_code 0 on every placement (it found DIR's file, so it ran
# in the copy); `exit 3` is failed on every placement with "exit status 3" and its output's
# last lines in output_tail; a job past --job-timeout is killed and failed with timed_out.
. "$(dirname "$0")/lib.sh"
need_sweep
make_loop dev 1G
scratch_dir out
size=$(blockdev --getsize64 "$dev")
# the job runs as nobody, who copies DIR (so it must be able to read it)
id nobody >/dev/null 2>&1 || skip "no user 'nobody'"
chmod 755 "$out"
mkdir "$out/src" && echo 42 >"$out/src/marker"
# no profile, 1 s of probes: this test checks the job that runs after them
common=(--target "$dev" --confirm "$size" --swap-size 128M --budget 32M --time-per-placement 1
	--profile-time 0 --job-user nobody)

# success: the copy is its working directory, and the shell's own pwd says where that is
"$SWAPPLACE" run "${common[@]}" --only start,end,ram --job-dir "$out/src" \
	--job 'test "$(cat marker)" = 42 && pwd && case "$PWD" in /tmp*) exit 9;; esac' \
	--out "$out/ok" >/dev/null 2>"$out/stderr" || { cat "$out/stderr"; fail "run failed"; }
grep "the job" "$out/stderr"
python3 - "$out/ok/report.json" <<'PY' || fail "the successful job is not ok everywhere"
import json, sys
r = json.load(open(sys.argv[1]))
res = {x["placement"]: x for x in r["results"]}
assert set(res) == {"start", "end", "ram"}, list(res)
for p, x in res.items():
    b = x["scenarios"]["build"]
    print(p, b["status"], b["exit_code"], b["wall_s"], b["reason"])
    assert b["status"] == "ok" and b["exit_code"] == 0, (p, b)
    assert b["job"].startswith("test "), b["job"]
    assert b["wall_s"] > 0 and len(b["wall_s_runs"]) == 1, b
assert res["ram"]["scenarios"]["build"]["limit_bytes"] == 0
assert res["start"]["scenarios"]["build"]["limit_bytes"] == 32 << 20
assert "your job" in r["analysis"]["verdict"][0]["text"], r["analysis"]["verdict"][0]
PY

# failure: exit 3, reported with its output's tail, on every placement
"$SWAPPLACE" run "${common[@]}" --only start,ram \
	--job 'echo first line; echo last-words >&2; exit 3' \
	--out "$out/bad" >/dev/null 2>"$out/stderr" || { cat "$out/stderr"; fail "run failed"; }
python3 - "$out/bad/report.json" <<'PY' || fail "the failing job is not reported failed"
import json, sys
r = json.load(open(sys.argv[1]))
for x in r["results"]:
    b = x["scenarios"]["build"]
    print(x["placement"], b["status"], b["exit_code"], b["reason"], repr(b["output_tail"]))
    assert b["status"] == "failed" and b["exit_code"] == 3, b
    assert b["reason"].startswith("exit status 3"), b["reason"]
    assert "first line\nlast-words" in b["output_tail"], b["output_tail"]
ram = [x for x in r["results"] if x["kind"] == "ram"][0]
assert ram["status"] == "failed", ram["status"]  # the baseline has nothing but its job
assert r["analysis"]["build"]["ranking"] == []
PY
grep -q "last-words" "$out/bad/report.txt" || fail "report.txt does not show the output's tail"

# timeout: killed, failed, timed_out
"$SWAPPLACE" run "${common[@]}" --only start --job 'sleep 30; echo never' --job-timeout 1 \
	--out "$out/slow" >/dev/null 2>"$out/stderr" || { cat "$out/stderr"; fail "run failed"; }
python3 - "$out/slow/report.json" <<'PY' || fail "the slow job was not killed"
import json, sys
r = json.load(open(sys.argv[1]))
b = r["results"][0]["scenarios"]["build"]
print(b["status"], b["timed_out"], b["wall_s"], b["reason"])
assert b["status"] == "failed" and b["timed_out"] is True, b
assert "timed out after 1 s" in b["reason"] and b["wall_s"] < 10, b
PY

# usage errors: --job-dir without --job, --job with --scenario none
"$SWAPPLACE" run "${common[@]}" --job-dir "$out/src" >/dev/null 2>&1
[ $? = 2 ] || fail "--job-dir without --job is not a usage error"
"$SWAPPLACE" run "${common[@]}" --job true --scenario none >/dev/null 2>&1
[ $? = 2 ] || fail "--job with --scenario none is not a usage error"
echo ok
