# shellcheck shell=bash
# tests/render/lib.sh - sourced by the tests of the PDF and PostScript pages (no root): the
# tree as the working directory, R the render-pdf helper (tests/helpers/render-pdf.c), W a
# scratch directory, and ink to count what a page shows in a box.
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" # TOP, skip, fail, need_cmd, at_exit, scratch_dir
cd "$TOP" || exit 1
R=build/tests/render-pdf

# need_render_pdf POPPLER-TOOL...: skip without one of poppler-utils' tools or the helper
need_render_pdf() {
	local c
	for c in "$@"; do command -v "$c" >/dev/null || skip "needs $c (poppler-utils)"; done
	[ -x $R ] || skip "$R not built (make tests)"
	scratch_dir W
}

# ink PDF PAGE X Y W H (points): "dark total", the box's pixels darker than near-white at
# 60 dpi and all of them
ink() {
	local x y w h
	read -r x y w h < <(awk -v x="$3" -v y="$4" -v w="$5" -v h="$6" \
		'BEGIN { k = 60 / 72; printf "%d %d %d %d\n", x * k, y * k, w * k, h * k }')
	pdftoppm -f "$2" -l "$2" -r 60 -gray -x "$x" -y "$y" -W "$w" -H "$h" -singlefile "$1" "$W/crop" ||
		fail "pdftoppm cannot render page $2 of $1"
	tail -c $((w * h)) "$W/crop.pgm" | od -An -v -tu1 |
		awk -v t=$((w * h)) '{ for (i = 1; i <= NF; i++) if ($i < 235) n++ } END { print n + 0, t }'
}
