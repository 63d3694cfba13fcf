# shellcheck shell=bash
# tests/meta/lib.sh - sourced by the tests that check a check of the tree: each plants a
# violation in a copy and expects the check to fail naming it. The tree is the working
# directory; `failed` is 1 once an expectation was not met.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" # TOP, skip, fail, need_cmd, at_exit, scratch_dir
cd "$TOP" || exit 1
failed=0

# expect_check pass|fail WHAT PATTERN CMD...: run the check CMD; it must pass, or fail (exit 1)
# with a "FAIL: " line matching PATTERN
expect_check() {
	local want=$1 what=$2 pat=$3 out rc
	shift 3
	out=$("$@" 2>&1)
	rc=$?
	if { [ "$want" = pass ] && [ $rc = 0 ]; } ||
		{ [ "$want" = fail ] && [ $rc = 1 ] && echo "$out" | grep -q -- "FAIL: .*$pat"; }; then
		echo "ok: $what: exit $rc ($(echo "$out" | grep -m1 -- "FAIL: .*$pat" || echo "$out" | tail -n 1))"
	else
		echo "FAIL: $what: expected the check to $want, it exited $rc:"
		echo "$out" | head -n 5 | sed 's/^/    /'
		failed=1
	fi
}
