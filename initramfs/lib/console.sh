# shellcheck shell=sh
# lib/console.sh - the screen (a VT behind /dev/console, 80x25) or a serial console: which one,
# and swapplace's progress lines shaped for it (phases mount and act).

# Is /dev/console a virtual terminal (the screen), not a serial port? The last of
# /sys/class/tty/console/active is the device behind /dev/console (tty0 is the screen).
console_is_vt() {
	_c=$(cat "$ROOT/sys/class/tty/console/active" 2>/dev/null)
	case ${_c##* } in
	tty[0-9]*) return 0 ;;
	esac
	return 1
}

# swapplace's stderr (stdin here): every line into FILE as it came, and onto the console. On
# the screen (a VT) the "[k/N] ..." progress lines overwrite one another on one row: a
# carriage return and the line padded (and cut) to 79 columns, plain text, no escape sequence
# (a dumb terminal would print one as garbage); any other line ends that row first, so
# nothing but a progress line is overwritten, and is folded at a blank to 80 columns like
# to_screen. A serial console (a lab's log, a terminal program) gets every line as it came.
progress_filter() { # FILE
	awk -v logf="$1" -v vt="$SCREEN_VT" '
		function fold80(s,  i, cut) {
			while (length(s) > 80) {
				cut = 0
				for (i = 80; i > 1 && !cut; i--)
					if (substr(s, i, 1) == " ")
						cut = i
				if (cut) {
					print substr(s, 1, cut - 1)
					s = substr(s, cut + 1)
				} else {
					print substr(s, 1, 80)
					s = substr(s, 81)
				}
			}
			print s
		}
		{ print >logf; fflush(logf) }
		vt && /^swapplace: \[[0-9]+\/[0-9]+\] / {
			# a long one gives up its "swapplace: " before its end ("... s left")
			s = $0
			if (length(s) > 79)
				sub(/^swapplace: /, "", s)
			printf "\r%-79.79s", s
			open = 1
			fflush()
			next
		}
		{
			if (open)
				printf "\n"
			open = 0
			if (vt)
				fold80($0)
			else
				print
			fflush()
		}
		END { if (open) printf "\n" }'
}
