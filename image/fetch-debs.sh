#!/bin/sh
# image/fetch-debs.sh CACHE PKG... - fetch Debian packages and unpack each, without root.
#
# Every package is fetched with `apt-get download` into CACHE/debs and unpacked with
# `dpkg-deb -x` into CACHE/root/PKG. The cache is keyed by the candidate version apt knows
# today, so a security update (new version, or for the kernel a new package name) is fetched
# on the next build instead of the stale .deb being reused forever. The name "linux-image"
# resolves to the kernel package linux-image-amd64 depends on today. Prints, one per line,
# "PKG DIR" for what it unpacked. Needs the package lists (apt-get update), not root.
set -eu
cache=$1
shift
mkdir -p "$cache/debs" "$cache/root"
cache=$(cd "$cache" && pwd)

resolve() {
	case $1 in
	linux-image)
		apt-cache depends linux-image-amd64 2>/dev/null |
			awk '/Depends: linux-image-[0-9]/ { print $2; exit }'
		;;
	*) echo "$1" ;;
	esac
}

for want in "$@"; do
	pkg=$(resolve "$want")
	[ -n "$pkg" ] || { echo "fetch-debs: cannot resolve '$want' (run apt-get update?)" >&2; exit 1; }
	ver=$(apt-cache policy "$pkg" 2>/dev/null | awk '/Candidate:/ { print $2; exit }')
	case $ver in
	'' | '(none)') echo "fetch-debs: no candidate version of '$pkg' (run apt-get update?)" >&2; exit 1 ;;
	esac
	# apt-get download names the file with the epoch colon escaped as %3a.
	deb=$(ls "$cache/debs/${pkg}_$(echo "$ver" | sed 's/:/%3a/')_"*.deb 2>/dev/null | head -n 1 || true)
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
		deb=$(ls "$cache/debs/${pkg}_$(echo "$ver" | sed 's/:/%3a/')_"*.deb | head -n 1)
	fi
	dir=$cache/root/$want
	if [ "$(cat "$dir/.unpacked" 2>/dev/null || true)" != "$(basename "$deb")" ]; then
		rm -rf "$dir"
		mkdir -p "$dir"
		dpkg-deb -x "$deb" "$dir"
		basename "$deb" >"$dir/.unpacked"
	fi
	echo "$want $dir"
done
