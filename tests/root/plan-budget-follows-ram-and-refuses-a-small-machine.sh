#!/bin/bash
# tests/root/plan-budget-follows-ram-and-refuses-a-small-machine.sh - the budget follows the
# machine's memory (core/config/budget.h), read through SWAPPLACE_MEMINFO from another machine's
# meminfo: a 256 MiB PC (MemTotal 226 MiB) plans a 56 MiB budget, 25 % of its RAM, and says so;
# this machine plans the 256 MiB ceiling; a --budget is planned as given; a 128 MiB PC with 60
# MiB available is refused by plan, run and measure (exit 3, the figures on stderr, nothing on
# stdout, no partition table written), and so is a --budget that does not fit; without
# MemAvailable (kernels before 3.14) MemFree stands in.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
[ -x "$SWAPPLACE" ] || skip "build/swapplace not built"
make_loop dev 4G
scratch_dir d
size=$(blockdev --getsize64 "$dev")
kib() { echo $(($1 * 1024)); }
printf 'MemTotal:       %s kB\nMemFree:        %s kB\nMemAvailable:   %s kB\n' \
	"$(kib 226)" "$(kib 120)" "$(kib 150)" >"$d/pc256"
printf 'MemTotal:       %s kB\nMemFree:        %s kB\nMemAvailable:   %s kB\n' \
	"$(kib 100)" "$(kib 40)" "$(kib 60)" >"$d/pc128"

SWAPPLACE_MEMINFO=$d/pc256 "$SWAPPLACE" plan --target "$dev" --profile-time 0 >"$d/out" 2>"$d/err" ||
	{ cat "$d/err"; fail "plan with 226 MiB RAM failed"; }
grep -E '^budget: ' "$d/out"
grep -qxF 'budget: 56 MiB, 25 % of 226 MiB RAM (floor 32 MiB, ceiling 256 MiB)' "$d/out" ||
	fail "the plan does not show the budget as 25 % of 226 MiB"
grep -q 'workload 120% of 28 MiB' "$d/out" || fail "the pressure probe is not sized from the 56 MiB budget"
# a kernel before MemAvailable (3.14): MemFree stands in
printf 'MemTotal:       %s kB\nMemFree:        %s kB\n' "$(kib 226)" "$(kib 150)" >"$d/old"
SWAPPLACE_MEMINFO=$d/old "$SWAPPLACE" plan --target "$dev" --profile-time 0 >"$d/out" 2>"$d/err" ||
	{ cat "$d/err"; fail "plan with a meminfo without MemAvailable failed"; }
grep -qxF 'budget: 56 MiB, 25 % of 226 MiB RAM (floor 32 MiB, ceiling 256 MiB)' "$d/out" ||
	fail "without MemAvailable the budget is not taken from MemFree"

"$SWAPPLACE" plan --target "$dev" --profile-time 0 >"$d/out" 2>"$d/err" || { cat "$d/err"; fail "plan failed"; }
avail=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo)
if [ "$avail" -gt $((310 * 1024)) ]; then
	grep -qE '^budget: 256 MiB, the ceiling \(25 % of .* RAM is more\)$' "$d/out" ||
		fail "this machine's plan does not show the 256 MiB ceiling: $(grep budget: "$d/out")"
fi
SWAPPLACE_MEMINFO=$d/pc256 "$SWAPPLACE" plan --target "$dev" --profile-time 0 --budget 40M \
	>"$d/out" 2>"$d/err" || { cat "$d/err"; fail "plan --budget 40M failed"; }
grep -qE '^budget: 40 MiB \(--budget; 226 MiB RAM, 150 MiB available\)$' "$d/out" ||
	fail "the plan does not show the given budget: $(grep budget: "$d/out")"

for cmd in plan run measure; do
	args=()
	case $cmd in
	plan) args=(--target "$dev") ;;
	run) args=(--target "$dev" --confirm "$size" --out "$d/r") ;;
	esac
	rc=0
	SWAPPLACE_MEMINFO=$d/pc128 "$SWAPPLACE" $cmd "${args[@]}" >"$d/out" 2>"$d/err" || rc=$?
	echo "$cmd with 100 MiB RAM, 60 MiB available: exit $rc: $(cat "$d/err")"
	[ "$rc" = 3 ] || fail "$cmd on a machine too small exited $rc, not 3"
	grep -q 'refusing to run: this machine is too small to run the probes: 100 MiB RAM, 60 MiB available, and the smallest run needs 80 MiB' "$d/err" ||
		fail "$cmd did not say why the machine is too small"
	[ ! -s "$d/out" ] || fail "$cmd wrote to stdout"
done
[ ! -e "$d/r" ] || fail "run made its output directory"
rc=0
SWAPPLACE_MEMINFO=$d/pc256 "$SWAPPLACE" plan --target "$dev" --budget 200M >"$d/out" 2>"$d/err" || rc=$?
echo "plan --budget 200M with 150 MiB available: exit $rc: $(cat "$d/err")"
[ "$rc" = 3 ] || fail "a --budget that does not fit exited $rc, not 3"
grep -q 'give --budget 102M or less' "$d/err" || fail "the refusal does not say what budget fits"
rc=0
SWAPPLACE_MEMINFO=$d/missing "$SWAPPLACE" plan --target "$dev" >"$d/out" 2>"$d/err" || rc=$?
[ "$rc" = 1 ] && grep -q 'cannot read how much memory' "$d/err" ||
	fail "an unreadable meminfo gave exit $rc: $(cat "$d/err")"
# a GPT would be in the first MiB: still zeros
cmp -s -n $((1 << 20)) "$dev" /dev/zero || fail "the target's first MiB changed"
echo "ok"
