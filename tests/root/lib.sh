# tests/root/lib.sh - sourced by root tests. Every change a test makes is undone by the EXIT
# trap, in reverse order, whatever the exit path; a test touches only what it created.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" # TOP, skip, fail, need_cmd, at_exit, scratch_dir
SWAPPLACE=$TOP/build/swapplace

need_root() { [ "$(id -u)" = 0 ] || skip "needs root"; }

# These helpers, like scratch_dir, set a variable named by the caller instead of printing: a
# $(...) subshell would register its cleanup in the subshell, and it would never run.

# make_loop VAR SIZE: a sparse file attached with direct I/O and partition scanning; the loop
# device's path goes into VAR. Detached and deleted at exit.
make_loop() {
	local _ml_img _ml_dev # prefixed: a local named like the caller's VAR would hide it
	need_root
	_ml_img=$(mktemp /var/tmp/swapplace-test.XXXXXX.img)
	at_exit "rm -f '$_ml_img'"
	truncate -s "$2" "$_ml_img"
	_ml_dev=$(losetup --find --show --direct-io=on -P "$_ml_img") ||
		skip "cannot attach a loop device"
	at_exit "losetup -d '$_ml_dev'"
	printf -v "$1" '%s' "$_ml_dev"
}

# make_run_target [SIZE]: what a whole `swapplace run` in these tests is given: a loop device of
# SIZE (default 1G) in $dev, written once in full (a sparse file's holes read back RAM-fast, so
# partitions never written would look faster than the swap file, which is), its size in bytes
# in $size (the --confirm of a disk without a serial), and a scratch directory in $out
make_run_target() {
	make_loop dev "${1:-1G}"
	dd if=/dev/zero of="$dev" bs=4M oflag=direct status=none 2>/dev/null || true
	scratch_dir out
	size=$(blockdev --getsize64 "$dev")
}

# device_sum DEV [MIB]: checksum of the whole device (or of its first MIB MiB), to prove a refusal
# changed nothing: SHA-256 over
# its 1 MiB blocks, each all-zero block written as one byte and every other one as a marker, its
# length and its bytes (one-to-one, so any changed byte changes the sum). The test disks are
# mostly zeros, and hashing those took 4 to 7 s per GiB on a busy 2-core CI machine.
device_sum() {
	dd if="$1" bs=1M ${2:+count="$2"} iflag=direct status=none | python3 -c '
import hashlib, sys
h, zero, f = hashlib.sha256(), bytes(1 << 20), sys.stdin.buffer
while True:
    b = f.read(1 << 20)
    if not b:
        break
    h.update(b"\0" if b == zero else b"\1" + len(b).to_bytes(4, "big") + b)
print(h.hexdigest())'
}

# expect_refusal DEV ARGS...: `swapplace run ARGS` must exit 3 and leave DEV's bytes as they
# were; the message must contain $WANT when it is set.
expect_refusal() {
	local dev=$1 before after rc out
	shift
	before=$(device_sum "$dev")
	out=$("$SWAPPLACE" run "$@" 2>&1) && rc=0 || rc=$?
	after=$(device_sum "$dev")
	echo "$out"
	[ "$rc" = 3 ] || fail "expected exit 3 (refused), got $rc"
	[ "$before" = "$after" ] || fail "the refused run changed '$dev'"
	if [ -n "${WANT:-}" ]; then
		echo "$out" | grep -q -- "$WANT" || fail "message does not say '$WANT'"
	fi
}

# small run options: a 1 GiB scratch disk is enough for this plan
SMALL_RUN=(--swap-size 128M --budget 32M --time-per-placement 4)

# need_helper VAR NAME: the test helper program build/tests/NAME into VAR; skips when it is not
# built
need_helper() {
	local _nh_path=$TOP/build/tests/$2
	[ -x "$_nh_path" ] || skip "build/tests/$2 not built (make tests)"
	printf -v "$1" '%s' "$_nh_path"
}

