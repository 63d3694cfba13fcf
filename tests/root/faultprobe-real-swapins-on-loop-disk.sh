#!/bin/bash
# faultprobe-real-swapins-on-loop-disk - the disk case: swap on a 1 GiB loop device (direct
# I/O, so the host page cache does not serve it). Every kept sample is a real swap-in (within
# 5 % of the touches, pswpin rose as much, the loop device served the reads), pages come back
# intact, io_uring depth 1 has samples, and a swap-in costs what a disk read costs: tens of us
# or more, not the ~2 us of a swap-cache hit. The touch phase ran in at least 10 blocks, and the
# like-for-like floor read the very slots the evicted pages sat in (every page was in a slot of
# this area), in those blocks: a direct read of a written slot, which costs no more than the
# swap-in of it (within 20 %, or less: the kernel's path is on top of it) and is a disk read too.
. "$(dirname "$0")/lib.sh"
need_root
need_no_other_swap

make_loop dev 1G
swap_on "$dev"
st=/sys/block/$(basename "$dev")/stat
reads0=$(awk '{print $1}' "$st")

faultprobe_run res "$dev" 64 15
val() { kv "$1" "$res"; }
reads1=$(awk '{print $1}' "$st")
echo "$dev read I/Os during the run: $((reads1 - reads0))"

expect_real_swapins "$res" 64
# the swap cache was emptied by reclaim: this is the trap the probe exists to avoid
[ "$(val swapcached_bytes)" -le $((64 * 1024 * 1024 / 20)) ] || fail "SwapCached $(val swapcached_bytes) after eviction"
[ $((reads1 - reads0)) -ge $(($(val real_swapins) / 2)) ] || fail "$dev served too few reads"
awk -v p="$(val p50_us)" -v q="$(val p99_us)" 'BEGIN { exit !(p >= 10 && q >= p) }' ||
	fail "disk p50 $(val p50_us) us / p99 $(val p99_us) us is not a disk read"
[ "$(val n_blocks)" -ge 10 ] || fail "the touch phase ran in $(val n_blocks) blocks (want >= 10)"
[ "$(val floor_done)" = 1 ] || fail "no like-for-like floor"
# a page can leave its slot between the eviction and the pagemap read (reclaim's own faults, a
# readahead that brought it back): 1 in the CI rehearsal's 32,716 reads; more than 1 % is not that
[ $(($(val floor_unmapped) * 100)) -le "$(val floor_samples)" ] ||
	fail "$(val floor_unmapped) evicted pages were in no slot of $dev (over 1 % of $(val floor_samples) floor reads)"
[ "$(val floor_samples)" -ge 300 ] || fail "the floor kept $(val floor_samples) reads (want >= 300)"
awk -v f="$(val floor_p50_us)" -v p="$(val p50_us)" 'BEGIN { exit !(f >= 10 && f <= 1.2 * p) }' ||
	fail "floor p50 $(val floor_p50_us) us against swap-in p50 $(val p50_us) us"
echo "ok: floor p50 $(val floor_p50_us) us ($(val floor_p50_ci_us)) against swap-in $(val p50_us) us ($(val p50_ci_us))"
echo "ok: loop-disk p50 $(val p50_us) us, p99 $(val p99_us) us, $(val real_swapins) real swap-ins"
