#!/bin/bash
# measure-without-swap-runs-the-service-on-none - `measure` on a machine without swap measures
# the no-swap baseline with the service scenario (its default), in a cgroup that may not swap:
# report.json has the one placement none with the four cases measured, the spike OOM-killing
# and naming its victims, so the report says what the machine lives through without swap
# rather than only that the pressure probe was OOM-killed.
. "$(dirname "$0")/lib.sh"
need_sweep
scratch_dir out
"$SWAPPLACE" measure --json --budget 32M --time-per-placement 3 --service-time 3 --seed 3 \
	>"$out/json" 2>"$out/stderr" || { cat "$out/stderr"; fail "measure failed"; }
cat "$out/stderr"
grep -q "no active swap: measuring the no-swap baseline only" "$out/stderr" ||
	fail "it does not say the machine has no swap"
python3 - "$out/json" <<'PY' || fail "the no-swap baseline has no service figures"
import json, sys
r = json.load(open(sys.argv[1]))
assert [x["placement"] for x in r["results"]] == ["none"], r["results"]
n = r["results"][0]
assert n["kind"] == "none"
cs = {c["case"]: c for c in n["scenarios"]["service"]["cases"]}
assert list(cs) == ["fits", "cold", "hot", "spike"], list(cs)
for c in cs.values():
    print(c["case"], "sent", c["sent"], "failed", c["failed"], "oom", c["oom_kills"], c["oom_victims"])
    assert c["sent"] > 0 and c["served"] + c["failed"] == c["sent"], c
    assert c["swapout_pages_per_s"] == 0 or c["swap_used_bytes"] in (0, None), ("none swapped", c)
assert cs["fits"]["failed"] == 0 and cs["fits"]["oom_kills"] == 0, cs["fits"]
s = cs["spike"]
assert s["oom_kills"] >= 1 and s["oom_victims"], ("the spike without swap killed nothing", s)
v = {x["kind"]: x["text"] for x in r["analysis"]["verdict"]}
print(v.get("service-spike"))
assert "without swap the spike got " in v["service-spike"], v
assert "try" not in v, v
PY
echo ok
