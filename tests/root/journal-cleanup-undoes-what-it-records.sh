#!/bin/bash
# A run killed with SIGKILL (nothing of it runs after: no undo, no atexit) once its journal
# shows the zram placement's swap and cgroup: the swap, the zram device, the cgroup, the mount
# and vm.page-cluster are left behind; `swapplace cleanup JOURNAL` undoes each, printing a line
# per thing, and the machine is as before. A swap area of the test's own, named swapplace-*
# but not in the journal, stays on. A second cleanup, and one without an argument, do nothing.
# A killed `measure --try file` leaves its swap file on: cleanup without an argument (the
# journal under /run/swapplace) swaps it off and removes it.
# Refused (exit 3, nothing touched): the journal of a run still alive, a file that is not a
# journal, a journal naming a file that is not swapplace's.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-journal.sh"
need_root
need_memcg
need_cmd sfdisk
need_cmd mkswap
[ -w /sys/class/zram-control/hot_add ] || skip "no zram-control"
grep -qw lz4 /proc/crypto 2>/dev/null || modprobe lz4 2>/dev/null || true
others_quiet
[ "$(wc -l </proc/swaps)" -le 1 ] || skip "other swap is active"
t0=$SECONDS
make_loop dev 1G
scratch_dir out
size=$(blockdev --getsize64 "$dev")
before=$(machine_state)
J=$out/r/journal

"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 32M \
	--time-per-placement 4 --profile-time 0 --scenario none --only start,zram-lz4 \
	--out "$out/r" >"$out/stdout" 2>"$out/stderr" &
pid=$!
at_exit "kill -9 $pid"
# the zram placement's cgroup: its swap (zram) is on and the probes run
for _ in $(seq 400); do
	awk '/^[0-9]+ zram /{z=1} z && /^[0-9]+ cgroup /{f=1} END{exit !f}' "$J" 2>/dev/null && break
	sleep 0.1
done
awk '/^[0-9]+ zram /{z=1} z && /^[0-9]+ cgroup /{f=1} END{exit !f}' "$J" ||
	{ cat "$out/stderr" "$J"; fail "the journal never showed the zram placement's cgroup"; }

# alive: refused, and nothing undone
rc=0
"$SWAPPLACE" cleanup "$J" >"$out/alive.out" 2>&1 || rc=$?
cat "$out/alive.out"
[ "$rc" = 3 ] || fail "cleanup of a live run's journal: expected exit 3, got $rc"
kill -0 "$pid" 2>/dev/null || fail "the run ended before it was killed: $(cat "$out/stderr")"
kill -9 "$pid"
wait "$pid" 2>/dev/null
echo "--- journal of the killed run"
cat "$J"
left=$(machine_state)
[ "$left" != "$before" ] || fail "the killed run left nothing behind: the test proves nothing"
echo "$left" | grep -q "swaps: .*zram" || fail "no zram swap was left on: $left"

# not a journal; a journal that names something not swapplace's
echo "hello" >"$out/notajournal"
rc=0
"$SWAPPLACE" cleanup "$out/notajournal" 2>"$out/err" || rc=$?
cat "$out/err"
[ "$rc" = 3 ] && grep -q "not a swapplace journal" "$out/err" || fail "a non-journal: exit $rc"
echo precious >"$out/precious"
{ head -1 "$J"; echo "1 file $out/precious"; } >"$out/forged"
rc=0
"$SWAPPLACE" cleanup "$out/forged" 2>"$out/err" || rc=$?
cat "$out/err"
[ "$rc" = 3 ] && [ -e "$out/precious" ] || fail "a forged journal: exit $rc, or the file went"

# a swap area of the test's own, not in the journal
decoy=/var/tmp/swapplace-decoy-$$.swap
at_exit "rm -f '$decoy'"
dd if=/dev/zero of="$decoy" bs=1M count=32 status=none
chmod 600 "$decoy"
mkswap "$decoy" >/dev/null || fail "mkswap $decoy"
swapon "$decoy" || fail "swapon $decoy"
at_exit "swapoff '$decoy'"

rc=0
"$SWAPPLACE" cleanup "$J" >"$out/clean.out" 2>"$out/clean.err" || rc=$?
cat "$out/clean.err" "$out/clean.out"
[ "$rc" = 0 ] || fail "cleanup: exit $rc"
grep -q "^swapplace: cleanup: swapoff /dev/zram" "$out/clean.out" || fail "no swapoff of the zram"
grep -q "^swapplace: cleanup: removed /dev/zram" "$out/clean.out" || fail "no zram removed"
grep -q "^swapplace: cleanup: removed the cgroup .*swapplace-" "$out/clean.out" || fail "no cgroup removed"
grep -q "^swapplace: cleanup: umount /run/swapplace-$pid" "$out/clean.out" || fail "no umount"
grep -q "^$decoy " /proc/swaps || fail "cleanup turned off the test's own swap area"
swapoff "$decoy"
expect_machine_as "$before" "after cleanup"
[ "$(tail -1 "$J")" = cleaned ] || fail "the journal is not marked cleaned"
[ ! -e /run/swapplace/journal-$pid ] || fail "its twin under /run is left behind"
as_planned "$dev" || fail "the target does not hold the planned swapplace-* partitions"

# idempotent
for args in "$J" ""; do
	rc=0
	"$SWAPPLACE" cleanup $args >"$out/again.out" 2>"$out/again.err" || rc=$?
	cat "$out/again.err"
	[ "$rc" = 0 ] && [ ! -s "$out/again.out" ] || fail "cleanup again ($args): exit $rc, $(cat "$out/again.out")"
done
expect_machine_as "$before" "after a second cleanup"

# measure --try: its temporary swap file, swapped on, killed; cleanup swaps it off and removes it
M=$out/m/journal
"$SWAPPLACE" measure --try file:/var/tmp --scenario none --time-per-placement 4 --budget 16M \
	--out "$out/m" >/dev/null 2>"$out/m.err" &
mpid=$!
at_exit "kill -9 $mpid"
at_exit "rm -f /var/tmp/swapplace-try-$mpid.swap"
wait_journal "$M" "^[0-9]+ swapon /var/tmp/swapplace-try-$mpid.swap" ||
	{ cat "$out/m.err"; fail "measure never swapped on its try file"; }
kill -9 "$mpid"
wait "$mpid" 2>/dev/null
[ -e "/var/tmp/swapplace-try-$mpid.swap" ] || fail "the killed measure left no try file: the test proves nothing"
rc=0
"$SWAPPLACE" cleanup >"$out/m.out" 2>&1 || rc=$?
cat "$out/m.out"
[ "$rc" = 0 ] || fail "cleanup after measure: exit $rc"
grep -q "cleanup: removed /var/tmp/swapplace-try-$mpid.swap" "$out/m.out" || fail "the try file was not removed"
[ ! -e "/var/tmp/swapplace-try-$mpid.swap" ] || fail "the try file is still there"
expect_machine_as "$before" "after the measure's cleanup"
echo "ok ($((SECONDS - t0)) s)"
