#!/bin/bash
# measure is non-destructive: a given swap area is enabled for the run and disabled after
# (one that was already on stays on), it reports real swap-ins, and it never writes a header
# (an area without one fails instead, and its reason names swapon's refusal).
# The probes are what it is about: --scenario none (measure runs the service otherwise).
. "$(dirname "$0")/lib.sh"
need_root
need_cmd python3
[ "$(wc -l < /proc/swaps)" -le 1 ] || skip "other swap is active"
make_loop dev 512M
dd if=/dev/zero of="$dev" bs=4M oflag=direct status=none 2>/dev/null || true
mkswap -q "$dev" >/dev/null || fail "mkswap"
scratch_dir out
check() {
	python3 - "$1" <<'PY' || fail "measure's JSON is wrong"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] == "swapplace-report/1" and r["command"] == "measure"
x = r["results"][0]
assert x["status"] == "ok", x
assert x["fault_probe"]["real_swapins"] > 0, x["fault_probe"]
assert x["device_probe"]["qd1"]["samples"] > 0
assert x["integrity"]["mismatches"] == 0
PY
}
"$SWAPPLACE" measure --swap "$dev" --json --budget 32M --time-per-placement 4 --scenario none >"$out/a.json" ||
	fail "measure failed"
check "$out/a.json"
[ "$(wc -l < /proc/swaps)" -le 1 ] || fail "the swap area was left on"

swapon "$dev" || fail "swapon"
at_exit "swapoff '$dev'"
"$SWAPPLACE" measure --json --budget 32M --time-per-placement 4 --scenario none >"$out/b.json" ||
	fail "measure of the current swap failed"
check "$out/b.json"
grep -q "^$dev " /proc/swaps || fail "measure turned the machine's own swap off"
swapoff "$dev"

wipefs -q -a "$dev" >/dev/null 2>&1 || dd if=/dev/zero of="$dev" bs=4096 count=1 conv=fsync status=none
before=$(device_sum "$dev")
"$SWAPPLACE" measure --swap "$dev" --json --budget 32M --time-per-placement 2 --scenario none >"$out/c.json" ||
	true
python3 -c 'import json,sys; x=json.load(open(sys.argv[1]))["results"][0]; assert x["status"]=="failed", x["status"]' "$out/c.json" ||
	fail "an area without a swap header was not reported as failed"
# and the report says why: swapon's own refusal and what it means, not a bare errno
reason=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["reason"])' "$out/c.json")
echo "reason: $reason"
case $reason in
*"swapon '$dev'"*"no valid swap header"*) ;;
*) fail "the failed area's reason does not name swapon and the missing header: $reason" ;;
esac
[ "$(device_sum "$dev")" = "$before" ] || fail "measure wrote to the device"
echo ok
