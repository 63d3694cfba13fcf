#!/bin/bash
# tests/vm/small-ram-256m-usb-target-sweep.sh - the 64-bit stick on a 256 MiB PC whose target
# is a USB-attached disk (a USB HDD, common on old PCs): booted by SeaBIOS on i440fx with
# -m 256, an unattended sweep of every default placement (start, end, file, each zram
# compressor, zswap, none; light timing, no scenario) WITHOUT a budget line, so the budget is
# the one chosen from the RAM (core/budget.h). Passes when the report is complete (json, txt,
# html, csv, pdf), the target is the USB disk (transport usb), every disk placement measured
# real swap-ins with integrity checked, the budget in report.json, report.txt and the plan on
# the console is 25 % of the guest's RAM (not the ceiling, not given), and neither swapplace
# nor the init met the global OOM killer (memory cgroup OOM kills of the probes' workloads are
# the measurement, not a failure). Before the budget followed the RAM, this run (with the
# default swap size, which a 256 MiB budget needs) took 4 min 18 s for an estimate of 1 min
# 13 s, and file, zram-lzo and zram-lz4hc measured no latency: a 256 MiB limit in 205 MiB of
# RAM never bites, the whole machine thrashes instead. The IDE target on i440fx is boot-seabios-unattended's, AHCI
# (q35) boot-ovmf-unattended's and boot-secureboot-unattended's, NVMe the SeaBIOS one's --also.
. "$(dirname "$0")/lib.sh"
VM_MEM=256
VM_HDD_SIZE=1G # not the target here: only there so the IDE controller has a disk
USB_SERIAL=SPUSBHDD01
vm_setup seabios
truncate -s 2G "$VM_DIR/usb.raw" || vm_fail "cannot make usb.raw"
VM_EXTRA_ARGS=(-drive "if=none,id=usbhd,format=raw,file=$VM_DIR/usb.raw"
	-device "usb-storage,bus=xhci.0,drive=usbhd,serial=$USB_SERIAL")
# the default placements, light timing, and no budget line
vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $USB_SERIAL
confirm = $USB_SERIAL
swap_size = 160M
time_per_placement = 3
scenario = none
profile_time = 0
EOF
vm_grub "panic=-1"
vm_start "${VM_BOOT_TIMEOUT:-400}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"
vm_serial_has 'swapplace: \[[0-9]+/[0-9]+\] measuring' || vm_fail "no progress line on the serial console"
# the plan as the console showed it
plan_budget=$(tr -d '\r' <"$VM_DIR/serial.log" | grep -E '^budget: ' | head -n 1)
vm_log "plan: $plan_budget"
[[ $plan_budget =~ ^budget:\ [0-9]+\ MiB,\ 25\ %\ of\ [0-9]+\ MiB\ RAM\ \(floor\ 32\ MiB,\ ceiling\ 256\ MiB\)$ ]] ||
	vm_fail "the plan does not show a budget of 25 % of the RAM"
if tr -d '\r' <"$VM_DIR/serial.log" | grep -E 'Out of memory: Killed process|Kernel panic|Attempted to kill init'; then
	vm_fail "the global OOM killer or a panic struck (above)"
fi
python3 - "$VM_DIR/out/reports" "$USB_SERIAL" <<'PY' || vm_fail "the report is not what a 256 MiB run must leave"
import glob, json, os, sys

top, serial = sys.argv[1], sys.argv[2]
found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
if len(found) != 1:
    sys.exit("want exactly one reports/*/report.json, found %d: %s" % (len(found), found))
bad = []
d = os.path.dirname(found[0])
if not os.path.basename(d).endswith("-" + serial):
    bad.append("run directory '%s' does not end with the target serial" % d)
for f in ("report.txt", "report.html", "summary.csv", "report.pdf"):
    p = os.path.join(d, f)
    if not (os.path.exists(p) and os.path.getsize(p) > 0):
        bad.append("no %s beside report.json" % f)
r = json.load(open(found[0]))
MiB = 1 << 20
ram, budget = r["machine"]["ram_bytes"], r["budget_bytes"]
want = ram * 25 // 100 // MiB * MiB
print("machine: %d MiB RAM; budget %d MiB (%s, want %d MiB); MemAvailable %d MiB at the plan" % (
    ram // MiB, budget // MiB, r.get("budget_source"), want // MiB,
    (r.get("mem_available_bytes") or 0) // MiB))
if not ram < 256 * MiB:
    bad.append("the guest has %d bytes of RAM, not under 256 MiB" % ram)
if r.get("budget_source") != "ram" or r.get("budget_ram_pct") != 25 or budget != want:
    bad.append("budget %d (%s, %s %%) is not 25 %% of the RAM, %d" % (
        budget, r.get("budget_source"), r.get("budget_ram_pct"), want))
line = "budget      %d MiB, 25 %% of %d MiB RAM (floor 32 MiB, ceiling 256 MiB)" % (budget // MiB, ram // MiB)
if line not in open(os.path.join(d, "report.txt"), errors="replace").read().splitlines():
    bad.append("report.txt lacks '%s'" % line)
if not budget + (r.get("budget_headroom_bytes") or 0) <= (r.get("mem_available_bytes") or 0):
    bad.append("budget and headroom exceed MemAvailable")
tgt = [x for x in r.get("devices", []) if x.get("serial") == serial]
print("target:", [(x.get("path"), x.get("transport"), x.get("size_bytes")) for x in tgt])
if len(tgt) != 1 or tgt[0].get("transport") != "usb":
    bad.append("the target is not one USB-attached disk: %s" % tgt)
res = {x["placement"]: x for x in r.get("results", [])}
print("placements:", ", ".join("%s=%s" % (k, v.get("status")) for k, v in res.items()))
zram = [k for k in res if k.startswith("zram-")]
for name in ["start", "end", "file"] + zram:
    x = res.get(name)
    if x is None:
        bad.append("no '%s' result" % name)
        continue
    fp, integ = x.get("fault_probe") or {}, x.get("integrity") or {}
    print("  %-12s %s real_swapins=%s p50_us=%s pages_checked=%s mismatches=%s %s" % (
        name, x.get("status"), fp.get("real_swapins"), fp.get("p50_us"),
        integ.get("pages_checked"), integ.get("mismatches"), x.get("reason") or ""))
    if integ.get("mismatches", 0):
        bad.append("%s: integrity mismatches" % name)
    if name.startswith("zram-") and x.get("status") != "ok":
        continue
    if x.get("status") != "ok" or not (fp.get("real_swapins") or 0) > 0:
        bad.append("%s: %s, real swap-ins %s (%s)" % (name, x.get("status"), fp.get("real_swapins"), x.get("reason")))
    if not (integ.get("pages_checked") or 0) > 0:
        bad.append("%s: integrity not checked" % name)
if not any(res[k].get("status") == "ok" for k in zram):
    bad.append("no zram compressor measured")
if "none" not in res:
    bad.append("no 'none' baseline")
for b in bad:
    print("report:", b)
sys.exit(1 if bad else 0)
PY
vm_log "pass"
