#!/bin/bash
# tests/hddmodel/nbd-hdd-faults-written-blocks.sh - the failing-disk fixture of the fault tests
# (tests/vm/io-errors-fail-one-placement.sh, tests/vm/corrupt-reads-are-integrity-mismatch.sh):
# nbd-hdd with --fault-range and --fault, driven by qemu-io over NBD. What it proves:
#  - a block of the range never written reads back as it is (a read-only probe passes);
#  - with --fault fail, a block written in the range then fails to read (EIO), a written block
#    outside it reads back intact;
#  - with --fault corrupt, the written block reads back with other bytes and no error;
#  - the summary counts the faulted reads; bad fault arguments exit 2.
# Needs no root. Skips (77) without qemu-io (Debian: qemu-utils).
. "$(dirname "$0")/lib.sh"
command -v qemu-io >/dev/null || skip "needs qemu-io (package qemu-utils)"
[ -x "$SERVER" ] || skip "needs $SERVER (make tests)"
# a fast disk: the model's delays are not what this is about
FAST=(--size 64M --rpm 100000 --t2t-ms 0 --full-ms 0 --outer-mbs 10000 --inner-mbs 10000)
# start_fast ARGS...: the server on a fresh backing file, TCP, the fast disk and ARGS
start_fast() {
	rm -f "$T/disk.raw"
	start_server "$T" --file "$T/disk.raw" "${FAST[@]}" --port 0 "$@"
	[ -n "$PORT" ] || fail "no port in the ready line: $(cat "$T/server.out")"
}
qio() { qemu-io -f raw "nbd://127.0.0.1:$PORT" "$@" 2>&1; }
bad() { bad_args --file "$T/bad.raw" "${FAST[@]}" --port 0 "$@"; }
bad --fault-range 4096-8192
bad --fault fail
bad --fault-range 4096-8192 --fault flaky
bad --fault-range 4097-8192 --fault fail
bad --fault-range 8192-4096 --fault fail
bad --fault-range 0-128M --fault fail

# fail: the range is [16 MiB, 32 MiB)
start_fast --fault-range 16777216-33554432 --fault fail
out=$(qio -c "read -P 0 16M 64k") || fail "an unwritten block of the range did not read: $out"
out=$(qio -c "write -P 0xa5 17M 8k") || fail "write in the range: $out"
out=$(qio -c "write -P 0x5a 1M 8k") || fail "write outside the range: $out"
if out=$(qio -c "read -P 0xa5 17M 4k"); then
	case $out in *"Input/output error"*) ;; *) fail "a written block of the range read back: $out" ;; esac
fi
case $out in *"Input/output error"*) ;; *) fail "no EIO for a written block: $out" ;; esac
out=$(qio -c "read -P 0x5a 1M 8k") || fail "a written block outside the range: $out"
case $out in *"read 8192/8192"*) ;; *) fail "outside the range: $out" ;; esac
out=$(qio -c "read -P 0 16M 64k") || fail "an unwritten block after the writes: $out"
stop_server
grep -q '^nbd-hdd: faulted_reads=1 (failed)' "$T/server.out" || fail "summary: $(cat "$T/server.out")"

# corrupt: the same, but the written block comes back with other bytes
start_fast --fault-range 16777216-33554432 --fault corrupt
qio -c "write -P 0xa5 17M 8k" >/dev/null || fail "write in the range (corrupt)"
out=$(qio -c "read -P 0x5a 17M 4k") || fail "a corrupted block must still read: $out"
case $out in *"Pattern verification failed"*|*"fail"*) fail "not inverted: $out" ;; esac
out=$(qio -c "read -P 0x0 16M 64k") || fail "unwritten block (corrupt): $out"
stop_server
grep -q '^nbd-hdd: faulted_reads=1 (corrupted)' "$T/server.out" || fail "summary: $(cat "$T/server.out")"
echo ok
