# tests/root/lib.sh - sourced by root tests. Every change a test makes is undone by the EXIT
# trap, in reverse order, whatever the exit path; a test touches only what it created.
set -u
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SWAPPLACE=$TOP/build/swapplace
_cleanups=()

skip() { echo "skip: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
at_exit() { _cleanups+=("$*"); }
_run_cleanups() {
	local i
	for ((i = ${#_cleanups[@]} - 1; i >= 0; i--)); do eval "${_cleanups[$i]}" >/dev/null 2>&1 || true; done
}
trap _run_cleanups EXIT
trap 'exit 130' INT TERM

need_root() { [ "$(id -u)" = 0 ] || skip "needs root"; }
need_cmd() { command -v "$1" >/dev/null 2>&1 || skip "needs $1"; }

# These helpers set a variable named by the caller instead of printing: a $(...) subshell
# would register its cleanup in the subshell, and it would never run.

# scratch_dir VAR: a temporary directory, removed at exit
scratch_dir() {
	local _sd_dir
	_sd_dir=$(mktemp -d /tmp/swapplace-test.XXXXXX)
	at_exit "rm -rf '$_sd_dir'"
	printf -v "$1" '%s' "$_sd_dir"
}

# make_loop VAR SIZE: a sparse file attached with direct I/O and partition scanning; the loop
# device's path goes into VAR. Detached and deleted at exit.
make_loop() {
	local _ml_img _ml_dev # prefixed: a local named like the caller's VAR would hide it
	need_root
	_ml_img=$(mktemp /var/tmp/swapplace-test.XXXXXX.img)
	at_exit "rm -f '$_ml_img'"
	truncate -s "$2" "$_ml_img"
	_ml_dev=$(losetup --find --show --direct-io=on -P "$_ml_img") ||
		skip "cannot attach a loop device"
	at_exit "losetup -d '$_ml_dev'"
	printf -v "$1" '%s' "$_ml_dev"
}

# device_sum DEV: checksum of the whole device, to prove a refusal changed nothing
device_sum() { dd if="$1" bs=1M iflag=direct status=none | sha256sum | cut -d' ' -f1; }

# expect_refusal DEV ARGS...: `swapplace run ARGS` must exit 3 and leave DEV's bytes as they
# were; the message must contain $WANT when it is set.
expect_refusal() {
	local dev=$1 before after rc out
	shift
	before=$(device_sum "$dev")
	out=$("$SWAPPLACE" run "$@" 2>&1) && rc=0 || rc=$?
	after=$(device_sum "$dev")
	echo "$out"
	[ "$rc" = 3 ] || fail "expected exit 3 (refused), got $rc"
	[ "$before" = "$after" ] || fail "the refused run changed '$dev'"
	if [ -n "${WANT:-}" ]; then
		echo "$out" | grep -q -- "$WANT" || fail "message does not say '$WANT'"
	fi
}

# small run options: a 1 GiB scratch disk is enough for this plan
SMALL_RUN=(--swap-size 128M --budget 32M --time-per-placement 4)
