#!/bin/bash
# tests/root/run-interrupted-in-ssd-range-write-restores-machine.sh - SIGINT, then SIGTERM, while
# `run` writes a non-rotational --also disk's swap partition before probing it (issue 18, item
# 4): the write stops at the next 1 MiB chunk, the run says where it stopped, unwinds and exits 1
# with no report (docs/exit-codes.md), the journal ends "end", and the machine is as found.
#
# Both loop devices are told they are not rotational: the target's start partition is written
# first, at full speed, then the --also disk's (64 MiB). The run is started in a blkio cgroup of
# this test's (cgroup v1) whose blkio.throttle.write_bps_device holds the --also disk to 8 MiB/s,
# so that write lasts 8 s; the signal is sent 1 s after the run says it began it, never by a
# clock racing the write. Asserted per signal: exit 1; stderr says the write was interrupted at
# byte N of the partition (0 < N < its size) and that no report is written; the disk holds
# exactly N bytes of the partition written (SEEK_DATA over its backing file: nothing was
# written after the stop); the run ended within 3 s of the signal (printed: the measured
# figure); no report.json; the journal ends "end"; swap, zram, cgroups, mounts, sysctls and
# zswap as before; on both disks every sector outside the partitions and the GPT still holds
# the mark written there before.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-journal.sh"
need_sweep
need_cmd sfdisk
need_cmd blkdiscard
blkio=/sys/fs/cgroup/blkio
[ -w "$blkio/blkio.throttle.write_bps_device" ] || skip "no cgroup v1 blkio throttle at $blkio"
t0=$SECONDS
rate=$((8 << 20)) # bytes/s
make_loop dev 512M
make_loop also 256M
set_rotational "$dev" 0
set_rotational "$also" 0
scratch_dir out
size=$(blockdev --getsize64 "$dev")
asize=$(blockdev --getsize64 "$also")
aname=$(basename "$also")
# its one partition takes [1 MiB, 65 MiB): everything after it is marked (and checked) as well
atail=$(((asize >> 20) - 65))
cg=$blkio/sp-test-throttle-$$ # not swapplace-*: no name of the run's own cgroups
mkdir "$cg" || skip "cannot make a blkio cgroup"
# the run's process has left it by then (killed first below when the test fails early)
at_exit "for _ in 1 2 3 4 5 6 7 8 9 10; do rmdir '$cg' && break; sleep 0.2; done"
echo "$(lsblk -dno MAJ:MIN "$also" | tr -d ' ') $rate" >"$cg/blkio.throttle.write_bps_device" ||
	skip "the blkio throttle refuses a rule for $also"
before=$(machine_state)

# allocated BACKING START END: bytes of [START, END) that the sparse BACKING holds
allocated() { PYTHONDONTWRITEBYTECODE=1 python3 "$(dirname "$0")/sparse.py" "$@"; }

# a run this test had to kill (it failed early) is undone from its journal, as a user would
at_exit "'$SWAPPLACE' cleanup"
for sig in INT TERM; do
	# a fresh --also disk each time (its backing file all holes), marked at both ends
	blkdiscard "$also" || fail "blkdiscard $also"
	mark_ends "$dev"
	mark_ends "$also" 4 "$atail"
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" \
		"$SWAPPLACE" run --target "$dev" --confirm "$size" --also "$also" --also-confirm "$asize" \
		--only "start,dev-$aname" --swap-size 64M --budget 16M --time-per-placement 1 \
		--scenario none --zswap none --profile-time 0 --seed 7 --out "$out/r-$sig" \
		>"$out/stdout" 2>"$out/stderr" &
	pid=$!
	at_exit "kill -9 $pid; wait $pid" # dead before the cleanup below reads its journal
	for _ in $(seq 600); do
		grep -q "writing '${also}p1' .* whole before probing it" "$out/stderr" && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	grep -q "writing '${also}p1' .* whole before probing it" "$out/stderr" ||
		{ cat "$out/stderr"; fail "SIG$sig: the run never began writing '${also}p1'"; }
	sleep 1
	grep -q "wrote '${also}p1'" "$out/stderr" &&
		{ cat "$out/stderr"; fail "SIG$sig: the write ended before the signal (the throttle did not hold)"; }
	t_sig=$(date +%s%3N)
	kill -"$sig" "$pid"
	rc=0
	wait "$pid" || rc=$?
	ms=$(($(date +%s%3N) - t_sig))
	cat "$out/stderr"
	echo "SIG$sig: the run exited $ms ms after the signal"
	[ "$rc" = 1 ] || fail "SIG$sig: exit $rc, want 1"
	line=$(grep "^swapplace: interrupted writing '${also}p1' at byte [0-9]* of [0-9]*: restoring the machine; no report written$" "$out/stderr") ||
		fail "SIG$sig: stderr does not say where the write of '${also}p1' was interrupted"
	read -r at of < <(echo "$line" | sed -E 's/.* at byte ([0-9]+) of ([0-9]+).*/\1 \2/')
	[ "$at" -gt 0 ] && [ "$at" -lt "$of" ] || fail "SIG$sig: stopped at byte $at of $of"
	[ "$ms" -le 3000 ] || fail "SIG$sig: the run took $ms ms to end after the signal"
	[ -e "$out/r-$sig/report.json" ] && fail "SIG$sig: a report was written"
	[ "$(tail -1 "$out/r-$sig/journal")" = end ] || fail "SIG$sig: the journal does not end with 'end'"
	expect_machine_as "$before" "SIG$sig"
	# what the disk holds of the partition: exactly the bytes the run says it wrote (the marks
	# cover its first 3 MiB; past them, only the run wrote)
	p1=$(sfdisk -J "$also" | python3 -c 'import json,sys; p=json.load(sys.stdin)["partitiontable"]["partitions"][0]; print(p["start"] * 512, p["size"] * 512)')
	read -r lo n <<<"$p1"
	[ "$n" = "$of" ] || fail "SIG$sig: the partition has $n bytes, the run said $of"
	held=$(allocated "$(losetup -nO BACK-FILE "$also")" "$lo" $((lo + n)))
	want=$((at > (4 << 20) - lo ? at : (4 << 20) - lo))
	echo "SIG$sig: stopped at byte $at of $of ($((at >> 20)) MiB at $((rate >> 20)) MiB/s); the disk holds $held bytes of the partition"
	[ "$held" = "$want" ] || fail "SIG$sig: the disk holds $held bytes of the partition, want $want"
	outside_intact "$dev" || fail "SIG$sig: a sector outside the partitions of '$dev' changed"
	outside_intact "$also" 4 "$atail" || fail "SIG$sig: a sector outside the partitions of '$also' changed"
done
echo "ok ($((SECONDS - t0)) s)"
