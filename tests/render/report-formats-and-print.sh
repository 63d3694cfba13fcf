#!/bin/bash
# tests/render/report-formats-and-print.sh - `swapplace report FIXTURE --format F` for every format
# (json, text, csv and html on stdout; pdf and ps with -o, written whole or not at all), an
# unknown format refused with exit 2 and no file, pdf and ps refused on a terminal (a pty from
# script) with exit 2; `swapplace print --printer FILE --printer-file` with a
# regular file standing in for the printer: text is 7-bit ASCII with CR LF, 60 lines a page
# and a form feed between pages; ps starts %!PS and pdf %PDF-; a regular file without
# --printer-file is refused and unchanged (`print r.json --printer r.json`), and the report
# is never printed onto itself; a printer path that does not exist is refused and not
# created, a directory is not a printer, a FIFO nobody reads is refused without hanging and
# one that is read is printed into, a character device (/dev/null) is.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
SP=build/swapplace
[ -x $SP ] || skip "build/swapplace not built (make)"
FIX=tests/golden/report-synthetic.json # about 650 text lines: a dozen printed pages
scratch_dir W /tmp/swapplace-report-sh.XXXXXX

# --- report, every format on stdout where it is text
$SP report $FIX --format json >"$W/r.json" || fail "json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"].startswith("swapplace-report/")' "$W/r.json" ||
	fail "the json rendering does not parse"
$SP report $FIX --format text >"$W/r.txt" || fail "text"
cmp -s "$W/r.txt" <($SP report $FIX) || fail "text is not the default"
grep -q '^Verdict$' "$W/r.txt" || fail "no verdict in the text"
$SP report $FIX --format csv >"$W/r.csv" || fail "csv"
# every placement of the report is a row (summary.csv: a "row" column, then "placement")
python3 - "$W/r.csv" "$FIX" <<'PY' || fail "the csv does not list every placement under a header naming it"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
want = [x["placement"] for x in json.load(open(sys.argv[2]))["results"]]
got = [r["placement"] for r in rows if r.get("row") == "placement"]
sys.exit(0 if got == want else "placements %s, want %s" % (got, want))
PY
$SP report $FIX --format html >"$W/r.html" || fail "html"
grep -qi '<!DOCTYPE html>' "$W/r.html" || fail "no html document"
grep -q '</html>' "$W/r.html" || fail "html not closed"
# -o is the same bytes, atomically: no temporary left beside it
$SP report $FIX --format csv -o "$W/o.csv" 2>"$W/err" || fail "csv -o: $(cat "$W/err")"
cmp -s "$W/o.csv" "$W/r.csv" || fail "-o wrote other bytes than stdout"
[ -z "$(find "$W" -name '.*' -type f)" ] || fail "a temporary file was left: $(find "$W" -name '.*')"

# --- an unknown format: usage error (2), nothing written
$SP report $FIX --format docx -o "$W/x.docx" >"$W/out" 2>"$W/err"
[ $? = 2 ] || fail "unknown format: exit $? (want 2)"
grep -q "invalid value 'docx' for --format" "$W/err" || fail "no clear message: $(cat "$W/err")"
[ ! -e "$W/x.docx" ] && [ ! -s "$W/out" ] || fail "something was written for an unknown format"

# --- pdf and ps: documents
for f in pdf ps; do
	$SP report $FIX --format $f -o "$W/r.$f" 2>"$W/err" || fail "$f failed: $(cat "$W/err")"
	case $f in
	pdf) head -c 5 "$W/r.pdf" | grep -q '^%PDF-' || fail "report.pdf does not start %PDF-" ;;
	ps) head -c 4 "$W/r.ps" | grep -q '^%!PS' || fail "the PostScript does not start %!PS" ;;
	esac
done
[ -z "$(find "$W" -name '.*' -type f)" ] || fail "a temporary file was left"
# on a terminal (script gives the command a pty) pdf and ps are refused before anything is read
if command -v script >/dev/null 2>&1; then
	for f in pdf ps; do
		script -qec "$SP report $FIX --format $f" /dev/null >"$W/tty" 2>&1
		rc=$?
		[ $rc = 2 ] || fail "$f on a terminal: exit $rc (want 2): $(cat "$W/tty")"
		grep -q "not writing $f to a terminal: use -o FILE" "$W/tty" || fail "no clear message: $(cat "$W/tty")"
	done
	script -qec "$SP report $FIX --format text" /dev/null >"$W/tty" 2>&1 || fail "text on a terminal refused"
fi

# --- a regular file is no printer unless --printer-file says so: `print r.json --printer
# r.json` is refused and r.json stays as it was (issue 19); with --printer-file, never the
# report itself
cp $FIX "$W/r.json"
sum=$(sha256sum <"$W/r.json")
rc=0
$SP print "$W/r.json" --printer "$W/r.json" 2>"$W/err" || rc=$?
[ $rc = 1 ] || fail "print onto a regular file: exit $rc (want 1)"
grep -q "'$W/r.json' is a regular file, not a printer: left as it is" "$W/err" || fail "no clear message: $(cat "$W/err")"
[ "$(sha256sum <"$W/r.json")" = "$sum" ] || fail "the report was changed by a refused print"
$SP print "$W/r.json" --printer "$W/r.json" --printer-file 2>"$W/err" && fail "printed a report onto itself"
grep -q "onto itself" "$W/err" || fail "no clear message: $(cat "$W/err")"
[ "$(sha256sum <"$W/r.json")" = "$sum" ] || fail "the report was changed by a print onto itself"

