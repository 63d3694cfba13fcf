/*
 * t-memcg-parses-cgroup-text - procparse's cgroup parsers read what the kernel writes (the "key N"
 * files through procparse's sp_parse_vmstat, as memcg.c reads them): memory.events (v2),
 * memory.oom_control with and without the oom_kill line (v1, before and after 4.13), memory.stat
 * without confusing pgmajfault with total_pgmajfault, single values including "max", cgroup.procs,
 * and controller lists without prefix matches (cpu vs cpuset).
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/measure/procparse.h"

int main(void)
{
	const char *events = "low 0\nhigh 12\nmax 340\noom 3\noom_kill 2\noom_group_kill 0\n";
	const char *oom_new = "oom_kill_disable 0\nunder_oom 0\noom_kill 7\n";
	const char *oom_old = "oom_kill_disable 0\nunder_oom 1\n";
	const char *stat_v1 = "cache 4096\nrss 6733824\npgfault 21010\npgmajfault 6987\n"
			      "hierarchical_memory_limit 67108864\ntotal_pgmajfault 9999\n";
	const char *stat_v2 = "anon 1048576\nfile 0\npgfault 100\npgmajfault 42\n";
	uint64_t v = 0;
	pid_t pids[2];

	CHECK(sp_parse_vmstat(events, "oom_kill", &v) == 0);
	CHECK_EQ_U64(v, 2);
	CHECK(sp_parse_vmstat(events, "oom", &v) == 0);
	CHECK_EQ_U64(v, 3);
	CHECK(sp_parse_vmstat(events, "max", &v) == 0);
	CHECK_EQ_U64(v, 340);
	CHECK(sp_parse_vmstat(events, "oom_group", &v) == -ENOENT);

	CHECK(sp_parse_vmstat(oom_new, "oom_kill", &v) == 0);
	CHECK_EQ_U64(v, 7);
	CHECK(sp_parse_vmstat(oom_old, "oom_kill", &v) == -ENOENT);
	CHECK(sp_parse_vmstat(oom_old, "under_oom", &v) == 0);
	CHECK_EQ_U64(v, 1);

	CHECK(sp_parse_vmstat(stat_v1, "pgmajfault", &v) == 0);
	CHECK_EQ_U64(v, 6987);
	CHECK(sp_parse_vmstat(stat_v1, "total_pgmajfault", &v) == 0);
	CHECK_EQ_U64(v, 9999);
	CHECK(sp_parse_vmstat(stat_v2, "pgmajfault", &v) == 0);
	CHECK_EQ_U64(v, 42);
	CHECK(sp_parse_vmstat("pgmajfault x\n", "pgmajfault", &v) == -EINVAL);
	CHECK(sp_parse_vmstat("", "pgmajfault", &v) == -ENOENT);
	/* last line without a newline */
	CHECK(sp_parse_vmstat("a 1\nb 2", "b", &v) == 0);
	CHECK_EQ_U64(v, 2);

	CHECK(sp_parse_cgroup_value("max\n", &v) == 0);
	CHECK_EQ_U64(v, UINT64_MAX);
	CHECK(sp_parse_cgroup_value("134217728\n", &v) == 0);
	CHECK_EQ_U64(v, 134217728);
	CHECK(sp_parse_cgroup_value("9223372036854771712\n", &v) == 0); /* v1 "unlimited" */
	CHECK_EQ_U64(v, 9223372036854771712ull);
	CHECK(sp_parse_cgroup_value("maximum\n", &v) == -EINVAL);
	CHECK(sp_parse_cgroup_value("12k\n", &v) == -EINVAL);
	CHECK(sp_parse_cgroup_value("", &v) == -EINVAL);

	CHECK_EQ_U64(sp_parse_cgroup_pids("", pids, 2), 0);
	CHECK_EQ_U64(sp_parse_cgroup_pids("123\n456\n789\n", pids, 2), 3);
	CHECK(pids[0] == 123 && pids[1] == 456);
	/* beyond an int is no pid: 2^32 + 1 must not become pid 1 (tests/fuzz/fuzz-cgroup-text.c)
	 */
	CHECK_EQ_U64(sp_parse_cgroup_pids("4294967297\n42\n", pids, 2), 1);
	CHECK(pids[0] == 42);

	CHECK(sp_parse_cgroup_has_controller("cpuset cpu io memory hugetlb pids\n", "memory"));
	CHECK(sp_parse_cgroup_has_controller("memory\n", "memory"));
	CHECK(!sp_parse_cgroup_has_controller("cpuset io pids\n", "cpu"));
	CHECK(!sp_parse_cgroup_has_controller("cpuset io memoryx\n", "memory"));
	CHECK(!sp_parse_cgroup_has_controller("", "memory"));
	return CHECK_DONE();
}
