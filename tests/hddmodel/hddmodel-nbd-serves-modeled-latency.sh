#!/bin/bash
# tests/hddmodel/hddmodel-nbd-serves-modeled-latency.sh - the modeled spinning disk (tests/hddmodel)
# with a real client: QEMU's qemu-io talks NBD to build/tests/nbd-hdd. What it proves:
#  - the handshake works over TCP and over a unix socket, and bad arguments exit 2;
#  - data written through NBD reads back intact (patterns at aligned, unaligned and large
#    offsets, checked by qemu-io and in the backing file itself);
#  - random 4 KiB reads confined to a range take, as the client measures them, within 20 % of
#    the model's expected mean for that range (from hddmodel-expect with the same parameters),
#    and every read is in the server's log with its modeled time; the client never sees a read
#    finish before its modeled time (the server sleeps to an absolute deadline);
#  - SIGTERM ends the server cleanly with a summary whose counts match the log.
# Needs no root. Skips (77) without qemu-io (Debian: qemu-utils).
. "$(dirname "$0")/lib.sh"
N=${HDD_READS:-250}
command -v qemu-io >/dev/null || skip "needs qemu-io (package qemu-utils)"
[ -x "$SERVER" ] && [ -x "$EXPECT" ] || skip "needs $SERVER and $EXPECT (make tests)"

# the model: a 2 GiB 7200 rpm disk; the same parameters go to the server and to the expectation
MODEL=(--size 2G --rpm 7200 --t2t-ms 1.0 --full-ms 16 --outer-mbs 190 --inner-mbs 90 --buffer 256K --seed 7)

# bad arguments: a clear message and exit 2, nothing listening
bad_args --size 1G --port 0
bad_args --file "$T/x.raw" --port 0
bad_args --file "$T/x.raw" --size 1G
bad_args --file "$T/x.raw" --size 1G --port 0 --unix "$T/s"
bad_args --file "$T/x.raw" --size 1G --port 70000
bad_args --file "$T/x.raw" --size 1Q --port 0
bad_args --file "$T/x.raw" --size 1G --port 0 --rpm 0
bad_args --file "$T/x.raw" --size 1G --port 0 --t2t-ms 5 --full-ms 2
bad_args --file "$T/x.raw" --size 1G --port 0 --outer-mbs 50 --inner-mbs 100
bad_args --file "$T/x.raw" --size 1G --port 0 --colour blue
[ ! -e "$T/x.raw" ] || fail "a refused start created the backing file"
"$EXPECT" "${MODEL[@]}" --range 3G 4G >/dev/null 2>&1 && fail "hddmodel-expect accepted a range beyond the disk"
echo "ok: bad arguments exit 2"

# --- over a unix socket: the handshake and a write/read round trip
start_server "$T" --file "$T/disk.raw" "${MODEL[@]}" --unix "$T/nbd.sock"
qemu-io -f raw "nbd+unix:///?socket=$T/nbd.sock" -c "write -P 0x5a 1M 8k" -c "read -P 0x5a 1M 8k" \
	>"$T/unix.out" 2>&1 || fail "qemu-io over the unix socket failed: $(cat "$T/unix.out")"
grep -q 'Pattern verification failed' "$T/unix.out" && fail "pattern mismatch over the unix socket"
stop_server
[ "$SRC" = 0 ] || fail "the server exited $SRC on SIGTERM"
[ ! -e "$T/nbd.sock" ] || fail "the server left its socket behind"
echo "ok: unix socket"

# --- over TCP, with a log
start_server "$T" --file "$T/disk.raw" "${MODEL[@]}" --port 0 --log "$T/served.log"
[ -n "$PORT" ] || fail "no port in the ready line: $(cat "$T/server.out")"
URL=nbd://127.0.0.1:$PORT

# data integrity: patterns at aligned, unaligned and far offsets, and one larger than the track
# buffer; each read back by qemu-io (-P verifies every byte), the backing file checked directly
qemu-io -f raw "$URL" \
	-c "write -P 0x11 0 64k" -c "write -P 0x22 1000000 3000" -c "write -P 0x33 1G 1M" \
	-c "write -P 0x44 2147479552 4096" -c "write -P 0x55 65536 512" \
	-c "read -P 0x11 0 64k" -c "read -P 0x22 1000000 3000" -c "read -P 0x33 1G 1M" \
	-c "read -P 0x44 2147479552 4096" -c "read -P 0x55 65536 512" -c "read -P 0 1003000 1000" \
	>"$T/rw.out" 2>&1 || fail "qemu-io write/read failed: $(cat "$T/rw.out")"
