#!/bin/bash
# tests/vm/advise-apply-starts-zram-generator-unit-under-systemd.sh - `swapplace advise --apply`
# and `--undo` as / on a machine whose PID 1 is Debian's systemd (tests/vm/lib-systemd-guest.sh:
# Debian 12's systemd, udev and systemd-zram-generator, the appliance's kernel, under TCG), the
# path the root test cannot take (systemd is not PID 1 on the test machine).
#
# In the guest: `measure --try zram` (no scenario) makes the guest's own report; its default
# advice is refused ("ran no workload": advise needs a workload's figures, and --try zram alone
# has no disk placement for zram to be ahead of). So the applied report is that real report with
# the figures of tests/fixtures/advise/zram-wins-build.json (zram-lz4 won the build job,
# resolved), its start partition the guest's virtio disk (mkswap'd), as the root test makes
# its own. Then twice, as a Debian machine has it:
#  - with the package's /etc/systemd/zram-generator.conf ([zram0], the kernel's compressor)
#    active since boot (swap.target): --apply makes zram0 the advised lz4 device;
#    --undo puts Debian's file back and zram0 as it was at boot;
#  - with no zram-generator.conf (removed, the unit stopped): --apply creates the file and the
#    generator's unit starts; --undo stops it, zram0 reset, the file removed.
# After each apply: systemd-zram-setup@zram0.service is active, its unit made by the generator
# from the installed file, /proc/swaps has /dev/zram0 at the file's swap-priority and the disk
# at its fstab pri=, zram0's comp_algorithm and disksize are the file's, vm.swappiness and
# vm.page-cluster are what 99-swapplace.conf says (and stay so after `sysctl --system`), the
# journal records each step and ends "kept". After each undo: /etc byte-identical to its copy
# taken before the apply (diff -r), the swaps, the zram devices (names, sizes; zram0's
# compressor where Debian's file made it), the units and both sysctls as before. A third round,
# between the two, kills the apply (from Debian's state) before its journal's "kept": `swapplace
# cleanup` of the journal must leave the machine the same way, Debian's zram0 started again.
# The guest reports on its second serial port; the host asserts.
# runner: may run beside another test
# runner: takes about 60 s
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-systemd-guest.sh"
SWAPPLACE=$TOP/build/swapplace
FIX=$TOP/tests/fixtures/advise/zram-wins-build.json
for t in qemu-system-x86_64 timeout cpio; do need_cmd "$t"; done
[ -x "$SWAPPLACE" ] || skip "needs $SWAPPLACE (make)"
VM_DIR=$(mktemp -d "${TMPDIR:-/tmp}/swapplace-vm.XXXXXX") || fail "no scratch directory"
sg_rootfs
on_fail() { vm_show_log; [ -s "$VM_DIR/results.log" ] && { echo "--- the guest's report:"; tr -d '\r' <"$VM_DIR/results.log"; }; }

# the test's own files, at their guest paths
X=$VM_DIR/extra
mkdir -p "$X/usr/bin" "$X/swapplace-test" "$X/etc/systemd/system"
cp "$SWAPPLACE" "$X/usr/bin/swapplace"
cp "$FIX" "$X/swapplace-test/zram-wins-build.json"
cat >"$X/etc/systemd/system/swapplace-test.target" <<'EOF'
[Unit]
Description=swapplace advise --apply under systemd (tests/vm)
Requires=swapplace-test.service
After=swapplace-test.service
AllowIsolate=yes
EOF
# swap.target: the swaps a Debian boot starts (zram0 from the package's zram-generator.conf)
cat >"$X/etc/systemd/system/swapplace-test.service" <<'EOF'
[Unit]
Description=swapplace advise --apply and --undo
DefaultDependencies=no
Wants=systemd-journald.service systemd-udevd.service systemd-udev-trigger.service systemd-modules-load.service swap.target
After=systemd-journald.service systemd-udev-trigger.service systemd-modules-load.service swap.target
SuccessAction=poweroff-force
FailureAction=poweroff-force

