#!/bin/bash
# tests/render/index-two-runs-and-a-broken-one.sh - `swapplace index DIR` on a reports directory
# with two runs (the golden synthetic report and a copy from another machine with another
# budget), a broken report.json and a refused run's folder (no report.json): index.html lists
# both runs oldest first with machine, disk and verdict, names the broken one as unreadable,
# links each run's files that exist (relative), compares the runs (the budget difference, a bar
# per placement per run), is well-formed, and is written atomically (no temporary left; an
# existing index.html replaced whole). The runs are grouped by machine model (a heading per DMI
# vendor and product, its runs' numbers, serials and fastest placements in a table under it, the
# models in name order, a machine without DMI last). A third run, another machine of the second
# run's model, rewrites it and joins that model's group. Then the appliance's hook: the
# init calls `swapplace index` on the stick's reports after a saved run, and a failing index
# costs nothing but the index.
. "$(dirname "$0")/../appliance/lib.sh" # the init's hook runs at the end

SP=$TOP/build/swapplace
[ -x "$SP" ] || skip "build/swapplace not built (make)"
command -v python3 >/dev/null || skip "needs python3"

scratch_dir D /tmp/swapplace-index.XXXXXX
R=$D/reports
mkdir -p "$R/20260101-aaa" "$R/20260102-bbb" "$R/20260103-broken" "$R/20260104-refused"
cp "$TOP/tests/golden/report-synthetic.json" "$R/20260101-aaa/report.json"
echo "<html>a run's page</html>" >"$R/20260101-aaa/report.html"
python3 - "$R/20260101-aaa/report.json" "$R/20260102-bbb/report.json" <<'EOF' || fail "cannot make the second report"
import json, sys
r = json.load(open(sys.argv[1]))
r["budget_bytes"] = 48 << 20
r["started_unix"] = r.get("started_unix", 0) + 86400
r.pop("started", None)
r["machine"]["dmi_vendor"] = "LENOVO"
r["machine"]["dmi_model"] = "ThinkCentre M700"
r["machine"]["dmi_serial"] = "PC0A1B2C"
json.dump(r, open(sys.argv[2], "w"), indent=1)
EOF
echo '{"schema": "swapplace-report/1", "results": [' >"$R/20260103-broken/report.json"
echo "refused: the disk is mounted" >"$R/20260104-refused/reason.txt"
echo "an old index" >"$R/index.html"

# groups INDEX 'MODEL:#,#;MODEL:#' [SERIAL...]: the section "Runs by machine model" has exactly
# these headings in this order, each with the runs (their numbers in the list) under it, and
# names the serials given
groups() {
	python3 - "$@" <<'EOF' || fail "the runs by machine model: see above"
import html.parser, sys
text = open(sys.argv[1], encoding="utf-8").read()
want = [(g.split(":")[0], g.split(":")[1].split(",")) for g in sys.argv[2].split(";")]

class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tag, self.on, self.groups, self.row, self.cell = None, False, [], None, None
    def handle_starttag(self, tag, attrs):
        self.tag = tag
        if tag == "tr" and self.on and self.groups:
            self.row = []
        if tag == "td" and self.row is not None:
            self.cell = ""
    def handle_endtag(self, tag):
        self.tag = None
        if tag == "td" and self.row is not None and self.cell is not None:
            self.row.append(self.cell)
            self.cell = None
        if tag == "tr" and self.row is not None:
            if self.row:
                self.groups[-1][1].append(self.row)
            self.row = None
    def handle_data(self, d):
        if self.tag == "h2":
            self.on = d.strip() == "Runs by machine model"
        elif self.tag == "h3" and self.on and d.strip():
            self.groups.append((d.strip(), []))
        if self.cell is not None:
            self.cell += d

p = P()
p.feed(text)
got = [(h.rsplit(":", 1)[0], [row[0] for row in rows]) for h, rows in p.groups]
if got != want:
    print("FAIL: groups %s, expected %s" % (got, want))
    sys.exit(1)
for h, rows in p.groups:
    n = len(rows)
    if not h.endswith(": %d %s" % (n, "run" if n == 1 else "runs")):
        print("FAIL: heading %r for %d runs" % (h, n))
        sys.exit(1)
    for row in rows:
        if len(row) != 7 or not row[4] or not row[6]:
            print("FAIL: a run's row %s" % row)
            sys.exit(1)
serials = [row[2] for _, rows in p.groups for row in rows]
for s in sys.argv[3:]:
    if s not in serials:
        print("FAIL: serial %s not in the groups: %s" % (s, serials))
        sys.exit(1)
print("groups: %s" % got)
EOF
}

