#!/bin/bash
# tests/sh/core-is-pure.sh - the seam, enforced: every object built from src/core/ may reference
# only other core symbols and an allow-list of pure library functions (strings, memory, number
# formatting and parsing, maths, a stream it was handed, zstd and jansson on buffers). Anything
# else — a system call, a file opened by name, stdout/stderr, an effect module's sp_ function —
# fails the test with the object and the symbol. Its source may include only core/ headers.
set -u
cd "$(dirname "$0")/../.." || exit 1
list=build/core-objs.list
[ -f "$list" ] || { echo "skip: $list not built (make tests)"; exit 77; }
command -v nm >/dev/null || { echo "skip: needs nm (binutils)"; exit 77; }
mapfile -t objs < "$list"
[ ${#objs[@]} -gt 5 ] || { echo "FAIL: only ${#objs[@]} core objects listed"; exit 1; }

# Pure functions of the C library (no file, process, clock or kernel state), the stream
# functions that write to a FILE * the caller passes in, and the two pure field libraries.
allow='^(str[a-z]*|mem(chr|cmp|cpy|move|set|mem)|v?snprintf|v?fprintf|fputc|fputs|fwrite|ferror|'
allow+='fflush|putc|malloc|calloc|realloc|free|qsort|bsearch|abs|labs|llabs|'
allow+='strto[a-z]*|ato[a-z]*|sqrt|lround|llround|round|floor|ceil|pow|log|log2|log10|exp|fabs|'
allow+='fmin|fmax|isnan|gmtime_r|timegm|strftime|strptime|getopt_long|optarg|optind|opterr|optopt|'
allow+='ZSTD_[A-Za-z]*|json_[a-z_]*|__stack_chk_fail|__assert_fail|__errno_location|'
allow+='__ctype_[a-z_]*|__u?div[a-z]i3|__u?mod[a-z]i3|__isoc99_sscanf|sscanf|__[a-z0-9_]*chk)$'
# every symbol the core itself defines
defined=$(nm --defined-only "${objs[@]}" 2>/dev/null | awk 'NF == 3 {print $3}' | sort -u)

bad=0
for o in "${objs[@]}"; do
	while read -r sym; do
		[[ $sym =~ $allow ]] && continue
		grep -qx -- "$sym" <<<"$defined" && continue
		echo "FAIL: $o uses '$sym': the core must not reach the machine or an effect module"
		bad=1
	done < <(nm -u "$o" | awk '{print $2}' | sed 's/@.*//')
done
for f in src/core/*.c include/core/*.h; do
	while read -r inc; do
		echo "FAIL: $f includes \"$inc\": the core includes only core/ headers"
		bad=1
	done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | grep -v '^core/')
done
[ $bad = 0 ] && echo "core is pure: ${#objs[@]} objects checked"
exit $bad
