#!/bin/bash
# measure-writes-every-format - `measure --try zram --out DIR --paper letter --duplex` leaves
# report.json, report.txt, report.html, summary.csv and report.pdf (letter pages) in DIR; the
# stderr line lists exactly the files written; no temporary is left; `swapplace report` renders
# the saved run again into the same text, csv and html bytes (html: on the same paper). No zram device or swap area of the
# measurement remains.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
BUDGET_MIB=35 # a size no other test uses: its zram device (twice the budget) is ours
ZRAM_BYTES=$((2 * BUDGET_MIB * 1024 * 1024))
[ -z "$(our_zrams)" ] || skip "a zram device of $ZRAM_BYTES bytes exists already"
need_sweep
[ -w /sys/class/zram-control/hot_add ] || skip "no /sys/class/zram-control (zram module not loaded)"
scratch_dir out

"$SWAPPLACE" measure --try zram --scenario none --budget ${BUDGET_MIB}M --time-per-placement 2 \
	--seed 5 --paper letter --duplex --out "$out/r" >"$out/stdout" 2>"$out/stderr" ||
	{ cat "$out/stderr"; fail "measure failed"; }
grep 'report written\|warning: the' "$out/stderr"
for f in report.json report.txt report.html summary.csv; do
	[ -s "$out/r/$f" ] || fail "no $f"
done
[ -s "$out/r/report.pdf" ] || fail "no report.pdf: $(cat "$out/stderr")"
head -c 5 "$out/r/report.pdf" | grep -q '^%PDF-' || fail "report.pdf is not a PDF"
grep -q "warning: the pdf report" "$out/stderr" && fail "a pdf was written and warned about"
if command -v pdfinfo >/dev/null; then
	pdfinfo "$out/r/report.pdf" | grep -q '^Page size: *612 x 792' || fail "--paper letter: $(pdfinfo "$out/r/report.pdf" | grep 'Page size')"
fi
listed="report.json, report.txt, report.html, report.pdf, summary.csv"
grep -qF "swapplace: report written to '$out/r' ($listed)" "$out/stderr" ||
	fail "the written files are not listed as '$listed': $(grep 'report written' "$out/stderr")"
[ -z "$(find "$out/r" -name '.*' -type f)" ] || fail "temporary files left: $(find "$out/r" -name '.*')"
for f in text:report.txt csv:summary.csv html:report.html; do
	"$SWAPPLACE" report "$out/r/report.json" --format "${f%%:*}" --paper letter >"$out/again" ||
		fail "report --format ${f%%:*}"
	cmp -s "$out/again" "$out/r/${f#*:}" || fail "the saved run renders another ${f#*:}"
done
[ -z "$(our_zrams)" ] || fail "zram devices left: $(our_zrams)"
grep -q "^/dev/zram" /proc/swaps && grep "^/dev/zram" /proc/swaps | while read -r d _; do
	[ "$(cat "/sys/block/${d#/dev/}/disksize")" != "$ZRAM_BYTES" ] || fail "swap left on $d"
done
echo ok
