#!/bin/bash
# swap-on-off-partition - sp_mkswap() on the start and end partitions writes a header blkid
# reads as swap with our label; sp_swap_on() makes each active at the priority asked and with
# the size of the partition minus the header page; the undo list turns it off on a normal end
# and when the command run under it fails.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
TOOL=$TOP/build/tests/disk-tool
[ -x "$TOOL" ] || fail "build/tests/disk-tool is missing (make tests)"
PAGE=$(getconf PAGESIZE)

make_loop DEV 4G
plan=$("$TOOL" plan-write "$DEV" 128 256 64) || fail "plan-write failed"
for i in 1 3; do
	P=$("$TOOL" part-path "$DEV" $i)
	at_exit "swapoff '$P'"
	read -r _ _ _ _ sectors < <(echo "$plan" | grep "^part $i ")
	"$TOOL" mkswap "$P" || fail "mkswap $P"
	[ "$(blkid -p -o value -s TYPE "$P")" = swap ] || fail "$P: not swap for blkid"
	[ "$(blkid -p -o value -s LABEL "$P")" = swapplace-t ] || fail "$P: label"
	kib=$(((sectors * 512 / PAGE - 1) * PAGE / 1024))
	"$TOOL" with-swap "$P" 7 -- awk -v p="$P" -v k=$kib \
		'$1 == p {found = 1; if ($2 != "partition" || $3 != k || $5 != 7) exit 1} END {exit !found}' \
		/proc/swaps || fail "$P: not in /proc/swaps as a $kib KiB partition at priority 7"
	grep -q "^$P " /proc/swaps && fail "$P still on after a normal end"
	"$TOOL" with-swap "$P" 1 -- false && fail "a failing command did not fail"
	grep -q "^$P " /proc/swaps && fail "$P still on after a failing command"
done
# a partition without a header is refused (data partition: zeroes)
P2=$("$TOOL" part-path "$DEV" 2)
at_exit "swapoff '$P2'"
"$TOOL" with-swap "$P2" 1 -- true 2>/dev/null && fail "swapon took a partition without header"
grep -q "^$P2 " /proc/swaps && fail "$P2 on"
echo ok