"$SP" index "$R" 2>"$D/err" || fail "index exited $?: $(cat "$D/err")"
grep -q "lists 2 runs (1 unreadable), 2 compared" "$D/err" || fail "stderr: $(cat "$D/err")"
H=$R/index.html
grep -q "an old index" "$H" && fail "the old index.html was not replaced"
ls -a "$R" | grep -q '^\.index' && fail "a temporary index file was left behind"

python3 - "$H" <<'EOF' || fail "index.html: see above"
import html.parser, re, sys
text = open(sys.argv[1], encoding="utf-8").read()

class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.hrefs, self.bars, self.cells = [], [], [], []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a":
            self.hrefs.append(a.get("href"))
        if tag == "rect" and a.get("class") == "bar":
            self.bars.append(a.get("data-name"))
    def handle_data(self, d):
        self.cells.append(d)

p = P()
p.feed(text)
body = " ".join(p.cells)
def need(cond, what):
    if not cond:
        print("FAIL:", what)
        sys.exit(1)
need("swapplace lab index" in body, "no title")
need("Runs on this stick" in body, "no list of runs")
need("LENOVO ThinkCentre M700 (serial PC0A1B2C)" in body, "the second run's machine and its DMI serial are not listed")
need("20260101-aaa" in body and "20260102-bbb" in body, "a run's folder is not listed")
need(body.index("20260101-aaa") < body.index("20260102-bbb"), "runs not oldest first")
need("Unreadable" in body and "20260103-broken/report.json" in body, "the broken report is not named")
need("20260104-refused" not in body, "a folder without report.json was listed")
need("the runs used different budgets: 256 MiB, 48 MiB" in body, "the budget difference is not said")
need("the runs were made on different machines" in body, "the machine difference is not said")
need("20260101-aaa/report.html" in p.hrefs and "20260101-aaa/report.json" in p.hrefs, "links of run 1: %s" % p.hrefs)
need("20260102-bbb/report.json" in p.hrefs and "20260102-bbb/report.html" not in p.hrefs, "links of run 2: %s" % p.hrefs)
need(all(h and not h.startswith("/") and "://" not in h for h in p.hrefs), "a link is not relative: %s" % p.hrefs)
# the verdict's first sentence of the synthetic run
need(re.search(r"fastest|slower|faster|build", body) is not None, "no verdict sentence")
# one bar per measured placement per run in the chart
for pl in ["start", "end", "file", "zram-lz4", "zram-lzo"]:
    for k in (1, 2):
        n = p.bars.count("%s (run %d)" % (pl, k))
        need(n == 1, "%d bars for %s run %d" % (n, pl, k))
print("index.html: %d links, %d bars" % (len(p.hrefs), len(p.bars)))
EOF
groups "$H" "LENOVO ThinkCentre M700:2;QEMU Standard PC (Q35 + ICH9, 2009):1" PC0A1B2C

