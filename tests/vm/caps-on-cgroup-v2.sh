#!/bin/bash
# tests/vm/caps-on-cgroup-v2.sh - --cpu-max and --io-max on a real cgroup v2 kernel: the stick
# boots (SeaBIOS, one vCPU) unattended with cpu_max = 0.5 and io_max = 300 in swapplace.conf,
# runs the build job on the start partition (and in RAM alone, its baseline), and its report
# must say both caps were applied where they make sense and show what they did, as the kernel
# counted it in each workload cgroup's cpu.stat and io.stat before the cgroup was removed:
#  - constraints (top level and start's): cpu_applied and io_applied true, reasons empty, the
#    io cap written for the start partition's whole disk (io_device, "MAJ:MIN");
#  - cpu: the quota throttled the job (cpu_throttled_periods > 0, cpu_throttled_us > 0), and
#    the job's CPU time over its cgroups' lifetime stayed within the quota (usage / span at
#    most 0.5 CPU plus 10 %; the ram baseline in the same box got 0.503 CPU, throttled in 64
#    of 65 periods);
#  - io: the job's swap and file traffic went through the capped cgroup on that disk
#    (io_rios + io_wios > 0), at no more than the cap on average over the span (reads and
#    writes each at most 300/s, 20 % for blk-throttle's slice carry-over). This can fail: the
#    same run with VM_CAPS_IO_MAX=100000 (a cap that does not bind) measured 1,156 reads/s and
#    1,517 writes/s, the job 10.7 s instead of 113.6 s (docs/method.md, "Constrained boxes");
#  - the ram baseline ran in the box too: cpu applied, io moot ("no swap device");
#  - the cache scenario (seed 002) on a cgroup v2 kernel, in the same box: 8 client threads,
#    its three pool sizes each ok or OOM-killed with its reason, at least one ok; every ok case
#    has evicted{pool_bytes, other_bytes} (each process's swap use of its memory) and its swappiness, and
#    pgscan_direct from its own cgroup (pgscan_scope cgroup: v2 counts limit reclaim per
#    cgroup); the largest pool that ran had memory out on swap. This is where cache is proven
#    on v2 in every CI run (the host's root tests run it on v1; docs/method.md, "The cache and
#    cgroup v1's OOM kills").
# The console must list cpu and io among the root's cgroup2 controllers (the init's line).
# Exit codes: 0 pass, 1 fail, 77 skip (lib.sh).
# Its checks are the guest kernel's own accounting (quota, io.stat rates over the span, the
# cache's outcomes), which a guest on the other core slows but does not skew.
# runner: may run beside another guest
# runner: takes about 230 s
. "$(dirname "$0")/lib.sh"

CPU_MAX=${VM_CAPS_CPU_MAX:-0.5}
IO_MAX=${VM_CAPS_IO_MAX:-300} # VM_CAPS_IO_MAX=100000: a control where the cap does not bind

vm_setup seabios
vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
only = start,ram
budget = 48M
swap_size = 160M
time_per_placement = 4
profile_time = 0
scenario = build,cache
cache_time = 1
job_scale = ${VM_CAPS_JOB_SCALE:-0.1}
cpu_max = $CPU_MAX
io_max = $IO_MAX
EOF
vm_grub "panic=-1"
vm_start "${VM_BOOT_TIMEOUT:-600}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"

tr -d '\r' <"$VM_DIR/serial.log" | grep -E 'swapplace: cgroup2 controllers:' | head -n 1
vm_serial_has 'swapplace: cgroup2 controllers:.* cpu( |$)' ||
	fail "the guest's cgroup2 root does not offer the cpu controller"
vm_serial_has 'swapplace: cgroup2 controllers:.* io( |$)' ||
	fail "the guest's cgroup2 root does not offer the io controller"

python3 - "$VM_DIR/out/reports" "$CPU_MAX" "$IO_MAX" <<'EOF' || fail "the caps were not applied, or did nothing measurable"
import glob, json, os, sys

top, cpu_max, io_max = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
if len(found) != 1:
    sys.exit("want exactly one reports/*/report.json, found %d" % len(found))
with open(found[0]) as f:
    r = json.load(f)
bad = []
print("machine: kernel %s, cgroup v%s, %s cores" % (
    r["machine"].get("kernel"), r["machine"].get("cgroup_version"), r["machine"].get("cores")))
if r["machine"].get("cgroup_version") != 2:
    bad.append("the guest's memory controller is not cgroup v2")
c = r.get("constraints") or {}
print("constraints:", json.dumps(c, sort_keys=True))
if c.get("cpu_max") != cpu_max or c.get("io_max_iops") != io_max:
    bad.append("asked caps not recorded: %s" % c)
for k in ("cpu", "io"):
    if c.get(k + "_applied") is not True or c.get(k + "_reason") != "":
        bad.append("top-level %s not applied: %r" % (k, c.get(k + "_reason")))
results = {x["placement"]: x for x in r.get("results", [])}
for name, x in results.items():
    b = ((x.get("scenarios") or {}).get("build") or {})
    print("%s: status=%s build=%s wall_s=%s pswpin=%s pswpout=%s" % (
        name, x.get("status"), b.get("status"), b.get("wall_s"), b.get("pswpin"), b.get("pswpout")))
    print("  constraints:", json.dumps(x.get("constraints"), sort_keys=True))

