/*
 * t-memcg-v1-v2-files-in-scratch-dir - the cgroup file handling of both versions, against a
 * scratch directory posing as the cgroup root: which file each call writes and with what
 * value (v2 memory.max/swap.max/reclaim, v1 limit/memsw = limit/swappiness/force_empty), what it
 * reads back (usage, swap usage, OOM kills), -EOPNOTSUPP where the kernel lacks swap accounting
 * or the v1 oom_kill line, v2's "+memory" in the parent's subtree_control and its undo, and the
 * swapplace-<name>-<pid> naming. Needs no root and kills nothing (cgroup.procs stays empty).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/undo.h"
#include "check.h"
#include "scratch-files.h"

static void empty_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[700];

	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	if (d)
		closedir(d);
}

static void test_v2(const char *base)
{
	struct sp_memcg cg;
	char want[600];
	uint64_t v = 0;

	put(base, "cgroup.subtree_control", "");
	CHECK(sp_memcg_create_in(base, 2, "t", &cg) == 0);
	snprintf(want, sizeof(want), "%s/swapplace-t-%d", base, (int)getpid());
	CHECK_STR(cg.path, want);
	CHECK(cg.version == 2);
	CHECK(access(cg.path, F_OK) == 0);
	CHECK_STR(get(base, "cgroup.subtree_control"), "+memory");
	CHECK(sp_undo_depth() == 2); /* subtree_control and the cgroup itself */

	/* the kernel would create these; an empty file stands in for each */
	put(cg.path, "cgroup.procs", "");
	put(cg.path, "memory.max", "");
	put(cg.path, "memory.high", "");
	put(cg.path, "memory.reclaim", "");
	put(cg.path, "memory.current", "1234\n");
	put(cg.path, "memory.events", "low 0\nhigh 0\nmax 9\noom 2\noom_kill 1\n");
	put(cg.path, "memory.stat", "anon 4096\npgmajfault 77\n");

	CHECK(sp_memcg_set_limit(&cg, 64ull << 20) == 0);
	CHECK_STR(get(cg.path, "memory.max"), "67108864");
	CHECK(sp_memcg_set_high(&cg, 1000) == 0);
	CHECK_STR(get(cg.path, "memory.high"), "1000");
	/* no memory.swap.max: the kernel has no swap accounting */
	CHECK(sp_memcg_set_swap(&cg, 0) == -EOPNOTSUPP);
	CHECK(sp_memcg_swap_usage(&cg, &v) == -EOPNOTSUPP);
	put(cg.path, "memory.swap.max", "");
	CHECK(sp_memcg_set_swap(&cg, 0) == 0);
	CHECK_STR(get(cg.path, "memory.swap.max"), "0");
	put(cg.path, "memory.swap.max", "");
	CHECK(sp_memcg_set_swap(&cg, 1) == 0);
	CHECK_STR(get(cg.path, "memory.swap.max"), "max");
	put(cg.path, "memory.swap.current", "8192\n");
	CHECK(sp_memcg_swap_usage(&cg, &v) == 0);
	CHECK_EQ_U64(v, 8192);

	CHECK(sp_memcg_usage(&cg, &v) == 0);
	CHECK_EQ_U64(v, 1234);
	CHECK(sp_memcg_oom_kills(&cg, &v) == 0);
	CHECK_EQ_U64(v, 1);
	CHECK(sp_memcg_stat(&cg, "pgmajfault", &v) == 0);
	CHECK_EQ_U64(v, 77);
	/* reclaim 0 means "all of it": the current usage */
	CHECK(sp_memcg_reclaim(&cg, 0) == 0);
	CHECK_STR(get(cg.path, "memory.reclaim"), "1234");
	CHECK(sp_memcg_add_pid(&cg, 4242) == 0);
	CHECK_STR(get(cg.path, "cgroup.procs"), "4242");

	/* a cgroup directory with files is not removable: destroy says so, does not lie */
	put(cg.path, "cgroup.procs", "");
	CHECK(sp_memcg_destroy(&cg) == -ENOTEMPTY);
	empty_dir(cg.path);
	CHECK(sp_memcg_destroy(&cg) == 0);
	CHECK(access(cg.path, F_OK) < 0);
	CHECK(sp_memcg_destroy(&cg) == 0); /* idempotent: its undo entry runs it again */

	/* the undo list removes what is left and takes +memory back */
	sp_undo_all();
	CHECK(sp_undo_depth() == 0);
	CHECK_STR(get(base, "cgroup.subtree_control"), "-memory");

	/* already enabled: nothing written, nothing to undo */
	put(base, "cgroup.subtree_control", "cpu memory pids\n");
	CHECK(sp_memcg_create_in(base, 2, "u", &cg) == 0);
	CHECK(sp_undo_depth() == 1);
	CHECK_STR(get(base, "cgroup.subtree_control"), "cpu memory pids\n");
	sp_undo_all();
	CHECK(access(cg.path, F_OK) < 0);
}

