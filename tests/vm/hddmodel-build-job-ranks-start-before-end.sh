#!/bin/bash
# tests/vm/hddmodel-build-job-ranks-start-before-end.sh - on a spinning disk the build job, not
# the per-page probe, answers start vs end (the issue "Spinning disks"): the stick boots
# (SeaBIOS) unattended with its target served by the modeled 7200 rpm disk over NBD
# (build/tests/nbd-hdd; tests/hddmodel/hddmodel.h), lays it out as an installed system, runs
# only start and end with short probes and the build job twice per placement, and then:
#  - analysis.build.ranking must put start before end;
#  - the job at the end must be slower than at the start by at least a QUARTER of the margin the model
#    implies. The implied margin comes from the model, never a figure written here: the
#    requests the disk served during the start placement's job runs (the server's log, cut out
#    by where the swap partitions lie, see below) are re-costed by `hddmodel-expect --replay`
#    once as they were and once with every request in the start swap partition moved onto the
#    end one: the difference is what the same job's I/O costs more with its swap at the end.
#    Why a quarter: the end run's own request sequence is not the translated one (the kernel issues
#    and merges requests by what has completed, and slower swap-ins change when reclaim and
#    writeback run), the guest overlaps part of the disk time with its own CPU time (dirty
#    object and swap-out writeback), and under TCG the guest's CPU time varies from run to run
#    on a shared host (measured: 0.68 of the margin at job scale 0.25, 1.3 and 2.4 at 1.5,
#    where the end runs sent 12 % more requests than the start runs, and 0.44 once on a loaded
#    CI host, where half failed with start still ranked first beyond the spread); a product
#    that measured no difference (a job tree mid-disk beside the end swap, or a job that swaps
#    without file I/O) gives a difference near zero, far below a quarter of the margin.
# No ram baseline: the ranking is start vs end, and its two job runs took ~40 s of make check.
# The server's log is cut into placement turns at each mkswap (a write of the first page of a
# swap partition: a new activation), and a turn's job is its span from the first request
# outside both swap partitions (the job's files) to the last: the probes before it touch only
# the swap partition, swapoff after it only the swap partition. The span's duration is checked
# against the job's reported wall_s, so a cut that missed the job fails instead of replaying
# the wrong requests.
# Prints measured vs implied on a line starting "build-job:" (bench/bench.sh collects it).
# One vCPU, lib.sh's default (see hddmodel-start-partition-latency.sh: a core left to QEMU's I/O thread).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-hddmodel.sh"
# an 8 GiB 7200 rpm disk: the seek curve spans the whole 8 GiB, so start vs end is a full stroke
MODEL=(--size 8G --rpm 7200 --t2t-ms 1.0 --full-ms 18 --outer-mbs 200 --inner-mbs 100
	--buffer 256K --seed 13)