s = results.get("start") or {}
sc = s.get("constraints") or {}
b = ((s.get("scenarios") or {}).get("build") or {})
# cgroup v2 reclaim does not wait for swap writes that io.max holds back: with the job's
# swap-out throttled to the cap, a charge can run out of reclaim retries and the memcg OOM
# killer ends the job (seen once in CI, unit 2 of 6). That is the kernel's answer to this box,
# and the report says so; the caps' evidence below must hold either way, and the job must have
# swapped through the capped disk before it was killed.
killed = b.get("oom_killed") is True
if s.get("status") != "ok" or (b.get("status") != "ok" and not killed):
    bad.append("start did not run ok: %s / build %s (%s)" % (s.get("status"), b.get("status"), b.get("reason")))
if killed:
    print("start: the build job was OOM-killed under the caps (%s)" % b.get("reason"))
    if not (b.get("pswpout") or 0) > 0:
        bad.append("start: the OOM-killed job swapped nothing out: the io cap was not exercised")
elif not (b.get("pswpin") or 0) > 0:
    bad.append("start: the build job swapped nothing in: the io cap was not exercised")
if not (sc.get("ran") and sc.get("cpu_applied") and sc.get("io_applied")):
    bad.append("start: caps not applied: %s" % sc)
if sc.get("cpu_reason") != "" or sc.get("io_reason") != "":
    bad.append("start: reasons not empty: %r, %r" % (sc.get("cpu_reason"), sc.get("io_reason")))
dev = sc.get("io_device") or ""
if not (":" in dev and dev.endswith(":0")):
    bad.append("start: io_device %r is not a whole disk (MAJ:0)" % dev)
span = sc.get("cgroup_s") or 0
if not span > 0:
    bad.append("start: no cgroup span (cgroup_s %r)" % sc.get("cgroup_s"))
else:
    usage = (sc.get("cpu_usage_us") or 0) / 1e6
    print("start: cpu %.2f s in %.2f s of cgroups = %.3f CPU (cap %.2f); throttled %s of %s periods, %.2f s" % (
        usage, span, usage / span, cpu_max, sc.get("cpu_throttled_periods"), sc.get("cpu_periods"),
        (sc.get("cpu_throttled_us") or 0) / 1e6))
    print("start: io on %s: %s reads (%.0f/s), %s writes (%.0f/s), %s/%s bytes (cap %d IOPS each)" % (
        dev, sc.get("io_rios"), (sc.get("io_rios") or 0) / span, sc.get("io_wios"),
        (sc.get("io_wios") or 0) / span, sc.get("io_rbytes"), sc.get("io_wbytes"), io_max))
    if not (sc.get("cpu_throttled_periods") or 0) > 0 or not (sc.get("cpu_throttled_us") or 0) > 0:
        bad.append("start: the cpu quota never throttled the job")
    if not usage > 0:
        bad.append("start: no cpu usage recorded")
    elif usage / span > cpu_max * 1.1:
        bad.append("start: the job used %.3f CPU, above the %.2f quota" % (usage / span, cpu_max))
    if not (sc.get("io_rios") or 0) + (sc.get("io_wios") or 0) > 0:
        bad.append("start: no io on the capped disk was counted in the job's cgroup")
    for k in ("io_rios", "io_wios"):
        if (sc.get(k) or 0) / span > io_max * 1.2:
            bad.append("start: %s at %.0f/s, above the %d IOPS cap" % (k, sc[k] / span, io_max))

ram = (results.get("ram") or {}).get("constraints") or {}
if not (ram.get("ran") and ram.get("cpu_applied") and ram.get("io_moot")):
    bad.append("ram: the baseline did not run in the box (cpu applied, io moot): %s" % ram)
cache = ((s.get("scenarios") or {}).get("cache") or {})
cases = cache.get("cases") or []
print("start: cache threads %s" % cache.get("threads"))
if cache.get("threads") != 8:
    bad.append("cache: %r client threads, not 8" % cache.get("threads"))
if [c.get("cache_pct") for c in cases] != [50, 75, 100]:
    bad.append("cache: cases %r" % [c.get("cache_pct") for c in cases])
ok = [c for c in cases if c.get("status") == "ok"]
for c in cases:
    print("start: cache %s %%: %s %s ops/s %s si/s %s pgscan %s (%s) allocstall %s evicted %s swappiness %s" % (
        c.get("cache_pct"), c.get("status"), c.get("reason"), c.get("ops_per_s"),
        c.get("swapin_pages_per_s"), c.get("pgscan_direct"), c.get("pgscan_scope"),
        c.get("allocstall"), c.get("evicted"), c.get("swappiness")))
    if c.get("status") != "ok" and not (c.get("oom_killed") and "oom-killed" in (c.get("reason") or "")):
        bad.append("cache %s %%: failed without an OOM kill: %r" % (c.get("cache_pct"), c.get("reason")))
if not ok:
    bad.append("cache: no case ran ok")
for c in ok:
    ev = c.get("evicted") or {}
    if ev.get("pool_bytes") is None or ev.get("other_bytes") is None:
        bad.append("cache %s %%: evicted not read: %r" % (c.get("cache_pct"), ev))
    if not isinstance(c.get("swappiness"), int):
        bad.append("cache %s %%: no swappiness" % c.get("cache_pct"))
    if c.get("pgscan_scope") != "cgroup" or c.get("pgscan_direct") is None:
        bad.append("cache %s %%: pgscan not the cgroup's on v2: %r (%r)" % (
            c.get("cache_pct"), c.get("pgscan_direct"), c.get("pgscan_scope")))
if ok:
    big = ok[-1]
    ev = big.get("evicted") or {}
    if not (ev.get("pool_bytes") or 0) + (ev.get("other_bytes") or 0) > 0:
        bad.append("cache %s %%: nothing of either process out on swap" % big.get("cache_pct"))
for m in bad:
    print("report:", m)
sys.exit(1 if bad else 0)
EOF
vm_log "pass"
