#!/bin/bash
# `swapplace probe` on a range: JSON with QD1 samples and deep-queue IOPS, read-only; a range
# beyond the device's end is a usage error (exit 2), and nothing is read or written.
. "$(dirname "$0")/lib.sh"
need_root
need_cmd python3
make_loop dev 256M
dd if=/dev/urandom of="$dev" bs=1M count=64 oflag=direct status=none
before=$(device_sum "$dev")
out=$("$SWAPPLACE" probe "$dev" --offset 1M --length 32M --time-per-placement 2 --json) ||
	fail "probe failed"
echo "$out" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert r["command"] == "probe"
x = r["results"][0]
d = x["device_probe"]
assert d["qd1"]["samples"] > 0 and d["qd1"]["p50_us"] > 0, d
assert d["iops"] > 0 and d["seq_mib_s"] > 0, d
assert x["extents"] == [{"start_sector": 2048, "sectors": 65536}], x["extents"]
' || fail "probe JSON"
[ "$(device_sum "$dev")" = "$before" ] || fail "probe changed the device"
rc=0
"$SWAPPLACE" probe "$dev" --offset 250M --length 32M --json >/dev/null 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "out-of-range probe: expected exit 2, got $rc"
echo ok
