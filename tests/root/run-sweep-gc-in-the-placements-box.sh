#!/bin/bash
# run-sweep-gc-in-the-placements-box - `run --scenario gc --sweep swappiness=A,B`: the sweep runs
# the gc scenario again on every placement (start, and zswap-<alg> where the kernel has zswap):
# the plan names it and its estimate counts the gc per run; report.json has one gc row per
# placement and value with its own keys (pauses, p99_pause_ms, worst_pause_ms,
# faults_in_pauses) and measured pauses, major faults inside them on each placement; the
# analysis has a gc line per placement (p99_pause_ms) and report.txt its table. While the
# sweep's runs go (sampled from the machine, with the placement the sweep's last progress line
# named), swappiness is at each value, zswap is on with its compressor on the zswap placement,
# and its pool takes pages there (zswpout rises), and off on start; afterwards swappiness and
# zswap are as they were.
. "$(dirname "$0")/lib.sh"
need_sweep
make_run_target
P=/sys/module/zswap/parameters
only=start zname=
if [ -e $P/enabled ] && [ -e $P/compressor ] && grep -q '^zswpout ' /proc/vmstat; then
	en0=$(cat $P/enabled) comp0=$(cat $P/compressor)
	at_exit "echo '$comp0' > $P/compressor; echo '$en0' > $P/enabled"
	# a compressor other than zswap's own, so the sweep's run must set it
	alg=$(awk '/^name/{n=$3} /^type/ && $3 ~ /^(scomp|acomp|compression)$/{print n}' \
		/proc/crypto | grep -vxF "$comp0" | head -n1)
	[ -n "$alg" ] || alg=$comp0
	only=start,zswap zname=zswap-$alg
else
	echo "no zswap here: the sweep runs on start alone"
fi
others_quiet
sw0=$(cat /proc/sys/vm/swappiness)
s1=$((sw0 == 10 ? 20 : 10)) s2=$((sw0 == 100 ? 90 : 100))
# 1 s of probes per placement: this test checks the gc and the sweep, not the probes
RUN=(--target "$dev" --swap-size 128M --budget 64M --time-per-placement 1 --profile-time 0
	--scenario gc --gc-time 3 --only "$only" --seed 5)
[ -n "$zname" ] && RUN+=(--zswap "$alg")
n_pl=$(echo "$only" | tr ',' '\n' | wc -l)

