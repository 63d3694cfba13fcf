#!/bin/bash
# run-service-scenario - `run --scenario service` runs the service's four cases on every
# placement after its probes, with only that placement active and the budget as the cgroup's
# limit: report.json has results[].scenarios.service on start and none (fits, cold, hot,
# spike, in that order, with the keys of docs/schema.md); with the start partition the spike
# loses no request and kills nothing; without swap (none) the spike is OOM-killed and the
# victim is named (the service or the spike job); analysis.service sets them side by side and
# the verdict says it in plain words; report.txt has the service's tables; no build job and no
# ram placement run; the plan's estimate counts the service. Seed 000's figures per case: the
# start time (launch to the first request served), the rate served, and the page-cluster and
# swappiness in force (page-cluster as the machine has it on a disk placement, not the
# probes' 0); with --repeat 2 the service runs twice per placement in interleaved rounds and
# every case keeps both runs, its figures the worse run's.
. "$(dirname "$0")/lib.sh"
need_sweep
make_run_target
# the estimate grows by the service's four cases per placement (3 s load + 1 s top speed)
"$SWAPPLACE" plan --target "$dev" --swap-size 128M --budget 32M --time-per-placement 3 \
	--only start,none --scenario none --profile-time 0 >"$out/plan-none" || fail "plan failed"
"$SWAPPLACE" plan --target "$dev" --swap-size 128M --budget 32M --time-per-placement 3 \
	--only start,none --scenario service --service-time 3 --profile-time 0 \
	>"$out/plan-svc" || fail "plan --scenario service failed"
