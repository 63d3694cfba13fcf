#!/bin/bash
# tests/meta/core-is-pure.sh - the seam, enforced: every object built from src/core/ may reference
# only other core symbols and an allow-list of pure library functions (strings, memory, number
# formatting and parsing, maths, a stream it was handed, zstd and jansson on buffers). Anything
# else — a system call, a file opened by name, stdout/stderr, an effect module's sp_ function —
# fails the test with the object and the symbol. Its source may include only core/ headers, and
# only of its own pipeline stage or an earlier one (the table below; docs/architecture.md).
#
# CORE_DIR (a tree with src/core and include/core, default the repository) and CORE_OBJS_LIST
# (default build/core-objs.list) let tests/meta/core-order-check-fails-on-a-planted-violation.sh
# plant a violation in a copy and see this check fail on it.
set -u
cd "$(dirname "$0")/../.." || exit 1
dir=${CORE_DIR:-.}
list=${CORE_OBJS_LIST:-build/core-objs.list}
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

# The stages in pipeline order: a file may include headers of its own stage and of earlier ones,
# never of a later one, so the arrows inside the core run one way. core/err.h (the error
# context) stands above the stages: every file may include it, it includes none of them.
stages=(model config plan safety measure scenario findings report doc)
declare -A rank
for i in "${!stages[@]}"; do rank[${stages[$i]}]=$i; done
# The one exception, header only: the report model gathers the result structs of the stages that
# fill it (a placement's plan, its measurements, its scenarios), as their types, not their code.
declare -A upward_ok=(
	[include/core/model/report.h:plan]=1
	[include/core/model/report.h:measure]=1
	[include/core/model/report.h:scenario]=1
)

n_files=0
while read -r f; do
	rel=${f#"$dir"/}
	n_files=$((n_files + 1))
	case $rel in
	src/core/err.c | include/core/err.h) own=top ;;
	src/core/*/*.c | include/core/*/*.h) own=$(echo "$rel" | cut -d/ -f3) ;;
	*) echo "FAIL: $rel is not in a stage of the core (src/core/STAGE/, include/core/STAGE/)"; bad=1; continue ;;
	esac
	if [ "$own" != top ] && [ -z "${rank[$own]+x}" ]; then
		echo "FAIL: $rel is in '$own', which is not a stage of the core (${stages[*]})"
		bad=1
		continue
	fi
	while read -r inc; do
		case $inc in
		core/err.h) ;;
		core/*/*.h)
			to=$(echo "$inc" | cut -d/ -f2)
			if [ -z "${rank[$to]+x}" ]; then
				echo "FAIL: $rel includes \"$inc\": '$to' is not a stage of the core"
				bad=1
			elif [ "$own" = top ]; then
				echo "FAIL: $rel includes \"$inc\": err stands above the stages and includes none"
				bad=1
			elif [ "${rank[$to]}" -gt "${rank[$own]}" ] && [ -z "${upward_ok[$rel:$to]+x}" ]; then
				echo "FAIL: $rel ($own) includes \"$inc\" of a later stage ($to)"
				bad=1
			fi
			;;
		*)
			echo "FAIL: $rel includes \"$inc\": the core includes only core/ headers"
			bad=1
			;;
		esac
	done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
done < <(find "$dir/src/core" "$dir/include/core" -name '*.[ch]' | sort)
[ "$n_files" -gt 10 ] || { echo "FAIL: only $n_files core files found under $dir"; exit 1; }
[ $bad = 0 ] && echo "core is pure and in stage order: ${#objs[@]} objects, $n_files files checked"
exit $bad
