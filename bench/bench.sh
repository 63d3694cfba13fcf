#!/bin/bash
# bench/bench.sh - `make bench`: the device probe against fio on the same loop-device range.
#
# Creates a sparse image on /var/tmp, attaches it with direct I/O (without it the page cache
# serves the "disk"), fills the probed range with random data (reads of never-written sparse
# blocks skip the backing disk and would flatter both tools while meaning nothing), then runs
# fio and our probe alternately, ROUNDS times, so drift of the machine shows up as a difference
# between rounds rather than as a difference between tools. Prints one side-by-side table and
# the difference of the QD1 medians, PASS within 5 %. Everything is detached and removed on
# exit, whatever the exit path. Then the modeled spinning disk's vm tests, their results beside
# the model's expectations (BENCH_MODEL=0 skips them). See bench/README.md for the variables
# and what is compared.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"

IMG_SIZE=${BENCH_IMG_SIZE:-2G}
OFFSET=${BENCH_OFFSET:-$((64 << 20))}   # bytes; the range probed by both tools
LENGTH=${BENCH_LENGTH:-$((512 << 20))}  # bytes
RUNTIME=${BENCH_RUNTIME:-4}             # seconds per fio QD1 run, and our probe's budget
ROUNDS=${BENCH_ROUNDS:-5}
DEEP_QD=32
SEQ_BYTES=$((256 << 20))                # our probe's default seq_max_bytes
LIMIT_PCT=5
SWAPIN_TIME=${BENCH_SWAPIN_TIME:-30}     # seconds for `swapplace measure` on the device
SWAPIN_BUDGET=${BENCH_SWAPIN_BUDGET:-128M}
SWAPPLACE=${SWAPPLACE:-$TOP/build/swapplace}
HELPER=$TOP/build/tests/devprobe-run
# BENCH_PROBE: auto (the CLI when it works, else the test helper), probe_cli, probe_helper, or
# any command run as "CMD DEV OFFSET LENGTH SECONDS" that prints key=value lines with at least
# qd1_p50_us, qd1_p99_us, qd1_samples, deep_iops, seq_mib_s.
BENCH_PROBE=${BENCH_PROBE:-auto}
# --ci 0.01: a CI target it cannot reach, so our QD1 phase samples as long as fio's does;
# with the product's own rule it stops after ~1 s, and on a machine whose latency drifts
# a second is a different moment from fio's ten (measured: +/-12 % between such pairs)
BENCH_CLI_ARGS=${BENCH_CLI_ARGS:---ci 0.01}  # extra options for `swapplace probe`

