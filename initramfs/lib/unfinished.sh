# shellcheck shell=sh
# lib/unfinished.sh - what a run cut off by a power cut or a crash left on the stick (phase
# stick): its journal is cleaned up after, its disk backups kept, before anything else acts.

# A run cut off by a power failure or a crash left its journal (DIR/journal) on the stick
# without its last line "end": `swapplace cleanup` undoes what it records that survived the
# restart, the person is told, and the directory is kept as reports/<date>-unfinished with
# the journal, the cleanup's output (cleanup.txt) and reason.txt. Before anything else acts.
clean_unfinished() {
	for _j in "$STICK"/reports/.tmp-*/journal "$STICK"/reports/*/journal; do
		[ -f "$_j" ] || continue
		case $(tail -n 1 "$_j" 2>/dev/null) in
		end | cleaned) continue ;;
		esac
		_d=${_j%/journal}
		say "the last run did not finish (power cut or crash): reports/${_d##*/} has its journal"
		if sys swapplace cleanup "$_j" >"$_d/cleanup.txt" 2>&1; then
			say "cleaned up after it:"
		else
			say "WARNING: the cleanup after it failed; what it said:"
		fi
		sed 's/^/  /' "$_d/cleanup.txt"
		case ${_d##*/} in
		.tmp-*)
			{
				echo "swapplace appliance: this run did not finish (power cut or crash)"
				echo "the next boot cleaned up after it with 'swapplace cleanup' (cleanup.txt);"
				echo "the target disk holds swapplace's partitions, or what it held before"
				for _b in "$_d"/backup-*; do
					[ -f "$_b/identity" ] || continue
					echo "its partition table and first and last MiB as they were: ${_b##*/}/"
					echo "  (swapplace restore ${_b##*/} --target DISK --confirm ID, docs/safety.md)"
				done
			} >"$_d/reason.txt"
			_name=${_d##*/.tmp-}
			_dest=$STICK/reports/${_name%-*}-unfinished
			_k=1
			while [ -e "$_dest" ]; do
				_k=$((_k + 1))
				_dest=$STICK/reports/${_name%-*}-unfinished-$_k
			done
			mv "$_d" "$_dest" && say "kept on the stick: reports/${_dest##*/}"
			;;
		esac
		sys sync
	done
	return 0
}

# Before every run, not only at boot: a run of this session that did not finish (killed
# before its undo) left its journal under /run/swapplace, whose twin on the stick cleanup
# finishes too. swapplace run refuses to measure beside what a dead run left (its swap, zram,
# sysctls), so it is cleaned up first; what cleanup undid is shown, a failure said. (The
# stick's journals of earlier boots were cleaned at boot, clean_unfinished.)
clean_before_run() {
	if ! sys swapplace cleanup >"$RUNDIR/cleanup.out" 2>"$RUNDIR/cleanup.err"; then
		say "WARNING: the cleanup after an earlier run failed; what it said:"
		sed 's/^/  /' "$RUNDIR/cleanup.err" "$RUNDIR/cleanup.out"
	elif [ -s "$RUNDIR/cleanup.out" ]; then
		say "cleaned up after an earlier run of this session:"
		sed 's/^/  /' "$RUNDIR/cleanup.out"
	fi
	return 0
}

# The disk backups in a temporary report a power cut left (reports/.tmp-<date>-<pid>/backup-*,
# swapplace restore's input) are whole: each was renamed into place once synced. They are kept
# as reports/<date>-<pid>-interrupted/ before the incomplete report goes.
keep_backups() {
	for _t in "$STICK"/reports/.tmp-*; do
		for _b in "$_t"/backup-*; do
			[ -f "$_b/identity" ] || continue
			_k=$STICK/reports/${_t##*/.tmp-}-interrupted
			mkdir -p "$_k" && mv "$_b" "$_k/" &&
				say "kept the disk backup of an interrupted run: reports/${_k##*/}/${_b##*/} (swapplace restore)"
		done
	done
}