# need_memcg: skip without a memory cgroup controller (v1 mounted, or v2 at /sys/fs/cgroup)
need_memcg() {
	[ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ] ||
		grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null ||
		skip "no memory cgroup controller (v1, or v2 at /sys/fs/cgroup)"
}

# kv KEY FILE: the value of the KEY=value line in FILE (what the test helper programs print)
kv() { sed -n "s/^$1=//p" "$2"; }

# need_no_other_swap: skip when a swap area is active already. A probe needs its own to be the
# only one: with another, the kernel spreads the pages over both and nothing says which device
# was measured.
need_no_other_swap() { [ "$(wc -l </proc/swaps)" -le 1 ] || skip "another swap area is active"; }

# swap_on DEV: mkswap DEV and swap on it at the top priority (above any area that appears
# meanwhile); swapped off at exit.
swap_on() {
	need_cmd mkswap
	need_cmd swapon
	mkswap "$1" >/dev/null || fail "mkswap $1"
	swapon -p 32767 "$1" || fail "swapon $1"
	at_exit "swapoff '$1'"
}

# make_zram_swap VAR SIZE ALG: a zram device of our own (hot_add: zram0 is the machine's and is
# never touched) with compressor ALG and disksize SIZE, swapped on with swap_on; /dev/zramN
# goes into VAR. Swapped off, reset and removed at exit; only this device. Skips without
# zram-control or without ALG.
make_zram_swap() {
	local _mz_id _mz_z # prefixed: a local named like the caller's VAR would hide it
	need_root
	need_cmd mkswap
	need_cmd swapon
	[ -w /sys/class/zram-control/hot_add ] || skip "no /sys/class/zram-control (zram module not loaded)"
	_mz_id=$(cat /sys/class/zram-control/hot_add) || skip "zram hot_add failed"
	_mz_z=/sys/block/zram$_mz_id
	at_exit "echo $_mz_id > /sys/class/zram-control/hot_remove"
	at_exit "echo 1 > $_mz_z/reset"
	grep -qw -- "$3" "$_mz_z/comp_algorithm" || skip "zram has no $3"
	echo "$3" >"$_mz_z/comp_algorithm" || fail "cannot set $3 on zram$_mz_id"
	echo "$2" >"$_mz_z/disksize" || fail "cannot size zram$_mz_id"
	swap_on "/dev/zram$_mz_id"
	printf -v "$1" '%s' "/dev/zram$_mz_id"
}

# faultprobe_run VAR ARGS...: run build/tests/faultprobe-run ARGS ($FAULTPROBE_RUN overrides it),
# show its key=value output and keep it in a file whose path goes into VAR (read it with kv).
# Skips when another swap area was active during the run (see need_no_other_swap).
faultprobe_run() {
	local _fr_run=${FAULTPROBE_RUN:-$TOP/build/tests/faultprobe-run} _fr_dir
	[ -x "$_fr_run" ] || fail "$_fr_run missing: run make tests"
	scratch_dir _fr_dir
	"$_fr_run" "${@:2}" >"$_fr_dir/out" || fail "faultprobe-run failed: $(cat "$_fr_dir/out")"
	cat "$_fr_dir/out"
	[ "$(kv other_swaps "$_fr_dir/out")" = 0 ] || skip "another swap area was active during the run"
	printf -v "$1" '%s' "$_fr_dir/out"
}

