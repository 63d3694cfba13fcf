#!/bin/bash
# tests/render/metrics-node-exporter-serves-every-family.sh - swapplace.prom read by the real
# collector: Debian's prometheus-node-exporter, started on a free loopback port with only its
# textfile collector, on a scratch directory that `swapplace report RUN.json --format prom -o
# DIR/swapplace.prom` filled from a saved report (the golden synthetic run, then the sample run of
# docs/sample). The test fetches /metrics, parses the exposition format back and checks:
#  - node_textfile_scrape_error is 0 and the collector read the file (node_textfile_mtime_seconds);
#  - every swapplace_ family of docs/metrics.md is there, typed gauge, with our HELP (a file
#    the collector could not parse has its families untyped and their HELP replaced);
#  - the swapplace_ series are exactly the ones the report holds, each with the report's value in
#    base units, derived here from report.json on its own (python, not the renderer): the swap-in
#    median and p99 of each placement with a measured latency, the build's wall time where it
#    succeeded, the service's p95 where a request was served, its top speed and OOM kills per
#    case, the workloads that were OOM-killed, the run's time, duration and info.
# Then it proves the check can fail: a malformed line planted in the file, or a sample with a
# timestamp (node_exporter refuses those), makes node_textfile_scrape_error 1 and takes every
# swapplace_ series away, and the checker says so. The exporter listens on 127.0.0.1 only and
# is stopped on every exit path. Skips when the exporter can be neither fetched nor found.
# runner: may run beside another test
. "$(dirname "$0")/../lib.sh"

SP=$TOP/build/swapplace
[ -x "$SP" ] || skip "build/swapplace not built (make)"
# Debian's package unpacked into the build's package cache (image/fetch-debs.sh: apt-get download
# and dpkg-deb -x), not installed: installed, its service would listen on port 9100 of every
# address of a systemd machine. An exporter already on the PATH serves when the archive cannot.
NE=$TOP/build/pkgs/root/prometheus-node-exporter/usr/bin/prometheus-node-exporter
[ -x "$NE" ] || "$TOP/image/fetch-debs.sh" "$TOP/build/pkgs" prometheus-node-exporter >/dev/null 2>&1 || true
[ -x "$NE" ] || NE=$(command -v prometheus-node-exporter || command -v node_exporter) ||
	skip "needs prometheus-node-exporter (fetched from Debian's archive into build/pkgs; it could not be)"
need_cmd python3

scratch_dir D /tmp/swapplace-metrics.XXXXXX
TF=$D/textfile
mkdir "$TF"

NE_PID=
stop_exporter() {
	[ -n "$NE_PID" ] || return 0
	kill "$NE_PID" 2>/dev/null
	wait "$NE_PID" 2>/dev/null
	NE_PID=
}
at_exit stop_exporter
on_fail() { [ -f "$D/ne.log" ] && tail -n 5 "$D/ne.log"; }

scrape() { # scrape FILE: /metrics into FILE; nonzero when it does not answer
	python3 - "http://127.0.0.1:$PORT/metrics" "$1" <<'EOF'
import sys, urllib.request
try:
    body = urllib.request.urlopen(sys.argv[1], timeout=5).read()
except Exception as e:
    sys.exit(1)
open(sys.argv[2], "wb").write(body)
EOF
}

# a free loopback port: asked of the kernel, then taken by the exporter (another process could
# take it in between: then the exporter exits and the next port is tried)
start_exporter() {
	local try i
	for try in 1 2 3 4 5; do
		PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') ||
			fail "cannot find a free port"
		"$NE" --web.listen-address="127.0.0.1:$PORT" --collector.disable-defaults \
			--collector.textfile --collector.textfile.directory="$TF" >"$D/ne.log" 2>&1 &
		NE_PID=$!
		for i in $(seq 100); do
			scrape "$D/probe" && return 0
			kill -0 "$NE_PID" 2>/dev/null || break
			sleep 0.1
		done
		stop_exporter
	done
	fail "node_exporter does not serve /metrics on 127.0.0.1"
}

# check REPORT.json SCRAPE: the scrape holds exactly the report's swapplace_ series
check() {
	python3 - "$1" "$2" <<'EOF'
import json, math, re, sys, time

report, scraped = sys.argv[1], sys.argv[2]
r = json.load(open(report))
text = open(scraped, encoding="utf-8").read()

def fail(msg):
    print("check: " + msg)
    sys.exit(1)

# ---- the exposition format, parsed back ----
def unescape(v):
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "\\": "\\", '"': '"'}[m.group(1)], v)

