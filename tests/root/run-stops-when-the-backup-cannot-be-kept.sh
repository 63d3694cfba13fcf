#!/bin/bash
# A run whose backup cannot be written completely stops before the first write: on a full
# --out (a tmpfs too small for the first and last MiB, where the report's write test still
# passes), and where the --out already holds a backup of that disk (an earlier run's, which is
# never replaced). Each time the run exits 1 naming the backup, the target's bytes are
# unchanged, and no half-written backup is left.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd sfdisk
need_memcg
scratch_dir work
make_loop dev 384M
size=$(blockdev --getsize64 "$dev")
name=$(basename "$dev")
printf 'label: gpt\n,64M,L\n,,L\n' | sfdisk -q "$dev" >/dev/null || fail "sfdisk $dev"
yes "swapplace owner data" | head -c 1M | dd of="$dev" bs=512 seek=40 count=2000 oflag=direct \
	conv=notrunc status=none
before=$(device_sum "$dev")
args=(--target "$dev" --confirm "$size" --swap-size 40M --budget 16M --time-per-placement 2
	--only none --scenario none --profile-time 0)

# stopped OUT WANT: run into OUT must exit 1 saying WANT and leave the disk unchanged
stopped() {
	local rc out
	out=$("$SWAPPLACE" run "${args[@]}" --out "$1" 2>&1) && rc=0 || rc=$?
	echo "$out"
	[ "$rc" = 1 ] || fail "expected exit 1, got $rc"
	echo "$out" | grep -q -- "$2" || fail "the run does not say '$2'"
	echo "$out" | grep -q "partitioning" && fail "the run went on to partition"
	[ "$(device_sum "$dev")" = "$before" ] || fail "the stopped run changed '$dev'"
}

echo "== a full --out"
mkdir "$work/full"
mount -t tmpfs -o size=512k swapplace-test-full "$work/full" || fail "cannot mount a tmpfs"
at_exit "umount '$work/full'"
stopped "$work/full" "cannot back up '$dev' before writing it"
ls -A "$work/full"
# the run's journal stays, finished ("end"): it says what the run did, which was nothing to
# the disk; anything else (a temporary backup) must be gone
[ "$(tail -n 1 "$work/full/journal")" = end ] || fail "the run's journal is not finished"
grep -q parttable "$work/full/journal" && fail "the journal records a partition table written"
[ "$(ls -A "$work/full")" = journal ] || fail "the failed backup left files in '$work/full'"

echo "== a backup of this disk already there"
mkdir -p "$work/again/backup-$name"
echo "the earlier run's" >"$work/again/backup-$name/identity"
stopped "$work/again" "holds a backup already"
[ "$(cat "$work/again/backup-$name/identity")" = "the earlier run's" ] ||
	fail "the earlier backup was replaced"
echo ok
