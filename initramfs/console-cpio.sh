#!/bin/sh
# initramfs/console-cpio.sh OUT EPOCH - a newc archive of /dev and /dev/console (c 5 1), every
# mtime EPOCH, padded to 512 bytes: the uncompressed prefix of an initramfs whose builder cannot
# mknod (unprivileged). The kernel opens /dev/console for the first process before anything is
# mounted, and unpacks concatenated archives in order. Used by initramfs/build.sh and by the
# systemd guest of the VM tests (tests/vm/lib-systemd-guest.sh).
set -eu
[ $# -eq 2 ] || { echo "usage: initramfs/console-cpio.sh OUT EPOCH" >&2; exit 2; }
epoch=$2
# a newc header: magic, then 13 fields of 8 hex digits; name NUL-terminated and padded to 4
newc() { # name mode rdevmajor rdevminor ino
	namesize=$((${#1} + 1))
	printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X' \
		"$5" "$2" 0 0 1 "$epoch" 0 0 0 "$3" "$4" "$namesize" 0
	printf '%s\0' "$1"
	pad=$(((4 - (110 + namesize) % 4) % 4))
	[ $pad -eq 0 ] || head -c $pad /dev/zero
}
{
	newc dev $((0040755)) 0 0 1
	newc dev/console $((0020600)) 5 1 2
	newc 'TRAILER!!!' 0 0 0 0
} >"$1"
size=$(wc -c <"$1")
head -c $(((512 - size % 512) % 512)) /dev/zero >>"$1"
