#!/bin/bash
# tests/appliance/initramfs-carries-every-disk-controller.sh - the controllers an old PC's disk sits
# behind are in initramfs/modules.list, and each is in the kernel the image carries (a module
# file under build/pkgs/root/linux-image, or built in): IDE/PATA (ata_piix, the common pata_*),
# SATA before AHCI (sata_*), AHCI, USB storage (usb-storage, uas) with every host controller
# generation (xhci, ehci, ohci, uhci), NVMe and SCSI disks. build.sh skips a name the kernel
# lacks without failing, so a misspelt or dropped driver would otherwise go unnoticed until an
# old PC finds no disk. Also: ata_generic stays after every specific ATA driver (it would claim
# their devices first).
. "$(dirname "$0")/lib.sh"
LIST=$TOP/initramfs/modules.list
KROOT=${KROOT:-$TOP/build/pkgs/root/linux-image}
[ -d "$KROOT/lib/modules" ] || skip "needs $KROOT (image/fetch-debs.sh build/pkgs linux-image)"
norm() { tr - _; }
names=$(grep -v '^[[:space:]]*\(#\|$\)' "$LIST" | awk '{ print $1 }' | norm)
want="ahci ata_piix ata_generic
pata_via pata_amd pata_ali pata_sis pata_atiixp pata_jmicron pata_marvell pata_oldpiix pata_sch
pata_serverworks pata_hpt366 pata_hpt37x pata_pdc202xx_old pata_it821x pata_sil680 pata_cmd64x
sata_nv sata_via sata_sis sata_uli sata_sil sata_sil24 sata_promise
usb_storage uas xhci_pci xhci_hcd ehci_pci ehci_hcd ohci_pci ohci_hcd uhci_hcd
nvme sd_mod"
bad=0
for kdir in "$KROOT"/lib/modules/*/; do
	kver=$(basename "$kdir")
	# every module file name and every built-in, normalised to underscores
	{
		find "$kdir/kernel" -name '*.ko*' -printf '%f\n' | sed 's/\.ko.*$//'
		sed 's,.*/,,; s/\.ko$//' "$kdir/modules.builtin"
	} | norm | sort -u >"${TMPDIR:-/tmp}/kmods.$$"
	at_exit "rm -f '${TMPDIR:-/tmp}/kmods.$$'"
	n=0
	for m in $want; do
		n=$((n + 1))
		if ! grep -qxF "$m" <<<"$names"; then
			echo "modules.list lacks $m"
			bad=1
		fi
		if ! grep -qxF "$m" "${TMPDIR:-/tmp}/kmods.$$"; then
			echo "kernel $kver has no $m (neither a module file nor built in)"
			bad=1
		fi
	done
	# every name of the list, not only these, is a module of this kernel
	while read -r m; do
		grep -qxF "$m" "${TMPDIR:-/tmp}/kmods.$$" || { echo "modules.list names $m, which kernel $kver lacks"; bad=1; }
	done <<<"$names"
	echo "kernel $kver: $n controller drivers checked, $(wc -l <<<"$names") names of modules.list found"
done
# ata_generic last of the ATA drivers
last_ata=$(grep -nE '^(ahci|ata_|pata_|sata_)' <<<"$names" | tail -n 1 | cut -d: -f2)
[ "$last_ata" = ata_generic ] || { echo "ata_generic is not the last ATA driver (last: $last_ata)"; bad=1; }
[ $bad = 0 ] || fail "the initramfs would lack a disk controller"
echo ok
