#!/bin/bash
# tests/meta/version-reads-the-same-in-every-build.sh - one version string (the Makefile's
# SP_VERSION_STR) in the three builds: the host's build/swapplace, the i686 tool on the stick
# (build/i686/swapplace) and the stick's identity file (SWAPPLACE.ID's "build = ..."). A build
# that made its own would show here as two different strings. Skips what was not built.
# runner: may run beside another test
set -u
cd "$(dirname "$0")/../.." || exit 1
[ -x build/swapplace ] || { echo "skip: build/swapplace not built"; exit 77; }
want=$(make -s --no-print-directory print-version) || { echo "FAIL: make print-version"; exit 1; }
[ -n "$want" ] || { echo "FAIL: make print-version printed nothing"; exit 1; }
fail=0 seen=1
got=$(build/swapplace --version)
[ "$got" = "swapplace $want" ] || { echo "FAIL: build/swapplace says '$got', the Makefile '$want'"; fail=1; }
if [ -x build/i686/swapplace ]; then
	seen=$((seen + 1))
	got=$(build/i686/swapplace --version 2>&1)
	[ "$got" = "swapplace $want" ] || { echo "FAIL: build/i686/swapplace says '$got', the Makefile '$want'"; fail=1; }
fi
if [ -f build/swapplace.img ] && command -v mtype >/dev/null; then
	seen=$((seen + 1))
	got=$(MTOOLS_SKIP_CHECK=1 mtype -i build/swapplace.img@@1M ::/SWAPPLACE.ID | tr -d '\r' |
		sed -n 's/^build = //p')
	[ "$got" = "$want" ] || { echo "FAIL: the stick's SWAPPLACE.ID says build = '$got', the Makefile '$want'"; fail=1; }
fi
[ $fail = 0 ] || exit 1
[ $seen -ge 2 ] || { echo "skip: only the host build is there (make image builds the other two)"; exit 77; }
echo "$seen builds read '$want'"
