#!/bin/bash
# `run --also A --also B --only dev-<B>` measures B alone and never writes A. The dev-
# placements once took their --also device from a running counter over the placements that
# --only kept, so this run partitioned A (the user had left it out) and reported A's figures
# under B's name. A's bytes must be unchanged and the one result must be a partition of B.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_sweep
make_loop dev 1G
make_loop a 256M
make_loop b 256M
# real bytes on A, so that a GPT written over it shows in the checksum
head -c 4M /dev/urandom | dd of="$a" bs=4M oflag=direct status=none || fail "cannot fill '$a'"
scratch_dir out
size=$(blockdev --getsize64 "$dev")
a_size=$(blockdev --getsize64 "$a")
b_size=$(blockdev --getsize64 "$b")
[ "$a_size" = $((256 << 20)) ] && [ "$b_size" = $((256 << 20)) ] || fail "loop sizes are not 256 MiB"
a_before=$(device_sum "$a")
"$SWAPPLACE" run --target "$dev" --confirm "$size" \
	--also "$a" --also-confirm "$a_size" --also "$b" --also-confirm "$b_size" \
	--only "dev-$(basename "$b")" --swap-size 128M --budget 16M --time-per-placement 3 \
	--seed 7 --out "$out/r" >"$out/stdout" 2>"$out/stderr" ||
	{ cat "$out/stderr"; fail "run failed"; }
cat "$out/stderr"
a_after=$(device_sum "$a")
[ "$a_before" = "$a_after" ] || fail "'$a' was written although --only left it out"
python3 - "$out/r/report.json" "$(basename "$b")" <<'PY' || fail "the result is not B's"
import json, os, sys
r = json.load(open(sys.argv[1]))
b = sys.argv[2]
names = [x["placement"] for x in r["results"]]
assert names == ["dev-" + b], names
dev = r["results"][0]["device"]
# a partition of B: the kernel lists it under B's sysfs directory
part = os.path.basename(dev)
assert part != b and os.path.isdir("/sys/block/%s/%s" % (b, part)), (dev, b)
print("dev-%s measured %s" % (b, dev))
PY
echo ok
