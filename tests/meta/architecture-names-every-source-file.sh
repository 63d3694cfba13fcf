#!/bin/bash
# tests/meta/architecture-names-every-source-file.sh - docs/architecture.md is the map of the
# tree: every source file has a row there, in a table under its room, whose first cell is its
# path in backquotes: a src/**/*.c by its path under src/ (`core/plan/plan.c`), a header with no
# source file beside it by its path under include/ (`core/config/u128.h`). Fails naming each file
# without a row, each row naming a file that is gone (or a header that has a source file: the row
# names the .c), and each file named twice.
#
# REPO_DIR (a tree with src/, include/ and docs/architecture.md; default the repository) lets
# tests/meta/architecture-check-fails-on-a-planted-file.sh plant a file in a copy and see this
# check fail on it.
# runner: may run beside another test
set -u
cd "$(dirname "$0")/../.." || exit 1
dir=${REPO_DIR:-.}
doc=$dir/docs/architecture.md
[ -f "$doc" ] || { echo "FAIL: no $doc"; exit 1; }

# what must have a row: every .c under src/, every header under include/ without its .c
files=$(
	cd "$dir" || exit 1
	find src -name '*.c' | sed 's,^src/,,'
	find include -name '*.h' | sed 's,^include/,,' | while read -r h; do
		[ -f "src/${h%.h}.c" ] || echo "$h"
	done
)
# what has a row: a table row's first cell, a backquoted path ending in .c or .h
named=$(sed -n 's/^| `\([^`]*\.[ch]\)` |.*/\1/p' "$doc")

bad=0
n=0
for f in $(sort <<<"$files"); do
	n=$((n + 1))
	grep -qxF -- "$f" <<<"$named" && continue
	case $f in *.c) where=src ;; *) where=include ;; esac
	echo "FAIL: $where/$f has no line in docs/architecture.md: add a row '| \`$f\` | its job |' under its room"
	bad=1
done
for f in $named; do
	case $f in
	*.c) [ -f "$dir/src/$f" ] || { echo "FAIL: docs/architecture.md names $f: there is no src/$f"; bad=1; } ;;
	*.h)
		if [ ! -f "$dir/include/$f" ]; then
			echo "FAIL: docs/architecture.md names $f: there is no include/$f"
			bad=1
		elif [ -f "$dir/src/${f%.h}.c" ]; then
			echo "FAIL: docs/architecture.md names $f: it has a source file, so its row names ${f%.h}.c"
			bad=1
		fi
		;;
	esac
done
for f in $(sort <<<"$named" | uniq -d); do
	echo "FAIL: docs/architecture.md names $f twice"
	bad=1
done
[ "$n" -gt 10 ] || { echo "FAIL: only $n source files found under $dir"; exit 1; }
[ $bad = 0 ] && echo "docs/architecture.md names every one of the $n source files, and no other"
exit $bad
