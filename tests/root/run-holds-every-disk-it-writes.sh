#!/bin/bash
# tests/root/run-holds-every-disk-it-writes.sh - from the confirmation to its partition table,
# `run` holds every disk it writes O_EXCL, the target and each --also device, and writes the
# table through that hold, never by the name (issue 19).
#
# 1. A competing O_EXCL claim while run profiles the target (before any write) fails with
#    EBUSY on the target and on the --also device. The run is then interrupted: neither disk
#    changed (checksums).
# 2. The --also device is re-enumerated while run profiles the target: its loop device is
#    detached and another file attached under the same name, as a USB disk that resets comes
#    back under another name and another disk takes its name. The disk under that name now
#    must be left byte-identical: the run holds the first one (the kernel only lets the
#    detach happen when the hold goes, so the name cannot be given away), or refuses.
. "$(dirname "$0")/lib.sh"
need_root
need_cmd python3
need_sweep
T0=$(date +%s)
make_run_target 1G
make_loop a 256M
head -c 4M /dev/urandom | dd of="$a" bs=4M oflag=direct status=none || fail "cannot fill '$a'"
a_size=$(blockdev --getsize64 "$a")
RUN=(run --target "$dev" --confirm "$size" --also "$a" --also-confirm "$a_size"
	--only "dev-$(basename "$a")" --swap-size 128M --budget 16M --time-per-placement 2
	--scenario none --profile-time 4 --seed 7)

# try_excl DEV: "busy" when someone holds DEV O_EXCL, "free" when this claim got it
try_excl() {
	python3 -c 'import errno, os, sys
try:
    os.close(os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL))
    print("free")
except OSError as e:
    print("busy" if e.errno == errno.EBUSY else "error %d" % e.errno)' "$1"
}

# wait_profiling LOG: until run says it profiles the target (the disks are held by then)
wait_profiling() {
	for _ in $(seq 100); do grep -q "profiling '" "$1" && return; sleep 0.1; done
	fail "run did not start profiling: $(cat "$1")"
}

echo "=== 1. a competing O_EXCL claim during the run"
dev_before=$(device_sum "$dev")
a_before=$(device_sum "$a")
"$SWAPPLACE" "${RUN[@]}" --out "$out/r1" >"$out/log1" 2>&1 &
pid=$!
at_exit "kill $pid 2>/dev/null"
wait_profiling "$out/log1"
t=$(try_excl "$dev")
x=$(try_excl "$a")
echo "claim on the target: $t; on the --also device: $x"
kill -INT "$pid"
wait "$pid" && rc=0 || rc=$?
grep swapplace: "$out/log1"
[ "$t" = busy ] || fail "another program claimed the target '$dev' during the run ($t)"
[ "$x" = busy ] || fail "another program claimed the --also device '$a' during the run ($x)"
[ "$rc" != 0 ] || fail "the interrupted run exited 0"
[ "$(device_sum "$dev")" = "$dev_before" ] || fail "the interrupted run changed '$dev'"
[ "$(device_sum "$a")" = "$a_before" ] || fail "the interrupted run changed '$a'"

echo "=== 2. the --also device re-enumerated during the run"
scratch_dir other
truncate -s 256M "$other/c.img"
head -c 4M /dev/urandom | dd of="$other/c.img" bs=4M conv=notrunc status=none ||
	fail "cannot fill the other disk"
c_before=$(sha256sum <"$other/c.img")
"$SWAPPLACE" "${RUN[@]}" --out "$out/r2" >"$out/log2" 2>&1 &
pid=$!
at_exit "kill $pid 2>/dev/null"
wait_profiling "$out/log2"
a_file=$(losetup -n -O BACK-FILE "$a")
# the name given away: detached (deferred by the kernel while anyone holds it), then another
# disk attached under the very same name, if the kernel lets it
losetup -d "$a" || fail "losetup -d $a"
if losetup --direct-io=on -P "$a" "$other/c.img" 2>"$out/attach"; then
	echo "another disk took the name '$a'"
	reattached=1
else
	echo "the name '$a' could not be given away while the run holds it: $(cat "$out/attach")"
	reattached=0
fi
wait "$pid" && rc=0 || rc=$?
grep swapplace: "$out/log2"
echo "run exited $rc"
[ "$reattached" = 1 ] && losetup -d "$a"
[ "$(sha256sum <"$other/c.img")" = "$c_before" ] ||
	fail "the disk that took the name '$a' was written (run exited $rc)"
# the run's own detach of A, deferred until its hold went, has happened by now; make_loop's
# own `losetup -d` at exit then finds it gone, which is what it wants
for _ in $(seq 50); do losetup "$a" >/dev/null 2>&1 || break; sleep 0.1; done
[ -n "$a_file" ] || fail "no backing file for $a"
echo "ok ($(($(date +%s) - T0)) s)"
