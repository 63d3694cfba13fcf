# shellcheck shell=sh
# lib/unattended.sh - phase act with auto = yes: the settings' target, checked, planned and run
# with nobody at the console; every way it stops short is a refusal with its reason.

act_unattended() {
	say "unattended run on serial '$opt_target'"
	# the list goes into every reason.txt: it shows the serials a lab can put in the config
	list_disks || { refuse "swapplace list failed" "$RUNDIR/disks.err"; return 0; }
	classify_disks
	if [ -z "$opt_target" ]; then
		refuse "auto = yes but no target serial is set (target = SERIAL)"
		return 0
	fi
	if [ "$opt_confirm" != "$opt_target" ]; then
		refuse "confirm ('$opt_confirm') does not equal target ('$opt_target')"
		return 0
	fi
	if ! awk -F "$TAB" -v s="$opt_target" '$6 == s { f = 1 } END { exit !f }' "$RUNDIR/disks"; then
		refuse "no disk with serial '$opt_target'"
		return 0
	fi
	_why=$(awk -F "$TAB" -v s="$opt_target" '$6 == s { print $7 }' "$RUNDIR/refused")
	if [ -n "$_why" ]; then
		refuse "the disk with serial '$opt_target' is not safe: $_why"
		return 0
	fi
	if ! swapplace_for plan "$opt_target" >"$RUNDIR/plan.out" 2>"$RUNDIR/plan.err"; then
		refuse "swapplace plan refused serial '$opt_target'" "$RUNDIR/plan.err"
		return 0
	fi
	to_screen <"$RUNDIR/plan.out"
	run_target "$opt_target"
	show_verdict
}