# expect_real_swapins FILE MIB: faultprobe-run's output FILE (buffer of MIB MiB) proves real
# swap-ins: valid; >= 1000 samples; samples + warm-up and the real swap-ins within 5 % of the
# touches; pswpin rose with them; eviction proven before timing (VmSwap held the buffer,
# almost none of it resident); every touched page verified intact; io_uring depth 1 valid; the
# headline at one thread, a valid concurrency phase, and the buffer's swap-out counted.
expect_real_swapins() {
	local f=$1 bytes=$(($2 * 1024 * 1024)) pages t kept
	# the probe stops growing the buffer when its preparation time is up: on these fast
	# devices it must still be most of what was asked, and the proof is of what it used
	[ "$(kv buffer_bytes "$f")" -ge $((bytes / 2)) ] || fail "buffer shrank to $(kv buffer_bytes "$f") bytes"
	bytes=$(kv buffer_bytes "$f")
	pages=$((bytes / $(getconf PAGESIZE)))
	[ "$(kv invalid "$f")" = 0 ] || fail "result marked invalid: $(kv reason "$f")"
	[ "$(kv real_swapins "$f")" -gt 0 ] || fail "no real swap-ins"
	[ "$(kv samples "$f")" -ge 1000 ] || fail "fewer than 1000 samples"
	kept=$(($(kv samples "$f") + $(kv warmup_dropped "$f")))
	t=$(kv touches "$f")
	[ $(((t - kept) * 20)) -le "$t" ] || fail "samples+warmup $kept not within 5 % of touches $t"
	[ $((($(kv real_swapins "$f") - t) * 20)) -le "$t" ] || fail "real swap-ins not within 5 % of touches"
	[ $(($(kv pswpin_delta "$f") * 100)) -ge $(($(kv real_swapins "$f") * 95)) ] ||
		fail "pswpin did not rise with the swap-ins"
	[ "$(kv vmswap_bytes "$f")" -ge $((bytes * 95 / 100)) ] || fail "VmSwap below the buffer size"
	[ "$(kv resident_pages "$f")" -le $((pages / 100)) ] || fail "buffer pages still resident after eviction"
	[ "$(kv mismatches "$f")" = 0 ] || fail "pages came back corrupted"
	[ "$(kv pages_checked "$f")" -ge "$t" ] || fail "not every touched page was verified"
	[ "$(kv uring_qd1_samples "$f")" -gt 0 ] || fail "io_uring qd1 has no samples"
	[ "$(kv uring_qd1_invalid "$f")" = 0 ] || fail "io_uring qd1 invalid"
	# the headline is one thread; --threads (2) are measured beside it
	[ "$(kv threads "$f")" = 1 ] || fail "the headline was timed at $(kv threads "$f") threads"
	[ "$(kv conc_done "$f")" = 1 ] && [ "$(kv conc_invalid "$f")" = 0 ] &&
		[ "$(kv conc_real_swapins "$f")" -gt 0 ] || fail "no valid concurrency phase"
	[ "$(kv swapout_pages "$f")" -ge $((pages * 95 / 100)) ] || fail "swap-out counted $(kv swapout_pages "$f") of $pages pages"
}

# need_sweep: what a whole `swapplace run` needs: root, python3 (the tests read report.json),
# a memory cgroup controller, and no other swap active (each placement must be measured alone)
need_sweep() {
	need_root
	need_cmd python3
	need_memcg
	[ "$(wc -l </proc/swaps)" -le 1 ] || skip "other swap is active: placements would not be alone"
}

# run_swapping OUT REGEX CMD...: CMD's key=value output into OUT, with swap on. An OOM kill (a
# line of OUT matching REGEX) then is cgroup v1's limit reclaim giving up while a loop device's
# swap writes are in flight on a busy host (seen in CI on this kernel, swap half empty), not what
# these tests are about: it is run once more; a second one skips the test on a v1 host (the
# measurement cannot be made there) and fails it elsewhere.
run_swapping() {
	local _rs_out=$1 _rs_re=$2
	shift 2
	"$@" >"$_rs_out" 2>"$_rs_out.err" || fail "$1: $(cat "$_rs_out.err") $(cat "$_rs_out")"
	grep -Eq "$_rs_re" "$_rs_out" || return 0
	echo "OOM-killed although swap was on: once more"
	"$@" >"$_rs_out" 2>"$_rs_out.err" || fail "$1: $(cat "$_rs_out.err") $(cat "$_rs_out")"
	grep -Eq "$_rs_re" "$_rs_out" || return 0
	cat "$_rs_out"
	[ -e /sys/fs/cgroup/memory/memory.limit_in_bytes ] &&
		skip "cgroup v1's limit reclaim OOM-killed the workload twice although swap was on"
	fail "OOM-killed twice although swap was on"
}

