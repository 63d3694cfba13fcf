#!/bin/bash
# faultprobe-real-swapins-on-zram - on a zram swap device of our own (lz4, 256 MiB), the fault
# probe's samples are real swap-ins: major faults behind every kept sample (within 5 % of the
# touches), pswpin rose by as much, zram itself served reads, every page came back intact, the
# io_uring depth-1 point has samples, and the latency is that of RAM-speed decompression.
. "$(dirname "$0")/lib.sh"
need_root
need_cmd mkswap
need_cmd swapon
RUN=${FAULTPROBE_RUN:-$TOP/build/tests/faultprobe-run}
[ "$(wc -l </proc/swaps)" -le 1 ] || skip "another swap area is active"
[ -x "$RUN" ] || fail "$RUN missing: run make tests"
[ -w /sys/class/zram-control/hot_add ] || skip "no /sys/class/zram-control"

# zram0 is the machine's: create our own and remove only that one
id=$(cat /sys/class/zram-control/hot_add) || skip "zram hot_add failed"
at_exit "echo $id > /sys/class/zram-control/hot_remove"
at_exit "echo 1 > /sys/block/zram$id/reset"
z=/sys/block/zram$id
grep -qw lz4 $z/comp_algorithm || skip "zram has no lz4"
echo lz4 > $z/comp_algorithm || fail "cannot set lz4"
echo 256M > $z/disksize || fail "cannot size zram$id"
mkswap /dev/zram$id >/dev/null || fail "mkswap /dev/zram$id"
swapon -p 32767 /dev/zram$id || fail "swapon /dev/zram$id"
at_exit "swapoff /dev/zram$id"
reads0=$(awk '{print $1}' $z/stat)

out=$("$RUN" /dev/zram$id 64 15) || fail "faultprobe-run failed: $out"
echo "$out"
val() { echo "$out" | sed -n "s/^$1=//p"; }
# the probe needs our swap area to be the only one: with another at the same priority the
# kernel spreads the pages over both and nothing here says which device was measured
[ "$(val other_swaps)" = 0 ] || skip "another swap area was active during the run"
reads1=$(awk '{print $1}' $z/stat)
echo "zram$id read I/Os during the run: $((reads1 - reads0))"

pages=$((64 * 1024 * 1024 / $(getconf PAGESIZE)))
[ "$(val invalid)" = 0 ] || fail "result marked invalid: $(val reason)"
[ "$(val real_swapins)" -gt 0 ] || fail "no real swap-ins"
[ "$(val samples)" -ge 1000 ] || fail "fewer than 1000 samples"
kept=$(($(val samples) + $(val warmup_dropped)))
t=$(val touches)
[ $(((t - kept) * 20)) -le "$t" ] || fail "samples+warmup $kept not within 5 % of touches $t"
[ $((($(val real_swapins) - t) * 20)) -le "$t" ] || fail "real swap-ins not within 5 % of touches"
[ $(($(val pswpin_delta) * 100)) -ge $(($(val real_swapins) * 95)) ] || fail "pswpin did not rise with the swap-ins"
# eviction proof: the whole buffer was in swap and nothing of it resident before timing
[ "$(val vmswap_bytes)" -ge $((64 * 1024 * 1024 * 95 / 100)) ] || fail "VmSwap below the buffer size"
[ "$(val resident_pages)" -le $((pages / 100)) ] || fail "buffer pages still resident after eviction"
[ $((reads1 - reads0)) -gt 0 ] || fail "zram$id served no reads"
[ "$(val mismatches)" = 0 ] || fail "pages came back corrupted"
[ "$(val pages_checked)" -ge "$t" ] || fail "not every touched page was verified"
[ "$(val uring_qd1_samples)" -gt 0 ] || fail "io_uring qd1 has no samples"
[ "$(val uring_qd1_invalid)" = 0 ] || fail "io_uring qd1 invalid"
awk -v r="$(val data_ratio)" 'BEGIN { exit !(r >= 1.6 && r <= 2.8) }' || fail "data ratio $(val data_ratio) not ~2:1"
# the kernel held the whole buffer while it was evicted, compressed, and not as same-filled pages
[ "$(val zram_orig_bytes)" -ge $((64 * 1024 * 1024 * 9 / 10)) ] || fail "zram mm_stat did not hold the buffer"
[ "$(val zram_same_pages)" -le $((pages / 100)) ] || fail "zram stored same-filled pages: the data measures nothing"
awk -v r="$(val zram_ratio)" 'BEGIN { exit !(r > 1.2 && r < 4) }' || fail "zram ratio $(val zram_ratio) implausible"
# decompressing 4 KiB from RAM: microseconds, far below any disk
awk -v p="$(val p50_us)" -v q="$(val p99_us)" 'BEGIN { exit !(p > 0.2 && p < 50 && q >= p) }' ||
	fail "zram p50 $(val p50_us) us / p99 $(val p99_us) us implausible"
echo "ok: zram p50 $(val p50_us) us, p99 $(val p99_us) us, $(val real_swapins) real swap-ins"
