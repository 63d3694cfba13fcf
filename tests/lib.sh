# shellcheck shell=bash
# tests/lib.sh - what every shell test shares, sourced by each group's lib.sh (appliance/,
# root/, vm/) or by a test directly: TOP, skip and fail with the exit codes tests/run.sh reads
# (77 skip, 1 fail), need_cmd, and cleanups that run at exit in reverse order whatever the exit
# path (at_exit, scratch_dir).
set -u
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
_cleanups=()

skip() { echo "skip: $*"; exit 77; }
# a group or a test defines on_fail to show what explains a failure (the program's output, a
# server's errors, the guest's console)
fail() {
	echo "FAIL: $*"
	if declare -F on_fail >/dev/null; then on_fail; fi
	exit 1
}
need_cmd() { command -v "$1" >/dev/null 2>&1 || skip "needs $1"; }

at_exit() { _cleanups+=("$*"); }
_run_cleanups() {
	local i
	for ((i = ${#_cleanups[@]} - 1; i >= 0; i--)); do eval "${_cleanups[$i]}" >/dev/null 2>&1 || true; done
}
trap _run_cleanups EXIT
trap 'exit 130' INT TERM

# scratch_dir VAR [TEMPLATE]: a temporary directory (mktemp -d TEMPLATE), removed at exit. It
# sets VAR instead of printing: a $(...) subshell would register its cleanup in the subshell,
# and it would never run.
scratch_dir() {
	local _sd_dir
	_sd_dir=$(mktemp -d "${2:-/tmp/swapplace-test.XXXXXX}") || fail "cannot make a scratch directory"
	at_exit "rm -rf '$_sd_dir'"
	printf -v "$1" '%s' "$_sd_dir"
}
