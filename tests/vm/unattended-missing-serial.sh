#!/bin/bash
# tests/vm/unattended-missing-serial.sh - an unattended config naming a disk that is not in the
# machine: the guest must write the reason into reports/ on the stick and power off, touching
# neither blank disk.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
vm_refusal SPNOSUCH0042 "no disk with serial 'SPNOSUCH0042'"
vm_log "pass"
