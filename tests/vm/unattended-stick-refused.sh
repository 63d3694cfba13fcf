#!/bin/bash
# tests/vm/unattended-stick-refused.sh - the stick is never a target, even when a config names
# its serial: the unattended run is refused with the reason on the stick, and no disk (the
# stick's reports aside) is touched.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
vm_refusal "$VM_STICK_SERIAL" "not safe: .*(boot stick|boot medium)"
vm_log "pass"
