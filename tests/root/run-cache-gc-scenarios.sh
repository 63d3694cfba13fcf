#!/bin/bash
# run-cache-gc-scenarios - `run --scenario cache,gc` runs the cache scenario's three pool sizes
# (50, 75, 100 % of the budget; 8 client threads, each case's evicted pool/other bytes from the
# processes' own swap use and its swappiness; pgscan/allocstall null unless the cgroup counts them)
# and the gc scenario on every placement after its probes, with
# only that placement active and the budget as the cgroup's limit: report.json has
# results[].scenarios.cache {cases: [...]} and .gc with the keys of docs/schema.md, backed by
# real counters: on each placement with swap the largest pool that ran swaps (pswpin, swap-ins/s,
# the pool's own pages out on swap per mincore; an overflowing case the kernel OOM-killed anyway
# keeps its reason) and the gc's pauses take major faults, each pause in pause_list with its
# own, none more than the metadata region holds, with pswpin inside them, its allocations timed
# and its baseline in RAM ok without a fault; on none nothing of the service's own memory is out
# on swap (or the case records its OOM kill), and the gc, whose peak is 1.3 times the limit, is
# OOM-killed. analysis.cache/gc and the verdict say it; report.txt has a
# table each and re-renders the same from the JSON; no build job, no service and no ram
# placement run; the plan's estimate counts both; the machine is left as it was.
. "$(dirname "$0")/lib.sh"
need_sweep
make_run_target
only=start,none
# zram-lzo: every zram has lzo; the gc's best disk is then set against it
[ -w /sys/class/zram-control/hot_add ] && only=start,zram-lzo,none
# at 32 MiB the cache's 100 % case's memcg reclaim gave up (docs/method.md, the cache scenario)
# 1 s of probes per placement: this test checks the scenarios after them, not the probes
ARGS=(--target "$dev" --swap-size 128M --budget 64M --time-per-placement 1 --only "$only"
	--profile-time 0 --seed 5)

