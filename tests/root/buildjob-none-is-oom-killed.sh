#!/bin/bash
# buildjob-none-is-oom-killed - with swap forbidden for the cgroup (or no swap at all), the
# build job, whose heap ends at 1.2x its 32 MiB limit, cannot fit: the kernel OOM-kills the
# worker part-way and the job is reported failed with oom_killed=1 and the unit it died in.
# The control proves the flag is not always set: the same job without a limit (the ram
# baseline) finishes ok with oom_killed=0 and no major faults from swap.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN buildjob-run
need_memcg
# without swap accounting (v1 memsw / v2 swap.max) only "no swap at all" makes the kill certain
if [ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
	swap_acct=/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes
else
	swap_acct=$(ls /sys/fs/cgroup/*/memory.swap.max 2>/dev/null | head -n 1)
fi
if [ "$(tail -n +2 /proc/swaps | wc -l)" -gt 0 ] && [ ! -e "${swap_acct:-/nonexistent}" ]; then
	skip "swap is active and the kernel has no swap accounting to forbid it"
fi
scratch_dir tmp

"$RUN" --dir "$tmp" --budget-mib 32 --scale 0.25 --swap 0 --timeout 50 >"$tmp/none" 2>"$tmp/err" ||
	fail "buildjob-run (no swap) failed to run: $(cat "$tmp/err") $(cat "$tmp/none")"
cat "$tmp/none"
[ "$(kv status "$tmp/none")" = failed ] || fail "status is not failed"
[ "$(kv oom_killed "$tmp/none")" = 1 ] || fail "a heap of 1.2x the limit without swap was not OOM-killed"
[ "$(kv timed_out "$tmp/none")" = 0 ] || fail "timed out instead of OOM-killed"
kv reason "$tmp/none" | grep -q '^oom-killed in unit' || fail "reason does not say oom-killed"
[ "$(kv units_done "$tmp/none")" -lt "$(kv units_total "$tmp/none")" ] || fail "every unit finished"
[ "$(kv units_done "$tmp/none")" -gt 0 ] || fail "killed before the heap outgrew the limit"

"$RUN" --dir "$tmp" --no-setup --budget-mib 32 --scale 0.25 --ram --timeout 50 >"$tmp/ram" 2>"$tmp/err" ||
	fail "buildjob-run (ram) failed: $(cat "$tmp/err") $(cat "$tmp/ram")"
cat "$tmp/ram"
[ "$(kv status "$tmp/ram")" = ok ] || fail "the ram baseline did not finish: $(kv reason "$tmp/ram")"
[ "$(kv oom_killed "$tmp/ram")" = 0 ] || fail "the ram baseline was OOM-killed"
echo "ok: oom-killed without swap after $(kv units_done "$tmp/none") of $(kv units_total "$tmp/none") units; ram baseline $(kv wall_s "$tmp/ram") s"
