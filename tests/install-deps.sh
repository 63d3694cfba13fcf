#!/bin/sh
# Installs the Debian packages the build, the tests and the demo need, only where missing.
# Called by `make check`, `make demo` and `make bench`; a fresh machine needs nothing else.
set -e
need=""
# the 32-bit half of the stick (image/README.md, "32-bit PCs"): swapplace built with gcc -m32
# against Debian's i386 libraries (multiarch), and the i386 libraries of the mkfs.ext4, debugfs
# and blkid its initramfs carries (their executables come from the archive, image/fetch-debs.sh)
i386="liburing-dev:i386 libblkid-dev:i386 libfdisk-dev:i386 libzstd-dev:i386 libjansson-dev:i386
      libcairo2-dev:i386 libext2fs2:i386 libss2:i386 libcom-err2:i386"
# the tool and its tests (clang, its libFuzzer runtime and llvm-symbolizer: the fuzz harnesses);
# then the appliance's build tools and the QEMU boot tests
for p in build-essential pkg-config liburing-dev libblkid-dev libfdisk-dev libzstd-dev \
         libjansson-dev libcairo2-dev fonts-dejavu-core poppler-utils ghostscript chromium e2fsprogs util-linux fio kmod python3 \
         clang clang-format libclang-rt-dev llvm \
         grub-common grub-pc-bin dosfstools mtools fdisk cpio zstd \
         qemu-system-x86 qemu-utils ovmf socat expect mdadm lvm2 btrfs-progs \
         gcc-multilib $i386; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need="$need $p"
done
# the image build resolves the kernel packages (amd64 and i386) from apt's lists: they must exist
lists=$(ls /var/lib/apt/lists/ 2>/dev/null | grep _binary-i386_Packages | head -n 1)
if [ -z "$need" ] && [ -n "$lists" ]; then
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: missing packages:$need (run as root, or install them)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
dpkg --print-foreign-architectures | grep -qx i386 || dpkg --add-architecture i386
# A mirror mid-sync fails one index now and then ("File has unexpected size"): retry, then go on
# with the lists apt has; a package it then cannot find still fails the install below.
for try in 1 2 3; do
	apt-get update -qq >/dev/null 2>/tmp/install-deps-update.$$ && break
	if [ "$try" = 3 ]; then
		echo "install-deps: apt-get update failed 3 times, going on with the lists it has:" >&2
		tail -n 3 /tmp/install-deps-update.$$ >&2
	else
		sleep 20
	fi
done
rm -f /tmp/install-deps-update.$$
[ -z "$need" ] && exit 0
echo "install-deps: installing$need" >&2
apt-get install -y -qq --no-install-recommends $need >/dev/null