[Service]
Type=oneshot
ExecStart=/bin/sh /swapplace-test/run.sh
StandardOutput=journal+console
StandardError=journal+console
EOF
cat >"$X/swapplace-test/run.sh" <<'EOF'
# the guest's half: facts on ttyS1 as "KEY VALUE" lines, the host judges them. Busybox's sh
# runs its own applet for a bare name: Debian's programs by their path
exec 3>/dev/ttyS1
say() { echo "$*" >&3; }
dump() { sed "s/^/$1| /" "$2" >&3; }
U=systemd-zram-setup@zram0.service
W=/tmp/w
mkdir -p $W
set -x
udevadm settle -t 30
say "pid1 $(cat /proc/1/comm) $(systemctl --version | head -n 1)"
say "run-systemd-system $([ -d /run/systemd/system ] && echo yes || echo no)"
state() { # LABEL: swaps, zram devices, the unit, the sysctls
	say "$1 swaps $(tail -n +2 /proc/swaps | awk '{ printf "%s:%s ", $1, $5 }')"
	for z in /sys/block/zram*; do
		[ -e "$z/disksize" ] && say "$1 zram ${z##*/} $(cat "$z/disksize") $(cat "$z/comp_algorithm")"
	done
	say "$1 zrams $(for z in /sys/block/zram*; do [ -e "$z/disksize" ] && printf '%s:%s ' "${z##*/}" "$(cat "$z/disksize")"; done)"
	say "$1 unit $(systemctl is-active $U)"
	say "$1 swap-unit $(systemctl is-active dev-zram0.swap)"
	say "$1 sysctl $(cat /proc/sys/vm/swappiness) $(cat /proc/sys/vm/page-cluster)"
}

# 1. this machine's own report, and its default advice
swapplace measure --try zram --budget 33M --time-per-placement 1 --scenario none --seed 3 \
	--json --out $W/m >$W/real.json 2>$W/measure.err
say "measure rc $?"
dump measure.err $W/measure.err
say "measure report $(jq -r '.command + " " + ([.results[] | .placement + "=" + .status] | join(","))' $W/real.json)"
swapplace advise $W/real.json --apply >$W/default.out 2>$W/default.err
say "default-advice rc $?"
dump default.err $W/default.err

# 2. the applied report: the fixture's figures, this machine and its disks; the start partition
# is the virtio disk
/usr/sbin/mkswap /dev/vda >/dev/null 2>&1
say "mkswap rc $?"
jq --slurpfile real $W/real.json '.command = "measure" | .machine = $real[0].machine |
	.devices = $real[0].devices |
	(.results[] | select(.device == "/dev/loop0p1") | .device) = "/dev/vda"' \
	/swapplace-test/zram-wins-build.json >$W/apply.json
say "apply-json rc $?"

# 3. apply and undo, from the boot's state (LABEL: debian, killed, none); killed: the apply
# killed after its last step, before its journal's "kept" (the line cut), undone by `swapplace
# cleanup` of its journal (then --undo only removes the backup)
round() {
	rm -rf $W/etc.$1
	cp -a /etc $W/etc.$1
	state "$1-before"
	say "$1-before-generated $(ls /run/systemd/generator | grep -c zram)"
	swapplace advise $W/apply.json --apply >$W/apply-$1.out 2>$W/apply-$1.err
	say "$1-apply rc $?"
	dump "$1-apply.err" $W/apply-$1.err
	state "$1-applied"
	dump "$1-conf" /etc/systemd/zram-generator.conf
	dump "$1-sysctl.d" /etc/sysctl.d/99-swapplace.conf
	dump "$1-fstab" /etc/fstab
	dump "$1-journal" /var/lib/swapplace/advise-backup/journal
	say "$1-fragment $(systemctl show -P FragmentPath $U) $(systemctl show -P DropInPaths $U)"
	say "$1-swap-fragment $(systemctl show -P FragmentPath dev-zram0.swap)"
	# every sysctl.d file, as a boot applies them
	/usr/sbin/sysctl --system >/dev/null 2>$W/sysctl-system.err
	say "$1-sysctl-system rc $?"
	dump "$1-sysctl-system.err" $W/sysctl-system.err
	state "$1-sysctl-system"
	if [ "$1" = killed ]; then
		J=/var/lib/swapplace/advise-backup/journal
		sed -i '$d' $J
		say "$1-cut $(tail -n 1 $J)"
		swapplace cleanup $J >$W/undo-$1.out 2>$W/undo-$1.err
		say "$1-undo rc $?"
		dump "$1-cleanup.out" $W/undo-$1.out
		swapplace advise --undo >>$W/undo-$1.out 2>>$W/undo-$1.err
		say "$1-undo-after-cleanup rc $?"
	else
		swapplace advise --undo >$W/undo-$1.out 2>$W/undo-$1.err
		say "$1-undo rc $?"
	fi
	dump "$1-undo.err" $W/undo-$1.err
	state "$1-undone"
	say "$1-backup $([ -e /var/lib/swapplace ] && echo left || echo gone)"
	diff -r $W/etc.$1 /etc >$W/etcdiff.$1 2>&1
	say "$1-etcdiff rc $?"
	dump "$1-etcdiff" $W/etcdiff.$1
	say "$1-undone-generated $(ls /run/systemd/generator | grep -c zram)"
}
round debian
round killed
# a machine without the package's file: the unit stopped, the file removed
systemctl stop $U
rm -f /etc/systemd/zram-generator.conf
systemctl daemon-reload
round none
say "end"
EOF

truncate -s 64M "$VM_DIR/swap.raw" || fail "cannot make swap.raw"
VM_EXTRA_ARGS=(-drive "if=none,id=sw,format=raw,file=$VM_DIR/swap.raw"
	-device "virtio-blk-pci,drive=sw,serial=SPSWAP0001")
sg_extra "$X" "$VM_DIR/extra.cpio"
sg_boot "${VM_BOOT_TIMEOUT:-300}" "$VM_DIR/extra.cpio" swapplace-test.target loglevel=4
vm_wait_poweroff
R=$VM_DIR/results
tr -d '\r' <"$VM_DIR/results.log" >"$R"
mkdir -p "$TOP/build/test-logs" && cp "$R" "$TOP/build/test-logs/vm-$VM_NAME.results.log"
grep -qx end "$R" || fail "the guest did not get to the end of its script"

v() { sed -n "s/^$1 //p" "$R" | head -n 1; }           # KEY -> the value the guest said
lines() { sed -n "s/^$1| //p" "$R"; }                   # NAME -> the file the guest dumped
expect() { [ "$(v "$1")" = "$2" ] || fail "$1: '$(v "$1")', want '$2'"; }
v pid1 | grep -q '^systemd systemd 252 ' || fail "PID 1 is not Debian's systemd 252: $(v pid1)"
expect run-systemd-system yes
# 1. the guest's own measure --try report, and why its default advice installs nothing
expect "measure rc" 0
v "measure report" | grep -Eq '^measure try-zram-[a-z0-9-]+=ok,none=ok$' ||
	fail "measure --try zram did not measure its zram and none: $(v "measure report")"
expect "default-advice rc" 1
lines default.err | grep -q "ran no workload (build, service, cache or gc): nothing is advised without one" ||
	fail "the default advice was not refused for want of a workload: $(lines default.err)"
expect "mkswap rc" 0
expect "apply-json rc" 0

# 2. and 3. each round
conf() { lines "$1-conf" | sed -n "s/^$2 = //p"; }
sysctl_of() { lines "$1-sysctl.d" | sed -n "s/^vm.$2 = //p"; }
zline() { v "$1 zram" | grep '^zram0 '; }
for L in debian killed none; do
	expect "$L-apply rc" 0
	zsize=$(conf $L zram-size) zalg=$(conf $L compression-algorithm) zpri=$(conf $L swap-priority)
	[ -n "$zsize" ] && [ -n "$zalg" ] && [ -n "$zpri" ] ||
		fail "$L: the installed zram-generator.conf has no [zram0] size, compressor and priority: $(lines "$L-conf")"
	dpri=$(lines "$L-fstab" | sed -n 's|^/dev/vda none swap sw,pri=\([0-9]*\) 0 0$|\1|p')
	[ -n "$dpri" ] || fail "$L: no /dev/vda swap line with pri= in /etc/fstab: $(lines "$L-fstab")"
	# the unit, made by the generator from the installed file, and what it made
	expect "$L-applied unit" active
	expect "$L-applied swap-unit" active
	v "$L-fragment" | grep -q ' /run/systemd/generator/systemd-zram-setup@zram0.service.d/' ||
		fail "$L: the unit has no drop-in from the generator: $(v "$L-fragment")"
	expect "$L-swap-fragment" "/run/systemd/generator/dev-zram0.swap"
	expect "$L-sysctl-system rc" 0
	for st in applied sysctl-system; do
		v "$L-$st swaps" | grep -qw "/dev/zram0:$zpri" || fail "$L-$st: /dev/zram0 not at priority $zpri: $(v "$L-$st swaps")"
		v "$L-$st swaps" | grep -qw "/dev/vda:$dpri" || fail "$L-$st: /dev/vda not at priority $dpri: $(v "$L-$st swaps")"
		zline "$L-$st" | grep -q "^zram0 $((zsize << 20)) .*\[$zalg\]" ||
			fail "$L-$st: zram0 is not $zalg, $zsize MiB as the file says: $(zline "$L-$st")"
		# the sysctls: 99-swapplace.conf's values, and `sysctl --system` (every sysctl.d file) keeps them
		read -r sw pc <<<"$(v "$L-$st sysctl")"
		read -r sw0 pc0 <<<"$(v "$L-before sysctl")"
		want_sw=$(sysctl_of $L swappiness) want_pc=$(sysctl_of $L page-cluster)
		[ "$sw" = "${want_sw:-$sw0}" ] || fail "$L-$st: vm.swappiness $sw, want ${want_sw:-$sw0}"
		[ "$pc" = "${want_pc:-$pc0}" ] || fail "$L-$st: vm.page-cluster $pc, want ${want_pc:-$pc0}"
	done
	[ "$pc0" != "$want_pc" ] || fail "$L: vm.page-cluster was $pc0 already: the apply's would not show"
	# the journal (the backup's manifest) records each step, and the apply ended
	for rec in "conf /etc/systemd/zram-generator.conf" "conf /etc/sysctl.d/99-swapplace.conf -" \
		"conf /etc/fstab /var/lib/swapplace/advise-backup/fstab" "swapon /dev/vda" \
		"sysctl /proc/sys/vm/page-cluster $pc0 $want_pc" "unit systemd-zram-setup@zram0.service"; do
		lines "$L-journal" | grep -qx "[0-9]* $rec.*" || fail "$L: the journal has no '$rec': $(lines "$L-journal")"
	done
	[ "$(lines "$L-journal" | tail -n 1)" = kept ] || fail "$L: the journal does not end 'kept'"
	# --undo: the machine as before the apply
	expect "$L-undo rc" 0
	for k in swaps zrams unit swap-unit sysctl; do
		[ "$(v "$L-undone $k")" = "$(v "$L-before $k")" ] ||
			fail "$L: after --undo $k is '$(v "$L-undone $k")', before the apply '$(v "$L-before $k")'"
	done
	[ "$(zline "$L-undone" | cut -d' ' -f2)" = "$(zline "$L-before" | cut -d' ' -f2)" ] ||
		fail "$L: zram0 after --undo is '$(zline "$L-undone")', before '$(zline "$L-before")'"
	expect "$L-backup" gone
	expect "$L-etcdiff rc" 0
	[ -z "$(lines "$L-etcdiff")" ] || fail "$L: /etc is not as before the apply: $(lines "$L-etcdiff")"
	[ "$(v "$L-undone-generated")" = "$(v "$L-before-generated")" ] ||
		fail "$L: the generator's units after --undo ($(v "$L-undone-generated")) are not those before ($(v "$L-before-generated"))"
done
# Debian's own file: zram0 active since boot with the kernel's compressor, remade as advised
# (a start of the active unit would have left it), and as it was after --undo
expect "debian-before unit" active
alg0=$(zline debian-before | sed 's/.*\[\(.*\)\].*/\1/')
[ "$alg0" != "$(conf debian compression-algorithm)" ] ||
	fail "the boot's zram0 has the advised $alg0 already: the apply's would not show"
lines debian-apply.err | grep -q "restarted systemd-zram-setup@zram0.service: it was active" ||
	fail "the apply did not say it restarted the active unit: $(lines debian-apply.err)"
[ "$(zline debian-undone)" = "$(zline debian-before)" ] ||
	fail "after --undo zram0 is '$(zline debian-undone)', at boot it was '$(zline debian-before)'"
# killed before "kept", from Debian's state: `swapplace cleanup` stopped the unit, put the file
# back, and made systemd see it (daemon-reload) and start Debian's zram0 again, as --undo does
[ "$(v killed-cut)" != kept ] || fail "the test did not cut the journal's 'kept'"
expect "killed-undo-after-cleanup rc" 0
lines killed-cleanup.out | grep -q "stopped systemd-zram-setup@zram0.service" ||
	fail "cleanup did not stop the unit: $(lines killed-cleanup.out)"
lines killed-cleanup.out | grep -q "started systemd-zram-setup@zram0.service again" ||
	fail "cleanup did not start Debian's zram0 again: $(lines killed-cleanup.out)"
[ "$(zline killed-undone)" = "$(zline killed-before)" ] ||
	fail "after cleanup zram0 is '$(zline killed-undone)', before the apply '$(zline killed-before)'"
# no file before: the unit started, and stopped, zram0 reset, the file removed by --undo
expect "none-before unit" inactive
lines none-apply.err | grep -qx "swapplace: started systemd-zram-setup@zram0.service" ||
	fail "the apply did not say it started the unit: $(lines none-apply.err)"
lines none-undo.err | grep -qx "swapplace: removed '/etc/systemd/zram-generator.conf'" ||
	fail "--undo did not remove the file it created: $(lines none-undo.err)"
expect "none-undone-generated" 0
vm_log "debian: zram0 $(zline debian-before) at boot; $(zline debian-applied) applied; $(v "debian-applied swaps")"
vm_log "none: $(zline none-applied) applied; $(v "none-applied swaps"); sysctl $(v "none-applied sysctl")"
exit 0
