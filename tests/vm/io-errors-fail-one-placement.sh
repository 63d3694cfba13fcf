#!/bin/bash
# tests/vm/io-errors-fail-one-placement.sh - an I/O error fails one placement and nothing else
# (docs/safety.md, "Faults"). The stick boots (SeaBIOS) unattended; its target HDD is served by
# build/tests/nbd-hdd with --fault fail over a range inside the END partition: a block written
# there reads back as an NBD EIO, so the end partition's device probe (which reads blocks never
# written) passes and the first swap-in of a page written there fails. The guest's kernel
# answers that with SIGBUS to the fault probe's worker and logs "I/O error, dev sda, sector N".
# The run must finish and power off, and the report on the stick must have: end failed, with an
# error that names the I/O error and kernel_log lines saying "I/O error"; start and zram-lz4 ok
# with real swap-ins; every format written (report.txt and the HTML say ERROR for end). The
# fault range is checked against the end partition's extents in the report, so the test cannot
# pass by faulting another placement's blocks. Light run: start, end, zram-lz4, 4 s each.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-hddmodel.sh"
DISK=$((3 * 1024 * 1024 * 1024))
SWAP=$((160 * 1024 * 1024))
# the end partition as the plan lays it out (core/plan.c): it ends at GPT's last usable LBA
# and starts swap_size before, aligned down to 1 MiB; the report's extents check this below.
# The fault range is all of it but its first 4 KiB (the swap header, which swapon must read).
LAST=$((DISK / 512 - 34))
START=$(((LAST + 1 - SWAP / 512) / 2048 * 2048))
LO=$((START * 512 + 4096))
HI=$(((LAST + 1) * 512 / 4096 * 4096))
# a fast disk: the model's delays are not what this is about
MODEL=(--size $DISK --rpm 100000 --t2t-ms 0 --full-ms 0 --outer-mbs 2000 --inner-mbs 2000)

vm_setup seabios
model_server_start "${MODEL[@]}" --fault-range "$LO-$HI" --fault fail
vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
budget = 48M
swap_size = 160M
time_per_placement = 4
only = start,end,zram-lz4
scenario = none
profile_time = 0
EOF
vm_grub "panic=-1"
vm_start "${VM_BOOT_TIMEOUT:-300}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"
stop_server
sed 's/^/server: /' "$VM_DIR/server.out"
grep -Eq '^nbd-hdd: faulted_reads=[1-9]' "$VM_DIR/server.out" || vm_fail "the server failed no read: the fault was never met"

python3 - "$VM_DIR/out/reports" "$LO" "$HI" <<'PY' || vm_fail "the report does not show end failed by an I/O error beside ok placements"
import glob, json, os, sys

top, lo, hi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
if len(found) != 1:
    sys.exit("want exactly one reports/*/report.json, found %d" % len(found))
d = os.path.dirname(found[0])
bad = []
for name in ("report.txt", "report.html", "summary.csv", "report.pdf"):
    p = os.path.join(d, name)
    if not (os.path.exists(p) and os.path.getsize(p) > 0):
        bad.append("no %s on the stick" % name)
r = json.load(open(found[0]))
res = {x["placement"]: x for x in r["results"]}
for k, x in res.items():
    print("  %-10s %-7s error=%r reason=%r" % (k, x["status"], x.get("error"), x.get("reason")))
    for l in x.get("kernel_log") or []:
        print("             kernel: %s" % l)
end = res.get("end") or {}
ext = end.get("extents") or []
if not any(e["start_sector"] * 512 <= lo and hi <= (e["start_sector"] + e["sectors"]) * 512 for e in ext):
    bad.append("the fault range %d-%d is not inside the end partition %s" % (lo, hi, ext))
if end.get("status") != "failed":
    bad.append("end: status %s, want failed" % end.get("status"))
if "I/O error" not in (end.get("error") or ""):
    bad.append("end: the error does not say I/O error: %r" % end.get("error"))
if not any("I/O error" in l for l in end.get("kernel_log") or []):
    bad.append("end: no kernel_log line says I/O error: %r" % end.get("kernel_log"))
for name in ("start", "zram-lz4"):
    x = res.get(name) or {}
    if x.get("status") != "ok" or not ((x.get("fault_probe") or {}).get("real_swapins") or 0) > 0:
        bad.append("%s: %s (%s), want ok with real swap-ins" % (name, x.get("status"), x.get("reason")))
    if x.get("error") or x.get("kernel_log"):
        bad.append("%s: an error or kernel lines that are end's: %r" % (name, x.get("error")))
ranking = ((r.get("analysis") or {}).get("ranking")) or []
if any((e.get("placement") if isinstance(e, dict) else e) == "end" for e in ranking):
    bad.append("end is in the latency ranking")
txt = open(os.path.join(d, "report.txt"), errors="replace").read()
if "ERROR" not in txt or "I/O error" not in txt:
    bad.append("report.txt does not say ERROR ... I/O error")
html = open(os.path.join(d, "report.html"), errors="replace").read()
if "ERROR: I/O error" not in html:
    bad.append("report.html does not say ERROR: I/O error")
for b in bad:
    print("report:", b)
sys.exit(1 if bad else 0)
PY
vm_serial_has "swapplace: warning: 'end' failed: I/O error" || vm_fail "the console did not say end failed"
vm_log "pass"
