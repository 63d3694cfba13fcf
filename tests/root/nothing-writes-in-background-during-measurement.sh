#!/bin/bash
# nothing-writes-in-background-during-measurement - the data filesystem made exactly as `run`
# makes it (disk-tool with-data-fs: lazy mkfs, the job directory, mounted noinit_itable, the
# swap file, syncfs) on a 64 GiB sparse loop device, where a lazily initialised ext4 has 1 GiB
# of inode tables left to zero: the disk's write counter (/sys/block/DEV/stat: writes, discards,
# flushes) stays flat for 8 s, and sp_disk_wait_quiet() finds it quiet at once.
# The control proves the check can fail: the same mkfs mounted without noinit_itable (what a
# plain mount does) has the kernel's ext4lazyinit thread write, and sp_disk_wait_quiet(),
# watching from the mount on, sees those writes.
. "$(dirname "$0")/lib.sh"
need_root
need_cmd mkfs.ext4
need_cmd debugfs
need_helper TOOL disk-tool

make_loop dev 64G
name=$(basename "$dev")
# writes + discards + flushes so far (fields 5, 12, 16; the last two are 0 on old kernels)
writes() { awk '{print $5 + ($12 == "" ? 0 : $12) + ($16 == "" ? 0 : $16)}' "/sys/block/$name/stat"; }
"$TOOL" plan-write "$dev" >/dev/null || fail "plan-write"
part=$("$TOOL" part-path "$dev" 2)
scratch_dir tmp
mnt=$tmp/mnt

# the product's setup: flat for 8 s
cat >"$tmp/watch.sh" <<EOS
#!/bin/bash
w0=\$(awk '{print \$5 + \$12 + \$16}' /sys/block/$name/stat)
"$TOOL" wait-quiet "$dev" 1000 10000 || echo "not quiet"
sleep 8
w1=\$(awk '{print \$5 + \$12 + \$16}' /sys/block/$name/stat)
echo "writes \$((w1 - w0))"
EOS
out=$("$TOOL" with-data-fs "$part" "$mnt" $((256 << 20)) -- bash "$tmp/watch.sh") ||
	fail "with-data-fs failed: $out"
echo "as run sets it up: $out"
echo "$out" | grep -q "not quiet" && fail "sp_disk_wait_quiet found the disk writing"
echo "$out" | grep -q "^quiet 1 .* writes 0 " || fail "wait-quiet saw writes: $out"
[ "$(echo "$out" | awk '/^writes/{print $2}')" = 0 ] || fail "the disk wrote in the background"
findmnt "$mnt" >/dev/null 2>&1 && fail "the data filesystem is still mounted"

# the control: the same lazily made filesystem, mounted as a plain mount does
"$TOOL" mkfs "$part" swapplace-data || fail "mkfs"
mkdir -p "$mnt"
mount -o noatime "$part" "$mnt" || fail "mount"
at_exit "umount '$mnt'"
w0=$(writes)
# watched from the mount on with a 6 s window: ext4lazyinit starts up to 5 s after a mount
q=$("$TOOL" wait-quiet "$dev" 6000 30000) && rc=0 || rc=$?
n=$(($(writes) - w0))
echo "without noinit_itable: $n writes; wait-quiet: $q (exit $rc)"
[ "$n" -gt 0 ] || fail "no ext4lazyinit writes without noinit_itable: the check above proves nothing"
echo "$q" | grep -q " writes 0 " && fail "sp_disk_wait_quiet saw no writes while ext4lazyinit wrote"
umount "$mnt" || fail "umount"
echo ok
