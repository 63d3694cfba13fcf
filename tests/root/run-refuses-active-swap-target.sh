#!/bin/bash
# run refuses a disk that holds active swap, writes nothing, leaves the swap on.
#
# The swap area is live, so the kernel may write pages into it during the test: only a 4 MiB
# area at the start is swap, and what is compared is what the kernel never writes — its header
# page (where a partition table would go) and everything after the area (where the backup GPT,
# the filesystem and the other partitions would go).
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
make_loop dev 1G
mkswap -q "$dev" 4096 >/dev/null || fail "mkswap"
swapon "$dev" || skip "cannot swapon"
at_exit "swapoff '$dev'"
not_swap_sum() {
	{
		dd if="$dev" bs=4096 count=1 iflag=direct status=none
		dd if="$dev" bs=1M skip=4 iflag=direct status=none
	} | sha256sum | cut -d' ' -f1
}
size=$(blockdev --getsize64 "$dev")
before=$(not_swap_sum)
out=$("$SWAPPLACE" run --target "$dev" --confirm "$size" "${SMALL_RUN[@]}" 2>&1) && rc=0 || rc=$?
echo "$out"
[ "$rc" = 3 ] || fail "expected exit 3 (refused), got $rc"
echo "$out" | grep -q "active swap" || fail "message does not say 'active swap'"
[ "$(not_swap_sum)" = "$before" ] || fail "the refused run changed '$dev' outside the swap area"
grep -q "^$dev " /proc/swaps || fail "the swap area was turned off"
echo ok
