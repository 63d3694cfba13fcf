#!/bin/bash
# zram-create-remove - sp_zram_algorithms() lists what the kernel's comp_algorithm lists (the
# parsing is procparse's, unit-tested in t-procparse-counters-and-zram); sp_zram_create() makes
# a new device (never zram0) with lz4 and the size asked, swapon takes it, sp_zram_stats() reads
# its mm_stat; the undo list swaps it off and removes it, on a normal end, a failure, and a
# refused algorithm, leaving the zram devices as they were.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
TOOL=$TOP/build/tests/disk-tool
[ -x "$TOOL" ] || fail "build/tests/disk-tool is missing (make tests)"

need_root
[ -e /sys/class/zram-control/hot_add ] || skip "no zram-control"
zrams() { for z in /sys/block/zram*; do [ -e "$z" ] && echo "$(basename "$z") $(cat "$z/disksize")"; done; }
before=$(zrams)
swaps_before=$(cat /proc/swaps)

algs=$("$TOOL" zram-algs) || fail "zram-algs"
for z in /sys/block/zram*/comp_algorithm; do
	[ -r "$z" ] || continue
	[ "$(echo "$algs" | tr '\n' ' ')" = "$(tr -d '[]' <"$z" | tr -s ' \n' '  ' | sed 's/ *$/ /')" ] ||
		fail "algorithms '$algs' differ from $z"
	break
done
echo "$algs" | grep -qx lz4 || skip "zram without lz4"

size=$((64 * 1024 * 1024))
out=$("$TOOL" with-zram lz4 $size -- sh -c '
	set -e
	d=${SP_DEV#/dev/}
	echo "dev $SP_DEV"
	[ "$d" != zram0 ]
	grep -q "\[lz4\]" /sys/block/$d/comp_algorithm
	[ "$(cat /sys/block/$d/disksize)" = '$size' ]
	awk -v p="$SP_DEV" '\''$1 == p && $2 == "partition" {f = 1} END {exit !f}'\'' /proc/swaps
') || fail "zram device not set up as asked: $out"
echo "$out"
dev=$(echo "$out" | awk '/^dev /{print $2}')
echo "$out" | grep -q '^mm_stat orig ' || fail "no mm_stat read"
[ -e "/sys/block/${dev#/dev/}" ] && fail "$dev still exists"
[ "$(zrams)" = "$before" ] || fail "zram devices changed: $(zrams)"
[ "$(cat /proc/swaps)" = "$swaps_before" ] || fail "/proc/swaps changed"

"$TOOL" with-zram lz4 $size -- false && fail "failing command did not fail"
[ "$(zrams)" = "$before" ] || fail "zram left after a failure"
"$TOOL" with-zram no-such-alg $size -- true 2>/dev/null && fail "bogus algorithm accepted"
[ "$(zrams)" = "$before" ] || fail "zram left after a refused algorithm"
[ "$(cat /proc/swaps)" = "$swaps_before" ] || fail "/proc/swaps changed"
echo ok
