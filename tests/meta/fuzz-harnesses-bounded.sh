#!/bin/bash
# tests/meta/fuzz-harnesses-bounded.sh - every libFuzzer harness (tests/fuzz/fuzz-*.c: the
# command line and size units, the report.json reader behind report and compare, the /proc
# and /sys parsers, the plan geometry) built with ASan + UBSan and run a few seconds each on
# a temporary copy of its committed seed corpus, which replays every input ever committed
# there (the crashes fixed included) before it mutates. Any crash, sanitizer report, leak,
# timeout or broken invariant fails the test; its input is printed. `make fuzz` runs the same
# harnesses without a bound. Skips (77) only when clang or its libFuzzer runtime is missing.
# runner: may run beside another test
set -u
cd "$(dirname "$0")/../.." || exit 1
FUZZ_SECONDS=${FUZZ_SECONDS:-6}
command -v clang >/dev/null || { echo "skip: clang is not installed"; exit 77; }
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
	{ echo "skip: libFuzzer's runtime (libclang-rt-dev) is not installed"; exit 77; }
t0=$(date +%s)
make -s -j2 fuzz-build || { echo "FAIL: the fuzz harnesses do not build"; exit 1; }
echo "built in $(($(date +%s) - t0)) s"
n=$(ls build/fuzz/fuzz-* | wc -l)
[ "$n" -ge 6 ] || { echo "FAIL: only $n harnesses built"; exit 1; }
out=$(mktemp -d /tmp/swapplace-fuzz.XXXXXX)
trap 'rm -rf "$out"' EXIT
FUZZ_OUT=$out ./tests/fuzz/run.sh -max_total_time="$FUZZ_SECONDS" >"$out/log" 2>&1
rc=$?
grep -E '^fuzz: |stat::number_of_executed_units|Done [0-9]+ runs' "$out/log"
if [ $rc != 0 ]; then
	grep -E -B2 -A30 'ERROR: |runtime error|invariant broken' "$out/log" | head -n 80
	for f in "$out"/findings/*/*; do
		[ -f "$f" ] || continue
		echo "input $f:"
		head -c 600 "$f" | od -c | head -n 20
	done
	echo "FAIL: a harness found a problem (the input above: fix it, add it to tests/fuzz/corpus/NAME/)"
	exit 1
fi
echo "ok: $n harnesses, ${FUZZ_SECONDS} s each, $(($(date +%s) - t0)) s in all"
