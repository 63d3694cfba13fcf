#!/bin/bash
# devprobe-reads-only-inside-range - the device probe on a sub-range of a loop device returns
# real numbers, never writes (the device's checksum is unchanged), and every read it submits
# lies inside the range (seen with the block_bio_queue tracepoint in a private tracefs
# instance; that part is skipped where tracefs is unavailable, the rest still runs).
. "$(dirname "$0")/lib.sh"
need_root
need_cmd python3
HELPER=$TOP/build/tests/devprobe-run
[ -x "$HELPER" ] || fail "$HELPER is not built (make tests)"

make_loop DEV 256M
# a known pattern over the whole device, so reads are of real blocks and a write would show
yes 'swapplace devprobe test pattern' | head -c $((256 << 20)) |
	dd of="$DEV" bs=1M iflag=fullblock oflag=direct status=none || fail "cannot write the pattern"
command -v udevadm >/dev/null && udevadm settle 2>/dev/null
before=$(device_sum "$DEV")

OFF=$((64 << 20)) LEN=$((32 << 20))
first=$((OFF / 512)) end=$(((OFF + LEN) / 512))

# trace the loop device's bios in our own tracing instance
trace=""
scratch_dir TMP
if grep -qw tracefs /proc/filesystems && mkdir "$TMP/tracing" &&
	mount -t tracefs none "$TMP/tracing" 2>/dev/null; then
	at_exit "umount '$TMP/tracing'"
	inst=$TMP/tracing/instances/swapplace-devprobe-$$
	if mkdir "$inst" 2>/dev/null; then
		at_exit "rmdir '$inst'"
		at_exit "echo 0 > '$inst/events/block/block_bio_queue/enable'"
		read -r maj min < <(stat -L -c '%t %T' "$DEV" | while read -r a b; do echo $((16#$a)) $((16#$b)); done)
		echo 32768 >"$inst/buffer_size_kb"
		echo "dev == $(((maj << 20) | min))" >"$inst/events/block/block_bio_queue/filter"
		echo 1 >"$inst/events/block/block_bio_queue/enable"
		trace=$inst
	fi
fi
[ -n "$trace" ] || echo "note: no tracefs instance; not checking read locations"

out=$("$HELPER" "$DEV" "$OFF" "$LEN" 1.5) || fail "probe failed: $out"
[ -n "$trace" ] && echo 0 >"$trace/events/block/block_bio_queue/enable"
echo "$out"
kv() { sed -n "s/^$1=//p" <<<"$out"; }

after=$(device_sum "$DEV")
[ "$before" = "$after" ] || fail "the device changed: $before -> $after"

python3 - "$out" <<'PY' || fail "numbers not sane"
import sys
kv = dict(l.split("=", 1) for l in sys.argv[1].split("\n") if "=" in l)
f = lambda k: float(kv[k])
ok = True
def want(cond, what):
    global ok
    if not cond:
        print("not sane:", what); ok = False
want(f("qd1_samples") >= 1000, "qd1_samples >= 1000")
want(f("qd1_warmup_dropped") == 50, "qd1_warmup_dropped == 50")
want(0 < f("qd1_min_us") <= f("qd1_p50_us") <= f("qd1_p99_us") <= f("qd1_max_us"), "qd1 order")
want(f("qd1_p50_us") < 100000, "qd1 p50 below 100 ms")
want(f("deep_iops") > 0 and f("deep_samples") > 0, "deep ran")
want(f("seq_mib_s") > 0, "seq ran")
want(f("seq_bytes") == 32 << 20, "seq read the whole 32 MiB range")
want(f("range_bytes") == 32 << 20, "range_bytes")
sys.exit(0 if ok else 1)
PY

if [ -n "$trace" ]; then
	# "... block_bio_queue: 7,0 R 131072 + 8 [devprobe-run]"; io_uring may punt a read to
	# its io-wq worker, so both names are ours. Reads by anything else (udev) are ignored.
	python3 - "$trace/trace" "$first" "$end" <<'PY' || fail "a read fell outside the range"
import re, sys
first, end = int(sys.argv[2]), int(sys.argv[3])
ours = outside = other = 0
for line in open(sys.argv[1]):
    m = re.search(r"block_bio_queue: \d+,\d+ (\S+) (\d+) \+ (\d+) \[(.*)\]", line)
    if not m:
        continue
    rwbs, s, n, comm = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    if not (comm.startswith("devprobe-run") or comm.startswith("iou-wrk")):
        other += 1
        continue
    ours += 1
    if "W" in rwbs or s < first or s + n > end:
        outside += 1
        if outside < 5:
            print("outside or a write:", line.strip())
print("traced bios: %d ours, %d outside the range, %d by others" % (ours, outside, other))
sys.exit(0 if ours > 1000 and outside == 0 else 1)
PY
fi
echo "ok"
