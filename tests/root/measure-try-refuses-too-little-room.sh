#!/bin/bash
# measure-try-refuses-too-little-room - `measure --try file:DIR` where DIR's filesystem (a
# scratch ext4 of 128 MiB) cannot hold the swap file (twice the 32 MiB budget) plus the margin
# it leaves free (64 MiB at least) is refused before anything is made: exit 3, a message that
# says how much is free and how much is needed; nothing in the filesystem, no swap area, and
# the free space is what it was. With a smaller budget the file fits, and the same check lets
# it through (a short measure with the probes only, the file removed after).
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd mkfs.ext4
make_loop dev 128M
mkfs.ext4 -q -F -m 0 "$dev" || fail "mkfs.ext4"
scratch_dir out
mnt=$out/mnt
mkdir "$mnt"
mount "$dev" "$mnt" || fail "mount"
at_exit "umount '$mnt'"
# swap areas this test could have caused: in its directory (other tests on this machine may
# swap on their own devices meanwhile)
free_before=$(df -B1 --output=avail "$mnt" | tail -1)

"$SWAPPLACE" measure --try file:"$mnt" --budget 32M --time-per-placement 3 \
	--service-time 3 >"$out/stdout" 2>"$out/stderr" && rc=0 || rc=$?
cat "$out/stderr"
[ "$rc" = 3 ] || fail "expected exit 3 (refused), got $rc"
grep -q "refusing to try a swap file in '$mnt': its ext2/3/4 filesystem has .* free, and the swap file of 64 MiB needs 128 MiB" "$out/stderr" ||
	fail "the message does not say what is free and what is needed"
[ -z "$(find "$mnt" -mindepth 1 -maxdepth 1 ! -name lost+found)" ] || fail "something was made in the filesystem"
[ "$(df -B1 --output=avail "$mnt" | tail -1)" = "$free_before" ] || fail "the free space changed"
[ -z "$(our_swaps)" ] || fail "swap areas left: $(our_swaps)"

# the rule is the room, not the filesystem: 8 MiB of budget is a 16 MiB file, which fits
# and is removed after its turn
"$SWAPPLACE" measure --try file:"$mnt" --budget 8M --time-per-placement 3 --scenario none \
	>"$out/stdout2" 2>"$out/stderr2" &
pid=$!
for _ in $(seq 1 100); do grep -q "writing a temporary swap file" "$out/stderr2" && break; sleep 0.1; done
grep -q "writing a temporary swap file of 16 MiB" "$out/stderr2" || { kill $pid; cat "$out/stderr2"; fail "a file that fits was not made"; }
wait $pid || fail "measure with a file that fits failed: $(cat "$out/stderr2")"
[ -z "$(find "$mnt" -mindepth 1 -maxdepth 1 ! -name lost+found)" ] || fail "the swap file was left"
[ -z "$(our_swaps)" ] || fail "swap areas left: $(our_swaps)"
echo ok
