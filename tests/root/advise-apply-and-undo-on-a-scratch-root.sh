#!/bin/bash
# advise-apply-and-undo-on-a-scratch-root - `swapplace advise --apply` and `--undo` with a real
# `measure --try zram` report of this machine (its machine and disks; the advice's figures are
# tests/fixtures/advise/zram-wins-build.json's, a resolved ranking needing minutes of rounds,
# with its start partition replaced by a loop device made here, mkswap'd). First under --root
# (a scratch copy of a small etc/: fstab with one line, sysctl.d with one file, systemd/):
# the files are installed (zram-generator.conf with [zram0], the swap line appended with pri=,
# 99-swapplace.conf), the old fstab saved byte for byte, the journal ends "kept", nothing made
# active; --undo makes etc/ byte-identical to its copy (diff -r) and removes the backup; an
# apply killed before its journal's "kept" (the line cut) is undone by `swapplace cleanup`. Then
# as /, in a private mount namespace whose /etc and /var/lib are the scratch ones (systemd is
# not PID 1 here, so no zram-generator unit starts: the apply makes the zram swap itself):
# /proc/swaps lists the loop device at priority 10 and a zram device of the apply's at the
# advised swap-priority 100, the zram's comp_algorithm and disksize are the installed
# zram-generator.conf's (lz4, zram-size MiB), vm.page-cluster is 0, the zram steps are in the
# manifest; --undo leaves /proc/swaps, the zram devices (names and disksizes), both sysctls and
# etc/ as they were. Then an apply as / killed after its zram swapon (the journal's "kept" cut)
# is undone by `swapplace cleanup` to the same state, zram included. A report of another machine (its DMI
# vendor edited) and a `run` report are refused with 3, nothing changed.
# runner: root
. "$(dirname "$0")/lib.sh"
need_root
need_cmd python3
need_cmd unshare
need_cmd mkswap
[ -w /sys/class/zram-control/hot_add ] || skip "no /sys/class/zram-control (zram module not loaded)"
# under systemd the apply as / would start the machine's own systemd-zram-setup@zram0.service
[ -e /run/systemd/system ] && skip "systemd runs here: the apply as / would start its zram unit"
FIX=$TOP/tests/fixtures/advise/zram-wins-build.json
make_loop dev 64M
mkswap -q "$dev" >/dev/null || fail "mkswap $dev"
scratch_dir out
pc0=$(cat /proc/sys/vm/page-cluster)
[ "$pc0" != 0 ] || skip "vm.page-cluster is 0 here: the advised 0 would not show"
grep -q "^$dev " /proc/swaps && fail "$dev is swapped on already"
at_exit "swapoff '$dev'"
at_exit "echo $pc0 >/proc/sys/vm/page-cluster"

# the fixture advises lz4 (zram-wins-build: zram-lz4 won the job): this kernel's zram must offer
# it. The module's list, the same on every device: any device's, else one added for the look
cat /sys/block/zram*/comp_algorithm 2>/dev/null | head -n 1 >"$out/algs"
if [ ! -s "$out/algs" ]; then
	id=$(cat /sys/class/zram-control/hot_add) || skip "zram hot_add failed"
	cat "/sys/block/zram$id/comp_algorithm" >"$out/algs"
	echo "$id" >/sys/class/zram-control/hot_remove
fi
grep -qw lz4 "$out/algs" || skip "this kernel's zram has no lz4 (the fixture's advised compressor): $(cat "$out/algs")"
"$SWAPPLACE" measure --try zram --budget 33M --time-per-placement 1 --scenario none --seed 3 \
	--json --out "$out/r" >"$out/real.json" 2>"$out/measure.err" ||
	{ cat "$out/measure.err"; fail "measure --try zram failed"; }
python3 - "$FIX" "$out/real.json" "$dev" "$out" <<'PY' || fail "cannot make the reports"
import json, sys
fix, real, dev, out = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3], sys.argv[4]
assert real["command"] == "measure", real["command"]
assert any(d["path"] == dev for d in real["devices"]), ("the loop device is not in the report", real["devices"])
fix["command"] = "measure"
fix["machine"] = real["machine"]
fix["devices"] = real["devices"]
for x in fix["results"]:
    if x.get("device") == "/dev/loop0p1":
        x["device"] = dev
json.dump(fix, open(out + "/apply.json", "w"))
other = json.loads(json.dumps(fix))
other["machine"]["dmi_vendor"] = "Another Vendor Inc."
json.dump(other, open(out + "/other.json", "w"))
run = json.loads(json.dumps(fix))
run["command"] = "run"
json.dump(run, open(out + "/run.json", "w"))
PY

