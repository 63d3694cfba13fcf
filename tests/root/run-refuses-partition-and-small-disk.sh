#!/bin/bash
# run refuses a partition (never a whole disk) and a disk too small for the plan.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
make_loop dev 1G
"$TOP/build/tests/disk-tool" single-write "$dev" 256 >/dev/null || fail "partitioning"
part=$("$TOP/build/tests/disk-tool" part-path "$dev" 1) || fail "part-path"
[ -b "$part" ] || fail "no partition node '$part'"
size=$(blockdev --getsize64 "$part")
WANT="partition" expect_refusal "$dev" --target "$part" --confirm "$size" "${SMALL_RUN[@]}"

make_loop small 64M
size=$(blockdev --getsize64 "$small")
WANT="too small" expect_refusal "$small" --target "$small" --confirm "$size" "${SMALL_RUN[@]}"
echo ok
