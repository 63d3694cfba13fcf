#!/bin/bash
# tests/vm/corrupt-reads-are-integrity-mismatch.sh - a disk that returns wrong bytes is caught as
# corruption, never measured as a latency (docs/safety.md, "Faults"). As
# io-errors-fail-one-placement.sh, but nbd-hdd serves the END partition's written blocks with
# their bytes inverted (--fault corrupt) and no error: the kernel swaps the pages in without
# complaint, and only the fault probe's page integrity check can see it. The report on the
# stick must have: end failed with an error saying corruption, integrity.mismatches > 0, the
# analysis' first verdict integrity-mismatch, end in no latency ranking; start and zram-lz4 ok
# with no mismatch; every format written. Light run: start, end, zram-lz4, 4 s each.
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
model_server_start "${MODEL[@]}" --fault-range "$LO-$HI" --fault corrupt
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
grep -Eq '^nbd-hdd: faulted_reads=[1-9]' "$VM_DIR/server.out" || vm_fail "the server corrupted no read: the fault was never met"

python3 - "$VM_DIR/out/reports" "$LO" "$HI" <<'PY' || vm_fail "the report does not show end's corruption as it must"
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
    print("  %-10s %-7s integrity=%s error=%r reason=%r" % (k, x["status"], x.get("integrity"),
          x.get("error"), x.get("reason")))
end = res.get("end") or {}
ext = end.get("extents") or []
if not any(e["start_sector"] * 512 <= lo and hi <= (e["start_sector"] + e["sectors"]) * 512 for e in ext):
    bad.append("the fault range %d-%d is not inside the end partition %s" % (lo, hi, ext))
if end.get("status") != "failed":
    bad.append("end: status %s, want failed" % end.get("status"))
if not ((end.get("integrity") or {}).get("mismatches") or 0) > 0:
    bad.append("end: no integrity mismatch: %r" % end.get("integrity"))
if not (end.get("error") or "").startswith("corruption:"):
    bad.append("end: the error does not say corruption: %r" % end.get("error"))
for name in ("start", "zram-lz4"):
    x = res.get(name) or {}
    if x.get("status") != "ok" or not ((x.get("fault_probe") or {}).get("real_swapins") or 0) > 0:
        bad.append("%s: %s (%s), want ok with real swap-ins" % (name, x.get("status"), x.get("reason")))
    if (x.get("integrity") or {}).get("mismatches"):
        bad.append("%s: mismatches that are end's: %r" % (name, x.get("integrity")))
a = r.get("analysis") or {}
verdicts = [v.get("kind") if isinstance(v, dict) else v for v in a.get("verdict") or []]
print("verdicts:", verdicts)
if not verdicts or verdicts[0] != "integrity-mismatch":
    bad.append("the first verdict is not integrity-mismatch: %s" % verdicts)
def names(x):
    return [(e.get("placement") if isinstance(e, dict) else e) for e in x or []]
if "end" in names(a.get("ranking")):
    bad.append("end is in the latency ranking")
for b in bad:
    print("report:", b)
sys.exit(1 if bad else 0)
PY
vm_serial_has "swapplace: warning: 'end' failed: corruption:" || vm_fail "the console did not say end failed by corruption"
vm_log "pass"