static void test_v1(const char *base)
{
	struct sp_memcg cg;
	uint64_t v = 0;

	CHECK(sp_memcg_create_in(base, 1, "v1", &cg) == 0);
	CHECK(cg.version == 1);
	CHECK(sp_undo_depth() == 1); /* v1 has no subtree_control */
	put(cg.path, "memory.limit_in_bytes", "");
	put(cg.path, "memory.swappiness", "");
	put(cg.path, "memory.force_empty", "");
	put(cg.path, "memory.usage_in_bytes", "5000\n");
	put(cg.path, "memory.oom_control", "oom_kill_disable 0\nunder_oom 0\n");

	CHECK(sp_memcg_set_limit(&cg, 32ull << 20) == 0);
	CHECK_STR(get(cg.path, "memory.limit_in_bytes"), "33554432");
	/* without swap accounting: swappiness 0 as the best effort, and the truth */
	CHECK(sp_memcg_set_swap(&cg, 0) == -EOPNOTSUPP);
	CHECK_STR(get(cg.path, "memory.swappiness"), "0");
	CHECK(sp_memcg_swap_usage(&cg, &v) == -EOPNOTSUPP);
	CHECK(sp_memcg_oom_kills(&cg, &v) == -EOPNOTSUPP); /* kernels before 4.13 */
	put(cg.path, "memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n");
	CHECK(sp_memcg_oom_kills(&cg, &v) == 0);
	CHECK_EQ_U64(v, 3);

	/* with it: memsw = limit forbids swap, -1 allows it again */
	put(cg.path, "memory.limit_in_bytes", "33554432\n");
	put(cg.path, "memory.memsw.limit_in_bytes", "");
	CHECK(sp_memcg_set_swap(&cg, 0) == 0);
	CHECK_STR(get(cg.path, "memory.memsw.limit_in_bytes"), "33554432");
	put(cg.path, "memory.memsw.limit_in_bytes", "");
	put(cg.path, "memory.swappiness", "");
	CHECK(sp_memcg_set_swap(&cg, 1) == 0);
	CHECK_STR(get(cg.path, "memory.memsw.limit_in_bytes"), "-1");
	CHECK(strcmp(get(cg.path, "memory.swappiness"), "0") != 0);
	CHECK(get(cg.path, "memory.swappiness")[0] != '\0');

	put(cg.path, "memory.memsw.usage_in_bytes", "9096\n");
	CHECK(sp_memcg_swap_usage(&cg, &v) == 0);
	CHECK_EQ_U64(v, 4096);
	CHECK(sp_memcg_usage(&cg, &v) == 0);
	CHECK_EQ_U64(v, 5000);
	CHECK(sp_memcg_reclaim(&cg, 0) == 0);
	CHECK_STR(get(cg.path, "memory.force_empty"), "0");

	empty_dir(cg.path);
	sp_undo_all();
	CHECK(access(cg.path, F_OK) < 0);
}

int main(void)
{
	char base[] = "/tmp/t-memcg.XXXXXX";

	if (!mkdtemp(base))
		return 77;
	test_v2(base);
	test_v1(base);
	empty_dir(base);
	rmdir(base);
	return CHECK_DONE();
}
