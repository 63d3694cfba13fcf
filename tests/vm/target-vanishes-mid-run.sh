#!/bin/bash
# tests/vm/target-vanishes-mid-run.sh - the target disk itself pulled in the middle of a run
# (docs/safety.md, "Faults"). The stick boots (SeaBIOS) unattended with a USB disk on the xHCI
# controller as the target; when the console says 'end' is being measured, QMP's device_del
# pulls it. The run must not hang on the vanished target (its swap area, the data filesystem
# mounted from it, the partitions it holds): the guest powers off within the deadline with
# every report format on the stick; start (measured before) ok; end failed with "the disk ...
# disappeared" and "stayed active" (swapoff cannot open a vanished device); zram-lz4 failed as
# not measured beside that area; none measured. Light run: start, end, zram-lz4, none, 4 s each.
. "$(dirname "$0")/lib.sh"
VM_USB_SERIAL=SPUSB0001
command -v python3 >/dev/null || vm_skip "needs python3"

vm_setup seabios
truncate -s 3G "$VM_DIR/usb.raw" || vm_fail "cannot make usb.raw"
VM_EXTRA_ARGS=(-drive "if=none,id=usbd,format=raw,file=$VM_DIR/usb.raw"
	-device "usb-storage,bus=xhci.0,drive=usbd,serial=$VM_USB_SERIAL,id=victim"
	-qmp "unix:$VM_DIR/qmp.sock,server=on,wait=off")
vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_USB_SERIAL
confirm = $VM_USB_SERIAL
budget = 48M
swap_size = 160M
time_per_placement = 4
only = start,end,zram-lz4,none
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
	if vm_serial_has "measuring 'end'"; then
		sleep 3 # into its probes
		vm_log "pulling the USB disk (device_del victim)"
		qmp '{"execute":"device_del","arguments":{"id":"victim"}}' || vm_fail "QMP device_del failed"
		pulled=1
		break
	fi
	sleep 0.5
done
[ -n "$pulled" ] || vm_fail "the console never said end was measured"
vm_wait_poweroff
vm_reports "$VM_DIR/out"

python3 - "$VM_DIR/out/reports" <<'PY' || vm_fail "the report does not show the pulled target's placements as it must"
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
start, end, z = res.get("start") or {}, res.get("end") or {}, res.get("zram-lz4") or {}
if start.get("status") != "ok" or not ((start.get("fault_probe") or {}).get("real_swapins") or 0) > 0:
    bad.append("start: %s (%s), want ok with real swap-ins" % (start.get("status"), start.get("reason")))
e = end.get("error") or ""
if end.get("status") != "failed" or "disappeared" not in e or "stayed active" not in e:
    bad.append("end: %s %r, want failed: the disk disappeared, its area stayed active" % (end.get("status"), e))
if z.get("status") != "failed" or not (z.get("error") or "").startswith("not measured: the swap area"):
    bad.append("zram-lz4: %s %r, want not measured beside the stuck area" % (z.get("status"), z.get("error")))
if "none" not in res:
    bad.append("no none result: the run did not go on after the pull")
for b in bad:
    print("report:", b)
sys.exit(1 if bad else 0)
PY
vm_serial_has "swapplace: warning: 'end' failed: the disk '/dev/[a-z0-9]+' disappeared" ||
	vm_fail "the console did not say the target disappeared"
vm_log "pass"
