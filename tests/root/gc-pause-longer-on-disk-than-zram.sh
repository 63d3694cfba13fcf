#!/bin/bash
# gc-pause-longer-on-disk-than-zram - the gc scenario (seed 003) on two swap devices, one after
# the other, each alone at the top priority: a swap partition on a loop device (direct I/O to a
# file on this machine's disk) and a zram device (lzo-rle, else lzo). A 32 MiB limit, a heap of
# 1.5x that, a stop-the-world pass over every page's metadata every 100 ms. On each: the run is
# ok, every header read back intact, major faults happened inside pauses and pswpin rose; and
# the median of the pauses that faulted is longer on the disk than on zram. Both figures are
# measured here and compared with each other; nothing is a constant. Everything undone at exit.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN gc-run
need_memcg
need_no_other_swap
scratch_dir tmp
make_loop dev 512M
make_swap_partition part "$dev"

ARGS=(--budget-mib 32 --ratio 1.5 --hot-pct 20 --period-ms 100 --duration 6 --timeout 50)

# check FILE NAME: the run on NAME is a result with faults inside its pauses
check() {
	[ "$(kv status "$1")" = ok ] || fail "$2: status $(kv status "$1"): $(kv reason "$1")"
	[ "$(kv oom_killed "$1")" = 0 ] || fail "$2: OOM-killed although swap was on"
	[ "$(kv mismatches "$1")" = 0 ] || fail "$2: page metadata came back changed"
	[ "$(kv pages_checked "$1")" -gt 0 ] || fail "$2: no metadata read"
	[ "$(kv pauses "$1")" -ge 3 ] || fail "$2: fewer than 3 pauses"
	[ "$(kv pauses_with_faults "$1")" -ge 2 ] || fail "$2: fewer than 2 pauses faulted"
	[ "$(kv faults_in_pauses "$1")" -gt 0 ] || fail "$2: no major fault inside a pause"
	[ "$(kv pswpin "$1")" -gt 0 ] || fail "$2: pswpin did not rise"
	[ "$(wc -l </proc/swaps)" -le 2 ] || skip "another swap area appeared during the run"
}

swap_on "$part"
run_swapping "$tmp/disk" '^oom_killed=1' "$RUN" "${ARGS[@]}"
echo "--- disk swap ($part)"; cat "$tmp/disk"
check "$tmp/disk" disk
swapoff "$part" || fail "swapoff $part"

alg=lzo-rle
grep -qw lzo-rle /sys/block/zram0/comp_algorithm 2>/dev/null || alg=lzo
make_zram_swap z 256M "$alg"
run_swapping "$tmp/zram" '^oom_killed=1' "$RUN" "${ARGS[@]}"
echo "--- zram swap ($z, $alg)"; cat "$tmp/zram"
check "$tmp/zram" zram

d=$(kv faulting_p50_pause_ms "$tmp/disk")
zr=$(kv faulting_p50_pause_ms "$tmp/zram")
echo "pause with faults inside, p50: disk $d ms, zram $zr ms; worst: disk $(kv worst_pause_ms "$tmp/disk") ms, zram $(kv worst_pause_ms "$tmp/zram") ms"
awk -v d="$d" -v z="$zr" 'BEGIN { exit !(d > z) }' ||
	fail "a pause with faults inside was not longer on disk ($d ms) than on zram ($zr ms)"
echo "ok: the gc pause is longer on disk swap than on zram"
