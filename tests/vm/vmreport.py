"""vmreport.py - the one report a fault test's appliance run left on the stick.

The fault tests (tests/vm/*-mid-run.sh, io-errors-*, corrupt-*) each check different placements,
but all first need the same: exactly one reports/*/report.json, every other format beside it,
the results by placement printed for the log, and the same "ok with real swap-ins" rule for the
placements the fault must not touch. Imported by their python heredocs (PYTHONPATH=tests/vm).
"""
import glob
import json
import os
import sys

FORMATS = ("report.txt", "report.html", "summary.csv", "report.pdf")


def one_report(top, bad):
    """(directory, report, results by placement) of the only reports/*/report.json under top.

    Exits when there is not exactly one; a format missing beside it goes into bad. Each result
    is printed with its status, error, reason, integrity and kernel lines.
    """
    found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
    if len(found) != 1:
        sys.exit("want exactly one reports/*/report.json, found %d" % len(found))
    d = os.path.dirname(found[0])
    for name in FORMATS:
        p = os.path.join(d, name)
        if not (os.path.exists(p) and os.path.getsize(p) > 0):
            bad.append("no %s on the stick" % name)
    r = json.load(open(found[0]))
    res = {x["placement"]: x for x in r["results"]}
    for k, x in res.items():
        print("  %-10s %-7s integrity=%s error=%r reason=%r" % (k, x["status"], x.get("integrity"),
              x.get("error"), x.get("reason")))
        for line in x.get("kernel_log") or []:
            print("             kernel: %s" % line)
    return d, r, res


def want_ok(res, names, bad):
    """Each placement in names measured ok with real swap-ins (the fault was not theirs)."""
    for name in names:
        x = res.get(name) or {}
        if x.get("status") != "ok" or not ((x.get("fault_probe") or {}).get("real_swapins") or 0) > 0:
            bad.append("%s: %s (%s), want ok with real swap-ins" % (name, x.get("status"), x.get("reason")))


def want_not_beside_stuck(res, name, bad):
    """name failed as not measured beside a vanished disk's swap area, still active."""
    x = res.get(name) or {}
    if x.get("status") != "failed" or not (x.get("error") or "").startswith("not measured: the swap area"):
        bad.append("%s: %s %r, want failed, not measured beside the stuck area" % (name, x.get("status"), x.get("error")))


def ranked(r):
    """The placements in the analysis' latency ranking."""
    return [(e.get("placement") if isinstance(e, dict) else e)
            for e in ((r.get("analysis") or {}).get("ranking")) or []]


def end_covers(res, lo, hi, bad):
    """The fault range [lo, hi) in bytes lies inside the end partition's extents."""
    ext = (res.get("end") or {}).get("extents") or []
    if not any(e["start_sector"] * 512 <= lo and hi <= (e["start_sector"] + e["sectors"]) * 512 for e in ext):
        bad.append("the fault range %d-%d is not inside the end partition %s" % (lo, hi, ext))


def progress_within(r, pct, bad):
    """Every progress line the run printed (report.json "progress") said a time left within
    pct % of the time really left (duration_s - elapsed_s), or within 2 s of it: the whole
    second it is printed to and the quiet second each placement waits (issue 18: the progress
    line's time left within 20 %, like the estimate). Prints each line's figures."""
    dur = r.get("duration_s") or 0
    prog = r.get("progress") or []
    if not prog or not dur:
        bad.append("report.json has no progress record (%d lines) or no duration" % len(prog))
        return
    for p in prog:
        left = dur - p["elapsed_s"]
        ok = abs(p["left_s"] - left) <= max(pct / 100 * left, 2)
        print("progress [%d] %-14s at %6.1f s said %6.1f s left, %6.1f s were (%+.0f %%)%s" % (
            p["step"], p["placement"], p["elapsed_s"], p["left_s"], left,
            100 * (p["left_s"] - left) / left if left > 0 else 0, "" if ok else "  <- off"))
        if not ok:
            bad.append("progress line %d (%s) said %.0f s left, %.0f s were" % (
                p["step"], p["placement"], p["left_s"], left))


def finish(bad):
    for b in bad:
        print("report:", b)
    sys.exit(1 if bad else 0)
