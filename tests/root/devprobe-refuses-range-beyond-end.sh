#!/bin/bash
# devprobe-refuses-range-beyond-end - a range that reaches past the device's end is refused
# before any read, with an error that says so (the extent ends past the device's end): the
# probe exits non-zero, and the device's count of completed reads (/sys/block/NAME/stat) does
# not move.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
HELPER=$TOP/build/tests/devprobe-run
[ -x "$HELPER" ] || fail "$HELPER is not built (make tests)"

make_loop DEV 64M
command -v udevadm >/dev/null && udevadm settle 2>/dev/null
stat=/sys/block/$(basename "$DEV")/stat
reads() { awk '{print $1}' "$stat"; }

try_refused() { # OFFSET LENGTH
	local r0 r1 rc=0 err
	r0=$(reads)
	err=$("$HELPER" "$DEV" "$1" "$2" 1 2>&1 >/dev/null) || rc=$?
	r1=$(reads)
	[ $rc -ne 0 ] || fail "range $1+$2 on a 64 MiB device was not refused"
	[ $rc -eq 1 ] || fail "range $1+$2: exit $rc, expected 1 (error), not usage"
	grep -q "past the device's end" <<<"$err" || fail "range $1+$2: error does not say why: $err"
	[ "$r0" = "$r1" ] || fail "range $1+$2: the device was read ($r0 -> $r1 reads)"
	echo "refused $1+$2: $err"
}
try_refused $((60 << 20)) $((8 << 20))  # straddles the end
try_refused $((64 << 20)) 4096          # starts at the end
try_refused $((1 << 40)) 4096           # far beyond

# the last 4 MiB, exactly up to the end, is accepted and read (so the refusals are not a
# probe that always fails)
r0=$(reads)
out=$("$HELPER" "$DEV" $((60 << 20)) $((4 << 20)) 0.5) || fail "the last 4 MiB were refused"
r1=$(reads)
[ "$r1" -gt "$r0" ] || fail "the accepted probe did not read"
grep -q '^qd1_samples=[1-9]' <<<"$out" || fail "no samples: $out"
echo "ok"
