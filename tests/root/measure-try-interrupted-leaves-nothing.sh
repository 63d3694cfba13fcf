#!/bin/bash
# measure-try-interrupted-leaves-nothing - Ctrl-C (SIGINT) while `measure --try zram,file:DIR`
# has its swap file swapped on: measure stops, says the machine is restored, writes no report
# and exits 1; the file, its swap area and the zram device are gone, the filesystem unmounts.
. "$(dirname "$0")/lib.sh"
BUDGET_MIB=17
# What this test could leave: its files (under $out), and zram devices of its size (2 x the
# budget, a size no other test uses: other tests on this machine may make their own meanwhile;
# tests/run.sh compares the whole machine before and after when the suite runs alone).
ZRAM_BYTES=$((2 * BUDGET_MIB * 1024 * 1024))
[ -z "$(our_zrams)" ] || skip "a zram device of $ZRAM_BYTES bytes exists already"
need_root
need_memcg
need_cmd mkfs.ext4
[ -w /sys/class/zram-control/hot_add ] || skip "no /sys/class/zram-control (zram module not loaded)"
make_loop dev 256M
mkfs.ext4 -q -F "$dev" || fail "mkfs.ext4"
scratch_dir out
mnt=$out/mnt
mkdir "$mnt"
mount "$dev" "$mnt" || fail "mount"
at_exit "umount '$mnt'"

# the file's turn after zram's, 5 s: long enough to be caught with the file swapped on (this
# loop polls every 0.1 s), and zram's turn before it no longer than that
"$SWAPPLACE" measure --try zram,file:"$mnt" --budget ${BUDGET_MIB}M --time-per-placement 5 \
	--scenario none --out "$out/r" >"$out/stdout" 2>"$out/stderr" &
pid=$!
at_exit "kill $pid"
for _ in $(seq 1 900); do grep -q "$mnt/swapplace-try-" /proc/swaps && break; sleep 0.1; done
grep -q "$mnt/swapplace-try-" /proc/swaps || { cat "$out/stderr"; fail "the try file was never swapped on"; }
ls "$mnt"
kill -INT $pid
wait $pid && rc=0 || rc=$?
cat "$out/stderr"
[ "$rc" = 1 ] || fail "expected exit 1 after SIGINT, got $rc"
grep -q "interrupted: the machine is restored" "$out/stderr" || fail "it does not say it was interrupted"
[ ! -e "$out/r/report.json" ] || fail "an interrupted measure wrote a report"
[ -z "$(find "$mnt" -mindepth 1 -maxdepth 1 ! -name lost+found)" ] || fail "left in the filesystem: $(ls -A "$mnt")"
[ -z "$(our_swaps)" ] || fail "swap areas left: $(our_swaps)"
[ -z "$(our_zrams)" ] || fail "zram devices left: $(our_zrams)"
umount "$mnt" || fail "the filesystem is still busy"
echo ok
