#!/bin/bash
# measure-try-zram-and-file - `measure --try zram,file:DIR` on a live machine: a temporary zram
# device with the machine's compressor and a temporary swap file in an existing ext4 (a scratch
# loop filesystem mounted here), each measured with the probes and the service scenario beside
# the no-swap baseline. report.json has try-zram-<alg>, try-file (its path in DIR, twice the
# budget) and none, in that order, each with measured figures: real swap-ins on the two try
# placements, the service's four cases on all three, the spike OOM-killing under none and
# losing nothing with swap; the service ran with vm.page-cluster 0 on zram, as seed 000 set
# it, and as the machine has it on the file and none (read back to the machine's value after);
# the verdict answers the question in one sentence; the report's "What to set up" is the
# service's, as `swapplace advise` says it, and its files are in setup/. --metrics DIR wrote
# DIR/swapplace.prom, the same bytes `report report.json --format prom` gives, mode "try", the two
# try placements' swap-in latency and none's OOM kills in it, and no temporary beside it. Afterwards no
# swap area, zram device or file of the measurement remains, and the filesystem unmounts.
. "$(dirname "$0")/lib.sh"
BUDGET_MIB=33
# What this test could leave: its files (under $out), and zram devices of its size (2 x the
# budget, a size no other test uses: other tests on this machine may make their own meanwhile;
# tests/run.sh compares the whole machine before and after when the suite runs alone).
ZRAM_BYTES=$((2 * BUDGET_MIB * 1024 * 1024))
[ -z "$(our_zrams)" ] || skip "a zram device of $ZRAM_BYTES bytes exists already"
need_sweep
need_cmd mkfs.ext4
[ -w /sys/class/zram-control/hot_add ] || skip "no /sys/class/zram-control (zram module not loaded)"

make_loop dev 512M
mkfs.ext4 -q -F "$dev" || fail "mkfs.ext4"
scratch_dir out
mnt=$out/mnt
mkdir "$mnt"
mount "$dev" "$mnt" || fail "mount"
at_exit "umount '$mnt'"

pc0=$(cat /proc/sys/vm/page-cluster)
[ "$pc0" != 0 ] || skip "vm.page-cluster is 0 on this machine: zram's 0 would not show"
mkdir "$out/m"
"$SWAPPLACE" measure --try zram,file:"$mnt" --budget ${BUDGET_MIB}M --time-per-placement 3 \
	--service-time 2 --seed 3 --json --out "$out/r" --metrics "$out/m" >"$out/json" 2>"$out/stderr" ||
	{ cat "$out/stderr"; fail "measure --try failed"; }
cat "$out/stderr"
[ "$(cat /proc/sys/vm/page-cluster)" = "$pc0" ] || fail "vm.page-cluster not restored: $pc0 -> $(cat /proc/sys/vm/page-cluster)"
python3 - "$out/json" "$mnt" "$pc0" <<'PY' || fail "the report does not hold the try placements beside none"
import json, sys
r = json.load(open(sys.argv[1]))
mnt = sys.argv[2]
pc0 = int(sys.argv[3])
assert r["command"] == "measure", r["command"]
names = [x["placement"] for x in r["results"]]
print("placements:", names)
assert len(names) == 3 and names[0].startswith("try-zram-") and names[1:] == ["try-file", "none"], names
z, f, n = r["results"]
assert (z["kind"], f["kind"], n["kind"]) == ("zram", "file", "none"), (z["kind"], f["kind"], n["kind"])
# the file: in the directory given, twice the budget; zram: a device of ours, the same size
assert f["device"].startswith(mnt + "/swapplace-try-") and f["device"].endswith(".swap"), f["device"]
assert f["size_bytes"] == 66 << 20, f["size_bytes"]
assert z["device"].startswith("/dev/zram") and z["device"] != "/dev/zram0", z["device"]
assert z["size_bytes"] == 66 << 20, z["size_bytes"]
for x in (z, f):
    print(x["placement"], x["status"], x["reason"], "swap-ins", x["fault_probe"]["real_swapins"])
    assert x["status"] == "ok", (x["placement"], x["status"], x["reason"])
    assert x["fault_probe"]["real_swapins"] > 0, x["fault_probe"]
    assert x["integrity"]["mismatches"] == 0
