#!/bin/bash
# tests/vm/boot-seabios-unattended.sh - the image boots from a USB stick with SeaBIOS (BIOS
# GRUB) on a 256 MiB PC, runs unattended on the HDD (ide-hd on i440fx's PIIX: the IDE target)
# with the NVMe as the extra device, powers off, and leaves a report on the stick with real
# swap-ins for every placement. The CPU has long mode, so GRUB picks the 64-bit kernel, not the
# 686 one beside it (boot-32bit-no-long-mode.sh: the other way, with a USB-attached target).
# The config has no budget line, so the budget is the one chosen from the RAM (core/config/budget.h):
# the plan on the console, report.json and report.txt must say 25 % of the guest's RAM, and
# neither swapplace nor the init may meet the global OOM killer (memory cgroup OOM kills of
# the probes' workloads are the measurement, not a failure). Before the budget followed the
# RAM, a sweep in 256 MiB (with the default swap size, which a 256 MiB budget needs) took
# 4 min 18 s for an estimate of 1 min 13 s, and file, zram-lzo and zram-lz4hc measured no
# latency: a 256 MiB limit in 205 MiB of RAM never bites, the whole machine thrashes instead.
# runner: may run beside another test
# runner: takes about 210 s
. "$(dirname "$0")/lib.sh"
VM_MEM=256
VM_RUN_CONF=$(echo "$VM_RUN_CONF" | grep -v '^budget')
vm_unattended seabios
vm_serial_has 'Loading the 64-bit kernel /boot/vmlinuz and /boot/initramfs.img' ||
	fail "GRUB did not pick the 64-bit kernel on a CPU with long mode"
vm_serial_has 'Linux version [^ ]*-amd64 ' || fail "the guest did not run the amd64 kernel"
if tr -d '\r' <"$VM_DIR/serial.log" | grep -E 'Out of memory: Killed process|Kernel panic|Attempted to kill init'; then
	fail "the global OOM killer or a panic struck (above)"
fi
vm_unattended_check
plan_budget=$(tr -d '\r' <"$VM_DIR/serial.log" | grep -E '^budget: ' | head -n 1)
vm_log "plan: $plan_budget"
[[ $plan_budget =~ ^budget:\ [0-9]+\ MiB,\ 25\ %\ of\ [0-9]+\ MiB\ RAM\ \(floor\ 32\ MiB,\ ceiling\ 256\ MiB\)$ ]] ||
	fail "the plan does not show a budget of 25 % of the RAM"
python3 - "$VM_DIR/out/reports" <<'PY' || fail "the report does not carry the budget chosen from the RAM"
import glob, json, os, sys

found = sorted(glob.glob(os.path.join(sys.argv[1], "*", "report.json")))
r = json.load(open(found[0]))
d = os.path.dirname(found[0])
MiB = 1 << 20
ram, budget = r["machine"]["ram_bytes"], r["budget_bytes"]
want = ram * 25 // 100 // MiB * MiB
print("machine: %d MiB RAM; budget %d MiB (%s, want %d MiB); MemAvailable %d MiB at the plan" % (
    ram // MiB, budget // MiB, r.get("budget_source"), want // MiB,
    (r.get("mem_available_bytes") or 0) // MiB))
bad = []
if not ram < 256 * MiB:
    bad.append("the guest has %d bytes of RAM, not under 256 MiB" % ram)
if r.get("budget_source") != "ram" or r.get("budget_ram_pct") != 25 or budget != want:
    bad.append("budget %d (%s, %s %%) is not 25 %% of the RAM, %d" % (
        budget, r.get("budget_source"), r.get("budget_ram_pct"), want))
# the method's sentence, wrapped at 80 columns: compared with its line breaks undone
line = "a memory budget of %d MiB, 25 %% of %d MiB RAM (floor 32 MiB, ceiling 256 MiB)" % (budget // MiB, ram // MiB)
if line not in " ".join(open(os.path.join(d, "report.txt"), errors="replace").read().split()):
    bad.append("report.txt lacks '%s'" % line)
if not budget + (r.get("budget_headroom_bytes") or 0) <= (r.get("mem_available_bytes") or 0):
    bad.append("budget and headroom exceed MemAvailable")
for b in bad:
    print("report:", b)
sys.exit(1 if bad else 0)
PY
vm_log "pass"
