#!/bin/bash
# `run` backs up every disk it writes before the first write, and `swapplace restore` with the
# command line the report gives puts the disk back: the first and last MiB byte for byte
# (sha256) and the partition table (`sfdisk -d`) as they were before the run. Three disks:
# a GPT with three partitions, an MBR (dos) one, and one without a table; each with
# recognisable bytes in its first and last MiB outside the table itself; and a GPT disk with
# 4096-byte logical sectors (every read and write of the backup is whole sectors of it).
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd sfdisk
need_cmd python3
need_memcg
scratch_dir work

# first_last DEV: sha256 of the first MiB and of the last MiB, past the page cache
first_last() {
	local mib=$(($(blockdev --getsize64 "$1") >> 20))
	dd if="$1" bs=1M count=1 iflag=direct status=none | sha256sum | cut -d' ' -f1
	dd if="$1" bs=1M skip=$((mib - 1)) count=1 iflag=direct status=none | sha256sum | cut -d' ' -f1
}

# pattern DEV OFFSET LEN WORD: LEN bytes of WORD repeated at byte OFFSET (both multiples of
# 4 KiB: a 4Kn disk takes no less); the first at 64 KiB, after any table's first copy (a 4Kn
# GPT's entries end at 24 KiB), the last ending 24 KiB before the disk's end (its backup)
pattern() {
	yes "$4" | head -c "$3" | dd of="$1" bs=4096 seek=$(($2 / 4096)) oflag=direct conv=notrunc status=none ||
		fail "cannot write the pattern on '$1'"
}
FIRST_OFF=65536 FIRST_LEN=901120 LAST_LEN=1024000

# one KIND SFDISK_SCRIPT [SECTOR_SIZE]: a 1 GiB disk with that table (none: no sfdisk), run,
# restore, compare
one() {
	local kind=$1 script=$2 ss=${3:-512} dev size before_sums before_table after_sums after_table
	local out=$work/$kind restore rc img
	if [ "$ss" = 512 ]; then
		make_loop dev 1G
	else
		img=$(mktemp /var/tmp/swapplace-test.XXXXXX.img)
		at_exit "rm -f '$img'"
		truncate -s 1G "$img"
		dev=$(losetup --find --show --direct-io=on -P --sector-size "$ss" "$img") ||
			skip "cannot attach a loop device with $ss-byte sectors"
		at_exit "losetup -d '$dev'"
	fi
	size=$(blockdev --getsize64 "$dev")
	[ "$(blockdev --getss "$dev")" = "$ss" ] || fail "'$dev' does not have $ss-byte sectors"
	[ "$kind" = none ] || printf '%s' "$script" | sfdisk -q "$dev" >/dev/null || fail "sfdisk $dev"
	pattern "$dev" $FIRST_OFF $FIRST_LEN "swapplace $kind first MiB"
	pattern "$dev" $((size - 1048576)) $LAST_LEN "swapplace $kind last MiB"
	blockdev --flushbufs "$dev"
	before_sums=$(first_last "$dev")
	before_table=$(sfdisk -d "$dev" 2>&1)
	echo "== $kind: $(echo "$before_table" | head -1)"

	"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget 16M \
		--time-per-placement 2 --only none --scenario none --profile-time 0 \
		--out "$out" >"$work/stdout" 2>"$work/stderr" || { cat "$work/stderr"; fail "run failed"; }
	grep -q "backed up '$dev'" "$work/stderr" || fail "run did not say it backed up '$dev'"
	# the run wrote the disk: otherwise the comparison below would prove nothing
	[ "$(sfdisk -d "$dev" 2>&1)" != "$before_table" ] || fail "the run left the table as it was"
	[ "$(first_last "$dev")" != "$before_sums" ] || fail "the run left the first and last MiB as they were"

	# the backup directory and what the report says of it
	for f in identity table.sfdisk first.bin last.bin; do
		[ -s "$out/backup-$(basename "$dev")/$f" ] || fail "backup file $f missing"
	done
	[ "$(stat -c %s "$out/backup-$(basename "$dev")/first.bin")" = 1048576 ] || fail "first.bin is not 1 MiB"
	ls -a "$out" | grep -q '\.tmp-' && fail "a temporary backup directory was left"
	python3 - "$out/report.json" "$dev" "$kind" >"$work/restore-cmd" <<'PY' || fail "the report does not name the backup"
import json, os, sys
r = json.load(open(sys.argv[1]))
b = r["backups"]
assert len(b) == 1, b
b = b[0]
assert b["device"] == sys.argv[2], b
assert b["dir"] == "backup-" + os.path.basename(sys.argv[2]), b
assert b["table"] == sys.argv[3].split("-")[0], b
assert b["restore"].startswith("swapplace restore "), b
print(b["restore"])
PY
	restore=$(cat "$work/restore-cmd")
	grep -q "^Restore with: *swapplace restore" "$out/report.txt" ||
		fail "report.txt does not say how to restore"
	echo "restore: $restore"

	# the exact command line the report gives, with this build's swapplace, in the report's
	# directory moved elsewhere (as the appliance and a stick moved to another machine do)
	mv "$out" "$out-moved"
	(cd "$out-moved" && eval "\"\$SWAPPLACE\" ${restore#swapplace }") >"$work/rstdout" 2>"$work/rstderr" &&
		rc=0 || rc=$?
	cat "$work/rstdout" "$work/rstderr"
	[ "$rc" = 0 ] || fail "restore exited $rc"
	grep -q "^verified:" "$work/rstdout" || fail "restore did not say it verified"
	blockdev --flushbufs "$dev"
	after_sums=$(first_last "$dev")
	after_table=$(sfdisk -d "$dev" 2>&1)
	[ "$after_sums" = "$before_sums" ] || fail "$kind: the first or last MiB differs after restore"
	[ "$after_table" = "$before_table" ] ||
		fail "$kind: the table differs after restore: $(diff <(echo "$before_table") <(echo "$after_table"))"
}

