#!/bin/bash
# swapfile-has-no-holes - on the data partition (ext4 made by sp_mkfs_ext4, mounted by
# sp_mount) sp_swapfile_create() makes a fully written file of mode 0600: filefrag shows no
# unwritten extents, the FIEMAP extents sp_swapfile_extents() reports (whole-disk sectors)
# match filefrag's, cover exactly the file, lie inside the data partition and near its start
# (the installed layout: the file begins in the partition's first 10 % and ends before its
# middle); swapon takes it (swapon --show lists it as a file) and the undo list turns it
# off and unmounts.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd filefrag
need_cmd mkfs.ext4
TOOL=$TOP/build/tests/disk-tool
[ -x "$TOOL" ] || fail "build/tests/disk-tool is missing (make tests)"

make_loop DEV 4G
scratch_dir S
plan=$("$TOOL" plan-write "$DEV" 256 512 128) || fail "plan-write failed"
P2=$("$TOOL" part-path "$DEV" 2)
read -r _ _ _ P2START P2SECTORS < <(echo "$plan" | grep '^part 2 ')
"$TOOL" mkfs "$P2" swapplace-data || fail "mkfs failed"
[ "$(blkid -p -o value -s TYPE "$P2")" = ext4 ] || fail "no ext4 on $P2"

MNT=$S/mnt
F=$MNT/swapfile
SIZE=$((512 * 1024 * 1024))
at_exit "swapoff '$F'"
at_exit "umount '$MNT'"
cat >"$S/inner.sh" <<INNER
set -u
fail() { echo "FAIL: \$*"; exit 1; }
grep -q " $MNT ext4 " /proc/mounts || fail "not mounted"
"$TOOL" swapfile "$F" $SIZE $P2START >"$S/extents" || fail "swapfile create"
[ "\$(stat -c %a "$F")" = 600 ] || fail "mode \$(stat -c %a "$F")"
[ "\$(stat -c %s "$F")" = $SIZE ] || fail "size"
[ "\$(stat -c %b "$F")" -ge $((SIZE / 512)) ] || fail "fewer blocks than the size: holes"
filefrag -v "$F" >"$S/filefrag" || fail "filefrag"
grep -q unwritten "$S/filefrag" && fail "unwritten extents"
# filefrag's extents in whole-disk 512-byte sectors, adjacent ones merged
awk -v base=$P2START '/^ *[0-9]+:/ {
	gsub(/[.:]+/, " "); s = \$4 * 8 + base; n = (\$5 - \$4 + 1) * 8
	if (have && s == ps + pn) { pn += n } else { if (have) print "extent", ps, pn; ps = s; pn = n; have = 1 }
} END { if (have) print "extent", ps, pn }' "$S/filefrag" >"$S/filefrag.ext"
diff "$S/extents" "$S/filefrag.ext" || fail "FIEMAP extents differ from filefrag"
total=\$(awk '{t += \$3} END {print t}' "$S/extents")
[ "\$total" = $((SIZE / 512)) ] || fail "extents cover \$total sectors"
awk -v lo=$P2START -v hi=$((P2START + P2SECTORS)) '\$2 < lo || \$2 + \$3 > hi {exit 1}' \
	"$S/extents" || fail "an extent lies outside the data partition"
awk -v lo=$P2START -v n=$P2SECTORS 'NR==1 || \$2 < f {f=\$2} \$2+\$3 > l {l=\$2+\$3}
	END {exit !(f < lo + n / 10 && l < lo + n / 2)}' \
	"$S/extents" || fail "the file does not lie near the start of the data partition"
"$TOOL" with-swap "$F" 3 -- sh -c 'swapon --show=NAME,TYPE --noheadings | grep -q "^$F *file"' ||
	fail "swapon --show does not list the file"
grep -q "^$F " /proc/swaps && fail "still on after with-swap"
exit 0
INNER
"$TOOL" with-mount "$P2" "$MNT" ext4 -- bash "$S/inner.sh" || fail "checks on the mounted fs failed"
cat "$S/extents"
grep -q " $MNT " /proc/mounts && fail "still mounted after with-mount"
[ -e "$MNT" ] && fail "mount point not removed"
# the file is on the disk, not elsewhere: mount again read-only and look
mkdir "$S/ro" && mount -o ro "$P2" "$S/ro" || fail "remount"
at_exit "umount '$S/ro'"
[ "$(blkid -p -o value -s TYPE "$S/ro/swapfile")" = swap ] || fail "no swap header in the file"
umount "$S/ro"
echo ok
