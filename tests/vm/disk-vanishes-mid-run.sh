#!/bin/bash
# tests/vm/disk-vanishes-mid-run.sh - a disk pulled in the middle of a run (docs/safety.md,
# "Faults"). The stick boots (SeaBIOS) unattended with the HDD as the target and a USB disk on
# the xHCI controller as the --also device; when the console says the USB disk's placement
# (dev-*) is being measured, QMP's device_del pulls it, as a person pulling the cable would.
# The run must not hang: the guest powers off within the deadline, every report format is on
# the stick, dev-* is failed with an error saying the disk disappeared, start and zram-lz4 (the
# other disk and RAM) are ok with real swap-ins, and none (measured after the pull) is there.
# The pulled disk's swap area cannot be switched off (swapoff needs the device): the run must
# say so on the console and in the error, and the NVMe disk's placement, after it, must not be
# measured beside that area (failed: "not measured: the swap area ... is still active").
# Light run: start, zram-lz4, the USB disk, the NVMe disk, none, 4 s each.
. "$(dirname "$0")/lib.sh"
VM_USB_SERIAL=SPUSB0001
command -v python3 >/dev/null || vm_skip "needs python3"

vm_setup seabios
truncate -s 1G "$VM_DIR/usb.raw" || vm_fail "cannot make usb.raw"
VM_EXTRA_ARGS=(-drive "if=none,id=usbd,format=raw,file=$VM_DIR/usb.raw"
	-device "usb-storage,bus=xhci.0,drive=usbd,serial=$VM_USB_SERIAL,id=victim"
	-qmp "unix:$VM_DIR/qmp.sock,server=on,wait=off")
vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
also = $VM_USB_SERIAL,$VM_NVME_SERIAL
budget = 48M
swap_size = 160M
time_per_placement = 4
only = start,zram-lz4,dev,none
scenario = none
profile_time = 0
EOF
vm_grub "panic=-1"
vm_start "${VM_BOOT_TIMEOUT:-300}"

# qmp COMMAND-JSON...: the capabilities handshake, then each command; prints the replies
qmp() {
	python3 - "$VM_DIR/qmp.sock" "$@" <<'PY'
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
f = s.makefile("rw")
json.loads(f.readline())  # the greeting
for cmd in ['{"execute":"qmp_capabilities"}'] + sys.argv[2:]:
    f.write(cmd + "\n"); f.flush()
    while True:
        r = json.loads(f.readline())
        if "event" in r:
            continue
        print(json.dumps(r))
        if "error" in r:
            sys.exit(1)
        break
PY
}

pulled=""
while kill -0 "$VM_PID" 2>/dev/null && [ "$(date +%s)" -lt "$VM_DEADLINE" ]; do
	if vm_serial_has "measuring 'dev-"; then
		sleep 3 # into its probes
		vm_log "pulling the USB disk (device_del victim)"
		qmp '{"execute":"device_del","arguments":{"id":"victim"}}' || vm_fail "QMP device_del failed"
		pulled=1
		break
	fi
	sleep 0.5
done
[ -n "$pulled" ] || vm_fail "the console never said the USB disk's placement was measured"
vm_wait_poweroff
vm_reports "$VM_DIR/out"

python3 - "$VM_DIR/out/reports" <<'PY' || vm_fail "the report does not show the pulled disk's placement failed beside ok ones"
import glob, json, os, sys

found = sorted(glob.glob(os.path.join(sys.argv[1], "*", "report.json")))
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
dev = [k for k in res if k.startswith("dev-") and k != "dev-nvme0n1"]
if len(dev) != 1:
    bad.append("want one dev-* result for the USB disk, have %s" % dev)
else:
    x = res[dev[0]]
    if x.get("status") != "failed":
        bad.append("%s: status %s, want failed" % (dev[0], x.get("status")))
    if "disappeared" not in (x.get("error") or ""):
        bad.append("%s: the error does not say the disk disappeared: %r" % (dev[0], x.get("error")))
    if "stayed active" not in (x.get("error") or ""):
        bad.append("%s: the error does not say its swap area stayed active: %r" % (dev[0], x.get("error")))
nv = res.get("dev-nvme0n1") or {}
if nv.get("status") != "failed" or not (nv.get("error") or "").startswith("not measured: the swap area"):
    bad.append("dev-nvme0n1: %s %r, want failed, not measured beside the stuck area" % (nv.get("status"), nv.get("error")))
for name in ("start", "zram-lz4"):
    x = res.get(name) or {}
    if x.get("status") != "ok" or not ((x.get("fault_probe") or {}).get("real_swapins") or 0) > 0:
        bad.append("%s: %s (%s), want ok with real swap-ins" % (name, x.get("status"), x.get("reason")))
if "none" not in res:
    bad.append("no none result: the run did not go on after the pull")
txt = open(os.path.join(d, "report.txt"), errors="replace").read()
if "disappeared" not in txt:
    bad.append("report.txt does not say the disk disappeared")
for b in bad:
    print("report:", b)
sys.exit(1 if bad else 0)
PY
vm_serial_has "swapplace: warning: 'dev-[a-z0-9]+' failed: the disk '/dev/[a-z0-9]+' disappeared" ||
	vm_fail "the console did not say the disk disappeared"
vm_serial_has "swapplace: warning: the swap area '/dev/[a-z0-9]+' of 'dev-[a-z0-9]+' is STILL ACTIVE" ||
	vm_fail "the console did not say the pulled disk's swap area is still active"
vm_log "pass"
