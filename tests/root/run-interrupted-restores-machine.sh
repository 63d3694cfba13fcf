#!/bin/bash
# SIGINT in the middle of a run: swapplace stops, turns its swap off, removes its zram device,
# cgroups and mount, puts vm.page-cluster back, writes no report and exits 1.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
[ "$(wc -l < /proc/swaps)" -le 1 ] || skip "other swap is active"
make_loop dev 2G
scratch_dir out
size=$(blockdev --getsize64 "$dev")
pc_before=$(cat /proc/sys/vm/page-cluster)
zram_before=$(ls /sys/block | grep zram | sort)
for sig in INT TERM; do
	"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 256M --budget 64M \
		--time-per-placement 20 --only start,zram-lz4 --out "$out/r-$sig" \
		>"$out/stdout" 2>"$out/stderr" &
	pid=$!
	at_exit "kill -9 $pid"
	# wait until the first placement's swap is really on, then interrupt
	for _ in $(seq 100); do
		[ "$(wc -l < /proc/swaps)" -gt 1 ] && break
		sleep 0.2
	done
	[ "$(wc -l < /proc/swaps)" -gt 1 ] || { cat "$out/stderr"; fail "swap never came on"; }
	sleep 1
	kill -"$sig" "$pid"
	rc=0
	wait "$pid" || rc=$?
	cat "$out/stderr"
	[ "$rc" = 1 ] || fail "SIG$sig: expected exit 1, got $rc"
	grep -q interrupted "$out/stderr" || fail "SIG$sig: no 'interrupted' message"
	[ "$(wc -l < /proc/swaps)" -le 1 ] || fail "SIG$sig: swap left on: $(cat /proc/swaps)"
	[ "$(ls /sys/block | grep zram | sort)" = "$zram_before" ] || fail "SIG$sig: zram left"
	[ "$(cat /proc/sys/vm/page-cluster)" = "$pc_before" ] || fail "SIG$sig: page-cluster"
	ls -d /sys/fs/cgroup/memory/swapplace* /sys/fs/cgroup/swapplace* 2>/dev/null &&
		fail "SIG$sig: cgroup left"
	grep -q " /run/swapplace-" /proc/mounts && fail "SIG$sig: data filesystem still mounted"
	[ -e "$out/r-$sig/report.json" ] && fail "SIG$sig: a report was written"
done
echo ok
