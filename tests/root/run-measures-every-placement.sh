#!/bin/bash
# The whole job on a scratch loop device: run partitions it, measures start, end, file, every
# zram compressor and none, and writes report.json/report.txt whose numbers are real swap-ins
# with every page verified. Afterwards swap, zram, cgroups and sysctls are as before. The
# estimate it printed is within 20 % of its duration, and so is every progress line's time left
# (or within 2 s of it).
# Probes only (--scenario none, --zswap none): the build job on every placement and its ram
# baseline are tests/root/run-build-job-per-placement.sh's, the zswap placement is
# tests/root/run-zswap-placement.sh's.
. "$(dirname "$0")/lib.sh"
need_sweep
[ -e /sys/class/zram-control/hot_add ] || skip "no zram-control"
make_loop dev 2G
make_loop ssd 512M # an --also device ("an SSD or NVMe")
# real data under every partition: reads of a sparse file's holes are RAM-fast
dd if=/dev/zero of="$dev" bs=4M oflag=direct status=none 2>/dev/null || true
dd if=/dev/zero of="$ssd" bs=4M oflag=direct status=none 2>/dev/null || true
scratch_dir out
size=$(blockdev --getsize64 "$dev")
ssd_size=$(blockdev --getsize64 "$ssd")
pc_before=$(cat /proc/sys/vm/page-cluster)
# stderr with the moment each line came (the progress lines' "about N s left" against the time
# that was really left)
started=$EPOCHREALTIME
stamp() { while IFS= read -r l; do printf '%s %s\n' "$EPOCHREALTIME" "$l"; done; }
"$SWAPPLACE" run --target "$dev" --confirm "$size" --also "$ssd" --also-confirm "$ssd_size" \
	--swap-size 256M --budget 64M --scenario none --zswap none \
	--time-per-placement 6 --seed 7 --out "$out/r" 2>&1 >"$out/stdout" | stamp >"$out/stderr.t"
rc=${PIPESTATUS[0]}
ended=$EPOCHREALTIME
cut -d' ' -f2- "$out/stderr.t" >"$out/stderr"
[ "$rc" = 0 ] || { cat "$out/stderr"; fail "run failed ($rc)"; }
# the lines with the seconds before the run's end at which each came
awk -v e="$ended" '{ t = $1; $1 = ""; printf "%7.1f s before the end:%s\n", e - t, $0 }' "$out/stderr.t"
echo "the run took $(echo "$ended - $started" | bc) s"
progress_within "$out/stderr.t" "$ended" 20
[ -s "$out/r/report.json" ] && [ -s "$out/r/report.txt" ] || fail "report files missing"
cmp -s "$out/stdout" "$out/r/report.txt" || fail "stdout is not the text report"
[ "$(cat /proc/sys/vm/page-cluster)" = "$pc_before" ] || fail "vm.page-cluster not restored"
ls -d /sys/fs/cgroup/memory/swapplace* /sys/fs/cgroup/swapplace* 2>/dev/null && fail "cgroup left"
python3 - "$out/r/report.json" "dev-$(basename "$ssd")" <<'PY' || fail "report.json does not hold what it must"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] == "swapplace-report/1", r["schema"]
res = {x["placement"]: x for x in r["results"]}
zram = [p for p in res if p.startswith("zram-")]
print("placements:", " ".join(res))
also = sys.argv[2]
for need in ("start", "end", "file", "none", also):
    assert need in res, need
assert zram, "no zram placement"
assert res[also]["extents"][0]["start_sector"] == 2048, res[also]["extents"]
for p in ["start", "end", "file", also] + zram:
    x = res[p]
    assert x["status"] in ("ok", "invalid"), (p, x["status"], x.get("reason"))
    fp = x["fault_probe"]
    assert fp["real_swapins"] > 0, (p, fp)
    assert fp["samples"] > 0 and fp["p50_us"] > 0, (p, fp)
    if x["status"] == "ok":
        assert abs(fp["touches"] - fp["real_swapins"]) <= 0.05 * fp["touches"], (p, fp)
    assert x["integrity"]["pages_checked"] > 0 and x["integrity"]["mismatches"] == 0, p
    assert x["device_probe"]["qd1"]["samples"] > 0, p
    assert x["uring_probe"] and x["uring_probe"][0]["qd"] == 1, p
    assert x["extents"], p
    assert x["pressure_probe"]["touches"] > 0, p
ok = [p for p in ["start", "end", "file"] + zram if res[p]["status"] == "ok"]
assert len(ok) >= 3, ok
# where the partitions are: start at the first MiB, end at the disk's end
assert res["start"]["extents"][0]["start_sector"] == 2048
assert res["end"]["extents"][0]["start_sector"] > res["file"]["extents"][0]["start_sector"]
assert res["none"]["pressure_probe"]["oom_killed"] in (True, 1), res["none"]["pressure_probe"]
# the one estimate, printed before anything was written, within 20 % of the run (issue 18)
est, dur = r["estimated_s"], r["duration_s"]
print("estimated %.1f s, the run took %.1f s (%+.0f %%)" % (est, dur, 100 * (est - dur) / dur))
assert est > 0 and dur > 0 and abs(est - dur) <= 0.2 * dur, (est, dur)
PY
grep -q "Verdict" "$out/r/report.txt" || fail "no verdict in the text report"
# the saved run renders again, identically
"$SWAPPLACE" report "$out/r/report.json" >"$out/again" || fail "report command failed"
cmp -s "$out/again" "$out/r/report.txt" || fail "rendering the saved run differs"
echo ok
