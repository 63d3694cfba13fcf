#!/bin/bash
# tests/demo.sh - `make demo`: the whole sweep with no disk to spare. A sparse image file on
# /var/tmp becomes a loop device with direct I/O (without it the host page cache answers and
# every number is RAM's), swapplace partitions and measures it plus every zram compressor and
# the no-swap baseline, runs the build job on each (and once in RAM alone) and the service
# scenario's four cases (fits, cold, hot, spike) on each but ram, prints the text report and
# leaves it in reports/<timestamp>/. The loop device and the image are removed on every exit
# path.
set -eu
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "make demo: needs root (loop devices, swap, zram, cgroups)" >&2; exit 1; }
SIZE=${DEMO_DISK:-3G}
TIME=${DEMO_TIME:-12}
BUDGET=${DEMO_BUDGET:-128M}
SWAP=${DEMO_SWAP:-512M}
JOB_SCALE=${DEMO_JOB_SCALE:-0.25} # the build job per placement: seconds on a loop device
SERVICE_TIME=${DEMO_SERVICE_TIME:-8} # the service scenario: seconds per case (fits, cold, hot, spike)
img=$(mktemp /var/tmp/swapplace-demo.XXXXXX.img)
dev=""
cleanup() {
	[ -n "$dev" ] && losetup -d "$dev" 2>/dev/null
	rm -f "$img"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
truncate -s "$SIZE" "$img"
dev=$(losetup --find --show --direct-io=on -P "$img")
echo "demo: scratch disk $dev ($SIZE image $img, direct I/O)" >&2
# Write the whole disk once: a sparse file's holes read back as zeros without any I/O, which
# would make the never-written partitions look faster than the swap file (which is written).
dd if=/dev/zero of="$dev" bs=4M oflag=direct status=none 2>/dev/null || true
bytes=$(blockdev --getsize64 "$dev")
out=reports/$(date -u +%Y%m%d-%H%M%S)
# a loop device has no serial: the confirmation is its exact size in bytes
./build/swapplace run --target "$dev" --confirm "$bytes" --budget "$BUDGET" \
	--swap-size "$SWAP" --time-per-placement "$TIME" --job-scale "$JOB_SCALE" \
	--scenario build,service --service-time "$SERVICE_TIME" --out "$out"
echo "demo: report in $out/ (report.txt, report.json, report.html, report.pdf, summary.csv)" >&2