# --- print text: a regular file stands in for the printer
: >"$W/lp0"
$SP print $FIX --printer "$W/lp0" --printer-file 2>"$W/err" || fail "print: $(cat "$W/err")"
grep -Eq "sent $(stat -c %s "$W/lp0") bytes \(text, [0-9]+ pages\) to '$W/lp0'" "$W/err" ||
	fail "print did not say what it sent: $(cat "$W/err") (file: $(stat -c %s "$W/lp0") bytes)"
# the pages it said it sent: the file below must hold exactly that many, each numbered of them
NPAGES=$(sed -n 's/.*(text, \([0-9]*\) pages).*/\1/p' "$W/err")
python3 - "$W/lp0" "$W/r.txt" "$NPAGES" <<'PY' || fail "the printed text breaks a rule"
import sys
b = open(sys.argv[1], "rb").read()
txt = open(sys.argv[2], "rb").read()
bad = [c for c in b if (c < 0x20 and c not in (0x0a, 0x0d, 0x0c)) or c >= 0x7f]
assert not bad, "non-ASCII or control bytes: %r" % bad[:10]
assert b"\n" not in b.replace(b"\r\n", b""), "a LF without CR"
assert b"\r" not in b.replace(b"\r\n", b""), "a CR without LF"
pages = b.split(b"\f")
n = int(sys.argv[3])
assert len(pages) == n and n >= 2, "%d pages, said %d" % (len(pages), n)
for i, p in enumerate(pages, 1):
    lines = p.split(b"\r\n")
    assert lines[-1] == b"", "page %d does not end with a line end" % i
    lines = lines[:-1]
    assert len(lines) <= 60, "page %d has %d lines" % (i, len(lines))
    assert (b"page %d of %d" % (i, n)) in lines[0], "page %d header: %r" % (i, lines[0])
    assert b"run " in lines[0]
    assert max(len(l) for l in lines) <= 80, "page %d is wider than 80 columns" % i
# every line of the report is printed, in order
body = [l for p in pages for l in p.split(b"\r\n")[2:] if True]
want = txt.split(b"\n")
want = [w for w in want if w != b""]
got = [l for l in body if l != b""]
assert got == want, "the printed lines are not the report's"
print("printed: %d bytes, %d pages" % (len(b), len(pages)))
PY

# --- print ps and pdf
for f in ps pdf; do
	: >"$W/lp-$f"
	$SP print $FIX --printer "$W/lp-$f" --printer-file --format $f 2>"$W/err" || fail "print --format $f: $(cat "$W/err")"
	case $f in
	ps) head -c 4 "$W/lp-ps" | grep -q '^%!PS' || fail "printed ps does not start %!PS" ;;
	pdf) head -c 5 "$W/lp-pdf" | grep -q '^%PDF-' || fail "printed pdf does not start %PDF-" ;;
	esac
done

# --- a printer that is not there: refused, never created
$SP print $FIX --printer "$W/usb/lp0" 2>"$W/err" && fail "printed to a missing printer"
grep -q "no printer at '$W/usb/lp0'" "$W/err" || fail "no clear message: $(cat "$W/err")"
[ ! -e "$W/usb/lp0" ] && [ ! -e "$W/usb" ] || fail "the missing printer was created"
$SP print $FIX --printer "$W/nope" 2>/dev/null && fail "printed to a missing printer"
[ ! -e "$W/nope" ] || fail "the missing printer was created"
# a directory or a FIFO is not a printer (and the FIFO's open must not hang)
mkdir "$W/dir"
$SP print $FIX --printer "$W/dir" 2>"$W/err" && fail "printed to a directory"
grep -q "'$W/dir' is not a printer" "$W/err" || fail "no clear message for a directory: $(cat "$W/err")"
mkfifo "$W/fifo"
# a FIFO the user names is taken when something reads it; nobody reading: refused at once
timeout 10 $SP print $FIX --printer "$W/fifo" 2>"$W/err"
[ $? = 1 ] || fail "a FIFO as printer: exit $? (want 1; 124 is a hang)"
grep -q "nothing reads the FIFO" "$W/err" || fail "no clear message for a FIFO: $(cat "$W/err")"
cat "$W/fifo" >"$W/fifo.out" &
reader=$!
for _ in $(seq 50); do [ -e /proc/$reader ] && break; sleep 0.1; done
sleep 0.2
timeout 10 $SP print $FIX --printer "$W/fifo" 2>"$W/err" || fail "print into a read FIFO: $(cat "$W/err")"
wait $reader
[ -s "$W/fifo.out" ] || fail "nothing came out of the FIFO"
# a character device is a printer: /dev/null takes every byte
$SP print $FIX --printer /dev/null 2>"$W/err" || fail "print to /dev/null: $(cat "$W/err")"
grep -q "sent [0-9]* bytes (text, $NPAGES pages) to '/dev/null'" "$W/err" || fail "$(cat "$W/err")"
# a malformed report sends nothing
: >"$W/lp-bad"
$SP print tests/fixtures/report-wrong-schema.json --printer "$W/lp-bad" --printer-file 2>"$W/err" && fail "printed a report of another schema"
[ ! -s "$W/lp-bad" ] || fail "bytes sent for a report that does not parse"
echo "ok: report in every format, print to a stand-in printer"
exit 0
