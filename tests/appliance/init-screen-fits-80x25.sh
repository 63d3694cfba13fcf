#!/bin/bash
# tests/appliance/init-screen-fits-80x25.sh - what the init writes for the screen (a VT behind
# /dev/console: /sys/class/tty/console/active ends in tty0) fits 80 columns and keeps its words:
# a disk with ATA's longest serial (20 characters) and a long model is one line of at most 79
# columns with the whole serial; a long CPU name is squeezed and cut; the plan's and swapplace's
# long lines are folded at a blank; the [k/N] progress lines overwrite one another (a carriage
# return, padded to 79 columns) while run.log keeps every line as written. On a serial console
# the same run's lines come as they were written. tests/vm/interactive-vga-second-bios-drive.sh
# reads the real screen; this is the quick check of the same rules.
. "$(dirname "$0")/lib.sh"

LONG_SERIAL=WD-WCC4N1234567890AB
LONG_MODEL="WDC WD20EZRZ-00Z5HB0 WITH A FORTY CHAR NAME"
LONG_ERR="swapplace: backed up '/dev/sda' (partition table none, first and last MiB) into '/mnt/stick/reports/.tmp-20260101-120000-1/backup-sda'"
LONG_PLAN="probes per placement: device (io_uring O_DIRECT 4 KiB random reads, QD1 and QD32, sequential),"

setup_screen() { # VT|serial
	[ "$1" = serial ] || { mkdir -p "$ROOT/sys/class/tty/console" && echo "ttyS0 tty0" >"$ROOT/sys/class/tty/console/active"; }
	printf '/dev/sda\t2000398934016\t1\tsata\t%s\t%s\t1\t\n/dev/sdb\t16008609792\t0\tusb\tSanDisk Cruzer\t4C530001\t1\t\n' \
		"$LONG_MODEL" "$LONG_SERIAL" >"$T/disks.tsv"
	printf 'processor\t: 0\nmodel name\t: Intel(R) Core(TM)2 Duo CPU     T7500  @ 2.20GHz with a name that goes on and on\n' \
		>"$ROOT/proc/cpuinfo"
	mock swapplace '
case $1 in
list) cat "$T/disks.tsv"; exit 0 ;;
plan)
	while [ $# -gt 0 ]; do [ "$1" = --save-plan ] && echo swapplace-plan/1 >"$2"; shift; done
	echo "'"$LONG_PLAN"'"
	exit 0 ;;
run)
	out=
	while [ $# -gt 0 ]; do [ "$1" = --out ] && out=$2; shift; done
	mkdir -p "$out"
	echo "'"$LONG_ERR"'" >&2
	echo "swapplace: [1/2] measuring '"'start'"': about 0 min 08 s left" >&2
	echo "swapplace: [2/2] measuring '"'zram-lz4'"': about 0 min 04 s left" >&2
	echo "swapplace: [10/14] measuring '"'zswap-lzo-rle-start'"' (round 1 of 3): about 12 min 30 s left" >&2
	echo "swapplace: measured in 0 min 09 s" >&2
	echo "{\"schema\":\"swapplace-report/1\"}" >"$out/report.json"
	printf "swapplace report\n\nVerdict\n-------\n- fastest swap-in: zram-lz4\n\n" >"$out/report.txt"
	exit 0 ;;
esac
exit 2'
	run_init $'1\n90ab\n4\n'
	[ "$RC" = 0 ] || fail "init exited $RC"
	RUNLOG=$(find "$STICK/reports" -name run.log | head -n 1)
	[ -f "$RUNLOG" ] || fail "no run.log"
}

# the output's rows: split at newlines and carriage returns (each starts over at column 1)
rows() { tr '\r' '\n' <"$T/out"; }

on_the_screen() {
	setup_screen vt
	local wide
	wide=$(rows | awk 'length($0) > 80')
	[ -z "$wide" ] || fail "lines wider than 80 columns on the screen: $wide"
	grep -qE "^  1\) /dev/sda .* serial $LONG_SERIAL\$" "$T/out" || fail "the disk line lost its serial"
	[ "$(grep -E "^  1\) /dev/sda " "$T/out" | awk '{ print length($0) }')" -le 79 ] || fail "the disk line is over 79 columns"
	grep -q '^cpu       Intel(R) Core(TM)2 Duo CPU T7500 @ 2.20GHz' "$T/out" || fail "the CPU name is not squeezed"
	# folded at a blank: the words are all there, in order
	[ "$(tr -s ' \n' '  ' <"$T/out" | grep -cF "$LONG_ERR")" = 1 ] || fail "swapplace's long line lost words"
	grep -qF "$LONG_ERR" "$T/out" && fail "swapplace's long line was not folded"
	[ "$(tr -s ' \n' '  ' <"$T/out" | grep -cF "$LONG_PLAN")" = 1 ] || fail "the plan's long line lost words"
	# the progress lines share one row: [1/2], carriage return, [2/2]
	grep -q $'\r''swapplace: \[1/2\] measuring .*'$'\r''swapplace: \[2/2\] measuring' "$T/out" ||
		fail "the progress lines do not overwrite one row"
	grep -q $'\r''swapplace: \[2/2\] .*left *'$'\r''\[10/14\] .*about 12 min 30 s left *$' "$T/out" ||
		fail "a long progress line does not keep its end (or the row after it does not start anew)"
	grep -q $'\033' "$T/out" && fail "an escape sequence on the screen"
	grep -q $'\r' "$RUNLOG" && fail "run.log holds carriage returns"
	grep -qx "$LONG_ERR" "$RUNLOG" || fail "run.log does not hold swapplace's line as written"
	[ "$(grep -c '^swapplace: \[[0-9]*/[0-9]*\] measuring' "$RUNLOG")" = 3 ] || fail "run.log lacks a progress line"
	return 0
}
for_each_shell on_the_screen

on_a_serial_console() {
	setup_screen serial
	grep -q $'\r' "$T/out" && fail "carriage returns on a serial console"
	grep -qxF "$LONG_ERR" "$T/out" || fail "swapplace's line was changed on a serial console"
	grep -qxF "$LONG_PLAN" "$T/out" || fail "the plan's line was changed on a serial console"
	grep -q '^swapplace: \[1/2\] measuring' "$T/out" && grep -q '^swapplace: \[2/2\] measuring' "$T/out" ||
		fail "the progress lines are not one a line on a serial console"
	return 0
}
for_each_shell on_a_serial_console
exit 0
