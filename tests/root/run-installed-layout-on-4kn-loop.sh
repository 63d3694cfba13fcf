#!/bin/bash
# run-installed-layout-on-4kn-loop - `swapplace run` lays a disk out as an installed system is,
# by default, on a 4096-byte-sector loop device and on a 512-byte one (32 GiB, sparse):
# - the GPT on the disk (read back with sfdisk --json) is the plan `swapplace plan` prints:
#   start swap at 1 MiB, the data partition from the start partition's end to the end
#   partition's start, the end partition ending on the last usable LBA;
# - report.json's layout is "installed" and the swap file's extents (FIEMAP, in the report) lie
#   in the first 10 % of the data partition;
# - with the build job, its toolchain directory "usr" is in block group 0 (as an installed
#   system's /usr), the report's scenarios.build.files puts the toolchain in the first 10 % of
#   the data partition, and a file written into "usr" afterwards lies there too (filefrag:
#   FIEMAP); the project directory "build" is wherever ext4's allocator put it (the default
#   --project-at allocator);
# - without the job and with --project-at start, the project directory "build" is in block
#   group 0 and a file written into it lies in the first 10 % too.
# And `plan --layout centred` still puts a small data partition mid-disk.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd sfdisk
need_cmd python3
need_cmd filefrag
need_cmd dumpe2fs
need_helper TOOL disk-tool
scratch_dir tmp

# plan_parts DEV [OPTS]: "N START END" per partition from `swapplace plan` (512-byte sectors)
plan_parts() {
	# the plan's table: "   1  start  2048-2099199  1.0 GiB  swap"
	"$SWAPPLACE" plan --target "$@" --swap-size 256M --budget 64M |
		awk '$1 ~ /^[123]$/ && $3 ~ /^[0-9]+-[0-9]+$/ { split($3, a, "-"); print $1, a[1], a[2] }'
}

# disk_parts DEV: the same from the GPT on the disk
disk_parts() {
	sfdisk --json "$1" | python3 -c '
import json, sys
t = json.load(sys.stdin)["partitiontable"]
k = t.get("sectorsize", 512) // 512
for i, p in enumerate(t["partitions"], 1):
    print(i, p["start"] * k, (p["start"] + p["size"]) * k - 1)'
}

