# shellcheck shell=sh
# lib/disks.sh - the disks swapplace lists, which of them may be offered and why the others are
# not, and the one line each gets on the screen (phase act, both modes).

# list --plain: path size rotational transport model serial safe reason (tab-separated)
# (empty fields become "-": a tab is IFS white space to `read`, so empty fields would vanish)
list_disks() {
	sys swapplace list --plain >"$RUNDIR/disks.raw" 2>"$RUNDIR/disks.err" || return 1
	awk -F "$TAB" -v OFS="$TAB" '{ for (i = 1; i <= 8; i++) if ($i == "") $i = "-"; print }' \
		"$RUNDIR/disks.raw" >"$RUNDIR/disks"
}

# the disks that may be offered: safe, with a serial, not the stick -> $RUNDIR/offer,
# the others with the reason -> $RUNDIR/refused
classify_disks() {
	: >"$RUNDIR/offer"
	: >"$RUNDIR/refused"
	while IFS="$TAB" read -r _path _size _rot _tran _model _serial _safe _reason; do
		[ -n "$_path" ] || continue
		if [ -n "$STICK_DISK" ] && [ "${_path##*/}" = "$STICK_DISK" ]; then
			_why="the boot stick"
		elif [ "$_safe" != 1 ]; then
			_why=$_reason
			[ "$_why" != - ] || _why="in use"
		elif [ -z "$_serial" ] || [ "$_serial" = - ]; then
			_why="no serial number, so it cannot be confirmed here"
		else
			_why=
		fi
		_line=$(printf '%s\t%s\t%s\t%s\t%s\t%s' "$_path" "$_size" "$_rot" "$_tran" "$_model" "$_serial")
		if [ -z "$_why" ]; then
			printf '%s\n' "$_line" >>"$RUNDIR/offer"
		else
			printf '%s\t%s\n' "$_line" "$_why" >>"$RUNDIR/refused"
		fi
	done <"$RUNDIR/disks"
}

# One line of at most 74 columns, so with the list's 5-column indent it fits an 80x25 screen
# without wrapping: the model gives way to a long serial (20 characters is ATA's maximum),
# and is cut, never the serial the person types the end of.
describe_disk() { # path size rot tran model serial -> one line
	awk -v p="$1" -v s="$2" -v r="$3" -v t="$4" -v m="$5" -v n="$6" 'BEGIN {
		if (s >= 1e12) z = sprintf("%.1f TB", s / 1e12); else z = sprintf("%.1f GB", s / 1e9)
		head = sprintf("%-12s %9s %s %-5s ", p, z, (r == 1 ? "HDD" : "SSD"), t)
		w = 74 - length(head) - length(" serial " n)
		if (w < 0) w = 0
		printf "%s%-" w "." w "s serial %s\n", head, m, n }'
}
