#!/bin/bash
# tests/vm/refuses-md-and-lvm-members.sh - the appliance's swapplace refuses every member of an
# md RAID array and of an LVM volume group, assembled (the array and the volume hold the disks)
# and stopped (only the signatures are left), and writes nothing on any of them.
#
# The build host's kernel has neither md nor device-mapper; the appliance's Debian kernel has
# both as modules. The guest boots the stick's own kernel and initramfs directly, with a
# test-only archive appended (the kernel unpacks concatenated cpio archives in order, a later
# file replacing an earlier one): a /init that runs this test instead of the appliance, the
# host's mdadm and lvm with their libraries, and md-mod, raid1 and dm-mod from the kernel
# package the image was built from. In the guest: an md RAID1 over the IDE and NVMe disks, an
# LVM volume group with a logical volume on a virtio disk; then `swapplace run` on each of the
# three, the disk's sha256 before and after; then the array stopped and the group deactivated,
# and the same again. The console carries one RESULT line per try; the host requires exit 3,
# the reason, and the same checksum.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
for t in mdadm lvm cpio ldd modinfo; do
	command -v "$t" >/dev/null 2>&1 || PATH=$PATH:/sbin:/usr/sbin
	command -v "$t" >/dev/null 2>&1 || skip "needs $t (tests/install-deps.sh: mdadm lvm2)"
