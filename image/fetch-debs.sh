#!/bin/sh
# image/fetch-debs.sh CACHE SPEC... - fetch Debian packages and unpack each, without root.
# image/fetch-debs.sh --plan SPEC... - print what each SPEC resolves to, fetching nothing.
#
# A SPEC is a package name, optionally with a foreign architecture: "busybox-static:i386"
# (the 32-bit half of the stick; the architecture must be known to dpkg/apt: tests/install-
# deps.sh adds i386). Every package is fetched with `apt-get download` into CACHE/debs and
# unpacked with `dpkg-deb -x` into CACHE/root/NAME, or CACHE/root/NAME.ARCH for a foreign
# architecture (CACHE/root/busybox-static.i386). The cache is keyed by the candidate version
# apt knows today and the architecture, so a security update (new version, or for the kernel
# a new package name) is fetched on the next build instead of the stale .deb being reused
# forever, and the i386 and amd64 builds of one version never stand in for each other. The
# name "linux-image" resolves to the kernel package the flavour's meta package depends on
# today: linux-image-amd64 natively, linux-image-686 (not 686-pae: Pentium M and Atom N270
# have no PAE kernel worth booting, some none at all) for i386. Prints, one per line,
# "SPEC DIR" for what it unpacked (--plan: "SPEC PACKAGE DIRNAME", PACKAGE as apt names it).
# Needs the package lists (apt-get update), not root.
set -eu
plan=
if [ "${1:-}" = --plan ]; then
	plan=1
	shift
else
	cache=$1
	shift
	mkdir -p "$cache/debs" "$cache/root"
	cache=$(cd "$cache" && pwd)
fi
native=$(dpkg --print-architecture)

# SPEC -> its architecture (the native one when it names none)
arch_of() {
	case $1 in
	*:*) echo "${1#*:}" ;;
	*) echo "$native" ;;
	esac
}
# SPEC -> the directory name under CACHE/root
dir_of() {
	case $1 in
	*:"$native" | *:) echo "${1%%:*}" ;;
	*:*) echo "${1%%:*}.${1#*:}" ;;
	*) echo "$1" ;;
	esac
}
# ARCH -> the kernel flavour's meta package
kernel_meta() {
	case $1 in
	amd64) echo linux-image-amd64 ;;
	i386) echo linux-image-686 ;;
	*) echo "fetch-debs: no kernel flavour known for '$1'" >&2; return 1 ;;
	esac
}
# SPEC -> the package as apt names it (with :ARCH where foreign)
resolve() {
	name=${1%%:*} arch=$(arch_of "$1") qual=
	[ "$arch" = "$native" ] || qual=:$arch
	case $name in
	linux-image)
		meta=$(kernel_meta "$arch") || return 1
		apt-cache depends "$meta$qual" 2>/dev/null |
			awk '/Depends: linux-image-[0-9]/ { sub(/:.*/, "", $2); print $2; exit }' |
			sed "s/\$/$qual/"
		;;
	*) echo "$name$qual" ;;
	esac
}

for want in "$@"; do
	pkg=$(resolve "$want")
	[ -n "$pkg" ] || { echo "fetch-debs: cannot resolve '$want' (run apt-get update?)" >&2; exit 1; }
	if [ -n "$plan" ]; then
		echo "$want $pkg $(dir_of "$want")"
		continue
	fi
	arch=$(arch_of "$want")
	ver=$(apt-cache policy "$pkg" 2>/dev/null | awk '/Candidate:/ { print $2; exit }')
	case $ver in
	'' | '(none)') echo "fetch-debs: no candidate version of '$pkg' (run apt-get update?)" >&2; exit 1 ;;
	esac
	# apt-get download names the file NAME_VERSION_ARCH.deb with the epoch colon escaped as
	# %3a; ARCH is "all" for architecture-independent packages
	stem=${pkg%%:*}_$(echo "$ver" | sed 's/:/%3a/')
	find_deb() { ls "$cache/debs/${stem}_$arch.deb" "$cache/debs/${stem}_all.deb" 2>/dev/null | head -n 1 || true; }
	deb=$(find_deb)
	if [ -z "$deb" ]; then
		# Download into a scratch directory so an interrupted fetch never leaves a
		# truncated .deb that later builds would trust.
		tmp=$(mktemp -d "$cache/debs/.dl.XXXXXX")
		if ! (cd "$tmp" && apt-get download -q "$pkg=$ver" >/dev/null 2>&1); then
			rm -rf "$tmp"
			echo "fetch-debs: apt-get download '$pkg=$ver' failed" >&2
			exit 1
		fi
		mv "$tmp"/*.deb "$cache/debs/"
		rm -rf "$tmp"
		deb=$(find_deb)
		[ -n "$deb" ] || { echo "fetch-debs: '$pkg=$ver' downloaded, but no ${stem}_$arch.deb" >&2; exit 1; }
	fi
	dir=$cache/root/$(dir_of "$want")
	if [ "$(cat "$dir/.unpacked" 2>/dev/null || true)" != "$(basename "$deb")" ]; then
		rm -rf "$dir"
		mkdir -p "$dir"
		dpkg-deb -x "$deb" "$dir"
		basename "$deb" >"$dir/.unpacked"
	fi
	echo "$want $dir"
done