# make_swap_partition VAR DEV: one 256 MiB swap-type partition at the start of the loop device
# DEV (partition scanning on, or partx where it is off); its node goes into VAR
make_swap_partition() {
	need_cmd sfdisk
	printf 'label: gpt\n,256M,S\n' | sfdisk -q "$2" >/dev/null || fail "sfdisk $2"
	if [ ! -b "${2}p1" ]; then
		need_cmd partx
		partx -a "$2" 2>/dev/null || partx -u "$2" || fail "partx -a $2"
		at_exit "partx -d '$2'"
	fi
	[ -b "${2}p1" ] || fail "partition of $2 did not appear"
	printf -v "$1" '%s' "${2}p1"
}

# others_quiet: wait (at most 5 min) until no other swapplace (or test helper that probes:
# build/tests/*-run) runs on this machine: they set vm.swappiness and vm.page-cluster while they
# go, so until they end the knobs are theirs, not the machine's; skip after that
others_quiet() {
	for _ in $(seq 600); do
		pgrep -x swapplace >/dev/null || pgrep -- '-run$' >/dev/null || return 0
		sleep 0.5
	done
	skip "another swapplace keeps running: the machine's knobs are not ours to compare"
}

# The `measure --try` tests share the machine with other tests, so they tell what they made by
# its size and place: their zram devices are ZRAM_BYTES big (twice the test's budget, a size no
# other test uses), their swap files lie under $out. our_zrams prints those zram devices
# (zramN), our_swaps the lines of /proc/swaps that are theirs. A test that makes no zram leaves
# ZRAM_BYTES unset.
our_zrams() {
	local z
	[ -n "${ZRAM_BYTES:-}" ] || return 0
	for z in /sys/block/zram*; do
		[ -e "$z/disksize" ] && [ "$(cat "$z/disksize")" = "$ZRAM_BYTES" ] && basename "$z"
	done
}
our_swaps() {
	local z
	grep -e "^$out/" /proc/swaps
	for z in $(our_zrams); do grep "^/dev/$z " /proc/swaps; done
}

# progress_within STAMPED END PCT: every progress line of a run ("[k/N] measuring 'X' (round 1
# of R): about M min S s left", as stamped by the test: "EPOCH LINE") said within PCT % of the
# time really left until END (an epoch), or within 2 s of it: the whole second it is printed to
# and the quiet second a placement waits, which is all a last line's few seconds can resolve
# (issue 18: the progress line's time left within 20 %). Prints each line's figures.
progress_within() {
	python3 - "$1" "$2" "$3" <<'PY' || fail "a progress line's time left is not within $3 % of the time that was left"
import re, sys
path, end, pct = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
pat = re.compile(r"\[(\d+)/(\d+)\] measuring '([^']+)' \(round 1 of \d+\): about (\d+) min (\d+) s left")
bad, n = [], 0
for line in open(path):
    t, _, text = line.partition(" ")
    m = pat.search(text)
    if not m:
        continue
    n += 1
    said = int(m.group(4)) * 60 + int(m.group(5))
    left = end - float(t)
    ok = abs(said - left) <= max(pct / 100 * left, 2)
    print("progress [%s/%s] %-14s said %4d s left, %6.1f s were (%+.0f %%)%s" % (
        m.group(1), m.group(2), m.group(3), said, left, 100 * (said - left) / left if left else 0,
        "" if ok else "  <- off"))
    if not ok:
        bad.append(m.group(3))
if not n:
    sys.exit("no progress line in %s" % path)
sys.exit(1 if bad else 0)
PY
}