# the job: its heap ends at 1.2x the budget and is walked whole every 8 units, so each run swaps
# thousands of pages in while it reads and writes its files. The scale sets how often the head
# crosses between them: at 0.25 (16 units, 11 s runs under TCG) the model implied 1.25 s and
# the runs' spread was about a third of that; at 0.75, 1.9 s against a spread of up to 1.3 s;
# 1.5 (96 units, ~25 s runs) keeps the whole test near 3 minutes
JOB_CONF=${JOB_CONF:-"budget = 48M
job_scale = 1.5
repeat = 2"}

vm_setup seabios
model_server_start "${MODEL[@]}" --log "$VM_DIR/served.log"

# the probes are not the point: the shortest time that still measures; no profile
vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
only = start,end
swap_size = 160M
time_per_placement = 4
profile_time = 0
scenario = build
layout = installed
$JOB_CONF
EOF
vm_grub "panic=-1"
vm_start "${VM_BOOT_TIMEOUT:-600}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"
stop_server
# VM_KEEP=DIR keeps the server's log and the reports there (to study a run without a reboot)
if [ -n "${VM_KEEP:-}" ]; then
	mkdir -p "$VM_KEEP" && cp -r "$VM_DIR/served.log" "$VM_DIR/out/reports" "$VM_KEEP/"
fi

python3 - "$VM_DIR/out/reports" "$EXPECT" "$VM_DIR/served.log" "${MODEL[@]}" <<'EOF' || fail "the build job does not rank start before end by the model's margin"
import glob, json, os, subprocess, sys

top, expect, log, model = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
FRACTION = 0.25  # of the implied margin; the header says why
found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
if len(found) != 1:
    sys.exit("want exactly one reports/*/report.json, found %d" % len(found))
with open(found[0]) as f:
    r = json.load(f)
res = {x.get("placement"): x for x in r.get("results", [])}
bad = []

def extent(name):
    ext = (res.get(name) or {}).get("extents") or []
    if len(ext) != 1:
        sys.exit("the %s partition should be one extent, got %r" % (name, ext))
    a = ext[0]["start_sector"] * 512
    return a, a + ext[0]["sectors"] * 512

def job(name):
    return ((res.get(name) or {}).get("scenarios") or {}).get("build") or {}

for name in ("start", "end"):
    b = job(name)
    print("%-5s status=%s job=%s wall_s=%s runs=%s cpu_s=%s major_faults=%s pswpin=%s pswpout=%s "
          "file_read=%s file_written=%s page_cluster=%s%s" % (
              name, (res.get(name) or {}).get("status"), b.get("status"), b.get("wall_s"),
              b.get("wall_s_runs"), b.get("cpu_s"), b.get("major_faults"), b.get("pswpin"),
              b.get("pswpout"), b.get("file_read_bytes"), b.get("file_written_bytes"),
              b.get("page_cluster"), " (%s)" % b.get("reason") if b.get("reason") else ""))
    if b.get("status") != "ok" or not b.get("wall_s"):
        bad.append("%s: the job did not finish ok" % name)
    elif not b.get("pswpin"):
        bad.append("%s: the job swapped nothing in" % name)
if bad:
    sys.exit("; ".join(bad))
sa, sb = extent("start")
ea, eb = extent("end")
for name in ("start", "end"):
    qd1 = ((res[name].get("device_probe") or {}).get("qd1") or {})
    print("%-5s partition [%d, %d): device probe QD1 p50 %s us, swap-in p50 %s us" % (
        name, *(extent(name)), qd1.get("p50_us"), (res[name].get("fault_probe") or {}).get("p50_us")))

# the served requests, and the turns: each mkswap (a write of a partition's first page) starts
# one; a turn's job is its span from the first request outside both swap areas to the last
reqs = []
with open(log) as f:
    for line in f:
        op, off, length, us, _, _, _, _, t = line.split()
        reqs.append((op, int(off), int(length), float(us), float(t)))
def region(off):
    return "S" if sa <= off < sb else "E" if ea <= off < eb else "D"
marks = [i for i, q in enumerate(reqs) if q[0] == "write" and q[1] in (sa, ea)]
# one activation may write its first page more than once: a new turn only where the
# partition changes or another placement's job came between
turns = []
for i in marks:
    if turns and reqs[turns[-1][1]][1] == reqs[i][1] and \
            not any(region(q[1]) == "D" for q in reqs[turns[-1][1]:i]):
        continue
    turns.append(("start" if reqs[i][1] == sa else "end", i))
spans = {"start": [], "end": []}
for k, (name, i) in enumerate(turns):
    j_end = turns[k + 1][1] if k + 1 < len(turns) else len(reqs)
    own = "S" if name == "start" else "E"
    d = [j for j in range(i, j_end) if region(reqs[j][1]) == "D" and reqs[j][0] != "flush"]
    sw = [j for j in range(i, j_end) if region(reqs[j][1]) == own]
    if not d or not sw:
        continue
    last = d[-1]
    if name == "end":
        # the run's teardown reads every partition after the last one: the end job's
        # span stops at its last swap request within its wall time of its start. This side
        # only cross-checks the implied margin; the start side, asserted, needs no such cut.
        wall = (job("end").get("wall_s_runs") or [0] * 9)[len(spans["end"]):][:1] or [0]
        t_stop = reqs[d[0]][4] + (wall[0] + 2) * 1e6
        # a swap request lies wholly inside the partition; the teardown's probe of the
        # disk's last sectors (which starts in the end partition and runs past it into the
        # backup GPT) is not the job's, and --map refuses a request it cannot move whole
        last = max([j for j in sw if reqs[j][4] <= t_stop and reqs[j][1] + reqs[j][2] <= eb]
                   or [d[0]])
    spans[name].append((d[0], last))
for name in ("start", "end"):
    want = len(job(name).get("wall_s_runs") or [])
    if len(spans[name]) != want:
        sys.exit("the log shows %d job runs for %s (turns at %s), the report %d" % (
            len(spans[name]), name, [(n, i) for n, i in turns], want))

# The replay reads a copy of the log without the requests that straddle a swap partition's
# edge: swap I/O is whole pages inside its area, so such a read is a probe of the disk (blkid
# at the disk's end, read-ahead on the partition device) that --map cannot move whole; one in
# the end job's last second stopped the replay.
straddle = lambda off, n: any(off < x < off + n for x in (sa, sb, ea, eb))
replay_log = log + ".whole"
with open(log) as f, open(replay_log, "w") as w:
    for line in f:
        v = line.split()
        if not straddle(int(v[1]), int(v[2])):
            w.write(line)

def replay(i, j, *maps):
    t0, t1 = reqs[i][4], reqs[j][4]
    cmd = [expect] + model + ["--replay", replay_log, "--window", "%.1f" % t0, "%.1f" % t1]
    for m in maps:
        cmd += ["--map"] + [str(x) for x in m]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return {k: float(v) for k, v in (l.split("=", 1) for l in out.split())}

implied = {"start": [], "end": []}
for name, there, other in (("start", (sa, sb), ea), ("end", (ea, eb), sa)):
    for n, (i, j) in enumerate(spans[name]):
        span_s = (reqs[j][4] + reqs[j][3] - reqs[i][4]) / 1e6
        wall = job(name)["wall_s_runs"][n]
        as_served = replay(i, j)
        moved = replay(i, j, (there[0], there[1], other))
        # what moving this run's swap to the other end costs (end) or saves (start), in s
        delta = (moved["replay_us"] - as_served["replay_us"]) / 1e6
        implied[name].append(delta if name == "start" else -delta)
        cnt = {}
        for q in reqs[i:j + 1]:
            cnt[region(q[1])] = cnt.get(region(q[1]), 0) + 1
        switches = sum(1 for a, b in zip(reqs[i:j], reqs[i + 1:j + 1])
                       if region(a[1]) != region(b[1]))
        print("%-5s run %d: %d requests in %.1f s of the log (wall_s %.1f): by area %s, %d "
              "switches between areas; disk time as served %.1f s (drawn rotation %.1f s), "
              "with the swap moved to the %s %.1f s" % (
                  name, n + 1, as_served["replay_requests"], span_s, wall, cnt, switches,
                  as_served["replay_us"] / 1e6, as_served["served_us"] / 1e6,
                  "end" if name == "start" else "start", moved["replay_us"] / 1e6))
        if moved["mapped_requests"] == 0:
            bad.append("%s run %d: no request of the job in its swap partition" % (name, n + 1))
        # the span must be the job: its duration is the job's wall time up to the set-up and
        # teardown outside wall_s (the syncfs before, the last writeback after)
        if not (0.8 * wall <= span_s <= 1.25 * wall + 2):
            bad.append("%s run %d: the log's job span %.1f s is not the job's wall_s %.1f s" % (
                name, n + 1, span_s, wall))

start_w, end_w = job("start")["wall_s"], job("end")["wall_s"]
imp = sum(implied["start"]) / len(implied["start"])
imp_end = sum(implied["end"]) / len(implied["end"])
rank = [x.get("placement") for x in ((r.get("analysis") or {}).get("build") or {}).get("ranking") or []]
sve = ((r.get("analysis") or {}).get("build") or {}).get("start_vs_end") or {}
print("build-job: start %.1f s, end %.1f s; end - start %.1f s, end / start %.3f; "
      "implied margin %.1f s (from the start runs %s; from the end runs %s, mean %.1f s); "
      "measured / implied %.2f (want >= %.2f); ranking %s; start_vs_end %s" % (
          start_w, end_w, end_w - start_w, end_w / start_w, imp,
          ["%.1f" % x for x in implied["start"]], ["%.1f" % x for x in implied["end"]], imp_end,
          (end_w - start_w) / imp if imp > 0 else float("nan"), FRACTION, rank, sve))
# one line of key=value for bench/bench.sh's table
print("model-vs-measured: start_wall_s=%.2f end_wall_s=%.2f implied_s=%.2f "
      "implied_end_runs_s=%.2f fraction=%.2f start_swapin_p50_us=%s end_swapin_p50_us=%s" % (
          start_w, end_w, imp, imp_end, FRACTION,
          (res["start"].get("fault_probe") or {}).get("p50_us"),
          (res["end"].get("fault_probe") or {}).get("p50_us")))
if "start" not in rank or "end" not in rank or rank.index("start") > rank.index("end"):
    bad.append("analysis.build.ranking %s does not put start before end" % rank)
if not imp > 0:
    bad.append("the model implies no margin (%.2f s): the job's swap and files never met" % imp)
elif end_w - start_w < FRACTION * imp:
    bad.append("end - start = %.1f s, less than %.0f %% of the implied %.1f s" % (
        end_w - start_w, 100 * FRACTION, imp))
for m in bad:
    print("check:", m)
sys.exit(1 if bad else 0)
EOF
vm_log "pass"