one gpt $'label: gpt\n,64M,L\n,128M,S\n,,L\n'
one dos $'label: dos\n,64M,83\n,128M,82\n,,83\n'
one none ''
one gpt-4kn $'label: gpt\n,64M,L\n,128M,S\n,,L\n' 4096

# an --also device is written too (one swap partition): backed up with the target, and put
# back by its own line of the report; an --also device no kept placement writes is not
# backed up (it is not written). Measuring dev-<b> swaps on it: not beside another swap area.
if [ "$(wc -l </proc/swaps)" -gt 1 ]; then
	echo "another swap area is active: the --also case is left out"
	echo ok
	exit 0
fi
echo "== --also"
make_loop t 1G
make_loop b 256M
make_loop c 256M
printf 'label: gpt\n,32M,L\n,,L\n' | sfdisk -q "$b" >/dev/null || fail "sfdisk $b"
pattern "$b" $FIRST_OFF $FIRST_LEN "swapplace also first MiB"
blockdev --flushbufs "$b"
b_sums=$(first_last "$b")
b_table=$(sfdisk -d "$b" 2>&1)
"$SWAPPLACE" run --target "$t" --confirm "$(blockdev --getsize64 "$t")" \
	--also "$b" --also-confirm "$(blockdev --getsize64 "$b")" \
	--also "$c" --also-confirm "$(blockdev --getsize64 "$c")" --only "dev-$(basename "$b")" \
	--swap-size 128M --budget 16M --time-per-placement 2 --scenario none --profile-time 0 \
	--out "$work/also" >"$work/stdout" 2>"$work/stderr" || { cat "$work/stderr"; fail "run failed"; }
[ "$(sfdisk -d "$b" 2>&1)" != "$b_table" ] || fail "the run left the --also table as it was"
python3 - "$work/also/report.json" "$t" "$b" >"$work/restore-cmd" <<'PY' || fail "the report does not name both backups"
import json, sys
b = json.load(open(sys.argv[1]))["backups"]
assert [x["device"] for x in b] == sys.argv[2:], b
assert b[1]["table"] == "gpt", b
print(b[1]["restore"])
PY
[ ! -e "$work/also/backup-$(basename "$c")" ] || fail "'$c' was backed up although nothing wrote it"
restore=$(cat "$work/restore-cmd")
echo "restore: $restore"
(cd "$work/also" && eval "\"\$SWAPPLACE\" ${restore#swapplace }") || fail "restore of '$b' failed"
blockdev --flushbufs "$b"
[ "$(first_last "$b")" = "$b_sums" ] || fail "--also: the first or last MiB differs after restore"
[ "$(sfdisk -d "$b" 2>&1)" = "$b_table" ] || fail "--also: the table differs after restore"
echo ok
