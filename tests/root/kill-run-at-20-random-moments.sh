#!/bin/bash
# SIGKILL `swapplace run` at 20 random moments spread over a whole short run (partitioning,
# mkfs, mount, the start partition, zram, zswap, the report), then `swapplace cleanup` (no
# argument: it finds the dead run's journal under /run/swapplace). After each: no swap of ours,
# no zram, no swapplace cgroup or mount, every sysctl and zswap parameter as it was, the
# target either untouched (its first and last MiB as before) or as planned (swapplace-*
# partitions), the journal finished, and a second cleanup does nothing. SEED=N repeats a run.
# runner: may run beside a guest
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-journal.sh"
need_root
need_memcg
need_cmd sfdisk
[ -w /sys/class/zram-control/hot_add ] || skip "no zram-control"
others_quiet
[ "$(wc -l </proc/swaps)" -le 1 ] || skip "other swap is active"
t0=$SECONDS
seed=${SEED:-$(( $(date +%s) % 32768 ))}
echo "seed $seed (SEED=$seed repeats these moments)"
RANDOM=$seed
make_loop dev 512M
scratch_dir out
size=$(blockdev --getsize64 "$dev")
mib=$((size / 1048576))
# the owner's disk: something in the first and last MiB, kept to put back before each round
dd if=/dev/urandom of="$out/first" bs=1M count=1 status=none
dd if=/dev/urandom of="$out/last" bs=1M count=1 status=none
restore_target() {
	dd if="$out/first" of="$dev" bs=1M conv=fsync status=none
	dd if="$out/last" of="$dev" bs=1M seek=$((mib - 1)) conv=fsync status=none
	blockdev --rereadpt "$dev" 2>/dev/null || partx -d "$dev" 2>/dev/null || true
}
restore_target
orig=$(region_sum "$dev")
before=$(machine_state)
# zswap with the compressor it has (one this kernel surely offers): its placement turns zswap on
zs=$(cat /sys/module/zswap/parameters/compressor 2>/dev/null)
zswap_args=()
[ -n "$zs" ] && zswap_args=(--zswap "$zs")
run_args=(run --target "$dev" --confirm "$size" --swap-size 64M --budget 16M
	--time-per-placement 1 --profile-time 0 --scenario none
	--only "start,zram-lz4${zs:+,zswap-$zs}" "${zswap_args[@]}")

# one whole run: how long the moments are spread over
ms0=$(date +%s%3N)
"$SWAPPLACE" "${run_args[@]}" --out "$out/whole" >/dev/null 2>"$out/whole.err" ||
	{ cat "$out/whole.err"; fail "the whole run failed"; }
span_ms=$(($(date +%s%3N) - ms0))
echo "a whole run takes $span_ms ms"
[ "$(tail -1 "$out/whole/journal")" = end ] || fail "a whole run's journal does not end with 'end'"
expect_machine_as "$before" "after a whole run"

killed=0 planned=0 untouched=0 mid_table=0
for round in $(seq 20); do
	restore_target
	# the first three in the run's first tenth (vetting, partitioning, mkfs, mount: the most
	# states per millisecond), the rest anywhere in it
	[ "$round" -le 3 ] && top=$((span_ms / 10)) || top=$span_ms
	at_ms=$(( (RANDOM * 32768 + RANDOM) % (top + 1) ))
	"$SWAPPLACE" "${run_args[@]}" --out "$out/r$round" >/dev/null 2>"$out/err" &
	pid=$!
	sleep "$(printf '%d.%03d' $((at_ms / 1000)) $((at_ms % 1000)))"
	kill -9 "$pid" 2>/dev/null && killed=$((killed + 1))
	wait "$pid" 2>/dev/null
	# a mkfs or debugfs the run started finishes on its own: wait for it to let go
	for _ in $(seq 50); do pgrep -f -- "$dev" >/dev/null || break; sleep 0.1; done
	rc=0
	"$SWAPPLACE" cleanup >"$out/clean.out" 2>"$out/clean.err" || rc=$?
	echo "round $round: killed at $at_ms ms: $(grep -c . "$out/clean.out") undone"
	[ "$rc" = 0 ] || { cat "$out/clean.err" "$out/r$round/journal"; fail "round $round: cleanup exit $rc"; }
	expect_machine_as "$before" "round $round (seed $seed, $at_ms ms)"
	if [ "$(region_sum "$dev")" = "$orig" ]; then
		untouched=$((untouched + 1))
	elif as_planned "$dev"; then
		planned=$((planned + 1))
	elif [ "$(grep -E '^[0-9]+ ' "$out/r$round/journal" 2>/dev/null | tail -1 | cut -d' ' -f2)" = parttable ]; then
		# killed inside libfdisk's writes of the table (a few pwrites): the case the
		# partition backup is for; the table was the last thing the run announced, so
		# nothing else may have been written, and the backup puts the disk back
		mid_table=$((mid_table + 1))
		restore_target
		[ "$(region_sum "$dev")" = "$orig" ] || fail "round $round: the backup did not restore the target"
	else
		sfdisk -d "$dev"
		cat "$out/r$round/journal" "$out/clean.err" 2>/dev/null
		fail "round $round: the target is neither as it was nor as planned"
	fi
	if [ -e "$out/r$round/journal" ]; then
		tail -1 "$out/r$round/journal" | grep -Eqx 'end|cleaned' ||
			{ cat "$out/r$round/journal"; fail "round $round: the journal is not finished"; }
	fi
	rc=0
	"$SWAPPLACE" cleanup >"$out/again.out" 2>/dev/null || rc=$?
	[ "$rc" = 0 ] && [ ! -s "$out/again.out" ] || fail "round $round: a second cleanup did something"
done
echo "killed $killed times; the target untouched $untouched times, as planned $planned times," \
	"killed while the table was written (then as backed up) $mid_table times"
[ "$killed" -ge 15 ] || fail "only $killed of the 20 runs were still going when killed"
echo "ok ($((SECONDS - t0)) s)"
