#!/bin/bash
# tests/render/report-formats-carry-the-same-sentences.sh - report.txt, report.html and report.pdf
# are one document in three layouts, so they say the same sentences: every section title,
# paragraph, bullet, caption and table note of report.txt is found in the PDF's text
# (pdftotext) and in the HTML's text (tags stripped, entities unescaped), and every paragraph
# and bullet of the HTML is found in report.txt. Line wrapping, hyphenation at a line end,
# the PDF's page footers and ligatures are undone before comparing (all white space is
# dropped on both sides). A missing sentence is printed with the format that lacks it. The
# check proves it can fail: the same comparison against a report.txt with one word changed
# must report that sentence.
# runner: may run beside another test
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
SP=build/swapplace
[ -x $SP ] || skip "build/swapplace not built (make)"
command -v pdftotext >/dev/null || skip "needs pdftotext (poppler-utils)"
command -v python3 >/dev/null || skip "needs python3"
FIX=tests/golden/report-synthetic.json
scratch_dir W /tmp/swapplace-sentences.XXXXXX

$SP report $FIX --format text >"$W/report.txt" || fail "text"
$SP report $FIX --format html >"$W/report.html" || fail "html"
$SP report $FIX --format pdf -o "$W/report.pdf" 2>/dev/null || fail "pdf"
pdftotext "$W/report.pdf" "$W/pdf.txt" || fail "pdftotext cannot read the pdf"

cat >"$W/same.py" <<'PY'
import html.parser, re, sys, unicodedata

txt_path, html_path, pdf_path = sys.argv[1:4]


def flat(s):
    """The text with every white space dropped: wrapping and hyphenation at a line end undone."""
    s = unicodedata.normalize("NFKC", s)  # a ligature (fi) is its letters again
    return re.sub(r"\s+", "", s)


def sentences(para):
    """A paragraph in sentences (and clauses): small units survive a page break's footer."""
    return [s for s in re.split(r"(?<=[.;:])\s+", para.strip()) if len(s) > 1]


def fact_lines(lines):
    """The lines of facts blocks: two or more "Key: value" lines whose values start in one
    column (the longest key has a single blank after its colon, like a sentence)."""
    facts, i = set(), 0
    fact = re.compile(r"([^ ][^:]{0,40}): +\S")
    while i < len(lines):
        j = i
        cols = {}
        while j < len(lines) and lines[j].strip():
            m = fact.match(lines[j])
            if m:
                cols.setdefault(m.end() - 1, []).append(j)
            j += 1
        for col, at in cols.items():
            if len(at) >= 2:
                facts.update(at)
        i = j + 1
    return facts


def txt_prose(text):
    """report.txt's titles, paragraphs, bullets, captions and notes, each as one string.

    Tables, facts, charts and the appendix's preformatted figures line up in columns (a run
    of two blanks, or an indent); prose never does, except a bullet's continuation lines."""
    out, cur, bullet = [], [], False
    lines = text.split("\n")
    facts = fact_lines(lines)

    def done():
        nonlocal cur, bullet
        if cur:
            out.append(" ".join(cur))
        cur, bullet = [], False

    for i, l in enumerate(lines):
        if not l.strip() or re.fullmatch(r"[=-]+", l) or l.startswith("[chart:"):
            done()
            continue
        if i in facts:  # "Key:   value" lines, their values aligned
            done()
            continue
        if bullet and l.startswith("  ") and "  " not in l.strip():
            cur.append(l.strip())
            continue
        if l.startswith(" ") or "  " in l:
            done()
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if l.startswith("- "):
            done()
            cur, bullet = [l[2:]], True
            continue
        if re.fullmatch(r"[=-]+", nxt):  # a title: a unit of its own
            done()
            out.append(l)
            continue
        if bullet:
            done()
        cur.append(l)
    done()
    return out


class Text(html.parser.HTMLParser):
    """The HTML's text, and its paragraphs and list items, entities unescaped."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.all, self.prose, self.skip, self.foot, self.cur = [], [], 0, 0, None

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.skip += 1
        if tag == "footer":  # page furniture, like the PDF's footer: not a sentence
            self.foot += 1
        if tag in ("p", "li") and not self.skip and not self.foot:
            self.cur = []

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1
        if tag == "footer":
            self.foot -= 1
        if tag in ("p", "li") and self.cur is not None:
            self.prose.append("".join(self.cur))
            self.cur = None
        self.all.append("\n")

    def handle_data(self, data):
        if self.skip:
            return
        self.all.append(data)
        if self.cur is not None:
            self.cur.append(data)


def pdf_text(raw):
    """pdftotext's text without what every page repeats: its footer and its page number."""
    pages = raw.split("\f")
    lines = [l for p in pages for l in p.split("\n")]
    counts = {}
    for l in lines:
        if l.strip():
            counts[l] = counts.get(l, 0) + 1
    repeated = {l for l, n in counts.items() if n >= len(pages) - 1 and len(pages) > 2}
    keep = [l for l in lines if l not in repeated and not re.fullmatch(r"page \d+ of \d+", l)]
    return "\n".join(keep)


def missing(units, where):
    hay = flat(where)
    return [u for u in units if flat(u) not in hay]


def check(txt):
    h = Text()
    h.feed(open(html_path, encoding="utf-8").read())
    html_all = "".join(h.all)
    pdf_all = pdf_text(open(pdf_path, encoding="utf-8").read())
    units = [s for p in txt_prose(txt) for s in sentences(p)]
    bad = 0
    for fmt, where in (("report.pdf", pdf_all), ("report.html", html_all)):
        for s in missing(units, where):
            print("%s lacks: %s" % (fmt, s))
            bad += 1
    back = [s for p in h.prose for s in sentences(p)]
    for s in missing(back, txt):
        print("report.txt lacks (from report.html): %s" % s)
        bad += 1
    return units, back, bad


txt = open(txt_path, encoding="utf-8").read()
units, back, bad = check(txt)
if len(units) < 100 or len(back) < 40:
    print("too few sentences compared: %d of report.txt, %d of the html" % (len(units), len(back)))
    sys.exit(1)
if bad:
    sys.exit(1)
print("%d sentences of report.txt in the pdf and the html, %d of the html in report.txt"
      % (len(units), len(back)))

# the check can fail: one word changed in report.txt is one sentence the others lack
planted = txt.replace("ran fastest with", "ran slowest with", 1)
assert planted != txt, "the planted sentence's words are not in report.txt"
_, _, bad = check(planted)
if bad < 2:  # the pdf and the html each lack it, and report.txt lacks the html's
    print("a planted difference went unnoticed")
    sys.exit(1)
print("a planted difference is found (%d reports)" % bad)
PY
python3 "$W/same.py" "$W/report.txt" "$W/report.html" "$W/pdf.txt" >"$W/out" 2>&1 ||
	fail "the formats do not carry the same sentences:
$(cat "$W/out")"
cat "$W/out"
echo "ok: report.txt, report.html and report.pdf carry the same sentences"
