#!/bin/bash
# run-repeat-interleaves - `run --repeat 2` measures in interleaved, counterbalanced rounds:
# round 1 is every placement's probes and the job's first run (start, end, ram), round 2 the
# job again on each in the reverse order (start end ram ram end start), never start start end
# end, so drift over the run favours no placement; report.json's repeat_order says so. Every job
# figure then holds two runs (wall_s_runs), wall_s is the faster, the spread is reported
# beside it, and start vs end says over how many runs it could resolve what.
. "$(dirname "$0")/lib.sh"
need_sweep
make_run_target
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 32M \
	--time-per-placement 3 --job-scale 0.25 --only start,end,ram --repeat 2 \
	--out "$out/r" >/dev/null 2>"$out/stderr" || { cat "$out/stderr"; fail "run failed"; }
cat "$out/stderr"
# the order of the steps, from the progress lines: "[k/6] measuring 'NAME' ... (round R of 2)"
order=$(sed -n "s/^swapplace: \[[0-9]*\/6\] measuring '\([a-z]*\)'.*(round \([0-9]\) of 2).*/\2:\1/p" "$out/stderr" | tr '\n' ' ')
echo "order: $order"
[ "$order" = "1:start 1:end 1:ram 2:ram 2:end 2:start " ] || fail "not interleaved and counterbalanced: $order"
python3 - "$out/r/report.json" <<'PY' || fail "report.json does not hold two runs each"
import json, sys
r = json.load(open(sys.argv[1]))
for x in r["results"]:
    b = x["scenarios"]["build"]
    runs = b["wall_s_runs"]
    print(x["placement"], b["status"], runs, b["wall_s_spread_pct"])
    assert b["status"] == "ok", (x["placement"], b["reason"])
    assert len(runs) == 2 and all(w > 0 for w in runs), runs
    assert b["wall_s"] == min(runs), b
    assert abs(b["wall_s_spread_pct"] - (max(runs) - min(runs)) / min(runs) * 100) < 1e-6, b
assert r["repeat_order"] == [["start", "end", "ram"], ["ram", "end", "start"]], r.get("repeat_order")
sve = r["analysis"]["build"]["start_vs_end"]
print("start_vs_end", sve)
assert sve["runs"] == 2 and sve["resolution_pct"] is not None and sve["resolution_pct"] >= 0, sve
for row in r["analysis"]["build"]["ranking"]:
    assert row["runs"] == 2, row
kinds = [v["kind"] for v in r["analysis"]["verdict"]]
assert kinds[:2] == ["build-job", "build-start-vs-end"], kinds
PY
echo ok
