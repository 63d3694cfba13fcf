# shellcheck shell=sh
# lib/run.sh - one run of swapplace and how it ended (ok, refused, failed), in $RUNDIR and the
# report's temporary directory until phase save names it (phase act, both modes).

new_run() {
	DATE=$(sys date +%Y%m%d-%H%M%S) || DATE=00000000-000000
	MACHINE=$(machine_name)
	TMP_OUT=$STICK/reports/.tmp-$DATE-$$
	rm -rf "$TMP_OUT"
	RESULT=none
	SERIAL=
	: >"$RUNDIR/reason"
	rm -f "$RUNDIR/target.plan"
}

# stop before touching any disk: the reason goes into reports/ with the disk list
refuse() { # REASON [FILE with swapplace's stderr]
	say "REFUSED: $1"
	{
		echo "swapplace appliance: refused, no disk was touched"
		echo "reason: $1"
		if [ -n "${2:-}" ] && [ -s "$2" ]; then
			echo
			echo "swapplace said:"
			cat "$2"
		fi
		echo
		echo "settings: auto=$opt_auto target=$opt_target confirm=$opt_confirm also=$opt_also"
		echo
		echo "disks (swapplace list --plain: path size rotational transport model serial safe reason):"
		cat "$RUNDIR/disks" 2>/dev/null
	} >"$RUNDIR/reason"
	[ -z "${2:-}" ] || [ ! -s "$2" ] || sed 's/^/  /' "$2"
	RESULT=refused
}

# the destructive run, progress lines (stderr) on the screen and in run.log
run_target() { # SERIAL
	SERIAL=$1
	rm -f "$RUNDIR/reason" # an earlier refusal in this session is not this run's
	clean_before_run
	mkdir -p "$TMP_OUT"
	say "running on serial $SERIAL; progress follows"
	{
		swapplace_for run "$SERIAL" "$TMP_OUT"
		echo $? >"$RUNDIR/run.rc"
	} 2>&1 >"$RUNDIR/run.out" | progress_filter "$RUNDIR/run.log"
	_rc=$(cat "$RUNDIR/run.rc" 2>/dev/null)
	cp "$RUNDIR/run.log" "$TMP_OUT/run.log" 2>/dev/null
	case $_rc in
	0) RESULT=ok ;;
	3)
		refuse "swapplace refused to run on serial $SERIAL (exit 3)" "$RUNDIR/run.log"
		;;
	*)
		RESULT=failed
		{
			echo "swapplace appliance: the run on serial $SERIAL failed (exit ${_rc:-?})"
			echo
			tail -n 40 "$RUNDIR/run.log"
		} >"$RUNDIR/reason"
		say "the run FAILED (exit ${_rc:-?}); see reason.txt and run.log in the report"
		;;
	esac
}

show_verdict() {
	[ -f "$TMP_OUT/report.txt" ] || return 0
	echo
	awk '/^Verdict$/ { p = 1 } p && /^$/ { exit } p' "$TMP_OUT/report.txt" | to_screen
	echo
}
