#!/bin/bash
# tests/fuzz/run.sh [LIBFUZZER-OPTION...] - runs every harness built in build/fuzz/ (FUZZ=NAME:
# only that one) on a copy of its committed seed corpus, with its dictionary where it has one.
# Without -max_total_time each runs until stopped (`make fuzz`); with it, the harnesses run one
# after another, each that long (`make fuzz FUZZ_TIME=60`, tests/meta/fuzz-harnesses-bounded.sh).
#
# Findings land in build/fuzz/findings/NAME/ (crash-*, leak-*, timeout-*): fix the parser,
# then add the input to tests/fuzz/corpus/NAME/ so every later run replays it. New inputs that
# widened coverage stay in build/fuzz/work/NAME/ (merge them into the corpus by hand with
# -merge=1 when they are worth committing). FUZZ_OUT=DIR puts both there instead. Exit: 0, or 1 when a harness found something.
set -u
cd "$(dirname "$0")/../.." || exit 1
rc=0
for bin in build/fuzz/fuzz-*; do
	[ -x "$bin" ] || continue
	name=${bin#build/fuzz/fuzz-}
	[ -n "${FUZZ:-}" ] && [ "$FUZZ" != "$name" ] && continue
	out=${FUZZ_OUT:-build/fuzz}
	work=$out/work/$name findings=$out/findings/$name
	mkdir -p "$work" "$findings"
	# the committed corpus is only read: libFuzzer writes new inputs into the first directory
	cp -r tests/fuzz/corpus/"$name"/. "$work"/ 2>/dev/null
	dict=()
	[ -f tests/fuzz/"$name".dict ] && dict=(-dict=tests/fuzz/"$name".dict)
	[ "$name" = compare ] && [ -f tests/fuzz/report-json.dict ] && dict=(-dict=tests/fuzz/report-json.dict)
	echo "fuzz: $name" >&2
	if ! "$bin" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 "${dict[@]}" \
		-artifact_prefix="$findings"/ "$@" "$work"; then
		echo "fuzz: $name FOUND A PROBLEM: see $findings/" >&2
		rc=1
	fi
done
exit $rc
