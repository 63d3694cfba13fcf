#!/bin/bash
# tests/run.sh [GROUP|sh|PATTERN] - runs swapplace's tests and ends with
# "N passed, N failed, N skipped".
#
# The groups, by what they test: unit (build/tests/t-*: pure, no root); appliance
# (tests/appliance/*.sh: the init against a fake root, the initramfs build); render
# (tests/render/*.sh: the rendered reports); hddmodel (tests/hddmodel/*.sh: the modeled disk and
# the failing-disk fixture); meta (tests/meta/*.sh: checks of the tree itself); root
# (tests/root/*.sh: loop devices, zram, swap; they skip with 77 without root or a kernel
# feature); vm (tests/vm/*.sh: the bootable image under QEMU; skipped without
# build/swapplace.img). `sh` runs the unprivileged shell groups (appliance, render, hddmodel,
# meta); PATTERN runs every test whose name contains it. Tests are named GROUP/NAME
# (appliance/init-config). Each test runs under
# a timeout. As root, the kernel log is checked for BUG:/WARNING: lines written during a test,
# the way liburing's runner does, and the machine's swap, zram and loop state is compared with
# what it was before the test: a test that leaves anything behind fails.
set -u
cd "$(dirname "$0")/.." || exit 1
what=${1:-all}
TIMEOUT_UNIT=${TIMEOUT_UNIT:-60}
TIMEOUT_ROOT=${TIMEOUT_ROOT:-600}
TIMEOUT_VM=${TIMEOUT_VM:-900}
pass=0 fail=0 skip=0 failed_names=""
logdir=build/test-logs
mkdir -p "$logdir"

