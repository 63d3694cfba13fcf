#!/bin/bash
# run refuses a disk whose filesystem is mounted, names the mount point, writes nothing.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
make_loop dev 1G
scratch_dir mnt
mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$dev" || fail "mkfs"
mount -o ro "$dev" "$mnt" || skip "cannot mount"
at_exit "umount '$mnt'"
size=$(blockdev --getsize64 "$dev")
WANT="$mnt" expect_refusal "$dev" --target "$dev" --confirm "$size" "${SMALL_RUN[@]}"
echo ok