# a third run rewrites it: another machine of the second run's model joins its group
mkdir -p "$R/20260105-ccc"
sed 's/"PC0A1B2C"/"PC0Z9Y8X"/' "$R/20260102-bbb/report.json" >"$R/20260105-ccc/report.json"
"$SP" index "$R" 2>"$D/err" || fail "second index exited $?"
grep -q "lists 3 runs (1 unreadable), 3 compared" "$D/err" || fail "stderr: $(cat "$D/err")"
grep -q "20260105-ccc" "$H" || fail "the third run is not listed"
groups "$H" "LENOVO ThinkCentre M700:2,3;QEMU Standard PC (Q35 + ICH9, 2009):1" PC0A1B2C PC0Z9Y8X
# a machine without DMI tables: its own group, after every named model
mkdir -p "$R/20260106-nodmi"
python3 - "$R/20260101-aaa/report.json" "$R/20260106-nodmi/report.json" <<'EOF' || fail "cannot make a report without DMI"
import json, sys
r = json.load(open(sys.argv[1]))
r["started_unix"] = r.get("started_unix", 0) + 5 * 86400
r.pop("started", None)
r["machine"]["dmi_vendor"] = r["machine"]["dmi_model"] = ""
json.dump(r, open(sys.argv[2], "w"), indent=1)
EOF
"$SP" index "$R" 2>"$D/err" || fail "index with a run without DMI exited $?"
groups "$H" "LENOVO ThinkCentre M700:2,3;QEMU Standard PC (Q35 + ICH9, 2009):1;unknown machine:4"
rm -r "$R/20260106-nodmi"

# more runs than a comparison holds: all listed, the 16 most recent compared
for i in $(seq 10 24); do
	mkdir -p "$R/202601$i-more"
	cp "$R/20260101-aaa/report.json" "$R/202601$i-more/report.json"
done
"$SP" index "$R" 2>"$D/err" || fail "index of 18 runs exited $?"
grep -q "lists 18 runs (1 unreadable), 16 compared" "$D/err" || fail "stderr: $(cat "$D/err")"
grep -q "holds the 16 most recent" "$H" || fail "the index does not say it compares the 16 most recent"

# not a directory: a usage error, nothing written
rc=0
"$SP" index "$D/nowhere" 2>"$D/err" || rc=$?
[ "$rc" = 2 ] || fail "index of a missing directory exited $rc, not 2"
grep -q "cannot index '$D/nowhere'" "$D/err" || fail "no clear message: $(cat "$D/err")"
echo "ok: index of two runs, a broken one and a refused folder"

# the appliance: after a saved run the init rewrites the index; a failing index fails nothing
hook() {
	# the mock's index: succeeds, unless hook_fails made it fail first
	grep -q '^index)' "$MOCK/swapplace" ||
		sed -i 's/^case \$1 in$/case $1 in\nindex) exit 0 ;;/' "$MOCK/swapplace"
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\n' >"$STICK/swapplace.conf"
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	[ "$(calls swapplace | grep -c "^swapplace index $STICK/reports\$")" = 1 ] ||
		fail "index not called once on the stick's reports: $(calls swapplace)"
	[ "$(line_of '^swapplace index')" -gt "$(line_of '^swapplace run')" ] || fail "index before the run"
	has_out "saved on the stick: reports/" || fail "report not saved"
	if [ "${INDEX_FAILS:-}" ]; then
		has_out "could not rewrite reports/index.html (the report itself is saved)" ||
			fail "a failing index is not said"
	else
		has_out "the stick's index lists this run: reports/index.html" || fail "index not announced"
	fi
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "did not power off after the index"
	return 0
}
for_each_shell hook
# the mock's index fails: the run is saved and the appliance goes on
hook_fails() {
	sed -i 's/^case \$1 in$/case $1 in\nindex) exit 1 ;;/' "$MOCK/swapplace"
	INDEX_FAILS=1 hook
}
for_each_shell hook_fails
# a refused run saves no report.json: no index is written for it
hook_refused() {
	printf 'auto = yes\ntarget = NOSUCHSERIAL\nconfirm = NOSUCHSERIAL\n' >"$STICK/swapplace.conf"
	run_init
	calls swapplace | grep -q '^swapplace index' && fail "index called for a run without report.json"
	return 0
}
for_each_shell hook_refused
exit 0
