#!/bin/bash
# tests/root/refusal-matrix-writes-nothing.sh - every refusal of `swapplace run`, one after
# another, each on a small loop disk of its own: each must exit 3, say its reason, and leave the
# disk's bytes exactly as they were (sha256 of the whole device before and after).
#
# The cases: a read-only device (losetup -r); an md RAID member on the disk and on a partition
# (a version-1.2 superblock: this host's kernel has no md, so mdadm cannot create an array here;
# the superblock is written as mdadm writes it, and mdadm --examine must accept it); an LVM
# physical volume (lvm pvcreate, which needs no device-mapper); the stick (a FAT partition
# labelled SWAPPLACE) as /dev/loopN, through a symlink, through /dev/disk/by-* where udev made
# one, as its partition, and relabelled but named by the UUID the appliance records at boot;
# a mounted filesystem; a disk too small; a wrong --confirm; and a disk whose size changed
# after `plan --save-plan` (run --plan) and while run was profiling it (the last look before
# the first write), and an --also device that changed then. Assembled arrays and volume
# groups (holders) need md and device-mapper: tests/vm/refuses-md-and-lvm-members.sh.
# Then (issue 19): a loop device over a mounted partition and over a file on the stick; the
# second device of a mounted two-device btrfs; a target or --also device another program holds
# O_EXCL; and more than 256 block-device mounts (in a mount namespace of its own).
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd sfdisk
need_cmd python3
need_cmd mkfs.vfat
need_cmd fatlabel
T0=$(date +%s)
# a plan that needs 305 MiB: the refusals before the size check run on 64 MiB disks
TINY=(--swap-size 16M --budget 8M --time-per-placement 2 --profile-time 0)
n=0

# case NAME DEV WANT ARGS...: one refusal of the matrix (expect_refusal: exit 3, DEV unchanged)
case_() {
	local name=$1 dev=$2
	WANT=$3
	shift 3
	echo "=== $name"
	expect_refusal "$dev" "$@" "${TINY[@]}"
	n=$((n + 1))
}

