# shellcheck shell=bash
# tests/appliance/lib.sh - sourced by the unprivileged init tests (bash). Builds a fake root with a
# fake /proc/cmdline, a directory of mock commands that log their arguments, and a fake
# stick (the mocked mount mounts nothing: the stick's files are already under mnt/stick) and
# the init's helpers (initramfs/lib/*.sh in lib/swapplace, as the initramfs has them), then runs
# initramfs/init against it as an ordinary user.
#
# The init runs under busybox ash from the fetched busybox-static when it is there (the shell,
# awk and sed of the appliance), and under /bin/sh too: for_each_shell runs a scenario once
# per shell.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" # TOP, skip, fail, need_cmd, at_exit, scratch_dir
INIT=${INIT:-$TOP/initramfs/init}
BUSYBOX=${BUSYBOX:-$TOP/build/pkgs/root/busybox-static/bin/busybox}

# fail shows the end of what the init wrote
on_fail() { [ -n "${T:-}" ] && [ -f "$T/out" ] && sed 's/^/  out: /' "$T/out" | tail -n 40; }

shells() {
	[ -x "$BUSYBOX" ] && echo "$BUSYBOX sh"
	echo /bin/sh
}

# for_each_shell FN: FN runs once per shell with $SH set and a fresh fake root
for_each_shell() {
	local sh
	while read -r sh; do
		SH=$sh
		new_root
		"$1" || fail "$1 under $SH"
		echo "ok: $1 under $SH"
	done < <(shells)
}

# the disks of `swapplace list --plain` (path size rot transport model serial safe reason);
# the stick (sdb) is reported safe on purpose: the init must exclude it on its own
DISKS_DEFAULT="/dev/sda	500107862016	1	sata	WDC WD5000AAKX	WD-HDD0001	1	
/dev/sdb	16008609792	0	usb	SanDisk Cruzer	4C530001	1	
/dev/nvme0n1	256060514304	0	nvme	Samsung SSD 970	S4EVNX0001	0	mounted at /home (in use)
/dev/sdc	80026361856	1	ata	Old Disk		1	
/dev/sdd	120034123776	0	sata	Crucial BX500	SPNVME0001	1	
/dev/vdb	2147483648	1	virtio	QEMU HARDDISK	SPHDD0002	1	"