R=$out/root
mkdir -p "$R/etc/sysctl.d" "$R/etc/systemd" "$R/var/lib"
echo "UUID=0123-4567 / ext4 errors=remount-ro 0 1" >"$R/etc/fstab"
echo "vm.swappiness = 60" >"$R/etc/sysctl.d/10-local.conf"
chmod 0640 "$R/etc/fstab"
cp -a "$R/etc" "$out/etc.orig"
at_exit "'$SWAPPLACE' advise --undo --root '$R'"

# refusals: another machine, a run report; nothing written
"$SWAPPLACE" advise "$out/other.json" --apply --root "$R" >/dev/null 2>"$out/other.err"
[ $? = 3 ] || fail "a report of another machine was not refused with 3: $(cat "$out/other.err")"
grep -q "another machine.*DMI vendor" "$out/other.err" || fail "the refusal does not say why: $(cat "$out/other.err")"
"$SWAPPLACE" advise "$out/run.json" --apply --root "$R" >/dev/null 2>"$out/run.err"
[ $? = 3 ] || fail "a run report was not refused with 3"
grep -q "swapplace run" "$out/run.err" || fail "the run refusal does not say why: $(cat "$out/run.err")"
diff -r "$out/etc.orig" "$R/etc" || fail "a refused apply changed etc/"
[ -e "$R/var/lib/swapplace" ] && fail "a refused apply left a backup directory"

# under --root: files only
"$SWAPPLACE" advise "$out/apply.json" --apply --root "$R" >/dev/null 2>"$out/apply.err" ||
	fail "--apply --root failed: $(cat "$out/apply.err")"
cat "$out/apply.err"
grep -q '^\[zram0\]' "$R/etc/systemd/zram-generator.conf" || fail "no [zram0] installed"
grep -qx 'vm.page-cluster = 0' "$R/etc/sysctl.d/99-swapplace.conf" || fail "no 99-swapplace.conf"
head -n 1 "$R/etc/fstab" | cmp -s - "$out/etc.orig/fstab" || fail "the fstab's own line changed"
tail -n 1 "$R/etc/fstab" | grep -qx "$dev none swap sw,pri=10 0 0" || fail "no swap line with pri=10: $(cat "$R/etc/fstab")"
[ "$(stat -c %a "$R/etc/fstab")" = 640 ] || fail "the fstab's mode changed"
B=$R/var/lib/swapplace/advise-backup
cmp "$B/fstab" "$out/etc.orig/fstab" || fail "the saved fstab is not the old one"
tail -n 1 "$B/journal" | grep -qx kept || fail "the journal does not end 'kept': $(cat "$B/journal")"
grep -q " conf $R/etc/fstab $B/fstab" "$B/journal" || fail "the fstab step is not journaled"
grep -q "^$dev " /proc/swaps && fail "--root made the swap active"
[ "$(cat /proc/sys/vm/page-cluster)" = "$pc0" ] || fail "--root changed vm.page-cluster"
"$SWAPPLACE" advise "$out/apply.json" --apply --root "$R" >/dev/null 2>&1
[ $? = 3 ] || fail "a second apply over the first was not refused"
"$SWAPPLACE" advise --undo --root "$R" 2>"$out/undo.err" || fail "--undo failed: $(cat "$out/undo.err")"
diff -r "$out/etc.orig" "$R/etc" || fail "--undo did not put etc/ back byte for byte"
[ "$(stat -c %a "$R/etc/fstab")" = 640 ] || fail "--undo did not keep the fstab's mode"
[ -e "$R/var/lib/swapplace" ] && fail "--undo left the backup"
"$SWAPPLACE" advise --undo --root "$R" >/dev/null 2>&1 && fail "a second --undo found something to undo"

# an apply killed after its last step, before "kept": its journal unfinished; `swapplace cleanup`
# undoes it (the run directory's copy is gone with the killed process's; the backup's is here)
"$SWAPPLACE" advise "$out/apply.json" --apply --root "$R" >/dev/null 2>&1 || fail "the second --apply --root failed"
sed -i '$d' "$B/journal"
grep -q kept "$B/journal" && fail "the test did not cut 'kept'"
"$SWAPPLACE" cleanup "$B/journal" 2>"$out/cleanup.err" || fail "cleanup of a killed apply failed: $(cat "$out/cleanup.err")"
diff -r "$out/etc.orig" "$R/etc" || fail "cleanup did not put etc/ back byte for byte"
"$SWAPPLACE" advise --undo --root "$R" 2>/dev/null || fail "--undo after cleanup did not just remove the backup"
[ -e "$R/var/lib/swapplace" ] && fail "the backup stayed after cleanup and --undo"