# set_rotational DEV 0|1: the loop device's queue/rotational (0: the run takes it for an SSD and
# writes its swap partitions before probing them), put back at exit; skips where the kernel does
# not let it be written
set_rotational() {
	local q was
	q=/sys/block/$(basename "$1")/queue/rotational
	was=$(cat "$q") || skip "no $q"
	echo "$2" >"$q" 2>/dev/null || skip "the kernel refuses writes to $q"
	at_exit "echo $was > $q"
	[ "$(cat "$q")" = "$2" ] || skip "$q does not keep $2"
}

# mark_ends DEV [HEAD [TAIL]]: write into the first HEAD and the last TAIL MiB of DEV (default 4
# each) a mark that names each 512-byte sector ("swapplace-test sector N"), O_DIRECT: the owner's
# data that outside_intact checks after a run
mark_ends() {
	python3 - "$1" "${2:-4}" "${3:-${2:-4}}" <<'PY' || fail "cannot mark the ends of $1"
import mmap, os, sys
dev, head, tail = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
fd = os.open(dev, os.O_WRONLY | os.O_DIRECT)
n = os.lseek(fd, 0, os.SEEK_END) // 512
buf = mmap.mmap(-1, 1 << 20)
for first, mib in ((0, head), (n - (tail << 11), tail)):
    for m in range(mib):
        s0 = first + (m << 11)
        buf.seek(0)
        buf.write(b"".join(("swapplace-test sector %d" % s).encode().ljust(512, b".")
                           for s in range(s0, s0 + 2048)))
        os.pwrite(fd, buf, s0 * 512)
os.fsync(fd)
PY
}

# outside_intact DEV [HEAD [TAIL]]: after a run on DEV marked by mark_ends DEV HEAD TAIL, every
# 512-byte sector in no partition of DEV's table (sfdisk -J) and not the GPT's own (the first 34 and the last 33
# sectors: protective MBR, header, 128 entries, and their backup) still holds its mark; prints
# how many were checked. Fails when there are none, or when one lies outside the marked ends
# (nothing would prove it unchanged).
outside_intact() {
	sfdisk -J "$1" >"$out/outside.json" 2>/dev/null || fail "sfdisk -J $1"
	python3 - "$1" "${2:-4}" "${3:-${2:-4}}" "$out/outside.json" <<'PY'
import json, os, sys
dev, head, tail, table = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
t = json.load(open(table))["partitiontable"]
fd = os.open(dev, os.O_RDONLY | os.O_DIRECT)
n = os.lseek(fd, 0, os.SEEK_END) // 512
used = [(0, 34), (n - 33, n)] + [(p["start"], p["start"] + p["size"]) for p in t["partitions"]]
# the spans in no partition and not the GPT's
free, at = [], 0
for a, b in sorted(used) + [(n, n)]:
    if a > at:
        free.append((at, a))
    at = max(at, b)
count = sum(b - a for a, b in free)
if not count:
    sys.exit("no sector outside the partitions: nothing checked")
bad = [(a, b) for a, b in free
       if not any(ma <= a and b <= mb for ma, mb in [(0, head << 11), (n - (tail << 11), n)])]
if bad:
    sys.exit("sectors %d-%d are outside the partitions and not marked: cannot be checked"
             % (bad[0][0], bad[0][1] - 1))
import mmap
buf = mmap.mmap(-1, 1 << 20)
changed = 0
for a, b in free:
    for c in range(a, b, 2048):
        k = min(2048, b - c)
        os.preadv(fd, [memoryview(buf)[:k * 512]], c * 512)
        want = b"".join(("swapplace-test sector %d" % s).encode().ljust(512, b".")
                        for s in range(c, c + k))
        if buf[:k * 512] != want:
            changed += sum(buf[i * 512:(i + 1) * 512] != want[i * 512:(i + 1) * 512]
                           for i in range(k))
print("%s: %d sectors outside the partitions and the GPT checked, %d changed"
      % (dev, count, changed))
sys.exit(1 if changed else 0)
PY
}
