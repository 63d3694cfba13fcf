#!/bin/bash
# swap-sysctl-restored-on-exit - sp_sysctl_set() changes vm.page-cluster for the command it
# runs and the undo list puts the old value back, on a normal end and on a failure.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
TOOL=$TOP/build/tests/disk-tool
[ -x "$TOOL" ] || fail "build/tests/disk-tool is missing (make tests)"
[ -w /proc/sys/vm/page-cluster ] || skip "no writable vm.page-cluster"
old=$(cat /proc/sys/vm/page-cluster)
at_exit "echo '$old' >/proc/sys/vm/page-cluster"
new=$(((old + 1) % 8))
"$TOOL" with-sysctl vm.page-cluster $new -- sh -c "[ \$(cat /proc/sys/vm/page-cluster) = $new ]" ||
	fail "value not set to $new"
[ "$(cat /proc/sys/vm/page-cluster)" = "$old" ] || fail "not restored to $old"
"$TOOL" with-sysctl vm.page-cluster $new -- false && fail "failing command did not fail"
[ "$(cat /proc/sys/vm/page-cluster)" = "$old" ] || fail "not restored after a failure"
"$TOOL" with-sysctl vm/../kernel.x 1 -- true 2>/dev/null && fail "a path-like name was taken"
echo ok
