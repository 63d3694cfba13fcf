# shellcheck shell=bash
# tests/vm/lib-systemd-guest.sh - a guest whose PID 1 is Debian's own systemd, for the tests of
# what swapplace does under systemd (advise --apply starting zram-generator's unit). Sourced
# after tests/vm/lib.sh (its scratch directory, deadline, power-off wait and cleanup).
#
# The guest boots the appliance's Debian kernel straight from QEMU (-kernel, -initrd; no
# firmware boot, no stick) with rdinit=/lib/systemd/systemd: the initramfs is the whole root
# (tmpfs), and without /etc/initrd-release systemd runs it as a normal system, not an initrd.
# Its files come from Debian packages fetched with apt-get download and unpacked by
# image/fetch-debs.sh into build/pkgs (versions pinned to the archive apt knows): systemd,
# libsystemd-shared, udev (device units: a swap unit waits for its device's), util-linux and
# mount (mkswap, swapon), procps (sysctl), kmod (modprobe), systemd-zram-generator (its
# /etc/systemd/zram-generator.conf as the package ships it, the [zram0] Debian enables), jq and
# busybox-static (the test script's shell and tools; its sh runs its own applet for a bare
# command name, so a script names the packages' programs by path: /usr/sbin/sysctl); the shared libraries those load, found
# among the unpacked packages first and on the host (Debian's own, installed) otherwise; the
# kernel's zram, virtio and compressor modules with their dependencies. /usr is merged, as on
# Debian 12. That root is built once into build/systemd-guest/rootfs.cpio, again only when a
# package, the kernel or this file changes (a stamp of them). A test adds its own small archive
# (swapplace, its libraries, its script and units) after it: the kernel unpacks both in order.
#
# sg_rootfs: build or reuse the root; skips (77) when a package cannot be fetched, or a program
#   of the root loads a library neither the packages nor the host have (ldd's "not found").
# sg_extra DIR OUT: pack DIR (a tree: files at their guest paths) as OUT, with the libraries
#   every ELF file in it loads that the root does not hold.
# sg_boot SECONDS EXTRA.cpio UNIT APPEND...: boot with the root and EXTRA, systemd.unit=UNIT;
#   serial port 1 (ttyS0: the kernel's and systemd's console) into $VM_DIR/serial.log, port 2
#   (ttyS1: the test's own lines) into $VM_DIR/results.log; VM_EXTRA_ARGS add devices.
SG_DEBS="systemd libsystemd-shared udev libudev1 systemd-zram-generator util-linux mount procps
	 libproc2-0 kmod jq libjq1 libonig5 busybox-static"
# the modules the guest loads (by udev's modalias, systemd-modules-load or zram's crypto
# request); build resolves their dependencies
SG_MODULES="zram virtio_pci virtio_blk lz4 lz4hc zstd 842"
SG_DIR=$TOP/build/systemd-guest
SG_PKGS=$TOP/build/pkgs

sg_rootfs() {
	local spec dir stamp kver self
	for t in cpio depmod ldd; do
		command -v "$t" >/dev/null 2>&1 || PATH=$PATH:/sbin:/usr/sbin
		command -v "$t" >/dev/null 2>&1 || skip "needs $t"
	done
	SG_ROOTFS=$SG_DIR/rootfs.cpio
	self=$(sha256sum "${BASH_SOURCE[0]}" | cut -d' ' -f1)
	# apt's lists unchanged since the root was built from this file: no package can be newer
	# (fetch-debs asks apt for each candidate, 20 s here)
	if [ -s "$SG_ROOTFS" ] && [ "$(sed -n 2p "$SG_DIR/stamp" 2>/dev/null)" = "$self" ] &&
		[ -z "$(find /var/lib/apt/lists -maxdepth 1 -newer "$SG_ROOTFS" -name '*Packages*' 2>/dev/null | head -n 1)" ]; then
		SG_KROOT=$SG_PKGS/root/linux-image
		kver=$(ls "$SG_KROOT/lib/modules" | head -n 1)
		SG_KERNEL=$SG_KROOT/boot/vmlinuz-$kver
		if [ -r "$SG_KERNEL" ]; then
			vm_log "guest root: $SG_ROOTFS (cached; apt's lists are older)"
			return 0
		fi
	fi
	# shellcheck disable=SC2086
	"$TOP/image/fetch-debs.sh" "$SG_PKGS" linux-image $SG_DEBS >"$VM_DIR/fetch.out" 2>&1 ||
		skip "cannot fetch the guest's Debian packages (apt-get download; apt-get update?): $(tail -n 1 "$VM_DIR/fetch.out")"
	SG_KROOT=$SG_PKGS/root/linux-image
	kver=$(ls "$SG_KROOT/lib/modules" | head -n 1)
	SG_KERNEL=$SG_KROOT/boot/vmlinuz-$kver
	[ -r "$SG_KERNEL" ] || skip "no $SG_KERNEL in the unpacked kernel package"
	# the stamp: the packages' versions, then this file's checksum
	stamp=$(for spec in linux-image $SG_DEBS; do cat "$SG_PKGS/root/$spec/.unpacked"; done | sha256sum | cut -d' ' -f1)
	stamp=$(printf '%s\n%s' "$stamp" "$self")
	if [ -s "$SG_ROOTFS" ] && [ "$(cat "$SG_DIR/stamp" 2>/dev/null)" = "$stamp" ]; then
		touch "$SG_ROOTFS"
		vm_log "guest root: $SG_ROOTFS (cached)"
		return 0
	fi
	vm_log "guest root: building $SG_ROOTFS"
	mkdir -p "$SG_DIR"
	dir=$(mktemp -d "$SG_DIR/.build.XXXXXX") || fail "no scratch directory under $SG_DIR"
	at_exit "rm -rf '$dir'"
	rm -f "$SG_DIR/missing"
	_sg_build "$dir" "$kver"
	case $? in
	0) ;;
	2) skip "the guest's root lacks a library (install the Debian package that has it): $(cat "$SG_DIR/missing")" ;;
	*) fail "cannot build the guest's root" ;;
	esac
	mv -f "$dir/rootfs.cpio" "$SG_ROOTFS" || fail "cannot keep $SG_ROOTFS"
	rm -f "$SG_DIR/files"
	echo "$stamp" >"$SG_DIR/stamp"
	vm_log "guest root: $(du -h "$SG_ROOTFS" | cut -f1) in $SG_ROOTFS"
}

