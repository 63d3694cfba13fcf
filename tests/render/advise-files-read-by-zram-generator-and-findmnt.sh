#!/bin/bash
# tests/render/advise-files-read-by-zram-generator-and-findmnt.sh - the files `swapplace advise
# --write` makes are the ones the real components read: Debian's zram-generator (its .deb fetched
# with apt-get download and unpacked with dpkg-deb -x into build/pkgs by image/fetch-debs.sh, never
# installed: the package's own /etc config would make a zram0 swap at the machine's next boot),
# run as a generator into a scratch directory with ZRAM_GENERATOR_ROOT (its test mode: the config and
# /proc/meminfo under that root, nothing set up), makes dev-zram0.swap with the priority the
# file says, is asked for the compressor the file says (its modprobe, faked here to record its
# arguments instead of loading a module) and logs the size the file says; a file with no
# [zram0] makes no unit; a priority out of range is refused by the generator, and a unit for
# another priority is told apart. `findmnt --verify --tab-file` accepts fstab.swap, and refuses
# the same line with a broken pri=. --write refuses a non-empty directory, a symbolic link and
# /etc (exit 3, nothing written); a missing report fails (1); an unknown workload is a usage
# error (2); a workload the report did not run fails (1).
# runner: may run beside another test
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
SP=build/swapplace
[ -x $SP ] || skip "build/swapplace not built (make)"
need_cmd apt-get
need_cmd dpkg-deb
PKG=$(image/fetch-debs.sh build/pkgs systemd-zram-generator 2>/dev/null | awk '{ print $2 }') ||
	skip "cannot fetch Debian's systemd-zram-generator (apt-get download; run apt-get update?)"
GEN=$PKG/lib/systemd/system-generators/zram-generator
[ -x "$GEN" ] || GEN=$PKG/usr/lib/systemd/system-generators/zram-generator
[ -x "$GEN" ] || skip "the unpacked systemd-zram-generator has no zram-generator"
need_cmd findmnt
[ "$(id -u)" = 0 ] || skip "needs root: zram-generator logs the size it read to the kernel's log"
FIX=tests/fixtures/advise/zram-wins-build.json
TIE=tests/fixtures/advise/tie-build.json
scratch_dir W /tmp/swapplace-advise-sh.XXXXXX

$SP advise $FIX --write "$W/setup" >"$W/advice.txt" || fail "advise --write failed"
for f in zram-generator.conf fstab.swap 99-swapplace.conf zswap.cmdline README; do
	[ -s "$W/setup/$f" ] || fail "--write did not make $f"
done
grep -q '^What to set up$' "$W/advice.txt" || fail "the advice printed no 'What to set up'"
ls -A "$W" | grep -q '^\.setup' && fail "a temporary directory was left beside the setup"

# key = value of the [zram0] section the advice wrote
conf() { awk -F' *= *' -v k="$1" '/^\[/ { s = $0 } s == "[zram0]" && $1 == k { print $2 }' "$2"; }
size=$(conf zram-size "$W/setup/zram-generator.conf")
alg=$(conf compression-algorithm "$W/setup/zram-generator.conf")
pri=$(conf swap-priority "$W/setup/zram-generator.conf")
[ -n "$size" ] && [ -n "$alg" ] && [ -n "$pri" ] ||
	fail "the fixture's advice (zram won the job) wrote no size, compressor or priority"
ram_kib=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["machine"]["ram_bytes"] // 1024)' $FIX)

# gen NAME CONF: run the generator on CONF in its own root; its unit directory is $W/NAME/out,
# its modprobe's arguments $W/NAME/modprobe.args, its log lines $W/NAME/log; returns its status
gen() {
	local d=$W/$1 pid rc
	mkdir -p "$d/root/etc/systemd" "$d/root/proc" "$d/out" "$d/bin"
	cp "$2" "$d/root/etc/systemd/zram-generator.conf"
	echo "MemTotal:       $ram_kib kB" >"$d/root/proc/meminfo"
	printf '#!/bin/sh\necho "$@" >>"%s/modprobe.args"\n' "$d" >"$d/bin/modprobe"
	chmod +x "$d/bin/modprobe"
	PATH="$d/bin:$PATH" ZRAM_GENERATOR_ROOT="$d/root" $GEN "$d/out" "$d/out" "$d/out" 2>"$d/stderr" &
	pid=$!
	wait $pid
	rc=$?
	# it logs to /dev/kmsg when it can, else to stderr
	{ dmesg 2>/dev/null | grep -F "[$pid]:"; cat "$d/stderr"; } >"$d/log"
	return $rc
}

# unit_ok NAME PRI: the generator's unit is a swap on /dev/zram0 at priority PRI
unit_ok() {
	local u=$W/$1/out/dev-zram0.swap
	[ -f "$u" ] && grep -qx 'What=/dev/zram0' "$u" && grep -qx "Priority=$2" "$u"
}

