#!/bin/bash
# pressure-none-is-oom-killed - with swap forbidden for the cgroup, a workload of 120 % of a
# 64 MiB limit cannot fit: the kernel OOM-kills it, and the probe (outside the cgroup)
# survives and records oom_killed=1. The control run proves the flag is not always set: the
# same probe with a workload of 50 % of the limit finishes, touches > 0, oom_killed=0.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN pressure-run
if [ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
	ver=1
	swap_acct=/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes
elif grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
	ver=2
	swap_acct=$(ls /sys/fs/cgroup/*/memory.swap.max 2>/dev/null | head -n 1)
else
	skip "no memory cgroup controller (v1, or v2 at /sys/fs/cgroup)"
fi
# with swap on and no way to forbid it for the cgroup, the workload would just swap
if [ "$(tail -n +2 /proc/swaps | wc -l)" -gt 0 ] && [ ! -e "${swap_acct:-/nonexistent}" ]; then
	skip "swap is active and the kernel has no swap accounting to forbid it"
fi
scratch_dir tmp

"$RUN" --limit-mib 64 --over 1.2 --hot 0.5 --time 3 --swap 0 >"$tmp/big" 2>"$tmp/err" ||
	fail "pressure-run (120 %) failed: $(cat "$tmp/err") $(cat "$tmp/big")"
cat "$tmp/big"
[ "$(kv rc "$tmp/big")" = 0 ] || fail "rc is not 0"
[ "$(kv done "$tmp/big")" = 1 ] || fail "done is not 1"
[ "$(kv cgroup_version "$tmp/big")" = $ver ] || fail "cgroup_version is not $ver"
[ "$(kv oom_killed "$tmp/big")" = 1 ] || fail "a workload of 120 % of its limit without swap was not OOM-killed"
[ "$(kv limit_bytes "$tmp/big")" = $((64 << 20)) ] || fail "limit_bytes is not 64 MiB"

"$RUN" --limit-mib 64 --over 0.5 --hot 0.5 --time 1 --swap 0 >"$tmp/small" 2>"$tmp/err" ||
	fail "pressure-run (50 %) failed: $(cat "$tmp/err") $(cat "$tmp/small")"
cat "$tmp/small"
[ "$(kv oom_killed "$tmp/small")" = 0 ] || fail "a workload of 50 % of its limit was OOM-killed"
[ "$(kv touches "$tmp/small")" -gt 0 ] || fail "the fitting workload made no touches"
[ "$(kv major_faults "$tmp/small")" = 0 ] || fail "the fitting workload had major faults"
echo "ok: 120 % OOM-killed and recorded, 50 % survived"
