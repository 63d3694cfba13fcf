#!/bin/bash
# A run with a zswap placement on a loop device: zswap-<alg> sits in front of the start
# partition, and its pool answers the fault probe's swap-ins (zswpout and zswpin rise), while
# the start placement, measured with zswap off, has none from zswap (zswpin 0). zswap's
# enabled and compressor parameters are as before afterwards, also after a SIGINT in the
# middle of the zswap placement.
. "$(dirname "$0")/lib.sh"
need_root
P=/sys/module/zswap/parameters
[ -e $P/enabled ] && [ -e $P/compressor ] || skip "this kernel has no zswap"
grep -q '^zswpin ' /proc/vmstat || skip "/proc/vmstat has no zswpin (kernel before 5.19)"
need_memcg
need_no_other_swap
make_run_target 2G
en_before=$(cat $P/enabled)
comp_before=$(cat $P/compressor)
# the test never leaves zswap changed, whatever swapplace does
at_exit "echo '$comp_before' > $P/compressor; echo '$en_before' > $P/enabled"
# a crypto compressor other than zswap's own, so putting the compressor back is exercised
alg=$(awk '/^name/{n=$3} /^type/ && $3 ~ /^(scomp|acomp|compression)$/{print n}' /proc/crypto |
	grep -vxF "$comp_before" | head -n1)
[ -n "$alg" ] || alg=$comp_before
restored() {
	[ "$(cat $P/enabled)" = "$en_before" ] || fail "$1: zswap enabled is $(cat $P/enabled), was $en_before"
	[ "$(cat $P/compressor)" = "$comp_before" ] ||
		fail "$1: zswap compressor is $(cat $P/compressor), was $comp_before"
}

"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 256M --budget 64M \
	--time-per-placement 6 --profile-time 0 --scenario none --only start,zswap --zswap "$alg" \
	--seed 5 --out "$out/r" >"$out/stdout" 2>"$out/stderr" ||
	{ cat "$out/stderr"; fail "run failed"; }
cat "$out/stderr"
restored "after the run"
grep -q "^${dev}p" /proc/swaps && fail "swap left on: $(cat /proc/swaps)"
python3 - "$out/r/report.json" "zswap-$alg" "$en_before" "$comp_before" <<'PY' || fail "report.json"
import json, sys
r = json.load(open(sys.argv[1]))
z_name, en_before, comp_before = sys.argv[2:5]
res = {x["placement"]: x for x in r["results"]}
print("placements:", " ".join(res))
assert list(res) == ["start", z_name], list(res)
run = r["zswap"]
assert run["enabled_before"] == (en_before in ("Y", "1")), run
assert run["compressor_before"] == comp_before, run
start, z = res["start"], res[z_name]
print("start:", start["zswap"], start["fault_probe"]["real_swapins"])
print(z_name + ":", z["status"], z.get("reason"), z["zswap"], z["fault_probe"]["real_swapins"],
      z["fault_probe"]["pswpin_delta"], z["fault_probe"]["p50_us"])
assert z["kind"] == "zswap", z["kind"]
assert start["zswap"]["enabled"] is False and start["zswap"]["zswpin"] == 0, start["zswap"]
assert start["zswap"]["fault_zswpin"] == 0, start["zswap"]
assert start["status"] == "ok", (start["status"], start["reason"])
zs = z["zswap"]
assert zs["enabled"] is True and zs["compressor"] == z_name[6:], zs
assert zs["zswpout"] > 0 and zs["zswpin"] > 0, zs
assert zs["fault_zswpin"] > 0, zs
# the swap-ins zswap answered are the fault probe's: majflt rose for them, pswpin did not
fp = z["fault_probe"]
assert fp["real_swapins"] > 0 and zs["fault_zswpin"] >= 0.9 * fp["real_swapins"], (fp, zs)
assert z["status"] == "ok", (z["status"], z["reason"])
assert zs["pool_bytes"] is None or zs["pool_bytes"] > 0, zs
PY
grep -q "$alg in front of start" "$out/r/report.txt" || fail "no zswap sentence in the report"
grep -q "zswap        on ($alg)" "$out/r/report.txt" || fail "no zswap row for the placement"

# SIGINT while the zswap placement measures: zswap is turned off and its compressor put back
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 256M --budget 64M \
	--time-per-placement 20 --profile-time 0 --scenario none --only zswap --zswap "$alg" \
	--out "$out/i" >"$out/stdout" 2>"$out/stderr" &
pid=$!
at_exit "kill -9 $pid"
for _ in $(seq 150); do
	[ "$(cat $P/enabled)" = Y ] && grep -q "^${dev}p" /proc/swaps && break
	sleep 0.2
done
[ "$(cat $P/enabled)" = Y ] || { cat "$out/stderr"; fail "zswap never came on"; }
[ "$(cat $P/compressor)" = "$alg" ] || fail "zswap's compressor is not $alg while measuring"
sleep 1
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
cat "$out/stderr"
[ "$rc" = 1 ] || fail "SIGINT: expected exit 1, got $rc"
restored "after SIGINT"
grep -q "^${dev}p" /proc/swaps && fail "SIGINT: swap left on: $(cat /proc/swaps)"

# zswap on before the run: off while the start partition is measured (its swap-ins all from
# the partition), on again afterwards, and the report says so. (zswap is machine-wide: it is on
# here only for the few seconds before and after the run; the EXIT trap puts back what was.)
echo Y >$P/enabled || fail "cannot turn zswap on"
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 256M --budget 32M \
	--time-per-placement 3 --profile-time 0 --scenario none --only start --zswap none \
	--out "$out/on" >"$out/stdout" 2>"$out/stderr" || { cat "$out/stderr"; fail "run with zswap on failed"; }
[ "$(cat $P/enabled)" = Y ] || fail "zswap was on before the run and is $(cat $P/enabled) after it"
echo "$en_before" >$P/enabled
grep -q "zswap was on (compressor" "$out/stderr" || fail "the run did not say it turned zswap off"
python3 - "$out/on/report.json" <<'PY' || fail "report.json of the run with zswap on"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["zswap"]["enabled_before"] is True and r["zswap"]["disabled"] is True, r["zswap"]
z = r["results"][0]["zswap"]
assert z["enabled"] is False and z["zswpin"] == 0 and z["fault_zswpin"] == 0, z
PY
grep -q "zswap was on before the run" "$out/on/report.txt" || fail "report.txt does not say zswap was on"
restored "at the end"
echo ok
