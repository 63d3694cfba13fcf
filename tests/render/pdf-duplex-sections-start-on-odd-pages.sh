#!/bin/bash
# tests/render/pdf-duplex-sections-start-on-odd-pages.sh - with --duplex every section title is on
# an odd page (pdftotext of that page alone), the pages left blank for it are even, carry only
# their footer ("page N of M") as text and not one dark pixel above it (pdftoppm); without
# --duplex the same document has no blank page and fewer pages.
. "$(dirname "$0")/lib.sh"
need_render_pdf pdftotext pdftoppm pdfinfo

for paper in a4 letter; do
	$R --duplex --paper $paper -o "$W/d.pdf" --layout "$W/d.lay" || fail "render-pdf --duplex failed"
	$R --paper $paper -o "$W/s.pdf" --layout "$W/s.lay" || fail "render-pdf failed"
	n=$(awk '$1 == "pages" {print $2}' "$W/d.lay")
	[ "$(pdfinfo "$W/d.pdf" | awk '/^Pages:/ {print $2}')" = "$n" ] || fail "duplex: pdfinfo and the layout disagree"
	sections=0
	while read -r kind p text; do
		[ "$kind" = section ] || continue
		sections=$((sections + 1))
		[ $((p % 2)) = 1 ] || fail "$paper duplex: section '$text' starts on even page $p"
		pdftotext -f "$p" -l "$p" "$W/d.pdf" - | tr -s ' \n' '  ' >"$W/p.txt"
		grep -qF -- "$text" "$W/p.txt" || fail "$paper duplex: section '$text' is not on page $p"
	done <"$W/d.lay"
	[ $sections -ge 4 ] || fail "the demo has $sections sections"
	blanks=$(awk '$1 == "blank" {print $2}' "$W/d.lay")
	[ -n "$blanks" ] || fail "$paper duplex: the demo needs blank pages and has none"
	read -r _ bx by bw bh < <(grep '^body' "$W/d.lay")
	for b in $blanks; do
		[ $((b % 2)) = 0 ] || fail "$paper duplex: blank page $b is odd"
		pdftotext -f "$b" -l "$b" "$W/d.pdf" "$W/p.txt"
		grep -q "page $b of $n" "$W/p.txt" || fail "$paper duplex: blank page $b has no footer"
		[ "$(grep -c '[a-z]' "$W/p.txt")" -le 2 ] || fail "$paper duplex: blank page $b has text: $(cat "$W/p.txt")"
		read -r d _ < <(ink "$W/d.pdf" "$b" "$bx" "$by" "$bw" "$bh")
		[ "$d" = 0 ] || fail "$paper duplex: blank page $b has $d dark pixels above its footer"
		# the same box on a page with text is not empty: the check can see ink
		read -r d _ < <(ink "$W/d.pdf" 1 "$bx" "$by" "$bw" "$bh")
		[ "$d" -gt 100 ] || fail "$paper duplex: page 1 shows only $d dark pixels"
	done
	grep -q '^blank' "$W/s.lay" && fail "$paper simplex: blank pages inserted"
	[ "$(awk '$1 == "pages" {print $2}' "$W/s.lay")" -lt "$n" ] || fail "$paper: duplex added no page"
	echo "ok: $paper duplex, $sections sections on odd pages, blank pages $(echo $blanks) empty"
done
exit 0