grep -q 'Pattern verification failed' "$T/rw.out" && fail "data read back differs: $(grep -B1 -A1 failed "$T/rw.out")"
[ "$(grep -c '^read [0-9]*/' "$T/rw.out")" = 6 ] || fail "not every read-back completed: $(cat "$T/rw.out")"
want=$(printf '\x33%.0s' $(seq 4096) | sha256sum)
[ "$(dd if="$T/disk.raw" bs=4096 skip=$((262144 + 100)) count=1 2>/dev/null | sha256sum)" = "$want" ] ||
	fail "the backing file does not hold the written bytes at 1G + 400K"
qemu-io -f raw "$URL" -c "read 2147483136 1024" >"$T/beyond.out" 2>&1
grep -q '^read [0-9]*/' "$T/beyond.out" && fail "a read beyond the end of the disk succeeded"
echo "ok: data integrity"

# --- timing: N random 4 KiB reads at aligned offsets in [A, B), one qemu-io run, one command
# each; qemu-io times each command (ops/sec of one op = 1 / its latency)
A=$((256 << 20)) B=$((768 << 20))
awk -v n="$N" -v a="$A" -v b="$B" 'BEGIN { srand(11); for (i = 0; i < n; i++)
	printf "%d\n", a + int(rand() * ((b - a) / 4096)) * 4096 }' >"$T/offsets"
args=()
while read -r off; do args+=(-c "read $off 4k"); done <"$T/offsets"
: >"$T/served.log.mark"
lines_before=$(wc -l <"$T/served.log")
qemu-io -f raw "$URL" "${args[@]}" >"$T/timing.out" 2>&1 || fail "qemu-io timing run failed: $(tail -n 5 "$T/timing.out")"
[ "$(grep -c '^read 4096/4096 bytes' "$T/timing.out")" = "$N" ] || fail "not all $N reads completed"
awk '/ops\/sec\)/ { sub(/.* and /, ""); print 1e6 / $1 }' "$T/timing.out" >"$T/measured_us"
[ "$(wc -l <"$T/measured_us")" = "$N" ] || fail "could not read $N timings from qemu-io"
measured=$(awk '{ s += $1 } END { printf "%.1f", s / NR }' "$T/measured_us")
expected=$("$EXPECT" "${MODEL[@]}" --range "$A" "$B" --block 4096 | sed -n 's/^random_mean_us=//p')
[ -n "$expected" ] || fail "hddmodel-expect gave no expectation"

# the log: each asked offset served as a 4096-byte read, in order, with its modeled time
tail -n +$((lines_before + 1)) "$T/served.log" | awk '$1 == "read" && $3 == 4096' >"$T/served.reads"
awk '{ print $2 }' "$T/served.reads" | diff -q - "$T/offsets" >/dev/null ||
	fail "the server's log does not list the $N reads asked, in order"
modeled=$(awk '{ s += $4 } END { printf "%.1f", s / NR }' "$T/served.reads")
# per read: the client's time minus the modeled time; never negative beyond the timer's grain
overhead=$(paste "$T/measured_us" <(awk '{ print $4 }' "$T/served.reads") |
	awk '{ d = $1 - $2; s += d; if (min == "" || d < min) min = d } END { printf "%.1f %.1f", s / NR, min }')
read -r mean_over min_over <<<"$overhead"
echo "random 4 KiB reads in [$A, $B): measured mean $measured us, expected $expected us," \
	"modeled (log) $modeled us; client overhead mean $mean_over us, min $min_over us ($N reads)"
awk -v m="$measured" -v e="$expected" 'BEGIN { exit !(m >= 0.8 * e && m <= 1.2 * e) }' ||
	fail "measured mean $measured us is not within 20 % of the model's $expected us"
awk -v o="$min_over" 'BEGIN { exit !(o > -100) }' ||
	fail "a read completed ${min_over} us before its modeled time"

# --- SIGTERM: clean exit, summary consistent with the log
stop_server
[ "$SRC" = 0 ] || fail "the server exited $SRC on SIGTERM"
nreads=$(grep -c '^read ' "$T/served.log")
grep -q "^nbd-hdd: read  requests=$nreads " "$T/server.out" ||
	fail "the summary does not count the log's $nreads reads: $(cat "$T/server.out")"
grep -q '^nbd-hdd: served [0-9]* requests' "$T/server.out" || fail "no summary at exit"
echo "ok: pass"