check_disk() { # SECTOR_BYTES DIR_AT_START [RUN OPTIONS]
	local ss=$1 at=$2 img dev size plan got part dstart dend lim
	shift
	img=$(mktemp /var/tmp/swapplace-test.XXXXXX.img)
	at_exit "rm -f '$img'"
	truncate -s 32G "$img"
	dev=$(losetup --find --show --direct-io=on -P --sector-size "$ss" "$img") ||
		skip "cannot attach a loop device with $ss-byte sectors"
	at_exit "losetup -d '$dev'"
	[ "$(blockdev --getss "$dev")" = "$ss" ] || skip "loop device ignored --sector-size $ss"
	size=$(blockdev --getsize64 "$dev")

	plan=$(plan_parts "$dev") || fail "plan failed"
	[ "$(echo "$plan" | wc -l)" = 3 ] || fail "plan has not 3 partitions: $plan"
	"$SWAPPLACE" plan --target "$dev" --swap-size 256M --budget 64M | grep -q "layout installed" ||
		fail "plan does not say the layout is installed"
	# the layout is made before any measurement: no profile, 1 s of probes
	"$SWAPPLACE" run --target "$dev" --confirm "$size" --only file --swap-size 256M \
		--budget 64M --time-per-placement 1 --profile-time 0 "${@:2}" \
		--out "$tmp/r$ss" >"$tmp/out" 2>"$tmp/err" ||
		{ cat "$tmp/err"; fail "run failed on $ss-byte sectors"; }

	got=$(disk_parts "$dev")
	echo "$ss-byte sectors: plan / disk:"
	paste <(echo "$plan") <(echo "$got")
	[ "$got" = "$plan" ] || fail "the partitions on the disk are not the plan's"
	read -r _ _ send < <(echo "$plan" | sed -n 1p)
	read -r _ dstart dend < <(echo "$plan" | sed -n 2p)
	read -r _ estart eend < <(echo "$plan" | sed -n 3p)
	[ "$(echo "$plan" | sed -n 1p | cut -d' ' -f2)" = 2048 ] || fail "start swap not at 1 MiB"
	[ "$dstart" = $((send + 1)) ] || fail "data does not begin where start swap ends"
	[ "$estart" = $((dend + 1)) ] || fail "data does not end where end swap begins"
	if [ "$ss" = 4096 ]; then last=$(((size / 4096 - 5) * 8 - 1)); else last=$((size / 512 - 34)); fi
	[ "$eend" = "$last" ] || fail "end swap ends at $eend, last usable is $last"
	lim=$((dstart + (dend - dstart + 1) / 10)) # the first 10 % of the data partition

	python3 - "$tmp/r$ss/report.json" "$dstart" "$lim" "$at" <<'PY' || fail "report.json: layout, swap file or toolchain extents"
import json, sys
r = json.load(open(sys.argv[1]))
lo, lim = int(sys.argv[2]), int(sys.argv[3])
assert r["layout"] == "installed", r["layout"]
f = [x for x in r["results"] if x["placement"] == "file"][0]
ext = f["extents"]
assert ext, f
for e in ext:
    assert lo <= e["start_sector"] and e["start_sector"] + e["sectors"] <= lim, (e, lo, lim)
print("swap file: %d extents, sectors %d..%d of data %d.. (first 10 %% ends at %d)" % (
    len(ext), ext[0]["start_sector"], ext[-1]["start_sector"] + ext[-1]["sectors"], lo, lim))
files = {t["what"]: t["extents"] for t in (f.get("scenarios") or {}).get("build", {}).get("files") or []}
if sys.argv[4] == "usr":
    assert files.get("toolchain") and files.get("project"), files
    for e in files["toolchain"]:
        assert lo <= e["start_sector"] and e["start_sector"] + e["sectors"] <= lim, (e, lo, lim)
    print("toolchain: %d extents from sector %d; project from sector %d" % (
        len(files["toolchain"]), files["toolchain"][0]["start_sector"],
        files["project"][0]["start_sector"]))
PY

	# the directory made at the start (the toolchain's, or the project's with --project-at
	# start): in block group 0, and files written into it land there
	part=$("$TOOL" part-path "$dev" 2)
	ipg=$(dumpe2fs -h "$part" 2>/dev/null | awk -F: '/^Inodes per group/{print $2 + 0}')
	mkdir -p "$tmp/m$ss"
	mount -o noatime,noinit_itable "$part" "$tmp/m$ss" || fail "mount the data partition"
	at_exit "umount '$tmp/m$ss'"
	[ -d "$tmp/m$ss/build" ] || fail "no job directory 'build' on the data filesystem"
	[ -d "$tmp/m$ss/$at" ] || fail "no directory '$at' on the data filesystem"
	ino=$(stat -c %i "$tmp/m$ss/$at")
	[ "$ino" -le "$ipg" ] || fail "directory '$at' is inode $ino, beyond group 0 ($ipg inodes)"
	dd if=/dev/urandom of="$tmp/m$ss/$at/f" bs=1M count=32 conv=fsync status=none ||
		fail "writing into '$at'"
	mkdir -p "$tmp/m$ss/$at/src/sub" && echo x >"$tmp/m$ss/$at/src/sub/g" && sync
	for f in "$at/f" "$at/src/sub/g"; do
		# filefrag -e: "N: logical..: physical_start.. physical_end: ..." in fs blocks
		bs=$(stat -f -c %S "$tmp/m$ss")
		filefrag -e -b"$bs" "$tmp/m$ss/$f" | awk -F'[:.]+' -v bs="$bs" -v lo="$dstart" \
			-v lim="$lim" -v f="$f" '
			/^ *[0-9]+:/ { s = lo + $4 * bs / 512; e = lo + ($5 + 1) * bs / 512; n++
				if (s < lo || e > lim) bad = 1
				if (!first) first = s }
			END { printf "%s: %d extents from sector %d\n", f, n, first
				exit (bad || !n) }' || fail "$f lies beyond the first 10 % of the data partition"
	done
	umount "$tmp/m$ss" || fail "umount"
}

# on 4096-byte sectors with the build job, whose toolchain goes into "usr" before the file this
# test writes there; on 512-byte ones without the job, the project's directory at the start
check_disk 4096 usr
check_disk 512 build --scenario none --project-at start

# centred: the data partition is the file + 256 MiB, mid-disk
make_loop cdev 32G
plan=$(plan_parts "$cdev" --layout centred) || fail "plan --layout centred failed"
read -r _ dstart dend < <(echo "$plan" | sed -n 2p)
[ $(((dend - dstart + 1) * 512)) = $((512 << 20)) ] || fail "centred data is not 512 MiB: $plan"
mid=$((($(blockdev --getsz "$cdev")) / 2))
[ $((dstart + (dend - dstart) / 2 - mid)) -lt 4096 ] && [ $((mid - dstart - (dend - dstart) / 2)) -lt 4096 ] ||
	fail "centred data partition is not mid-disk: $plan"
echo ok
