#!/bin/bash
# tests/vm/small-ram-128m-is-refused-with-a-reason.sh - a PC too small to run the probes: the
# 64-bit stick booted by SeaBIOS with -m 128 (MemTotal under 100 MiB, the initramfs's files
# taking their share of it) and an unattended config without a budget line. The run must be
# refused before any disk is touched, with the figures (lib.sh's vm_refusal: the console says
# REFUSED, a new file in reports/ names the disk and says the machine is too small with how
# much it has and needs, no report.json, both blank disks keep their bytes), and the guest
# powers off normally: neither swapplace nor the init met the OOM killer. Before the budget
# followed the RAM, this PC (with the default swap size, which the fixed 256 MiB budget needed)
# ran the sweep: the global OOM killer killed swapplace's processes seven times, one of them
# with oom_score_adj 0 (not a probe's worker), and the run took 3 min 08 s for an estimate of
# 1 min 13 s.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
VM_MEM=128
VM_RUN_CONF=$(echo "$VM_RUN_CONF" | grep -v '^budget')
vm_refusal "$VM_HDD_SERIAL" \
	'this machine is too small to run the probes: [0-9]+ MiB RAM, [0-9]+ MiB available, and the smallest run needs 80 MiB'
if tr -d '\r' <"$VM_DIR/serial.log" | grep -E 'Out of memory|Kernel panic|Attempted to kill init'; then
	fail "the OOM killer or a panic struck (above)"
fi
vm_log "pass"
