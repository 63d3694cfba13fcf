#!/bin/bash
# run-journal-is-never-an-existing-file-or-link - `run` creates its journal with
# O_CREAT|O_EXCL|O_NOFOLLOW (act/journal.c), in the run directory and beside the report, and
# refuses an output directory that already holds one (out/report_io.c). Planted where the run's
# journal goes (the run directory's journal-PID, PID the run's own, known because the shell
# execs swapplace):
# - a finished journal (root's, 0600, ending in `end`: the scan for unfinished journals lets it
#   be): the O_EXCL open refuses it, exit 1, "exists already", and it is left as it was;
# - a symbolic link to a file, and a dangling one: refused (exit 3) by the scan for unfinished
#   journals, which opens them with O_NOFOLLOW and does not trust them, before the open;
# - a link named `journal` in --out: refused (exit 3) by the output directory's claim.
# Each time the target is byte-identical (checksum), the link's target unchanged (a dangling
# one still absent), and no journal is written anywhere.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
need_root
make_loop dev 1G
scratch_dir out
dd if=/dev/urandom of="$dev" bs=1M count=2 oflag=direct status=none
size=$(blockdev --getsize64 "$dev")
target_before=$(device_sum "$dev")
export SWAPPLACE_RUN_DIR=$out/run
mkdir -m 0700 "$SWAPPLACE_RUN_DIR"
echo "the victim's bytes" >"$out/victim"
victim_before=$(sha256sum <"$out/victim")
args=(--target "$dev" --confirm "$size" --swap-size 64M --budget 16M --time-per-placement 1
	--profile-time 0 --scenario none --only start)

boot=$(cat /proc/sys/kernel/random/boot_id)

# planted NAME RC WANT CMD: run swapplace through a shell that plants CMD (with $J the
# journal's path, the shell's pid being the run's) first; the run must exit RC, say WANT and
# name the journal, and leave everything as it was
planted() {
	local name=$1 want_rc=$2 want=$3 rc=0
	bash -c "J=\$SWAPPLACE_RUN_DIR/journal-\$\$; $4; exec \"\$0\" run \"\$@\"" \
		"$SWAPPLACE" "${args[@]}" --out "$out/$name" >"$out/$name.out" 2>&1 || rc=$?
	cat "$out/$name.out"
	[ "$rc" = "$want_rc" ] || fail "$name: exit $rc, not $want_rc"
	grep -q "journal-[0-9]*'" "$out/$name.out" && grep -q "$want" "$out/$name.out" ||
		fail "$name: the message does not name the journal and say '$want'"
	[ "$(device_sum "$dev")" = "$target_before" ] || fail "$name: the target changed"
	[ "$(sha256sum <"$out/victim")" = "$victim_before" ] || fail "$name: the link's target changed"
	[ ! -e "$out/$name/journal" ] || fail "$name: a journal was written beside the report"
	echo "ok: $name refused (exit $rc)"
}

planted finished 1 "exists already" \
	'printf "%s\nend\n" "swapplace-journal 1 pid=$$ boot='"$boot"' start=1 cmd=run time=0 twin=-" >"$J"; chmod 0600 "$J"; cp "$J" '"$out/finished.copy"
cmp "$SWAPPLACE_RUN_DIR"/journal-* "$out/finished.copy" || fail "the finished journal changed"
rm "$SWAPPLACE_RUN_DIR"/journal-*
planted link 3 "did not finish" 'ln -s "'"$out/victim"'" "$J"'
rm "$SWAPPLACE_RUN_DIR"/journal-*
planted dangling 3 "did not finish" 'ln -s "'"$out/absent"'" "$J"'
[ ! -e "$out/absent" ] || fail "the dangling link's target was created"
rm "$SWAPPLACE_RUN_DIR"/journal-*

# --out holding a link named journal
mkdir "$out/o"
ln -s "$out/victim" "$out/o/journal"
rc=0
"$SWAPPLACE" run "${args[@]}" --out "$out/o" >"$out/o.out" 2>&1 || rc=$?
cat "$out/o.out"
[ "$rc" = 3 ] || fail "--out holding a journal link: exit $rc, not 3"
[ "$(device_sum "$dev")" = "$target_before" ] || fail "--out holding a journal link: the target changed"
[ "$(sha256sum <"$out/victim")" = "$victim_before" ] || fail "--out: the link's target changed"
[ -L "$out/o/journal" ] && [ "$(ls "$out/o")" = journal ] || fail "--out: the directory changed"
# no journal written in the run directory
[ "$(find "$SWAPPLACE_RUN_DIR" -name 'journal-*' | wc -l)" = 0 ] ||
	fail "a journal was left in the run directory: $(ls "$SWAPPLACE_RUN_DIR")"
echo ok
