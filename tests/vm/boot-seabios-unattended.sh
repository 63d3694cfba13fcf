#!/bin/bash
# tests/vm/boot-seabios-unattended.sh - the image boots from a USB stick with SeaBIOS (BIOS
# GRUB), runs unattended on the HDD with the NVMe as the extra device, powers off, and leaves a
# report on the stick with real swap-ins for every placement. The CPU has long mode, so GRUB
# picks the 64-bit kernel, not the 686 one beside it (boot-32bit-no-long-mode.sh: the other way).
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
vm_unattended seabios
vm_serial_has 'Loading the 64-bit kernel /boot/vmlinuz and /boot/initramfs.img' ||
	vm_fail "GRUB did not pick the 64-bit kernel on a CPU with long mode"
vm_serial_has 'Linux version [^ ]*-amd64 ' || vm_fail "the guest did not run the amd64 kernel"
vm_unattended_check
vm_log "pass"
