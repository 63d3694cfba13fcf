#!/bin/bash
# list-shows-loop-device: the device scan of the live system shows a fresh loop device with its
# size, transport loop and safe; once a filesystem from it is mounted it is unsafe and names the
# mount point; as active swap it is unsafe and names the swap; with a GPT and a mounted
# partition the disk names the partition, and the partition itself is found as a partition.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd mkfs.ext4
need_cmd mkswap
DUMP=$TOP/build/tests/devices-dump
[ -x "$DUMP" ] || fail "$DUMP is not built (make tests)"

make_loop DEV 256M
NAME=${DEV#/dev/}
scratch_dir MNT

line() { "$DUMP" | grep -P "^name=$NAME\t" | tr '\t' '\n'; }
field() { line | sed -n "s/^$1=//p"; }
expect() { # FIELD VALUE
	local got
	got=$(field "$1")
	[ "$got" = "$2" ] || fail "$NAME: $1 is '$got', expected '$2'"
}

# a new, empty loop device: listed, its size, loop, safe
expect size 268435456
expect transport loop
expect serial ""
expect unsafe 0
expect reason ""
expect partition 0
"$DUMP" --find "$DEV" | grep -qP "^name=$NAME\t.*\tunsafe=0\t" || fail "--find $DEV does not find it safe"

# a mounted filesystem on the whole device
mkfs.ext4 -q -F "$DEV" || fail "mkfs.ext4 $DEV"
mount "$DEV" "$MNT" || fail "mount $DEV"
at_exit "umount '$MNT'"
expect unsafe 1
expect reason "holds the mounted filesystem '$MNT'"
expect signatures "$NAME:ext4"
umount "$MNT" || fail "umount"
expect unsafe 0

# active swap on it
mkswap -q "$DEV" >/dev/null || fail "mkswap"
swapon "$DEV" || fail "swapon"
at_exit "swapoff '$DEV'"
expect unsafe 1
expect reason "holds active swap '$DEV'"
swapoff "$DEV" || fail "swapoff"
expect unsafe 0

# a partition table with a mounted partition: the disk names it, the partition is refused as
# one. An MBR written by hand (one Linux partition, sectors 2048..411647): no sfdisk needed.
need_cmd blockdev
need_cmd partx
dd if=/dev/zero of="$DEV" bs=1M count=1 oflag=direct status=none || fail "wipe"
printf '\x00\x00\x00\x00\x83\x00\x00\x00\x00\x08\x00\x00\x00\x40\x06\x00' |
	dd of="$DEV" bs=1 seek=446 conv=notrunc status=none || fail "partition entry"
printf '\x55\xaa' | dd of="$DEV" bs=1 seek=510 conv=notrunc status=none || fail "mbr signature"
sync
# kernels built without partition table parsers (the test VM has neither MSDOS nor EFI) find
# nothing on a re-read: partx adds what libblkid reads with BLKPG, as swapplace itself does
blockdev --rereadpt "$DEV" 2>/dev/null
[ -b "${DEV}p1" ] || partx -a "$DEV" || fail "partx -a $DEV"
at_exit "partx -d '$DEV'"
PART=${DEV}p1
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -b "$PART" ] && break; sleep 0.2; done
[ -b "$PART" ] || fail "$PART did not appear"
mkfs.ext4 -q -F "$PART" || fail "mkfs.ext4 $PART"
mount "$PART" "$MNT" || fail "mount $PART"
expect partitions "${NAME}p1"
expect unsafe 1
expect reason "holds the mounted filesystem '$MNT' (on ${NAME}p1)"
expect signatures "dos; ${NAME}p1:ext4"
"$DUMP" --find "$PART" | grep -qP "^name=${NAME}p1\t.*\tsize=209715200\t.*\tpartition=1\t" ||
	fail "--find $PART is not reported as a 200 MiB partition"
umount "$MNT" || fail "umount"
expect unsafe 0
echo "ok: $NAME listed safe, then unsafe while mounted and while swapping"