die() { echo "bench: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "needs root (loop devices)"
command -v fio >/dev/null || die "needs fio"
command -v python3 >/dev/null || die "needs python3 (parses fio's JSON)"

img="" dev="" tmpf="" simg="" sdev=""
cleanup() {
	[ -n "$sdev" ] && losetup -d "$sdev" 2>/dev/null || true
	[ -n "$simg" ] && rm -f "$simg" || true
	[ -n "$dev" ] && losetup -d "$dev" 2>/dev/null || true
	[ -n "$img" ] && rm -f "$img" || true
	[ -n "$tmpf" ] && rm -f "$tmpf" || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- the probes; each prints key=value lines ----

# Our probe gives QD1 60 % of its budget and may stop once the median's CI is reached (after
# 1 s). fio samples QD1 for RUNTIME seconds, so the helper gets a budget whose QD1 share is
# RUNTIME and is told to sample all of it: both medians then describe the same length of
# time on a machine whose latency drifts (see bench/README.md).
probe_helper() { # DEV OFFSET LENGTH SECONDS
	[ -x "$HELPER" ] || make -s "$HELPER" >&2 || return 1
	"$HELPER" "$1" "$2" "$3" "$(python3 -c "print($4 / 0.6)")" 5 1 "$4"
}

probe_cli() { # DEV OFFSET LENGTH SECONDS
	local json
	# shellcheck disable=SC2086
	# the CLI keeps the product's stopping rule (CI target after at least 1 s of QD1)
	json=$("$SWAPPLACE" probe "$1" --offset "$2" --length "$3" --json \
		--time-per-placement "$(python3 -c "print($4 / 0.6)")" $BENCH_CLI_ARGS) || return 1
	python3 -c '
import json, sys
d = json.loads(sys.argv[1])["results"][0]["device_probe"]
q = d["qd1"]
print("qd1_p50_us=%.3f" % q["p50_us"])
print("qd1_p99_us=%.3f" % q["p99_us"])
print("qd1_samples=%d" % q["samples"])
print("deep_iops=%.1f" % d.get("deep_iops", d.get("iops", float("nan"))))
print("seq_mib_s=%.1f" % d.get("seq_mib_s", float("nan")))
' "$json"
}

# The CLI when it answers `probe --help`, else the test helper; a CLI that fails on the first
# run hands over to the helper too, loudly. Runs in this shell (not $(...)) so the choice sticks.
resolve_probe() {
	[ "$BENCH_PROBE" = auto ] || return 0
	if [ -x "$SWAPPLACE" ] && "$SWAPPLACE" probe --help >/dev/null 2>&1; then
		BENCH_PROBE=probe_cli
	else
		BENCH_PROBE=probe_helper
	fi
}

probe_ours() { # OUTFILE DEV OFFSET LENGTH SECONDS
	local f=$1; shift
	if $BENCH_PROBE "$@" >"$f" && grep -q '^qd1_p50_us=[0-9]' "$f"; then
		return 0
	fi
	[ "$BENCH_PROBE" = probe_cli ] || return 1
	echo "bench: 'swapplace probe --json' did not work; using $HELPER from now on" >&2
	BENCH_PROBE=probe_helper
	$BENCH_PROBE "$@" >"$f"
}

# fio_run NAME ARGS...: JSON on stdout
fio_run() {
	local name=$1; shift
	fio --name="$name" --filename="$dev" --ioengine=io_uring --direct=1 \
		--offset="$OFFSET" --size="$LENGTH" --output-format=json "$@"
}

fio_qd1() {
	# fio's clat starts after io_uring_enter() returned; lat starts before the read is
	# queued, which is the interval our probe times. Ask for percentiles of both.
	fio_run qd1 --rw=randread --bs=4k --iodepth=1 --norandommap --randrepeat=0 \
		--time_based --runtime="$RUNTIME" --clat_percentiles=1 --lat_percentiles=1 |
		python3 -c '
import json, sys
r = json.load(sys.stdin)["jobs"][0]["read"]
for k in ("clat_ns", "lat_ns"):
	p = r[k]["percentile"]
	n = k.split("_")[0]
	print("%s_p50_us=%.3f" % (n, p["50.000000"] / 1000))
	print("%s_p99_us=%.3f" % (n, p["99.000000"] / 1000))
	print("%s_mean_us=%.3f" % (n, r[k]["mean"] / 1000))
print("samples=%d" % r["total_ios"])
'
}

fio_deep() {
	fio_run deep --rw=randread --bs=4k --iodepth=$DEEP_QD --norandommap --randrepeat=0 \
		--time_based --runtime=$(((RUNTIME + 3) / 4)) |
		python3 -c 'import json, sys; print("iops=%.1f" % json.load(sys.stdin)["jobs"][0]["read"]["iops"])'
}

fio_seq() {
	fio_run seq --rw=read --bs=1M --iodepth=1 --io_size=$SEQ_BYTES |
		python3 -c 'import json, sys; print("mib_s=%.1f" % (json.load(sys.stdin)["jobs"][0]["read"]["bw_bytes"] / 1048576))'
}

kv() { sed -n "s/^$1=//p" <<<"$2" | head -n 1; }

# ---- the range ----

img=$(mktemp /var/tmp/swapplace-bench.XXXXXX.img)
truncate -s "$IMG_SIZE" "$img"
dev=$(losetup --find --show --direct-io=on "$img") || die "cannot attach a loop device"
[ "$(cat "/sys/block/$(basename "$dev")/loop/dio")" = 1 ] || die "$dev has no direct I/O"
echo "bench: $dev on $img ($IMG_SIZE), range $OFFSET+$LENGTH bytes, filling it with random data"
# the rest of the device gets zeros: the swap-in section below swaps to the whole device,
# and its device probe must not read holes either
dd if=/dev/zero of="$dev" bs=4M oflag=direct conv=fsync status=none 2>/dev/null || true
dd if=/dev/urandom of="$dev" bs=1M seek=$((OFFSET >> 20)) count=$((LENGTH >> 20)) \
	oflag=direct conv=fsync status=none

# ---- alternate: fio, ours, fio, ours ----

resolve_probe
tmpf=$(mktemp /tmp/swapplace-bench.XXXXXX.out)
declare -a rows fio_p50 our_p50 fio_clat_p50
for ((r = 1; r <= ROUNDS; r++)); do
	echo "bench: round $r/$ROUNDS: fio (QD1 ${RUNTIME}s, QD$DEEP_QD, seq)" >&2
	q=$(fio_qd1) || die "fio QD1 failed"
	d=$(fio_deep) || die "fio deep failed"
	s=$(fio_seq) || die "fio seq failed"
	fio_p50+=("$(kv lat_p50_us "$q")")
	fio_clat_p50+=("$(kv clat_p50_us "$q")")
	rows+=("$(printf '%-5s %-16s %10s %10s %9s %11s %9s' "$r" "fio lat" \
		"$(kv lat_p50_us "$q")" "$(kv lat_p99_us "$q")" "$(kv samples "$q")" \
		"$(kv iops "$d")" "$(kv mib_s "$s")")")
	rows+=("$(printf '%-5s %-16s %10s %10s %9s %11s %9s' "$r" "fio clat" \
		"$(kv clat_p50_us "$q")" "$(kv clat_p99_us "$q")" "" "" "")")

	echo "bench: round $r/$ROUNDS: swapplace ($BENCH_PROBE)" >&2
	probe_ours "$tmpf" "$dev" "$OFFSET" "$LENGTH" "$RUNTIME" || die "our probe failed"
	o=$(cat "$tmpf")
	our_p50+=("$(kv qd1_p50_us "$o")")
	rows+=("$(printf '%-5s %-16s %10s %10s %9s %11s %9s' "$r" "swapplace" \
		"$(kv qd1_p50_us "$o")" "$(kv qd1_p99_us "$o")" "$(kv qd1_samples "$o")" \
		"$(kv deep_iops "$o")" "$(kv seq_mib_s "$o")")")
done

echo
echo "device probe vs fio: $dev, 4 KiB random reads in bytes $OFFSET..$((OFFSET + LENGTH)), io_uring O_DIRECT"
printf '%-5s %-16s %10s %10s %9s %11s %9s\n' round tool "QD1 p50us" "QD1 p99us" samples \
	"QD$DEEP_QD IOPS" "seq MiB/s"
printf '%s\n' "${rows[@]}"
echo

# The verdict compares like with like: our sample runs from before submission to after the
# completion, fio's lat does too; fio's clat leaves out the submission syscall (shown for
# reference). The mean over rounds of each tool's median is compared.
verdict=0
python3 - "$LIMIT_PCT" "${fio_p50[*]}" "${our_p50[*]}" "${fio_clat_p50[*]}" <<'EOF' || verdict=$?
import sys
limit = float(sys.argv[1])
fio = [float(x) for x in sys.argv[2].split()]
ours = [float(x) for x in sys.argv[3].split()]
clat = [float(x) for x in sys.argv[4].split()]
for i, (f, o, c) in enumerate(zip(fio, ours, clat), 1):
    print("round %d: swapplace %.1f us, fio lat %.1f us (%+.1f %%), fio clat %.1f us (%+.1f %%)"
          % (i, o, f, (o - f) / f * 100, c, (o - c) / c * 100))
f = sum(fio) / len(fio)
o = sum(ours) / len(ours)
c = sum(clat) / len(clat)
d = (o - f) / f * 100
print("QD1 median: swapplace %.1f us, fio lat %.1f us: %+.1f %% -> %s (limit %.0f %%); vs fio clat %+.1f %%"
      % (o, f, d, "PASS" if abs(d) <= limit else "FAIL", limit, (o - c) / c * 100))
sys.exit(0 if abs(d) <= limit else 3)
EOF

echo
# The swap-in median on the same loop device, beside its device latency: a swap area on the
# whole device (mkswap writes only the header page; the filled data stays), measured by
# `swapplace measure`, which enables it alone at the highest priority and disables it after.
swapin_section() {
	local json
	[ "$(wc -l < /proc/swaps)" -le 1 ] || {
		echo "swap-in vs device: skipped (other swap is active; it would share the pages)"
		return 0
	}
	mkswap -q "$dev" >/dev/null || die "mkswap on $dev failed"
	echo "bench: swap-in on $dev (swapplace measure, ${SWAPIN_TIME}s)" >&2
	json=$("$SWAPPLACE" measure --swap "$dev" --json --budget "$SWAPIN_BUDGET" \
		--time-per-placement "$SWAPIN_TIME") || die "swapplace measure failed"
	python3 -c '
import json, sys
r = json.loads(sys.argv[1])["results"][0]
fp, dp = r["fault_probe"], r["device_probe"]
fio = [float(x) for x in sys.argv[2].split()]
f = sum(fio) / len(fio)
dev = dp["qd1"]["p50_us"]
print("swap-in vs device latency on %s (%s, %d real swap-ins of %d touches)"
      % (r["device"], r["status"], fp["real_swapins"], fp["touches"]))
print("  %-34s %10s %10s" % ("", "p50 us", "p99 us"))
print("  %-34s %10.1f %10.1f" % ("device probe QD1 4 KiB read", dev, dp["qd1"]["p99_us"]))
print("  %-34s %10.1f %10s" % ("fio QD1 lat (ranges above)", f, ""))
print("  %-34s %10.1f %10.1f" % ("swap-in, thread touch", fp["p50_us"], fp["p99_us"]))
for u in r.get("uring_probe") or []:
    print("  %-34s %10.1f %10.1f  %8.0f pages/s" % ("swap-in, io_uring QD%d" % u["qd"],
          u["p50_us"], u["p99_us"], u["pages_per_s"]))
print("  swap-in median / device median: %.2fx (the kernel swap path adds %.1f us)"
      % (fp["p50_us"] / dev, fp["p50_us"] - dev))
' "$json" "${fio_p50[*]}"
}
swapin_section

echo
# Every scenario's figures on a fresh loop disk and zram, one row per placement, beside the two
# baselines measured in the same run (none: no swap; ram: the build job without a limit) and
# the field reports the scenarios mirror (shared/seeds/, quoted as printed there: they are the
# reference shapes, not figures of this machine). BENCH_SCENARIOS=0 skips it (about 10 min).
scenario_section() {
	local sout rc=0
	if [ "${BENCH_SCENARIOS:-1}" = 0 ]; then
		echo "scenarios: skipped (BENCH_SCENARIOS=0)"
		return 0
	fi
	[ "$(wc -l < /proc/swaps)" -le 1 ] || {
		echo "scenarios: skipped (other swap is active; it would answer for the placements)"
		return 0
	}
	simg=$(mktemp /var/tmp/swapplace-bench-scen.XXXXXX.img)
	sout=$(mktemp -d /var/tmp/swapplace-bench-scen.XXXXXX)
	truncate -s 3G "$simg"
	sdev=$(losetup --find --show --direct-io=on -P "$simg")
	# the whole disk written once: sparse holes read back without I/O
	dd if=/dev/zero of="$sdev" bs=4M oflag=direct status=none 2>/dev/null || true
	echo "bench: scenarios on $sdev (swapplace run --scenario all)" >&2
	"$SWAPPLACE" run --target "$sdev" --confirm "$(blockdev --getsize64 "$sdev")" \
		--budget "${BENCH_SCEN_BUDGET:-128M}" --swap-size 512M --time-per-placement 6 \
		--scenario all --job-scale 0.25 --service-time "${BENCH_SERVICE_TIME:-8}" \
		--cache-time "${BENCH_CACHE_TIME:-5}" --gc-time "${BENCH_GC_TIME:-6}" \
		--out "$sout/r" >&2 || rc=$?
	losetup -d "$sdev" 2>/dev/null || true
	rm -f "$simg"
	sdev="" simg=""
	if [ "$rc" != 0 ] || [ ! -s "$sout/r/report.json" ]; then
		rm -rf "$sout"
		echo "scenarios: FAILED (swapplace run exited $rc)"
		return 3
	fi
	python3 - "$sout/r/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
def sc(res, k):
    return (res.get("scenarios") or {}).get(k) or {}
def case(res, name):
    for c in sc(res, "service").get("cases") or []:
        if c.get("case") == name:
            return c
    return {}
def num(v, fmt):
    return fmt % v if isinstance(v, (int, float)) and not isinstance(v, bool) else "-"
def served(c, k):  # a figure of served requests: none served, no figure
    return c.get(k) if c.get("served") else None
print("scenarios per placement (this machine, one run, budget %d MiB)" % (r["budget_bytes"] >> 20))
hdr = ("placement", "build s", "fits p95", "cold p95", "hot top/s", "fits top/s",
       "spike fail", "OOM victim", "cache 50%", "cache 100%", "gc p99 ms", "gc faults")
print("  %-12s" % hdr[0] + "".join("%11s" % h for h in hdr[1:]))
for res in r["results"]:
    b = sc(res, "build")
    f, c, h, s = case(res, "fits"), case(res, "cold"), case(res, "hot"), case(res, "spike")
    caches = {round(x.get("cache_pct") or 0): x for x in sc(res, "cache").get("cases") or []}
    ok = lambda x: x if x.get("status", "ok") == "ok" else {}
    g = ok(sc(res, "gc"))
    row = [num(ok(b).get("wall_s"), "%.1f"), num(served(f, "p95_ms"), "%.1f"),
           num(served(c, "p95_ms"), "%.1f"), num(h.get("top_speed_per_s"), "%.0f"),
           num(f.get("top_speed_per_s"), "%.0f"), num(s.get("failed"), "%d"),
           (s.get("oom_victims") or ["-" if s else ""])[0],
           num(ok(caches.get(50, {})).get("ops_per_s"), "%.0f"),
           num(ok(caches.get(100, {})).get("ops_per_s"), "%.0f"),
           num(g.get("p99_pause_ms"), "%.0f"), num(g.get("faults_in_pauses"), "%d")]
    print("  %-12s" % res["placement"][:12] + "".join(" %10s" % x[:10] for x in row))
print("  (p95 in ms of served requests; cache: ops/s with the pool at 50 / 100 % of the budget;")
print("   '-': did not run, nothing served, or not ok; OOM victim: the spike's first)")
print("reference shapes from the field (shared/seeds/, as reported there, not this machine):")
print("  seed 000: cold overflow p95 17-37 ms vs fits 12-19 ms; hot overflow top speed 87-107 vs")
print("            565-693 req/s; no swap: the spike got the app OOM-killed, 470-1,100 requests")
print("            failed; with swap none failed")
print("  seed 002: pool at 70 % of RAM: 410 TPS, si/so 900-2,400 pages/s, vs 890 TPS with a")
print("            smaller pool")
print("  seed 003: stop-the-world pauses balloon when the heap is on disk swap, much less on zram")
for v in r["analysis"].get("verdict") or []:
    if v.get("kind", "").startswith(("service-", "cache-", "gc-", "build-job")):
        print("  verdict %s: %s" % (v["kind"], v["text"]))
PY
	rm -rf "$sout"
}
scenario_section || { [ "$verdict" != 0 ] || verdict=3; }

echo
# The modeled spinning disk (tests/hddmodel) under QEMU, beside what the model says: the
# appliance image boots against build/tests/nbd-hdd in the two vm tests that measure it
# (tests/vm/hddmodel-*.sh); each prints a "model-vs-measured:" line of key=value pairs, and this
# puts them in one table. BENCH_MODEL=0 skips it (about 5 minutes under TCG).
model_section() {
	local t out rc all="" status=0
	local tests=(hddmodel-start-partition-latency hddmodel-build-job-7200rpm-start-before-end)
	if [ "${BENCH_MODEL:-1}" = 0 ]; then
		echo "modeled disk: skipped (BENCH_MODEL=0)"
		return 0
	fi
	if ! command -v qemu-system-x86_64 >/dev/null; then
		echo "modeled disk: skipped (no qemu-system-x86_64)"
		return 0
	fi
	if [ ! -s "${VM_IMAGE:-$TOP/build/swapplace.img}" ]; then
		echo "modeled disk: skipped (no ${VM_IMAGE:-build/swapplace.img}: make image)"
		return 0
	fi
	make -s tests >&2 || die "make tests failed"
	for t in "${tests[@]}"; do
		echo "bench: modeled disk: tests/vm/$t.sh" >&2
		out=$(bash "tests/vm/$t.sh" 2>&1) && rc=0 || rc=$?
		case $rc in
		0) all+="$t=pass " ;;
		77) all+="$t=skip "; echo "modeled disk: $t skipped: $(grep -m1 '^skip:' <<<"$out")" ;;
		*) all+="$t=FAIL "; status=3
		   echo "modeled disk: $t FAILED; its checks:"; grep -E '^(check|report|FAIL):' <<<"$out" || true ;;
		esac
		all+="$(sed -n 's/^model-vs-measured: //p' <<<"$out" | tr '\n' ' ')"
		all+="${t}_wall_s=$(sed -n 's/^wall time: \([0-9]*\) s$/\1/p' <<<"$out" | tail -n 1) "
	done
	python3 - "$all" <<'EOF'
