#!/bin/bash
# tests/meta/architecture-check-fails-on-a-planted-file.sh - the architecture map's check
# (architecture-names-every-source-file.sh) is itself checked: on a copy of the tree it must
# pass as it is, and fail naming the file on each planted change: a new source file without a
# row, a new header-only header without a row, a source file gone whose row stays, and a row
# naming a header that has a source file.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
check=tests/meta/architecture-names-every-source-file.sh
scratch_dir tmp /tmp/swapplace-arch.XXXXXX

fresh() { # a clean copy of what the check reads
	rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/docs"
	cp -r src include "$tmp/tree/" && cp docs/architecture.md "$tmp/tree/docs/"
}
expect() { # pass|fail what [PATTERN the failure must name]: run the check on the copy
	expect_check "$1" "$2" "${3:-}" env REPO_DIR="$tmp/tree" bash "$check"
}

fresh
expect pass "the tree as it is"

fresh
cp "$tmp/tree/src/core/plan/plan.c" "$tmp/tree/src/core/plan/planted.c"
expect fail "a new source file without a row" "src/core/plan/planted.c has no line"

fresh
printf '#ifndef PLANTED_H\n#define PLANTED_H\n#endif\n' >"$tmp/tree/include/sys/planted.h"
expect fail "a new header-only header without a row" "include/sys/planted.h has no line"

fresh
rm "$tmp/tree/src/sys/timer.c"
expect fail "a source file gone, its row kept" "names sys/timer.c: there is no src/sys/timer.c"

fresh
sed -i 's/^| `sys\/timer\.c` |/| `sys\/timer.h` |/' "$tmp/tree/docs/architecture.md"
grep -q '^| `sys/timer.h` |' "$tmp/tree/docs/architecture.md" || { echo "FAIL: could not plant"; exit 1; }
expect fail "a row naming a header that has a source file" "names sys/timer.h: it has a source file"

[ $failed = 0 ] && echo "the architecture map's check fails on every planted change"
exit $failed
