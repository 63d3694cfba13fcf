#!/bin/sh
# image/build-image.sh OUT PKGROOT INITRAMFS WORK [INITRAMFS_686] - assembles the bootable
# swapplace stick.
#
# OUT is the disk image to write (build/swapplace.img), PKGROOT the unpacked Debian packages
# (build/pkgs/root, from image/fetch-debs.sh), INITRAMFS our initramfs, WORK a scratch
# directory this script owns. With INITRAMFS_686 (the i686 initramfs), the 686 kernel
# (PKGROOT/linux-image.i386) and it go beside the 64-bit pair as /boot/vmlinuz-686 and
# /boot/initramfs-686.img, and BIOS GRUB boots them on a CPU without long mode (grub.cfg). Built as an ordinary user: no root, loop devices or mounts -
# sfdisk on the image file, `mkfs.fat -C` on a partition file, mtools to fill it, grub-mkimage
# for the BIOS core, dd conv=notrunc to put the pieces in place. Layout: MBR, one FAT32
# partition at 1 MiB (type 0x0c, active, label SWAPPLACE) holding everything; BIOS GRUB in
# sector 0 and the gap before the partition. Environment: IMAGE_SIZE_MIB (64),
# SWAPPLACE_BUILD_ID (git describe), SOURCE_DATE_EPOCH (last commit time). The sizes and
# limits are written to OUT.sizes (make image prints them).
set -eu

out=$1
pkgroot=$2
initramfs=$3
work=$4
initramfs_686=${5:-}
here=$(cd "$(dirname "$0")" && pwd)

size_mib=${IMAGE_SIZE_MIB:-64}
part_start_sector=2048 # 1 MiB: the usual alignment, and the gap the BIOS core.img lives in
build_id=${SWAPPLACE_BUILD_ID:-$(git -C "$here" describe --always --dirty 2>/dev/null || echo unknown)}
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)}

die() {
	echo "build-image: $*" >&2
	exit 1
}