types, helps, got = {}, {}, {}
sample = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$')
label = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?')
for line in text.splitlines():
    if line.startswith("# TYPE "):
        n, t = line[7:].split(" ", 1)
        types[n] = t
        continue
    if line.startswith("# HELP "):
        n, h = (line[7:].split(" ", 1) + [""])[:2]
        helps[n] = h
        continue
    if not line or line.startswith("#"):
        continue
    m = sample.match(line)
    if not m:
        fail("not a sample: %r" % line)
    labels = {}
    if m.group(3):
        pos = 0
        for lm in label.finditer(m.group(3)):
            if lm.start() != pos:
                fail("labels of %r" % line)
            pos = lm.end()
            if lm.group(2) != "":          # an empty label is no label (Prometheus)
                labels[lm.group(1)] = unescape(lm.group(2))
        if pos != len(m.group(3)):
            fail("labels of %r" % line)
    key = (m.group(1), tuple(sorted(labels.items())))
    if key in got:
        fail("a series twice: %r" % line)
    got[key] = float(m.group(4))

err = [v for (n, l), v in got.items() if n == "node_textfile_scrape_error"]
if err != [0.0]:
    fail("node_textfile_scrape_error is %s, not 0: the collector refused the file" % err)
if not any(n == "node_textfile_mtime_seconds" and dict(l).get("file", "").endswith("/swapplace.prom")
           for n, l in got):
    fail("node_textfile_mtime_seconds does not name swapplace.prom: the file was not read")

# ---- what the report holds, derived from report.json alone ----
want = {}
def put(name, labels, v):
    if v is None or (isinstance(v, float) and not math.isfinite(v)):
        return
    labels = {k: x for k, x in labels.items() if x != ""}
    want[(name, tuple(sorted(labels.items())))] = float(v)

devices = r.get("devices") or []
def on_disk(path, disk):
    if not disk or not path.startswith(disk):
        return False
    rest = path[len(disk):]
    if rest == "":
        return True
    if disk[-1].isdigit():
        if not rest.startswith("p"):
            return False
        rest = rest[1:]
    return rest.isdigit()
def model(res):
    dev = res.get("device") or ""
    m = None
    for d in devices:
        if not d.get("is_partition") and dev and on_disk(dev, d["path"]):
            m = d.get("model", "")
    if m is None and r.get("target") and res["kind"] in ("start", "end", "file", "zswap"):
        for d in devices:
            if d["path"] == r["target"]:
                m = d.get("model", "")
    return m or ""

mode = r["command"]
if mode == "measure" and any(x["kind"] in ("zram", "file") for x in r["results"]):
    mode = "try"
started = r.get("started_unix", 0)
run_id = time.strftime("%Y%m%d-%H%M%S", time.gmtime(started)) + "-%08x" % (r["seed"] & 0xffffffff)
m = r["machine"]
put("swapplace_info", {"version": r["tool_version"], "run_id": run_id, "mode": mode,
                       "machine_vendor": m.get("dmi_vendor", ""), "machine_model": m.get("dmi_model", "")}, 1)
if started > 0:
    put("swapplace_run_timestamp_seconds", {}, started)
if r.get("duration_s", 0) > 0:
    put("swapplace_run_duration_seconds", {}, r["duration_s"])

for x in r["results"]:
    who = {"placement": x["placement"], "kind": x["kind"], "model": model(x)}
    fp = x.get("fault_probe")
    integ = x.get("integrity") or {}
    if (x["status"] == "ok" and fp and not fp.get("invalid") and fp.get("samples", 0) > 0
            and fp.get("p50_us", 0) > 0 and not integ.get("mismatches")):
        put("swapplace_swapin_latency_seconds", dict(who, quantile="0.5"), fp["p50_us"] / 1e6)
        if fp.get("p99_us", 0) > 0:
            put("swapplace_swapin_latency_seconds", dict(who, quantile="0.99"), fp["p99_us"] / 1e6)
    sc = x.get("scenarios") or {}
    b = sc.get("build")
    if b:
        job = "build" if b.get("work_scale", 0) > 0 or b.get("job") == "build" else "user"
        if b["status"] == "ok":
            put("swapplace_build_wall_seconds", dict(who, job=job), b["wall_s"])
        put("swapplace_oom_killed", dict(who, scenario="build"), 1 if b["oom_killed"] else 0)
    for c in ((sc.get("service") or {}).get("cases") or []):
        w = dict(who, case=c["case"])
        if c["served"] > 0:
            put("swapplace_service_p95_seconds", w, c["p95_ms"] / 1e3)
        put("swapplace_service_top_speed_per_second", w, c["top_speed_per_s"])
        put("swapplace_oom_kills", w, c["oom_kills"])
    cache = sc.get("cache")
    for c in ((cache or {}).get("cases") or []):
        put("swapplace_oom_killed", dict(who, scenario="cache", case=format(c["cache_pct"], ".10g") + "%"),
            1 if c["oom_killed"] else 0)
    if sc.get("gc"):
        put("swapplace_oom_killed", dict(who, scenario="gc"), 1 if sc["gc"]["oom_killed"] else 0)

