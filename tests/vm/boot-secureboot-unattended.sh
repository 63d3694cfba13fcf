#!/bin/bash
# tests/vm/boot-secureboot-unattended.sh - the unattended run with Secure Boot on (OVMF with
# Microsoft's keys enrolled, q35 with SMM, secure pflash): shim, GRUB and the kernel must all be
# signed, the kernel must say Secure Boot is enabled (and so runs locked down, loading only
# signed modules), and a run must still measure (a light one: start and zram-lz4).
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
# the boot path is what this test is for: a light run (start and zram-lz4) proves it reached a
# measurement; boot-seabios-unattended measures everything
VM_RUN_CONF=$VM_RUN_CONF_LIGHT
vm_unattended ovmf-secboot
vm_serial_has 'secureboot: Secure boot enabled' ||
	fail "the guest kernel did not report 'secureboot: Secure boot enabled'"
vm_serial_has 'Kernel is locked down from EFI Secure Boot' ||
	fail "the guest kernel did not enter lockdown under Secure Boot"
vm_serial_has 'swapplace: \[[0-9]+/[0-9]+\] measuring' || fail "no progress line on the serial console"
vm_assert_report_light "$VM_DIR/out"
vm_log "pass"