done
kdir=$(ls -d "$TOP"/build/pkgs/root/linux-image/lib/modules/*/kernel/drivers/md 2>/dev/null | head -n 1)
[ -n "$kdir" ] && [ -f "$kdir/md-mod.ko" ] || skip "needs the kernel package in build/pkgs (make image)"
VM_HDD_SIZE=32M VM_NVME_SIZE=32M
vm_setup seabios
VM_LVM_SERIAL=SPLVM0001
truncate -s 32M "$VM_DIR/lvm.raw" || fail "cannot make lvm.raw"
VM_EXTRA_ARGS=(-drive "if=none,id=lv,format=raw,file=$VM_DIR/lvm.raw"
	-device "virtio-blk-pci,drive=lv,serial=$VM_LVM_SERIAL")

# the stick's kernel and initramfs, and the test's archive after it
mcopy -n -i "$VM_STICK@@1M" ::/boot/vmlinuz "$VM_DIR/vmlinuz" || fail "no /boot/vmlinuz on the stick"
mcopy -n -i "$VM_STICK@@1M" ::/boot/initramfs.img "$VM_DIR/initrd" || fail "no /boot/initramfs.img on the stick"
extra=$VM_DIR/extra
mkdir -p "$extra/md" "$extra/sbin"
cp "$kdir/md-mod.ko" "$kdir/raid1.ko" "$kdir/dm-mod.ko" "$extra/md/" || fail "cannot copy the md and dm modules"
for bin in "$(command -v mdadm)" "$(command -v lvm)"; do
	cp "$bin" "$extra/sbin/" || fail "cannot copy $bin"
	for lib in $(ldd "$bin" | awk '/=> \// { print $3 } /^\t\// { print $1 }'); do
		mkdir -p "$extra$(dirname "$lib")"
		cp -L "$lib" "$extra$lib" || fail "cannot copy $lib"
	done
done
cat >"$extra/init" <<'EOF'
#!/bin/sh
# the test's init (tests/vm/refuses-md-and-lvm-members.sh), in place of the appliance's
export PATH=/sbin:/bin:/usr/sbin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /run/lock /tmp /etc/lvm
say() { echo "T: $*"; }
for m in ata_piix sd_mod nvme virtio_pci virtio_blk; do modprobe "$m" 2>/dev/null; done
for m in md-mod raid1 dm-mod; do insmod "/md/$m.ko" || say "FAIL insmod $m"; done
i=0
while [ $i -lt 100 ] && ! { [ -b /dev/sda ] && [ -b /dev/nvme0n1 ] && [ -b /dev/vda ]; }; do
	sleep 0.2
	i=$((i + 1))
done
say "disks: $(cat /proc/partitions | awk 'NR > 2 { printf "%s ", $4 }')"
LVMCONF='devices { obtain_device_list_from_udev=0 use_devicesfile=0 } activation { udev_sync=0 udev_rules=0 monitoring=0 } global { use_lvmpolld=0 }'
lvmq() { lvm "$@" --config "$LVMCONF" >/tmp/lvm.log 2>&1 || { say "FAIL lvm $*"; cat /tmp/lvm.log; }; }
mdadm --create /dev/md0 --run --level=1 --raid-devices=2 --metadata=1.2 --assume-clean \
	/dev/sda /dev/nvme0n1 >/tmp/md.log 2>&1 || { say "FAIL mdadm --create"; cat /tmp/md.log; }
lvmq pvcreate -y /dev/vda
lvmq vgcreate vgsp /dev/vda
lvmq lvcreate -Zn -n lv -L 8M vgsp
sum() { sha256sum "$1" | cut -d' ' -f1; }
try() { # NAME DEV CONFIRM
	b=$(sum "$2")
	out=$(swapplace run --target "$2" --confirm "$3" --swap-size 16M --budget 8M \
		--time-per-placement 2 --profile-time 0 --out /tmp/out 2>&1)
	rc=$?
	a=$(sum "$2")
	[ -n "$b" ] && [ "$a" = "$b" ] && same=yes || same=no
	say "RESULT $1 rc=$rc same=$same: $(echo "$out" | tr '\n' ' ')"
}
say "holders: sda [$(ls /sys/block/sda/holders)] nvme0n1 [$(ls /sys/block/nvme0n1/holders)] vda [$(ls /sys/block/vda/holders)]"
try assembled-sda /dev/sda SPHDD0001
try assembled-nvme0n1 /dev/nvme0n1 SPNVME0001
try active-vda /dev/vda SPLVM0001
lvmq vgchange -an vgsp
mdadm --stop /dev/md0 >/tmp/md.log 2>&1 || { say "FAIL mdadm --stop"; cat /tmp/md.log; }
say "holders: sda [$(ls /sys/block/sda/holders)] nvme0n1 [$(ls /sys/block/nvme0n1/holders)] vda [$(ls /sys/block/vda/holders)]"
try stopped-sda /dev/sda SPHDD0001
try stopped-nvme0n1 /dev/nvme0n1 SPNVME0001
try inactive-vda /dev/vda SPLVM0001
say DONE
sync
poweroff -f
EOF
chmod +x "$extra/init" "$extra"/sbin/*
# the initramfs ends where its zstd stream ends: pad to 512 bytes so the next archive's
# header starts where the kernel looks for one
truncate -s %512 "$VM_DIR/initrd"
(cd "$extra" && find . | sort | cpio -o -H newc -R 0:0 --quiet) >>"$VM_DIR/initrd" ||
	fail "cannot append the test's archive"
VM_KERNEL=$VM_DIR/vmlinuz VM_INITRD=$VM_DIR/initrd VM_APPEND="panic=-1 quiet"
vm_start 150
vm_wait_poweroff
tr -d '\r' <"$VM_DIR/serial.log" | grep '^T: ' >"$VM_DIR/results"
cat "$VM_DIR/results"
grep -q '^T: DONE' "$VM_DIR/results" || fail "the guest's test did not finish"
grep -q '^T: FAIL' "$VM_DIR/results" && fail "setting up md or LVM in the guest failed"
grep -q '^T: holders: sda \[md0\] nvme0n1 \[md0\] vda \[dm-0\]' "$VM_DIR/results" ||
	fail "the array and the volume did not hold the disks"
grep -q '^T: holders: sda \[\] nvme0n1 \[\] vda \[\]' "$VM_DIR/results" ||
	fail "the array and the volume still held the disks after stopping"
# want NAME REGEX: the try NAME exited 3, left its disk as it was, and said REGEX
want() {
	local line
	line=$(grep "^T: RESULT $1 " "$VM_DIR/results") || fail "no result for $1"
	echo "$line" | grep -q " rc=3 " || fail "$1: not refused (exit 3): $line"
	echo "$line" | grep -q " same=yes: " || fail "$1: the disk's bytes changed: $line"
	echo "$line" | grep -Eq -- "$2" || fail "$1: the reason does not say /$2/: $line"
}
want assembled-sda "has holders: md0.*is a member of an md RAID array \(linux_raid_member\)"
want assembled-nvme0n1 "has holders: md0.*is a member of an md RAID array \(linux_raid_member\)"
want active-vda "has holders: dm-0.*is a member of an LVM volume group \(LVM2_member\)"
want stopped-sda "'/dev/sda' is a member of an md RAID array \(linux_raid_member\)"
want stopped-nvme0n1 "'/dev/nvme0n1' is a member of an md RAID array \(linux_raid_member\)"
want inactive-vda "'/dev/vda' is a member of an LVM volume group \(LVM2_member\)"
vm_log "pass"
