#!/bin/bash
# tests/appliance/fetch-debs-architectures.sh - image/fetch-debs.sh --plan: a SPEC's architecture
# picks the package apt is asked for and the directory it is unpacked into. "linux-image"
# is today's amd64 kernel natively and Debian's non-PAE 686 kernel for i386 (never 686-pae,
# which Pentium M and Atom N270 PCs cannot all boot); an i386 package never lands in the
# native package's directory. No network: it reads apt's lists (skips without them).
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
[ "$(dpkg --print-architecture 2>/dev/null)" = amd64 ] || skip "needs an amd64 host"
plan() { image/fetch-debs.sh --plan "$@" 2>&1; }

# what needs no package list
out=$(plan busybox-static busybox-static:amd64 busybox-static:i386 e2fsprogs:i386) ||
	fail "--plan failed: $out"
want="busybox-static busybox-static busybox-static
busybox-static:amd64 busybox-static busybox-static
busybox-static:i386 busybox-static:i386 busybox-static.i386
e2fsprogs:i386 e2fsprogs:i386 e2fsprogs.i386"
[ "$out" = "$want" ] || fail "plan of plain packages: got
$out
want
$want"
echo "ok: plain packages by architecture"

# an architecture without a kernel flavour is an error, not a guess
if out=$(plan linux-image:sparc64); then fail "linux-image:sparc64 resolved: $out"; fi
echo "$out" | grep -q "no kernel flavour known for 'sparc64'" || fail "no clear error: $out"
echo "ok: unknown kernel architecture refused: $out"

# the kernels, through apt's lists
apt-cache policy linux-image-amd64 2>/dev/null | grep -q 'Candidate: [0-9]' || skip "no apt lists (apt-get update)"
apt-cache policy linux-image-686:i386 2>/dev/null | grep -q 'Candidate: [0-9]' ||
	skip "no i386 apt lists (tests/install-deps.sh adds the architecture)"
out=$(plan linux-image linux-image:i386) || fail "--plan of the kernels failed: $out"
echo "$out"
echo "$out" | grep -Eqx 'linux-image linux-image-[0-9][^ ]*-amd64 linux-image' || fail "the amd64 kernel: $out"
echo "$out" | grep -Eqx 'linux-image:i386 linux-image-[0-9][^ ]*-686:i386 linux-image\.i386' ||
	fail "the i386 kernel is not the non-PAE 686 flavour: $out"
echo "$out" | grep -q 'pae' && fail "a PAE kernel was chosen: $out"
echo "ok: the kernels are amd64 and 686 (non-PAE)"
exit 0
