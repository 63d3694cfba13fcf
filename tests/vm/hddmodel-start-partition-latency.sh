#!/bin/bash
# tests/vm/hddmodel-start-partition-latency.sh - the appliance measures a spinning disk as the
# disk is: the stick boots (SeaBIOS) unattended with its target HDD served by the modeled disk
# (build/tests/nbd-hdd: seek, rotation and zoned transfer rates, tests/hddmodel/hddmodel.h)
# over NBD to QEMU's ide-hd (rotation_rate=7200, so the guest sees a rotational disk), runs
# only the start placement, and the report's device-probe QD1 median for the start partition
# must be within 20 % of what the model predicts for random 4 KiB reads over exactly that
# partition's byte range, plus the guest's own time per read (measured from the server's log). The prediction comes from build/tests/hddmodel-expect with the same
# parameters the server got and the extents the report recorded: nothing is hard-coded. The
# server's log must show the probe's reads inside that range. The position profile read before
# partitioning must recover the model's zones: its outer/inner sequential-rate ratio within 15 %
# of the model's rates at the same offsets. The fault probe ran in at least 10 blocks, and its
# like-for-like floor (direct reads of the very swap slots) is within 20 % of the swap-in median
# or the report prints the difference with its interval. The estimate the appliance printed
# before it wrote (report.json estimated_s) is within 20 % of the run's duration_s (issue 18):
# it once counted the profile's 30 s budget whole while the profile took 14.8 s (+19 %); the
# plan's short look now says how long the whole profile takes.
# One vCPU (lib.sh's default): on a 2-core host it leaves a core to QEMU's I/O thread and to the server, which
# takes the guest's own per-read time under TCG from ~890 to ~570 us (measured: the idle gaps
# in the server's log); that time is in the guest's median and not in the model.
# Alone (tests/run.sh): beside a booting guest its QD1 median came out 9,470 us against the
# model's 6,445 plus the guest's 1,361 us per read (21 % over); the guest's time per read under
# load is not steady enough for the 20 % this test asks.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-hddmodel.sh"
# the model: an 8 GiB 7200 rpm disk (big enough for both swap partitions and the data one)
MODEL=(--size 8G --rpm 7200 --t2t-ms 1.0 --full-ms 18 --outer-mbs 200 --inner-mbs 100
	--buffer 256K --seed 7)

vm_setup seabios
model_server_start "${MODEL[@]}" --log "$VM_DIR/served.log"

# time_per_placement: the device probe gets a fifth of it and QD1 60 % of that: 7 s here, some
# 1000 reads at ~7 ms, so the median's sampling error (~2 %) leaves room for the guest's own
# per-read overhead under TCG. No build job (this test is about the probe; the job's answer is
# tests/vm/hddmodel-build-job-7200rpm-start-before-end.sh's); the profile gets 30 s, about twice
# what its 100 points take here.
vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
only = start
budget = 48M
swap_size = 160M
time_per_placement = 60
scenario = none
profile_time = 30
EOF
vm_grub "panic=-1"
vm_start "${VM_BOOT_TIMEOUT:-780}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"
stop_server
sed 's/^/server: /' "$VM_DIR/server.out"
# VM_KEEP=DIR keeps the server's log and the reports there (to study a run without a reboot)
if [ -n "${VM_KEEP:-}" ]; then
	mkdir -p "$VM_KEEP" && cp -r "$VM_DIR/served.log" "$VM_DIR/out/reports" "$VM_KEEP/"
fi

python3 - "$VM_DIR/out/reports" "$EXPECT" "$VM_DIR/served.log" "${MODEL[@]}" <<'EOF' || fail "the start partition's latency does not match the model"
import glob, json, os, subprocess, sys

top, expect, log, model = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
if len(found) != 1:
    sys.exit("want exactly one reports/*/report.json, found %d" % len(found))
with open(found[0]) as f:
    r = json.load(f)
start = [x for x in r.get("results", []) if x.get("placement") == "start"]
if len(start) != 1:
    sys.exit("want one 'start' result, found %d" % len(start))
x = start[0]
dp = x.get("device_probe") or {}
qd1 = dp.get("qd1") or {}
ext = x.get("extents") or []
print("start: status=%s device=%s extents=%s" % (x.get("status"), x.get("device"), ext))
if len(ext) != 1:
    sys.exit("the start partition should be one extent, got %r" % ext)
a = ext[0]["start_sector"] * 512
b = a + ext[0]["sectors"] * 512
if dp.get("range_bytes") not in (None, b - a):
    sys.exit("device_probe.range_bytes %s is not the extent's %d bytes" % (dp.get("range_bytes"), b - a))
samples, p50 = qd1.get("samples", 0), qd1.get("p50_us")
if not samples or samples < 100 or p50 is None:
    sys.exit("the QD1 probe kept %s samples (want >= 100), p50 %s" % (samples, p50))
