# shellcheck shell=sh
# lib/stick.sh - where the SWAPPLACE stick is (phases settle and stick). Sourced by the init
# from /lib/swapplace, like every lib/*.sh: the phases stay a short list in the init, their
# helpers live here, one job a file.

find_stick_dev() {
	if have blkid; then
		_d=$(sys blkid -L SWAPPLACE 2>/dev/null | head -n 1)
	elif have findfs; then
		_d=$(sys findfs LABEL=SWAPPLACE 2>/dev/null | head -n 1)
	fi
	[ -n "$_d" ] && echo "$_d"
}