est() { sed -n 's/^estimated time: \([0-9]*\) min \([0-9]*\) s.*/\1 \2/p' "$1" | { read -r m s; echo $((10#$m * 60 + 10#$s)); }; }
[ $(($(est "$out/plan-svc") - $(est "$out/plan-none"))) -ge 31 ] ||
	fail "the estimate did not count the service: $(est "$out/plan-none") s -> $(est "$out/plan-svc") s"
grep -q "^service per placement" "$out/plan-svc" || fail "the plan does not say the service runs"
grep -q "1 serving worker," "$out/plan-svc" || fail "the plan does not say one serving worker"
"$SWAPPLACE" plan --target "$dev" --swap-size 128M --budget 32M --time-per-placement 3 \
	--only start,none --scenario service --service-time 3 --service-workers 4 --repeat 2 \
	--profile-time 0 >"$out/plan-4" || fail "plan --service-workers 4 failed"
grep -q "4 serving workers," "$out/plan-4" || fail "the plan does not say 4 serving workers"
[ $(($(est "$out/plan-4") - $(est "$out/plan-svc"))) -ge 31 ] ||
	fail "the estimate did not count the service's second round: $(est "$out/plan-svc") s -> $(est "$out/plan-4") s"
pc0=$(cat /proc/sys/vm/page-cluster)

# 1 s of probes per placement: the service after them is what this test checks
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 32M \
	--time-per-placement 1 --only start,none --scenario service --service-time 1 --seed 3 \
	--repeat 2 --out "$out/r" >"$out/stdout" 2>"$out/stderr" || { cat "$out/stderr"; fail "run failed"; }
cat "$out/stderr"
[ "$(cat /proc/sys/vm/page-cluster)" = "$pc0" ] || fail "vm.page-cluster not restored: $pc0 -> $(cat /proc/sys/vm/page-cluster)"
order=$(sed -n "s/^swapplace: \[[0-9]*\/4\] measuring '\([a-z]*\)'.*(round \([0-9]\) of 2).*/\2:\1/p" "$out/stderr" | tr '\n' ' ')
[ "$order" = "1:start 1:none 2:none 2:start " ] || fail "the service's rounds are not interleaved and counterbalanced: $order"
python3 - "$out/r/report.json" "$pc0" <<'PY' || fail "report.json does not hold the service's results"
import json, math, sys
r = json.load(open(sys.argv[1]))
pc0 = int(sys.argv[2])
res = {x["placement"]: x for x in r["results"]}
assert set(res) == {"start", "none"}, list(res)
keys = {"case", "rate_per_s", "sent", "served", "failed", "p50_ms", "p95_ms", "p99_ms",
        "top_speed_per_s", "oom_kills", "oom_victims", "restarts", "swap_used_bytes",
        "swapin_pages_per_s", "swapout_pages_per_s", "start_s", "served_per_s", "page_cluster",
        "swappiness", "p95_ms_runs", "failed_runs", "start_s_runs", "served_per_s_runs",
        "top_speed_per_s_runs"}
sw0 = int(open("/proc/sys/vm/swappiness").read())
for p in ("start", "none"):
    sc = res[p]["scenarios"]
    assert sc["build"] is None, (p, "a build job ran")
    cases = sc["service"]["cases"]
    assert [c["case"] for c in cases] == ["fits", "cold", "hot", "spike"], (p, cases)
    for c in cases:
        print(p, c["case"], "sent", c["sent"], "served", c["served"], "failed", c["failed"],
              "p95", c["p95_ms"], "top", c["top_speed_per_s"], "oom", c["oom_kills"],
              c["oom_victims"], "restarts", c["restarts"], "swap", c["swap_used_bytes"],
              "si/s", c["swapin_pages_per_s"], "so/s", c["swapout_pages_per_s"])
        assert keys <= set(c), (p, keys - set(c))
        print("  start_s", c["start_s"], "served/s", c["served_per_s"], "page-cluster",
              c["page_cluster"], "swappiness", c["swappiness"], "p95 runs", c["p95_ms_runs"],
              "failed runs", c["failed_runs"], "start runs", c["start_s_runs"])
        # a disk placement and none run with the machine's page-cluster, not the probes' 0
        assert c["page_cluster"] == pc0 and c["swappiness"] == sw0, (p, c, pc0, sw0)
        # two runs each, the worse leading
        for k in ("p95_ms_runs", "failed_runs", "start_s_runs", "served_per_s_runs",
                  "top_speed_per_s_runs"):
            assert len(c[k]) == 2, (p, k, c)
        assert c["failed"] == max(c["failed_runs"]), (p, c)
        assert c["p95_ms"] in c["p95_ms_runs"], (p, c)
        assert c["served_per_s"] <= 40 * 1.05, (p, c)
        if c["served"]:
            # from the launch: the fill, then the first request
            assert c["start_s"] is not None and 0 < c["start_s"] < 30, (p, c)
            assert c["served_per_s"] > 0, (p, c)
        assert c["rate_per_s"] == 40 and c["sent"] == 40, (p, c)
        assert c["served"] + c["failed"] == c["sent"], (p, c)
        assert len(c["oom_victims"]) <= c["oom_kills"], (p, c)
        for v in c["oom_victims"]:
            assert v in ("sp-service", "sp-spike"), (p, c)
st = {c["case"]: c for c in res["start"]["scenarios"]["service"]["cases"]}
no = {c["case"]: c for c in res["none"]["scenarios"]["service"]["cases"]}
# with swap the spike pushes pages out instead of getting anything killed
s = st["spike"]
assert s["failed"] == 0 and s["served"] == 40, s
assert s["oom_kills"] == 0 and s["oom_victims"] == [] and s["restarts"] == 0, s
assert s["swapout_pages_per_s"] > 0, ("the spike swapped nothing out", s)
assert s["swap_used_bytes"] is None or s["swap_used_bytes"] > 0, s
assert st["fits"]["failed"] == 0 and st["fits"]["oom_kills"] == 0, st["fits"]
# a service that fits keeps up with the load it is given (the drain's last reply aside)
assert st["fits"]["served_per_s"] >= 40 * 0.8, st["fits"]
# without swap the kernel kills, and says whom
n = no["spike"]
assert n["oom_kills"] >= 1, ("the spike without swap killed nothing", n)
assert len(n["oom_victims"]) >= 1, ("no victim named", n)
if "sp-service" in n["oom_victims"]:
    assert n["failed"] > 0, ("the service was killed but no request failed", n)
    assert n["restarts"] >= 1, ("the killed service was not restarted", n)
assert no["fits"]["oom_kills"] == 0 and no["fits"]["failed"] == 0, ("fits is the control", no["fits"])
# the analysis and the verdict
a = {x["case"]: x for x in r["analysis"]["service"]["cases"]}
assert set(a) == {"fits", "cold", "hot", "spike"}, a
assert a["spike"]["best"] == "start" and a["spike"]["none"] == "none", a["spike"]
assert a["spike"]["best_failed"] == 0 and a["spike"]["none_oom_kills"] == n["oom_kills"], a["spike"]
assert a["spike"]["none_oom_victims"] == n["oom_victims"], a["spike"]
assert r["analysis"]["build"] is None
v = {x["kind"]: x["text"] for x in r["analysis"]["verdict"]}
t = v["service-spike"]
print(t)
assert "without swap the spike got " in t and " OOM-killed " in t, t
assert "; with start none failed" in t, t
assert ("%d of 40 requests failed" % n["failed"] if n["failed"] else "none of 40") in t, t
PY
grep -q "^The service$" "$out/r/report.txt" || fail "no service tables in report.txt"
# the verdict is wrapped at 80 columns: read it as one line
tr -s ' \n' '  ' <"$out/r/report.txt" | grep -q "without swap the spike got" ||
	fail "no service verdict in report.txt"
"$SWAPPLACE" report "$out/r/report.json" >"$out/again" || fail "report command failed"
cmp -s "$out/again" "$out/r/report.txt" || fail "rendering the saved run differs"
echo ok