# Everything the stick is made of, checked before anything is written.
grub_pc=$pkgroot/grub-pc-bin/usr/lib/grub/i386-pc
gcd=$pkgroot/grub-efi-amd64-signed/usr/lib/grub/x86_64-efi-signed/gcdx64.efi.signed
shim=$pkgroot/shim-signed/usr/lib/shim/shimx64.efi.signed
mm=$pkgroot/shim-helpers-amd64-signed/usr/lib/shim/mmx64.efi.signed
set -- "$pkgroot"/linux-image/boot/vmlinuz-*
if [ $# != 1 ] || [ ! -f "$1" ]; then
	die "want exactly one kernel in $pkgroot/linux-image/boot, found: $*"
fi
vmlinuz=$1
vmlinuz_686=
if [ -n "$initramfs_686" ]; then
	set -- "$pkgroot"/linux-image.i386/boot/vmlinuz-*
	if [ $# != 1 ] || [ ! -f "$1" ]; then
		die "want exactly one kernel in $pkgroot/linux-image.i386/boot, found: $*"
	fi
	vmlinuz_686=$1
	[ -f "$initramfs_686" ] || die "missing $initramfs_686 (make initramfs-686 builds it)"
fi
for f in "$grub_pc/boot.img" "$grub_pc/diskboot.img" "$grub_pc/kernel.img" "$gcd" "$shim" "$mm" \
	"$initramfs" "$here/grub.cfg" "$here/swapplace.conf"; do
	[ -f "$f" ] || die "missing $f (make image fetches the packages; make initramfs builds the initramfs)"
done
for tool in sfdisk mkfs.fat mmd mcopy mdir grub-mkimage dd truncate; do
	command -v "$tool" >/dev/null 2>&1 || die "missing tool '$tool' (see tests/install-deps.sh)"
done

# A failed build must not leave the previous image looking current.
rm -f "$out" "$out.sizes"
rm -rf "$work"
mkdir -p "$work/tree/boot/grub" "$work/tree/EFI/BOOT" "$work/tree/reports"
tree=$work/tree

# CRLF for the files people open on other PCs: Notepad before Windows 10 1809 shows LF-only
# text as one line. The init reads both.
crlf() { sed 's/\r*$/\r/' "$@"; }

# --- the files on the FAT partition ---------------------------------------------------
cp "$vmlinuz" "$tree/boot/vmlinuz" # Debian's signed kernel: shim verifies it under SB
cp "$initramfs" "$tree/boot/initramfs.img"
if [ -n "$vmlinuz_686" ]; then
	cp "$vmlinuz_686" "$tree/boot/vmlinuz-686"
	cp "$initramfs_686" "$tree/boot/initramfs-686.img"
fi
cp "$here/grub.cfg" "$tree/boot/grub/grub.cfg"
# UEFI: the removable-media path every firmware tries. shim (signed by Microsoft's UEFI CA)
# is BOOTX64.EFI and loads grubx64.efi from its own directory; Debian's gcdx64 is the signed
# GRUB built for removable media (it finds its config via $prefix=/boot/grub on the device
# it came from). mmx64.efi is MokManager, which shim starts when a signature is refused.
# fbx64.efi is left out on purpose: with it, shim runs the fallback loader, which looks for
# an installed OS's BOOTX64.CSV instead of booting the stick.
cp "$shim" "$tree/EFI/BOOT/BOOTX64.EFI"
cp "$gcd" "$tree/EFI/BOOT/grubx64.efi"
cp "$mm" "$tree/EFI/BOOT/mmx64.efi"
crlf "$here/swapplace.conf" >"$tree/swapplace.conf"
# "linux-image-6.1.0-57-amd64_6.1.192-3_amd64.deb" -> "linux-image-6.1.0-57-amd64 6.1.192-3"
kernel_pkg=$(sed 's/_amd64\.deb$//; s/%3a/:/; s/_/ /' "$pkgroot/linux-image/.unpacked" 2>/dev/null ||
	basename "$vmlinuz")
kernel_686_pkg=
if [ -n "$vmlinuz_686" ]; then
	kernel_686_pkg=$(sed 's/_i386\.deb$//; s/%3a/:/; s/_/ /' "$pkgroot/linux-image.i386/.unpacked" 2>/dev/null ||
		basename "$vmlinuz_686")
fi
build_date=$(date -u -d "@$epoch" +%Y-%m-%dT%H:%M:%SZ)
# The identity file: lets the init find its own stick (by label, then this file) and the
# tool refuse to offer it as a target. key = value, like swapplace.conf.
cat >"$tree/SWAPPLACE.ID" <<EOF
# swapplace boot stick - identity file, do not edit or delete
id = swapplace-stick
format = 1
build = $build_id
date = $build_date
kernel = $kernel_pkg
EOF
[ -z "$kernel_686_pkg" ] || echo "kernel_686 = $kernel_686_pkg" >>"$tree/SWAPPLACE.ID"
crlf >"$tree/reports/README.txt" <<'EOF'
swapplace reports
=================

Every run of the swapplace stick leaves one folder here, named
<date>-<time>-<machine>-<serial of the measured disk>:

    report.pdf    the printable report: open it in any PDF viewer and print it
    report.html   the same in one file for any web browser
    report.txt    the result as text: open it in any text editor and print it in
                  a fixed-width font (Courier New, Consolas) so the tables line up
    summary.csv   one row per placement, for a spreadsheet
    report.json   the same data for programs
    setup/        the setup the report advises, as files to install on the
                  measured machine (zram-generator.conf, fstab.swap, sysctl.d,
                  zswap's kernel parameters); its README says where each goes
    run.log       what the run printed while it ran (it names a report file
                  that could not be made, and why)

A folder ending in -failed is a run that broke off; one ending in -refused
holds reason.txt: why the stick refused to run. No disk was touched then.

On Linux with swapplace installed, "swapplace report report.json" prints the
report again ("--format pdf -o report.pdf" and the other formats too). Copy the folders elsewhere before writing a new image to this
stick: that erases them.
EOF

# --- BIOS: how core.img finds its own partition ------------------------------------------
# The prefix below, (,msdos1)/boot/grub, names only a partition; GRUB completes it with the
# drive the BIOS passed in DL. A BIOS that passes the wrong drive (USB-ZIP or USB-FDD
# emulation, boot menus that renumber the disks) left GRUB looking for grub.cfg on another
# disk: a `grub>` prompt. So core.img carries this early config: it looks for its partition
# by the identity file SWAPPLACE.ID (only the stick has it), trying the drive the BIOS passed
# first (--hint: with a correct DL nothing changes, and another swapplace stick cannot win),
# then every disk. No --no-floppy: a BIOS that emulates a floppy makes the stick fd0, and GRUB
# lists hard disks before floppies, so a real floppy drive is only tried when no disk has the
# file. When nothing has it, $root stays the DL drive's partition: the old behaviour. GRUB
# runs an embedded config in its rescue parser (no `if`): one command a line.
# tests/vm/interactive-vga-second-bios-drive.sh boots it with the stick as the second drive.
cat >"$work/early.cfg" <<'EOF'
search --file --set=root --hint "$root" /SWAPPLACE.ID
set prefix=($root)/boot/grub
EOF

# --- BIOS: GRUB core.img with every module it needs built in ---------------------------
# Why all built in: nothing is loaded from the FAT partition before grub.cfg, so a BIOS
# whose disk services are flaky gets as far as possible. The prefix names only the
# partition: GRUB fills in the drive the BIOS booted from (DL), so the stick works as hd0,
# hd1, ... and is never confused with another disk that carries the same label.
grub_modules="biosdisk part_msdos part_gpt fat normal linux boot echo test configfile
	search search_label search_fs_file search_fs_uuid ls cat minicmd sleep halt reboot
	serial terminal terminfo cpuid"
# shellcheck disable=SC2086 # word splitting of the module list is intended
grub-mkimage -d "$grub_pc" -O i386-pc -p '(,msdos1)/boot/grub' -c "$work/early.cfg" \
	-o "$work/core.img" $grub_modules

core_bytes=$(stat -c %s "$work/core.img")
core_sectors=$(((core_bytes + 511) / 512))
# The core must fit the gap between the MBR and the partition (sectors 1..2047), and
# diskboot.img loads it at 0x8200 upwards, below 0x78000: grub-bios-setup's own limit of
# (0x78000 - 0x9000) / 512 = 888 sectors.
[ "$core_sectors" -le $((part_start_sector - 1)) ] || die "core.img ($core_sectors sectors) does not fit before the partition"
[ "$core_sectors" -le 888 ] || die "core.img ($core_sectors sectors) exceeds the 888 sectors diskboot can load"

# What grub-bios-setup would patch, done by hand because it refuses image files (util/setup.c,
# the embedding path): diskboot.img (core.img's first sector) ends in a blocklist
# {u64 start; u16 len; u16 segment} at 0x1f4, read backwards until a zero entry. With the core
# in sectors 1.., the rest of it starts at sector 2, is core_sectors - 1 long and loads at
# segment 0x820 (0x8000 + the 512-byte diskboot). grub-mkimage already writes start 2 and
# segment 0x820 and the length; writing them again makes the image independent of that.
le() { # VALUE BYTES -> little-endian binary on stdout
	v=$1 n=$2
	while [ "$n" -gt 0 ]; do
		# shellcheck disable=SC2059 # the format is the octal escape of one byte
		printf "\\$(printf %03o $((v & 255)))"
		v=$((v >> 8))
		n=$((n - 1))
	done
}
{ le 2 8; le $((core_sectors - 1)) 2; le $((0x820)) 2; } |
	dd of="$work/core.img" bs=1 seek=$((0x1f4)) conv=notrunc status=none
# The entry before it (0x1e8) must be the zero terminator.
[ "$(od -An -tx1 -j $((0x1e8)) -N 12 "$work/core.img" | tr -d ' \n')" = 000000000000000000000000 ] ||
	die "core.img: no blocklist terminator at 0x1e8"

# --- the disk image ----------------------------------------------------------------------
img=$work/swapplace.img
part=$work/part.img
part_sectors=$((size_mib * 2048 - part_start_sector))
truncate -s "${size_mib}M" "$img"
# Type 0x0c (FAT32 LBA) and active: some BIOSes boot a USB stick only when a partition is
# flagged active, and 0x0c is what every OS mounts without asking. The disk identifier is
# fixed so two builds of the same tree give the same image.
sfdisk --quiet --no-reread --no-tell-kernel "$img" <<EOF
label: dos
label-id: 0x53574150
unit: sectors

start=$part_start_sector, size=$part_sectors, type=c, bootable
EOF

# FAT32 needs at least 65525 clusters: 512-byte clusters (-s 1) keep a 63 MiB partition
# above that. -h: the BPB's hidden-sector count must be the partition's start, or Windows and
# some firmware misread the volume. The volume ID is derived from the build time so it is
# stable for one build.
volid=$(printf %08x $((epoch & 0xffffffff)))
mkfs.fat -F 32 -s 1 -S 512 -h "$part_start_sector" -n SWAPPLACE -i "$volid" \
	-C "$part" $((part_sectors / 2)) >/dev/null

# mtools: a private config (no ~/.mtoolsrc surprises); file times from the build epoch.
export MTOOLSRC=/dev/null
find "$tree" -exec touch -h -d "@$epoch" {} +
mcopy -i "$part" -s -m -Q "$tree/boot" "$tree/EFI" "$tree/reports" \
	"$tree/swapplace.conf" "$tree/SWAPPLACE.ID" ::/

dd if="$part" of="$img" bs=1M seek=1 conv=notrunc,sparse status=none

# MBR: only boot.img's code (440 bytes), so the disk signature and partition table that
# sfdisk wrote stay. boot.img's defaults are what we want, checked rather than trusted:
# kernel_sector (u64 at 0x5c) = 1, where core.img starts; boot_drive (0x64) = 0xff, "use
# the drive the BIOS passed in DL". The drive-check jump at 0x66 is kept (grub-install
# --allow-floppy): a BIOS that boots the stick in USB-FDD emulation passes DL=0x00, and
# grub-install's workaround of forcing 0x80 would then load from the internal hard disk.
dd if="$grub_pc/boot.img" of="$img" bs=440 count=1 conv=notrunc status=none
{ le 1 8; } | dd of="$img" bs=1 seek=$((0x5c)) conv=notrunc status=none
[ "$(od -An -tx1 -j $((0x64)) -N 1 "$img" | tr -d ' ')" = ff ] || die "boot.img: boot_drive is not 0xff"
dd if="$work/core.img" of="$img" bs=512 seek=1 conv=notrunc status=none

# --- sizes and limits (the issue's footprint: image <= 64 MiB, initramfs <= 48 MiB unpacked)
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
img_bytes=$(stat -c %s "$img")
initrd_bytes=$(stat -c %s "$initramfs")
initrd_686_bytes=0
[ -z "$initramfs_686" ] || initrd_686_bytes=$(stat -c %s "$initramfs_686")
# The unpacked size is what the kernel unpacks into RAM: the cpio streams, a slight
# overestimate of the files. The initramfs may be several archives back to back (an
# uncompressed one first for /dev/console, like an early-microcode prefix, then zstd).
unpacked_size() { # FILE -> bytes, or nothing when a part is not understood
	f=$1 off=0 total=0 size=$(stat -c %s "$1")
	while [ "$off" -lt "$size" ]; do
		case $(od -An -tx1 -j "$off" -N 4 "$f" | tr -d ' \n') in
		30373037) # "0707": plain newc; cpio reports its length in 512-byte blocks
			blocks=$(tail -c +$((off + 1)) "$f" | cpio -t 2>&1 >/dev/null | awk '/block/ { print $1 }')
			[ "${blocks:-0}" -gt 0 ] || return 0
			total=$((total + blocks * 512))
			off=$((off + blocks * 512))
			;;
		28b52ffd) # zstd: the rest of the file
			echo $((total + $(tail -c +$((off + 1)) "$f" | zstd -dc | wc -c)))
			return 0
			;;
		1f8b*)
			echo $((total + $(tail -c +$((off + 1)) "$f" | gzip -dc | wc -c)))
			return 0
			;;
		00000000) off=$((off + 4)) ;; # zero padding between archives
		*) return 0 ;;
		esac
	done
	echo "$total"
}
initrd_unpacked=$(unpacked_size "$initramfs")
[ -n "$initrd_unpacked" ] || die "$initramfs: cannot tell its unpacked size (not cpio, zstd or gzip)"
initrd_686_unpacked=0
if [ -n "$initramfs_686" ]; then
	initrd_686_unpacked=$(unpacked_size "$initramfs_686")
	[ -n "$initrd_686_unpacked" ] || die "$initramfs_686: cannot tell its unpacked size"
