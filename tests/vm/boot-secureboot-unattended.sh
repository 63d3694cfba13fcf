#!/bin/bash
# tests/vm/boot-secureboot-unattended.sh - the unattended run with Secure Boot on (OVMF with
# Microsoft's keys enrolled, q35 with SMM, secure pflash): shim, GRUB and the kernel must all be
# signed, the kernel must say Secure Boot is enabled (and so runs locked down, loading only
# signed modules), and the run must still measure every placement.
. "$(dirname "$0")/lib.sh"
vm_unattended ovmf-secboot
vm_serial_has 'secureboot: Secure boot enabled' ||
	vm_fail "the guest kernel did not report 'secureboot: Secure boot enabled'"
vm_serial_has 'Kernel is locked down from EFI Secure Boot' ||
	vm_fail "the guest kernel did not enter lockdown under Secure Boot"
vm_unattended_check
vm_log "pass"
