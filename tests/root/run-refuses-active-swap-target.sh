#!/bin/bash
# run refuses a disk that holds active swap, writes nothing, leaves the swap on.
. "$(dirname "$0")/lib.sh"
need_root
make_loop dev 1G
mkswap -q "$dev" >/dev/null || fail "mkswap"
swapon "$dev" || skip "cannot swapon"
at_exit "swapoff '$dev'"
size=$(blockdev --getsize64 "$dev")
WANT="swap" expect_refusal "$dev" --target "$dev" --confirm "$size" "${SMALL_RUN[@]}"
grep -q "^$dev " /proc/swaps || fail "the swap area was turned off"
echo ok
