#!/bin/bash
# tests/vm/small-ram-128m-is-refused-with-a-reason.sh - a PC too small to run the probes: the
# 64-bit stick booted by SeaBIOS with -m 128 (MemTotal under 100 MiB, the initramfs's files
# taking their share of it) and an unattended config without a budget line. The run must be
# refused before any disk is touched, with the figures: the console says REFUSED, reports/
# gets a *-refused directory whose reason.txt says the machine is too small and how much it
# has and needs, no report.json is written, both blank disks keep their bytes, and the guest
# powers off normally: neither swapplace nor the init met the OOM killer. Before the budget
# followed the RAM, this PC (with the default swap size, which the fixed 256 MiB budget needed)
# ran the sweep: the global OOM killer killed swapplace's processes seven times, one of them
# with oom_score_adj 0 (not a probe's worker), and the run took 3 min 08 s for an estimate of
# 1 min 13 s.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
VM_MEM=128
VM_HDD_SIZE=1G # nothing may run: a small disk hashes faster
vm_setup seabios
vm_config <<EOF
# written by tests/vm/$VM_NAME.sh: this machine is too small
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
swap_size = 160M
time_per_placement = 3
scenario = none
profile_time = 0
EOF
vm_grub "panic=-1"
hdd_before=$(vm_file_sum "$VM_DIR/hdd.raw")
vm_start "${VM_BOOT_TIMEOUT:-300}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"
[ "$(vm_file_sum "$VM_DIR/hdd.raw")" = "$hdd_before" ] || vm_fail "the HDD's bytes changed"
[ "$(du -k "$VM_DIR/hdd.raw" | cut -f1)" = 0 ] || vm_fail "blocks were written to hdd.raw"
if find "$VM_DIR/out/reports" -name report.json | grep -q .; then
	vm_fail "a report.json was written although the machine is too small"
fi
reason=$(find "$VM_DIR/out/reports" -path '*-refused*/reason.txt' | head -n 1)
[ -n "$reason" ] || vm_fail "no reports/*-refused/reason.txt"
cat "$reason"
grep -Eq 'this machine is too small to run the probes: [0-9]+ MiB RAM, [0-9]+ MiB available, and the smallest run needs 80 MiB' "$reason" ||
	vm_fail "reason.txt does not say the machine is too small, with its figures"
vm_serial_has 'swapplace: REFUSED' || vm_fail "the console did not say REFUSED"
if tr -d '\r' <"$VM_DIR/serial.log" | grep -E 'Out of memory|Kernel panic|Attempted to kill init'; then
	vm_fail "the OOM killer or a panic struck (above)"
fi
vm_log "pass"
