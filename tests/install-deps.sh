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
# the tool and its tests (clang, its libFuzzer runtime and llvm-symbolizer: the fuzz harnesses;
# util-linux's findmnt verifies fstab.swap; libfuse3 serves tests/helpers/faulty-file, mounted
# as root without fusermount3); then the appliance's build tools and the QEMU boot tests.
# Components the tests run but the machine should not (node_exporter: its service would listen
# on port 9100; zram-generator: its /etc config would make a zram0 swap at the next boot) are
# unpacked by the tests themselves into build/pkgs with image/fetch-debs.sh, never installed.
for p in build-essential pkg-config liburing-dev libblkid-dev libfdisk-dev libzstd-dev \
         libjansson-dev libcairo2-dev fonts-dejavu-core poppler-utils ghostscript chromium e2fsprogs util-linux fio kmod python3 \
         clang clang-format libclang-rt-dev llvm libfuse3-dev \
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
log=/tmp/install-deps-update.$$
for try in 1 2 3; do
	apt-get update -qq >/dev/null 2>$log && break
	if [ "$try" = 3 ]; then
		echo "install-deps: apt-get update failed 3 times, going on with the lists it has:" >&2
		tail -n 3 $log >&2
	else
		sleep 20
	fi
done
[ -z "$need" ] && { rm -f $log; exit 0; }
native="" foreign=""
for p in $need; do
	case $p in *:i386) foreign="$foreign $p" ;; *) native="$native $p" ;; esac
done
# The machine's own packages first, alone: a lagging i386 index cannot hold them back.
if [ -n "$native" ]; then
	echo "install-deps: installing$native" >&2
	apt-get install -y -qq --no-install-recommends $native >/dev/null
fi
[ -z "$foreign" ] && { rm -f $log; exit 0; }
echo "install-deps: installing$foreign" >&2
if apt-get install -y -qq --no-install-recommends $foreign >/dev/null 2>$log.install; then
	rm -f $log $log.install
	exit 0
fi
# An i386 library must be the very version of its amd64 twin (Multi-Arch: same). When a suite's
# i386 index did not download (seen for days: bookworm-security's i386 Packages.xz of the wrong
# size), its amd64 updates have no i386 twin and apt "holds broken packages". Then take that
# suite's packages only where nothing else has them (pin 100), and move the amd64 twins apt
# names unmet to the version the i386 lists have (a header package such as linux-libc-dev).
suites=$(sed -n 's|.*Failed to fetch [^ ]*/dists/\([^/ ]*\)/[^ ]*binary-i386/.*|\1|p' $log | sort -u)
if [ -z "$suites" ]; then
	cat $log.install >&2
	rm -f $log $log.install
	exit 1
fi
pref=/tmp/install-deps-pref.$$
for s in $suites; do
	printf 'Package: *\nPin: release n=%s\nPin-Priority: 100\n\n' "$s"
done >$pref
echo "install-deps: the i386 index of$(echo $suites | sed 's/^/ /') is missing: i386 libraries at the versions both architectures' lists have" >&2
apt_pinned() { apt-get -o Dir::Etc::preferences="$pref" --allow-downgrades --no-install-recommends "$@"; }
twins=""
for round in 1 2 3 4 5 6 7 8; do
	if apt_pinned -s install $foreign $twins >$log.sim 2>&1; then
		[ -n "$twins" ] && echo "install-deps: matching the amd64 twins:$twins" >&2
		apt_pinned -y -qq install $foreign $twins >/dev/null
		rm -f $log $log.install $log.sim $pref
		exit 0
	fi
	added=""
	for x in $(sed -n '/unmet dependencies/,$p' $log.sim | grep -o '[a-z0-9][a-z0-9.+-]*:i386' | sed 's/:i386$//' | sort -u); do
		inst=$(dpkg-query -W -f='${Version}' "$x:amd64" 2>/dev/null) || continue
		cand=$(apt-cache -o Dir::Etc::preferences="$pref" policy "$x:i386" | awk '/Candidate:/ { print $2; exit }')
		case $cand in '' | '(none)' | "$inst") continue ;; esac
		case " $twins " in *" $x:amd64="*) continue ;; esac
		twins="$twins $x:amd64=$cand" added=1
	done
	[ -n "$added" ] || break
done
cat $log.sim >&2
rm -f $log $log.install $log.sim $pref
exit 1
