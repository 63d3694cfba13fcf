/*
 * fuzz-cgroup-text.c - procparse's cgroup text parsers (act/memcg.c reads the files, these
 * parse them): one value or "max" (memory.max, memory.swap.current), cgroup.procs' pids, and a
 * word of cgroup.controllers.
 *
 * Invariants: parse_value returns 0 or -EINVAL, and a value it reads prints back and reads
 * again the same; parse_pids counts pids beyond max without storing them, and every stored
 * one is positive; has_controller answers 0 or 1, and finds a controller appended as a word.
 */
#include <errno.h>
#include <inttypes.h>
#include <sys/types.h>

#include "core/measure/procparse.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size), buf[32], *both;
	pid_t pids[4];
	uint64_t v, w;
	size_t n;
	int ret;

	ret = sp_parse_cgroup_value(text, &v);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL, "value: %d", ret);
	if (ret == 0 && v != UINT64_MAX) {
		snprintf(buf, sizeof(buf), "%" PRIu64 "\n", v);
		FUZZ_CHECK(sp_parse_cgroup_value(buf, &w) == 0 && w == v, "value %s", buf);
	}

	memset(pids, 0, sizeof(pids));
	n = sp_parse_cgroup_pids(text, pids, 4);
	for (size_t i = 0; i < n && i < 4; i++)
		FUZZ_CHECK(pids[i] > 0, "pid %zu is %d", i, (int)pids[i]);
	FUZZ_CHECK(sp_parse_cgroup_pids(text, pids, 0) == n, "count depends on max");

	ret = sp_parse_cgroup_has_controller(text, "memory");
	FUZZ_CHECK(ret == 0 || ret == 1, "controller: %d", ret);
	both = malloc(size + 8);
	if (!both)
		abort();
	snprintf(both, size + 8, "%s memory", text);
	FUZZ_CHECK(sp_parse_cgroup_has_controller(both, "memory") == 1,
		   "appended 'memory' not found");
	free(both);
	free(text);
	return 0;
}
