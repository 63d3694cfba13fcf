#!/bin/sh
# Installs the Debian packages the build, the tests and the demo need, only where missing.
# Called by `make check`, `make demo` and `make bench`; a fresh machine needs nothing else.
set -e
need=""
# the tool and its tests (clang, its libFuzzer runtime and llvm-symbolizer: the fuzz harnesses);
# then the appliance's build tools and the QEMU boot tests
for p in build-essential pkg-config liburing-dev libblkid-dev libfdisk-dev libzstd-dev \
         libjansson-dev libcairo2-dev fonts-dejavu-core poppler-utils ghostscript chromium e2fsprogs util-linux fio kmod python3 \
         clang libclang-rt-dev llvm \
         grub-common grub-pc-bin dosfstools mtools fdisk cpio zstd \
         qemu-system-x86 qemu-utils ovmf socat expect mdadm lvm2; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need="$need $p"
done
# the image build resolves the kernel package from apt's lists: they must exist
lists=$(ls /var/lib/apt/lists/ 2>/dev/null | grep _Packages | head -n 1)
if [ -z "$need" ] && [ -n "$lists" ]; then
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: missing packages:$need (run as root, or install them)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
[ -z "$need" ] && exit 0
echo "install-deps: installing$need" >&2
apt-get install -y -qq --no-install-recommends $need >/dev/null
