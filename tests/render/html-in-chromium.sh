#!/bin/bash
# tests/render/html-in-chromium.sh - the HTML report as a reader gets it. For a document with every
# block kind and a chart of each kind (render-html --demo-doc) and for the report documents of
# the suite's report files (tests/fixtures, tests/golden):
#  - every <svg>...</svg> is well-formed XML (python3's xml.etree), one per chart that has
#    something to draw, with one rect.bar per measured bar named after it, one rect.gap per
#    unmeasured one, one polyline.series per series and one rect.range per range; for a
#    report, every placement with a measured median is a bar of some chart (when the document
#    has bar charts at all);
#  - the file references nothing outside itself (no script, src=, href=, url(, http: but the
#    SVG namespace's name);
#  - Debian's chromium, headless, renders the page and each chart to a PNG (decoded here with
#    zlib): the page has ink, each chart's box has ink, and inside every rect.bar the pixels
#    are drawn (the bar is painted where the SVG says).
# Exit 77 when chromium is absent (after the XML checks) or python3 is.
# runner: may run beside another test
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
RH=build/tests/render-html
[ -x "$RH" ] || skip "$RH not built (make tests)"
need_cmd python3
scratch_dir W
# KEEP_SHOTS=DIR keeps the pages and their screenshots of a failed run
on_fail() { [ -n "${KEEP_SHOTS:-}" ] && cp "$W"/*.png "$W"/*.html "$KEEP_SHOTS"/ 2>/dev/null; }

inputs=(--demo-doc)
for f in tests/fixtures/report-*.json tests/golden/report-*.json; do
	[ -f "$f" ] || continue
	grep -q '"schema": *"swapplace-report/1"' "$f" || continue # the wrong-schema fixture
	inputs+=("$f")
done

CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
n=0
for in in "${inputs[@]}"; do
	n=$((n + 1))
	html=$W/doc$n.html man=$W/doc$n.manifest
	rc=0
	"$RH" "$in" "$html" "$man" || rc=$?
	if [ $rc = 3 ] && [ "$in" != --demo-doc ]; then
		echo "  $in: not a report the reader accepts (a fixture of bad input): not rendered"
		n=$((n - 1))
		continue
	fi
	[ $rc = 0 ] || fail "render-html $in (exit $rc)"
	[ -s "$html" ] || fail "$in: empty HTML"
	json=""
	[ "$in" = --demo-doc ] || json=$in
	python3 - "$html" "$man" "$json" "$W/page$n.html" <<'EOF' || fail "$in: the HTML's SVG does not match its document"
import json, re, sys
import xml.etree.ElementTree as ET

html_path, man_path, json_path, page_path = sys.argv[1:5]
html = open(html_path, encoding="utf-8").read()
ok = True
def bad(msg):
    global ok
    ok = False
    print("  " + msg)

# nothing external
stripped = html.replace('xmlns="http://www.w3.org/2000/svg"', "")
for pat in ("http:", "https:", "src=", "href=", "url(", "<script", "<link", "@import"):
    if pat in stripped:
        bad("the HTML references something outside itself: %r" % pat)
if not html.startswith("<!DOCTYPE html>") or '<meta charset="utf-8">' not in html:
    bad("not an HTML5 file with its charset")

charts = []
for line in open(man_path, encoding="utf-8"):
    f = dict(kv.split("=", 1) for kv in line.rstrip("\n").split("\t")[1:])
    charts.append(f)
drawn = [c for c in charts if c["drawn"] == "1"]
svgs = re.findall(r"<svg\b.*?</svg>", html, re.S)
if len(svgs) != len(drawn):
    bad("%d <svg> for %d charts with something to draw" % (len(svgs), len(drawn)))
bar_names = set()
boxes = []  # per svg: (w_px, h_px, [bar rects in px])
for i, (svg, c) in enumerate(zip(svgs, drawn)):
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as e:
        bad("svg %d is not well-formed XML: %s" % (i, e))
        continue
    ns = "{http://www.w3.org/2000/svg}"
    def cls(tag, name):
        return [e for e in root.iter(ns + tag) if e.get("class") == name]
    bars, gaps = cls("rect", "bar"), cls("rect", "gap")
    series, ranges = cls("polyline", "series"), cls("rect", "range")
    for what, got, want in (("rect.bar", len(bars), c["bars"]), ("rect.gap", len(gaps), c["gaps"]),
                            ("polyline.series", len(series), c["series"]),
                            ("rect.range", len(ranges), c["ranges"])):
        if got != int(want):
            bad("svg %d: %d %s, expected %s" % (i, got, what, want))
    names = [b.get("data-name") for b in bars]
    want = c["names"].split("|") if c["names"] else []
    if sorted(names) != sorted(want):
        bad("svg %d: bars named %s, expected %s" % (i, names, want))
    bar_names.update(names)
    vb = [float(v) for v in root.get("viewBox").split()]
    scale = float(root.get("width")) / vb[2]
    boxes.append((float(root.get("width")), float(root.get("height")),
                  [[float(b.get(k)) * scale for k in ("x", "y", "width", "height")] for b in bars]))
    print("  svg %d: %d bars, %d gaps, %d series, %d ranges, %d elements" %
          (i, len(bars), len(gaps), len(series), len(ranges), len(list(root.iter()))))

# a report: each placement with a measured median is a bar (when there are bar charts)
if json_path:
    rep = json.load(open(json_path))
    measured = {r.get("placement") for r in rep.get("results", [])
                if r.get("status") == "ok" and isinstance(r.get("fault_probe"), dict)
                and (r["fault_probe"].get("p50_us") or 0) > 0}
    if any(int(c["bars"]) for c in drawn):
        missing = measured - bar_names
        if missing:
            bad("measured placements without a bar: %s" % sorted(missing))
    else:
        print("  no bar chart in this report's document (placements: %s)" % sorted(measured))

# the page for the screenshot: each chart's <svg> at a known place, and where its bars are
top, parts = 0, []
for svg, (w, h, _) in zip(svgs, boxes):
    parts.append('<div style="position:absolute;left:0;top:%dpx">%s</div>' % (top, svg))
    top += int(h) + 20
open(page_path, "w", encoding="utf-8").write(
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>body{margin:0;'
    'background:#fff}svg{display:block}</style></head><body>%s</body></html>' % "".join(parts))
json.dump({"boxes": boxes, "height": top}, open(page_path + ".json", "w"))
sys.exit(0 if ok else 1)
EOF
done

[ -n "$CHROMIUM" ] || skip "no chromium to render the HTML (the XML checks passed)"

shot() { # URL PNG WIDTH HEIGHT
	local ud
	ud=$(mktemp -d "$W/chromium.XXXXXX")
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--hide-scrollbars --force-device-scale-factor=1 --user-data-dir="$ud" \
		--window-size="$3,$4" --screenshot="$2" "$1" >"$W/chromium.log" 2>&1
	[ -s "$2" ] || { tail -n 5 "$W/chromium.log"; fail "chromium wrote no screenshot of $1"; }
}

# the PNG decoder and the ink checks: png FILE, then boxes to check
cat >"$W/ink.py" <<'EOF'
import json, struct, sys, zlib

def png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        ln, typ = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + ln]
        if typ == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif typ == b"IDAT":
            idat += body
        pos += 12 + ln
    assert depth == 8 and ctype in (2, 6), "unexpected PNG format %d/%d" % (depth, ctype)
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows

def ink(img, x0, y0, x1, y1):
    """share of non-white pixels in [x0, x1) x [y0, y1)"""
    w, h, bpp, rows = img
    x0, y0, x1, y1 = max(0, int(x0)), max(0, int(y0)), min(w, int(x1)), min(h, int(y1))
    n = dark = 0
    for y in range(y0, y1):
        r = rows[y]
        for x in range(x0, x1):
            n += 1
            if min(r[x * bpp], r[x * bpp + 1], r[x * bpp + 2]) < 235:
                dark += 1
    return dark / n if n else 0.0

mode, path = sys.argv[1], sys.argv[2]
img = png(path)
ok = True
if mode == "page":
    share = ink(img, 0, 0, img[0], img[1])
    print("  page %dx%d: %.1f %% ink" % (img[0], img[1], 100 * share))
    ok = share > 0.002  # a page of text alone has some; a blank one none
else:
    lay, top = json.load(open(sys.argv[3])), 0
    for i, (w, h, bars) in enumerate(lay["boxes"]):
        share = ink(img, 0, top, w, top + h)
        print("  chart %d at y=%d (%dx%d px): %.1f %% ink" % (i, top, w, h, 100 * share))
        if share < 0.03:
            print("  chart %d: almost nothing drawn" % i); ok = False
        for bx, by, bw, bh in bars:
            # the bar's inside (a whisker's white halo may cross its end: most, not all)
            s = ink(img, bx + 1.5, top + by + 1.5, bx + max(bw - 1.5, 2.5), top + by + bh - 1.5)
            if s < 0.6:
                print("  chart %d: bar at %.0f,%.0f not painted (%.0f %%)" % (i, bx, by, 100 * s))
                ok = False
        top += int(h) + 20
sys.exit(0 if ok else 1)
EOF

for i in $(seq 1 $n); do
	h=$(python3 -c "import json,sys; print(int(json.load(open(sys.argv[1]))['height']))" "$W/page$i.html.json")
	if [ "$h" -gt 0 ]; then
		# headless chromium's viewport is shorter than a small window (seen: 127 px asked,
		# about 40 px painted): ask for room below the charts
		shot "file://$W/page$i.html" "$W/charts$i.png" 700 $((h + 400))
		python3 "$W/ink.py" charts "$W/charts$i.png" "$W/page$i.html.json" ||
			fail "doc $i: a chart is not painted where its SVG says"
	fi
	shot "file://$W/doc$i.html" "$W/doc$i.png" 1000 3000
	python3 "$W/ink.py" page "$W/doc$i.png" || fail "doc $i: the page is blank"
done
[ -n "${KEEP_SHOTS:-}" ] && cp "$W"/*.png "$KEEP_SHOTS"/ && echo "screenshots in $KEEP_SHOTS"
echo "ok: $n documents rendered, their SVG matches the model, chromium paints them"
exit 0
