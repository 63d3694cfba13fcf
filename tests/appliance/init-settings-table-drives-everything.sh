#!/bin/bash
# tests/appliance/init-settings-table-drives-everything.sh - the init's table of settings (SETTINGS in
# initramfs/init: key and its other spellings, swapplace option, check, default) is the one
# place a setting is spelled, and it drives all four uses:
# - set: every spelling of every key is taken from swapplace.conf and from the kernel command
#   line, into the setting of its row;
# - validation: for every check the table names, a bad value is refused as it is set (the
#   earlier value stays) or, for a choice of words (a row with a default), said and replaced by
#   the default;
# - reset: reset_opts empties every setting of the table;
# - the command line: swapplace_for gives swapplace each option the table names, with the
#   setting's value, in the table's order, and nothing for a setting left out or without one.
# Every option the table names is one `swapplace run --help` lists (when build/swapplace is
# built), and the table and docs/boot.md's table of settings name the same keys.
# The examples below are per check: a check the test has no example for fails it, so a new
# kind of check comes with its own bad value here.
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
scratch_dir W /tmp/swapplace-settings.XXXXXX
# the init's functions and settings, without its main (which mounts and runs the phases)
sed '/^# -* main$/,$d' "$INIT" >"$W/init-functions.sh"
grep -q '^SETTINGS=' "$W/init-functions.sh" || fail "no SETTINGS table in the init"

# the table as the init has it: one row a line, "names flag check default"
/bin/sh -c '. "$1"; printf "%s\n" "$SETTINGS"' sh "$W/init-functions.sh" | awk 'NF' >"$W/table"
NAMES=() FLAG=() CHECK=() DEFAULT=()
while read -r n f c d x; do
	[ -n "$d" ] && [ -z "$x" ] || fail "a row of the table is not 'key flag check default': $n $f $c $d $x"
	NAMES+=("$n") FLAG+=("$f") CHECK+=("$c") DEFAULT+=("$d")
done <"$W/table"
[ ${#NAMES[@]} -ge 10 ] || fail "the table has ${#NAMES[@]} rows"
key_of() { echo "${1%%,*}"; }
echo "the table: ${#NAMES[@]} settings, checks $(printf '%s\n' "${CHECK[@]}" | sort -u | tr '\n' ' ')"

# a good value for KEY under CHECK (its own, so the command line shows whose it is), the one
# the init keeps of it, and a bad one; DEFAULT picks the yes/no word that is not the default
good() { # CHECK KEY DEFAULT
	case $1 in
	any) echo "v-$2" ;;
	serial) echo "SER-$2" ;;
	serials) echo "S1-$2,S2-$2" ;;
	layout) echo centred ;;
	scenarios) echo build,gc ;;
	yesno) if [ "$3" = yes ]; then echo Off; else echo On; fi ;;
	format) echo pdf ;;
	*) return 1 ;;
	esac
}
kept() { # CHECK KEY DEFAULT
	case $1 in
	yesno) if [ "$3" = yes ]; then echo no; else echo yes; fi ;;
	*) good "$@" ;;
	esac
}
bad() { # CHECK
	case $1 in
	serial) echo 'SER*1' ;;
	serials) echo 'S1,S 2' ;;
	layout) echo sideways ;;
	scenarios) echo build,dance ;;
	yesno) echo maybe ;;
	format) echo docx ;;
	*) return 1 ;;
	esac
}
for i in "${!NAMES[@]}"; do
	good "${CHECK[$i]}" x - >/dev/null || fail "check '${CHECK[$i]}' (${NAMES[$i]}) has no good value in this test"
	[ "${CHECK[$i]}" = any ] || bad "${CHECK[$i]}" >/dev/null ||
		fail "check '${CHECK[$i]}' (${NAMES[$i]}) has no bad value in this test"
	grep -q "^check_${CHECK[$i]}()" "$W/init-functions.sh" || fail "the init has no check_${CHECK[$i]} (${NAMES[$i]})"
done

