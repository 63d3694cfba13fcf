#!/bin/bash
# Forged journals (issue 19): cleanup runs as root on a path someone else may have written.
# Each of these is refused with exit 3 and changes nothing: a twin with ".." (cleanup used to
# unlink or append to it), a sysctl record for kernel.core_pattern (a root shell for anyone who
# can write a journal), a symlinked journal, a group-writable one, one in a directory others
# can write, one owned by another user. Each forged journal also names a canary file (a
# "file" record, which cleanup removes): the canary stays. The same journal, root's and
# 0644, is acted on (the canary goes), so the refusals are the checks', not an accident.
# Then `run` and `measure` refuse while an unfinished journal of this boot is in the run
# directory, naming it and `swapplace cleanup`. And `measure --out` refuses (exit 3) a
# directory that is a symbolic link, another user's, or holds a journal or a report already,
# leaving it as it was.
. "$(dirname "$0")/lib.sh"
need_root
t0=$SECONDS
scratch_dir out
export SWAPPLACE_RUN_DIR=$out/run
mkdir -m 0700 "$SWAPPLACE_RUN_DIR"
boot=$(cat /proc/sys/kernel/random/boot_id)
core=$(cat /proc/sys/kernel/core_pattern)
# a journal of this boot whose writer is gone (pid 1 never has start time 1)
head_line() { echo "swapplace-journal 1 pid=1 boot=$boot start=1 cmd=run time=0 twin=${1:--}"; }
canary() { echo "the canary" >"$out/d/swapplace-canary"; }
forged() { # NAME TWIN [RECORD...]: $out/d/NAME, root's, 0644
	local name=$1 twin=$2
	shift 2
	{ head_line "$twin"; for r in "$@"; do echo "$r"; done; } >"$out/d/$name"
	chmod 0644 "$out/d/$name"
}
refused() { # WHAT WANT JOURNAL: exit 3, the message says WANT, nothing changed
	local rc=0
	"$SWAPPLACE" cleanup "$3" >"$out/o" 2>"$out/e" || rc=$?
	cat "$out/e" "$out/o"
	[ "$rc" = 3 ] || fail "$1: exit $rc (want 3)"
	grep -q -- "$2" "$out/e" || fail "$1: the refusal does not say '$2'"
	[ -e "$out/d/swapplace-canary" ] || fail "$1: the canary was removed"
	[ "$(cat /proc/sys/kernel/core_pattern)" = "$core" ] || fail "$1: core_pattern changed"
	[ "$(cat "$out/victim/journal")" = "$(cat "$out/victim.orig")" ] || fail "$1: the victim changed"
	[ -e "$SWAPPLACE_RUN_DIR/journal-77" ] || fail "$1: a file in the run directory went"
}
mkdir -m 0755 "$out/d" "$out/victim"
canary
# a victim journal of the same run (pid, boot, start) a ".." twin points to
head_line >"$out/victim/journal"
cp "$out/victim/journal" "$out/victim.orig"
head_line >"$SWAPPLACE_RUN_DIR/journal-77"
echo end >>"$SWAPPLACE_RUN_DIR/journal-77"
file_rec="1 file $out/d/swapplace-canary"

echo "== a twin with '..'"
forged j-dotdot "$out/d/../victim/journal" "$file_rec"
refused "a '..' twin" "not an absolute path in one spelling" "$out/d/j-dotdot"
forged j-dotdot-run "$SWAPPLACE_RUN_DIR/../run/journal-77" "$file_rec"
refused "a '..' twin into the run directory" "one spelling" "$out/d/j-dotdot-run"
echo "== a twin that is not a journal"
forged j-shadow "$out/victim.orig" "$file_rec"
refused "a twin not named journal" "journal-PID" "$out/d/j-shadow"
echo "== a twin through a symbolic link"
ln -s "$out/victim" "$out/victim-link"
forged j-twinlink "$out/victim-link/journal" "$file_rec"
refused "a twin through a link" "symbolic link" "$out/d/j-twinlink"

