/*
 * buildjob-run - sets up and runs the build job for the root tests and prints the result as
 * key=value lines (rc first), so a shell test can assert on real numbers.
 *
 * usage: buildjob-run --dir DIR [--budget-mib N] [--seed N] [--scale X] [--runs N] [--jobs N]
 *                     [--swap 0|1] [--ram] [--no-setup] [--timeout S] [--estimate]
 * The toolchain goes into DIR/usr, the project into DIR.
 *        buildjob-run --job CMD --dir DIR [--budget-mib N] [--swap 0|1] [--ram] [--timeout S]
 *                     [--job-user NAME|UID]
 * --ram runs without a limit (the baseline); --no-setup reuses a tree set up before; --job
 * runs the user's own job (probe/userjob.h) in DIR instead, as --job-user (root by default:
 * this is a test tool; swapplace itself never defaults to root), and prints its output's tail
 * as "tail: " lines.
 * Exit: 0 when the job ran (an OOM kill or a timeout is a result), 1 when it failed to run,
 * 2 on usage errors.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "act/undo.h"
#include "core/scenario/buildjob.h"
#include "probe/buildjob.h"
#include "probe/userjob.h"

static int usage(void)
{
	fprintf(stderr, "usage: buildjob-run --dir DIR [--budget-mib N] [--seed N] [--scale X] "
			"[--runs N] [--jobs N] [--swap 0|1] [--ram] [--no-setup] [--timeout S]\n");
	return 2;
}

static void print_common(const struct sp_scenario_build *b)
{
	printf("status=%s\nreason=%s\n", sp_status_name(b->status), b->reason);
	printf("wall_s=%.3f\nn_runs=%zu\n", b->wall_s, b->n_runs);
	for (size_t i = 0; i < b->n_runs; i++)
		printf("wall_s_run%zu=%.3f\n", i + 1, b->wall_s_runs[i]);
	printf("cpu_s=%.3f\npswpin=%" PRIu64 "\npswpout=%" PRIu64 "\nmajor_faults=%" PRIu64 "\n",
	       b->cpu_s, b->pswpin, b->pswpout, b->major_faults);
	if (b->has_swap_ra)
		printf("swap_ra=%" PRIu64 "\nswap_ra_hit=%" PRIu64 "\n", b->swap_ra,
		       b->swap_ra_hit);
	else
		printf("swap_ra=na\nswap_ra_hit=na\n");
	if (b->has_file_io)
		printf("file_read_bytes=%" PRIu64 "\nfile_written_bytes=%" PRIu64
		       "\nio_read_bytes=%" PRIu64 "\n",
		       b->file_read_bytes, b->file_written_bytes, b->io_read_bytes);
	else
		printf("file_read_bytes=na\nfile_written_bytes=na\nio_read_bytes=na\n");
	printf("oom_killed=%d\ntimed_out=%d\nexit_code=%d\npage_cluster=%d\n", b->oom_killed,
	       b->timed_out, b->exit_code, b->page_cluster);
	printf("swapout_pages=%" PRIu64 "\nswapout_seconds=%.3f\nswapout_pages_per_s=%.0f\n",
	       b->swapout.pages, b->swapout.seconds, b->swapout.pages_per_s);
}

static int run_job(const char *cmd, const char *dir, uint64_t limit, int swap, double timeout_s,
		   const char *user)
{
	struct sp_userjob_opts o = {cmd, dir, limit, swap, timeout_s, NULL};
	struct sp_userjob_user u;
	struct sp_job_user want;
	struct sp_scenario_build b;
	char tail[4096], *line, *save = NULL;
	struct sp_err e;
	int rc;

	sp_err_init(&e);
	if (sp_job_user_parse(user, &want, &e) || sp_userjob_user_resolve(&want, &u, &e)) {
		fprintf(stderr, "buildjob-run: %s\n", e.reason);
		return 2;
	}
	o.user = &u;
	rc = sp_userjob_run(&o, &b, tail, sizeof(tail));

	printf("rc=%d\n", rc);
	print_common(&b);
	for (line = strtok_r(tail, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		printf("tail: %s\n", line);
	if (rc)
		fprintf(stderr, "buildjob-run: %s\n", strerror(-rc));
	return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"dir", required_argument, NULL, 'd'},
	    {"budget-mib", required_argument, NULL, 'b'},
	    {"seed", required_argument, NULL, 's'},
	    {"scale", required_argument, NULL, 'x'},
	    {"runs", required_argument, NULL, 'r'},
	    {"swap", required_argument, NULL, 'w'},
	    {"ram", no_argument, NULL, 'R'},
	    {"no-setup", no_argument, NULL, 'n'},
	    {"timeout", required_argument, NULL, 't'},
	    {"job", required_argument, NULL, 'j'},
	    {"jobs", required_argument, NULL, 'J'},
	    {"job-user", required_argument, NULL, 'u'},
	    {NULL, 0, NULL, 0},
	};
	const char *dir = NULL, *job = NULL, *user = "root";
	uint64_t budget = SP_BUILDJOB_DEFAULT_BUDGET, seed = 1;
	double scale = 1.0, timeout_s = 3600;
	size_t runs = 1;
	uint32_t jobs = 1;
	char tooldir[4096];
	int swap = 1, ram = 0, setup = 1, c, rc;
	struct sp_buildjob_plan p;
	struct sp_buildjob_opts o;
	struct sp_scenario_build b;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			dir = optarg;
			break;
		case 'b':
			budget = strtoull(optarg, NULL, 10) << 20;
			break;
		case 's':
			seed = strtoull(optarg, NULL, 10);
			break;
		case 'x':
			scale = strtod(optarg, NULL);
			break;
		case 'r':
			runs = strtoul(optarg, NULL, 10);
			break;
		case 'w':
			swap = atoi(optarg);
			break;
		case 'R':
			ram = 1;
			break;
		case 'n':
			setup = 0;
			break;
		case 't':
			timeout_s = strtod(optarg, NULL);
			break;
		case 'j':
			job = optarg;
			break;
		case 'J':
			jobs = (uint32_t)strtoul(optarg, NULL, 10);
			break;
		case 'u':
			user = optarg;
			break;
		default:
			return usage();
		}
	}
	if (!dir || optind != argc)
		return usage();
	if (sp_buildjob_plan(budget, seed, scale, jobs, &p)) {
		fprintf(stderr, "buildjob-run: bad budget, scale or jobs\n");
		return 2;
	}
	sp_undo_install();
	if (job)
		return run_job(job, dir, ram ? 0 : budget, swap, timeout_s, user);
	printf("n_sources=%u\nsource_bytes=%" PRIu64 "\nheap_bytes=%" PRIu64 "\nn_units=%u\n",
	       p.n_sources, p.source_bytes_total, p.heap_pages * SP_BUILDJOB_PAGE_BYTES, p.n_units);
	snprintf(tooldir, sizeof(tooldir), "%s/usr", dir);
	if (setup) {
		rc = mkdir(tooldir, 0755) < 0 && errno != EEXIST ? -errno : 0;
		if (!rc)
			rc = sp_buildjob_setup_toolchain(&p, tooldir);
		if (!rc)
			rc = sp_buildjob_setup(&p, dir);
		if (rc) {
			printf("rc=%d\n", rc);
			fprintf(stderr, "buildjob-run: setup '%s': %s\n", dir, strerror(-rc));
			return 1;
		}
	}
	sp_buildjob_defaults(&p, &o);
	o.limit_bytes = ram ? 0 : budget;
	o.allow_swap = swap;
	o.n_runs = runs;
	o.timeout_s = timeout_s;
	o.tool_dir = tooldir;
	rc = sp_buildjob_run(&p, dir, &o, &b);
	printf("rc=%d\n", rc);
	print_common(&b);
	printf("units_done=%u\nunits_total=%u\nobjects_checksum=%016" PRIx64 "\n", b.units_done,
	       b.units_total, b.objects_checksum);
	printf("jobs=%u\nworking_set_bytes=%" PRIu64 "\nwait_swap_s=%.3f\nwait_file_s=%.3f\n"
	       "regime_cpu_s=%.3f\n",
	       b.jobs, b.regime.working_set_bytes, b.regime.wait_swap_s, b.regime.wait_file_s,
	       b.regime.cpu_s);
	if (rc)
		fprintf(stderr, "buildjob-run: %s\n", strerror(-rc));
	return rc ? 1 : 0;
}
