#!/bin/bash
# tests/root/run-writes-ssd-swap-partitions-before-probing.sh - on a non-rotational disk `run`
# writes each swap partition whole, once, with pseudo-random data before its first mkswap, so the
# device probe never reads blocks an SSD has not mapped (issue 18, item 4); on a rotational disk
# it writes nothing of the kind (nothing to map, and minutes of writing).
#
# Two sparse-file loop devices, one told it is not rotational (queue/rotational 0), the other
# rotational (1); a short `run --only start,end` on each, the first with a non-rotational --also
# disk too (its one swap partition is written as well). Then, from each backing file (SEEK_DATA
# and SEEK_HOLE over the partitions' offsets from sfdisk): on the non-rotational one the start
# and end partitions are allocated in full and their bytes are not zeros, and report.json says
# device_probe.range_written true and rotational false; on the rotational one the partitions
# stay mostly holes (the swap-outs write only part of them) and range_written is false.
. "$(dirname "$0")/lib.sh"
need_sweep
need_cmd sfdisk

make_loop ssd 1G
make_loop hdd 1G
make_loop also 256M
set_rotational "$ssd" 0
set_rotational "$hdd" 1
set_rotational "$also" 0
scratch_dir out

run_on() { # DEV NAME [--also ARGS...]
	local size
	size=$(blockdev --getsize64 "$1")
	"$SWAPPLACE" run --target "$1" --confirm "$size" "${@:3}" --swap-size 128M \
		--budget 16M --time-per-placement 1 --scenario none --zswap none --profile-time 0 \
		--seed 7 --out "$out/$2" >"$out/$2.stdout" 2>"$out/$2.stderr" ||
		{ cat "$out/$2.stderr"; fail "run on the $2 failed"; }
	cat "$out/$2.stderr"
}

# check BACKING DEV REPORT WANT [PLACEMENTS]: WANT "written" or "holes", for the start and end
# partitions (or the comma-separated placements given)
check() {
	sfdisk -J "$2" >"$out/table.json" || fail "sfdisk -J $2"
	PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$(dirname "$0")" python3 - "$1" "$out/table.json" "$3" "$4" "${5:-start,end}" <<'PY'
import json, os, sys
from sparse import allocated
back, table, report, want = sys.argv[1:5]
t = json.load(open(table))["partitiontable"]
ss = t.get("sectorsize", 512)
parts = {p.get("name"): p for p in t["partitions"]}
r = json.load(open(report))
res = {x["placement"]: x for x in r["results"]}
fd = os.open(back, os.O_RDONLY)
bad = []
names = sys.argv[5].split(",") if len(sys.argv) > 5 else ["start", "end"]
for name in names:
    # an --also disk's one partition is "swapplace-swap", its placement dev-<disk>
    p = parts.get("swapplace-" + ("swap" if name.startswith("dev-") else name))
    assert p, ("no partition for %s" % name, list(parts))
    lo, n = p["start"] * ss, p["size"] * ss
    data = allocated(fd, lo, lo + n)
    # its bytes at 16 points, 64 KiB each: zeros, or not
    zero = 0
    for k in range(16):
        b = os.pread(fd, 65536, lo + (n - 65536) * k // 15)
        zero += b.count(0) > len(b) * 0.9
    dp = res[name]["device_probe"]
    print("%s: %d of %d bytes allocated (%.1f %%), %d of 16 samples zeros, "
          "rotational %s, range_written %s"
          % (name, data, n, 100.0 * data / n, zero, dp["rotational"], dp["range_written"]))
    if want == "written":
        if data != n:
            bad.append("%s: %d bytes of %d are holes" % (name, n - data, n))
        if zero:
            bad.append("%s: %d of 16 samples are zeros" % (name, zero))
        if dp["range_written"] is not True or dp["rotational"] is not False:
            bad.append("%s: report says rotational %s, range_written %s"
                       % (name, dp["rotational"], dp["range_written"]))
    else:
        if data > n // 2:
            bad.append("%s: %d of %d bytes allocated: written whole" % (name, data, n))
        if dp["range_written"] is not False or dp["rotational"] is not True:
            bad.append("%s: report says rotational %s, range_written %s"
                       % (name, dp["rotational"], dp["range_written"]))
if bad:
    print("\n".join(bad))
    sys.exit(1)
PY
}

run_on "$ssd" ssd --also "$also" --also-confirm "$(blockdev --getsize64 "$also")" \
	--only "start,end,dev-$(basename "$also")"
grep -q "writing '${ssd}p1' (128 MiB) whole before probing it" "$out/ssd.stderr" ||
	fail "run did not say it writes the start partition of '$ssd'"
grep -q "wrote '${ssd}p3': 128 MiB in" "$out/ssd.stderr" ||
	fail "run did not say it wrote the end partition of '$ssd'"
check "$(losetup -nO BACK-FILE "$ssd")" "$ssd" "$out/ssd/report.json" written ||
	fail "the non-rotational disk's swap partitions were not written whole before the probe"
check "$(losetup -nO BACK-FILE "$also")" "$also" "$out/ssd/report.json" written \
	"dev-$(basename "$also")" || fail "the --also SSD's swap partition was not written whole"
grep -q "read after writing its range" "$out/ssd/report.txt" ||
	fail "report.txt does not say the device probe read after writing its range"

run_on "$hdd" hdd --only start,end
grep -q "whole before probing" "$out/hdd.stderr" && fail "run wrote a rotational disk's partitions"
check "$(losetup -nO BACK-FILE "$hdd")" "$hdd" "$out/hdd/report.json" holes ||
	fail "the rotational disk's swap partitions were written whole"
grep -q "read after writing its range\|may be optimistic" "$out/hdd/report.txt" &&
	fail "report.txt says something of a write the rotational disk never had"
echo ok
