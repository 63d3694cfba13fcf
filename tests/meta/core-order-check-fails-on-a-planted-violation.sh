#!/bin/bash
# tests/meta/core-order-check-fails-on-a-planted-violation.sh - the purity and stage-order check
# (core-is-pure.sh) is itself checked: on a copy of the core it must pass as it is, and fail
# on each planted violation: an include of a later stage, an include outside the core, a file
# outside any stage, and an object that makes a system call or calls an effect module.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
check=tests/meta/core-is-pure.sh
list=build/core-objs.list
[ -f "$list" ] || skip "$list not built (make tests)"
need_cmd nm
scratch_dir tmp /tmp/swapplace-order.XXXXXX

fresh() { # a clean copy of the core's sources
	rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/src" "$tmp/tree/include"
	cp -r src/core "$tmp/tree/src/" && cp -r include/core "$tmp/tree/include/"
}
expect() { # pass|fail what [PATTERN the failure must name]: run the check on the copy
	expect_check "$1" "$2" "${3:-}" env CORE_DIR="$tmp/tree" CORE_OBJS_LIST="${LIST:-$list}" bash "$check"
}

fresh
expect pass "the core as it is"

# config is the first stage; doc the last
fresh
sed -i '0,/^#include "core\//s//#include "core\/doc\/doc.h"\n&/' "$tmp/tree/src/core/config/units.c"
grep -q '"core/doc/doc.h"' "$tmp/tree/src/core/config/units.c" || { echo "FAIL: could not plant"; exit 1; }
expect fail "config/units.c includes a later stage (doc)" "units.c (config) includes \"core/doc/doc.h\" of a later stage"

fresh
sed -i '0,/^#include "core\//s//#include "core\/findings\/analysis.h"\n&/' "$tmp/tree/include/core/measure/hist.h"
expect fail "a header of measure includes findings" "hist.h (measure) includes"

fresh
sed -i '0,/^#include "core\//s//#include "sys\/timer.h"\n&/' "$tmp/tree/src/core/plan/plan.c"
expect fail "plan/plan.c includes a sys/ header" "plan.c includes \"sys/timer.h\""

fresh
cp "$tmp/tree/src/core/config/units.c" "$tmp/tree/src/core/stray.c"
expect fail "a core file outside any stage" "src/core/stray.c is not in a stage"

# an object that reaches the machine: a system call, and an effect module's function
fresh
printf '#include <unistd.h>\nint sp_planted(void) { return (int)getpid(); }\n' >"$tmp/planted.c"
printf 'int sp_swap_off(const char *p);\nint sp_planted2(void) { return sp_swap_off("x"); }\n' >"$tmp/planted2.c"
cc -c -o "$tmp/planted.o" "$tmp/planted.c" && cc -c -o "$tmp/planted2.o" "$tmp/planted2.c" ||
	{ echo "FAIL: cannot compile the planted objects"; exit 1; }
{ cat "$list"; echo "$tmp/planted.o"; } >"$tmp/list1"
LIST="$tmp/list1" expect fail "a core object calls getpid()" "planted.o uses .getpid."
{ cat "$list"; echo "$tmp/planted2.o"; } >"$tmp/list2"
LIST="$tmp/list2" expect fail "a core object calls an effect module (sp_swap_off)" "planted2.o uses .sp_swap_off."

[ $failed = 0 ] && echo "the order and purity check fails on every planted violation"
exit $failed