machine_state() {
	tail -n +2 /proc/swaps 2>/dev/null | awk '{print $1}'
	for z in /sys/block/zram*; do [ -e "$z/disksize" ] && echo "$(basename "$z") $(cat "$z/disksize")"; done
	losetup -a 2>/dev/null | cut -d: -f1
	ls -d /sys/fs/cgroup/memory/swapplace* /sys/fs/cgroup/unified/swapplace* /sys/fs/cgroup/swapplace* \
		/sys/fs/cgroup/cpu/swapplace* /sys/fs/cgroup/cpu,cpuacct/swapplace* 2>/dev/null
	# the knobs a run changes and must put back
	echo "swappiness $(cat /proc/sys/vm/swappiness 2>/dev/null) page-cluster $(cat /proc/sys/vm/page-cluster 2>/dev/null)"
	cat /sys/module/zswap/parameters/enabled /sys/module/zswap/parameters/compressor 2>/dev/null
	# the controllers a run enables for its cgroups (a "subtree" journal record) and must
	# disable again: the root's and its first level's cgroup.subtree_control (v2)
	for f in /sys/fs/cgroup/cgroup.subtree_control /sys/fs/cgroup/*/cgroup.subtree_control; do
		[ -r "$f" ] && echo "$f: $(cat "$f" 2>/dev/null)"
	done
	return 0
}

kernel_log_mark() { [ "$(id -u)" = 0 ] && dmesg 2>/dev/null | wc -l || echo 0; }

# fail_lines LOG: why a test failed, then its last lines. A VM test's own verdict ("FAIL: ...",
# "check: ...") comes before the guest's console dump, which alone would fill the tail.
fail_lines() {
	grep -E '^(FAIL:|check:|not ok|FAIL )' "$1" | head -n 10 | sed 's/^/    why: /'
	tail -n 20 "$1" | sed 's/^/    /'
}

run_one() { # name timeout cmd...
	local name=$1 tmo=$2; shift 2
	local log="$logdir/$(echo "$name" | tr '/' '_').log"
	local before after mark rc t0
	before=$(machine_state)
	t0=$(date +%s)
	mark=$(kernel_log_mark)
	timeout -k 10 "$tmo" "$@" >"$log" 2>&1
	rc=$?
	after=$(machine_state)
	if [ "$(id -u)" = 0 ] && dmesg 2>/dev/null | tail -n +$((mark + 1)) | grep -E 'BUG:|WARNING:' >>"$log"; then
		echo "kernel log has BUG/WARNING lines during the test" >>"$log"
		rc=1
	fi
	# a guest beside the root group (RUN_ONE_BESIDE_ROOT) changes nothing on the host, while the
	# root test in front of it does: its state is that test's to answer for
	if [ "$before" != "$after" ] && [ -z "${RUN_ONE_BESIDE_ROOT:-}" ]; then
		{ echo "test left the machine changed:"; diff <(echo "$before") <(echo "$after"); } >>"$log"
		[ $rc = 0 ] || [ $rc = 77 ] && rc=1
	fi
	t0=$(($(date +%s) - t0))
	case $rc in
	0) pass=$((pass + 1)); echo "PASS $name (${t0} s)" ;;
	77) skip=$((skip + 1)); echo "SKIP $name (${t0} s): $(tail -n 1 "$log")" ;;
	124) fail=$((fail + 1)); failed_names="$failed_names $name"; echo "FAIL $name (timeout ${tmo}s)"; fail_lines "$log" ;;
	*) fail=$((fail + 1)); failed_names="$failed_names $name"; echo "FAIL $name (exit $rc)"; fail_lines "$log" ;;
	esac
}

if [ "$what" = all ] || [ "$what" = unit ]; then
	for t in build/tests/t-*; do
		[ -x "$t" ] || continue
		run_one "unit/$(basename "$t")" "$TIMEOUT_UNIT" "$t"
	done
fi
# A test whose header has the line "# runner: may run beside another test" changes nothing on the
# host (no swap, zram, loop device or cgroup: a QEMU guest, a fake root) and asserts nothing a
# busy CPU would skew (no timing against a model or an estimate, no moment picked by a clock).
# Such tests run RUNNER_JOBS (2) at a time before the group's others, which run alone: on this
# two-core machine two single-vCPU guests take about 60 % of their time one after the other.
# A test whose header has "# runner: may run beside another guest" boots a single-vCPU guest
# whose assertions compare the guest's own runs with each other or with a modeled disk's
# slept service times, so the other core's guest slows them alike (the build job's start, end
# and ram runs); it shares the same way. Shared tests start longest first ("# runner: takes
# about N s", 60 when not said), so the long ones don't end the group alone.
RUNNER_JOBS=${RUNNER_JOBS:-2}
may_share() { grep -qxE '# runner: may run beside another (test|guest)' "$1"; }
takes_about() {
	local n
	n=$(sed -n 's/^# runner: takes about \([0-9]*\) s$/\1/p' "$1" | head -n 1)
	echo "${n:-60}"
}
longest_first() { # files... -> the same files, the longest-taking first (stable)
	local t
	for t in "$@"; do printf '%s\t%s\n' "$(takes_about "$t")" "$t"; done | sort -s -t "$(printf '\t')" -k1,1nr | cut -f2
}

count_result() { # FILE: a test's output from a background run; counts its first line
	local line
	line=$(head -n 1 "$1")
	case $line in
	PASS*) pass=$((pass + 1)) ;;
	SKIP*) skip=$((skip + 1)) ;;
	*) fail=$((fail + 1)); failed_names="$failed_names $(echo "$line" | awk '{print $2}')" ;;
	esac
}

run_shared() { # group timeout files...: RUNNER_JOBS at a time, results printed in file order
	local group=$1 tmo=$2 dir i=0 n running=0 t
	shift 2
	dir=$(mktemp -d)
	for t in "$@"; do
		i=$((i + 1))
		run_one "$group/$(basename "$t" .sh)" "$tmo" bash "$t" >"$dir/$i.out" &
		running=$((running + 1))
		if [ "$running" -ge "$RUNNER_JOBS" ]; then
			wait -n
			running=$((running - 1))
		fi
	done
	wait
	for n in $(seq 1 "$i"); do
		cat "$dir/$n.out"
		count_result "$dir/$n.out"
	done
	rm -rf "$dir"
}

# The root group keeps one core busy; during it the VM group's "may run beside another test"
# guests run one at a time on the other (RUNNER_OVERLAP=0: not), beside the root tests whose
# header says "# runner: may run beside a guest" (refusals, restores, journals: nothing timed).
# Every other root test runs first, alone. The guests that ran are left out of the VM group.
RUNNER_OVERLAP=${RUNNER_OVERLAP:-1}
overlap_dir=""
may_run_beside_guest() { grep -qx '# runner: may run beside a guest' "$1"; }

guest_lane_start() { # files...: runs them one at a time until $overlap_dir/stop exists
	overlap_dir=$(mktemp -d)
	(
		i=0
		for t in "$@"; do
			[ -e "$overlap_dir/stop" ] && break
			i=$((i + 1))
			RUN_ONE_BESIDE_ROOT=1 run_one "vm/$(basename "$t" .sh)" "$TIMEOUT_VM" bash "$t" \
				>"$overlap_dir/$(printf %03d $i).out"
			echo "$t" >>"$overlap_dir/ran"
		done
	) &
	guest_lane_pid=$!
}

guest_lane_collect() { # prints and counts what the lane ran
	local f
	touch "$overlap_dir/stop"
	wait "$guest_lane_pid"
	echo "== the guests that ran beside the root group, until $(date +%T)"
	for f in "$overlap_dir"/*.out; do
		[ -f "$f" ] || continue
		cat "$f"
		count_result "$f"
	done
}

ran_beside_root() { [ -n "$overlap_dir" ] && [ -f "$overlap_dir/ran" ] && grep -qxF "$1" "$overlap_dir/ran"; }

run_root_with_guests() { # dir timeout: the root group, the overlap as above
	local t quiet=() beside=() guests=()
	echo "== root at $(date +%T)"
	for t in "$1"/*.sh; do
		[ -f "$t" ] || continue
		case $(basename "$t") in lib*.sh) continue ;; esac
		if may_run_beside_guest "$t"; then beside+=("$t"); else quiet+=("$t"); fi
	done
	for t in ${quiet[@]+"${quiet[@]}"}; do
		run_one "root/$(basename "$t" .sh)" "$2" bash "$t"
	done
	for t in tests/vm/*.sh; do
		case $(basename "$t") in lib*.sh) continue ;; esac
		grep -qx '# runner: may run beside another test' "$t" && guests+=("$t")
	done
	echo "== root beside guests at $(date +%T)"
	if [ ${#guests[@]} -gt 0 ] && [ ${#beside[@]} -gt 0 ]; then
		mapfile -t guests < <(longest_first "${guests[@]}")
		guest_lane_start "${guests[@]}"
	fi
	for t in ${beside[@]+"${beside[@]}"}; do
		run_one "root/$(basename "$t" .sh)" "$2" bash "$t"
	done
	[ -n "$overlap_dir" ] && guest_lane_collect
}

run_group() { # group dir timeout
	local t shared=() alone=()
	# the clock at each group's start: where make check's time goes, read from CI's log
	echo "== $1 at $(date +%T)"
	for t in "$2"/*.sh; do
		[ -f "$t" ] || continue
		case $(basename "$t") in lib*.sh) continue ;; esac
		ran_beside_root "$t" && continue
		if [ "$RUNNER_JOBS" -gt 1 ] && may_share "$t"; then shared+=("$t"); else alone+=("$t"); fi
	done
	if [ ${#shared[@]} -gt 0 ]; then
		mapfile -t shared < <(longest_first "${shared[@]}")
		run_shared "$1" "$3" "${shared[@]}"
	fi
	for t in ${alone[@]+"${alone[@]}"}; do
		run_one "$1/$(basename "$t" .sh)" "$3" bash "$t"
	done
}
# the unprivileged shell groups; they take root's timeout: an initramfs build or the fuzz
# harnesses run for minutes
SH_GROUPS="appliance render hddmodel meta"
# the guests need the stick image; without it the VM group skips, and nothing overlaps
VM_IMAGE_FOR_OVERLAP=${VM_IMAGE:-build/swapplace.img}
group_timeout() { [ "$1" = vm ] && echo "$TIMEOUT_VM" || echo "$TIMEOUT_ROOT"; }
for g in $SH_GROUPS root vm; do
	case $what in
	all)
		if [ "$g" = root ] && [ "$RUNNER_OVERLAP" = 1 ] && [ "$RUNNER_JOBS" -gt 1 ] &&
			[ -f "$VM_IMAGE_FOR_OVERLAP" ]; then
			run_root_with_guests "tests/root" "$TIMEOUT_ROOT"
		else
			run_group "$g" "tests/$g" "$(group_timeout "$g")"
		fi
		;;
	"$g") run_group "$g" "tests/$g" "$(group_timeout "$g")" ;;
	sh) case " $SH_GROUPS " in *" $g "*) run_group "$g" "tests/$g" "$TIMEOUT_ROOT" ;; esac ;;
	esac
done
case " all unit sh $SH_GROUPS root vm " in
*" $what "*) ;;
*)
	for t in build/tests/t-*$what*; do
		[ -x "$t" ] && run_one "unit/$(basename "$t")" "$TIMEOUT_UNIT" "$t"
	done
	for g in $SH_GROUPS root vm; do
		for t in tests/"$g"/*"$what"*.sh; do
			[ -f "$t" ] || continue
			case $(basename "$t") in lib*.sh) continue ;; esac
			run_one "$g/$(basename "$t" .sh)" "$(group_timeout "$g")" bash "$t"
		done
	done
	;;
esac
[ -n "$failed_names" ] && echo "failed:$failed_names"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