# the plan: what the sweep runs, and its estimate counts the gc in each of its runs
est() { sed -n 's/^estimated time: \([0-9]*\) min \([0-9]*\) s.*/\1 \2/p' "$1" | { read -r m s; echo $((10#$m * 60 + 10#$s)); }; }
"$SWAPPLACE" plan "${RUN[@]}" >"$out/plan0" || fail "plan failed"
"$SWAPPLACE" plan "${RUN[@]}" --sweep "swappiness=$s1,$s2" >"$out/plan1" || fail "plan --sweep failed"
cat "$out/plan1"
grep -q "^  the gc scenario again$" "$out/plan1" ||
	fail "the plan does not say the sweep runs the gc"
# each run: a placement's set-up (1.5 s, SP_EST_PER_PLACEMENT_S) and the gc's fill (3 s) and 3 s
runs=$((n_pl * 2))
[ $(($(est "$out/plan1") - $(est "$out/plan0"))) -ge $((runs * 15 / 2 - 2)) ] ||
	fail "the estimate did not count the gc in the sweep: $(est "$out/plan0") s -> $(est "$out/plan1") s"

# the run, the machine sampled meanwhile: placement of the sweep's last progress line ("-"
# before the sweep), swappiness, zswap's switch and compressor, zswpout
: >"$out/stderr"
(
	while :; do
		pl=$(grep -o "\[sweep [0-9/]*\] [^ ]* on '[^']*'" "$out/stderr" | tail -n1 |
			sed "s/.* on '//; s/'\$//")
		echo "${pl:--} $(cat /proc/sys/vm/swappiness) $(cat $P/enabled 2>/dev/null || echo -)" \
			"$(cat $P/compressor 2>/dev/null || echo -)" \
			"$(awk '/^zswpout /{print $2}' /proc/vmstat)"
		sleep 0.05
	done
) >"$out/seen" 2>/dev/null &
sampler=$!
at_exit "kill $sampler"
"$SWAPPLACE" run "${RUN[@]}" --confirm "$size" --sweep "swappiness=$s1,$s2" --out "$out/r" \
	>"$out/stdout" 2>>"$out/stderr" || { cat "$out/stderr"; fail "run --sweep failed"; }
kill "$sampler"
cat "$out/stderr"
others_quiet
[ "$(cat /proc/sys/vm/swappiness)" = "$sw0" ] || fail "vm.swappiness not restored"
if [ -n "$zname" ]; then
	[ "$(cat $P/enabled)" = "$en0" ] || fail "zswap enabled is $(cat $P/enabled), was $en0"
	[ "$(cat $P/compressor)" = "$comp0" ] || fail "zswap compressor is $(cat $P/compressor), was $comp0"
fi
[ "$(wc -l </proc/swaps)" -le 1 ] || fail "swap left on: $(cat /proc/swaps)"

python3 - "$out/r/report.json" "$out/seen" "$s1" "$s2" "$only" "$zname" "${alg:-}" <<'PY' ||
import json, sys
r = json.load(open(sys.argv[1]))
seen = [l.split() for l in open(sys.argv[2]) if len(l.split()) == 5]
s1, s2 = int(sys.argv[3]), int(sys.argv[4])
zname, alg = sys.argv[6], sys.argv[7]
places = ["start"] + ([zname] if zname else [])
rows = r["sweeps"]
got = [(x["placement"], x["value"]) for x in rows]
want = [(p, v) for p in places for v in (s1, s2)]
assert got == want, got
for x in rows:
    print(x)
    assert x["knob"] == "swappiness" and x["scenario"] == "gc" and x["run"] == 1, x
    assert x["status"] == "ok", x
    # measured pauses, each row with gc's keys and none of another scenario's
    assert x["pauses"] > 0 and x["p99_pause_ms"] > 0, x
    assert x["worst_pause_ms"] >= x["p99_pause_ms"], x
    assert isinstance(x["faults_in_pauses"], int), x
    for k in ("wall_s", "case", "cache_pct", "ops_per_s", "p95_ms", "oom_killed"):
        assert k not in x, (k, x)
# a limit's worth is allocated between pauses: they fault the metadata back on every placement
for p in places:
    assert any(x["faults_in_pauses"] > 0 for x in rows if x["placement"] == p), p
a = r["analysis"]["sweeps"]
assert len(a) == 1 and a[0]["knob"] == "swappiness", a
lines = {(l["placement"], l["line"]): l for l in a[0]["lines"]}
assert set(lines) == {(p, "gc") for p in places}, lines
for l in lines.values():
    assert l["figure"] == "p99_pause_ms" and l["higher_is_better"] is False, l
    assert l["compared"] and all(m > 0 for m in l["medians"]), l
# the sweep's runs as sampled: each value set; zswap on with its compressor on the zswap
# placement, taking pages; off on start
sweep = [l for l in seen if l[0] != "-"]
for p in places:
    for v in (s1, s2):
        assert any(l[0] == p and int(l[1]) == v for l in sweep), ("never seen", p, v)
on = lambda l: l[2] in ("Y", "1")
assert any(l[0] == "start" and not on(l) for l in sweep), "zswap never off on start"
if zname:
    z = [l for l in sweep if l[0] == zname]
    assert any(on(l) and l[3] == alg for l in z), ("zswap never on with %s" % alg, z[:5])
    zout = [int(l[4]) for l in z if on(l)]
    assert max(zout) > min(zout), "zswap's pool took no page during the sweep's runs"
print("ok:", len(rows), "rows;", len(sweep), "samples in the sweep")
PY
	fail "report.json's gc sweep rows, or the machine during the sweep"
grep -q "^Sweep: vm.swappiness" "$out/r/report.txt" || fail "no sweep table in report.txt"
sed -n '/^Sweep: /,/^$/p' "$out/r/report.txt"
sed -n '/^Sweep: /,$p' "$out/r/report.txt" | grep -qE '^ *start +gc( |$)' ||
	fail "no gc line in the sweep's table"
grep -q "gc: the pause's p99 in ms" "$out/r/report.txt" || fail "the table's legend does not say gc's figure"
echo ok
