#!/bin/bash
# run refuses when --confirm is not the target's serial (a loop device: its size in bytes),
# and says what it expected; nothing is written.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
make_loop dev 1G
dd if=/dev/urandom of="$dev" bs=1M count=2 oflag=direct status=none
size=$(blockdev --getsize64 "$dev")
WANT="$size" expect_refusal "$dev" --target "$dev" --confirm "$((size - 1))" "${SMALL_RUN[@]}"
WANT="$size" expect_refusal "$dev" --target "$dev" --confirm "" "${SMALL_RUN[@]}"
echo ok