new_root() {
	scratch_dir T /tmp/swapplace-sh.XXXXXX
	ROOT=$T/root
	MOCK=$T/mock
	STICK=$ROOT/mnt/stick
	mkdir -p "$ROOT"/{proc/sys/kernel,sys/fs/cgroup,sys/class/dmi/id,sys/class/block,dev,run,etc} \
		"$STICK" "$MOCK" "$ROOT/sys/devices/pci0000:00/usb1/sdb/sdb1"
	echo "BOOT_IMAGE=/boot/vmlinuz console=ttyS0,115200" >"$ROOT/proc/cmdline"
	printf 'major minor  #blocks  name\n   8        0  488386584 sda\n   8       16   15633408 sdb\n' >"$ROOT/proc/partitions"
	echo "Standard PC (i440FX + PIIX, 1996)" >"$ROOT/sys/class/dmi/id/product_name"
	echo QEMU >"$ROOT/sys/class/dmi/id/sys_vendor"
	printf 'processor\t: 0\nmodel name\t: QEMU Virtual CPU\n' >"$ROOT/proc/cpuinfo"
	echo "MemTotal:         524288 kB" >"$ROOT/proc/meminfo"
	echo 6.1.0-57-amd64 >"$ROOT/proc/sys/kernel/osrelease"
	touch "$ROOT/sys/devices/pci0000:00/usb1/sdb/sdb1/partition"
	ln -s ../../devices/pci0000:00/usb1/sdb/sdb1 "$ROOT/sys/class/block/sdb1"
	printf 'ahci\nusb-storage\nzram\nvfat\n' >"$ROOT/etc/swapplace-modules"
	# the init's helpers where initramfs/build.sh installs them (the init loads /lib/swapplace/*.sh)
	mkdir -p "$ROOT/lib/swapplace"
	cp "$(dirname "$INIT")"/lib/*.sh "$ROOT/lib/swapplace/"
	echo "SWAPPLACE" >"$STICK/SWAPPLACE.ID"
	printf '%s\n' "$DISKS_DEFAULT" >"$T/disks.tsv"
	echo /dev/sdb1 >"$T/stick_dev"
	: >"$T/log"
	make_mocks
}

mock() { # NAME BODY: a mock that logs "NAME ARGS" and then runs BODY
	{
		echo '#!/bin/sh'
		echo "T='$T'"
		echo 'echo "$(basename "$0") $*" >>"$T/log"'
		printf '%s\n' "$2"
	} >"$MOCK/$1"
	chmod +x "$MOCK/$1"
}

make_mocks() {
	local c
	for c in mount umount modprobe sync poweroff reboot sleep less; do mock $c 'exit 0'; done
	mock setsid 'exit 0' # the shell: setsid cttyhack sh
	mock date 'echo 20260101-120000'
	mock blkid '[ -s "$T/stick_dev" ] || exit 2; cat "$T/stick_dev"'
	mock swapplace '
case $1 in
list) cat "$T/disks.tsv"; exit 0 ;;
plan)
	[ -f "$T/plan.err" ] && cat "$T/plan.err" >&2
	[ -f "$T/plan.rc" ] && exit "$(cat "$T/plan.rc")"
	while [ $# -gt 0 ]; do [ "$1" = --save-plan ] && echo swapplace-plan/1 >"$2"; shift; done
	echo "plan: 3 partitions, 7 placements, estimated time 12 min"
	exit 0 ;;
run)
	out=
	while [ $# -gt 0 ]; do [ "$1" = --out ] && out=$2; shift; done
	echo "swapplace: [1/7] measuring start: about 12 min left" >&2
	[ -n "$out" ] || { echo "mock: no --out" >&2; exit 2; }
	[ -d "$out" ] || mkdir -p "$out"
	if [ -f "$T/run.rc" ]; then
		echo "swapplace: cannot write the GPT: Input/output error" >&2
		exit "$(cat "$T/run.rc")"
	fi
	echo "{\"schema\":\"swapplace-report/1\"}" >"$out/report.json"
	printf "swapplace report\n\nVerdict\n-------\n- fastest swap-in: zram-lz4\n\nPlacements\n" >"$out/report.txt"
	cat "$out/report.txt"
	exit 0 ;;
cleanup)
	# cleanup without a journal (before every run): nothing unfinished under /run/swapplace
	[ -n "${2:-}" ] || { echo "swapplace: no unfinished journal in '/run/swapplace': nothing to undo" >&2; exit 0; }
	# cleanup JOURNAL: says what it undid, like the real one; cleanup.rc makes it fail
	echo "swapplace: the machine restarted since: the swap, zram, cgroups and settings of that run went with it" >&2
	echo "swapplace: cleanup: nothing left but the partition table on /dev/vdb"
	[ -f "$T/cleanup.rc" ] && exit "$(cat "$T/cleanup.rc")"
	echo cleaned >>"$2"
	exit 0 ;;
print)
	# print REPORT --printer DEV --format F: like the real one, a missing DEV is refused
	rep=$2 lp=
	while [ $# -gt 0 ]; do [ "$1" = --printer ] && lp=$2; shift; done
	[ -e "$lp" ] || { echo "swapplace: no printer at '"'"'$lp'"'"'" >&2; exit 1; }
	[ -f "$T/print.rc" ] && { echo "swapplace: printing stopped after 0 bytes" >&2; exit "$(cat "$T/print.rc")"; }
	[ -f "$rep" ] || { echo "swapplace: cannot open '"'"'$rep'"'"'" >&2; exit 1; }
	printf "PRINTED %s\r\n\f" "$rep" >>"$lp"
	echo "swapplace: sent 42 bytes (text, 1 pages) to '"'"'$lp'"'"'" >&2
	exit 0 ;;
esac
exit 2'
}

cmdline() { echo "BOOT_IMAGE=/boot/vmlinuz console=ttyS0,115200 $*" >"$ROOT/proc/cmdline"; }

# run_init [STDIN-TEXT]: the init under $SH with the fake root; output in $T/out
run_init() {
	printf '%s' "${1:-}" | ROOT=$ROOT MOCK=$MOCK timeout 30 $SH "$INIT" >"$T/out" 2>&1
	RC=$?
	[ $RC -ne 124 ] || fail "init timed out under $SH"
	return 0
}

# the logged calls of one mock
calls() { grep "^$1 " "$T/log" || true; }
# line number of the first log line matching a regex (0: none)
line_of() { local n; n=$(grep -n -m1 -E "$1" "$T/log" | cut -d: -f1); echo "${n:-0}"; }
has_out() { grep -qF -- "$1" "$T/out"; }