out = subprocess.run([expect] + model + ["--range", str(a), str(b), "--block", "4096",
                                         "--simulate", "200000"],
                     check=True, capture_output=True, text=True).stdout
e = dict(l.split("=", 1) for l in out.split())
mean, sim_p50 = float(e["random_mean_us"]), float(e["simulated_p50_us"])

# what the server served inside the range: 4 KiB reads, with their modeled times, and the idle
# gap before each (its arrival minus the previous request's modeled completion): the time the
# guest and QEMU take per read on top of the disk's, which the guest's median includes
inside, gaps, prev_done = [], [], None
with open(log) as f:
    for line in f:
        op, off, length, us, _, _, _, _, t = line.split()
        if op == "read" and int(length) == 4096 and a <= int(off) < b:
            inside.append(float(us))
            if prev_done is not None:
                gaps.append(float(t) - prev_done)
        prev_done = float(t) + float(us)
inside.sort()
gaps.sort()
# the profile's sequential requests as the disk saw them: sizes and the guest's gap per request
big, big_gaps, prev_done = {}, [], None
with open(log) as f:
    for line in f:
        op, off, length, us, _, _, _, _, t = line.split()
        if op == "read" and int(length) >= 65536:
            big[int(length)] = big.get(int(length), 0) + 1
            if prev_done is not None and 0 <= float(t) - prev_done < 1e5:
                big_gaps.append(float(t) - prev_done)
        prev_done = float(t) + float(us)
