#!/bin/bash
# tests/render/pdf-paper-and-postscript.sh - --paper a4 gives 595 x 842 pt pages and letter 612 x
# 792 (pdfinfo, every page); the PostScript output starts with %!PS, declares its pages and
# level, has as many pages as the PDF of the same document, and is accepted by ps2pdf where
# ghostscript is installed (make check installs it; skipped otherwise), which gives back every
# word of the document.
. "$(dirname "$0")/lib.sh"
need_render_pdf pdfinfo

for paper in a4 letter; do
	$R --paper $paper -o "$W/$paper.pdf" --layout "$W/$paper.lay" || fail "render-pdf --paper $paper failed"
	n=$(pdfinfo "$W/$paper.pdf" | awk '/^Pages:/ {print $2}')
	[ "$n" = "$(awk '$1 == "pages" {print $2}' "$W/$paper.lay")" ] || fail "$paper: page count differs from the layout"
	case $paper in a4) want="595.28 x 841.89" ;; letter) want="612 x 792" ;; esac
	sizes=$(pdfinfo -f 1 -l "$n" "$W/$paper.pdf" | awk '/^Page +[0-9]+ size:/ {print $4, $5, $6}' | sort -u)
	[ "$sizes" = "$want" ] || fail "$paper: page sizes '$sizes', expected '$want'"
	echo "ok: $paper, $n pages of $want pt"
done
$R --paper nonsense -o "$W/x.pdf" 2>/dev/null && fail "a paper named nonsense was accepted"

$R --format ps -o "$W/demo.ps" || fail "render-pdf --format ps failed"
[ "$(head -c 4 "$W/demo.ps")" = "%!PS" ] || fail "the PostScript does not start with %!PS"
grep -q '^%%LanguageLevel: [23]' "$W/demo.ps" || fail "no level 2 or 3 declared"
grep -q '^%%DocumentMedia: A4 595 842' "$W/demo.ps" || fail "the PostScript is not on A4"
n=$(awk '/^%%Pages: [0-9]/ {print $2}' "$W/demo.ps")
[ "$n" = "$(pdfinfo "$W/a4.pdf" | awk '/^Pages:/ {print $2}')" ] || fail "PostScript has $n pages, the PDF another count"
[ "$(grep -c '^%%Page: ' "$W/demo.ps")" = "$n" ] || fail "the page comments do not count $n pages"
tail -n 3 "$W/demo.ps" | grep -q '%%EOF' || fail "the PostScript is cut short"
$R --format ps --paper letter -o "$W/letter.ps" || fail "render-pdf --format ps --paper letter failed"
grep -q '^%%DocumentMedia: Letter 612 792' "$W/letter.ps" || grep -q '^%%DocumentMedia: [A-Za-z]* 612 792' "$W/letter.ps" ||
	fail "the letter PostScript is not on letter paper"
echo "ok: PostScript, $n pages"
if command -v ps2pdf >/dev/null; then
	ps2pdf "$W/demo.ps" "$W/back.pdf" || fail "ps2pdf refuses the PostScript"
	[ "$(pdfinfo "$W/back.pdf" | awk '/^Pages:/ {print $2}')" = "$n" ] || fail "ps2pdf made another page count"
	# ghostscript rasterised and re-set every page: the same words come back (the fonts
	# travelled with the PostScript), and the pages carry ink
	words() { pdftotext "$1" - | tr -s ' \n' '\n\n' | sort -u; }
	lost=$(comm -23 <(words "$W/a4.pdf") <(words "$W/back.pdf") | head -n 5)
	[ -z "$lost" ] || fail "words of the document not in the PostScript's pages: $lost"
	echo "ok: ps2pdf accepts it, $(words "$W/back.pdf" | wc -l) distinct words back"
else
	echo "ps2pdf part skipped: ghostscript is not installed"
fi
exit 0
