#!/bin/bash
# tests/appliance/init-print.sh - print = yes: after an unattended run the saved report is printed on
# the first /dev/usb/lp* (a regular file stands in for the printer), after it is saved on the
# stick and before the power-off, and the console says what went where; print_format picks
# the format. No printer, or a print that fails: said, and the run still ends as it would
# (report saved, power off, exit 0). print unset: nothing printed though a printer is there.
# The menu's "6) print the report" prints on demand.
. "$(dirname "$0")/lib.sh"

DEST_NAME=20260101-120000-Standard-PC-i440FX-PIIX-1996-SPHDD0002
conf() { printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\n%s' "$1" >"$STICK/swapplace.conf"; }
printer() { mkdir -p "$ROOT/dev/usb" && : >"$ROOT/dev/usb/lp0"; }

prints_after_the_run() {
	conf $'print = yes\n'
	printer
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	local dest=$STICK/reports/$DEST_NAME
	[ "$(calls swapplace | grep '^swapplace print ')" = "swapplace print $dest/report.json --printer $ROOT/dev/usb/lp0 --format text" ] ||
		fail "wrong print call: $(calls swapplace | grep print)"
	grep -q "^PRINTED $dest/report.json" "$ROOT/dev/usb/lp0" || fail "nothing reached the printer"
	has_out "printed reports/$DEST_NAME (text) on $ROOT/dev/usb/lp0" || fail "the console does not say what was printed where"
	# saved first (the print reads the saved report), powered off after
	local pr po
	pr=$(line_of '^swapplace print')
	po=$(line_of '^poweroff -f$')
	[ "$pr" -gt "$(line_of '^swapplace run')" ] && [ "$po" -gt "$pr" ] || fail "print not between the run and the power-off"
	[ -f "$dest/report.json" ] || fail "report not saved"
	return 0
}
for_each_shell prints_after_the_run

format_and_second_printer() {
	conf $'print = yes\nprint_format = ps\n'
	mkdir -p "$ROOT/dev/usb" && : >"$ROOT/dev/usb/lp1"
	run_init
	calls swapplace | grep -q "^swapplace print .* --printer $ROOT/dev/usb/lp1 --format ps\$" ||
		fail "print_format or lp1 not used: $(calls swapplace | grep print)"
	return 0
}
for_each_shell format_and_second_printer

no_printer() {
	conf $'print = yes\n'
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	calls swapplace | grep -q '^swapplace print' && fail "print called without a printer"
	has_out "no printer found" || fail "the missing printer is not said"
	[ -f "$STICK/reports/$DEST_NAME/report.json" ] || fail "report not saved"
	calls poweroff | grep -q . || fail "did not power off"
	[ ! -e "$ROOT/dev/usb/lp0" ] || fail "a printer file was created"
	return 0
}
for_each_shell no_printer

print_fails() {
	conf $'print = yes\n'
	printer
	echo 1 >"$T/print.rc"
	run_init
	[ "$RC" = 0 ] || fail "init exited $RC"
	has_out "WARNING: printing on $ROOT/dev/usb/lp0 failed" || fail "the failed print is not said"
	[ -f "$STICK/reports/$DEST_NAME/report.json" ] || fail "report not kept"
	calls poweroff | grep -q . || fail "a failed print stopped the power-off"
	return 0
}
for_each_shell print_fails

not_asked() {
	conf ''
	printer
	run_init
	calls swapplace | grep -q '^swapplace print' && fail "printed without print = yes"
	[ ! -s "$ROOT/dev/usb/lp0" ] || fail "bytes reached the printer"
	return 0
}
for_each_shell not_asked

bad_value() {
	conf $'print = maybe\nprint_format = docx\n'
	printer
	run_init
	has_out "print must be yes or no; taking no" || fail "a bad print value is not said"
	has_out "print_format must be text, ps or pdf; taking text" || fail "a bad print_format is not said"
	calls swapplace | grep -q '^swapplace print' && fail "printed with print = maybe"
	return 0
}
for_each_shell bad_value

menu_prints() {
	conf $'poweroff = no\n'
	printer
	run_init $'6\n4\n'
	has_out '6) print the report' || fail "the menu does not offer printing"
	calls swapplace | grep -q "^swapplace print $STICK/reports/$DEST_NAME/report.json --printer $ROOT/dev/usb/lp0 --format text\$" ||
		fail "menu 6 did not print: $(calls swapplace)"
	has_out "printed reports/$DEST_NAME (text)" || fail "menu print not said"
	# and with no printer, the menu says so
	rm -f "$ROOT/dev/usb/lp0"
	: >"$T/log"
	run_init $'6\n4\n'
	has_out "no printer found" || fail "menu 6 without a printer not said"
	return 0
}
for_each_shell menu_prints
exit 0