import sys
kv = dict(x.split("=", 1) for x in sys.argv[1].split())
def f(k):
    try:
        return float(kv[k])
    except (KeyError, ValueError):
        return None
def row(what, got, want, fmt):
    g = fmt % got if got is not None else "-"
    w = fmt % want if want is not None else "-"
    r = "%.3f" % (got / want) if got is not None and want else "-"
    print("  %-50s %10s %10s %7s" % (what, g, w, r))
s, e, imp = f("start_wall_s"), f("end_wall_s"), f("implied_s")
sw_s, sw_e = f("start_swapin_p50_us"), f("end_swapin_p50_us")
print("modeled 7200 rpm disk under QEMU (tests/hddmodel): measured vs the model")
print("  %-50s %10s %10s %7s" % ("", "measured", "model", "ratio"))
row("device probe QD1 p50, start partition (us)", f("qd1_p50_us"), f("model_mean_us"), "%.1f")
row("profile outer/inner seq rate (model: + guest gaps)", f("profile_ratio"),
    f("model_profile_ratio"), "%.3f")
row("build job wall, swap at the start (s)", s, None, "%.2f")
row("build job wall, swap at the end (s)", e, None, "%.2f")
row("build job end - start (s) vs implied margin", e - s if s and e else None, imp, "%.2f")
row("build job end / start vs (start + implied) / start", e / s if s and e else None,
    (s + imp) / s if s and imp is not None else None, "%.3f")
row("swap-in p50 (per-page probe), end / start", sw_e / sw_s if sw_s and sw_e else None,
    None, "%.3f")
print("  (the test wants end - start >= %s x the implied margin)" % kv.get("fraction", "?"))
for t in ("hddmodel-start-partition-latency", "hddmodel-build-job-7200rpm-start-before-end"):
    print("  tests/vm/%s.sh: %s in %s s" % (t, kv.get(t, "?"), kv.get(t + "_wall_s", "?")))
EOF
	return $status
}
model_section || { [ "$verdict" != 0 ] || verdict=3; }
exit $verdict
