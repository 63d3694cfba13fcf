#!/bin/bash
# tests/vm/boot-32bit-no-long-mode.sh - the stick on a 32-bit-only PC: a Pentium III (QEMU's
# pentium3: no long mode) with 256 MiB of RAM boots it through SeaBIOS, GRUB's `cpuid -l` picks
# the 686 kernel and the i686 initramfs, and the i686 swapplace runs an unattended light sweep
# on a disk on USB 2.0 (usb-storage behind EHCI, the common target on old PCs), leaving a
# complete report on the stick. The IDE disk beside it has another serial and is not touched.
# VM_32BIT_FULL=1 runs the whole sweep instead (every placement, the NVMe as the extra device,
# vm_assert_report's checks; several minutes): not in make check, for a change that may differ
# on 32-bit (sizes, offsets past 4 GiB, the scenarios).
# runner: may run beside another test
# runner: takes about 105 s
. "$(dirname "$0")/lib.sh"
VM_MEM=256
VM_HDD_SERIAL=SPIDE0001 # the bystander on IDE (lib.sh's HDD)
VM_HDD_SIZE=1G
USB_SERIAL=SPUSBHDD0001
# the light run, but 8 s a placement: a USB 2.0 disk under TCG gives a few hundred timed
# touches in 4 s, and then the handful still in the swap cache after eviction weigh too much
vm_setup seabios
kver=$(ls "$TOP/build/pkgs/root/linux-image.i386/lib/modules" 2>/dev/null | head -n 1)
mdir -i "$VM_STICK@@1M" ::/boot/vmlinuz-686 >/dev/null 2>&1 || fail "the image has no /boot/vmlinuz-686"
[ -n "$kver" ] || skip "no unpacked 686 kernel in build/pkgs (make image)"
# 5 GiB (sparse): the 32-bit tool's sizes and offsets (the backup of the last MiB) pass 4 GiB
truncate -s 5G "$VM_DIR/usbhdd.raw" || fail "cannot make usbhdd.raw"
ide_before=$(vm_file_sum "$VM_DIR/hdd.raw")
conf=$(echo "$VM_RUN_CONF_LIGHT" | sed 's/^time_per_placement = .*/time_per_placement = 8/')
[ "${VM_32BIT_FULL:-0}" = 1 ] && conf="also = $VM_NVME_SERIAL
$VM_RUN_CONF"
vm_config <<EOF2
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $USB_SERIAL
confirm = $USB_SERIAL
$conf
EOF2
vm_grub "panic=-1"
VM_EXTRA_ARGS=(-cpu pentium3
	-device usb-ehci,id=ehci
	-drive "if=none,id=usbhd,format=raw,file=$VM_DIR/usbhdd.raw"
	-device "usb-storage,bus=ehci.0,drive=usbhd,serial=$USB_SERIAL")
vm_start "${VM_BOOT_TIMEOUT:-$([ "${VM_32BIT_FULL:-0}" = 1 ] && echo 1200 || echo 300)}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"

# GRUB chose the 32-bit pair, and the guest ran the 686 kernel (its "Linux version" line)
vm_serial_has 'Loading the 32-bit kernel /boot/vmlinuz-686 and /boot/initramfs-686.img' ||
	fail "GRUB did not pick the 32-bit kernel"
vm_serial_has "Linux version $kver " || fail "the guest did not run kernel $kver"
vm_serial_has 'swapplace: \[[0-9]+/[0-9]+\] measuring' || fail "no progress line on the serial console"
# the report: the light run's content, on the USB disk's serial (a disk only the EHCI
# controller's usb-storage reaches), by the i686 tool on that kernel
if [ "${VM_32BIT_FULL:-0}" = 1 ]; then
	VM_HDD_SERIAL=$USB_SERIAL vm_assert_report "$VM_DIR/out"
else
	VM_HDD_SERIAL=$USB_SERIAL vm_assert_report_light "$VM_DIR/out"
fi
python3 - "$VM_DIR/out/reports" "$kver" "$USB_SERIAL" <<'EOF2' || fail "the report is not from the 32-bit guest"
import glob, json, sys
r = json.load(open(glob.glob(sys.argv[1] + "/*/report.json")[0]))
m = r.get("machine") or {}
print("machine: kernel=%r cpu=%r ram_bytes=%s" % (m.get("kernel"), m.get("cpu"), m.get("ram_bytes")))
bad = []
d = [x for x in r.get("devices") or [] if x.get("serial") == sys.argv[3]]
print("target:", d)
if len(d) != 1 or d[0].get("transport") != "usb" or d[0].get("size_bytes") != 5 << 30:
    bad.append("the target is not one usb disk of 5 GiB: %s" % d)
if not str(m.get("kernel", "")).startswith(sys.argv[2] + " "):
    bad.append("kernel %r is not %s" % (m.get("kernel"), sys.argv[2]))
if not 0 < (m.get("ram_bytes") or 0) <= 256 << 20:
    bad.append("ram_bytes %s is not at most 256 MiB" % m.get("ram_bytes"))
sys.exit("; ".join(bad) if bad else 0)
EOF2
[ "$(vm_file_sum "$VM_DIR/hdd.raw")" = "$ide_before" ] || fail "the IDE disk (not the target) changed"
vm_log "pass"
