#!/bin/bash
# tests/render/pdf-charts-are-drawn-in-their-boxes.sh - pdftoppm renders every page of the demo
# (bars on a log span, lines, a profile) and of a report at 60 dpi; each chart's box from the
# layout record lies inside the text area, overlaps no other chart, and has a real share of
# drawn pixels (over 1 %), while the paper's margin reads empty, so the count tells ink from
# paper.
. "$(dirname "$0")/lib.sh"
need_render_pdf pdftoppm pdfinfo

check() { # PDF LAYOUT min_charts
	local pdf=$1 lay=$2 n k=0 page x y w h dark total bx by bw bh
	n=$(awk '$1 == "pages" {print $2}' "$lay")
	rm -f "$W"/pg-*.png
	pdftoppm -r 60 -png "$pdf" "$W/pg" || fail "pdftoppm cannot render $pdf"
	[ "$(ls "$W"/pg-*.png | wc -l)" = "$n" ] || fail "$pdf: pdftoppm made $(ls "$W"/pg-*.png | wc -l) pages, the layout says $n"
	read -r _ bx by bw bh < <(grep '^body' "$lay")
	awk -v bx="$bx" -v by="$by" -v bw="$bw" -v bh="$bh" -v n="$n" '
		$1 == "chart" {
			if ($2 < 1 || $2 > n) { print "chart " NR " on page " $2; bad = 1 }
			if ($3 < bx - 0.01 || $4 < by - 0.01 || $3 + $5 > bx + bw + 0.01 || $4 + $6 > by + bh + 0.01) {
				print "chart on page " $2 " leaves the text area: " $0; bad = 1
			}
			for (i = 0; i < c; i++)
				if (P[i] == $2 && $4 < Y[i] + H[i] && Y[i] < $4 + $6) { print "charts overlap on page " $2; bad = 1 }
			P[c] = $2; Y[c] = $4; H[c++] = $6
		}
		END { exit bad }' "$lay" || fail "$pdf: chart boxes misplaced"
	while read -r _ page x y w h; do
		k=$((k + 1))
		read -r dark total < <(ink "$pdf" "$page" "$x" "$y" "$w" "$h")
		# a chart's frame, axes, labels and marks: well over 1 % of its box
		[ $((dark * 100)) -ge "$total" ] || fail "$pdf: chart $k (page $page) has $dark of $total pixels drawn"
		echo "chart $k on page $page: $dark of $total pixels drawn"
	done < <(grep '^chart' "$lay")
	[ $k -ge "$3" ] || fail "$pdf: $k charts, expected at least $3"
}

$R -o "$W/demo.pdf" --layout "$W/demo.lay" || fail "render-pdf failed"
check "$W/demo.pdf" "$W/demo.lay" 3
$R --rows 0 -o "$W/short.pdf" --layout "$W/short.lay" || fail "render-pdf --rows 0 failed"
check "$W/short.pdf" "$W/short.lay" 3
# the count tells paper from ink: the paper's top left corner (in the margin) reads empty
read -r dark total < <(ink "$W/short.pdf" 1 0 0 40 40)
[ "$dark" = 0 ] || fail "the top left corner of the paper has $dark dark pixels"

$R --report tests/golden/report-synthetic.json -o "$W/rep.pdf" --layout "$W/rep.lay" ||
	fail "render-pdf failed on the synthetic report"
check "$W/rep.pdf" "$W/rep.lay" 0
exit 0
