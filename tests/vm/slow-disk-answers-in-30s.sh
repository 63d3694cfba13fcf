#!/bin/bash
# tests/vm/slow-disk-answers-in-30s.sh - a 5400 rpm disk gives an answer in the time given: the
# stick boots (SeaBIOS) unattended with its target served by the modeled disk over NBD
# (build/tests/nbd-hdd; 5400 rpm with a seek curve whose expected random 4 KiB read over a swap
# partition is ~11 ms, computed by build/tests/hddmodel-expect and checked here, not assumed),
# runs a partition and a swap file (start, file) at 30 s each, and each must be `ok` with
# at least 1,000 timed one-thread swap-ins, real swap-ins behind them (major faults and pswpin),
# a concurrency phase and a swap-out rate, and the run must take within 20 % of the plan's
# estimate (report.json: duration_s vs estimated_s), and so must every progress line's time left
# (report.json progress; or within 2 s).
# The gc scenario (seed 003) runs after the probes on both, at its defaults (--gc-time 10): on this
# disk it must complete within its share of the plan (fill, baseline in RAM and span: 14 s),
# its span ending within it, with every pause listed with its major faults, a pause that faulted
# the metadata back from the disk (pswpin inside them), its allocations timed and its baseline
# in RAM fault-free (issue 17: before, one pause read 70 % of a heap 1.5x the limit, minutes on
# this disk). Measured: 9.4 s and 9.1 s, 3 pauses each, the first with all 77 metadata pages
# faulted (0.47 s), the two after it in cycles cut at 2.5 s without a fault. The build job is off (this is about the answer in its time; the job is an upper-
# bound estimate of its own) and the position profile, read before partitioning, gets 20 s: the
# plan's profile term is 100 points at an assumed HDD's rate capped by that budget (19.2 s), and
# on this disk the profile uses about all of it, so the estimate holds with the profile in it.
# Before the fault probe sized its buffer from the device (core/plan/timing.h) it evicted the whole
# budget first and a disk this slow gave start, end and file `invalid` at 30 s.
# The end partition is left out (it is a partition like start, 35 s of make check; the build
# job's test measures it on a modeled disk).
# One vCPU, lib.sh's default (see hddmodel-start-partition-latency.sh: a core left to QEMU's I/O thread).
# Beside another guest (tests/run.sh): in the CI rehearsal the build-job guests took the same
# time paired as alone (438 and 305 s against 438 and 303 s); the modeled disk's service times
# are slept by the server, and the guest's own time per read is measured, not assumed.
# runner: may run beside another guest
# runner: takes about 160 s
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-hddmodel.sh"
MODEL=(--size 8G --rpm 5400 --t2t-ms 2 --full-ms 36 --outer-mbs 110 --inner-mbs 55
	--buffer 256K --seed 11)

vm_setup seabios
model_server_start "${MODEL[@]}"

vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
only = start,file
budget = 64M
swap_size = 256M
time_per_placement = 30
scenario = gc
profile_time = 20
EOF
vm_grub "panic=-1"
vm_start "${VM_BOOT_TIMEOUT:-900}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"
stop_server

PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$(dirname "$0")" python3 - "$VM_DIR/out/reports" "$EXPECT" "${MODEL[@]}" <<'EOF' || fail "the slow disk gave no answer in its time"
import glob, json, os, subprocess, sys

top, expect, model = sys.argv[1], sys.argv[2], sys.argv[3:]
found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
if len(found) != 1:
    sys.exit("want exactly one reports/*/report.json, found %d" % len(found))
with open(found[0]) as f:
    r = json.load(f)
log = os.path.join(os.path.dirname(found[0]), "run.log")
if os.path.exists(log):
    print("".join(l for l in open(log) if "measured in" in l or "estimated" in l), end="")