fi
fat_free=$(mdir -i "$part" ::/ | awk '/bytes free/ { gsub(/[^0-9]/, "", $0); print; exit }')
{
	echo "image:     $out $(mib "$img_bytes") (limit 64 MiB), FAT free $(mib "${fat_free:-0}") (at least ${IMAGE_MIN_FREE_MIB:-16} MiB for reports)"
	echo "kernel:    $kernel_pkg, $(mib "$(stat -c %s "$vmlinuz")")"
	echo "initramfs: $initramfs $(mib "$initrd_bytes") compressed, $(mib "$initrd_unpacked") unpacked (limit 48 MiB)"
	if [ -n "$vmlinuz_686" ]; then
		echo "kernel686: $kernel_686_pkg, $(mib "$(stat -c %s "$vmlinuz_686")") (BIOS, CPUs without long mode)"
		echo "initrd686: $initramfs_686 $(mib "$initrd_686_bytes") compressed, $(mib "$initrd_686_unpacked") unpacked (limit 48 MiB)"
	fi
	echo "bios core: $core_sectors sectors (gap before the partition: $((part_start_sector - 1)), loadable: 888)"
} >"$work/sizes"
if [ "$img_bytes" -gt $((64 * 1048576)) ]; then
	cat "$work/sizes" >&2
	die "the image is larger than 64 MiB"
fi
# Room for reports: a run leaves its report in five formats (the PDF with its charts and
# embedded fonts is the largest) plus its log, a few hundred KiB to about 2 MiB; a lab stick
# must hold a day of runs.
min_free_mib=${IMAGE_MIN_FREE_MIB:-16}
if [ "${fat_free:-0}" -lt $((min_free_mib * 1048576)) ]; then
	cat "$work/sizes" >&2
	die "less than $min_free_mib MiB free on the FAT for reports"
fi
if [ "$initrd_unpacked" -gt $((48 * 1048576)) ] || [ "$initrd_686_unpacked" -gt $((48 * 1048576)) ]; then
	cat "$work/sizes" >&2
	die "an initramfs unpacks to more than 48 MiB"
fi

mv "$work/sizes" "$out.sizes"
mv "$img" "$out"
rm -rf "$work"