gen real "$W/setup/zram-generator.conf" || fail "zram-generator refused the written config: $(cat "$W/real/stderr")"
unit_ok real "$pri" || fail "no dev-zram0.swap at priority $pri: $(cat "$W/real/out/dev-zram0.swap" 2>&1)"
[ -L "$W/real/out/swap.target.wants/dev-zram0.swap" ] || fail "the unit is not wanted by swap.target"
grep -qx "crypto-$alg" "$W/real/modprobe.args" ||
	fail "the generator did not ask for the compressor '$alg': $(cat "$W/real/modprobe.args" 2>&1)"
grep -q "Creating unit file dev-zram0.swap (/dev/zram0 with ${size}MB)" "$W/real/log" ||
	fail "the generator did not read a zram of ${size} MiB: $(grep -i creating "$W/real/log")"
[ "$size" -le $((ram_kib / 1024)) ] || fail "zram of $size MiB is past the RAM ($ram_kib KiB)"

# the checks can fail: another priority is told apart, one out of range is refused
sed "s/^swap-priority = .*/swap-priority = 7/" "$W/setup/zram-generator.conf" >"$W/other.conf"
gen other "$W/other.conf" || fail "the generator refused priority 7"
unit_ok other "$pri" && fail "a unit at priority 7 passed as priority $pri"
sed "s/^swap-priority = .*/swap-priority = 40000/" "$W/setup/zram-generator.conf" >"$W/bad.conf"
gen bad "$W/bad.conf" && fail "the generator took swap-priority 40000"
[ -e "$W/bad/out/dev-zram0.swap" ] && fail "the generator made a unit of a refused config"

# no zram advised (a tie): no [zram0], no unit
$SP advise $TIE --write "$W/tie" >/dev/null || fail "advise --write of the tie failed"
grep -q '^\[zram0\]' "$W/tie/zram-generator.conf" && fail "zram advised from an unresolved ranking"
gen tie "$W/tie/zram-generator.conf" || fail "the generator refused a config without devices"
[ -e "$W/tie/out/dev-zram0.swap" ] && fail "a config without [zram0] made a unit"
grep -q '^/' "$W/tie/fstab.swap" && fail "a swap line written from an unresolved ranking"

# fstab.swap: findmnt parses and verifies it (a missing device is only a warning)
grep -q '^/dev/.* none swap sw,pri=[0-9]* 0 0$' "$W/setup/fstab.swap" || fail "no swap line with pri= in fstab.swap"
findmnt --verify --tab-file "$W/setup/fstab.swap" >"$W/verify" 2>&1 || fail "findmnt refused fstab.swap: $(cat "$W/verify")"
# a device that is not here is a warning ([W]); an error is [E], a line it cannot parse a parse error
grep -qE '^ *\[E\]|[1-9][0-9]* (parse )?errors?' "$W/verify" && fail "findmnt found errors: $(cat "$W/verify")"
sed 's/pri=[0-9]*/pri=x/' "$W/setup/fstab.swap" >"$W/bad.fstab"
findmnt --verify --tab-file "$W/bad.fstab" >/dev/null 2>&1 && fail "findmnt took pri=x: the check cannot fail"

# the sysctl file: key = value lines only besides comments
grep -v '^#' "$W/setup/99-swapplace.conf" | grep -qvE '^vm\.(swappiness|page-cluster) = [0-9]+$' &&
	fail "99-swapplace.conf has a line sysctl.d does not take"
grep -qx 'vm.page-cluster = 0' "$W/setup/99-swapplace.conf" || fail "zram in front and no page-cluster 0"

# refusals: nothing written, exit 3
mkdir "$W/full" && echo keep >"$W/full/x"
$SP advise $FIX --write "$W/full" >/dev/null 2>&1
[ $? = 3 ] || fail "a non-empty directory was not refused with 3"
[ "$(ls -A "$W/full")" = x ] || fail "the non-empty directory was changed"
mkdir "$W/target" && ln -s "$W/target" "$W/link"
$SP advise $FIX --write "$W/link" >/dev/null 2>&1
[ $? = 3 ] || fail "a symbolic link was not refused with 3"
[ -z "$(ls -A "$W/target")" ] || fail "written through a symbolic link"
etc=/etc/swapplace-advise-test-$$
$SP advise $FIX --write $etc >/dev/null 2>&1
rc=$?
[ -e $etc ] && { rm -rf $etc; fail "written into /etc"; }
[ $rc = 3 ] || fail "/etc was not refused with 3 ($rc)"
$SP advise $FIX --write /etc/../etc/swapplace-advise-test-$$ >/dev/null 2>&1
[ $? = 3 ] || fail "/etc spelt another way was not refused"
ls -A /etc | grep -q '^\.swapplace-advise' && fail "a temporary was left in /etc"

# bad input
$SP advise "$W/missing.json" >/dev/null 2>&1
[ $? = 1 ] || fail "a missing report did not fail with 1"
$SP advise $FIX --for nope >/dev/null 2>&1
[ $? = 2 ] || fail "an unknown workload was not a usage error"
$SP advise $TIE --for gc >/dev/null 2>"$W/gc.err"
[ $? = 1 ] || fail "a workload the report did not run did not fail with 1"
grep -q 'no figures of the gc workload' "$W/gc.err" || fail "the gc refusal does not say why"
exit 0