bad = []
res = {x.get("placement"): x for x in r.get("results", [])}
for name in ("start", "file"):
    x = res.get(name)
    if not x:
        bad.append("no '%s' result" % name)
        continue
    fp = x.get("fault_probe") or {}
    dp = x.get("device_probe") or {}
    qd1 = dp.get("qd1") or {}
    cc = fp.get("concurrency") or {}
    so = x.get("swapout") or {}
    ext = x.get("extents") or []
    a = ext[0]["start_sector"] * 512 if ext else 0
    b = a + sum(e["sectors"] for e in ext) * 512
    mean = None
    if name != "file" and ext:
        out = subprocess.run([expect] + model + ["--range", str(a), str(b), "--block", "4096"],
                             check=True, capture_output=True, text=True).stdout
        mean = float(out.split("=")[1])
    print("%-5s %s (%.1f s): device QD1 p50 %s us (%s reads; model mean %s us); one-thread "
          "swap-in p50 %s us, %s samples, %s real swap-ins, pswpin %s, buffer %s, rounds %s; "
          "%s threads p50 %s us %s pages/s; swap-out %s pages %s s %s pages/s; reason '%s'" % (
              name, x.get("status"), x.get("elapsed_s", 0), qd1.get("p50_us"),
              qd1.get("samples"), mean and round(mean), fp.get("p50_us"), fp.get("samples"),
              fp.get("real_swapins"), fp.get("pswpin_delta"), fp.get("buffer_bytes"),
              fp.get("rounds"), cc.get("threads"), cc.get("p50_us"), cc.get("pages_per_s"),
              so.get("pages"), so.get("seconds"), so.get("pages_per_s"), x.get("reason")))
    if mean is not None and not (9000 <= mean <= 13000):
        bad.append("%s: the model's mean random read %.0f us is not ~11 ms" % (name, mean))
    if x.get("status") != "ok":
        bad.append("%s is %s: %s" % (name, x.get("status"), x.get("reason")))
    if fp.get("threads") != 1:
        bad.append("%s: the headline was timed at %s threads, not 1" % (name, fp.get("threads")))
    if (fp.get("samples") or 0) < 1000:
        bad.append("%s: %s one-thread swap-ins timed, want >= 1000" % (name, fp.get("samples")))
    if (fp.get("real_swapins") or 0) < (fp.get("samples") or 0) or \
            (fp.get("pswpin_delta") or 0) < 0.95 * (fp.get("real_swapins") or 0):
        bad.append("%s: samples not backed by real swap-ins / pswpin" % name)
    if not cc or (cc.get("threads") or 0) < 2 or not cc.get("real_swapins"):
        bad.append("%s: no concurrency phase" % name)
    if not so or not so.get("pages") or not so.get("pages_per_s"):
        bad.append("%s: no swap-out rate" % name)
    g = (x.get("scenarios") or {}).get("gc") or {}
    b = g.get("baseline") or {}
    pl = g.get("pause_list") or []
    gc_s = (g.get("wall_s") or 0) + (b.get("wall_s") or 0)
    print("%-5s gc %s (%s): %s pauses in %.1f s (span %.1f s, baseline %.1f s), p50 %s p99 %s "
          "worst %s ms, faults in pauses %s, pswpin in them %s, metadata %s pages; each "
          "(ms, faults) %s; alloc %s; in RAM %s pauses p99 %s ms, %s faults, alloc %s" % (
              name, g.get("status"), g.get("reason"), g.get("pauses"), gc_s,
              g.get("span_s") or 0, b.get("wall_s") or 0, g.get("p50_pause_ms"),
              g.get("p99_pause_ms"), g.get("worst_pause_ms"), g.get("faults_in_pauses"),
              g.get("pswpin_in_pauses"), (g.get("meta_bytes") or 0) // 4096,
              [(round(p["ms"], 1), p["faults"]) for p in pl], g.get("alloc_latency"),
              b.get("pauses"), b.get("p99_pause_ms"), b.get("faults_in_pauses"),
              b.get("alloc_latency")))
    if g.get("status") != "ok":
        bad.append("%s: gc is %s: %s" % (name, g.get("status"), g.get("reason")))
    elif len(pl) != g.get("pauses") or not any(p["faults"] > 0 for p in pl) or \
            not g.get("pswpin_in_pauses"):
        bad.append("%s: gc: no pause faulted its metadata back from the disk" % name)
    elif not (g.get("alloc_latency") or {}).get("p99_us"):
        bad.append("%s: gc: allocations not timed" % name)
    elif b.get("status") != "ok" or b.get("faults_in_pauses") != 0 or not b.get("pauses"):
        bad.append("%s: gc: the baseline in RAM was not ok without faults: %s" % (name, b))
    # its share in the plan: 3 s of fill, the 1 s baseline and the 10 s span
    elif (g.get("span_s") or 0) > 10 or gc_s > 14:
        bad.append("%s: gc took %.1f s (span %.1f s), past its share of 14 s" % (
            name, gc_s, g.get("span_s") or 0))
prof = r.get("profile") or {}
print("profile: %d points in %.1f s" % (len(prof.get("points") or []), prof.get("duration_s") or 0))
dur, est = r.get("duration_s") or 0, r.get("estimated_s") or 0
print("run: %.1f s, the plan estimated %.1f s (%.0f %%)" % (dur, est, 100 * dur / est if est else 0))
if not est or not (0.8 * est <= dur <= 1.2 * est):
    bad.append("the run took %.1f s, not within 20 %% of the estimate %.1f s" % (dur, est))
from vmreport import progress_within
progress_within(r, 20, bad)
for m in bad:
    print("check:", m)
sys.exit(1 if bad else 0)
EOF
vm_log "pass"
