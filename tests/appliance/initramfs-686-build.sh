#!/bin/bash
# tests/appliance/initramfs-686-build.sh - the i686 initramfs (image/README.md, "32-bit PCs"):
# initramfs/build.sh on the 686 kernel, the i386 busybox and build/i686/swapplace, with the
# i386 e2fsprogs and util-linux as INITRAMFS_FILES_ROOT, gives a tree in which every ELF file
# is 32-bit x86 (the i386 loader at /lib/ld-linux.so.2, the libraries from
# /lib/i386-linux-gnu), mkfs.ext4, debugfs and blkid taken from the i386 packages, and the USB
# storage and host modules of the 686 kernel. Without the i386 roots (the host's amd64
# mkfs.ext4 beside an i686 swapplace) the build fails and says which file is for another
# machine. As root the i386 binaries run chrooted in the tree.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
for c in cpio zstd depmod ldd; do
	command -v $c >/dev/null 2>&1 || [ -x /sbin/$c ] || skip "needs $c"
done
[ -x build/i686/swapplace ] || skip "build/i686/swapplace not built (make i686)"
P=build/pkgs/root
KROOT=$P/linux-image.i386 BBROOT=$P/busybox-static.i386
if [ ! -d "$KROOT/lib/modules" ] || [ ! -x "$BBROOT/bin/busybox" ] || [ ! -x "$P/e2fsprogs.i386/sbin/mke2fs" ] ||
	[ ! -x "$P/util-linux.i386/sbin/blkid" ]; then
	image/fetch-debs.sh build/pkgs linux-image:i386 busybox-static:i386 e2fsprogs:i386 util-linux:i386 >/dev/null 2>&1 ||
		skip "cannot fetch the i386 packages (no network, or no i386 architecture: tests/install-deps.sh)"
fi
[ -e /lib/ld-linux.so.2 ] || skip "no i386 loader on the host (tests/install-deps.sh)"

scratch_dir W "$TOP/build/.initramfs-686-test.XXXXXX"
cp build/i686/swapplace "$W/swapplace"
# the guard first: the host's amd64 mkfs.ext4 in an i686 tree must stop the build
if INITRAMFS_ZSTD_LEVEL=1 sh initramfs/build.sh "$W/bad.img" "$KROOT" "$BBROOT" "$W/swapplace" >"$W/bad.log" 2>&1; then
	fail "an i686 initramfs with the host's amd64 files was built"
fi
grep -q 'is built for another machine (ELF 0201 3e00) than swapplace (ELF 0101 0300)' "$W/bad.log" ||
	fail "the mixed build did not say why it stopped: $(cat "$W/bad.log")"
[ ! -e "$W/bad.img" ] || fail "the mixed build left an image"
echo "ok: refused: $(grep 'another machine' "$W/bad.log" | head -n 1)"

INITRAMFS_FILES_ROOT="$P/e2fsprogs.i386:$P/util-linux.i386" INITRAMFS_ZSTD_LEVEL=1 \
	sh initramfs/build.sh "$W/i.img" "$KROOT" "$BBROOT" "$W/swapplace" >"$W/log" 2>&1 ||
	{ cat "$W/log"; fail "the i686 build failed"; }
cat "$W/log"
mkdir "$W/x"
(cd "$W/x" && tail -c +513 "$W/i.img" | zstd -dc | cpio -id --quiet) || fail "cannot unpack"
kver=$(ls "$KROOT/lib/modules" | head -n 1)
case $kver in *-686) ;; *) fail "the kernel '$kver' is not the 686 flavour" ;; esac
for f in init bin/busybox bin/swapplace lib/ld-linux.so.2 lib/i386-linux-gnu/libc.so.6 \
	lib/i386-linux-gnu/libfdisk.so.1 lib/i386-linux-gnu/libcairo.so.2 lib/i386-linux-gnu/libext2fs.so.2 \
	sbin/mke2fs sbin/debugfs sbin/blkid etc/mke2fs.conf etc/fonts/fonts.conf \
	usr/share/fonts/truetype/dejavu/DejaVuSans.ttf \
	lib/modules/$kver/kernel/drivers/usb/storage/usb-storage.ko \
	lib/modules/$kver/kernel/drivers/usb/host/ehci-pci.ko \
	lib/modules/$kver/kernel/drivers/usb/host/uhci-hcd.ko \
	lib/modules/$kver/kernel/drivers/block/zram/zram.ko; do
	[ -e "$W/x/$f" ] || fail "the tree lacks $f"
done
[ -L "$W/x/sbin/mkfs.ext4" ] || fail "no mkfs.ext4 link"
[ ! -e "$W/x/lib64" ] || [ -z "$(ls -A "$W/x/lib64")" ] || fail "64-bit files in lib64: $(ls "$W/x/lib64")"
# every ELF file is ELFCLASS32, little-endian, EM_386
n=0
while read -r f; do
	[ "$(od -An -c -j 1 -N 3 "$f" 2>/dev/null | tr -d ' ')" = ELF ] || continue
	id=$(od -An -tx1 -j 4 -N 2 "$f" | tr -d ' ')/$(od -An -tx1 -j 18 -N 2 "$f" | tr -d ' ')
	[ "$id" = 0101/0300 ] || fail "${f#"$W/x/"} is not i386 (class/data, machine: $id)"
	n=$((n + 1))
done < <(find "$W/x" -type f ! -name '*.ko')
echo "ok: $n ELF files, all i386"
cmp "$W/x/sbin/mke2fs" "$P/e2fsprogs.i386/sbin/mke2fs" || fail "mke2fs is not the i386 package's"
cmp "$W/x/sbin/blkid" "$P/util-linux.i386/sbin/blkid" || fail "blkid is not the i386 package's"
for m in usb-storage uas ehci_pci xhci_pci uhci_hcd ohci_pci zram ext4 vfat; do
	grep -qx "$m" "$W/x/etc/swapplace-modules" || fail "$m not in the init's module list"
done
echo "ok: the 686 kernel's USB, zram, ext4 and vfat modules"
if [ "$(id -u)" = 0 ] && command -v chroot >/dev/null 2>&1; then
	chroot "$W/x" /bin/swapplace --version || fail "swapplace does not run in the tree"
	chroot "$W/x" /sbin/mkfs.ext4 -V >/dev/null 2>&1 || fail "mkfs.ext4 does not run in the tree"
	chroot "$W/x" /sbin/debugfs -V >/dev/null 2>&1 || fail "debugfs does not run in the tree"
	chroot "$W/x" /sbin/blkid -V >/dev/null || fail "blkid does not run in the tree"
	cp tests/golden/report-synthetic.json "$W/x/tmp/r.json"
	chroot "$W/x" /bin/swapplace report /tmp/r.json --format pdf -o /tmp/r.pdf ||
		fail "the pdf is not rendered in the tree"
	echo "ok: the i386 binaries run chrooted in the tree, the pdf renders"
fi
exit 0
