#!/bin/bash
# `swapplace restore` writes nothing and exits 3 when the disk is not the backup's (another
# size), the confirmation is wrong or missing its match, the target is a partition or holds a
# mounted filesystem, or the backup has a file missing or short; each time the disk's bytes
# are unchanged. The right disk with the right confirmation is restored (so every refusal
# above is a refusal, not a restore that cannot work).
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd sfdisk
need_memcg
scratch_dir work

# sums DEV: sha256 of the first and of the last MiB (a mount writes in between)
sums() {
	local mib=$(($(blockdev --getsize64 "$1") >> 20))
	dd if="$1" bs=1M count=1 iflag=direct status=none | sha256sum | cut -d' ' -f1
	dd if="$1" bs=1M skip=$((mib - 1)) count=1 iflag=direct status=none | sha256sum | cut -d' ' -f1
}

# refused WANT DEV all|sums -- ARGS...: restore ARGS must exit 3, say WANT, and leave DEV as it
# was: its whole checksum (all) as taken once below, or its first and last MiB (sums)
refused() {
	local want=$1 dev=$2 how=$3 before after out rc
	shift 4
	if [ "$how" = sums ]; then before=$(sums "$dev"); else before=${whole[$dev]}; fi
	out=$("$SWAPPLACE" restore "$@" 2>&1) && rc=0 || rc=$?
	if [ "$how" = sums ]; then after=$(sums "$dev"); else after=$(device_sum "$dev"); fi
	echo "$out"
	[ "$rc" = 3 ] || fail "expected exit 3 (refused), got $rc: restore $*"
	echo "$out" | grep -q -- "$want" || fail "the refusal does not say '$want'"
	[ "$before" = "$after" ] || fail "the refused restore changed '$dev'"
}

make_loop a 384M
make_loop b 385M
size=$(blockdev --getsize64 "$a")
b_size=$(blockdev --getsize64 "$b")
printf 'label: gpt\n,64M,L\n,,L\n' | sfdisk -q "$a" >/dev/null || fail "sfdisk $a"
printf 'label: gpt\n,64M,L\n,,L\n' | sfdisk -q "$b" >/dev/null || fail "sfdisk $b"
"$SWAPPLACE" run --target "$a" --confirm "$size" --swap-size 40M --budget 16M \
	--time-per-placement 2 --only none --scenario none --profile-time 0 \
	--out "$work/r" >"$work/stdout" 2>"$work/stderr" || { cat "$work/stderr"; fail "run failed"; }
bk=$work/r/backup-$(basename "$a")
[ -s "$bk/identity" ] || fail "no backup in '$bk'"
declare -A whole=(["$a"]=$(device_sum "$a") ["$b"]=$(device_sum "$b"))

echo "== another disk (1 MiB larger)"
refused "its size is $b_size bytes, the backup's disk had $size" "$b" all -- "$bk" --target "$b" --confirm "$b_size"
echo "== wrong and empty confirmation"
refused "expected its size in bytes" "$a" all -- "$bk" --target "$a" --confirm "$((size + 512))"
refused "needs --confirm" "$a" all -- "$bk" --target "$a" --confirm ""
echo "== a partition"
refused "is a partition" "$a" all -- "$bk" --target "${a}p1" --confirm "$size"
echo "== a file missing, a file short, a bad identity"
cp -a "$bk" "$work/missing" && rm "$work/missing/last.bin"
refused "last.bin" "$a" all -- "$work/missing" --target "$a" --confirm "$size"
cp -a "$bk" "$work/short" && truncate -s 512K "$work/short/first.bin"
refused "first.bin' has 524288 bytes" "$a" all -- "$work/short" --target "$a" --confirm "$size"
cp -a "$bk" "$work/noident" && sed -i '/^size_bytes=/d' "$work/noident/identity"
refused "no 'size_bytes'" "$a" all -- "$work/noident" --target "$a" --confirm "$size"
refused "$work/nothing" "$a" all -- "$work/nothing" --target "$a" --confirm "$size"
echo "== mounted: the run's data filesystem"
mkdir "$work/mnt"
mount "${a}p2" "$work/mnt" || fail "cannot mount ${a}p2"
at_exit "umount '$work/mnt'"
refused "holds the mounted filesystem" "$a" sums -- "$bk" --target "$a" --confirm "$size"
umount "$work/mnt" || fail "umount"

echo "== the right disk"
"$SWAPPLACE" restore "$bk" --target "$a" --confirm "$size" || fail "restore of the right disk failed"
echo ok
