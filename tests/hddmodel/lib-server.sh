# shellcheck shell=bash
# tests/hddmodel/lib-server.sh - the modeled disk's NBD server (build/tests/nbd-hdd) for the
# tests that talk to it: here (through lib.sh) and in tests/vm/ (through lib-hddmodel.sh).
# Sourced after tests/lib.sh (TOP, fail).
SERVER=$TOP/build/tests/nbd-hdd
EXPECT=$TOP/build/tests/hddmodel-expect
SPID=""

# start_server DIR ARGS...: nbd-hdd ARGS in the background, its output in DIR/server.out and
# DIR/server.err; waits for its ready line (up to 20 s: a loaded machine is slow to start it).
# Sets SPID, and PORT when it listens on TCP (empty on a unix socket).
start_server() {
	local dir=$1
	shift
	: >"$dir/server.out"
	"$SERVER" "$@" >"$dir/server.out" 2>"$dir/server.err" &
	SPID=$!
	for _ in $(seq 400); do
		grep -q '^nbd-hdd: ready' "$dir/server.out" && break
		kill -0 "$SPID" 2>/dev/null || fail "nbd-hdd exited before it was ready: $(head -n 1 "$dir/server.err")"
		sleep 0.05
	done
	grep -q '^nbd-hdd: ready' "$dir/server.out" || fail "no ready line from nbd-hdd"
	PORT=$(sed -n 's/^nbd-hdd: ready on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$dir/server.out")
}

# stop_server: SIGTERM, then SIGKILL after 5 s; the server's exit status in SRC
stop_server() {
	[ -n "$SPID" ] || return 0
	kill -TERM "$SPID" 2>/dev/null
	for _ in $(seq 50); do kill -0 "$SPID" 2>/dev/null || break; sleep 0.1; done
	kill -KILL "$SPID" 2>/dev/null
	wait "$SPID" 2>/dev/null
	SRC=$?
	SPID=""
}

