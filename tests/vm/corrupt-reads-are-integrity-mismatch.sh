#!/bin/bash
# tests/vm/corrupt-reads-are-integrity-mismatch.sh - a disk that returns wrong bytes is caught as
# corruption, never measured as a latency (docs/safety.md, "Faults"). As
# io-errors-fail-one-placement.sh, but nbd-hdd serves the END partition's written blocks with
# their bytes inverted (--fault corrupt) and no error: the kernel swaps the pages in without
# complaint, and only the fault probe's page integrity check can see it. The report on the
# stick must have: end failed with an error saying corruption, integrity.mismatches > 0, the
# analysis' first verdict integrity-mismatch, end in no latency ranking; start and zram-lz4 ok
# with no mismatch; every format written. Light run: start, end, zram-lz4, 4 s each.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-hddmodel.sh"
fault_end_run corrupt

PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$(dirname "$0")" python3 - "$VM_DIR/out/reports" "$LO" "$HI" <<'PY' || fail "the report does not show end's corruption as it must"
import sys
from vmreport import end_covers, finish, one_report, ranked, want_ok

bad = []
d, r, res = one_report(sys.argv[1], bad)
end_covers(res, int(sys.argv[2]), int(sys.argv[3]), bad)
end = res.get("end") or {}
if end.get("status") != "failed":
    bad.append("end: status %s, want failed" % end.get("status"))
if not ((end.get("integrity") or {}).get("mismatches") or 0) > 0:
    bad.append("end: no integrity mismatch: %r" % end.get("integrity"))
if not (end.get("error") or "").startswith("corruption:"):
    bad.append("end: the error does not say corruption: %r" % end.get("error"))
want_ok(res, ("start", "zram-lz4"), bad)
for name in ("start", "zram-lz4"):
    if ((res.get(name) or {}).get("integrity") or {}).get("mismatches"):
        bad.append("%s: mismatches that are end's: %r" % (name, res[name].get("integrity")))
verdicts = [v.get("kind") if isinstance(v, dict) else v for v in (r.get("analysis") or {}).get("verdict") or []]
print("verdicts:", verdicts)
if not verdicts or verdicts[0] != "integrity-mismatch":
    bad.append("the first verdict is not integrity-mismatch: %s" % verdicts)
if "end" in ranked(r):
    bad.append("end is in the latency ranking")
finish(bad)
PY
vm_serial_has "swapplace: warning: 'end' failed: corruption:" || fail "the console did not say end failed by corruption"
vm_log "pass"
