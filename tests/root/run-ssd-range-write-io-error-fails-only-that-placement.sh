#!/bin/bash
# tests/root/run-ssd-range-write-io-error-fails-only-that-placement.sh - an I/O error while
# `run` writes a non-rotational disk's swap partition before probing it (issue 18, item 4) fails
# that placement and nothing else (docs/safety.md, "Faults"): the run goes on, the other
# partition is written and measured, the report is written, exit 0, and the machine is as found.
#
# The target is a loop device (direct I/O, told it is not rotational) over a file served by
# build/tests/faulty-file, a one-file FUSE filesystem (libfuse3) that fails every write into one
# MiB with EIO: the loop driver fails the request ("I/O error, dev loopN, sector S op 0x1:(WRITE)"), as a
# failing SSD does (this kernel has no device-mapper, NBD, null_blk or fault injection). That MiB
# lies 32 MiB before the disk's end, inside the end partition and 1 MiB-aligned, so the range
# write fails part-way, at exactly the byte of the partition where that MiB begins; the test
# checks both against the table the run wrote, so it cannot pass by failing something else.
# Asserted: stderr names the partition, the byte and the I/O error and says 'end' will not be
# measured; report.json has end failed with an error saying "I/O error" and naming the
# partition and the kernel's own "I/O error, dev loopN" line in its kernel_log (logged during the
# write, before end's turn), start ok with its range written; report.txt says ERROR; the journal ends "end";
# swap, zram, cgroups, mounts, sysctls and zswap as before; every sector outside the partitions
# and the GPT still holds the mark written there before.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-journal.sh"
need_sweep
need_cmd sfdisk
need_helper faulty "faulty-file"
[ -c /dev/fuse ] && grep -qw fuse /proc/filesystems || skip "no FUSE in this kernel"
t0=$SECONDS
scratch_dir out
scratch_dir fdir /var/tmp/swapplace-test.XXXXXX
size=$((512 << 20))
from=$((size - (32 << 20)))
to=$((from + (1 << 20)))
truncate -s "$size" "$fdir/back"
touch "$fdir/disk"
"$faulty" "$fdir/back" "$fdir/disk" "$from" "$to" >"$out/faulty.out" 2>"$out/faulty.err" &
fpid=$!
# unmounted, it exits by itself; should the unmount fail, killing it aborts the connection (the
# loop device's I/O fails) and the lazy unmount then goes: the wait can never hang
at_exit "wait $fpid"
at_exit "umount -l '$fdir/disk'"
at_exit "kill $fpid"
at_exit "umount '$fdir/disk'"
for _ in $(seq 50); do
	grep -qE " $fdir/disk fuse(\.[^ ]*)? " /proc/mounts && break
	sleep 0.1
done
grep -qE " $fdir/disk fuse(\.[^ ]*)? " /proc/mounts || { cat "$out/faulty.err"; fail "faulty-file did not mount"; }
dev=$(losetup --find --show --direct-io=on -P "$fdir/disk") || skip "cannot attach a loop device to a FUSE file"
at_exit "losetup -d '$dev'"
set_rotational "$dev" 0
mark_ends "$dev"
before=$(machine_state)

rc=0
"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 64M --budget 16M \
	--time-per-placement 1 --scenario none --zswap none --profile-time 0 --only start,end \
	--seed 7 --out "$out/r" >"$out/stdout" 2>"$out/stderr" || rc=$?
cat "$out/stderr"
[ "$rc" = 0 ] || fail "run exited $rc, want 0: a placement that fails does not end the run"
grep failed "$out/faulty.err" | head -3

# the failing MiB lies inside end, and the write failed at its first byte in the partition
sfdisk -J "$dev" >"$out/table.json" || fail "sfdisk -J $dev"
read -r end_lo end_hi start_lo start_hi < <(python3 - "$out/table.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["partitiontable"]
p = {x["name"]: x for x in t["partitions"]}
ss = t.get("sectorsize", 512)
e, s = p["swapplace-end"], p["swapplace-start"]
print(e["start"] * ss, (e["start"] + e["size"]) * ss, s["start"] * ss, (s["start"] + s["size"]) * ss)
PY
)
[ "$from" -ge "$end_lo" ] && [ "$to" -le "$end_hi" ] ||
	fail "the failing bytes [$from, $to) are not inside end [$end_lo, $end_hi)"
[ "$from" -gt "$end_lo" ] || fail "the failing MiB is end's first: the write would not fail part-way"
part_end=${dev}p3
at=$((from - end_lo))
want="'end' will not be measured: writing '$part_end' at byte $at of $((end_hi - end_lo)) failed (I/O error"
grep -qF "swapplace: warning: $want" "$out/stderr" || fail "stderr does not say: $want"
grep -qF "wrote '${dev}p1'" "$out/stderr" || fail "the start partition was not written"
grep -qF "wrote '$part_end'" "$out/stderr" && fail "run says it wrote '$part_end' whole"
grep -q "failed write at byte $from " "$out/faulty.err" ||
	fail "faulty-file failed no write at byte $from: the error came from elsewhere"

python3 - "$out/r/report.json" "$part_end" <<'PY' || fail "the report does not show end failed by the I/O error beside start measured"
import json, sys
r = json.load(open(sys.argv[1]))
res = {x["placement"]: x for x in r["results"]}
bad = []
end, start = res.get("end") or {}, res.get("start") or {}
print("end: status %s, error %r" % (end.get("status"), end.get("error")))
print("start: status %s, range_written %s" % (start.get("status"),
      (start.get("device_probe") or {}).get("range_written")))
if end.get("status") != "failed":
    bad.append("end: status %s, want failed" % end.get("status"))
err = end.get("error") or ""
if "I/O error" not in err or sys.argv[2] not in err:
    bad.append("end: the error does not say I/O error on %s: %r" % (sys.argv[2], err))
klog = end.get("kernel_log") or []
print("end: kernel_log %r" % klog[:2])
if not any("I/O error" in l for l in klog):
    bad.append("end: no kernel_log line says I/O error: %r" % klog)
if start.get("status") != "ok":
    bad.append("start: status %s, want ok (%r)" % (start.get("status"), start.get("error")))
if (start.get("device_probe") or {}).get("range_written") is not True:
    bad.append("start: its range is not said written")
if start.get("error"):
    bad.append("start: an error that is end's: %r" % start.get("error"))
if bad:
    print("\n".join(bad))
    sys.exit(1)
PY
grep -q "ERROR" "$out/r/report.txt" || fail "report.txt does not say ERROR for end"
[ "$(tail -1 "$out/r/journal")" = end ] || fail "the journal does not end with 'end'"
expect_machine_as "$before" "after the run"
outside_intact "$dev" || fail "a sector outside the partitions of '$dev' changed"
echo "ok ($((SECONDS - t0)) s)"
