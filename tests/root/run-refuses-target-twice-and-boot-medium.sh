#!/bin/bash
# run refuses the same disk given as --target and --also, and the boot medium (the disk whose
# filesystem is labelled SWAPPLACE, as the appliance's stick is).
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
make_loop dev 1G
size=$(blockdev --getsize64 "$dev")
WANT="twice" expect_refusal "$dev" --target "$dev" --confirm "$size" --also "$dev" \
	--also-confirm "$size" "${SMALL_RUN[@]}"

make_loop stick 1G
mkfs.ext4 -q -F -L SWAPPLACE "$stick" || fail "mkfs"
size=$(blockdev --getsize64 "$stick")
WANT="boot medium" expect_refusal "$stick" --target "$stick" --confirm "$size" "${SMALL_RUN[@]}"
echo ok
