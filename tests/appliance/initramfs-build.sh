#!/bin/bash
# tests/appliance/initramfs-build.sh - initramfs/build.sh, unprivileged, gives the same bytes twice
# and an archive the kernel can boot: /dev/console in the uncompressed prefix, then a zstd
# cpio with /init and its helpers (initramfs/lib/*.sh as /lib/swapplace/*.sh), the busybox
# applet links (/sbin/modprobe), swapplace with its libraries and the dynamic loader (cairo's
# closure once it is linked), mkfs.ext4 with mke2fs.conf, blkid, the DejaVu fonts with
# fonts.conf, and the zram, ext4, vfat and usblp modules with their dependencies in a
# regenerated modules.dep. As root, the binaries are also run chrooted in the unpacked tree
# (their library closure is complete).
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
for c in cpio zstd depmod ldd; do
	command -v $c >/dev/null 2>&1 || [ -x /sbin/$c ] || skip "needs $c"
done
[ -x build/swapplace ] || skip "build/swapplace not built (make)"
KROOT=build/pkgs/root/linux-image BBROOT=build/pkgs/root/busybox-static
if [ ! -d "$KROOT/lib/modules" ] || [ ! -x "$BBROOT/bin/busybox" ]; then
	# Debian's archive: fetched once, cached under build/pkgs
	image/fetch-debs.sh build/pkgs linux-image busybox-static >/dev/null 2>&1 ||
		skip "cannot fetch linux-image and busybox-static (no network?)"
fi

scratch_dir W "$TOP/build/.initramfs-test.XXXXXX"
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
# prove the build needs no privilege: run it as nobody — where nobody can reach the tree (a
# clone under a 0700 mktemp directory, as CI may make, it cannot: then as ourselves; the
# check uses absolute paths, as the build's own `cd` does)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
	as_nobody test -r "$PWD/initramfs/build.sh" -a -r "$PWD/$KROOT/lib/modules" 2>/dev/null; then
	chmod 0777 "$W"
	as_user() { as_nobody "$@"; }
else
	[ "$(id -u)" = 0 ] && echo "note: the tree is not readable by nobody; building as root"
	as_user() { "$@"; }
fi
# a copy: make may rebuild build/swapplace while this test runs
cp build/swapplace "$W/swapplace"
for n in 1 2; do
	as_user sh initramfs/build.sh "$W/i$n.img" "$KROOT" "$BBROOT" "$W/swapplace" >"$W/log$n" 2>&1 ||
		{ cat "$W/log$n"; fail "build $n failed"; }
done
cat "$W/log1"
cmp "$W/i1.img" "$W/i2.img" || fail "two builds differ"
SOURCE_DATE_EPOCH=1700000000 as_user sh initramfs/build.sh "$W/i3.img" "$KROOT" "$BBROOT" "$W/swapplace" >/dev/null 2>&1 ||
	fail "build with SOURCE_DATE_EPOCH failed"
cmp -s "$W/i1.img" "$W/i3.img" && fail "SOURCE_DATE_EPOCH did not change the mtimes"

# the prefix: /dev/console, character 5:1
head -c 512 "$W/i1.img" | cpio -tv 2>/dev/null >"$W/prefix"
grep -qE '^crw------- .* 5, +1 .* dev/console$' "$W/prefix" || fail "no dev/console in the prefix: $(cat "$W/prefix")"
# the main archive
tail -c +513 "$W/i1.img" | zstd -dc >"$W/main.cpio" || fail "main archive is not zstd at offset 512"
cpio -tv <"$W/main.cpio" 2>/dev/null >"$W/list"
cpio -t <"$W/main.cpio" 2>/dev/null >"$W/names"
kver=$(ls "$KROOT/lib/modules" | head -n 1)
for f in init bin/busybox sbin/modprobe bin/sh bin/swapplace lib64/ld-linux-x86-64.so.2 \
	lib/x86_64-linux-gnu/libfdisk.so.1 lib/x86_64-linux-gnu/libc.so.6 sbin/mkfs.ext4 sbin/mke2fs \
	etc/mke2fs.conf sbin/blkid etc/swapplace-modules \
	lib/modules/$kver/modules.dep lib/modules/$kver/modules.alias lib/modules/$kver/modules.builtin \
	lib/modules/$kver/kernel/drivers/block/zram/zram.ko lib/modules/$kver/kernel/mm/zsmalloc.ko \
	lib/modules/$kver/kernel/fs/ext4/ext4.ko lib/modules/$kver/kernel/fs/jbd2/jbd2.ko \
	lib/modules/$kver/kernel/fs/fat/vfat.ko lib/modules/$kver/kernel/fs/fat/fat.ko \
	lib/modules/$kver/kernel/drivers/usb/storage/usb-storage.ko \
	lib/modules/$kver/kernel/drivers/nvme/host/nvme.ko \
	lib/modules/$kver/kernel/drivers/usb/class/usblp.ko etc/fonts/fonts.conf \
	usr/share/fonts/truetype/dejavu/DejaVuSans.ttf usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
	usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf; do
	grep -qxF "$f" "$W/names" || fail "archive lacks $f"
