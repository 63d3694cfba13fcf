/*
 * memcg-ctl - puts an existing process into a fresh swapplace memory cgroup for the root
 * tests, then removes it one of three ways, so each teardown path is proven on a real kernel:
 *   memcg-ctl destroy PID   sp_memcg_destroy() explicitly
 *   memcg-ctl leave PID     plain exit: the undo list's atexit hook must remove it
 *   memcg-ctl wait PID      wait for SIGTERM/SIGINT, then exit through the undo list
 * Prints path=, version=, usage_bytes=, oom_kills= lines; exit 0 when every step succeeded.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "act/memcg.h"
#include "act/undo.h"

int main(int argc, char **argv)
{
	struct sp_memcg cg;
	uint64_t v;
	pid_t pid;
	int ret;

	if (argc != 3) {
		fprintf(stderr, "usage: memcg-ctl destroy|leave|wait PID\n");
		return 2;
	}
	pid = (pid_t)atoi(argv[2]);
	sp_undo_install();
	ret = sp_memcg_create("test", &cg);
	if (ret) {
		fprintf(stderr, "memcg-ctl: create: %s\n", strerror(-ret));
		return 1;
	}
	printf("path=%s\nversion=%d\n", cg.path, cg.version);
	ret = sp_memcg_set_limit(&cg, 64ull << 20);
	if (!ret)
		ret = sp_memcg_add_pid(&cg, pid);
	if (ret) {
		fprintf(stderr, "memcg-ctl: limit/add: %s\n", strerror(-ret));
		return 1;
	}
	if (sp_memcg_usage(&cg, &v) == 0)
		printf("usage_bytes=%llu\n", (unsigned long long)v);
	if (sp_memcg_oom_kills(&cg, &v) == 0)
		printf("oom_kills=%llu\n", (unsigned long long)v);
	fflush(stdout);
	if (strcmp(argv[1], "destroy") == 0) {
		ret = sp_memcg_destroy(&cg);
		printf("destroy=%d\n", ret);
		return ret ? 1 : 0;
	}
	if (strcmp(argv[1], "wait") == 0) {
		const struct timespec tick = {0, 20000000L};

		printf("waiting=1\n");
		fflush(stdout);
		while (!sp_interrupted())
			nanosleep(&tick, NULL);
	}
	return 0; /* the undo list's atexit hook removes the cgroup */
}
