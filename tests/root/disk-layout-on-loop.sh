#!/bin/bash
# disk-layout-on-loop - the GPT sp_disk_write_layout() writes on a 4 GiB loop device has the
# three planned partitions at exactly the planned sectors, read back independently (sfdisk
# --json where installed, else partx): types Linux swap / Linux filesystem / Linux swap, the
# swapplace names, the last one ending on the last usable LBA (disk minus 34 sectors); and the
# kernel has the loopNp1..3 nodes at those sectors. The same on a 4096-byte-sector loop device
# (last usable LBA 6 before the end), and through an O_EXCL fd held across the write.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd partx
TOOL=$TOP/build/tests/disk-tool
[ -x "$TOOL" ] || fail "build/tests/disk-tool is missing (make tests)"
SWAP_GUID=0657fd6d-a4ab-43c4-84e5-0933c84b4f4f
FS_GUID=0fc63daf-8483-4772-8e79-3d69d8477de4

# read_table DEV: "NR START SECTORS TYPE NAME" lines from an independent reader, in 512-byte
# units as the plan counts (sfdisk counts logical sectors: 4096 bytes on a 4Kn disk)
read_table() {
	if command -v sfdisk >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
		sfdisk --json "$1" | python3 -c '
import json, sys
t = json.load(sys.stdin)["partitiontable"]
k = t.get("sectorsize", 512) // 512
for i, p in enumerate(t["partitions"], 1):
    print(i, p["start"] * k, p["size"] * k, p["type"].lower(), p.get("name", ""))'
	else
		partx --show --noheadings --bytes -o NR,START,SECTORS,TYPE,NAME "$1" |
			awk '{print $1, $2, $3, tolower($4), $5}'
	fi
}

check_disk() { # DEV LAST_USABLE_512 PLAN_OUTPUT
	local dev=$1 last=$2 plan=$3 n role start sectors got i p
	[ "$(echo "$plan" | grep -c '^part ')" = 3 ] || fail "plan has not 3 partitions: $plan"
	got=$(read_table "$dev")
	[ "$(echo "$got" | wc -l)" = 3 ] || fail "$dev: table has not 3 partitions: $got"
	[ "$(blkid -p -o value -s PTTYPE "$dev")" = gpt ] || fail "$dev: no GPT"
	for i in 1 2 3; do
		read -r _ n role start sectors < <(echo "$plan" | grep "^part $i ")
		read -r p gstart gsectors gtype gname < <(echo "$got" | sed -n "${i}p")
		[ "$p" = "$i" ] || fail "partition $i missing: $got"
		[ "$gstart" = "$start" ] || fail "p$i starts at $gstart, planned $start"
		[ "$gsectors" = "$sectors" ] || fail "p$i has $gsectors sectors, planned $sectors"
		[ $((start % 2048)) = 0 ] || fail "p$i start $start not 1 MiB aligned"
		[ "$gname" = "swapplace-$role" ] || fail "p$i name '$gname', expected swapplace-$role"
		if [ "$role" = data ]; then want=$FS_GUID; else want=$SWAP_GUID; fi
		[ "$gtype" = "$want" ] || fail "p$i type $gtype, expected $want"
		# the kernel's view: node and sysfs geometry
		pdev=$("$TOOL" part-path "$dev" "$i")
		[ -b "$pdev" ] || fail "$pdev does not exist"
		[ "$(cat /sys/class/block/"$(basename "$pdev")"/start)" = "$start" ] ||
			fail "$pdev: kernel start differs from the plan"
		[ "$(cat /sys/class/block/"$(basename "$pdev")"/size)" = "$sectors" ] ||
			fail "$pdev: kernel size differs from the plan"
	done
	read -r _ n role start sectors < <(echo "$plan" | grep "^part 3 ")
	[ $((start + sectors - 1)) = "$last" ] ||
		fail "end partition ends at $((start + sectors - 1)), last usable is $last"
	# ordered, no overlap
	local e1 s2 e2 s3
	e1=$(echo "$plan" | awk '$2==1{print $4+$5}')
	s2=$(echo "$plan" | awk '$2==2{print $4}'); e2=$(echo "$plan" | awk '$2==2{print $4+$5}')
	s3=$(echo "$plan" | awk '$2==3{print $4}')
	[ "$e1" -le "$s2" ] && [ "$e2" -le "$s3" ] || fail "partitions overlap: $plan"
}

make_loop DEV 4G
plan=$("$TOOL" plan-write "$DEV") || fail "plan-write failed"
echo "$plan"
sz=$(blockdev --getsz "$DEV")
check_disk "$DEV" $((sz - 34)) "$plan"

# again through an exclusively held fd, on the already partitioned disk
plan2=$("$TOOL" plan-write-excl "$DEV") || fail "plan-write-excl failed"
[ "$plan2" = "$plan" ] || fail "second plan differs"
check_disk "$DEV" $((sz - 34)) "$plan2"

# 4096-byte logical sectors: the backup GPT takes 5 LBAs, the last usable LBA is N - 6
img=$(mktemp /var/tmp/swapplace-test.XXXXXX.img)
at_exit "rm -f '$img'"
truncate -s 4G "$img"
DEV4=$(losetup --find --show --direct-io=on -P --sector-size 4096 "$img") ||
	skip "cannot attach a 4096-byte-sector loop device"
at_exit "losetup -d '$DEV4'"
[ "$(blockdev --getss "$DEV4")" = 4096 ] || skip "loop device ignored --sector-size"
plan4=$("$TOOL" plan-write "$DEV4") || fail "plan-write on 4096-byte sectors failed"
echo "$plan4"
n4=$(($(blockdev --getsz "$DEV4") / 8))
check_disk "$DEV4" $(((n4 - 5) * 8 - 1)) "$plan4"
echo ok