# run_fns SCRIPT: SCRIPT after the init's functions, under $SH in the fake root; output in
# $T/out, the settings in $T/opts (key=value), swapplace's arguments one a line in $T/args
run_fns() {
	mkdir -p "$ROOT/run/swapplace"
	rm -f "$T/args"
	# shellcheck disable=SC2016
	ROOT=$ROOT MOCK=$MOCK timeout 30 $SH -c '. "$1"; eval "$2"
		while read -r _n _f _c _d; do
			[ -z "$_n" ] || eval "printf \"%s=%s\\n\" ${_n%%,*} \"\$opt_${_n%%,*}\""
		done >"$3" <<EOF
$SETTINGS
EOF' sh "$W/init-functions.sh" "$1" "$T/opts" >"$T/out" 2>&1 || fail "the init's functions failed under $SH"
}
opt() { sed -n "s/^$1=//p" "$T/opts"; }
configure() { run_fns 'read_cmdline; phase_config'; }

# set: every spelling, from the file and from the kernel command line
every_spelling_is_taken() {
	local i n k g want
	mock swapplace 'exit 0'
	for i in "${!NAMES[@]}"; do
		k=$(key_of "${NAMES[$i]}")
		g=$(good "${CHECK[$i]}" "$k" "${DEFAULT[$i]}")
		want=$(kept "${CHECK[$i]}" "$k" "${DEFAULT[$i]}")
		for n in ${NAMES[$i]//,/ }; do
			printf '%s = %s\n' "$n" "$g" >"$STICK/swapplace.conf"
			cmdline
			configure
			[ "$(opt "$k")" = "$want" ] || fail "$n = $g in swapplace.conf: $k is '$(opt "$k")', not '$want'"
			grep -qE 'unknown key|invalid|must be' "$T/out" && fail "$n = $g in swapplace.conf was not taken"
			rm -f "$STICK/swapplace.conf"
			cmdline "swapplace.$n=$g"
			configure
			[ "$(opt "$k")" = "$want" ] || fail "swapplace.$n=$g: $k is '$(opt "$k")', not '$want'"
			grep -qE 'unknown key|invalid|must be' "$T/out" && fail "swapplace.$n=$g was not taken"
		done
	done
	# and a key the table lacks is not
	printf 'colour = blue\n' >"$STICK/swapplace.conf"
	configure
	has_out "swapplace.conf: unknown key 'colour' ignored" || fail "a key not in the table was not refused"
	return 0
}
for_each_shell every_spelling_is_taken

# validation: a bad value of every check
every_check_refuses_a_bad_value() {
	local i k g b
	mock swapplace 'exit 0'
	for i in "${!NAMES[@]}"; do
		[ "${CHECK[$i]}" != any ] || continue
		k=$(key_of "${NAMES[$i]}")
		g=$(good "${CHECK[$i]}" "$k" "${DEFAULT[$i]}")
		b=$(bad "${CHECK[$i]}")
		printf '%s = %s\n%s = %s\n' "$k" "$g" "$k" "$b" >"$STICK/swapplace.conf"
		configure
		if [ "${DEFAULT[$i]}" = - ]; then
			has_out "swapplace.conf: invalid value for $k ignored: '$b'" ||
				fail "$k = $b (check ${CHECK[$i]}) was not refused"
			[ "$(opt "$k")" = "$(kept "${CHECK[$i]}" "$k" -)" ] ||
				fail "$k = $b (check ${CHECK[$i]}) did not keep the earlier value: '$(opt "$k")'"
		else
			has_out "$k must be " || fail "$k = $b (check ${CHECK[$i]}) was not said"
			has_out "; taking ${DEFAULT[$i]}" || fail "$k = $b did not say it takes ${DEFAULT[$i]}"
			[ "$(opt "$k")" = "${DEFAULT[$i]}" ] ||
				fail "$k = $b (check ${CHECK[$i]}) gave '$(opt "$k")', not the default ${DEFAULT[$i]}"
		fi
	done
	return 0
}
for_each_shell every_check_refuses_a_bad_value

# reset: every setting of the table emptied
reset_empties_every_setting() {
	local i script=
	for i in "${!NAMES[@]}"; do script="$script opt_$(key_of "${NAMES[$i]}")=junk;"; done
	run_fns "$script reset_opts"
	[ "$(cut -d= -f2- "$T/opts" | sort -u)" = "" ] || fail "reset_opts left: $(grep -v '=$' "$T/opts")"
	[ "$(wc -l <"$T/opts")" = ${#NAMES[@]} ] || fail "not every setting was read back"
	return 0
}
for_each_shell reset_empties_every_setting

# the command line: every row with a swapplace option, in the table's order
command_line_carries_every_option() {
	local i k g s want
	# shellcheck disable=SC2016
	mock swapplace 'for a in "$@"; do printf "%s\n" "$a"; done >"$T/args"'
	: >"$STICK/swapplace.conf"
	want=(plan --target serial:DISK1)
	for i in "${!NAMES[@]}"; do
		k=$(key_of "${NAMES[$i]}")
		g=$(good "${CHECK[$i]}" "$k" "${DEFAULT[$i]}")
		printf '%s = %s\n' "$k" "$g" >>"$STICK/swapplace.conf"
		[ "${FLAG[$i]}" != - ] || continue
		if [ "${CHECK[$i]}" = serials ]; then
			for s in ${g//,/ }; do want+=("${FLAG[$i]}" "serial:$s" --also-confirm "$s"); done
		else
			want+=("${FLAG[$i]}" "$g")
		fi
	done
	want+=(--save-plan "$ROOT/run/swapplace/target.plan")
	cmdline
	run_fns 'read_cmdline; phase_config; swapplace_for plan DISK1 /nonexistent'
	[ -f "$T/args" ] || fail "swapplace was not run"
	diff <(printf '%s\n' "${want[@]}") "$T/args" >"$T/diff" || fail "swapplace got other arguments: $(cat "$T/diff")"
	# nothing set: nothing but the target (and the plan it saves)
	rm -f "$STICK/swapplace.conf"
	run_fns 'read_cmdline; phase_config; swapplace_for plan DISK1 /nonexistent'
	[ "$(cat "$T/args")" = "$(printf '%s\n' plan --target serial:DISK1 --save-plan "$ROOT/run/swapplace/target.plan")" ] ||
		fail "with nothing set swapplace got: $(tr '\n' ' ' <"$T/args")"
	return 0
}
for_each_shell command_line_carries_every_option

# every option the table names is one swapplace run takes
if [ -x "$TOP/build/swapplace" ]; then
	"$TOP/build/swapplace" run --help >"$W/help" 2>&1
	for f in "${FLAG[@]}"; do
		[ "$f" = - ] || grep -qE "^ +$f( |$)" "$W/help" || fail "swapplace run --help does not list $f"
	done
	echo "ok: every option of the table is one swapplace run lists"
else
	echo "note: build/swapplace not built (make): its options were not checked"
fi

# docs/boot.md's table of settings: `key = ...` and `swapplace.name=...`, break aside
doc_names=$(awk -F'|' '/^\| `[a-z_]+ = / || /^\| - \| `swapplace\./ {
		for (i = 2; i <= 3; i++) if (match($i, /`(swapplace\.)?[a-z_]+ ?=/)) {
			s = substr($i, RSTART + 1, RLENGTH - 1); sub(/^swapplace\./, "", s); sub(/ ?=$/, "", s); print s
		}
	}' "$TOP/docs/boot.md" | grep -vx break | sort -u)
[ -n "$doc_names" ] || fail "no settings found in docs/boot.md"
table_names=$(printf '%s\n' "${NAMES[@]}" | tr ',' '\n' | sort -u)
for n in $doc_names; do
	printf '%s\n' "$table_names" | grep -qx "$n" || fail "docs/boot.md names '$n', which the init's table lacks"
done
for i in "${!NAMES[@]}"; do
	k=$(key_of "${NAMES[$i]}")
	printf '%s\n' "$doc_names" | grep -qx "$k" || fail "the init's setting '$k' is not in docs/boot.md's table"
done
echo "ok: the table and docs/boot.md name the same settings"
echo "pass: the settings table drives set, validation, reset and the command line"
exit 0