echo "== kernel.core_pattern"
# new = the value now, so that the undo would write "old" if the record were trusted
at_exit "printf '%s\n' '$core' >/proc/sys/kernel/core_pattern"
enc=$(printf '%s' "$core" | sed 's/%/%25/g; s/ /%20/g')
forged j-core "" "$file_rec" "2 sysctl /proc/sys/kernel/core_pattern |/tmp/swapplace-forged-$$ $enc"
refused "a core_pattern sysctl" "not vm.swappiness or vm.page-cluster" "$out/d/j-core"
forged j-core2 "" "1 sysctl /proc/sys/vm/../kernel/core_pattern |/tmp/x $enc"
refused "a core_pattern sysctl behind '..'" "one spelling\|not an absolute path" "$out/d/j-core2"

echo "== a symlinked journal"
forged j-real "" "$file_rec"
ln -s "$out/d/j-real" "$out/d/j-link"
refused "a symlinked journal" "is a symbolic link" "$out/d/j-link"

echo "== a group-writable journal"
forged j-gw "" "$file_rec"
chmod 0664 "$out/d/j-gw"
refused "a group-writable journal" "writable by its group or by others" "$out/d/j-gw"

echo "== a journal owned by another user"
forged j-nobody "" "$file_rec"
chown 65534 "$out/d/j-nobody"
refused "a journal of uid 65534" "not owned by root" "$out/d/j-nobody"

echo "== a journal in a directory others can write"
mkdir -m 0777 "$out/open"
{ head_line; echo "$file_rec"; } >"$out/open/journal"
refused "a journal in a 0777 directory" "its directory .* is writable" "$out/open/journal"

echo "== the same journal, root's alone: acted on"
rc=0
"$SWAPPLACE" cleanup "$out/d/j-real" 2>"$out/e" || rc=$?
cat "$out/e"
[ "$rc" = 0 ] || fail "a trusted journal: exit $rc"
[ ! -e "$out/d/swapplace-canary" ] || fail "the trusted journal's file record was not undone"
[ "$(tail -n 1 "$out/d/j-real")" = cleaned ] || fail "the trusted journal is not marked cleaned"

echo "== run and measure refuse while an unfinished journal of this boot is left"
canary
rm -f "$SWAPPLACE_RUN_DIR/journal-77"
{ head_line; echo "$file_rec"; } >"$SWAPPLACE_RUN_DIR/journal-78"
rc=0
"$SWAPPLACE" measure --scenario none --time-per-placement 1 --budget 16M 2>"$out/e" || rc=$?
cat "$out/e"
[ "$rc" = 3 ] || fail "measure beside a dead run's journal: exit $rc (want 3)"
grep -q "journal '$SWAPPLACE_RUN_DIR/journal-78'.*swapplace cleanup" "$out/e" ||
	fail "the refusal does not name the journal and swapplace cleanup"
rc=0
"$SWAPPLACE" run --target /dev/null --confirm 0 2>"$out/e" || rc=$?
cat "$out/e"
[ "$rc" = 3 ] && grep -q "journal-78" "$out/e" || fail "run beside a dead run's journal: exit $rc"
"$SWAPPLACE" cleanup 2>"$out/e" || fail "cleanup: $(cat "$out/e")"
[ ! -e "$out/d/swapplace-canary" ] || fail "cleanup without an argument did not undo journal-78"

echo "== an --out that is a link, another user's, or holds a journal or a report: refused"
mkdir "$out/o-journal" "$out/o-report" "$out/o-real" "$out/o-nobody"
echo "an earlier run's" >"$out/o-journal/journal"
echo "{}" >"$out/o-report/report.json"
ln -s "$out/o-real" "$out/o-link"
chown 65534 "$out/o-nobody"
for o in o-journal:"holds an earlier run's journal" o-report:"holds an earlier run's report.json" \
	o-link:"is a symbolic link" o-nobody:"belongs to another user"; do
	rc=0
	"$SWAPPLACE" measure --scenario none --time-per-placement 1 --budget 16M \
		--out "$out/${o%%:*}" 2>"$out/e" || rc=$?
	cat "$out/e"
	[ "$rc" = 3 ] || fail "--out ${o%%:*}: exit $rc (want 3)"
	grep -q "${o#*:}" "$out/e" || fail "--out ${o%%:*}: the refusal does not say '${o#*:}'"
done
[ "$(cat "$out/o-journal/journal")" = "an earlier run's" ] || fail "the earlier journal was changed"
[ -z "$(ls -A "$out/o-real")" ] || fail "something was written through the link"
echo "ok ($((SECONDS - t0)) s)"
