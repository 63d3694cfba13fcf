# shellcheck shell=sh
# lib/interactive.sh - phase act without auto: the screen that offers the disks, asks for one
# and for the end of its serial, then runs; ask is the finish menu's too.

ask() { # PROMPT -> $ANSWER; fails on end of input
	printf '%s' "$1"
	IFS= read -r ANSWER || return 1
	ANSWER=$(printf '%s' "$ANSWER" | tr -d '\r' | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
}

upper() { printf '%s' "$1" | tr 'a-z' 'A-Z'; }

last4() {
	if [ ${#1} -le 4 ]; then
		printf '%s' "$1"
	else
		printf '%s' "${1#"${1%????}"}"
	fi
}

act_interactive() {
	while :; do
		echo
		echo "================================ swapplace ================================"
		machine_summary
		if ! list_disks; then
			say "swapplace list failed:"
			cat "$RUNDIR/disks.err"
			return 0
		fi
		classify_disks
		echo
		echo "Disks this run may destroy:"
		_n=0
		while IFS="$TAB" read -r _path _size _rot _tran _model _serial; do
			_n=$((_n + 1))
			printf '  %d) %s' "$_n" "$(describe_disk "$_path" "$_size" "$_rot" "$_tran" "$_model" "$_serial")"
			echo
		done <"$RUNDIR/offer"
		[ $_n -gt 0 ] || echo "  (none)"
		if [ -s "$RUNDIR/refused" ]; then
			echo "Not offered:"
			while IFS="$TAB" read -r _path _size _rot _tran _model _serial _why; do
				printf '     %s' "$(describe_disk "$_path" "$_size" "$_rot" "$_tran" "$_model" "$_serial")"
				echo
				# a long reason (several uses of one disk) folds at 79 columns
				printf '%s\n' "not offered: $_why" | fold -s -w 72 | sed 's/^/       /'
			done <"$RUNDIR/refused"
		fi
		echo
		if [ $_n -eq 0 ]; then
			say "no disk can be offered; attach a disk to sacrifice and rescan"
			ask "r to rescan, m for the menu: " || return 0
			[ "$ANSWER" = r ] && continue
			return 0
		fi
		ask "Disk to sacrifice [1-$_n], r to rescan, m for the menu: " || return 0
		case $ANSWER in
		r) continue ;;
		m | q) return 0 ;;
		*[!0-9]* | "") echo "  '$ANSWER' is not a choice"; continue ;;
		esac
		if [ "$ANSWER" -lt 1 ] || [ "$ANSWER" -gt $_n ]; then
			echo "  '$ANSWER' is not a choice"
			continue
		fi
		_sel=$(sed -n "${ANSWER}p" "$RUNDIR/offer")
		_path=$(printf '%s\n' "$_sel" | cut -f1)
		_serial=$(printf '%s\n' "$_sel" | cut -f6)
		echo
		echo "EVERYTHING on $_path (serial $_serial) will be DESTROYED."
		_ok=no
		while ask "Type the last 4 characters of its serial to confirm (q to go back): "; do
			[ "$ANSWER" != q ] || break
			if [ "$(upper "$ANSWER")" = "$(upper "$(last4 "$_serial")")" ]; then
				_ok=yes
				break
			fi
			echo "  '$ANSWER' does not match the end of serial $_serial; try again"
		done
		[ $_ok = yes ] || continue
		echo
		swapplace_for plan "$_serial" >"$RUNDIR/plan.shown" 2>&1
		_rc=$?
		to_screen <"$RUNDIR/plan.shown"
		if [ "$_rc" != 0 ]; then
			say "swapplace plan refused this disk"
			# kept as reports/<date>-refused/reason.txt if the person leaves without a run (a
			# machine too small for the probes refuses every disk: the stick keeps why)
			refuse "swapplace plan refused serial '$_serial'" "$RUNDIR/plan.shown" >/dev/null
			ask "press Enter to go back: " || return 0
			continue
		fi
		echo
		run_target "$_serial"
		show_verdict
		return 0
	done
}
