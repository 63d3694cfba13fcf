#!/bin/bash
# faultprobe-real-swapins-on-loop-disk - the disk case: swap on a 1 GiB loop device (direct
# I/O, so the host page cache does not serve it). Every kept sample is a real swap-in (within
# 5 % of the touches, pswpin rose as much, the loop device served the reads), pages come back
# intact, io_uring depth 1 has samples, and a swap-in costs what a disk read costs: tens of us
# or more, not the ~2 us of a swap-cache hit.
. "$(dirname "$0")/lib.sh"
need_root
need_cmd mkswap
need_cmd swapon
RUN=${FAULTPROBE_RUN:-$TOP/build/tests/faultprobe-run}
[ "$(wc -l </proc/swaps)" -le 1 ] || skip "another swap area is active"
[ -x "$RUN" ] || fail "$RUN missing: run make tests"

make_loop loopdev 1G
dev=$loopdev
mkswap "$dev" >/dev/null || fail "mkswap $dev"
swapon -p 32767 "$dev" || fail "swapon $dev"
at_exit "swapoff '$dev'"
st=/sys/block/$(basename "$dev")/stat
reads0=$(awk '{print $1}' "$st")

out=$("$RUN" "$dev" 64 15) || fail "faultprobe-run failed: $out"
echo "$out"
val() { echo "$out" | sed -n "s/^$1=//p"; }
# the probe needs our swap area to be the only one: with another at the same priority the
# kernel spreads the pages over both and nothing here says which device was measured
[ "$(val other_swaps)" = 0 ] || skip "another swap area was active during the run"
reads1=$(awk '{print $1}' "$st")
echo "$dev read I/Os during the run: $((reads1 - reads0))"

pages=$((64 * 1024 * 1024 / $(getconf PAGESIZE)))
[ "$(val invalid)" = 0 ] || fail "result marked invalid: $(val reason)"
[ "$(val real_swapins)" -gt 0 ] || fail "no real swap-ins"
[ "$(val samples)" -ge 1000 ] || fail "fewer than 1000 samples"
kept=$(($(val samples) + $(val warmup_dropped)))
t=$(val touches)
[ $(((t - kept) * 20)) -le "$t" ] || fail "samples+warmup $kept not within 5 % of touches $t"
[ $((($(val real_swapins) - t) * 20)) -le "$t" ] || fail "real swap-ins not within 5 % of touches"
[ $(($(val pswpin_delta) * 100)) -ge $(($(val real_swapins) * 95)) ] || fail "pswpin did not rise with the swap-ins"
[ "$(val vmswap_bytes)" -ge $((64 * 1024 * 1024 * 95 / 100)) ] || fail "VmSwap below the buffer size"
[ "$(val resident_pages)" -le $((pages / 100)) ] || fail "buffer pages still resident after eviction"
# the swap cache was emptied by reclaim: this is the trap the probe exists to avoid
[ "$(val swapcached_bytes)" -le $((64 * 1024 * 1024 / 20)) ] || fail "SwapCached $(val swapcached_bytes) after eviction"
[ $((reads1 - reads0)) -ge $(($(val real_swapins) / 2)) ] || fail "$dev served too few reads"
[ "$(val mismatches)" = 0 ] || fail "pages came back corrupted"
[ "$(val pages_checked)" -ge "$t" ] || fail "not every touched page was verified"
[ "$(val uring_qd1_samples)" -gt 0 ] || fail "io_uring qd1 has no samples"
[ "$(val uring_qd1_invalid)" = 0 ] || fail "io_uring qd1 invalid"
awk -v p="$(val p50_us)" -v q="$(val p99_us)" 'BEGIN { exit !(p >= 10 && q >= p) }' ||
	fail "disk p50 $(val p50_us) us / p99 $(val p99_us) us is not a disk read"
echo "ok: loop-disk p50 $(val p50_us) us, p99 $(val p99_us) us, $(val real_swapins) real swap-ins"
