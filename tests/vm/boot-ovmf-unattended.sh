#!/bin/bash
# tests/vm/boot-ovmf-unattended.sh - the same unattended run booted by UEFI (OVMF, Secure Boot
# off: shim -> signed GRUB -> Debian's kernel). The config is saved the way Notepad saves it,
# CRLF line ends and a UTF-8 BOM, which the init must tolerate.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
# the boot path is what this test is for: a light run (start and zram-lz4) proves it reached a
# measurement; boot-seabios-unattended measures everything
VM_RUN_CONF=$VM_RUN_CONF_LIGHT
vm_unattended ovmf crlf
vm_serial_has 'swapplace: \[[0-9]+/[0-9]+\] measuring' || fail "no progress line on the serial console"
vm_assert_report_light "$VM_DIR/out"
vm_log "pass"
