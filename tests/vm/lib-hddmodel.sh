# shellcheck shell=bash
# tests/vm/lib-hddmodel.sh - sourced after lib.sh by the tests that boot the stick against the
# modeled spinning disk (tests/hddmodel/): the NBD server as the guest's HDD, stopped after
# QEMU and before lib.sh removes the scratch directory it writes to.
SERVER=$TOP/build/tests/nbd-hdd
EXPECT=$TOP/build/tests/hddmodel-expect
SPID=""

[ -x "$SERVER" ] && [ -x "$EXPECT" ] || vm_skip "needs $SERVER and $EXPECT (make tests)"

stop_server() {
	[ -n "$SPID" ] || return 0
	kill -TERM "$SPID" 2>/dev/null
	for _ in $(seq 50); do kill -0 "$SPID" 2>/dev/null || break; sleep 0.1; done
	kill -KILL "$SPID" 2>/dev/null
	wait "$SPID" 2>/dev/null
	SPID=""
}
trap 'vm_kill; stop_server; _vm_cleanup' EXIT

# model_server_start ARGS...: after vm_setup, serve $VM_DIR/model.raw with the model's
# parameters (and any other nbd-hdd options, e.g. --log FILE) and make it the guest's HDD
model_server_start() {
	"$SERVER" --file "$VM_DIR/model.raw" "$@" --port 0 \
		>"$VM_DIR/server.out" 2>"$VM_DIR/server.err" &
	SPID=$!
	for _ in $(seq 100); do
		grep -q '^nbd-hdd: ready' "$VM_DIR/server.out" && break
		kill -0 "$SPID" 2>/dev/null || vm_fail "nbd-hdd exited: $(cat "$VM_DIR/server.err")"
		sleep 0.05
	done
	PORT=$(sed -n 's/^nbd-hdd: ready on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$VM_DIR/server.out")
	[ -n "$PORT" ] || vm_fail "no ready line from nbd-hdd"
	VM_HDD_DRIVE="if=none,id=hd,format=raw,file=nbd://127.0.0.1:$PORT"
}
VM_HDD_SIZE=1M # lib.sh's blank HDD file is not used: the HDD is the NBD export
