/*
 * box-run - one workload run through probe/jobrun.c inside the constrained box (act/caps.h),
 * for the root tests:
 *   box-run cpu CPUS SECONDS          two threads spin for SECONDS; CPUS 0: no box (the control)
 *   box-run zram BUDGET_MIB DEV SECONDS [DATA_PCT]
 *                                     a workload of DATA_PCT % (default 150) of the budget,
 *                                     pages half text and half zeros (about 3:1 in zram),
 *                                     verified round and round for SECONDS in a
 *                                     cgroup limited to the budget, swap on the zram device DEV
 *                                     (already swapped on), with the budget keeper
 * Prints key=value lines: status, wall_s, cpu_s, oom_killed, the box's record (cpu_applied,
 * cpu_reason, io_reason, budget_*), and pid= (its cgroups are named swapplace-box-<pid>).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "act/caps.h"
#include "act/undo.h"
#include "core/measure/pagefill.h"
#include "probe/jobrun.h"
#include "sys/timer.h"

#define PAGE 4096ul
#define TEXT 2048ul /* text bytes per page in the zram workload */

struct args {
	double seconds;
	uint64_t data_bytes;
};

static double g_seconds;

static void *spin(void *arg)
{
	struct sp_time t0 = sp_now();
	volatile uint64_t x = 0;

	(void)arg;
	while (sp_elapsed_s(t0, sp_now()) < g_seconds)
		for (int i = 0; i < 100000; i++)
			x += (uint64_t)i;
	return NULL;
}

static int cpu_child(void *arg, int go_fd, int result_fd)
{
	const struct args *a = arg;
	pthread_t th[2];

	(void)result_fd;
	if (sp_worker_await_go(go_fd))
		return 1;
	g_seconds = a->seconds;
	for (int i = 0; i < 2; i++)
		pthread_create(&th[i], NULL, spin, NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	return 0;
}

static int mem_child(void *arg, int go_fd, int result_fd)
{
	const struct args *a = arg;
	unsigned char *p;
	struct sp_time t0;
	uint64_t pages = a->data_bytes / PAGE;

	(void)result_fd;
	if (sp_worker_await_go(go_fd))
		return 1;
	p = sp_job_map_anon(a->data_bytes);
	if (!p)
		return 2;
	/* half of each page text, half zeros: about 3:1 in zram, so the pool is sizeable and
	 * the budget less the pool leaves the workload room above the keeper's floor */
	for (uint64_t i = 0; i < pages; i++)
		sp_page_fill(p + i * PAGE, TEXT, i, 7);
	t0 = sp_now();
	while (sp_elapsed_s(t0, sp_now()) < a->seconds)
		for (uint64_t i = 0; i < pages; i += 1)
			if (sp_page_verify(p + i * PAGE, TEXT, i, 7) ||
			    *(uint64_t *)(p + i * PAGE + PAGE - 8))
				return 4;
	return 0;
}

int main(int argc, char **argv)
{
	struct sp_scenario_build out;
	struct sp_box_applied applied;
	struct sp_budget_kept kept;
	struct sp_caps caps;
	struct sp_jobrun j = {.cg_name = "box", .timeout_s = 300, .allow_swap = 1};
	struct args a = {0};
	int status, ret, zram;

	if (argc < 4 || (strcmp(argv[1], "cpu") && strcmp(argv[1], "zram")) ||
	    (!strcmp(argv[1], "zram") && argc < 5)) {
		fprintf(stderr, "usage: box-run cpu CPUS SECONDS | box-run zram BUDGET_MIB DEV "
				"SECONDS [DATA_PCT]\n");
		return 2;
	}
	zram = !strcmp(argv[1], "zram");
	sp_undo_install();
	memset(&caps, 0, sizeof(caps));
	memset(&applied, 0, sizeof(applied));
	memset(&kept, 0, sizeof(kept));
	memset(&out, 0, sizeof(out));
	printf("pid=%d\n", (int)getpid());
	fflush(stdout);
	if (zram) {
		uint64_t budget = strtoull(argv[2], NULL, 10) << 20;
		double pct = argc > 5 ? atof(argv[5]) : 150;

		a.seconds = atof(argv[4]);
		a.data_bytes = (uint64_t)((double)budget * pct / 100) / PAGE * PAGE;
		j.limit_bytes = budget;
		ret = sp_box_enter_for(&caps, argv[3], &applied, &kept);
	} else {
		caps.cpu_max = atof(argv[2]);
		a.seconds = atof(argv[3]);
		ret = caps.cpu_max > 0 ? sp_box_enter_for(&caps, NULL, &applied, &kept) : 0;
	}
	if (ret) {
		fprintf(stderr, "box-run: cannot enter the box: %s\n", strerror(-ret));
		return 1;
	}
	ret = sp_jobrun_once(&j, zram ? mem_child : cpu_child, &a, &out, &status);
	sp_box_leave();
	printf("status=%s\nreason=%s\nexit_code=%d\noom_killed=%d\nwall_s=%.3f\ncpu_s=%.3f\n",
	       ret ? "failed" : "ok", out.reason, out.exit_code, out.oom_killed, out.wall_s,
	       out.cpu_s);
	printf("pswpout=%llu\n", (unsigned long long)out.pswpout);
	printf("constraints_done=%d\ncpu_applied=%d\ncpu_reason=%s\nio_applied=%d\nio_moot=%d\n"
	       "io_reason=%s\n",
	       applied.done, applied.cpu_applied, applied.cpu_reason, applied.io_applied,
	       applied.io_moot, applied.io_reason);
	printf("measured=%d\ncpu_periods=%llu\ncpu_throttled_periods=%llu\ncpu_throttled_us=%llu\n"
	       "cpu_usage_us=%llu\nusage_known=%d\ncgroup_s=%.3f\n",
	       applied.measured, (unsigned long long)applied.cpu_periods,
	       (unsigned long long)applied.cpu_throttled_periods,
	       (unsigned long long)applied.cpu_throttled_us,
	       (unsigned long long)applied.cpu_usage_us, applied.usage_known, applied.cgroup_s);
	printf("budget_done=%d\nbudget_kept=%d\nbudget_floor_hit=%d\nlimit_bytes_start=%llu\n"
	       "limit_bytes_min=%llu\nfloor_bytes=%llu\nzram_pool_peak_bytes=%llu\n"
	       "over_budget_peak_bytes=%llu\nsamples=%llu\ncgroups=%u\n",
	       kept.done, kept.kept, kept.floor_hit, (unsigned long long)kept.limit_bytes_start,
	       (unsigned long long)kept.limit_bytes_min, (unsigned long long)kept.floor_bytes,
	       (unsigned long long)kept.zram_pool_peak_bytes,
	       (unsigned long long)kept.over_budget_peak_bytes, (unsigned long long)kept.samples,
	       kept.cgroups);
	sp_undo_all();
	return ret ? 1 : 0;
}
