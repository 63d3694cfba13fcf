#!/bin/bash
# tests/render/pdf-demo-carries-every-title-and-cell.sh - the PDF of the demo document (every block
# kind, a table of 90 rows over three pages) carries every section title and every table cell
# as text (pdftotext), each section title on the page the layout record gives, and as many
# pages as the layout record and pdfinfo say; then the same for a report JSON built through
# sp_report_doc_build (its cells checked word by word: a long cell wraps). One document and
# one creation date render to the same bytes; the fonts are DejaVu Sans, Bold and Mono,
# embedded.
. "$(dirname "$0")/lib.sh"
need_render_pdf pdftotext pdfinfo

pages_of() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

# check_doc PDF LAYOUT WORDS whole|words
check_doc() {
	local pdf=$1 lay=$2 words=$3 how=$4 n missing=0 kind text p t
	pdftotext -layout "$pdf" "$W/all.txt" || fail "pdftotext cannot read $pdf"
	# a title that wraps is found in the text with its lines joined
	tr -s ' \n' '  ' <"$W/all.txt" >"$W/flat.txt"
	n=$(awk '$1 == "pages" {print $2}' "$lay")
	[ "$n" -ge 1 ] || fail "layout record of $pdf has no page count"
	[ "$(pages_of "$pdf")" = "$n" ] || fail "$pdf: pdfinfo says $(pages_of "$pdf") pages, the layout $n"
	# pdftotext ends every page with a form feed
	[ "$(tr -cd '\f' <"$W/all.txt" | wc -c)" = "$n" ] || fail "$pdf: pdftotext sees another page count"
	grep -q "page $n of $n" "$W/all.txt" || fail "$pdf: no footer 'page $n of $n'"
	while IFS=$'\t' read -r kind text; do
		[ -n "$text" ] || continue
		if [ "$kind" = section ]; then
			grep -qF -- "$(echo "$text" | tr -s ' ' ' ')" "$W/flat.txt" ||
				{ echo "missing $kind: '$text'"; missing=$((missing + 1)); }
		elif [ "$how" = whole ]; then
			grep -qF -- "$text" "$W/all.txt" || { echo "missing $kind: '$text'"; missing=$((missing + 1)); }
		else
			for t in $text; do
				# a word wider than its column is cut between characters: its start
				# stays on the cell's first line
				[ ${#t} -gt 16 ] && t=${t:0:6}
				grep -qF -- "$t" "$W/all.txt" || { echo "missing word of $kind '$text': '$t'"; missing=$((missing + 1)); }
			done
		fi
	done <"$words"
	[ $missing = 0 ] || fail "$pdf: $missing titles or cells not in the text"
	while read -r kind p text; do
		[ "$kind" = section ] || continue
		pdftotext -layout -f "$p" -l "$p" "$pdf" - | tr -s ' \n' '  ' >"$W/page.txt"
		grep -qF -- "$(echo "$text" | tr -s ' ' ' ')" "$W/page.txt" || fail "$pdf: section '$text' is not on page $p"
	done <"$lay"
}

$R -o "$W/demo.pdf" --layout "$W/demo.lay" --words "$W/demo.words" || fail "render-pdf failed on the demo"
[ "$(grep -c '^section' "$W/demo.words")" -ge 4 ] || fail "the demo has fewer sections than it should"
[ "$(grep -c '^cell' "$W/demo.words")" = 450 ] || fail "the demo's table has not 90 x 5 cells"
check_doc "$W/demo.pdf" "$W/demo.lay" "$W/demo.words" whole
[ "$(awk '$1 == "pages" {print $2}' "$W/demo.lay")" -ge 3 ] || fail "the demo fits fewer than 3 pages"
# a preformatted line of figures wraps at a field boundary: "max 1928 us" stays on one line
# under the line's value column, never "max" at one line's end and "1928 us" at the next's start
grep -qE '^ +max 1928 us$' "$W/all.txt" || fail "the appendix line did not wrap with 'max 1928 us' whole"
grep -qE 'max *$' "$W/all.txt" && fail "a preformatted line ends in 'max'"
# the fonts are the ones we ship, embedded (a PDF opens the same on any computer)
if command -v pdffonts >/dev/null; then
	pdffonts "$W/demo.pdf" | tail -n +3 >"$W/fonts"
	[ "$(awk '{print $1}' "$W/fonts" | sed 's/^[A-Z]*+//' | sort -u | tr '\n' ' ')" = \
		"DejaVuSans DejaVuSans-Bold DejaVuSansMono " ] || fail "fonts other than DejaVu: $(cat "$W/fonts")"
	awk '$(NF - 4) != "yes" {exit 1}' "$W/fonts" || fail "a font is not embedded: $(cat "$W/fonts")"
fi
echo "ok: the demo's $(grep -c . "$W/demo.words") titles and cells are in its PDF"

# one document and one date give the same bytes (a report re-rendered is the same file)
$R --created 1764611984 -o "$W/a.pdf" && sleep 1 && $R --created 1764611984 -o "$W/b.pdf" ||
	fail "render-pdf --created failed"
cmp -s "$W/a.pdf" "$W/b.pdf" || fail "two renderings of the demo with one date differ"
pdfinfo "$W/a.pdf" | grep -q '^CreationDate:.*2025' || fail "the PDF does not carry the date it was given"

for j in tests/golden/report-synthetic.json tests/fixtures/report-minimal.json; do
	b=$(basename "$j" .json)
	$R --report "$j" -o "$W/$b.pdf" --layout "$W/$b.lay" --words "$W/$b.words" ||
		fail "render-pdf failed on $j"
	check_doc "$W/$b.pdf" "$W/$b.lay" "$W/$b.words" words
	grep -qF "swapplace report" "$W/all.txt" || fail "$j: the title is not on the page"
	echo "ok: $j renders, $(grep -c . "$W/$b.words") titles and cells found"
done
# a report that is not one is refused with a message and no PDF
if $R --report tests/fixtures/report-wrong-schema.json -o "$W/bad.pdf" 2>"$W/err"; then
	fail "a report of another schema was rendered"
fi
grep -q "report-wrong-schema" "$W/err" || fail "the refusal does not name the file"
exit 0
