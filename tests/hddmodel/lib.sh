# shellcheck shell=bash
# tests/hddmodel/lib.sh - sourced by the tests of the modeled disk (no root): a scratch
# directory T, the server's helpers (lib-server.sh), the server stopped at exit, and a failure
# shows what the server wrote to stderr.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" # TOP, skip, fail, need_cmd, at_exit, scratch_dir
. "$(dirname "${BASH_SOURCE[0]}")/lib-server.sh"
scratch_dir T /tmp/swapplace-hdd.XXXXXX
at_exit stop_server
on_fail() { [ -s "$T/server.err" ] && sed 's/^/  server: /' "$T/server.err"; }

# bad_args ARGS...: nbd-hdd refuses ARGS with exit 2 and a message, in the scratch dir $T
bad_args() {
	local rc
	"$SERVER" "$@" >/dev/null 2>"$T/bad.err"
	rc=$?
	[ $rc = 2 ] || fail "nbd-hdd $* exited $rc, want 2"
	grep -q '^nbd-hdd: ' "$T/bad.err" || fail "nbd-hdd $*: no message"
}
