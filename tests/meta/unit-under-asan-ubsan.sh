#!/bin/bash
# tests/meta/unit-under-asan-ubsan.sh - every unit test (tests/unit/t-*.c) built again with
# AddressSanitizer and UndefinedBehaviorSanitizer (`make asan`: build/asan/, -O1, the product's
# build untouched) and run: a read or write outside an object, a use after free, a leak
# (detect_leaks=1), an overflow of a signed integer, a misaligned or null access, a shift or a
# float-to-integer cast out of range each fail the test that triggered it, and so this one.
set -u
cd "$(dirname "$0")/../.." || exit 1
t0=$(date +%s)
make -s -j2 asan >/dev/null || { echo "FAIL: the unit tests do not build with ASan+UBSan"; exit 1; }
echo "built in $(($(date +%s) - t0)) s"
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
n=0 failed=""
log=$(mktemp /tmp/swapplace-asan.XXXXXX)
trap 'rm -f "$log"' EXIT
for t in build/asan/tests/t-*; do
	[ -x "$t" ] || continue
	n=$((n + 1))
	if ! timeout -k 5 120 "$t" >"$log" 2>&1; then
		failed="$failed $(basename "$t")"
		echo "FAIL $(basename "$t"):"
		grep -E -A25 'ERROR: |runtime error|SUMMARY|FAIL' "$log" | head -n 40 | sed 's/^/    /'
	fi
done
[ "$n" -ge 50 ] || { echo "FAIL: only $n unit tests built"; exit 1; }
echo "$n unit tests under ASan+UBSan in $(($(date +%s) - t0)) s"
[ -z "$failed" ] || { echo "FAIL:$failed"; exit 1; }
echo ok
