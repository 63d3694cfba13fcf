# shellcheck shell=bash
# tests/vm/lib-hddmodel.sh - sourced after lib.sh by the tests that boot the stick against the
# modeled spinning disk (tests/hddmodel/): the NBD server as the guest's HDD, stopped after
# QEMU and before lib.sh removes the scratch directory it writes to.
. "$(dirname "${BASH_SOURCE[0]}")/../hddmodel/lib-server.sh" # SERVER, EXPECT, start_server, stop_server

[ -x "$SERVER" ] && [ -x "$EXPECT" ] || skip "needs $SERVER and $EXPECT (make tests)"

trap 'vm_kill; stop_server; _vm_cleanup; _run_cleanups' EXIT

# model_server_start ARGS...: after vm_setup, serve $VM_DIR/model.raw with the model's
# parameters (and any other nbd-hdd options, e.g. --log FILE) and make it the guest's HDD
model_server_start() {
	start_server "$VM_DIR" --file "$VM_DIR/model.raw" "$@" --port 0
	[ -n "$PORT" ] || fail "no port in nbd-hdd's ready line"
	VM_HDD_DRIVE="if=none,id=hd,format=raw,file=nbd://127.0.0.1:$PORT"
}
VM_HDD_SIZE=1M # lib.sh's blank HDD file is not used: the HDD is the NBD export

# fault_end_run fail|corrupt: the stick boots (SeaBIOS) unattended against the modeled disk
# (fast: its delays are not what the fault tests are about) whose END partition's written
# blocks read back as an NBD EIO (fail) or with their bytes inverted (corrupt); a light run of
# start, end and zram-lz4, 4 s each, to power-off; the reports copied to $VM_DIR/out, and the
# server must have faulted a read. Sets LO and HI, the fault range in bytes, which the tests
# check against the end partition's extents in the report.
fault_end_run() {
	DISK=$((3 * 1024 * 1024 * 1024))
	SWAP=$((160 * 1024 * 1024))
	# the end partition as the plan lays it out (core/plan/plan.c): it ends at GPT's last usable
	# LBA and starts swap_size before, aligned down to 1 MiB (the tests check it against the
	# report's extents). The fault range is all of it but its first 4 KiB (the swap header,
	# which swapon must read).
	LAST=$((DISK / 512 - 34))
	START=$(((LAST + 1 - SWAP / 512) / 2048 * 2048))
	LO=$((START * 512 + 4096))
	HI=$(((LAST + 1) * 512 / 4096 * 4096))
	# a fast disk: the model's delays are not what this is about
	MODEL=(--size $DISK --rpm 100000 --t2t-ms 0 --full-ms 0 --outer-mbs 2000 --inner-mbs 2000)

	vm_setup seabios
	model_server_start "${MODEL[@]}" --fault-range "$LO-$HI" --fault "$1"
	vm_config <<-EOF
	# written by tests/vm/$VM_NAME.sh
	auto = yes
	target = $VM_HDD_SERIAL
	confirm = $VM_HDD_SERIAL
	budget = 48M
	swap_size = 160M
	time_per_placement = 4
	only = start,end,zram-lz4
	scenario = none
	profile_time = 0
	EOF
	vm_grub "panic=-1"
	vm_start "${VM_BOOT_TIMEOUT:-300}"
	vm_wait_poweroff
	vm_reports "$VM_DIR/out"
	stop_server
	sed 's/^/server: /' "$VM_DIR/server.out"
	grep -Eq '^nbd-hdd: faulted_reads=[1-9]' "$VM_DIR/server.out" || fail "the server faulted no read ($1): the fault was never met"
}