# _sg_libs TREE FILE...: copy into TREE the libraries each FILE loads that TREE lacks: ldd
# resolves among TREE's own library directories first (LD_LIBRARY_PATH comes before a
# program's RUNPATH), then the host's
_sg_libs() {
	local tree=$1 f lib
	shift
	local lp=$tree/usr/lib/x86_64-linux-gnu:$tree/usr/lib/x86_64-linux-gnu/systemd:$tree/usr/lib/systemd
	: >"$tree.libs"
	for f in "$@"; do
		LD_LIBRARY_PATH=$lp ldd "$f" >"$tree.ldd" 2>/dev/null
		# a library neither the packages nor the host have: the guest's PID 1 would not start
		if grep -q 'not found' "$tree.ldd"; then
			echo "${f#"$tree"} loads what is not here: $(grep 'not found' "$tree.ldd" | tr -s ' \t\n' ' ')" >"$SG_DIR/missing"
			return 2
		fi
		awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) print $i }' "$tree.ldd" >>"$tree.libs"
	done
	for lib in $(sort -u "$tree.libs"); do
		case $lib in "$tree"/*) continue ;; esac
		[ -e "$tree$lib" ] && continue
		mkdir -p "$tree$(dirname "$lib")"
		cp -L "$lib" "$tree$lib" || return 1
	done
}

_sg_elves() { # TREE: the ELF files under it (programs and libraries; not kernel modules)
	find "$1" -path "$1/usr/lib/modules" -prune -o -type f -size +1k -print0 |
		xargs -0 -r sh -c 'for f; do [ "$(head -c 4 "$f" | od -An -c | tr -d " ")" = 177ELF ] && echo "$f"; done; :' _
}

_sg_build() {
	local b=$1 kver=$2 tree=$1/tree spec m a
	mkdir -p "$tree/usr/bin" "$tree/usr/sbin" "$tree/usr/lib64" "$tree/usr/lib"
	ln -s usr/bin "$tree/bin"
	ln -s usr/sbin "$tree/sbin"
	ln -s usr/lib "$tree/lib"
	ln -s usr/lib64 "$tree/lib64"
	for d in dev proc sys run tmp root etc var/lib var/tmp var/log mnt; do mkdir -p "$tree/$d"; done
	chmod 1777 "$tree/tmp" "$tree/var/tmp"
	chmod 0700 "$tree/root"
	# the packages, unpacked over the merged /usr; no documentation
	for spec in $SG_DEBS; do
		tar -C "$SG_PKGS/root/$spec" --exclude=./.unpacked --exclude=./usr/share/doc \
			--exclude=./usr/share/man --exclude=./usr/share/locale --exclude=./usr/share/bash-completion \
			--exclude=./usr/share/zsh -cf - . |
			tar -C "$tree" --keep-directory-symlink -xf - || return 1
	done
	# busybox's applets where no package put a program of that name
	"$tree/bin/busybox" --list | while read -r a; do
		[ -e "$tree/usr/bin/$a" ] || [ -e "$tree/usr/sbin/$a" ] || [ -L "$tree/usr/bin/$a" ] ||
			ln -s busybox "$tree/usr/bin/$a"
	done
	_sg_libs "$tree" $(_sg_elves "$tree") || return
	# the identity systemd and udev read
	cat >"$tree/etc/os-release" <<'EOF'
PRETTY_NAME="swapplace test guest (Debian 12 packages)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
ID=debian
EOF
	printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' >"$tree/etc/passwd"
	{
		echo "root:x:0:"
		i=1
		for g in tty disk kmem lp dialout cdrom floppy tape audio video sgx input kvm render \
			systemd-journal utmp; do
			echo "$g:x:$((100 + i)):"
			i=$((i + 1))
		done
		echo "nogroup:x:65534:"
	} >"$tree/etc/group"
	: >"$tree/etc/machine-id"
	# what kmod's /etc/modules-load.d/modules.conf links to (Debian's installer writes it)
	printf '# /etc/modules: kernel modules to load at boot time.\n' >"$tree/etc/modules"
	printf '# /etc/fstab of the swapplace test guest: its root is the initramfs\n' >"$tree/etc/fstab"
	# the kernel modules: depmod on a copy made of symlinks, the wanted ones with their deps
	local k=$b/kmod/lib/modules/$kver
	mkdir -p "$b/kmod/lib/modules"
	cp -as "$SG_KROOT/lib/modules/$kver" "$b/kmod/lib/modules/" || return 1
	depmod -b "$b/kmod" "$kver" || return 1
	for m in $SG_MODULES; do
		awk -v m="$m" '{ f = $1; sub(/:$/, "", f); n = f; sub(/.*\//, "", n); sub(/\.ko.*/, "", n); gsub(/-/, "_", n)
			if (n == m) { print f; for (i = 2; i <= NF; i++) print $i } }' "$k/modules.dep"
	done | sort -u | while read -r m; do
		mkdir -p "$tree/lib/modules/$kver/$(dirname "$m")"
		cp -L "$k/$m" "$tree/lib/modules/$kver/$m" || return 1
	done
	cp "$k/modules.builtin" "$k/modules.builtin.modinfo" "$k/modules.order" "$tree/lib/modules/$kver/"
	depmod -b "$tree" "$kver" || return 1
	# pack: /dev/console first (the kernel opens it for PID 1; an unprivileged build cannot
	# mknod it), then the tree
	(cd "$tree" && find . -mindepth 1 | sed 's|^\./||' | sort |
		cpio -o -H newc --owner=0:0 --quiet) >"$b/tree.cpio" || return 1
	"$TOP/initramfs/console-cpio.sh" "$b/rootfs.cpio" 0
	cat "$b/tree.cpio" >>"$b/rootfs.cpio"
}