est() { sed -n 's/^estimated time: \([0-9]*\) min \([0-9]*\) s.*/\1 \2/p' "$1" | { read -r m s; echo $((10#$m * 60 + 10#$s)); }; }
"$SWAPPLACE" plan "${ARGS[@]}" --scenario none >"$out/plan-none" || fail "plan failed"
"$SWAPPLACE" plan "${ARGS[@]}" --scenario cache,gc --cache-time 2 --gc-time 3 >"$out/plan-cg" ||
	fail "plan --scenario cache,gc failed"
cat "$out/plan-cg"
n=$(echo "$only" | tr ',' '\n' | wc -l)
# per placement: 3 cache cases of (fill 3 + warm-up 1 + 2 s) and the gc's fill 3 + 3 s
[ $(($(est "$out/plan-cg") - $(est "$out/plan-none"))) -ge $((n * 24 - 2)) ] ||
	fail "the estimate did not count the scenarios: $(est "$out/plan-none") s -> $(est "$out/plan-cg") s"
grep -q "^cache per placement" "$out/plan-cg" || fail "the plan does not say the cache runs"
grep -q "^gc per placement" "$out/plan-cg" || fail "the plan does not say the gc runs"

# one run; on_swap_oom=1 when a placement with swap had its gc OOM-killed or neither its 75 % nor
# its 100 % pool ran (cgroup v1's limit reclaim giving up under load: run_swapping runs it once
# more; one overflowing case OOM-killed beside one that ran is a result the report keeps)
do_run() {
	local pid
	# a fresh report directory each time: a second run refuses one holding the first's backup
	rm -rf "$out/r"
	# in the background for its pid: the cgroups it makes are named swapplace-NAME-PID
	"$SWAPPLACE" run "${ARGS[@]}" --confirm "$size" --scenario cache,gc --cache-time 2 \
		--gc-time 3 --out "$out/r" >"$out/stdout" 2>"$out/stderr" &
	pid=$!
	echo "$pid" >>"$out/pids"
	wait "$pid" || { cat "$out/stderr"; return 1; }
	python3 - "$out/r/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
oom = 0
for x in r["results"]:
    if x["placement"] == "none":
        continue
    # on zram the budget keeper lowers the limit as the pool grows (the pool is charged to the
    # budget): an OOM kill there under a lowered limit is that accounting's result, kept as
    # such, not v1's reclaim giving up (docs/method.md, "The cache and cgroup v1's OOM kills")
    if (x.get("budget") or {}).get("kept"):
        print("budget kept on %s: limit down to %s of %s" % (x["placement"],
              x["budget"]["limit_bytes_min"], x["budget"]["limit_bytes_start"]))
        continue
    sc = x["scenarios"] or {}
    cases = (sc.get("cache") or {}).get("cases", [])
    for c in cases:
        if c.get("oom_killed"):
            print("OOM-killed with swap on: %s, cache %s %%: %s" % (x["placement"],
                  c["cache_pct"], c["reason"]))
    if not any(c["status"] == "ok" for c in cases[1:]):
        oom = 1
    if (sc.get("gc") or {}).get("oom_killed"):
        oom = 1
        print("OOM-killed with swap on: %s, gc: %s" % (x["placement"], sc["gc"]["reason"]))
print("on_swap_oom=%d" % oom)
PY
}
run_swapping "$out/kv" '^on_swap_oom=1' do_run
cat "$out/stderr"

python3 - "$out/r/report.json" <<'PY' || fail "report.json does not hold the cache and gc results"
import json, os, sys
r = json.load(open(sys.argv[1]))
res = {x["placement"]: x for x in r["results"]}
print("placements", list(res))
assert "start" in res and "none" in res and "ram" not in res, list(res)
ckeys = {"cache_pct", "ops_per_s", "p95_ms", "swapin_pages_per_s", "swapout_pages_per_s",
         "pgscan_direct", "allocstall", "psi_some_avg10", "psi_full_avg10", "status", "reason"}
gkeys = {"pauses", "p50_pause_ms", "p99_pause_ms", "worst_pause_ms", "faults_in_pauses",
         "status", "reason", "pause_list", "alloc_latency", "baseline", "meta_bytes",
         "alloc_bytes", "pswpin_in_pauses", "span_s"}
for p, x in res.items():
    sc = x["scenarios"]
    assert sc["build"] is None and sc["service"] is None, (p, "another scenario ran")
    cases = sc["cache"]["cases"]
    assert [c["cache_pct"] for c in cases] == [50, 75, 100], (p, cases)
    # the seed's sysbench clients, the default of --cache-threads
    assert sc["cache"]["threads"] == 8, (p, sc["cache"]["threads"])
    for c in cases:
        assert ckeys <= set(c), (p, ckeys - set(c))
        print(p, "cache %3d %%:" % c["cache_pct"], c["status"], c["reason"],
              "ops/s", c["ops_per_s"], "p95", c["p95_ms"], "si/s", c["swapin_pages_per_s"],
              "so/s", c["swapout_pages_per_s"], "pgscan", c["pgscan_direct"], "allocstall",
              c["allocstall"], "psi", c["psi_some_avg10"], c["psi_full_avg10"], c["psi_scope"],
              "pool out", c["cache_swapped_bytes"], "other out", c["other_swapped_bytes"],
              "evicted", c["evicted"], "swappiness", c["swappiness"])
        # a counter the kernel lacks is null, with its scope saying so; never a made-up 0
        assert (c["psi_some_avg10"] is None) == (c["psi_scope"] == "none"), c
        assert (c["pgscan_direct"] is None) == (c["pgscan_scope"] == "none"), c
        if c["status"] == "ok":
            assert c["ops"] > 0 and c["span_s"] > 0 and c["mismatches"] == 0, c
            assert c["cache_swapped_bytes"] is not None, ("mincore not sampled", c)
            # each process's own swap use, and the swappiness its reclaim used
            ev = c["evicted"]
            assert ev["pool_bytes"] is not None and ev["other_bytes"] is not None, c
            # with swap the machine's; on none's v1 cgroup 0 (act/memcg.c forbids swap so)
            want = int(open("/proc/sys/vm/swappiness").read())
            if p == "none" and os.path.exists("/sys/fs/cgroup/memory/memory.limit_in_bytes"):
                want = 0
            assert c["swappiness"] == want, (p, want, c)
            # pgscan/allocstall only from the case's own v2 cgroup: never the machine's
            if c["pgscan_scope"] != "cgroup":
                assert c["pgscan_direct"] is None and c["allocstall"] is None, c
        else:
            assert c["oom_killed"] and "oom-killed" in c["reason"], ("failed without OOM", c)
    g = sc["gc"]
    assert gkeys <= set(g), (p, gkeys - set(g))
    print(p, "gc:", g["status"], g["reason"], "pauses", g["pauses"], "p50", g["p50_pause_ms"],
          "p99", g["p99_pause_ms"], "worst", g["worst_pause_ms"], "faults in pauses",
          g["faults_in_pauses"], "pswpin", g["pswpin"], "in pauses", g["pswpin_in_pauses"],
          "alloc", g["alloc_latency"], "each", [(x["ms"], x["faults"]) for x in g["pause_list"]][:12])
    b = g["baseline"]
    assert b is not None, (p, "no baseline")
    print(p, "gc baseline:", b["status"], b["reason"], "pauses", b["pauses"], "p99",
          b["p99_pause_ms"], "faults", b["faults_in_pauses"], "alloc", b["alloc_latency"])
    # in RAM: it ran, timed its allocations, and its pauses faulted nothing
    assert b["status"] == "ok" and b["pauses"] > 0 and b["faults_in_pauses"] == 0, (p, b)
    assert len(b["pause_list"]) == b["pauses"] and b["alloc_latency"]["p99_us"] > 0, (p, b)

# with swap: the pool that fits ran; of the two that overflow (75 and 100 % beside 40 % other
# memory), the largest that ran had its own pool out on swap and came back from it
kept = {p for p in res if (res[p].get("budget") or {}).get("kept")}
for p in [q for q in res if q != "none"]:
    cases = res[p]["scenarios"]["cache"]["cases"]
    assert cases[0]["status"] == "ok", (p, cases[0])
    oks = [c for c in cases[1:] if c["status"] == "ok"]
    if p in kept and not oks:
        print(p, "both overflowing pools OOM-killed under the keeper's lowered limit")
        continue
    big = oks[-1]
    assert big["pswpin"] > 0 and big["swapin_pages_per_s"] > 0, (p, "nothing swapped in", big)
    assert big["pswpout"] > 0 and big["cache_swapped_bytes"] > 0, (p, "the pool never swapped", big)
    ev = big["evicted"]
    assert ev["pool_bytes"] + ev["other_bytes"] > 0, (p, "no process had memory out", big)
    # (what tests/root/cache-at-100-swaps-its-own-cache.sh checked, merged here) the pool that
    # fits missed and kept everything in memory; a 100 % pool never misses; from 50 % to the
    # largest pool that ran, swap-outs, swap-ins and the processes' major faults rose
    small = cases[0]
    assert small["misses"] > 0, (p, "a 50 % pool never missed", small)
    assert small["evicted"]["pool_bytes"] * 100 < small["cache_bytes"], (p, "50 %: pool out", small)
    assert small["evicted"]["other_bytes"] * 100 < small["other_bytes"], (p, "50 %: workers out", small)
    if cases[2]["status"] == "ok":
        assert cases[2]["misses"] == 0, (p, "a 100 % pool missed", cases[2])
    for k in ("swapout_pages_per_s", "swapin_pages_per_s", "major_faults"):
        assert big[k] > small[k], (p, k, "did not rise from 50 %", small[k], big[k])
    assert big["major_faults"] > 0, (p, "the service took no major fault", big)
    g = res[p]["scenarios"]["gc"]
    if p in kept and g["oom_killed"]:
        print(p, "gc OOM-killed under the keeper's lowered limit:", g["reason"])
        continue
    assert g["status"] == "ok" and g["pauses"] > 0, (p, g)
    assert g["faults_in_pauses"] > 0 and g["pswpin"] > 0, (p, "no fault inside the pauses", g)
    assert g["p99_pause_ms"] >= g["p50_pause_ms"] > 0 and g["worst_pause_ms"] >= g["p99_pause_ms"], g
    assert g["mismatches"] == 0, g
    # each pause is listed with its own faults: they sum to the total, and none faulted more
    # than the metadata region holds (the heap is not walked)
    pl = g["pause_list"]
    assert len(pl) == g["pauses"] and sum(x["faults"] for x in pl) == g["faults_in_pauses"], g
    meta = g["meta_bytes"] // 4096
    assert 16 <= meta <= 256 and max(x["faults"] for x in pl) <= meta + 16, (p, meta, pl)
    # a fault counted is a swap-in the kernel did: pswpin rose inside the pauses
    assert g["pswpin_in_pauses"] > 0, (p, "no swap-in inside the pauses", g)
    a = g["alloc_latency"]
    assert g["allocations"] > 0 and a["max_us"] >= a["p99_us"] >= a["p50_us"] > 0, (p, a)
# without swap: nothing of the service's own memory is on swap, or the case was OOM-killed
for c in res["none"]["scenarios"]["cache"]["cases"]:
    assert c["oom_killed"] or (c["cache_swapped_bytes"] == 0 and c["other_swapped_bytes"] == 0), c
    assert c["oom_killed"] or c["evicted"] == {"pool_bytes": 0, "other_bytes": 0}, c
g = res["none"]["scenarios"]["gc"]
assert g["oom_killed"] and g["status"] == "failed", ("a heap over the limit without swap lived", g)

a = r["analysis"]
assert a["build"] is None and a["service"] is None, a
ac = {x["placement"]: x for x in a["cache"]["placements"]}
assert set(ac) == set(res), ac
assert a["cache"]["lead"] in res and a["cache"]["lead"] != "none", a["cache"]
st = ac["start"]
assert st["swaps_own_cache"] and st["trap_cache_pct"] in (75, 100), st
ag = a["gc"]
assert ag["none"] == "none" and ag["none_oom_killed"] is True, ag
assert [x["placement"] for x in ag["ranking"]] and ag["disk"] == "start", ag
if "zram-lzo" in res and res["zram-lzo"]["scenarios"]["gc"]["status"] == "ok":
    assert ag["zram"] == "zram-lzo" and ag["disk_vs_zram_ratio"] > 0, ag
v = {x["kind"]: x["text"] for x in a["verdict"]}
print(v["cache-trap"])
print(v["gc-pause"])
assert "swapped its own cache on " in v["cache-trap"] or "kept its own cache" in v["cache-trap"], v
assert "; without swap" in v["cache-trap"], v
assert "in one run each, the gc pause p99 was " in v["gc-pause"], v
assert "; in RAM without pressure the pause p99 was " in v["gc-pause"], v
assert "without swap it was OOM-killed: at its peak (heap, metadata and a cycle's allocations) it needs 1.3 times the memory" in v["gc-pause"], v
PY
grep -q "^The cache$" "$out/r/report.txt" || fail "no cache table in report.txt"
grep -q "^The gc$" "$out/r/report.txt" || fail "no gc table in report.txt"
tr -s ' \n' '  ' <"$out/r/report.txt" | grep -q "the gc pause p99 was" || fail "no gc verdict in report.txt"
"$SWAPPLACE" report "$out/r/report.json" >"$out/again" || fail "report command failed"
cmp -s "$out/again" "$out/r/report.txt" || fail "rendering the saved run differs"
# nothing of the run is left: no swap area on the target and no cgroup of its own (a zram
# device or swap area of another test running beside this one cannot be told from ours)
grep -q "^$dev" /proc/swaps && fail "a swap area on $dev is still on"
while read -r pid; do
	left=$(ls -d /sys/fs/cgroup/memory/swapplace-*-"$pid" /sys/fs/cgroup/swapplace-*-"$pid" \
		/sys/fs/cgroup/unified/swapplace-*-"$pid" 2>/dev/null)
	[ -z "$left" ] || fail "the run left its cgroups: $left"
done <"$out/pids"
echo ok
