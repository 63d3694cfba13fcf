#!/bin/bash
# run-build-job-per-placement - `run` with its default scenario runs the build job on every
# placement after its probes, with only that placement active and a 32 MiB limit, and once in
# RAM alone: report.json has results[].scenarios.build for start, end, none and ram; the job
# swapped in and out on start and end (pswpin, pswpout > 0) and finished ok with the machine's
# own page-cluster in force; without swap (none) it was OOM-killed; the ram baseline finished
# without swapping; analysis.build ranks start and end with ratios to the ram baseline; the
# text report has the job's table and the verdict leads with it. --metrics DIR gets swapplace.prom,
# the saved report's export byte for byte: the build's wall time on start, end and ram, none's
# OOM-killed job and no wall time for it, mode "run"; a --metrics DIR that does not exist is
# refused (exit 2) before the disk is looked at. --scenario none runs no job.
. "$(dirname "$0")/lib.sh"
need_sweep
make_run_target
pc_before=$(cat /proc/sys/vm/page-cluster)
rc=0
"$SWAPPLACE" run --target "$dev" --confirm "$size" --metrics "$out/no-such-dir" --out "$out/x" \
	>/dev/null 2>"$out/stderr-m" || rc=$?
[ "$rc" = 2 ] || fail "--metrics into a missing directory exited $rc, not 2: $(cat "$out/stderr-m")"
grep -q "no such directory" "$out/stderr-m" || fail "no clear refusal: $(cat "$out/stderr-m")"
[ -e "$out/x" ] || [ -e "$out/no-such-dir" ] && fail "a refused run made a directory"
mkdir "$out/m"
# stderr stamped with the moment each line came: the progress lines' time left against the time
# that really was (tests/root/lib.sh progress_within)
stamp() { while IFS= read -r l; do printf '%s %s\n' "$EPOCHREALTIME" "$l"; done; }
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 32M \
	--time-per-placement 3 --profile-time 0 --job-scale 0.25 --only start,end,none,ram --seed 3 \
	--out "$out/r" --metrics "$out/m" 2>&1 >"$out/stdout" | stamp >"$out/stderr.t"
rc=${PIPESTATUS[0]}
ended=$EPOCHREALTIME
cut -d' ' -f2- "$out/stderr.t" >"$out/stderr"
cat "$out/stderr"
[ "$rc" = 0 ] || fail "run failed ($rc)"
progress_within "$out/stderr.t" "$ended" 20
[ "$(cat /proc/sys/vm/page-cluster)" = "$pc_before" ] || fail "vm.page-cluster not restored"
python3 - "$out/r/report.json" "$pc_before" <<'PY' || fail "report.json does not hold the job's results"
import json, sys
r = json.load(open(sys.argv[1]))
pc = int(sys.argv[2])
res = {x["placement"]: x for x in r["results"]}
assert set(res) == {"start", "end", "none", "ram"}, list(res)
assert res["ram"]["kind"] == "ram", res["ram"]["kind"]
for p in ("start", "end", "none", "ram"):
    b = res[p]["scenarios"]["build"]
    print(p, b["status"], b["wall_s"], "pswpin", b["pswpin"], "pswpout", b["pswpout"],
          "majflt", b["major_faults"], "oom", b["oom_killed"], "pc", b["page_cluster"])
    assert b["job"] == "build" and b["work_scale"] == 0.25, b
    assert b["page_cluster"] == pc, (p, b["page_cluster"], pc)
for p in ("start", "end"):
    b = res[p]["scenarios"]["build"]
    assert b["status"] == "ok", (p, b["reason"])
    assert b["pswpin"] > 0 and b["pswpout"] > 0, (p, b)
    assert b["wall_s"] > 0 and b["wall_s_runs"] == [b["wall_s"]], b
    assert b["limit_bytes"] == 32 << 20, b["limit_bytes"]
    assert b["units_done"] == b["units_total"] > 0, b
    assert b["file_read_bytes"] > 0 and b["file_written_bytes"] > 0, b
none = res["none"]["scenarios"]["build"]
assert none["status"] == "failed" and none["oom_killed"] is True, none
ram = res["ram"]["scenarios"]["build"]
assert ram["status"] == "ok" and ram["limit_bytes"] == 0 and ram["oom_killed"] is False, ram
assert res["ram"]["status"] == "ok" and res["ram"]["fault_probe"] is None, res["ram"]
# the probes still ran (with page-cluster 0) on start and end
assert res["start"]["fault_probe"]["real_swapins"] > 0
a = r["analysis"]["build"]
names = [x["placement"] for x in a["ranking"]]
assert sorted(names) == ["end", "start"], names
assert a["ram"]["placement"] == "ram" and a["ram"]["wall_s"] == ram["wall_s"], a["ram"]
for x in a["ranking"]:
    w = res[x["placement"]]["scenarios"]["build"]["wall_s"]
    assert x["wall_s"] == w and abs(x["ratio_to_ram"] - w / ram["wall_s"]) < 1e-9, x
assert a["ranking"][0]["ratio_to_best"] == 1.0
assert a["start_vs_end"]["resolvable"] is False and a["start_vs_end"]["runs"] == 1, a
assert [x["placement"] for x in a["not_ok"]] == ["none"], a["not_ok"]
assert r["analysis"]["verdict"][0]["kind"] == "build-job", r["analysis"]["verdict"][0]
PY
grep -q "^Job wall time per placement" "$out/r/report.txt" || fail "no job table in report.txt"
prom=$out/m/swapplace.prom
[ "$(ls -A "$out/m")" = swapplace.prom ] || fail "--metrics DIR holds: $(ls -A "$out/m")"
"$SWAPPLACE" report "$out/r/report.json" --format prom >"$out/export.prom" || fail "report --format prom"
cmp "$prom" "$out/export.prom" || fail "--metrics and report --format prom differ"
grep -q '^swapplace_info{.*mode="run"' "$prom" || fail "no swapplace_info with mode run"
for p in start end ram; do
	grep -q "^swapplace_build_wall_seconds{placement=\"$p\",.*job=\"build\"} [0-9]" "$prom" ||
		fail "no build wall time of $p in the metrics"
done
grep -q '^swapplace_build_wall_seconds{placement="none"' "$prom" && fail "none's failed build has a wall time"
grep -q '^swapplace_oom_killed{placement="none",kind="none",model="",scenario="build",case=""} 1$' "$prom" ||
	fail "none's OOM-killed build is not in the metrics"
"$SWAPPLACE" report "$out/r/report.json" >"$out/again" || fail "report command failed"
cmp -s "$out/again" "$out/r/report.txt" || fail "rendering the saved run differs"

# --scenario none: the probes only, no ram placement, no job
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 32M \
	--time-per-placement 3 --scenario none --only ram --out "$out/n" \
	>/dev/null 2>"$out/stderr-n" && fail "--only ram with --scenario none kept a placement"
grep -q "keeps no placement" "$out/stderr-n" || { cat "$out/stderr-n"; fail "wrong refusal"; }
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 32M \
	--time-per-placement 1 --profile-time 0 --scenario none --only start --out "$out/n" \
	>/dev/null 2>"$out/stderr-n" || { cat "$out/stderr-n"; fail "--scenario none run failed"; }
python3 - "$out/n/report.json" <<'PY' || fail "--scenario none ran a job"
import json, sys
r = json.load(open(sys.argv[1]))
assert [x["placement"] for x in r["results"]] == ["start"]
assert r["results"][0]["scenarios"] is None and r["analysis"]["build"] is None
PY
echo ok
