#!/bin/bash
# tests/vm/unattended-missing-serial.sh - an unattended config naming a disk that is not in the
# machine: the guest must write the reason into reports/ on the stick and power off, touching
# neither blank disk (same bytes, still no block allocated in the sparse files).
. "$(dirname "$0")/lib.sh"
missing=SPNOSUCH0042
VM_HDD_SIZE=1G
vm_setup seabios
vm_config <<EOF2
# written by tests/vm/$VM_NAME.sh: no disk has this serial
auto = yes
target = $missing
confirm = $missing
also = $VM_NVME_SERIAL
$VM_RUN_CONF
EOF2
vm_grub "panic=-1"
vm_reports "$VM_DIR/before" >/dev/null
(cd "$VM_DIR/before" && find reports -type f | sort) >"$VM_DIR/reports-before"
hdd_before=$(vm_file_sum "$VM_DIR/hdd.raw")
nvme_before=$(vm_file_sum "$VM_DIR/nvme.raw")
vm_start "${VM_BOOT_TIMEOUT:-400}"
vm_wait_poweroff
vm_reports "$VM_DIR/out"

[ "$(vm_file_sum "$VM_DIR/hdd.raw")" = "$hdd_before" ] || vm_fail "the HDD's bytes changed"
[ "$(vm_file_sum "$VM_DIR/nvme.raw")" = "$nvme_before" ] || vm_fail "the NVMe disk's bytes changed"
for d in hdd nvme; do
	[ "$(du -k "$VM_DIR/$d.raw" | cut -f1)" = 0 ] || vm_fail "blocks were written to $d.raw"
done

(cd "$VM_DIR/out" && find reports -type f | sort) >"$VM_DIR/reports-after"
new=$(comm -13 "$VM_DIR/reports-before" "$VM_DIR/reports-after")
echo "new on the stick: ${new:-nothing}"
[ -n "$new" ] || vm_fail "nothing new in reports/"
find "$VM_DIR/out/reports" -name report.json | grep -q . && vm_fail "a report.json was written although no run could start"
hit=""
while IFS= read -r rel; do
	f=$VM_DIR/out/$rel
	echo "--- $rel:"
	cat "$f"
	if grep -q -- "$missing" "$f" && grep -Eiq 'no disk with serial|not found|no such' "$f"; then
		hit=$f
	fi
done <<<"$new"
[ -n "$hit" ] || vm_fail "no file in reports/ says the serial '$missing' was not found"
vm_log "pass: the reason is in ${hit#"$VM_DIR/out/"}"
