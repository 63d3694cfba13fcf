#!/bin/bash
# faultprobe-real-swapins-on-zram - on a zram swap device of our own (lz4, 256 MiB), the fault
# probe's samples are real swap-ins: major faults behind every kept sample (within 5 % of the
# touches), pswpin rose by as much, zram itself served reads, every page came back intact, the
# io_uring depth-1 point has samples, and the latency is that of RAM-speed decompression.
. "$(dirname "$0")/lib.sh"
need_root
need_no_other_swap

make_zram_swap dev 256M lz4
z=/sys/block/${dev#/dev/}
reads0=$(awk '{print $1}' "$z/stat")

faultprobe_run res "$dev" 64 15
val() { kv "$1" "$res"; }
reads1=$(awk '{print $1}' "$z/stat")
echo "$dev read I/Os during the run: $((reads1 - reads0))"

pages=$((64 * 1024 * 1024 / $(getconf PAGESIZE)))
expect_real_swapins "$res" 64
[ $((reads1 - reads0)) -gt 0 ] || fail "$dev served no reads"
awk -v r="$(val data_ratio)" 'BEGIN { exit !(r >= 1.6 && r <= 2.8) }' || fail "data ratio $(val data_ratio) not ~2:1"
# the kernel held the whole buffer while it was evicted, compressed, and not as same-filled pages
[ "$(val zram_orig_bytes)" -ge $((64 * 1024 * 1024 * 9 / 10)) ] || fail "zram mm_stat did not hold the buffer"
[ "$(val zram_same_pages)" -le $((pages / 100)) ] || fail "zram stored same-filled pages: the data measures nothing"
awk -v r="$(val zram_ratio)" 'BEGIN { exit !(r > 1.2 && r < 4) }' || fail "zram ratio $(val zram_ratio) implausible"
# decompressing 4 KiB from RAM: microseconds, far below any disk
awk -v p="$(val p50_us)" -v q="$(val p99_us)" 'BEGIN { exit !(p > 0.2 && p < 50 && q >= p) }' ||
	fail "zram p50 $(val p50_us) us / p99 $(val p99_us) us implausible"
echo "ok: zram p50 $(val p50_us) us, p99 $(val p99_us) us, $(val real_swapins) real swap-ins"
