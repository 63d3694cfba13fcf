#!/bin/bash
# buildjob-swaps-and-is-deterministic - the build job on a scratch disk laid out like the blog's:
# a loop device with a swap partition at its start and an ext4 data partition after it (the
# job's toolchain, sources and objects), swap on at top priority. A 32 MiB budget with a heap of
# 51 MiB (1.6x) must swap: the job finishes (status ok, every unit), pswpin, pswpout and major
# faults are all > 0, it read its sources from the disk and wrote its objects, its regime says
# it would hold about twice the limit and that it waited for swap-ins, and two runs (in one
# call) plus a third (a second call on the same tree) wrote the same objects; with --jobs 2
# (two processes, each its own heap) two runs wrote the same objects too. Everything undone at
# exit: unmounted, swapped off, loop device detached, cgroup removed.
. "$(dirname "$0")/lib.sh"
need_root
need_helper RUN buildjob-run
need_memcg
need_cmd sfdisk
need_cmd mkfs.ext4
need_no_other_swap
scratch_dir tmp
make_loop dev 1G
printf 'label: gpt\n,256M,S\n,,L\n' | sfdisk -q "$dev" >/dev/null || fail "sfdisk $dev"
# the kernel re-reads the table on close only without BLKPG; partx adds the nodes as
# swapplace itself does (list-shows-loop-device.sh)
if [ ! -b "${dev}p2" ]; then
	need_cmd partx
	partx -a "$dev" 2>/dev/null || partx -u "$dev" || fail "partx -a $dev"
	at_exit "partx -d '$dev'"
fi
[ -b "${dev}p1" ] && [ -b "${dev}p2" ] || fail "partitions of $dev did not appear"
mkfs.ext4 -q -F "${dev}p2" || fail "mkfs.ext4 ${dev}p2"
mkdir "$tmp/data"
mount "${dev}p2" "$tmp/data" || fail "mount ${dev}p2"
at_exit "umount '$tmp/data'"
swap_on "${dev}p1"

"$RUN" --dir "$tmp/data" --budget-mib 32 --scale 0.25 --runs 2 --timeout 50 >"$tmp/out" 2>"$tmp/err" ||
	fail "buildjob-run failed: $(cat "$tmp/err") $(cat "$tmp/out")"
cat "$tmp/out"
[ "$(wc -l </proc/swaps)" -le 2 ] || skip "another swap area appeared during the run"
[ "$(kv status "$tmp/out")" = ok ] || fail "status is not ok: $(kv reason "$tmp/out")"
[ "$(kv n_runs "$tmp/out")" = 2 ] || fail "not 2 runs"
[ "$(kv units_done "$tmp/out")" = "$(kv units_total "$tmp/out")" ] || fail "not every unit ran"
[ "$(kv oom_killed "$tmp/out")" = 0 ] || fail "OOM-killed although swap was available"
[ "$(kv pswpin "$tmp/out")" -gt 0 ] || fail "pswpin is 0: the job did not swap in"
[ "$(kv pswpout "$tmp/out")" -gt 0 ] || fail "pswpout is 0: the job did not swap out"
[ "$(kv major_faults "$tmp/out")" -gt 0 ] || fail "no major faults"
[ "$(kv swapout_pages "$tmp/out")" -gt 0 ] || fail "the swap-out rate saw no pages"
# the sources were dropped from the cache, so they came from the disk: the raw read_bytes
# (sources and swap-ins: the kernel counts both) holds at least the sources;
# file_read_bytes (read_bytes less pswpin) is only as exact as pswpin is the job's alone, so
# on a shared machine half the sources is what it must reach
io=$(kv io_read_bytes "$tmp/out")
src=$(kv source_bytes "$tmp/out")
[ "$io" -ge "$src" ] || fail "read_bytes $io is less than the sources ($src)"
[ "$(kv file_read_bytes "$tmp/out")" -ge $((src / 2)) ] || fail "file_read_bytes below half the sources"
[ "$(kv file_written_bytes "$tmp/out")" -gt 0 ] || fail "no objects written"
awk -v w="$(kv wall_s "$tmp/out")" -v c="$(kv cpu_s "$tmp/out")" 'BEGIN { exit !(w > 0 && c > 0) }' ||
	fail "wall_s or cpu_s not positive"
# written to the swap partition: its sectors-written counter moved
[ "$(awk '{print $7}' "/sys/class/block/${dev#/dev/}p1/stat")" -gt 0 ] || fail "nothing written to ${dev}p1"

"$RUN" --dir "$tmp/data" --no-setup --budget-mib 32 --scale 0.25 --timeout 50 >"$tmp/out2" 2>"$tmp/err" ||
	fail "second buildjob-run failed: $(cat "$tmp/err") $(cat "$tmp/out2")"
[ "$(kv status "$tmp/out2")" = ok ] || fail "second call: status is not ok: $(kv reason "$tmp/out2")"
sum1=$(kv objects_checksum "$tmp/out")
sum2=$(kv objects_checksum "$tmp/out2")
echo "objects checksum: $sum1 (2 runs), $sum2 (third run)"
[ -n "$sum1" ] && [ "$sum1" = "$sum2" ] || fail "the third run wrote other objects"
ws=$(kv working_set_bytes "$tmp/out")
[ "$ws" -gt $((32 * 1024 * 1024 * 18 / 10)) ] || fail "working set $ws is not about twice the 32 MiB limit"
awk -v s="$(kv wait_swap_s "$tmp/out")" 'BEGIN { exit !(s > 0) }' || fail "no time waiting for swap-ins in the regime"
[ "$(kv jobs "$tmp/out")" = 1 ] || fail "jobs is not 1"
# make -j 2: two processes; a unit waits for the modules it imports; deterministic too
"$RUN" --dir "$tmp/data" --no-setup --budget-mib 32 --scale 0.25 --jobs 2 --runs 2 --timeout 50 >"$tmp/outj" 2>"$tmp/err" ||
	fail "--jobs 2 failed: $(cat "$tmp/err") $(cat "$tmp/outj")"
[ "$(kv status "$tmp/outj")" = ok ] || fail "--jobs 2: status is not ok: $(kv reason "$tmp/outj")"
[ "$(kv jobs "$tmp/outj")" = 2 ] || fail "--jobs 2 ran $(kv jobs "$tmp/outj") processes"
[ "$(kv units_done "$tmp/outj")" = "$(kv units_total "$tmp/outj")" ] || fail "--jobs 2: not every unit ran"
[ "$(kv pswpin "$tmp/outj")" -gt 0 ] || fail "--jobs 2 did not swap in"
echo "--jobs 2: wall $(kv wall_s "$tmp/outj") s, waits swap $(kv wait_swap_s "$tmp/outj") s, files $(kv wait_file_s "$tmp/outj") s"
# and a different seed writes different objects: the checksum is not a constant
"$RUN" --dir "$tmp/data" --no-setup --budget-mib 32 --scale 0.25 --seed 2 --ram --timeout 50 >"$tmp/out3" 2>"$tmp/err" ||
	fail "seed-2 run failed: $(cat "$tmp/err")"
[ "$(kv status "$tmp/out3")" = failed ] || fail "seed 2 read seed-1 sources and did not notice"
echo "seed 2 on seed-1 sources: $(kv reason "$tmp/out3")"
echo "ok: swapped (pswpin $(kv pswpin "$tmp/out"), pswpout $(kv pswpout "$tmp/out")) and wrote the same objects"
