#!/bin/bash
# tests/vm/target-vanishes-mid-run.sh - the target disk itself pulled in the middle of a run
# (docs/safety.md, "Faults"). The stick boots (SeaBIOS) unattended with a USB disk on the xHCI
# controller as the target; when the console says 'end' is being measured, QMP's device_del
# pulls it. The run must not hang on the vanished target (its swap area, the data filesystem
# mounted from it, the partitions it holds): the guest powers off within the deadline with
# every report format on the stick; start (measured before) ok; end failed with "the disk ...
# disappeared" and "stayed active" (swapoff cannot open a vanished device); zram-lz4 failed as
# not measured beside that area; none measured. Light run: start, end, zram-lz4, none, 4 s each.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
VM_USB_SERIAL=SPUSB0001
command -v python3 >/dev/null || skip "needs python3"

vm_setup seabios
truncate -s 3G "$VM_DIR/usb.raw" || fail "cannot make usb.raw"
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

vm_pull_when "measuring 'end'" victim
vm_wait_poweroff
vm_reports "$VM_DIR/out"

PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$(dirname "$0")" python3 - "$VM_DIR/out/reports" <<'PY' || fail "the report does not show the pulled target's placements as it must"
import sys
from vmreport import finish, one_report, want_not_beside_stuck, want_ok

bad = []
d, r, res = one_report(sys.argv[1], bad)
want_ok(res, ("start",), bad)
end = res.get("end") or {}
e = end.get("error") or ""
if end.get("status") != "failed" or "disappeared" not in e or "stayed active" not in e:
    bad.append("end: %s %r, want failed: the disk disappeared, its area stayed active" % (end.get("status"), e))
want_not_beside_stuck(res, "zram-lz4", bad)
if "none" not in res:
    bad.append("no none result: the run did not go on after the pull")
finish(bad)
PY
vm_serial_has "swapplace: warning: 'end' failed: the disk '/dev/[a-z0-9]+' disappeared" ||
	fail "the console did not say the target disappeared"
vm_log "pass"
