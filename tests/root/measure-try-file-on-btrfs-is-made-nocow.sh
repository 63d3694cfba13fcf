#!/bin/bash
# measure-try-file-on-btrfs-is-made-nocow - on btrfs a swap file must be nocow, and the flag
# takes only on an empty file: `measure --try file:DIR` with DIR on btrfs (a scratch loop
# filesystem, its directory not NOCOW) makes the file nocow before writing it, so swapon takes
# it and the try-file placement measures real swap-ins; the file is removed after.
. "$(dirname "$0")/lib.sh"
need_root
need_memcg
need_cmd python3
need_cmd mkfs.btrfs
grep -qw btrfs /proc/filesystems || modprobe btrfs 2>/dev/null || skip "no btrfs in this kernel"
make_loop dev 512M
mkfs.btrfs -q -f "$dev" >/dev/null || fail "mkfs.btrfs"
scratch_dir out
mnt=$out/mnt
mkdir "$mnt"
mount "$dev" "$mnt" || skip "cannot mount btrfs"
at_exit "umount '$mnt'"
lsattr -d "$mnt" | cut -d' ' -f1 | grep -q C && fail "the scratch directory is NOCOW already"

"$SWAPPLACE" measure --try file:"$mnt" --budget 16M --time-per-placement 3 --scenario none \
	--json >"$out/json" 2>"$out/stderr" || { cat "$out/stderr"; fail "measure failed"; }
cat "$out/stderr"
python3 - "$out/json" <<'PY' || fail "the btrfs swap file was not measured"
import json, sys
r = json.load(open(sys.argv[1]))
f = r["results"][0]
print(f["placement"], f["status"], f["reason"])
assert f["placement"] == "try-file" and f["status"] == "ok", f
print("swap-ins", f["fault_probe"]["real_swapins"])
assert f["fault_probe"]["real_swapins"] > 0
PY
grep -q "writing a temporary swap file of 32 MiB (nocow, as btrfs needs)" "$out/stderr" ||
	fail "the file was not made nocow"
[ -z "$(ls -A "$mnt")" ] || fail "left in the filesystem: $(ls -A "$mnt")"
[ -z "$(our_swaps)" ] || fail "swap areas left: $(our_swaps)"
echo ok