# ---- the two, side by side ----
mine = {k: v for k, v in got.items() if k[0].startswith("swapplace_")}
for k in sorted(set(want) - set(mine)):
    fail("not served: %s%s = %r" % (k[0], dict(k[1]), want[k]))
for k in sorted(set(mine) - set(want)):
    fail("served but not in the report: %s%s = %r" % (k[0], dict(k[1]), mine[k]))
for k, v in want.items():
    if mine[k] != v:
        fail("%s%s is %r, the report holds %r" % (k[0], dict(k[1]), mine[k], v))
families = ["swapplace_info", "swapplace_run_timestamp_seconds", "swapplace_run_duration_seconds",
            "swapplace_swapin_latency_seconds", "swapplace_build_wall_seconds",
            "swapplace_service_p95_seconds", "swapplace_service_top_speed_per_second",
            "swapplace_oom_kills", "swapplace_oom_killed"]
for f in families:
    if not any(n == f for n, _ in mine):
        fail("no %s" % f)
for f in set(n for n, _ in mine):
    if types.get(f) != "gauge":
        fail("%s is served as %s, not gauge" % (f, types.get(f)))
    if not helps.get(f) or helps[f].startswith("Metric read from"):
        fail("%s lost its HELP: %r" % (f, helps.get(f)))
print("ok: %s: %d swapplace series in %d families, each the report's" %
      (report, len(mine), len(set(n for n, _ in mine))))
EOF
}

start_exporter
for rep in "$TOP/tests/golden/report-synthetic.json" "$TOP/docs/sample/report.json"; do
	"$SP" report "$rep" --format prom -o "$TF/swapplace.prom" 2>"$D/err" ||
		fail "report --format prom -o exited $?: $(cat "$D/err")"
	"$SP" report "$rep" --format prom >"$D/stdout.prom" || fail "report --format prom exited $?"
	cmp -s "$D/stdout.prom" "$TF/swapplace.prom" || fail "-o and stdout differ"
	ls -a "$TF" | grep -q '^\.swapplace' && fail "a temporary file was left in the directory"
	scrape "$D/metrics" || fail "no answer from /metrics"
	check "$rep" "$D/metrics" || fail "node_exporter does not serve the report's figures"
done

# the check can fail: a malformed line, then a timestamp, each makes the collector refuse the file
for bad in 'swapplace_broken{placement="start" 1' 'swapplace_stamped 1 1767225600000'; do
	"$SP" report "$TOP/tests/golden/report-synthetic.json" --format prom -o "$TF/swapplace.prom" ||
		fail "report --format prom -o exited $?"
	printf '%s\n' "$bad" >>"$TF/swapplace.prom"
	scrape "$D/metrics" || fail "no answer from /metrics"
	grep -qx 'node_textfile_scrape_error 1' "$D/metrics" ||
		fail "a file with '$bad' did not make node_textfile_scrape_error 1"
	grep -q '^swapplace_' "$D/metrics" && fail "a refused file's series were served"
	if check "$TOP/tests/golden/report-synthetic.json" "$D/metrics" >"$D/check" 2>&1; then
		fail "the checker passed a scrape with a refused file: $(cat "$D/check")"
	fi
	grep -q 'node_textfile_scrape_error is \[1.0\]' "$D/check" ||
		fail "the checker failed for another reason: $(cat "$D/check")"
	echo "ok: '$bad' makes node_textfile_scrape_error 1 and the check fail"
done
stop_exporter
echo "ok: node_exporter serves every swapplace family with the report's values"
