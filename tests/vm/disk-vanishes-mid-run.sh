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
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
VM_USB_SERIAL=SPUSB0001
command -v python3 >/dev/null || skip "needs python3"

vm_setup seabios
truncate -s 1G "$VM_DIR/usb.raw" || fail "cannot make usb.raw"
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

vm_pull_when "measuring 'dev-" victim
vm_wait_poweroff
vm_reports "$VM_DIR/out"

PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$(dirname "$0")" python3 - "$VM_DIR/out/reports" <<'PY' || fail "the report does not show the pulled disk's placement failed beside ok ones"
import os, sys
from vmreport import finish, one_report, want_not_beside_stuck, want_ok

bad = []
d, r, res = one_report(sys.argv[1], bad)
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
want_not_beside_stuck(res, "dev-nvme0n1", bad)
want_ok(res, ("start", "zram-lz4"), bad)
if "none" not in res:
    bad.append("no none result: the run did not go on after the pull")
txt = open(os.path.join(d, "report.txt"), errors="replace").read()
if "disappeared" not in txt:
    bad.append("report.txt does not say the disk disappeared")
finish(bad)
PY
vm_serial_has "swapplace: warning: 'dev-[a-z0-9]+' failed: the disk '/dev/[a-z0-9]+' disappeared" ||
	fail "the console did not say the disk disappeared"
vm_serial_has "swapplace: warning: the swap area '/dev/[a-z0-9]+' of 'dev-[a-z0-9]+' is STILL ACTIVE" ||
	fail "the console did not say the pulled disk's swap area is still active"
vm_log "pass"
