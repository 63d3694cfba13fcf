#!/bin/bash
# `swapplace run ... 2>&1 | head -1`: the reader goes away after the first line, and every
# later write to stdout or stderr meets a closed pipe. SIGPIPE used to kill the run there,
# with its swap on, its zram device, its cgroup, its mount and vm.page-cluster left behind and
# the journal unfinished. The controller ignores SIGPIPE and takes EPIPE as no error: the run
# goes on to its end, undoes everything, finishes its journal ("end") and keeps its report.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-journal.sh"
need_root
need_memcg
[ -w /sys/class/zram-control/hot_add ] || skip "no zram-control"
grep -qw lz4 /proc/crypto 2>/dev/null || modprobe lz4 2>/dev/null || true
[ "$(wc -l </proc/swaps)" -le 1 ] || skip "other swap is active"
t0=$SECONDS
make_run_target 512M
before=$(machine_state)
# page-cluster to a value no run chooses, so that "put back" is seen
pc=$(cat /proc/sys/vm/page-cluster)
echo 5 >/proc/sys/vm/page-cluster
at_exit "echo $pc >/proc/sys/vm/page-cluster"
before=$(machine_state)
set +o pipefail
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 64M --budget 32M \
	--time-per-placement 2 --profile-time 0 --scenario none --only start,zram-lz4 \
	--page-cluster 0 --out "$out/r" 2>&1 | head -n 1 >"$out/first"
rc=${PIPESTATUS[0]}
echo "first line: $(cat "$out/first")"
echo "exit $rc"
# 141 = 128 + SIGPIPE: the run was killed by the closed pipe
[ "$rc" != 141 ] || fail "the run died of SIGPIPE"
[ -s "$out/first" ] || fail "the run printed nothing: the test proves nothing"
expect_machine_as "$before" "after a run whose reader went away"
grep -q ' /run/swapplace-' /proc/mounts && fail "the data filesystem is still mounted"
[ "$(tail -n 1 "$out/r/journal")" = end ] || fail "the journal is not finished: $(tail -n 3 "$out/r/journal")"
grep -Eq '^[0-9]+ sysctl .*page-cluster 5 0$' "$out/r/journal" ||
	fail "the run never set page-cluster: the test proves nothing"
[ -s "$out/r/report.json" ] || fail "no report.json"
echo "ok ($((SECONDS - t0)) s)"