# as /: in a mount namespace of our own whose /etc and /var/lib are the scratch ones; swap, zram
# and sysctls are the machine's. One namespace for the applies, their readings and undos: once
# it is gone, /proc/swaps names the loop area by the path inside the namespace's copy of /dev
# ("/loop0"), which no other namespace resolves.
zram_state() { # the zram devices and their disksizes
	for z in /sys/block/zram*; do [ -e "$z/disksize" ] && echo "$(basename "$z") $(cat "$z/disksize")"; done
}
swaps_state() { awk 'NR > 1 { print $1, $2, $5 }' /proc/swaps; }
zram_state >"$out/zram.before"
swaps_state >"$out/swaps.before"
sw0=$(cat /proc/sys/vm/swappiness)
# the net under a namespace that fails half-way: any zram device the test's applies made (not
# listed before) swapped off, reset and removed; only those
at_exit "for z in \$(ls /sys/block | grep '^zram'); do grep -q \"^\$z \" '$out/zram.before' && continue; swapoff /dev/\$z 2>/dev/null; echo 1 >/sys/block/\$z/reset; echo \${z#zram} >/sys/class/zram-control/hot_remove; done"
at_exit "echo $sw0 >/proc/sys/vm/swappiness"
unshare -m bash -c '
	set -e
	mount --make-rprivate /
	mount --bind "$1/etc" /etc
	mount --bind "$1/var/lib" /var/lib
	# a failure half-way is undone here, where the /etc paths the journal names are the scratch ones
	trap "[ -e /var/lib/swapplace/advise-backup/journal ] && \"$2\" advise --undo >/dev/null 2>&1" EXIT
	o=$4 # state() has arguments of its own
	state() {
		# no awk here: Debian reaches it through /etc/alternatives, and /etc is the scratch one
		tail -n +2 /proc/swaps | while read -r p t _ _ pr; do echo "$p $t $pr"; done >"$o/swaps.$1"
		for z in /sys/block/zram*; do [ -e "$z/disksize" ] && echo "$(basename "$z") $(cat "$z/disksize") $(cat "$z/comp_algorithm")"; done >"$o/zram.$1"
		cat /proc/sys/vm/page-cluster >"$o/pc.$1"
		cat /proc/sys/vm/swappiness >"$o/sw.$1"
		diff -r "$o/etc.orig" /etc >"$o/etcdiff.$1" 2>&1 || true
	}
	"$2" advise "$3" --apply 2>"$4/live.err" || { echo apply >"$4/ns.failed"; exit 1; }
	state applied
	cp /etc/fstab "$4/fstab.applied"
	cp /etc/systemd/zram-generator.conf "$4/zgen.applied"
	cp /var/lib/swapplace/advise-backup/journal "$4/journal.applied"
	"$2" advise --undo 2>"$4/undo2.err" || { echo undo >"$4/ns.failed"; exit 1; }
	state undone
	# killed after its last step (the zram swapon), before "kept": cleanup undoes it all
	"$2" advise "$3" --apply 2>"$4/live3.err" || { echo "second apply" >"$4/ns.failed"; exit 1; }
	state applied3
	sed -i "\$d" /var/lib/swapplace/advise-backup/journal
	grep -q kept /var/lib/swapplace/advise-backup/journal && { echo "cut of kept" >"$4/ns.failed"; exit 1; }
	"$2" cleanup /var/lib/swapplace/advise-backup/journal >"$4/cleanup3.out" 2>"$4/cleanup3.err" || { echo cleanup >"$4/ns.failed"; exit 1; }
	state cleaned
	"$2" advise --undo 2>"$4/undo3.err" || { echo "undo after cleanup" >"$4/ns.failed"; exit 1; }
	trap - EXIT
' ns "$R" "$SWAPPLACE" "$out/apply.json" "$out"
cat "$out/live.err" "$out/undo2.err" "$out/cleanup3.out" "$out/cleanup3.err" 2>/dev/null
[ -e "$out/ns.failed" ] && fail "--$(cat "$out/ns.failed") on / failed"
[ -e "$out/sw.cleaned" ] || fail "the namespace did not get through"
awk -v d="$dev" '$1 == d { print $3 }' "$out/swaps.applied" | grep -qx 10 ||
	fail "$dev was not swapped on at priority 10: $(cat "$out/swaps.applied")"
