#!/bin/sh
# image/fetch-debs.sh CACHE PKG... - fetch Debian packages and unpack each, without root.
#
# Every package is fetched with `apt-get download` into CACHE/debs (once: a cached .deb is
# reused) and unpacked with `dpkg-deb -x` into CACHE/root/PKG. The name "linux-image" is
# resolved at build time to the kernel package linux-image-amd64 depends on today (it changes
# with every security update). Prints, one per line, "PKG DIR" for what it unpacked.
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
	deb=$(ls "$cache/debs/${pkg}_"*.deb 2>/dev/null | head -n 1 || true)
	if [ -z "$deb" ]; then
		(cd "$cache/debs" && apt-get download -q "$pkg" >/dev/null 2>&1) ||
			{ echo "fetch-debs: apt-get download '$pkg' failed" >&2; exit 1; }
		deb=$(ls "$cache/debs/${pkg}_"*.deb | head -n 1)
	fi
	dir=$cache/root/$want
	if [ ! -e "$dir/.unpacked" ] || [ "$deb" -nt "$dir/.unpacked" ]; then
		rm -rf "$dir"
		mkdir -p "$dir"
		dpkg-deb -x "$deb" "$dir"
		basename "$deb" >"$dir/.unpacked"
	fi
	echo "$want $dir"
done
