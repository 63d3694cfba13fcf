#!/bin/bash
# run-restores-every-knob - every knob a run changes is put back on every way out. The machine's
# knobs are first set to values no run would choose (vm.swappiness 37, vm.page-cluster 2, zswap
# on where the kernel has it); then runs that change all of them (the probes' page-cluster 0,
# --sweep swappiness, zswap off for the run and on for a zswap placement, --cpu-max's cpu
# cgroups, the workloads' memory cgroups and limits) end four ways:
#   1. normally (exit 0, a report);
#   2. with an error at the end (the report's directory replaced by a file mid-run: exit 1;
#      this run without the sweep: the error path unwinds the same undo list, and the sweep's
#      runs would double the test's time);
#   3. SIGTERM while the zswap placement has zswap on (or, without zswap, while swap is on).
# (SIGINT while a sweep value is set: tests/root/run-sweep-restores-knobs.sh; a SIGKILL at any
# moment, then cleanup: tests/root/kill-run-at-20-random-moments.sh.)
# After each: both sysctls and zswap's enabled and compressor as set, no swap area, zram device,
# cgroup or mount of the run left. And an --out that cannot be written is refused before the
# disk is touched.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_sweep
need_memcg
need_no_other_swap
make_run_target
Z=/sys/module/zswap/parameters
has_zswap=0
[ -w $Z/enabled ] && [ -w $Z/compressor ] && has_zswap=1

# the machine's own values, put back by this test whatever happens
sw_orig=$(cat /proc/sys/vm/swappiness)
pc_orig=$(cat /proc/sys/vm/page-cluster)
at_exit "echo $sw_orig >/proc/sys/vm/swappiness; echo $pc_orig >/proc/sys/vm/page-cluster"
if [ $has_zswap = 1 ]; then
	zen_orig=$(cat $Z/enabled) zcomp_orig=$(cat $Z/compressor)
	at_exit "echo '$zcomp_orig' >$Z/compressor; echo '$zen_orig' >$Z/enabled"
fi
# the values a run must put back
SW=37 PC=2
echo $SW >/proc/sys/vm/swappiness
echo $PC >/proc/sys/vm/page-cluster
if [ $has_zswap = 1 ]; then
	echo Y >$Z/enabled
	zen=$(cat $Z/enabled) zcomp=$(cat $Z/compressor)
fi
zram_before=$(ls /sys/block | grep zram | sort || true)

cgroups_of_ours() {
	ls -d /sys/fs/cgroup/memory/swapplace* /sys/fs/cgroup/cpu/swapplace* \
		/sys/fs/cgroup/cpu,cpuacct/swapplace* /sys/fs/cgroup/swapplace* \
		/sys/fs/cgroup/unified/swapplace* 2>/dev/null || true
}
restored() { # what
	[ "$(cat /proc/sys/vm/swappiness)" = $SW ] ||
		fail "$1: vm.swappiness is $(cat /proc/sys/vm/swappiness), was $SW"
	[ "$(cat /proc/sys/vm/page-cluster)" = $PC ] ||
		fail "$1: vm.page-cluster is $(cat /proc/sys/vm/page-cluster), was $PC"
	if [ $has_zswap = 1 ]; then
		[ "$(cat $Z/enabled)" = "$zen" ] || fail "$1: zswap enabled is $(cat $Z/enabled), was $zen"
		[ "$(cat $Z/compressor)" = "$zcomp" ] ||
			fail "$1: zswap compressor is $(cat $Z/compressor), was $zcomp"
	fi
	[ "$(wc -l </proc/swaps)" -le 1 ] || fail "$1: swap left on: $(cat /proc/swaps)"
	[ "$(ls /sys/block | grep zram | sort || true)" = "$zram_before" ] || fail "$1: zram left"
	[ -z "$(cgroups_of_ours)" ] || fail "$1: cgroups left: $(cgroups_of_ours)"
	grep -q " /run/swapplace-" /proc/mounts && fail "$1: data filesystem still mounted"
	echo "$1: every knob as it was"
}