# md_superblock DEV ROLE: an md version-1.2 superblock of a two-disk RAID1, 4 KiB into DEV,
# with its checksum, as mdadm --create writes it
md_superblock() {
	python3 - "$1" "$2" <<'EOF' || fail "cannot write an md superblock on $1"
import struct, sys, uuid
path, role = sys.argv[1], int(sys.argv[2])
with open(path, "r+b") as f:
    f.seek(0, 2)
    sectors = f.tell() // 512
    max_dev = 2
    sb = bytearray(256 + 2 * max_dev)
    struct.pack_into("<III", sb, 0, 0xa92b4efc, 1, 0)          # magic, major 1, features
    sb[16:32] = uuid.uuid4().bytes                                 # array uuid
    sb[32:43] = b"swapplace:0"                                     # array name
    data = sectors - 4096 - 8
    struct.pack_into("<QIIQII", sb, 64, 0, 1, 0, data, 0, 2)       # ctime raid1 size 2 disks
    struct.pack_into("<QQQ", sb, 128, 4096, data, 8)               # data at 2 MiB, sb at 4 KiB
    struct.pack_into("<I", sb, 160, role)                          # this disk's number
    sb[168:184] = uuid.uuid4().bytes                               # device uuid
    struct.pack_into("<QQQ", sb, 192, 0, 1, 0xffffffffffffffff)    # utime events in-sync
    struct.pack_into("<I", sb, 220, max_dev)
    struct.pack_into("<HH", sb, 256, 0, 1)                         # roles of the two disks
    s = sum(struct.unpack_from("<%dI" % (len(sb) // 4), sb))
    struct.pack_into("<I", sb, 216, ((s & 0xffffffff) + (s >> 32)) & 0xffffffff)
    f.seek(4096)
    f.write(sb)
    f.flush()
EOF
	if command -v mdadm >/dev/null; then
		mdadm --examine "$1" 2>&1 | grep -q 'Checksum : .* - correct' ||
			fail "mdadm does not accept the superblock on $1: $(mdadm --examine "$1" 2>&1)"
	fi
}

# one GPT partition over the whole of DEV; its node into VAR
one_partition() {
	printf 'label: gpt\n,,L\n' | sfdisk -q "$2" >/dev/null || fail "sfdisk $2"
	if [ ! -b "${2}p1" ]; then
		need_cmd partx
		partx -a "$2" 2>/dev/null || partx -u "$2" || fail "partx -a $2"
		at_exit "partx -d '$2'"
	fi
	[ -b "${2}p1" ] || fail "no ${2}p1"
	printf -v "$1" '%s' "${2}p1"
}

# --- read-only
make_loop rw 64M
ro=$(losetup -r -f --show "$(losetup -n -O BACK-FILE "$rw")") || fail "losetup -r"
at_exit "losetup -d '$ro'"
[ "$(blockdev --getro "$ro")" = 1 ] || fail "$ro is not read-only"
case_ "read-only" "$ro" "'$ro' is read-only" --target "$ro" --confirm 67108864

# --- RAID and volume-manager members, not assembled (no kernel md or dm here)
make_loop md 64M
md_superblock "$md" 0
case_ "md member (whole disk)" "$md" "is a member of an md RAID array (linux_raid_member)" \
	--target "$md" --confirm 67108864
make_loop mdp 64M
one_partition part "$mdp"
md_superblock "$part" 1
case_ "md member (on a partition)" "$mdp" \
	"is a member of an md RAID array (linux_raid_member) (on ${part#/dev/})" \
	--target "$mdp" --confirm 67108864
if command -v lvm >/dev/null; then
	make_loop pv 64M
	LVM_SUPPRESS_FD_WARNINGS=1 lvm pvcreate -q -y --config \
		'devices { filter=["a|.*|"] obtain_device_list_from_udev=0 use_devicesfile=0 } activation { udev_sync=0 udev_rules=0 }' \
		"$pv" >/dev/null 2>&1 || fail "lvm pvcreate $pv"
	blkid -p "$pv" | grep -q 'TYPE="LVM2_member"' || fail "pvcreate wrote no PV label on $pv"
	case_ "LVM physical volume" "$pv" "is a member of an LVM volume group (LVM2_member)" \
		--target "$pv" --confirm 67108864
else
	echo "=== LVM physical volume: not tried (no lvm: apt-get install lvm2)"
fi

# --- the stick under other names: a FAT partition labelled SWAPPLACE
make_loop stick 64M
one_partition sp "$stick"
mkfs.vfat -n SWAPPLACE "$sp" >/dev/null || fail "mkfs.vfat $sp"
case_ "stick as /dev/loopN" "$stick" "is the boot medium" --target "$stick" --confirm 67108864
scratch_dir links
ln -s "$stick" "$links/my-disk"
case_ "stick through a symlink" "$stick" "is the boot medium" --target "$links/my-disk" \
	--confirm 67108864
for l in /dev/disk/by-*/*; do
	[ -L "$l" ] && [ "$(readlink -f "$l")" = "$stick" ] || continue
	case_ "stick as $l" "$stick" "is the boot medium" --target "$l" --confirm 67108864
done
case_ "stick's partition" "$stick" "is a partition" --target "$sp" --confirm 67108864
# relabelled: the UUID the appliance recorded at boot still names it
uuid=$(blkid -p -s UUID -o value "$sp")
[ -n "$uuid" ] || fail "no UUID on $sp"
fatlabel "$sp" OTHER >/dev/null 2>&1 || fail "fatlabel $sp"
blkid -p "$sp" | grep -q SWAPPLACE && fail "the label is still SWAPPLACE"
SWAPPLACE_BOOT_UUID=$uuid case_ "stick relabelled, by its UUID" "$stick" \
	"is the boot medium (on ${sp#/dev/})" --target "$stick" --confirm 67108864

# --- mounted, too small, wrong confirmation
make_loop mnt 64M
mkfs.ext4 -q -F "$mnt" || fail "mkfs.ext4"
scratch_dir mp
mount "$mnt" "$mp" || fail "mount"
at_exit "umount '$mp'"
case_ "mounted" "$mnt" "holds the mounted filesystem" --target "$mnt" --confirm 67108864
umount "$mp"
make_loop small 64M
case_ "too small" "$small" "too small" --target "$small" --confirm 67108864
make_loop big 320M
size=$(blockdev --getsize64 "$big")
case_ "wrong confirm" "$big" "does not match" --target "$big" --confirm $((size - 512))

# --- the disk changed between plan and run: the backing file grows, the loop device follows
scratch_dir plandir
"$SWAPPLACE" plan --target "$big" "${TINY[@]}" --save-plan "$plandir/plan" >/dev/null ||
	fail "plan --save-plan"
grep -qx "size_bytes=$size" "$plandir/plan" || fail "the plan file does not hold the size: $(cat "$plandir/plan")"
before=$(device_sum "$big")
truncate -s 352M "$(losetup -n -O BACK-FILE "$big")"
losetup -c "$big" || fail "losetup -c"
grown=$(blockdev --getsize64 "$big")
[ "$grown" -gt "$size" ] || fail "$big did not grow"
echo "=== changed since the plan"
out=$("$SWAPPLACE" run --target "$big" --confirm "$grown" --plan "$plandir/plan" "${TINY[@]}" 2>&1) &&
	rc=0 || rc=$?
echo "$out"
[ "$rc" = 3 ] || fail "expected exit 3, got $rc"
echo "$out" | grep -q "the disk changed since the plan: size was 320 MiB ($size bytes), now 352 MiB ($grown bytes)" ||
	fail "the refusal does not name the old and new size"
[ "$(device_sum "$big" 320)" = "$before" ] || fail "the refused run changed '$big'"
cmp -s -n $((grown - size)) <(dd if="$big" bs=1M skip=320 iflag=direct status=none) /dev/zero ||
	fail "the refused run wrote into the grown end of '$big'"
n=$((n + 1))

# --- the disk changed while run profiled it: refused at the last look before the first write
truncate -s 320M "$(losetup -n -O BACK-FILE "$big")"
losetup -c "$big" || fail "losetup -c"
[ "$(blockdev --getsize64 "$big")" = "$size" ] || fail "$big did not shrink back"
echo "=== changed during the run, before its first write"
scratch_dir runout
"$SWAPPLACE" run --target "$big" --confirm "$size" "${TINY[@]}" --profile-time 6 \
	--out "$runout/r" >"$runout/log" 2>&1 &
pid=$!
at_exit "kill $pid"
for _ in $(seq 100); do grep -q "profiling '" "$runout/log" && break; sleep 0.1; done
grep -q "profiling '" "$runout/log" || fail "run did not start profiling: $(cat "$runout/log")"
truncate -s 352M "$(losetup -n -O BACK-FILE "$big")"
losetup -c "$big" || fail "losetup -c"
wait $pid && rc=0 || rc=$?
cat "$runout/log"
[ "$rc" = 3 ] || fail "expected exit 3, got $rc"
grep -q "the disk changed since the run checked it: size was 320 MiB" "$runout/log" ||
	fail "the last look did not name the changed size"
grep -q "partitioning" "$runout/log" && fail "run went on to partition"
[ "$(device_sum "$big" 320)" = "$before" ] || fail "the refused run changed '$big'"
cmp -s -n $((grown - size)) <(dd if="$big" bs=1M skip=320 iflag=direct status=none) /dev/zero ||
	fail "the refused run wrote into the grown end of '$big'"
n=$((n + 1))

# --- an --also device that changed while run profiled the target: refused the same way
truncate -s 320M "$(losetup -n -O BACK-FILE "$big")"
losetup -c "$big" || fail "losetup -c"
make_loop also 64M
also_before=$(device_sum "$also")
echo "=== --also changed during the run, before the first write"
"$SWAPPLACE" run --target "$big" --confirm "$size" --also "$also" --also-confirm 67108864 \
	"${TINY[@]}" --profile-time 4 --out "$runout/r2" >"$runout/log2" 2>&1 &
pid=$!
at_exit "kill $pid"
for _ in $(seq 100); do grep -q "profiling '" "$runout/log2" && break; sleep 0.1; done
grep -q "profiling '" "$runout/log2" || fail "run did not start profiling: $(cat "$runout/log2")"
truncate -s 96M "$(losetup -n -O BACK-FILE "$also")"
losetup -c "$also" || fail "losetup -c"
wait $pid && rc=0 || rc=$?
grep swapplace: "$runout/log2"
[ "$rc" = 3 ] || fail "expected exit 3, got $rc"
grep -q "refusing to touch '$also': the disk changed since the run checked it: size was 64 MiB" "$runout/log2" ||
	fail "the last look did not name the --also device's changed size"
[ "$(device_sum "$big" 320)" = "$before" ] || fail "the refused run changed '$big'"
[ "$(device_sum "$also" 64)" = "$also_before" ] || fail "the refused run changed '$also'"
n=$((n + 1))

# --- a loop device writes through to its backing: a loop over a mounted partition
make_loop lbase 64M
one_partition lpart "$lbase"
mkfs.ext4 -q -F "$lpart" || fail "mkfs.ext4 $lpart"
scratch_dir lmp
mount -o ro,noload "$lpart" "$lmp" || fail "mount $lpart" # read-only: its bytes stay still
at_exit "umount '$lmp'"
lover=$(losetup -f --show "$lpart") || fail "losetup over $lpart"
at_exit "losetup -d '$lover'"
lbase_before=$(device_sum "$lbase")
case_ "loop over a mounted partition" "$lover" \
	"writes through to '$lpart', which holds the mounted filesystem '$lmp'" \
	--target "$lover" --confirm "$(blockdev --getsize64 "$lover")"
[ "$(device_sum "$lbase")" = "$lbase_before" ] || fail "the refused run changed '$lbase'"
umount "$lmp"

# --- a loop device whose backing file lies on the boot medium (a stick's partition, named as
# the appliance names it: $SWAPPLACE_BOOT_DEVICE; ext4, as this host's kernel may lack vfat)
make_loop stick2 64M
one_partition sp2 "$stick2"
mkfs.ext4 -q -F "$sp2" || fail "mkfs.ext4 $sp2"
scratch_dir smp
mount "$sp2" "$smp" || fail "mount $sp2"
at_exit "umount '$smp'"
truncate -s 16M "$smp/disk.img"
lfile=$(losetup -f --show "$smp/disk.img") || fail "losetup over a file on the stick"
at_exit "losetup -d '$lfile'"
SWAPPLACE_BOOT_DEVICE=$sp2 case_ "loop over a file on the stick" "$lfile" \
	"is backed by the file '$smp/disk.img' on the boot medium" \
	--target "$lfile" --confirm 16777216
losetup -d "$lfile"
umount "$smp"

# --- a device of a mounted two-device btrfs: mountinfo names only the first
if command -v mkfs.btrfs >/dev/null && grep -qw btrfs /proc/filesystems; then
	make_loop bt1 128M
	make_loop bt2 128M
	mkfs.btrfs -q -f -d raid1 -m raid1 "$bt1" "$bt2" >/dev/null || fail "mkfs.btrfs"
	scratch_dir btmp
	mount -t btrfs -o device="$bt2" "$bt1" "$btmp" || fail "mount btrfs"
	at_exit "umount '$btmp'"
	grep -q "${bt2#/dev/}" /proc/self/mountinfo && echo "(mountinfo names $bt2 too)"
	case_ "second device of a mounted btrfs" "$bt2" \
		"is a device of the mounted btrfs filesystem" --target "$bt2" --confirm 134217728
	umount "$btmp"
else
	echo "=== second device of a mounted btrfs: not tried (no mkfs.btrfs or no btrfs module)"
fi

# --- a disk someone else holds exclusively (O_EXCL), the target or an --also device
hold_excl() { # hold_excl DEV: held by a background process until the test ends
	python3 -c 'import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL)
print("held", flush=True)
time.sleep(60)' "$1" >"$runout/held" &
	at_exit "kill $!"
	for _ in $(seq 50); do grep -q held "$runout/held" && break; sleep 0.1; done
	grep -q held "$runout/held" || fail "cannot hold $1"
	held_pid=$!
}
make_loop xa 64M
head -c 4M /dev/urandom | dd of="$xa" bs=4M oflag=direct status=none || fail "cannot fill '$xa'"
big_before=$(device_sum "$big")
hold_excl "$xa"
case_ "--also held O_EXCL by another program" "$xa" "refusing to touch '$xa': it is in use" \
	--target "$big" --confirm "$size" --also "$xa" --also-confirm 67108864
[ "$(device_sum "$big")" = "$big_before" ] || fail "the refused run changed '$big'"
kill "$held_pid"
wait "$held_pid" 2>/dev/null
hold_excl "$big"
case_ "target held O_EXCL by another program" "$big" "refusing to touch '$big': it is in use" \
	--target "$big" --confirm "$size"
kill "$held_pid"
wait "$held_pid" 2>/dev/null

# --- more block-device mounts than swapplace's table holds: refused, not silently cut
# (in a mount namespace of its own: 300 bind mounts of a small ext4, gone with the namespace)
make_loop many 16M
mkfs.ext4 -q -F "$many" || fail "mkfs.ext4 $many"
scratch_dir manymp
echo "=== more than 256 block-device mounts"
out=$(unshare -m --propagation private bash -c '
	mount "$1" "$2" || exit 90
	mkdir -p "$2/d" || exit 91
	for i in $(seq 300); do mount --bind "$2/d" "$2/d" || exit 92; done
	[ "$(grep -c " $2/d " /proc/self/mountinfo)" -ge 300 ] || exit 93
	shift 2
	exec "$@"' - "$many" "$manymp" "$SWAPPLACE" run --target "$big" --confirm "$size" \
	"${TINY[@]}" 2>&1) && rc=0 || rc=$?
echo "$out"
[ "$rc" = 3 ] || fail "expected exit 3, got $rc"
echo "$out" | grep -q "more block-device mounts than swapplace can check" ||
	fail "the refusal does not say the mounts did not fit"
grep -q " $manymp " /proc/self/mountinfo && fail "the namespace's mounts leaked"
[ "$(device_sum "$big")" = "$big_before" ] || fail "the refused run changed '$big'"
n=$((n + 1))
echo "ok: $n refusals, none wrote a byte ($(($(date +%s) - T0)) s)"
