# shellcheck shell=sh
# lib/report.sh - what becomes of a saved report: the stick's index (phase save), the printer
# (phase print and the menu) and the pager (the menu).

# reports/index.html lists and compares every run on the stick; a failure costs only the index
update_index() {
	[ -f "$REPORT_DIR/report.json" ] || return 0
	if sys swapplace index "$STICK/reports" 2>"$RUNDIR/index.err"; then
		sys sync
		say "the stick's index lists this run: reports/index.html"
	else
		say "could not rewrite reports/index.html (the report itself is saved)"
	fi
	return 0
}

# the first printer the kernel's usblp driver made (/dev/usb/lp0, lp1, ...), or nothing
find_printer() {
	for _lp in "$ROOT"/dev/usb/lp*; do
		[ -e "$_lp" ] && { echo "$_lp"; return 0; }
	done
	return 1
}

# print the saved report on the attached printer; a failure is said, never fatal: the report
# is on the stick either way
print_report() {
	if [ -z "$REPORT_DIR" ] || [ ! -f "$REPORT_DIR/report.json" ]; then
		say "no report to print"
		return 0
	fi
	if ! _lp=$(find_printer); then
		say "no printer found (/dev/usb/lp*: is a USB printer plugged in and on?); the report is on the stick"
		return 0
	fi
	_fmt=${opt_print_format:-text}
	say "printing reports/${REPORT_DIR##*/} ($_fmt) on $_lp"
	if sys swapplace print "$REPORT_DIR/report.json" --printer "$_lp" --format "$_fmt"; then
		say "printed reports/${REPORT_DIR##*/} ($_fmt) on $_lp"
	else
		say "WARNING: printing on $_lp failed; the report is on the stick"
	fi
	return 0
}

view_report() {
	if [ -z "$REPORT_DIR" ]; then
		say "no report yet"
		return 0
	fi
	_f=$REPORT_DIR/report.txt
	[ -f "$_f" ] || _f=$REPORT_DIR/reason.txt
	if have less && have setsid; then
		sys setsid cttyhack less "$_f"
	else
		cat "$_f"
	fi
}