big_gaps.sort()
print("  large reads served: %s; gap before each: median %.1f us" % (
    dict(sorted(big.items())), big_gaps[len(big_gaps) // 2] if big_gaps else float("nan")))
served_p50 = inside[len(inside) // 2] if inside else float("nan")
print("start partition [%d, %d) (%.0f MiB at %.0f MiB):" % (a, b, (b - a) / 2**20, a / 2**20))
print("  guest device probe QD1: p50 %.1f us, mean %s us, %d samples (CI %s..%s)" % (
    p50, qd1.get("mean_us"), samples, (qd1.get("ci") or {}).get("p50_lo_us"),
    (qd1.get("ci") or {}).get("p50_hi_us")))
print("  model expected mean %.1f us (simulated median %.1f us); guest p50 / expected = %.3f" % (
    mean, sim_p50, p50 / mean))
print("  server: %d 4 KiB reads served in the range, modeled median %.1f us; idle gap before"
      " each (guest + QEMU per read): median %.1f us" % (len(inside), served_p50,
                                                      gaps[len(gaps) // 2] if gaps else float("nan")))
print("  seq_mib_s %s (model at the partition: %.1f MiB/s); deep iops %s" % (
    dp.get("seq_mib_s"), float(subprocess.run([expect] + model + ["--seq-at", str(a)], check=True,
    capture_output=True, text=True).stdout.split("=")[1]) * 1e6 / 2**20, dp.get("iops")))
fp = x.get("fault_probe") or {}
print("  fault probe: samples %s p50_us %s" % (fp.get("samples"), fp.get("p50_us")))
# the like-for-like floor: direct reads of the very slots the swap-ins read, in the same blocks
# (at page-cluster 0). Within 20 % of the swap-in median, or the report prints the difference
# with its interval; the swap-ins ran in at least 10 blocks.
fl = fp.get("floor") or {}
blocks = fp.get("blocks") or []
floor_bad = []
if len(blocks) < 10:
    floor_bad.append("the fault probe ran in %d blocks (want >= 10)" % len(blocks))
if not fl.get("samples") or not fl.get("p50_us") or not fp.get("p50_us"):
    floor_bad.append("the fault probe has no like-for-like floor: %r" % (fl,))
else:
    rel = fl["p50_us"] / fp["p50_us"]
    with open(os.path.join(os.path.dirname(found[0]), "report.txt")) as f:
        text = " ".join(f.read().split())
    said = [s for s in text.split("- ") if "the kernel's swap path adds" in s]
    print("  like-for-like floor: p50 %.1f us (%d reads, CI %s..%s) vs swap-in p50 %.1f us;"
          " floor / swap-in = %.3f; said: %s" % (fl["p50_us"], fl["samples"],
          (fl.get("ci") or {}).get("p50_lo_us"), (fl.get("ci") or {}).get("p50_hi_us"),
          fp["p50_us"], rel, said[0].strip() if said else "(nothing)"))
    print("model-vs-measured: floor_p50_us=%.1f swapin_p50_us=%.1f" % (fl["p50_us"], fp["p50_us"]))
    if not (0.8 <= rel <= 1.2) and not (said and "(95 % CI" in said[0]):
        floor_bad.append("floor %.1f us is not within 20 %% of the swap-in median %.1f us and"
                         " the report does not print the difference with its interval"
                         % (fl["p50_us"], fp["p50_us"]))
# one line of key=value for bench/bench.sh's table
print("model-vs-measured: qd1_p50_us=%.1f model_mean_us=%.1f qd1_samples=%d" % (p50, mean, samples))
bad = floor_bad
if len(inside) < samples:
    bad.append("the server served %d 4 KiB reads in the range, fewer than the %d QD1 samples"
               % (len(inside), samples))
# The guest's clock counts, per read, the disk's time and the time the guest and QEMU take
# around it (the idle gap the server saw before each read: ~1.1 ms under TCG on an idle host,
# more on a loaded one). A real disk's host adds microseconds, so the expectation is the
# model's mean plus that measured gap; comparing with the model alone failed at 1.18-1.21x
# on a loaded CI host where the gap grew.
gap = gaps[len(gaps) // 2] if gaps else 0.0
want_us = mean + gap
print("  expected with the guest's own per-read time: %.1f + %.1f = %.1f us; guest p50 / that = %.3f" % (
    mean, gap, want_us, p50 / want_us))
if not (0.8 * want_us <= p50 <= 1.2 * want_us):
    bad.append("QD1 median %.1f us is not within 20 %% of the model's %.1f us plus the guest's"
               " %.1f us per read" % (p50, mean, gap))
prof = r.get("profile") or {}
pts = prof.get("points") or []
if len(pts) < 20:
    bad.append("the position profile has %d points (want >= 20)" % len(pts))
else:
    k = max(1, len(pts) // 10)
    # The guest and QEMU add a gap before each request (measured from the server's log), which
    # a real disk's host does not. It is not steady: under TCG each point's run of 1 MiB reads
    # had one gap of 8-17 ms among gaps of ~1 ms, and the guest's clock counts every one (a
    # run-wide median gap left the expected outer rate far too high: the ratio failed at 0.73
    # to 0.76 of the model's). So each point's expected rate uses the mean of the gaps before
    # that point's own timed requests, as the server saw them, around the model's transfer
    # time: the profile is read before partitioning, so before the first write.
    reqs = []
    with open(log) as f:
        for line in f:
            op, off, length, us, _, _, _, _, t = line.split()
            if op == "write":
                break
            reqs.append((op, int(off), int(length), float(us), float(t)))
    def point_gap_s(off):
        # only a request that continues the one just before it in the log: the appliance's
        # `plan` takes its own short look at the same points before the run's profile
        g = [b[4] - (a[4] + a[3]) for a, b in zip(reqs, reqs[1:])
             if a[0] == b[0] == "read" and a[2] == b[2] == 2**20 and
             off <= a[1] < off + (8 << 20) and b[1] == a[1] + a[2]]
        return sum(g) / len(g) / 1e6 if g else (big_gaps[len(big_gaps) // 2] if big_gaps else 0) / 1e6
    def model_rate(off):
        o = subprocess.run([expect] + model + ["--seq-at", str(off)], check=True,
                           capture_output=True, text=True).stdout
        rate = float(o.split("=")[1]) * 1e6  # bytes/s
        return 2**20 / (2**20 / rate + point_gap_s(off))
    got = (sum(p["seq_mib_s"] for p in pts[:k]) / k) / (sum(p["seq_mib_s"] for p in pts[-k:]) / k)
    want = (sum(model_rate(p["offset_bytes"]) for p in pts[:k]) /
            sum(model_rate(p["offset_bytes"]) for p in pts[-k:]))
    print("  profile: %d points in %.1f s; outer/inner sequential rate %.3f, model %.3f (%.3f)" % (
        len(pts), prof.get("duration_s", 0), got, want, got / want))
    print("model-vs-measured: profile_ratio=%.3f model_profile_ratio=%.3f profile_points=%d" % (
        got, want, len(pts)))
    if not (0.85 * want <= got <= 1.15 * want):
        bad.append("profile outer/inner ratio %.3f is not within 15 %% of the model's %.3f" % (got, want))
# the one estimate the appliance printed (the plan's) against the run (issue 18, "one estimate")
dur, est = r.get("duration_s") or 0, r.get("estimated_s") or 0
print("estimate: the run took %.1f s, the plan estimated %.1f s (%+.0f %%)" % (
    dur, est, 100 * (est - dur) / dur if dur else 0))
if not est or not dur:
    bad.append("report.json has no estimate or no duration")
elif abs(est - dur) > 0.2 * dur:
    bad.append("the estimate %.1f s is not within 20 %% of the run's %.1f s" % (est, dur))
for m in bad:
    print("check:", m)
sys.exit(1 if bad else 0)
EOF
vm_log "pass"
