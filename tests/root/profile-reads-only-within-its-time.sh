#!/bin/bash
# `swapplace profile`: read-only (the device's checksum is unchanged), 100 points from the
# first sector to the last; and on a 2 TiB disk throttled to an old HDD's 100 random reads a
# second (a blkio cgroup), it keeps its time budget by reading fewer points that still span the
# whole disk. --profile-time 0 is a usage error for profile.
. "$(dirname "$0")/lib.sh"
need_root
need_cmd python3
make_loop dev 256M
dd if=/dev/urandom of="$dev" bs=1M count=256 oflag=direct status=none
before=$(device_sum "$dev")
"$SWAPPLACE" profile "$dev" --profile-time 5 --json >"$TOP/build/profile-small.json" ||
	fail "profile failed"
[ "$(device_sum "$dev")" = "$before" ] || fail "profile changed the device"
python3 - "$TOP/build/profile-small.json" $((256 << 20)) <<'PY' || fail "small profile JSON"
import json, sys
r = json.load(open(sys.argv[1])); size = int(sys.argv[2])
p = r["profile"]; pts = p["points"]
assert r["command"] == "profile" and p["dev_bytes"] == size, (r["command"], p["dev_bytes"])
assert len(pts) == 100, len(pts)
offs = [x["offset_bytes"] for x in pts]
assert offs == sorted(offs) and offs[0] == 0, offs[:3]
assert offs[-1] + p["window_bytes"] > size * 0.98, (offs[-1], p["window_bytes"])
assert all(x["seq_mib_s"] > 0 and x["rand_p50_us"] > 0 for x in pts)
PY
rc=0
"$SWAPPLACE" profile "$dev" --profile-time 0 >/dev/null 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "--profile-time 0: expected exit 2, got $rc"

# a large disk as slow as an old HDD: cgroup v1 blkio throttling of our reads
blkio=/sys/fs/cgroup/blkio
[ -w "$blkio/cgroup.procs" ] || { echo "skip: no cgroup v1 blkio controller to throttle with"; exit 77; }
make_loop big 2T
cg=$blkio/swapplace-test-$$
mkdir "$cg" && at_exit "rmdir '$cg'"
echo "$(lsblk -dno MAJ:MIN "$big" | tr -d ' ') 100" >"$cg/blkio.throttle.read_iops_device"
start_ms=$(($(date +%s%N) / 1000000))
(echo $BASHPID >"$cg/cgroup.procs" &&
	exec "$SWAPPLACE" profile "$big" --profile-time 8 --json) >"$TOP/build/profile-big.json" ||
	fail "throttled profile failed"
wall_ms=$(($(date +%s%N) / 1000000 - start_ms))
python3 - "$TOP/build/profile-big.json" $((2 << 40)) "$wall_ms" <<'PY' || fail "throttled profile"
import json, sys
r = json.load(open(sys.argv[1])); size = int(sys.argv[2]); wall = int(sys.argv[3]) / 1000
p = r["profile"]; pts = p["points"]
print("points", len(pts), "duration", p["duration_s"], "wall", wall)
assert p["duration_s"] <= 8 * 1.05, p["duration_s"]
assert wall < 8 + 5, wall
assert 10 <= len(pts) < 100, len(pts)  # throttled: fewer than 100, still a profile
offs = [x["offset_bytes"] for x in pts]
assert offs[0] == 0 and offs[-1] > size * 0.95, (offs[0], offs[-1])
gaps = [b - a for a, b in zip(offs, offs[1:])]
assert max(gaps) <= 3 * size / (len(pts) - 1), max(gaps)  # spread, not bunched at the start
PY
echo ok
