#!/bin/bash
# compare-two-runs - two short real runs on one scratch loop disk (start and zram, scenario
# none, no profile; the second with another budget), compared in every format: the text names
# every placement and says the budgets differed, within 80 columns; the CSV parses and holds
# each placement's median per run; the HTML has one bar per measured placement per run and is
# well-formed; the PDF is on letter pages and names every placement. A JSON that is not
# a report and a report of another schema are refused with exit 2 and nothing on stdout.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
need_cmd python3
make_run_target
run() { # OUT BUDGET
	"$SWAPPLACE" run --target "$dev" --confirm "$size" --swap-size 128M --budget "$2" \
		--time-per-placement 2 --profile-time 0 --scenario none --only start,zram \
		--out "$1" >/dev/null 2>"$out/stderr" || { cat "$out/stderr"; fail "run failed"; }
}
run "$out/a" 32M
run "$out/b" 48M
A=$out/a/report.json B=$out/b/report.json
placements=$(python3 -c '
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
names = [x["placement"] for x in a["results"]]
names += [x["placement"] for x in b["results"] if x["placement"] not in names]
print(" ".join(names))' "$A" "$B")
echo "placements: $placements"
[ -n "$placements" ] || fail "no placements in the runs"

# text
"$SWAPPLACE" compare "$A" "$B" >"$out/cmp.txt" 2>"$out/err" || { cat "$out/err"; fail "compare (text) exited $?"; }
cat "$out/cmp.txt"
for p in $placements; do
	grep -q "^$p " "$out/cmp.txt" || fail "the text does not name '$p'"
done
grep -q "the runs used different budgets: 32 MiB, 48 MiB" "$out/cmp.txt" || fail "the text does not say the budgets differed"
awk 'length($0) > 80 { print "too long: " $0; bad = 1 } END { exit bad }' "$out/cmp.txt" || fail "text wider than 80 columns"

# csv
"$SWAPPLACE" compare "$A" "$B" --format csv >"$out/cmp.csv" || fail "compare (csv) exited $?"
python3 - "$out/cmp.csv" "$A" "$B" <<'PY' || fail "the CSV is wrong"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
head = rows[0]
assert head[:4] == ["placement", "metric", "case", "unit"] and len(head) == 6, head
for k, path in enumerate(sys.argv[2:]):
    r = json.load(open(path))
    for x in r["results"]:
        fp = x.get("fault_probe") or {}
        got = [row for row in rows[1:] if row[0] == x["placement"] and row[1] == "swapin_p50"]
        assert len(got) == 1, (x["placement"], got)
        if x["status"] == "ok" and fp.get("p50_us"):
            assert abs(float(got[0][4 + k]) - fp["p50_us"]) < 1e-6 * fp["p50_us"], (got, fp)
print("csv: %d rows" % (len(rows) - 1))
PY

# html
"$SWAPPLACE" compare "$A" "$B" --format html >"$out/cmp.html" || fail "compare (html) exited $?"
python3 - "$out/cmp.html" "$A" "$B" <<'PY' || fail "the HTML is wrong"
import html.parser, json, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
bars = []
class P(html.parser.HTMLParser):
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "rect" and a.get("class") == "bar":
            bars.append(a.get("data-name"))
P().feed(text)
# the SVG is XML: every <svg> block parses
import xml.dom.minidom
for svg in re.findall(r"<svg.*?</svg>", text, re.S):
    xml.dom.minidom.parseString(svg)
for k, path in enumerate(sys.argv[2:]):
    r = json.load(open(path))
    for x in r["results"]:
        fp = x.get("fault_probe") or {}
        want = 1 if x["status"] == "ok" and fp.get("p50_us") else 0
        name = "%s (run %d)" % (x["placement"], k + 1)
        assert bars.count(name) == want, (name, bars)
assert "the runs used different budgets" in text
print("html: %d bars" % len(bars))
PY

# pdf: letter pages, with every placement in its text
"$SWAPPLACE" compare "$A" "$B" --format pdf --paper letter >"$out/cmp.pdf" 2>"$out/err" ||
	fail "compare --format pdf: $(cat "$out/err")"
[ "$(head -c 5 "$out/cmp.pdf")" = "%PDF-" ] || fail "the PDF does not start with %PDF-"
if command -v pdftotext >/dev/null; then
	pdfinfo "$out/cmp.pdf" | grep -q '^Page size: *612 x 792' || fail "the PDF is not on letter pages"
	pdftotext "$out/cmp.pdf" "$out/cmp.pdf.txt"
	for pl in $(python3 -c 'import json,sys; print(" ".join(x["placement"] for x in json.load(open(sys.argv[1]))["results"]))' "$A"); do
		grep -q -- "$pl" "$out/cmp.pdf.txt" || fail "placement $pl is not in the PDF's text"
	done
fi

# refusals: exit 2, a message naming the file, nothing on stdout
echo '{"hello": "world"}' >"$out/not-a-report.json"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); r["schema"]="swapplace-report/2"; json.dump(r,open(sys.argv[2],"w"))' "$A" "$out/other.json"
for bad in "$out/not-a-report.json" "$out/other.json"; do
	rc=0
	"$SWAPPLACE" compare "$A" "$bad" >"$out/stdout" 2>"$out/err" || rc=$?
	cat "$out/err"
	[ "$rc" = 2 ] || fail "compare with '$bad' exited $rc, not 2"
	[ ! -s "$out/stdout" ] || fail "compare with '$bad' wrote to stdout"
	grep -q "refusing '$bad'" "$out/err" || fail "the message does not name '$bad'"
done
grep -q "swapplace-report/2" "$out/err" || fail "the other schema is not named"
rc=0
"$SWAPPLACE" compare "$A" >"$out/stdout" 2>"$out/err" || rc=$?
[ "$rc" = 2 ] && [ ! -s "$out/stdout" ] || fail "one file: exit $rc"
rc=0
"$SWAPPLACE" compare "$A" "$B" --format xml >"$out/stdout" 2>"$out/err" || rc=$?
[ "$rc" = 2 ] && [ ! -s "$out/stdout" ] || fail "unknown format: exit $rc"
echo ok
