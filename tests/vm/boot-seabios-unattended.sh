#!/bin/bash
# tests/vm/boot-seabios-unattended.sh - the image boots from a USB stick with SeaBIOS (BIOS
# GRUB), runs unattended on the HDD with the NVMe as the extra device, powers off, and leaves a
# report on the stick with real swap-ins for every placement.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
vm_unattended seabios
vm_unattended_check
vm_log "pass"