ONLY=start
[ $has_zswap = 1 ] && ONLY=start,zswap
# 1 s per placement and the cheapest scenario, gc for 1 s: this test asks what is put back,
# not what was measured, and any scenario runs in the memory cgroup and --cpu-max's box and is
# what --sweep repeats
RUN=(--target "$dev" --confirm "$size" --swap-size 128M --budget 32M --time-per-placement 1
	--profile-time 0 --scenario gc --gc-time 1 --only "$ONLY" --cpu-max 0.5
	--sweep swappiness=11,83 --seed 9)

# 0. an --out that cannot be written: refused at once, the disk untouched
sum0=$(device_sum "$dev")
touch "$out/a-file"
rc=0
timeout 30 "$SWAPPLACE" run "${RUN[@]}" --out "$out/a-file/r" >/dev/null 2>"$out/err0" || rc=$?
cat "$out/err0"
[ "$rc" != 0 ] && [ "$rc" != 124 ] || fail "an unwritable --out: exit $rc"
grep -q "cannot keep the report" "$out/err0" || fail "an unwritable --out: no clear message"
[ "$(device_sum "$dev")" = "$sum0" ] || fail "an unwritable --out: the disk was written"
restored "unwritable --out"

# wait_for CONDITION SECONDS: poll a shell condition every 0.1 s
wait_for() {
	for _ in $(seq $(($2 * 10))); do
		eval "$1" && return 0
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

# 1. a normal end
"$SWAPPLACE" run "${RUN[@]}" --out "$out/r1" >"$out/stdout1" 2>"$out/err1" ||
	{ cat "$out/err1"; fail "the run failed"; }
[ -s "$out/r1/report.json" ] || fail "no report after a normal end"
python3 - "$out/r1/report.json" <<'PY' || fail "report.json of the normal run"
import json, sys
r = json.load(open(sys.argv[1]))
vals = sorted({row["value"] for row in r["sweeps"] if row["knob"] == "swappiness"})
assert vals == [11, 83], vals
assert r["constraints"] and r["constraints"]["cpu_max"] == 0.5, r["constraints"]
print("sweep values", vals, "constraints", r["constraints"]["cpu_applied"], r["constraints"]["cpu_reason"])
PY
restored "normal end"

# 2. an error at the end: the report's directory is gone and a file is in its place
"$SWAPPLACE" run "${RUN[@]:0:${#RUN[@]}-4}" --seed 9 --out "$out/r2" >/dev/null 2>"$out/err2" &
pid=$!
at_exit "kill -9 $pid 2>/dev/null"
wait_for '[ "$(wc -l </proc/swaps)" -gt 1 ]' 120 || { cat "$out/err2"; fail "2: swap never came on"; }
rm -rf "$out/r2" && touch "$out/r2"
rc=0
wait "$pid" || rc=$?
cat "$out/err2"
[ "$rc" = 1 ] || fail "2: expected exit 1 when the report cannot be written, got $rc"
grep -q "cannot write the report" "$out/err2" || fail "2: no message about the report"
restored "error at the end"

# 3. SIGTERM with zswap on for the zswap placement (without zswap: while swap is on)
"$SWAPPLACE" run "${RUN[@]}" --out "$out/r3" >/dev/null 2>"$out/err3" &
pid=$!
at_exit "kill -9 $pid 2>/dev/null"
if [ $has_zswap = 1 ]; then
	# off for the run first, then on again for the zswap placement's turn with swap on
	wait_for '[ "$(cat $Z/enabled)" = N ]' 120 || { cat "$out/err3"; fail "3: zswap never went off"; }
	wait_for '[ "$(cat $Z/enabled)" = Y ] && [ "$(wc -l </proc/swaps)" -gt 1 ]' 120 ||
		{ cat "$out/err3"; fail "3: the zswap placement never came"; }
else
	wait_for '[ "$(wc -l </proc/swaps)" -gt 1 ]' 120 || { cat "$out/err3"; fail "3: swap never came on"; }
fi
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 1 ] || { cat "$out/err3"; fail "3: expected exit 1 after SIGTERM, got $rc"; }
restored "SIGTERM on the zswap placement"
echo ok