sg_extra() {
	local dir=$1 out=$2
	# shellcheck disable=SC2046
	_sg_libs_missing "$dir" $(_sg_elves "$dir") || fail "cannot add the libraries of $dir"
	(cd "$dir" && find . -mindepth 1 | sed 's|^\./||' | sort |
		cpio -o -H newc --owner=0:0 --quiet) >"$out" || fail "cannot pack $dir"
}

# the libraries FILEs load that neither the root's tree list nor DIR holds, into DIR
_sg_libs_missing() {
	local dir=$1 f lib
	shift
	# the root's files: its main archive, after the 512 bytes of /dev/console's
	[ -s "$SG_DIR/files" ] || tail -c +513 "$SG_ROOTFS" | cpio -it --quiet 2>/dev/null | sed 's|^|/|' >"$SG_DIR/files"
	for f in "$@"; do
		ldd "$f" 2>/dev/null | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) print $i }'
	done | sort -u | while read -r lib; do
		# the root has /usr merged: /lib/x is /usr/lib/x there
		case $lib in /lib/* | /lib64/* | /bin/* | /sbin/*) lib=/usr$lib ;; esac
		grep -qxF "$lib" "$SG_DIR/files" && continue
		[ -e "$dir$lib" ] && continue
		mkdir -p "$dir$(dirname "$lib")"
		cp -L "$lib" "$dir$lib" || return 1
	done
}

sg_boot() {
	local secs=$1 extra=$2 unit=$3
	shift 3
	cat "$SG_ROOTFS" "$extra" >"$VM_DIR/initrd"
	VM_CMD=(qemu-system-x86_64 -accel tcg -machine pc -m "${SG_MEM:-768}" -smp 1
		-display none -monitor none -no-reboot -nodefaults -pidfile "$VM_DIR/qemu.pid"
		-kernel "$SG_KERNEL" -initrd "$VM_DIR/initrd"
		-append "console=ttyS0,115200 rdinit=/lib/systemd/systemd systemd.unit=$unit panic=-1 $*"
		${VM_EXTRA_ARGS[@]+"${VM_EXTRA_ARGS[@]}"}
		-serial "file:$VM_DIR/serial.log" -serial "file:$VM_DIR/results.log")
	vm_log "boot: ${VM_CMD[*]}"
	: >"$VM_DIR/serial.log"
	: >"$VM_DIR/results.log"
	timeout -s KILL "$secs" "${VM_CMD[@]}" </dev/null >"$VM_DIR/qemu.out" 2>&1 &
	VM_PID=$!
	VM_DEADLINE=$(($(date +%s) + secs))
}
