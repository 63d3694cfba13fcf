#!/bin/bash
# run and plan refuse the disk that holds the running root filesystem. (Safety is checked
# before --confirm, and the confirmation given here is wrong too: two locks on the real disk.)
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
src=$(findmnt -n -o SOURCE /) || skip "cannot find the root filesystem"
disk=/dev/$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n 1)
[ "$disk" = /dev/ ] && disk=$src
[ -b "$disk" ] || skip "root filesystem is not on a block device ($src)"
out=$("$SWAPPLACE" run --target "$disk" --confirm not-its-serial 2>&1) && rc=0 || rc=$?
echo "$out"
[ "$rc" = 3 ] || fail "expected exit 3, got $rc"
echo "$out" | grep -q "root" || fail "message does not name the root filesystem"
out=$("$SWAPPLACE" plan --target "$disk" 2>&1) && rc=0 || rc=$?
[ "$rc" = 3 ] || fail "plan: expected exit 3, got $rc"
echo ok