cases = {}
for x in (z, f, n):
    cs = x["scenarios"]["service"]["cases"]
    assert [c["case"] for c in cs] == ["fits", "cold", "hot", "spike"], (x["placement"], cs)
    for c in cs:
        assert c["sent"] > 0 and c["served"] + c["failed"] == c["sent"], (x["placement"], c)
        # with swap every case serves; without it an overflow case may lose every request
        if x is not n:
            assert c["served"] > 0 and c["p95_ms"] > 0 and c["top_speed_per_s"] > 0, (x["placement"], c)
    cases[x["placement"]] = {c["case"]: c for c in cs}
    # zram without readahead, as seed 000 ran it; the rest as the machine has it
    want = 0 if x is z else pc0
    assert all(c["page_cluster"] == want for c in cs), (x["placement"], want, [c["page_cluster"] for c in cs])
    s = cases[x["placement"]]["spike"]
    print(x["placement"], "spike: sent", s["sent"], "failed", s["failed"], "oom", s["oom_kills"],
          s["oom_victims"], "so/s", s["swapout_pages_per_s"])
# the seed's shape, measured: without swap the spike kills; with either try placement it does not
ns = cases["none"]["spike"]
assert ns["oom_kills"] >= 1 and ns["oom_victims"], ("none's spike killed nothing", ns)
for p in (z["placement"], "try-file"):
    s = cases[p]["spike"]
    assert s["oom_kills"] == 0 and s["failed"] == 0, (p, s)
    assert s["swapout_pages_per_s"] > 0, (p, "the spike swapped nothing out", s)
v = {x["kind"]: x["text"] for x in r["analysis"]["verdict"]}
t = v.get("try")
print("verdict:", t)
assert t and t.startswith("on this server "), v
assert "66 MiB swap file" in t and "served the spike with no failed request" in t, t
assert "without swap " in t and " OOM-killed" in t, t
PY
grep -q "on this server" "$out/r/report.txt" || fail "report.txt has no try verdict"

# --metrics: the run's swapplace.prom is the saved report's, exported after the fact
prom=$out/m/swapplace.prom
[ -f "$prom" ] || fail "--metrics wrote no $prom"
[ "$(ls -A "$out/m")" = swapplace.prom ] || fail "beside swapplace.prom: $(ls -A "$out/m")"
"$SWAPPLACE" report "$out/r/report.json" --format prom >"$out/export.prom" || fail "report --format prom"
cmp "$prom" "$out/export.prom" || fail "--metrics and report --format prom differ"
grep -q '^swapplace_info{.*mode="try"' "$prom" || fail "no swapplace_info with mode try: $(grep info "$prom")"
grep -q '^swapplace_swapin_latency_seconds{placement="try-zram-[^"]*",kind="zram",.*quantile="0.5"} [0-9]' "$prom" ||
	fail "no swap-in median of try-zram"
grep -q '^swapplace_swapin_latency_seconds{placement="try-file",kind="file",.*quantile="0.5"} [0-9]' "$prom" ||
	fail "no swap-in median of try-file"
grep -Eq '^swapplace_oom_kills\{placement="none",kind="none",model="",case="spike"\} [1-9]' "$prom" ||
	fail "none's spike OOM kills are not in the metrics: $(grep oom_kills "$prom")"
grep -q '^swapplace_build_wall_seconds' "$prom" && fail "a build wall time in a measure that ran no build"

# the advice for the service (the workload measure ran): a section of the report, the same as
# `swapplace advise` prints, and its files in the report directory's setup/
for f in zram-generator.conf fstab.swap 99-swapplace.conf zswap.cmdline README; do
	[ -s "$out/r/setup/$f" ] || fail "measure --out left no setup/$f"
done
grep -q "the setup for the service workload" "$out/r/setup/README" || fail "setup/README is not for the service"
grep -q '^What to set up$' "$out/r/report.txt" || fail "report.txt has no 'What to set up'"
"$SWAPPLACE" advise "$out/r/report.json" >"$out/advice" || fail "advise of the saved report failed"
awk '/^What to set up$/ { p = 1 } p' "$out/advice" | sed '/^$/d' >"$out/advice.section"
awk '/^What to set up$/ { p = 1 } p && /^The machine and its disks$/ { exit } p' "$out/r/report.txt" |
	sed '/^$/d' >"$out/report.section"
diff "$out/advice.section" "$out/report.section" || fail "advise and the report's section differ"

# nothing of the measurement is left: its file, its zram device, its swap area
left=$(find "$mnt" -mindepth 1 -maxdepth 1 ! -name lost+found)
[ -z "$left" ] || fail "left in the filesystem: $left"
[ -z "$(our_swaps)" ] || fail "swap areas left: $(our_swaps)"
[ -z "$(our_zrams)" ] || fail "zram devices left: $(our_zrams)"
umount "$mnt" || fail "the filesystem is still busy"
mountpoint -q "$mnt" && fail "still mounted"
losetup -d "$dev" || fail "cannot detach $dev"
losetup -a | grep -q "^$dev:" && fail "$dev is still attached"
echo ok
