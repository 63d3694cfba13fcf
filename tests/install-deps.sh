#!/bin/sh
# Installs the Debian packages the build, the tests and the demo need, only where missing.
# Called by `make check`, `make demo` and `make bench`; a fresh machine needs nothing else.
set -e
need=""
# the tool and its tests; then the appliance's build tools and the QEMU boot tests
for p in build-essential pkg-config liburing-dev libblkid-dev libfdisk-dev libzstd-dev \
         libjansson-dev e2fsprogs util-linux fio kmod python3 \
         grub-common grub-pc-bin dosfstools mtools fdisk cpio zstd \
         qemu-system-x86 ovmf socat expect; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need="$need $p"
done
[ -z "$need" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: missing packages:$need (run as root, or install them)" >&2
	exit 1
fi
echo "install-deps: installing$need" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends $need >/dev/null
