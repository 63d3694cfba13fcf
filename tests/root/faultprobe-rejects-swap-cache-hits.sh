#!/bin/bash
# faultprobe-rejects-swap-cache-hits - the measured trap: MADV_PAGEOUT alone (no cgroup reclaim,
# faultprobe-run --no-reclaim) writes the pages to a disk but leaves them in the swap cache, so
# the first touches are minor faults with no I/O. The probe must see that (SwapCached about the
# buffer, mincore residency, minor touches), must not count those touches as samples, and must
# mark the result invalid. The report a reader gets (report.json, written by --report through
# the same verdict a run uses) must name that cause: the swap cache, with the minor faults it
# counted, not a fixed sentence.
. "$(dirname "$0")/lib.sh"
need_root
need_no_other_swap
need_cmd python3

make_loop dev 1G
swap_on "$dev"

scratch_dir rep
faultprobe_run res --no-reclaim --qds 1 --report "$rep" "$dev" 64 6
val() { kv "$1" "$res"; }

# The buffer grows chunk by chunk up to 64 MiB until its preparation time is gone (probe/
# faultprobe.c, prepare): on a loaded machine it stopped at 54 and at 62 MiB. The checks are
# against what it holds, and it must hold enough for the trap to mean something.
buf=$(val buffer_bytes)
[ "$buf" -ge $((16 * 1024 * 1024)) ] || fail "the buffer grew to $buf bytes only"
pages=$((buf / $(getconf PAGESIZE)))
[ "$(val invalid)" = 1 ] || fail "swap-cache hits were not rejected"
[ -n "$(val reason)" ] || fail "invalid without a reason"
# the trap itself: written out (VmSwap) yet still cached and resident
[ "$(val vmswap_bytes)" -ge $((buf * 95 / 100)) ] || fail "PAGEOUT did not write the buffer to swap"
[ "$(val swapcached_bytes)" -ge $((buf / 2)) ] || fail "no swap-cache copies: trap not reproduced"
[ "$(val resident_pages)" -ge $((pages / 2)) ] || fail "mincore did not see the cached pages"
# the cached pages were touched without I/O and not taken as samples
[ "$(val minor_touches)" -ge $((pages / 2)) ] || fail "too few minor touches"
[ $(($(val samples) + $(val warmup_dropped))) -le "$(val real_swapins)" ] || fail "samples not backed by major faults"
[ $(($(val touches) - $(val real_swapins))) -ge $((pages / 2)) ] || fail "minor touches counted as swap-ins"
[ "$(val mismatches)" = 0 ] || fail "pages came back corrupted"
# a swap-cache hit is far cheaper than the disk read behind a real swap-in
if [ "$(val samples)" -gt 0 ]; then
	awk -v m="$(val minor_p50_us)" -v p="$(val p50_us)" 'BEGIN { exit !(m > 0 && m * 3 < p) }' ||
		fail "minor p50 $(val minor_p50_us) us not well below swap-in p50 $(val p50_us) us"
fi
# what report.json tells its reader: invalid, because the swap cache answered, in numbers
json_reason=$(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(r["status"] + "|" + r["reason"])' "$rep/report.json") || fail "no report.json"
echo "report.json: $json_reason"
case $json_reason in
invalid\|*) ;;
*) fail "report.json status is not invalid: $json_reason" ;;
esac
echo "$json_reason" | grep -q "swap cache" || fail "report.json reason does not name the swap cache"
echo "$json_reason" | grep -q "$(val minor_touches) " ||
	fail "report.json reason does not give the $(val minor_touches) minor faults"
echo "ok: $(val minor_touches) swap-cache hits (p50 $(val minor_p50_us) us) rejected; reason: $(val reason)"