done
# the init's helpers (initramfs/lib/*.sh, which it loads from /lib/swapplace), every one of them
ls initramfs/lib/*.sh >/dev/null 2>&1 || fail "initramfs/lib has no helpers"
for f in initramfs/lib/*.sh; do
	grep -qxF "lib/swapplace/${f##*/}" "$W/names" || fail "archive lacks lib/swapplace/${f##*/}"
done
# cairo and what it loads come with swapplace's closure once the binary links it
if ldd "$W/swapplace" | grep -q libcairo; then
	for l in libcairo.so.2 libpixman-1.so.0 libpng16.so.16 libfontconfig.so.1 libfreetype.so.6 libexpat.so.1; do
		grep -qE "^(usr/)?lib/x86_64-linux-gnu/$l\$" "$W/names" || fail "archive lacks $l (cairo's closure)"
	done
fi
sort -c "$W/names" 2>/dev/null || fail "archive is not sorted"
awk '$3 != "root" || $4 != "root" { bad = 1 } END { exit bad }' "$W/list" || fail "an entry is not owned by 0:0"
grep -q ' Jan  1  1970 ' "$W/list" || fail "mtimes are not the epoch"
[ "$(grep -vc ' Jan  1  1970 ' "$W/list")" = 0 ] || fail "some mtime is not the epoch"
grep -qE '^l.* sbin/modprobe -> \.\./bin/busybox$' "$W/list" || fail "sbin/modprobe is not a relative busybox link"
grep -qE '^l.* sbin/mkfs\.ext4 -> mke2fs$' "$W/list" || fail "mkfs.ext4 is not the link to mke2fs"

mkdir "$W/x"
(cd "$W/x" && cpio -id --quiet <"$W/main.cpio") || fail "cannot unpack"
for f in initramfs/lib/*.sh; do
	cmp -s "$f" "$W/x/lib/swapplace/${f##*/}" || fail "lib/swapplace/${f##*/} in the archive is not $f"
done
dep=$W/x/lib/modules/$kver/modules.dep
grep -q '^kernel/drivers/block/zram/zram.ko: kernel/mm/zsmalloc.ko' "$dep" || fail "modules.dep lacks zram -> zsmalloc"
grep -q '^kernel/fs/vfat.ko\|^kernel/fs/fat/vfat.ko: kernel/fs/fat/fat.ko' "$dep" || fail "modules.dep lacks vfat -> fat"
# every module and dependency modules.dep names is in the tree
tr -d ':' <"$dep" | tr ' ' '\n' | sort -u | while read -r m; do
	[ -z "$m" ] || [ -f "$W/x/lib/modules/$kver/$m" ] || { echo "missing $m"; exit 1; }
done || fail "modules.dep names a module the archive lacks"
# modules as Debian signed them (lockdown loads only signed modules)
cmp "$W/x/lib/modules/$kver/kernel/fs/ext4/ext4.ko" "$KROOT/lib/modules/$kver/kernel/fs/ext4/ext4.ko" ||
	fail "ext4.ko differs from the package's"
for m in zram ext4 vfat nls_ascii nvme ahci usb-storage xhci_pci hid_generic lz4 lz4hc zstd usblp; do
	grep -qx "$m" "$W/x/etc/swapplace-modules" || fail "$m not in the init's module list"
done
grep -qx 'lzo' "$W/x/etc/swapplace-modules" && fail "built-in lzo in the module list"

if [ "$(id -u)" = 0 ] && command -v chroot >/dev/null 2>&1; then
	chroot "$W/x" /bin/swapplace --version >/dev/null || fail "swapplace does not run in the tree"
	chroot "$W/x" /sbin/mkfs.ext4 -V >/dev/null 2>&1 || fail "mkfs.ext4 does not run in the tree"
	chroot "$W/x" /sbin/blkid -V >/dev/null || fail "blkid does not run in the tree"
	[ "$(chroot "$W/x" /bin/sh -c '[ -x /sbin/modprobe ] && echo ok')" = ok ] || fail "busybox sh does not run in the tree"
	echo "binaries run chrooted in the tree"
	# the PDF drawn in the tree finds its fonts through the tree's fontconfig alone
	cp tests/golden/report-synthetic.json "$W/x/tmp/r.json"
	chroot "$W/x" /bin/swapplace report /tmp/r.json --format pdf -o /tmp/r.pdf ||
		fail "the pdf is not rendered in the tree"
	if command -v pdffonts >/dev/null 2>&1; then
		pdffonts "$W/x/tmp/r.pdf" | grep -q DejaVu || fail "the tree's pdf has no DejaVu font: $(pdffonts "$W/x/tmp/r.pdf")"
	fi
	echo "the pdf renders in the tree with its fonts"
fi
size=$(stat -c %s "$W/i1.img")
unpacked=$(du -sb --apparent-size "$W/x" | awk '{ print $1 }')
echo "compressed $size bytes, unpacked $unpacked bytes"
[ "$size" -le $((48 * 1024 * 1024)) ] && [ "$unpacked" -le $((48 * 1024 * 1024)) ] || fail "over 48 MiB"
exit 0
