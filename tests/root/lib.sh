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
	local d
	d=$(mktemp -d /tmp/swapplace-test.XXXXXX)
	at_exit "rm -rf '$d'"
	printf -v "$1" '%s' "$d"
}

# make_loop VAR SIZE: a sparse file attached with direct I/O and partition scanning; the loop
# device's path goes into VAR. Detached and deleted at exit.
make_loop() {
	local size=$2 img dev
	need_root
	img=$(mktemp /var/tmp/swapplace-test.XXXXXX.img)
	at_exit "rm -f '$img'"
	truncate -s "$size" "$img"
	dev=$(losetup --find --show --direct-io=on -P "$img") || skip "cannot attach a loop device"
	at_exit "losetup -d '$dev'"
	printf -v "$1" '%s' "$dev"
}

# device_sum DEV: checksum of the whole device, to prove a refusal changed nothing
device_sum() { dd if="$1" bs=1M iflag=direct status=none | sha256sum | cut -d' ' -f1; }
