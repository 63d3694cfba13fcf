#!/bin/bash
# tests/hddmodel/hddmodel-replay-moves-an-area.sh - `hddmodel-expect --replay` (what the vm test of
# the build job computes its implied margin with) on a hand-written log, against the model's
# formulas (hddmodel.h) worked out here in python from the same parameters:
#  - a replay is deterministic (rotation at its expected value) and ignores the log's own
#    modeled times, which it reports apart as served_us;
#  - --map moves exactly the requests that start in [A, B), and the cost changes by the seeks
#    and transfers of the moved requests, no more;
#  - --window keeps the lines by arrival time; a request that straddles the map's end, a line
#    that is not a log line and a move past the disk's end exit 2.
# Needs no root.
. "$(dirname "$0")/lib.sh"
[ -x "$EXPECT" ] || skip "needs $EXPECT (make tests)"
M=(--size 8G --rpm 7200 --t2t-ms 1 --full-ms 18 --outer-mbs 200 --inner-mbs 100 --buffer 256K)
# op offset length modeled_us seek_us rot_us xfer_us cont arrival_us
cat >"$T/log" <<'EOF'
read 1048576 4096 11 0 0 0 0 100
write 2097152 65536 22 0 0 0 0 200
flush 0 0 0 0 0 0 0 250
read 1052672 4096 33 0 0 0 1 300
read 3145728 4096 44 0 0 0 0 400
EOF
run() { "$EXPECT" "${M[@]}" --replay "$T/log" "$@"; }
a=$(run) || { echo "FAIL: replay exited $?"; exit 1; }
b=$(run) || exit 1
[ "$a" = "$b" ] || { echo "FAIL: two replays differ: $a / $b"; exit 1; }
moved=$(run --map 2M 3M 7G) || { echo "FAIL: --map exited $?"; exit 1; }
win=$(run --window 150 350) || { echo "FAIL: --window exited $?"; exit 1; }
echo "as served: $(echo $a)"
echo "moved:     $(echo $moved)"
echo "window:    $(echo $win)"
python3 - "$a" "$moved" "$win" <<'EOF' || exit 1
import math, sys
kv = lambda s: {k: float(v) for k, v in (l.split("=") for l in s.split())}
a, moved, win = kv(sys.argv[1]), kv(sys.argv[2]), kv(sys.argv[3])
size, t2t, full, rot = 8 << 30, 1.0, 18.0, 60e6 / 7200 / 2
def seek(d): return 0 if d == 0 else 1000 * (t2t + (full - t2t) * math.sqrt(min(d, size) / size))
def rate(off): return 1e6 * (200 - 100 * min(off / (size - 1), 1))
def xfer(off, n): return 1e6 * n / rate(off + n // 2)
def replay(reqs):
    head, streaming, total = 0, False, 0.0
    for op, off, n in reqs:
        if op == "flush":
            continue
        if streaming and head <= off < head + (256 << 10):
            total += xfer(head, off + n - head)
        else:
            total += seek(abs(off - head)) + rot + xfer(off, n)
        head, streaming = off + n, True
    return total
log = [("read", 1 << 20, 4096), ("write", 2 << 20, 65536), ("flush", 0, 0),
       ("read", (1 << 20) + 4096, 4096), ("read", 3 << 20, 4096)]
want = replay(log)
want_moved = replay([(o, (7 << 30) + off - (2 << 20) if (2 << 20) <= off < (3 << 20) else off, n)
                     for o, off, n in log])
want_win = replay(log[1:4])
bad = []
for name, got, w in (("as served", a, want), ("moved", moved, want_moved), ("window", win, want_win)):
    print("%-9s replay_us %.1f, formula %.1f" % (name, got["replay_us"], w))
    if abs(got["replay_us"] - w) > 0.2:
        bad.append("%s: replay_us %.1f, the formulas give %.1f" % (name, got["replay_us"], w))
if a["served_us"] != 110 or a["replay_requests"] != 5 or a["mapped_requests"] != 0:
    bad.append("as served: %r" % a)
if moved["mapped_requests"] != 1 or not moved["replay_us"] > a["replay_us"]:
    bad.append("moved: %r" % moved)
if win["replay_requests"] != 3 or win["served_us"] != 55:
    bad.append("window: %r" % win)
for m in bad:
    print("FAIL:", m)
sys.exit(1 if bad else 0)
EOF
for args in "--map 2M 2100K 7G" "--map 1M 2M 8G" "--window x 1"; do
	# shellcheck disable=SC2086
	run $args >/dev/null 2>&1
	rc=$?
	[ "$rc" = 2 ] || { echo "FAIL: '$args' exited $rc, want 2"; exit 1; }
done
echo "garbage line" >>"$T/log"
run >/dev/null 2>&1
[ $? = 2 ] || { echo "FAIL: a line that is not a log line did not exit 2"; exit 1; }
echo pass
