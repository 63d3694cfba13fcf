#!/bin/bash
# tests/vm/boot-ovmf-unattended.sh - the same unattended run booted by UEFI (OVMF, Secure Boot
# off: shim -> signed GRUB -> Debian's kernel). The config is saved the way Notepad saves it,
# CRLF line ends and a UTF-8 BOM, which the init must tolerate.
. "$(dirname "$0")/lib.sh"
vm_unattended ovmf crlf
vm_unattended_check
vm_log "pass"
