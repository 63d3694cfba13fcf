#!/bin/bash
# tests/vm/io-errors-fail-one-placement.sh - an I/O error fails one placement and nothing else
# (docs/safety.md, "Faults"). The stick boots (SeaBIOS) unattended; its target HDD is served by
# build/tests/nbd-hdd with --fault fail over a range inside the END partition: a block written
# there reads back as an NBD EIO, so the end partition's device probe (which reads blocks never
# written) passes and the first swap-in of a page written there fails. The guest's kernel
# answers that with SIGBUS to the fault probe's worker and logs "I/O error, dev sda, sector N".
# The run must finish and power off, and the report on the stick must have: end failed, with an
# error that names the I/O error and kernel_log lines saying "I/O error"; start and zram-lz4 ok
# with real swap-ins; every format written (report.txt and the HTML say ERROR for end). The
# fault range is checked against the end partition's extents in the report, so the test cannot
# pass by faulting another placement's blocks. Light run: start, end, zram-lz4, 4 s each.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-hddmodel.sh"
fault_end_run fail

PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$(dirname "$0")" python3 - "$VM_DIR/out/reports" "$LO" "$HI" <<'PY' || fail "the report does not show end failed by an I/O error beside ok placements"
import os, sys
from vmreport import end_covers, finish, one_report, ranked, want_ok

bad = []
d, r, res = one_report(sys.argv[1], bad)
end_covers(res, int(sys.argv[2]), int(sys.argv[3]), bad)
end = res.get("end") or {}
if end.get("status") != "failed":
    bad.append("end: status %s, want failed" % end.get("status"))
if "I/O error" not in (end.get("error") or ""):
    bad.append("end: the error does not say I/O error: %r" % end.get("error"))
if not any("I/O error" in l for l in end.get("kernel_log") or []):
    bad.append("end: no kernel_log line says I/O error: %r" % end.get("kernel_log"))
want_ok(res, ("start", "zram-lz4"), bad)
for name in ("start", "zram-lz4"):
    x = res.get(name) or {}
    if x.get("error") or x.get("kernel_log"):
        bad.append("%s: an error or kernel lines that are end's: %r" % (name, x.get("error")))
if "end" in ranked(r):
    bad.append("end is in the latency ranking")
txt = open(os.path.join(d, "report.txt"), errors="replace").read()
if "ERROR" not in txt or "I/O error" not in txt:
    bad.append("report.txt does not say ERROR ... I/O error")
html = open(os.path.join(d, "report.html"), errors="replace").read()
if "ERROR: I/O error" not in html:
    bad.append("report.html does not say ERROR: I/O error")
finish(bad)
PY
vm_serial_has "swapplace: warning: 'end' failed: I/O error" || fail "the console did not say end failed"
vm_log "pass"