[ "$(cat "$out/pc.applied")" = 0 ] || fail "vm.page-cluster was not 0 after --apply"
tail -n 1 "$out/fstab.applied" | grep -qx "$dev none swap sw,pri=10 0 0" || fail "no swap line on /"
grep -q "^[0-9]* sysctl /proc/sys/vm/page-cluster $pc0 0$" "$out/journal.applied" ||
	fail "the old page-cluster is not in the manifest: $(cat "$out/journal.applied")"
grep -q "^[0-9]* swapon $dev$" "$out/journal.applied" || fail "the swapon is not in the manifest"
# zram: as the installed zram-generator.conf says, swapped on by the apply itself
zsize=$(sed -n 's/^zram-size = //p' "$out/zgen.applied")
zalg=$(sed -n 's/^compression-algorithm = //p' "$out/zgen.applied")
zpri=$(sed -n 's/^swap-priority = //p' "$out/zgen.applied")
[ "$zalg" = lz4 ] && [ "$zpri" = 100 ] && [ -n "$zsize" ] ||
	fail "zram-generator.conf is not the fixture's advice (lz4, priority 100): $(cat "$out/zgen.applied")"
for st in applied applied3; do
	z=$(awk '$1 ~ /^\/dev\/zram/ && $2 == "partition" { print $1 }' "$out/swaps.$st")
	[ "$(echo "$z" | grep -c .)" = 1 ] || fail "--apply as / did not swap on one zram device: $(cat "$out/swaps.$st")"
	grep -q "^${z#/dev/} " "$out/zram.before" && fail "--apply used the machine's own ${z#/dev/}"
	awk -v z="$z" '$1 == z { print $3 }' "$out/swaps.$st" | grep -qx "$zpri" ||
		fail "$z is not at the advised priority $zpri: $(cat "$out/swaps.$st")"
	grep -q "^${z#/dev/} $((zsize << 20)) .*\[$zalg\]" "$out/zram.$st" ||
		fail "$z is not $zalg, $zsize MiB: $(grep "^${z#/dev/} " "$out/zram.$st")"
	[ "$st" = applied ] && z1=$z
done
grep -q "^[0-9]* zram ${z1#/dev/zram} $zalg $((zsize << 20))$" "$out/journal.applied" ||
	fail "the zram device is not in the manifest: $(cat "$out/journal.applied")"
grep -q "^[0-9]* swapon $z1$" "$out/journal.applied" || fail "the zram swapon is not in the manifest"
grep -q "${z1#/dev/} ($zalg, $zsize MiB) swapped on at priority $zpri" "$out/live.err" ||
	fail "--apply does not say what it made: $(cat "$out/live.err")"
# --undo, and cleanup of the killed apply: the machine as it was
for st in undone cleaned; do
	cmp -s "$out/swaps.before" "$out/swaps.$st" ||
		fail "/proc/swaps after $st is not as before: $(diff "$out/swaps.before" "$out/swaps.$st")"
	cut -d' ' -f1,2 "$out/zram.$st" | cmp -s "$out/zram.before" - ||
		fail "the zram devices after $st are not as before: $(cat "$out/zram.before") / $(cat "$out/zram.$st")"
	[ "$(cat "$out/pc.$st")" = "$pc0" ] || fail "vm.page-cluster after $st is not $pc0"
	[ "$(cat "$out/sw.$st")" = "$sw0" ] || fail "vm.swappiness after $st is not $sw0"
	[ -s "$out/etcdiff.$st" ] && fail "etc/ after $st is not byte-identical: $(cat "$out/etcdiff.$st")"
done
grep -qx "swapplace: cleanup: removed $z" "$out/cleanup3.out" || fail "cleanup did not say it removed $z: $(cat "$out/cleanup3.out")"
grep -q "^$dev " /proc/swaps && fail "--undo left $dev swapped on"
grep -q "loop" /proc/swaps && grep -q "$(basename "$dev") " /proc/swaps && fail "--undo left $dev swapped on: $(cat /proc/swaps)"
[ "$(cat /proc/sys/vm/page-cluster)" = "$pc0" ] || fail "--undo did not put vm.page-cluster back to $pc0"
diff -r "$out/etc.orig" "$R/etc" || fail "--undo on / did not put etc/ back byte for byte"
[ -e "$R/var/lib/swapplace" ] && fail "--undo on / left the backup"
exit 0
