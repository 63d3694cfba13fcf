/*
 * run.c - `swapplace plan` and `swapplace run`: the whole flow on one screen.
 *
 *   config -> find devices -> plan -> safety -> (plan: print and stop) -> confirm -> apply
 *   (partition, filesystem, swap file) -> measure each placement -> analyse + render ->
 *   teardown (the undo list, also on error and signals)
 *
 * Exclusivity: the target is held open with O_EXCL from the safety check until the partition
 * table is written (nothing can mount it meanwhile); afterwards each idle swap partition is
 * held O_EXCL by us and the data partition is mounted by us, so every part of the disk stays
 * claimed for the whole run. (Holding the whole disk O_EXCL would forbid swapon and mount of
 * its partitions: the kernel refuses to claim a partition of an exclusively held disk.)
 * Every hold is an sp_hold (act/hold.h): taken here, released by the undo list on every exit
 * path; the placement lends its hold to swapon for its turn and takes it back.
 *
 * Which --also device a dev- placement partitions is its id.also_index, fixed when the list
 * of placements is built (core/plan/placements.h), never found again by its name or position.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "act/disk.h"
#include "act/hold.h"
#include "act/memcg.h"
#include "act/swapfile.h"
#include "act/undo.h"
#include "act/zram.h"
#include "act/zswap.h"
#include "cmd/commands.h"
#include "cmd/fail.h"
#include "cmd/run_common.h"
#include "cmd/run_sweep.h"
#include "core/config/cli.h"
#include "core/config/units.h"
#include "core/doc/doc_text.h"
#include "core/doc/plandoc.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/measure/profile.h"
#include "core/measure/rng.h"
#include "core/plan/placements.h"
#include "core/plan/plan.h"
#include "core/plan/timing.h"
#include "core/plan/zswap_choice.h"
#include "core/safety/backup.h"
#include "core/safety/safety.h"
#include "core/scenario/buildjob.h"
#include "core/scenario/estimate.h"
#include "core/scenario/scenario.h"
#include "core/scenario/service.h"
#include "core/scenario/sweep.h"
#include "out/planfile.h"
#include "out/report_io.h"
#include "probe/buildjob.h"
#include "probe/placement.h"
#include "probe/profile.h"
#include "probe/serverjob.h"
#include "probe/userjob.h"
#include "sys/backup.h"
#include "sys/blkdev.h"
#include "sys/devices.h"
#include "sys/log.h"
#include "sys/machine.h"
#include "sys/sysfs.h"
#include "sys/timer.h"
#include "sys/tools.h"

struct run_ctx {
	const struct sp_config *c;
	struct sp_time t0; /* the run's start: duration_s's clock, and the progress record's */
	struct sp_sys_facts facts;
	struct sp_device_info target;
	struct sp_device_info also[SP_MAX_ALSO];
	struct sp_plan_opts plan_opts;
	struct sp_layout layout;
	struct run_tuning tuning;   /* sysctls set while measuring (printed with the plan) */
	struct sp_hold target_hold; /* the whole target, O_EXCL, until its GPT is written */
	/* each --also device a kept placement writes, O_EXCL from the confirmation until its
	 * GPT is written through it; not registered: not written by this run */
	struct sp_hold also_hold[SP_MAX_ALSO];
	/* which disk each one is (sys/blkdev.h), read when vetting: every hold and every write
	 * by name must find that same disk */
	struct sp_blkdev_id target_id;
	struct sp_blkdev_id also_id[SP_MAX_ALSO];
	size_t n_placements;
	struct sp_placement placements[SP_MAX_RESULTS];
	char data_dir[128];
	char swapfile[160];
	/* the job scenario: its tree on the data filesystem, its plan, what each placement runs */
	char job_dir[160];  /* <data_dir>/build: the job's project (--project-at) */
	char tool_dir[160]; /* <data_dir>/usr: the build job's toolchain, in block group 0 */
	struct sp_build_files job_files[2]; /* where the toolchain and the project lie */
	struct sp_buildjob_plan job_plan;
	struct sp_job_spec job;
	struct sp_userjob_user job_user; /* who runs --job (--job-user, SUDO_UID) */
	char job_user_said[96];		 /* "nobody (uid 65534, gid 65534)" */
	unsigned scenarios; /* --scenario as SP_SCENARIO_* bits (core/scenario/scenario.h) */
	/* --zswap's compressors (core/plan/zswap_choice.h sp_zswap_choose), chosen when vetting */
	char zswap_algs[16][SP_ZSWAP_ALG_MAX];
	size_t n_zswap_algs;
	/* what the estimate knows of the target: assumed from its kind, or measured by its
	 * position profile; and how long that profile took (or will take) */
	struct sp_est_device dev;
	/* the other devices a placement's swap-ins come from: the CPU (zram, zswap: its
	 * compress timing) and each --also device (a quick read-only look, or its kind) */
	struct sp_buildjob_device cpu_dev;
	struct sp_buildjob_device also_dev[SP_MAX_ALSO];
	struct sp_est_placement est_pl[SP_MAX_RESULTS];
	/* --job CMD: one run's time once a run of it was measured (its ram run's when there is
	 * one); < 0: unknown */
	double user_job_s;
	double plan_estimate_s; /* run --plan FILE: the estimate the plan printed; 0: none */
	double estimate_s;	/* the estimate printed (0: not yet), kept by plan --save-plan */
	int cgroup_v2;		/* --io-max is applied only there (act/caps.h) */
	struct sp_sweep_plan sweep; /* --sweep (core/scenario/sweep.h); n_knobs 0: none */
};

_Static_assert(SP_ZRAM_ALG_MAX == SP_PLACEMENT_ALG_MAX, "a compressor's name fits both");
_Static_assert(SP_CLI_MAX_REPEAT <= SP_BUILD_MAX_RUNS && SP_CLI_MAX_REPEAT <= SP_SERVICE_MAX_RUNS &&
		   SP_CLI_MAX_REPEAT <= SP_SERVER_MAX_RUNS,
	       "every round of --repeat has its place in each scenario's runs");
_Static_assert(SP_CLI_MAX_SERVICE_WORKERS == SP_SERVICE_MAX_WORKERS,
	       "--service-workers is the service's bound");

/*
 * --zswap's compressors where the kernel has zswap: its own compressor by default, and for
 * "all" every crypto compressor the kernel has loaded (/proc/crypto).
 * Returns: 0, or -EINVAL (printed) for a bad --zswap.
 */
static int choose_zswap(struct run_ctx *x)
{
	char offered[16][SP_ZSWAP_ALG_MAX];
	struct sp_zswap_state st;
	struct sp_err e;
	size_t n = 0;
	int ret;

	if (sp_zswap_read(&st) < 0)
		st.present = 0;
	if (st.present && sp_zswap_offered(offered, 16, &n) < 0)
		n = 0;
	ret = sp_zswap_choose(x->c->zswap, st.present, st.compressor, offered, n, x->zswap_algs, 16,
			      &x->n_zswap_algs, &e);
	if (ret == -EINVAL)
		sp_fail(SP_EXIT_USAGE, NULL, "%s", e.reason);
	return ret;
}

/* The placements a run measures, in the order it measures them (core/plan/placements.h). */
static int list_placements(struct run_ctx *x)
{
	char algs[16][SP_ZRAM_ALG_MAX];
	const char *also_names[SP_MAX_ALSO];
	struct sp_placement_spec *specs = calloc(SP_MAX_RESULTS, sizeof(*specs));
	struct sp_placements_in in = {.layout = &x->layout,
				      .zram_algs = algs,
				      .also_names = also_names,
				      .n_also = x->c->n_also,
				      .only = x->c->only,
				      .with_ram = x->job.kind != SP_JOB_NONE};
	size_t n = 0;
	int ret;

	if (!specs)
		return -ENOMEM;
	if (sp_zram_algorithms(algs, 16, &in.n_zram_algs) < 0)
		in.n_zram_algs = 0;
	ret = choose_zswap(x);
	if (ret < 0) {
		free(specs);
		return ret;
	}
	in.zswap_algs = x->zswap_algs;
	in.n_zswap_algs = x->n_zswap_algs;
	for (size_t i = 0; i < x->c->n_also; i++)
		also_names[i] = x->also[i].name;
	ret = sp_placements_list(&in, specs, SP_MAX_RESULTS, &n);
	for (size_t i = 0; ret == 0 && i < n; i++) {
		sp_placement_init(&x->placements[i], specs[i].name, specs[i].id);
		snprintf(x->placements[i].zram_alg, sizeof(x->placements[i].zram_alg), "%s",
			 specs[i].zram_alg);
		snprintf(x->placements[i].zswap_alg, sizeof(x->placements[i].zswap_alg), "%s",
			 specs[i].zswap_alg);
	}
	x->n_placements = ret == 0 ? n : 0;
	free(specs);
	return ret;
}

static const struct sp_err *find_error(struct sp_err *e, int err)
{
	switch (err) {
	case -ENOTBLK:
		sp_err_set(e, err, "not a block device");
		break;
	case -ENOENT:
		sp_err_set(e, err,
			   "no such disk (no device at that path, or no disk with that "
			   "serial)");
		break;
	case -EEXIST:
		sp_err_set(e, err, "two disks have that serial");
		break;
	default:
		sp_err_set(e, err, NULL);
		break;
	}
	return e;
}

/*
 * Who runs --job: --job-user, else sudo's SUDO_UID and SUDO_GID; never root unless named.
 * Returns an exit code (2 when nobody is named or the user does not exist).
 */
static int choose_job_user(struct run_ctx *x)
{
	struct sp_job_user want;
	struct sp_err e;

	sp_err_init(&e);
	if (sp_job_user_choose(x->c->job_user, getenv("SUDO_UID"), getenv("SUDO_GID"), &want, &e) <
		0 ||
	    sp_userjob_user_resolve(&want, &x->job_user, &e) < 0)
		return sp_fail(SP_EXIT_USAGE, &e, "cannot run --job");
	sp_userjob_user_describe(&x->job_user, x->job_user_said, sizeof(x->job_user_said));
	x->job.user = &x->job_user;
	return SP_EXIT_OK;
}

/*
 * Which job runs on every placement (--scenario, --job) and the build job's plan, sized from
 * the budget and --job-scale. Its directory is filled in once the data filesystem exists.
 * Returns an exit code.
 */
static int plan_job(struct run_ctx *x)
{
	const struct sp_config *c = x->c;

	memset(&x->job, 0, sizeof(x->job));
	if (sp_scenario_set_parse(c->scenario, &x->scenarios) < 0)
		return sp_fail(SP_EXIT_USAGE, NULL,
			       "--scenario '%s': give build, service, cache, "
			       "gc, all or a comma list of them, or none "
			       "alone",
			       c->scenario);
	if (c->job_dir && !c->job_cmd)
		return sp_fail(SP_EXIT_USAGE, NULL, "--job-dir '%s' needs a --job to run in it",
			       c->job_dir);
	if (c->job_user && !c->job_cmd)
		return sp_fail(SP_EXIT_USAGE, NULL, "--job-user '%s' needs a --job to run",
			       c->job_user);
	if (c->job_cmd && !x->scenarios)
		return sp_fail(SP_EXIT_USAGE, NULL,
			       "--job runs a job, --scenario none runs none: "
			       "give one of them");
	if (c->job_dir) {
		struct stat st;

		if (stat(c->job_dir, &st) < 0 || !S_ISDIR(st.st_mode))
			return sp_fail(SP_EXIT_USAGE, NULL, "--job-dir '%s' is not a directory",
				       c->job_dir);
	}
	x->job.timeout_s = c->job_timeout_s;
	if (c->job_cmd) {
		if (!*c->job_cmd)
			return sp_fail(SP_EXIT_USAGE, NULL, "--job needs a command");
		x->job.kind = SP_JOB_USER;
		x->job.cmd = c->job_cmd;
		return choose_job_user(x);
	}
	if (!(x->scenarios & SP_SCENARIO_BUILD))
		return SP_EXIT_OK;
	if (sp_buildjob_plan(c->budget_bytes, c->seed, c->job_scale, c->jobs, &x->job_plan) < 0)
		return sp_fail(SP_EXIT_USAGE, NULL,
			       "cannot plan the build job for --budget %llu bytes, --job-scale "
			       "%g and --jobs %u (the budget must be at least 4 MiB)",
			       (unsigned long long)c->budget_bytes, c->job_scale, c->jobs);
	x->job.kind = SP_JOB_BUILD;
	x->job.plan = &x->job_plan;
	return SP_EXIT_OK;
}

/* the short read-only look at a disk for the estimate: long enough for a sample of it, short
 * enough to wait for */
#define LOOK_S 5.0
#define LOOK_ALSO_S 2.0

/*
 * A short read-only look at dev (a position profile's sample) into m: its speed instead of
 * the one assumed from its kind. As root only; a look that fails leaves m as it was.
 * Returns: how long it took (0: none).
 */
static double look_at(const char *dev, double time_s, double profile_budget_s, uint64_t seed,
		      struct sp_est_device *m)
{
	struct sp_profile_opts o;
	struct sp_profile *p;
	double took = 0;

	if (geteuid() != 0 || sp_interrupted())
		return 0;
	p = calloc(1, sizeof(*p));
	if (!p)
		return 0;
	sp_profile_defaults(&o);
	o.time_s = time_s;
	o.seed = seed;
	if (sp_profile_run(dev, &o, p) == 0 &&
	    sp_est_device_measured(p, 0, profile_budget_s, m) == 0)
		took = p->duration_s;
	free(p);
	return took;
}

/*
 * How long a look takes: at most its default, and never longer than the profile asked for or
 * one placement's measurement: a run that measures each placement for a second (as the root
 * tests do, dozens of times in make check) waits a second, not five, for its estimate.
 */
static double look_s(const struct sp_config *c, double dflt_s)
{
	double s = dflt_s;

	if (c->profile_time_s > 0 && c->profile_time_s < s)
		s = c->profile_time_s;
	if (c->time_per_placement_s > 0 && c->time_per_placement_s < s)
		s = c->time_per_placement_s;
	return s;
}

/*
 * What the estimate knows before anything is written (core/scenario/estimate.h): the target
 * assumed from its kind and the job's CPU cost per page measured on this CPU (an old one or a
 * QEMU guest is many times slower than the host the defaults were seen on), then a short
 * read-only look at it (look: when no position profile will tell); the CPU's compress timing
 * for zram and zswap; each --also device from a quick look of its own.
 */
static void device_models(struct run_ctx *x, int look)
{
	int pc = x->job.page_cluster ? atoi(x->job.page_cluster) : -1;
	double page_s = 0, compress_s = 0, looks_s = 0, also_s = 0;

	if (x->job.kind == SP_JOB_BUILD && sp_buildjob_calibrate(&page_s) < 0)
		page_s = 0;
	sp_est_device_assume(x->target.rotational, pc, page_s, x->c->profile_time_s, &x->dev);
	if (look)
		looks_s = look_at(x->target.path, look_s(x->c, LOOK_S), x->c->profile_time_s,
				  x->c->seed, &x->dev);
	{
		char base[256];

		x->cgroup_v2 = sp_memcg_detect(base, sizeof(base)) == 2;
	}
	if (sp_buildjob_calibrate_compress(&compress_s) < 0 ||
	    sp_est_cpu_device(compress_s, pc, page_s, &x->cpu_dev) < 0)
		x->cpu_dev = x->dev.dev;
	for (size_t i = 0; i < x->c->n_also; i++) {
		struct sp_est_device m;

		sp_est_device_assume(x->also[i].rotational, pc, page_s, 0, &m);
		/* no profile reads them: looked at by plan and run alike */
		also_s += look_at(x->also[i].path, look_s(x->c, LOOK_ALSO_S), 0, x->c->seed, &m);
		x->also_dev[i] = m.dev;
	}
	/* the run's own looks are a term of the run: without a profile, the target's (run looks
	 * as plan does then) stands in the profile's */
	if (x->c->profile_time_s <= 0)
		x->dev.profile_s = looks_s;
	x->dev.profile_s += also_s;
}

/* The scenarios a sweep's run repeats (core/scenario/scenario.h bits): the job and every other one.
 */
static unsigned sweep_scenarios(const struct run_ctx *x)
{
	return (x->job.kind != SP_JOB_NONE ? SP_SCENARIO_BUILD : 0) |
	       (x->scenarios & (SP_SCENARIO_SERVICE | SP_SCENARIO_CACHE | SP_SCENARIO_GC));
}

/* How many runs --sweep adds: every placement but ram, every value, every round. */
static size_t sweep_runs(const struct run_ctx *x)
{
	return sp_sweep_n_steps(&x->sweep, run_sweep_n_placements(x->placements, x->n_placements),
				x->c->repeat);
}

/* A sweep needs a scenario to repeat and must fit the report. Returns an exit code. */
static int vet_sweep(const struct run_ctx *x)
{
	size_t rows = sweep_runs(x) * sp_sweep_rows_per_run(sweep_scenarios(x));

	if (!x->sweep.n_knobs)
		return SP_EXIT_OK;
	if (!sweep_scenarios(x))
		return sp_fail(SP_EXIT_USAGE, NULL,
			       "--sweep runs the scenarios again, and "
			       "--scenario %s runs none: give build, service, "
			       "cache or gc",
			       x->c->scenario ? x->c->scenario : "none");
	if (rows > SP_SWEEP_MAX_ROWS)
		return sp_fail(SP_EXIT_USAGE, NULL,
			       "--sweep would give %zu rows (%zu runs), more than a report holds "
			       "(%d): sweep fewer values or placements (--only)",
			       rows, sweep_runs(x), SP_SWEEP_MAX_ROWS);
	return SP_EXIT_OK;
}

/* Find the devices and refuse anything unsafe. Returns an exit code. */
static int find_and_vet(struct run_ctx *x)
{
	const struct sp_config *c = x->c;
	const char *paths[SP_MAX_ALSO + 1];
	struct sp_device_info infos[SP_MAX_ALSO + 1];
	struct sp_err e;
	char reason[512];
	int ret, rc;

	/* a bad --sweep is refused before anything, even the target, is looked at */
	if (sp_sweep_parse(c->sweeps, c->n_sweeps, &x->sweep, &e) < 0)
		return sp_fail(SP_EXIT_USAGE, NULL, "%s", e.reason);
	ret = sp_facts_gather("", &x->facts);
	if (ret == -E2BIG)
		return sp_fail(SP_EXIT_REFUSED, NULL,
			       "refusing to touch '%s': the machine has more %s than swapplace "
			       "can check (%d block-device mounts, %d swap areas, %d block devices "
			       "at most), so no disk can be called unused",
			       c->target, x->facts.truncated ? x->facts.truncated : "entries",
			       SP_MAX_MOUNTS, SP_MAX_SWAPS, SP_MAX_BLOCK_NODES);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
			       "cannot read the system's mounts and swaps");
	ret = sp_device_resolve("", &x->facts, c->target, &x->target);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, find_error(&e, ret), "cannot use '%s' as a target",
			       c->target);
	sp_plan_defaults(&x->plan_opts);
	if (sp_layout_kind_parse(c->layout, &x->plan_opts.layout) < 0)
		return sp_fail(SP_EXIT_USAGE, NULL, "unknown --layout '%s'", c->layout);
	x->plan_opts.swap_part_bytes = c->swap_bytes;
	x->plan_opts.swapfile_bytes = c->swap_bytes;
	if (c->budget_bytes * 2 > c->swap_bytes)
		return sp_fail(SP_EXIT_USAGE, NULL,
			       "--swap-size %s is too small for --budget: it must hold twice the "
			       "budget",
			       sp_format_bytes(c->swap_bytes, reason, 64));
	ret = sp_safety_check_target(&x->target, sp_plan_min_disk_bytes(&x->plan_opts), &e);
	if (ret < 0)
		return sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", c->target);

	paths[0] = c->target;
	infos[0] = x->target;
	for (size_t i = 0; i < c->n_also; i++) {
		ret = sp_device_resolve("", &x->facts, c->also[i], &x->also[i]);
		if (ret < 0)
			return sp_fail(SP_EXIT_FAILURE, find_error(&e, ret),
				       "cannot use '%s' with --also", c->also[i]);
		ret = sp_safety_check_target(&x->also[i], c->swap_bytes + (4ull << 20), &e);
		if (ret < 0)
			return sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", c->also[i]);
		paths[i + 1] = c->also[i];
		infos[i + 1] = x->also[i];
	}
	ret = sp_targets_distinct(paths, infos, c->n_also + 1, &e);
	if (ret < 0)
		return sp_fail(SP_EXIT_REFUSED, &e, "refusing");

	ret = sp_plan_layout(x->target.size_bytes, x->target.logical_sector, &x->plan_opts,
			     &x->layout);
	if (ret < 0)
		return sp_fail(SP_EXIT_REFUSED, SP_ERR_OF(ret), "cannot plan a layout on '%s'",
			       c->target);
	rc = plan_job(x);
	if (rc != SP_EXIT_OK)
		return rc;
	ret = list_placements(x);
	if (ret == -EINVAL && x->c->zswap && *x->c->zswap)
		return SP_EXIT_USAGE; /* said by choose_zswap */
	if (ret == -ENOENT)
		return sp_fail(SP_EXIT_USAGE, NULL, "--only '%s' keeps no placement of this run",
			       c->only);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot list the placements");
	run_tuning_plan(&x->tuning);
	run_tuning_plan_servers(&x->tuning, c);
	if (x->job.kind != SP_JOB_NONE)
		run_tuning_plan_job(&x->tuning, c);
	x->job.page_cluster = x->tuning.job_page_cluster[0] ? x->tuning.job_page_cluster : NULL;
	return vet_sweep(x);
}

/* The run as the estimate counts it (core/scenario/estimate.h): each placement with its own
 * device. */
/* What write_ranges will write for a placement of identity id: its partition on an SSD. */
static uint64_t fill_bytes(const struct run_ctx *x, const struct sp_placement_id *id)
{
	int k;

	if (id->kind == SP_PL_ALSO && id->also_index >= 0 && (size_t)id->also_index < x->c->n_also)
		return x->also[id->also_index].rotational ? 0 : x->c->swap_bytes;
	if ((id->kind != SP_PL_START && id->kind != SP_PL_END) || x->target.rotational)
		return 0;
	k = sp_layout_part_index(&x->layout, id->role);
	return k >= 0 ? x->layout.parts[k].sectors * 512 : 0;
}

static struct sp_est_run est_run(struct run_ctx *x)
{
	struct sp_est_run r = {
	    .job = x->job.kind == SP_JOB_BUILD ? &x->job_plan : NULL,
	    .user_job = x->job.kind == SP_JOB_USER,
	    .user_job_s = x->user_job_s,
	    .scenarios = x->scenarios,
	    .service_time_s = x->c->service_time_s,
	    .cache_time_s = x->c->cache_time_s,
	    .gc_time_s = x->c->gc_time_s,
	    .budget_bytes = x->c->budget_bytes,
	    .time_per_placement_s = x->c->time_per_placement_s,
	    .caps = &x->c->caps,
	    .repeat = x->c->repeat,
	    .swapfile_bytes = x->layout.swapfile_bytes,
	    .pl = x->est_pl,
	    .n_pl = x->n_placements,
	    .n_sweep_runs = sweep_runs(x),
	};

	for (size_t i = 0; i < x->n_placements; i++) {
		const struct sp_placement_id *id = &x->placements[i].id;
		struct sp_est_placement *e = &x->est_pl[i];

		*e = (struct sp_est_placement){.kind = SP_EST_SWAP, .dev = x->dev.dev};
		if (id->kind == SP_PL_RAM) {
			e->kind = SP_EST_RAM;
		} else if (!sp_placement_swaps(id->kind)) {
			e->kind = SP_EST_NONE;
		} else if (id->kind == SP_PL_ZRAM || id->kind == SP_PL_ZSWAP) {
			e->dev = x->cpu_dev;
			e->no_device_probe = id->kind == SP_PL_ZSWAP;
		} else if (id->kind == SP_PL_ALSO && id->also_index >= 0 &&
			   (size_t)id->also_index < x->c->n_also) {
			e->dev = x->also_dev[id->also_index];
		}
		e->io_capped = x->cgroup_v2 && sp_placement_on_disk(id->kind);
		e->fill_bytes = fill_bytes(x, id);
	}
	return r;
}

/*
 * The plan (core/doc/plandoc.h) to out: what the run knows gathered into a view, with the
 * kernel's zswap state read now, printed as text (core/doc/doc_text.h).
 */
static void print_plan(struct run_ctx *x, FILE *out)
{
	struct sp_est_run er = est_run(x);
	size_t first = 0; /* the placement whose job's run the plan gives: the first with swap */
	const char *names[SP_MAX_RESULTS];
	struct sp_zswap_state st;
	struct sp_plan_view v = {
	    .c = x->c,
	    .target = &x->target,
	    .also = x->also,
	    .layout = &x->layout,
	    .placements = names,
	    .n_placements = x->n_placements,
	    .scenarios = x->scenarios,
	    .page_cluster = x->tuning.page_cluster,
	    .job_page_cluster = x->tuning.job_page_cluster,
	    .server_page_cluster = x->tuning.server_page_cluster,
	    .server_page_cluster_all = x->c->page_cluster_given,
	    .n_zswap_algs = x->n_zswap_algs,
	    .job = x->job.kind == SP_JOB_BUILD	? SP_PLAN_JOB_BUILD
		   : x->job.kind == SP_JOB_USER ? SP_PLAN_JOB_USER
						: SP_PLAN_JOB_NONE,
	    .job_plan = &x->job_plan,
	    .job_timeout_s = x->job.timeout_s,
	    .job_user = x->job_user_said,
	    .sweep = &x->sweep,
	    .sweep_scenarios = sweep_scenarios(x),
	    .sweep_runs = sweep_runs(x),
	    .sweep_run_s = er.n_sweep_runs ? sp_est_sweep_s(&er) / (double)er.n_sweep_runs : 0,
	    .estimate_s =
		x->plan_estimate_s > 0 ? x->plan_estimate_s : sp_est_total_s(&er, &x->dev),
	    .estimate_from = x->plan_estimate_s > 0 ? "as the plan found it" : x->dev.from,
	    .job_known = sp_est_job_known(&er),
	    .job_runs = er.user_job ? (size_t)sp_est_rounds(&er) * x->n_placements : 0,
	};
	struct sp_doc d;
	int ret;

	for (size_t i = 0; i < x->n_placements && i < SP_MAX_RESULTS; i++)
		names[i] = x->placements[i].name;
	while (first + 1 < x->n_placements && x->est_pl[first].kind != SP_EST_SWAP)
		first++;
	for (size_t i = 0; i < x->n_placements; i++)
		sp_debug(
		    "estimate",
		    "%s: step %.1f s (job %.1f s, service %.1f s, cache+gc %.1f s; read %.3g ms, "
		    "%.3g MB/s, page %.3g us)",
		    x->placements[i].name, sp_est_step_s(&er, &x->est_pl[i], 0),
		    sp_est_job_s(&er, &x->est_pl[i]), sp_est_service_s(&er, &x->est_pl[i]),
		    sp_est_servers_s(&er, &x->est_pl[i]), x->est_pl[i].dev.rand_read_s * 1e3,
		    x->est_pl[i].dev.seq_bytes_per_s / 1e6, x->est_pl[i].dev.page_s * 1e6);
	sp_debug("estimate", "profile %.1f s, rounds %zu, sweep %.1f s", x->dev.profile_s,
		 sp_est_rounds(&er), sp_est_sweep_s(&er));
	v.job_run_s = x->n_placements ? sp_est_job_s(&er, &x->est_pl[first]) : 0;
	if (sp_zswap_read(&st) == 0 && st.present) {
		v.zswap_present = 1;
		v.zswap_enabled = st.enabled;
		v.zswap_compressor = st.compressor;
	}
	x->estimate_s = v.estimate_s;
	sp_doc_init(&d);
	ret = sp_plandoc_build(&v, &d);
	/* what a doc that failed to grow holds is still printed; the warning says it is cut */
	if (sp_doc_write_text(out, &d, 0) < 0 || ret < 0)
		sp_warn("the plan could not be printed whole: %s", strerror(ret < 0 ? -ret : EIO));
	sp_doc_release(&d);
}

static int save_plan_file(const struct run_ctx *x, const char *path);

int sp_cmd_plan(const struct sp_config *c)
{
	struct run_ctx *x = calloc(1, sizeof(*x));
	int rc;

	if (!x)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot plan");
	x->c = c;
	x->user_job_s = -1;
	rc = find_and_vet(x);
	if (rc != SP_EXIT_OK)
		goto out;
	/* a short look at the disks, read-only, so the estimate knows their speed (as root) */
	device_models(x, 1);
	print_plan(x, stdout);
	if (c->save_plan)
		rc = save_plan_file(x, c->save_plan);
out:
	free(x);
	return rc;
}

static int locate_zswap(struct run_ctx *x, struct sp_placement *p, const struct sp_part *lp,
			const char *part, struct sp_err *e);

/* What a partition of the disk id must be: any node whose disk is id's, of id's sequence. */
static struct sp_blkdev_id part_of(const struct sp_blkdev_id *id)
{
	struct sp_blkdev_id p = {.rdev = 0, .disk_rdev = id->rdev, .diskseq = id->diskseq};

	return p;
}

/* e: path is no longer on the disk the run vetted (want). Returns ret (-ESTALE) or -errno. */
static int stale(struct sp_err *e, int ret, const char *path, const struct sp_blkdev_id *want)
{
	struct sp_blkdev_id disk = {.rdev = want->disk_rdev ? want->disk_rdev : want->rdev,
				    .diskseq = want->diskseq};
	char was[96];

	if (ret != -ESTALE)
		return sp_err_set(e, ret, "cannot tell which disk '%s' is (%s)", path,
				  strerror(-ret));
	sp_blkdev_id_format(&disk, was, sizeof(was));
	return sp_err_set(e, ret,
			  "'%s' is no longer on the disk the run checked (%s): nothing "
			  "written to it",
			  path, was);
}

/* Before a tool or the kernel opens partition path by its name: is it still on disk want? */
static int part_check(const char *path, const struct sp_blkdev_id *want, struct sp_err *e)
{
	struct sp_blkdev_id got;
	int ret = sp_blkdev_id_path(path, &got);

	if (ret == 0 && !sp_blkdev_id_match(want, &got))
		ret = -ESTALE;
	return ret < 0 ? stale(e, ret, path, want) : 0;
}

/* The project's tree beside the toolchain in block group 0 (--project-at start)? */
static int project_at_start(const struct run_ctx *x)
{
	return x->c->project_at && strcmp(x->c->project_at, "start") == 0;
}

/*
 * A swap partition of ours on a disk with rotational set as the disk said (1 or 0): on a
 * non-rotational one its range is written once before its first mkswap (write_ranges), on a
 * spinning one not (it has no mapping to fill, and writing would cost minutes).
 */
static void range_plan(struct sp_placement *p, int rotational)
{
	p->rotational = rotational ? 1 : 0;
	p->write_range = !rotational;
	p->range_written = rotational ? 0 : -1;
}

/*
 * Write the GPT through the target's hold (O_RDWR|O_EXCL since the safety check), release the
 * disk, make the filesystem and the swap file, and locate each placement on the target: its
 * role says which partition of the plan it lives on. Returns 0 or -errno (e says what failed
 * and why).
 */
static int apply_layout(struct run_ctx *x, struct sp_err *e)
{
	char part[SP_PLAN_PARTS][128];
	struct stat st;
	struct sp_blkdev_id part_id = part_of(&x->target_id);
	int ret, data = sp_layout_part_index(&x->layout, SP_PART_DATA);

	ret = sp_hold_check(&x->target_hold);
	if (ret < 0)
		return stale(e, ret, x->target.path, &x->target_id);
	ret = sp_disk_write_layout_fd(x->target_hold.fd, x->target.path, &x->layout);
	/* the partitions can be claimed (mkfs, mount, swapon) only once the disk is not */
	sp_hold_release(&x->target_hold);
	if (ret < 0)
		return sp_err_prefix(e, ret, "writing the partition table on '%s'", x->target.path);
	if (data < 0)
		return sp_err_set(e, -EINVAL, "the plan has no data partition");
	for (uint32_t i = 0; i < x->layout.n_parts; i++) {
		ret = sp_disk_part_path(x->target.path, (int)i + 1, part[i], sizeof(part[i]));
		if (ret < 0)
			return sp_err_prefix(e, ret, "finding partition %u of '%s'", i + 1,
					     x->target.path);
	}
	/* mkfs.ext4, debugfs and mount open the data partition by its name */
	ret = part_check(part[data], &part_id, e);
	if (ret < 0)
		return ret;
	ret = sp_mkfs_ext4(part[data], "swapplace-data", e);
	if (ret < 0)
		return sp_err_prefix(e, ret, "mkfs.ext4 on '%s'", part[data]);
	/*
	 * Order, as on an installed system: the job directory is made before the first mount so
	 * that it sits in block group 0 (act/disk.h), but nothing goes into it until the swap
	 * file is written; the file takes the first free blocks after the filesystem's own
	 * metadata, the same place whatever job a run has, and the job's tree follows it. (The
	 * seed's swap file, made on an installed 2 TB disk, lay in its first 14 GB.)
	 */
	if (x->job.kind == SP_JOB_BUILD) {
		ret = sp_ext4_mkdir_at_start(part[data], "usr", e);
		if (ret < 0)
			return sp_err_prefix(e, ret, "making the toolchain's directory on '%s'",
					     part[data]);
	}
	if (project_at_start(x)) {
		ret = sp_ext4_mkdir_at_start(part[data], "build", e);
		if (ret < 0)
			return sp_err_prefix(e, ret, "making the job directory on '%s'",
					     part[data]);
	}
	snprintf(x->data_dir, sizeof(x->data_dir), "/run/swapplace-%d", (int)getpid());
	ret = part_check(part[data], &part_id, e);
	if (ret < 0)
		return ret;
	ret = sp_mount_data_fs(part[data], x->data_dir, e);
	if (ret < 0)
		return sp_err_prefix(e, ret, "mounting '%s'", part[data]);
	/* the toolchain first, as an OS install writes /usr before anyone makes a swap file */
	snprintf(x->tool_dir, sizeof(x->tool_dir), "%s/usr", x->data_dir);
	if (x->job.kind == SP_JOB_BUILD) {
		fprintf(stderr, "swapplace: writing the build job's toolchain into '%s'\n",
			x->tool_dir);
		ret = sp_buildjob_setup_toolchain(&x->job_plan, x->tool_dir);
		if (ret < 0)
			return sp_err_prefix(e, ret, "writing the toolchain into '%s'",
					     x->tool_dir);
		x->job.tool_dir = x->tool_dir;
	}
	snprintf(x->swapfile, sizeof(x->swapfile), "%s/swapfile", x->data_dir);
	ret = sp_swapfile_create(x->swapfile, x->layout.swapfile_bytes);
	if (ret < 0)
		return sp_err_prefix(e, ret, "creating the swap file '%s'", x->swapfile);
	snprintf(x->job_dir, sizeof(x->job_dir), "%s/build", x->data_dir);
	/* a top-level directory made through the kernel: ext4's allocator (Orlov) spreads those
	 * over the block groups, as a user's project directory is placed */
	if (!project_at_start(x) && mkdir(x->job_dir, 0755) < 0)
		return sp_err_set(e, -errno, "cannot make the job directory '%s'", x->job_dir);
	if (stat(x->job_dir, &st) < 0 || !S_ISDIR(st.st_mode))
		return sp_err_set(e, -ENOENT, "debugfs did not make the job directory '%s'",
				  x->job_dir);
	ret = sp_fs_settle(x->data_dir, e);
	if (ret < 0)
		return ret;

	for (size_t i = 0; i < x->n_placements; i++) {
		struct sp_placement *p = &x->placements[i];
		int k = sp_layout_part_index(&x->layout, p->id.role);
		const struct sp_part *lp = k >= 0 ? &x->layout.parts[k] : NULL;

		snprintf(p->probe_dev, sizeof(p->probe_dev), "%s", x->target.path);
		if (p->id.kind == SP_PL_START || p->id.kind == SP_PL_END) {
			if (!lp)
				return sp_err_set(e, -EINVAL, "'%s' has no partition", p->name);
			snprintf(p->swap_path, sizeof(p->swap_path), "%.127s", part[k]);
			p->size_bytes = lp->sectors * 512;
			p->n_extents = 1;
			p->extents[0].start_sector = lp->start_sector;
			p->extents[0].sectors = lp->sectors;
			range_plan(p, x->target.rotational);
			/* ours while idle: nothing else can mount or swapon it; mkswap goes
			 * through it (probe/placement.c) */
			ret = sp_hold_take_as(&p->hold, p->swap_path, O_RDWR, &part_id);
			if (ret == -ESTALE)
				return stale(e, ret, p->swap_path, &part_id);
			if (ret < 0)
				return sp_err_prefix(e, ret, "holding '%s'", p->swap_path);
		} else if (p->id.kind == SP_PL_ZSWAP) {
			ret = locate_zswap(x, p, lp, part[k], e);
			if (ret < 0)
				return ret;
		} else if (p->id.kind == SP_PL_FILE) {
			snprintf(p->swap_path, sizeof(p->swap_path), "%s", x->swapfile);
			p->size_bytes = x->layout.swapfile_bytes;
			/* sp_swapfile_create wrote every block of it with data: mapped on any
			 * disk, so its device probe reads written blocks without a write here */
			p->rotational = x->target.rotational ? 1 : 0;
			p->range_written = 1;
			ret = sp_swapfile_extents(x->swapfile, x->layout.parts[data].start_sector,
						  p->extents, SP_MAX_EXTENTS, &p->n_extents);
			if (ret < 0)
				return sp_err_prefix(e, ret, "reading the extents of '%s'",
						     x->swapfile);
		}
	}
	return 0;
}

/*
 * A zswap placement sits in front of the start partition: the same partition, extents and
 * hold (one O_EXCL hold claims it; the start placement's, or its own in a run without one).
 */
static int locate_zswap(struct run_ctx *x, struct sp_placement *p, const struct sp_part *lp,
			const char *part, struct sp_err *e)
{
	struct sp_blkdev_id part_id = part_of(&x->target_id);

	if (!lp)
		return sp_err_set(e, -EINVAL, "'%s' has no start partition", p->name);
	snprintf(p->swap_path, sizeof(p->swap_path), "%.127s", part);
	p->size_bytes = lp->sectors * 512;
	p->n_extents = 1;
	p->extents[0].start_sector = lp->start_sector;
	p->extents[0].sectors = lp->sectors;
	for (size_t i = 0; i < x->n_placements; i++)
		if (x->placements[i].id.kind == SP_PL_START && x->placements[i].hold.registered) {
			p->shared_hold = &x->placements[i].hold;
			return 0;
		}
	if (!p->hold.registered) {
		int ret = sp_hold_take_as(&p->hold, p->swap_path, O_RDWR, &part_id);

		if (ret == -ESTALE)
			return stale(e, ret, p->swap_path, &part_id);
		if (ret < 0)
			return sp_err_prefix(e, ret, "holding '%s'", p->swap_path);
	}
	return 0;
}

/* The --also device of p (p->id.also_index): one swap partition at its start. */
static int apply_also(struct run_ctx *x, struct sp_placement *p, struct sp_err *e)
{
	const struct sp_device_info *d;
	struct sp_blkdev_id part_id;
	struct sp_hold *h;
	struct sp_layout l;
	int ret;

	if (p->id.also_index < 0 || (size_t)p->id.also_index >= x->c->n_also)
		return sp_err_set(e, -EINVAL, "'%s' names no --also device", p->name);
	d = &x->also[p->id.also_index];
	h = &x->also_hold[p->id.also_index];
	part_id = part_of(&x->also_id[p->id.also_index]);
	ret = sp_plan_single(d->size_bytes, d->logical_sector, x->c->swap_bytes, &l);
	if (ret < 0)
		return sp_err_prefix(e, ret, "planning '%s'", d->path);
	/* through the hold taken at the confirmation, never by the name: the name may lead to
	 * another disk by now (a USB reset), the hold cannot */
	if (h->fd < 0)
		return sp_err_set(e, -EBADF, "'%s' is not held", d->path);
	ret = sp_hold_check(h);
	if (ret < 0)
		return stale(e, ret, d->path, &x->also_id[p->id.also_index]);
	ret = sp_disk_write_layout_fd(h->fd, d->path, &l);
	/* its partition can be claimed only once the disk is not */
	sp_hold_release(h);
	if (ret < 0)
		return sp_err_prefix(e, ret, "partitioning '%s'", d->path);
	ret = sp_disk_part_path(d->path, 1, p->swap_path, sizeof(p->swap_path));
	if (ret < 0)
		return sp_err_prefix(e, ret, "finding the partition on '%s'", d->path);
	snprintf(p->probe_dev, sizeof(p->probe_dev), "%s", d->path);
	p->size_bytes = l.parts[0].sectors * 512;
	p->n_extents = 1;
	p->extents[0].start_sector = l.parts[0].start_sector;
	p->extents[0].sectors = l.parts[0].sectors;
	range_plan(p, d->rotational);
	/* ours while idle, like the target's swap partitions */
	ret = sp_hold_take_as(&p->hold, p->swap_path, O_RDWR, &part_id);
	if (ret == -ESTALE)
		return stale(e, ret, p->swap_path, &part_id);
	if (ret < 0)
		return sp_err_prefix(e, ret, "holding '%s'", p->swap_path);
	return 0;
}

/*
 * Each swap partition of a non-rotational disk written whole once, before its first mkswap
 * (docs/method.md, "The device probe"): a trimmed SSD or NVMe answers a read of a block it
 * never mapped from its mapping table, and the device probe would report that as the floor.
 * The disk is the sacrificed one: nothing is journalled. A partition whose write fails is
 * failed in its turn with the reason (probe/placement.c); the others are still measured.
 * Returns: 0, or -EINTR when interrupted (e says where the write stopped when it was inside one).
 */
static int write_ranges(struct run_ctx *x, struct sp_err *e_int)
{
	for (size_t i = 0; i < x->n_placements && !sp_interrupted(); i++) {
		struct sp_placement *p = &x->placements[i];
		struct sp_fill_stats st;
		struct sp_err e;
		char b[32];
		int ret;

		if (!p->write_range)
			continue;
		sp_err_init(&e);
		fprintf(stderr,
			"swapplace: writing '%s' (%s) whole before probing it: '%s' is not "
			"rotational, and a trimmed SSD reads unwritten blocks faster\n",
			p->swap_path, sp_format_bytes(p->size_bytes, b, sizeof(b)), p->probe_dev);
		ret = sp_placement_write_range(p, sp_mix64(x->c->seed + i), &st, &e);
		if (ret == -EINTR) {
			*e_int = e;
			return ret;
		}
		if (ret < 0) {
			sp_warn("'%s' will not be measured: %s", p->name, sp_err_msg(&e));
			continue;
		}
		fprintf(stderr, "swapplace: wrote '%s': %s in %.1f s (%.0f MiB/s)\n", p->swap_path,
			sp_format_bytes(st.written_bytes, b, sizeof(b)), st.seconds,
			st.seconds > 0 ? (double)st.written_bytes / 1048576.0 / st.seconds : 0);
	}
	return sp_interrupted() ? -EINTR : 0;
}

/*
 * Where the toolchain and the project's sources lie on the disk, for the report: their files'
 * extents (FIEMAP), as disk sectors, merged into a few extents each.
 */
static int locate_job_files(struct run_ctx *x, struct sp_err *e)
{
	static const char *const what[2] = {"toolchain", "project"};
	const char *dirs[2] = {x->tool_dir, x->job_dir};
	int data = sp_layout_part_index(&x->layout, SP_PART_DATA);
	uint64_t part0 = data >= 0 ? x->layout.parts[data].start_sector : 0;

	for (int k = 0; k < 2; k++) {
		struct sp_build_files *f = &x->job_files[k];
		int ret;

		snprintf(f->what, sizeof(f->what), "%s", what[k]);
		ret = sp_tree_extents(dirs[k], k == 1 ? "src" : NULL, part0, f->extents,
				      SP_BUILD_FILE_EXTENTS, &f->n_extents);
		if (ret < 0)
			return sp_err_prefix(e, ret, "reading where the %s lies ('%s')", what[k],
					     dirs[k]);
	}
	x->job.files = x->job_files;
	x->job.n_files = 2;
	return 0;
}

/*
 * The job's tree, once: the build job's sources written into x->job_dir; the user's --job-dir
 * copied into the same x->job_dir (left empty without --job-dir). The data filesystem is made by
 * this run, so a --job-dir can never already live on it: it is always copied. Returns 0 or -errno.
 */
static int setup_job(struct run_ctx *x, struct sp_err *e)
{
	int ret, status;
	pid_t pid;

	if (x->job.kind == SP_JOB_BUILD) {
		fprintf(stderr, "swapplace: writing the build job's sources (%u files) into '%s'\n",
			x->job_plan.n_sources, x->job_dir);
		ret = sp_buildjob_setup(&x->job_plan, x->job_dir);
		if (ret < 0)
			return sp_err_prefix(e, ret, "writing the build job's sources into '%s'",
					     x->job_dir);
		x->job.dir = x->job_dir;
		return locate_job_files(x, e);
	}
	if (x->job.kind != SP_JOB_USER)
		return 0;
	/* the user's working copy goes where the build job's tree would: near the start of the
	 * data filesystem (apply_layout made the directory in block group 0); the job's user's */
	x->job.dir = x->job_dir;
	if (chown(x->job_dir, (uid_t)x->job_user.uid, (gid_t)x->job_user.gid) < 0)
		return sp_err_set(e, -errno, "cannot give '%s' to %s", x->job_dir,
				  x->job_user_said);
	if (!x->c->job_dir)
		return 0;
	fprintf(stderr, "swapplace: copying '%s' into '%s' as %s\n", x->c->job_dir, x->job_dir,
		x->job_user_said);
	pid = fork();
	if (pid < 0)
		return sp_err_set(e, -errno, "fork");
	if (pid == 0) {
		/* as the job's user: it copies what that user may read, not what root may */
		static char *const env[] = {"PATH=/usr/bin:/bin", "LC_ALL=C", NULL};
		const char *cp = sp_tool_path("cp");
		char src[4096];
		int err;

		signal(SIGPIPE, SIG_DFL);
		snprintf(src, sizeof(src), "%s/.", x->c->job_dir);
		err = cp ? sp_userjob_become(&x->job_user) : -ENOENT;
		if (err) {
			fprintf(stderr, "swapplace: cannot copy as %s: %s\n", x->job_user_said,
				strerror(-err));
			_exit(126);
		}
		sp_userjob_close_fds();
		execle(cp, "cp", "-a", "--", src, x->job_dir, (char *)NULL, env);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return sp_err_set(e, -errno, "waiting for cp");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return sp_err_set(e, -EIO, "cp -a '%s' '%s' failed (status 0x%x)", x->c->job_dir,
				  x->job_dir, status);
	return 0;
}

/* What the cache and gc scenarios saw on one placement, a line each, as progress. */
static void print_servers_done(const char *name, const struct sp_scenarios *s)
{
	for (size_t j = 0; j < s->cache.n_cases; j++) {
		const struct sp_cache_case *cc = &s->cache.cases[j];

		if (cc->status == SP_STATUS_OK)
			fprintf(stderr,
				"swapplace: '%s': the cache at %.0f %%: %.0f ops/s, p95 "
				"%.2f ms, %.0f swap-ins/s\n",
				name, cc->cache_pct, cc->ops_per_s, cc->p95_ms,
				cc->swapin_pages_per_s);
		else
			fprintf(stderr, "swapplace: '%s': the cache at %.0f %%: %s: %s\n", name,
				cc->cache_pct, sp_status_name(cc->status), cc->reason);
	}
	if (!s->gc.done)
		return;
	if (s->gc.status == SP_STATUS_OK)
		fprintf(stderr,
			"swapplace: '%s': gc: %llu pauses, p99 %.1f ms, %llu faults "
			"inside them\n",
			name, (unsigned long long)s->gc.pauses, s->gc.p99_pause_ms,
			(unsigned long long)s->gc.faults_in_pauses);
	else
		fprintf(stderr, "swapplace: '%s': gc: %s: %s\n", name, sp_status_name(s->gc.status),
			s->gc.reason);
}

/*
 * The cache scenario's database, once: one budget of pages on the data filesystem, read by
 * the cases' misses with O_DIRECT, beside whichever swap area is measured. Returns 0 or -errno.
 */
static int setup_cache_db(struct run_ctx *x, struct sp_err *e)
{
	struct sp_cache_opts co;
	int ret;

	if (!(x->scenarios & SP_SCENARIO_CACHE))
		return 0;
	sp_cache_defaults(&co, x->c->budget_bytes);
	co.dir = x->data_dir;
	co.seed = x->c->seed;
	fprintf(stderr, "swapplace: writing the cache scenario's database into '%s'\n",
		x->data_dir);
	ret = sp_cache_setup(&co);
	if (ret < 0)
		return sp_err_prefix(e, ret, "writing the cache scenario's database into '%s'",
				     x->data_dir);
	return 0;
}

/* What the steps from here on take, as the estimate counts them (the progress line). */
static double steps_left_s(const struct sp_est_run *er, const struct sp_step *steps, size_t n)
{
	double s = 0;

	for (size_t k = 0; k < n; k++)
		s += sp_est_step_s(er, &er->pl[steps[k].placement], steps[k].round);
	return s;
}

/*
 * Every placement, in --repeat's interleaved order (core/scenario/scenario.h sp_repeat_order):
 * round 1 is each placement's probes and the scenarios' first run, rounds 2..N each
 * placement's scenarios again (the job, the service, cache and gc; not the probes).
 */
static void measure_all(struct run_ctx *x, struct sp_report *r, const struct sp_measure_opts *mo)
{
	const struct sp_config *c = x->c;
	struct sp_est_run er = est_run(x);
	size_t rounds = sp_est_rounds(&er);
	struct sp_step *steps = calloc(x->n_placements * rounds, sizeof(*steps));
	struct sp_result *res[SP_MAX_RESULTS];
	int n = steps ? sp_repeat_order(x->n_placements, rounds, c->seed, steps,
					x->n_placements * rounds)
		      : -ENOMEM;

	for (size_t i = 0; i < x->n_placements; i++)
		res[i] = sp_report_add_result(r, x->placements[i].name, x->placements[i].id);
	/* the order is part of the result: the JSON's repeat_order */
	r->n_order_rounds =
	    rounds > 1 && n > 0 && rounds <= SP_BUILD_MAX_RUNS && x->n_placements <= SP_MAX_RESULTS
		? rounds
		: 0;
	r->n_order_per_round = x->n_placements;
	for (int k = 0; r->n_order_rounds && k < n; k++)
		r->repeat_order[steps[k].round][k % x->n_placements] =
		    res[steps[k].placement] ? (uint8_t)(res[steps[k].placement] - r->results) : 0;
	for (int k = 0; k < n && !sp_interrupted(); k++) {
		size_t i = steps[k].placement;
		struct sp_placement *p = &x->placements[i];
		int left_s =
		    (int)(steps_left_s(&er, steps + k, (size_t)(n - k)) + sp_est_sweep_s(&er));

		/* "[k/N] measuring 'NAME'" leads every line: the appliance's screen and its tests
		 * read progress by it */
		if (steps[k].round == 0 && r->n_progress < SP_REPORT_MAX_PROGRESS) {
			struct sp_progress_entry *pe = &r->progress[r->n_progress++];

			snprintf(pe->placement, sizeof(pe->placement), "%s", p->name);
			pe->step = (uint32_t)k + 1;
			pe->elapsed_s = sp_elapsed_s(x->t0, sp_now());
			pe->left_s = left_s;
			r->has_progress = 1;
		}
		if (steps[k].round == 0)
			fprintf(stderr,
				"swapplace: [%d/%d] measuring '%s' (round 1 of %zu): about "
				"%d min %02d s left\n",
				k + 1, n, p->name, rounds, left_s / 60, left_s % 60);
		else
			fprintf(stderr,
				"swapplace: [%d/%d] measuring '%s' again (round %zu of %zu): "
				"the scenarios only\n",
				k + 1, n, p->name, steps[k].round + 1, rounds);
		if (steps[k].round == 0 ? sp_placement_measure(p, mo, res[i]) == -EINTR
					: sp_placement_again(p, mo, res[i]) == -EINTR)
			break;
		if (res[i]->scenarios.build.done)
			fprintf(stderr, "swapplace: '%s': the job: %s, %zu %s, fastest %.1f s\n",
				p->name, sp_status_name(res[i]->scenarios.build.status),
				res[i]->scenarios.build.n_runs,
				res[i]->scenarios.build.n_runs == 1 ? "run" : "runs",
				res[i]->scenarios.build.wall_s);
		run_print_service(res[i]);
		print_servers_done(p->name, &res[i]->scenarios);
		/* --job CMD: timed now that it ran (its ram run's time wins) */
		if (er.user_job && res[i]->scenarios.build.done &&
		    res[i]->scenarios.build.status == SP_STATUS_OK &&
		    (p->id.kind == SP_PL_RAM || er.user_job_s < 0))
			er.user_job_s = res[i]->scenarios.build.wall_s;
	}
	free(steps);
}

/*
 * plan --save-plan FILE: who the target is, for run --plan FILE to compare. Written whole or
 * not at all (a temporary name beside it, renamed). Returns an exit code.
 */
static int save_plan_file(const struct run_ctx *x, const char *path)
{
	struct sp_target_identity id;
	struct sp_err e;

	sp_identity_of(&x->target, &id);
	if (sp_planfile_write(path, &id, x->estimate_s, &e) < 0)
		return sp_fail(SP_EXIT_FAILURE, &e, "cannot write '%s'", path);
	return SP_EXIT_OK;
}

/* run --plan FILE: the target must still be the disk the plan saw. Returns an exit code. */
static int check_plan_file(struct run_ctx *x, const char *path)
{
	struct sp_target_identity was, now;
	struct sp_err e;

	if (sp_planfile_read(path, &was, &x->plan_estimate_s, &e) < 0)
		return sp_fail(SP_EXIT_USAGE, NULL, "%s", e.reason);
	sp_identity_of(&x->target, &now);
	if (sp_identity_check(&was, &now, "the plan", &e) < 0)
		return sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", x->c->target);
	return SP_EXIT_OK;
}

/* A loop device writes through to its backing: named, so a person sees what is written. */
static void say_backing(const struct sp_device_info *d)
{
	if (d->backing[0])
		fprintf(stderr, "swapplace: '%s' is a loop device: writing it writes %s\n", d->path,
			d->backing);
}

/* Does --also device i get a placement of this run (one that partitions it)? */
static int also_written(const struct run_ctx *x, size_t i)
{
	for (size_t k = 0; k < x->n_placements; k++)
		if (x->placements[k].id.kind == SP_PL_ALSO &&
		    x->placements[k].id.also_index == (int)i)
			return 1;
	return 0;
}

/* Which disk the target and each --also device are, as vetted (sys/blkdev.h). An exit code. */
static int record_ids(struct run_ctx *x)
{
	int ret = sp_blkdev_id_path(x->target.path, &x->target_id);

	if (ret < 0)
		return sp_fail(SP_EXIT_REFUSED, SP_ERR_OF(ret),
			       "refusing to touch '%s': cannot tell which disk '%s' is",
			       x->c->target, x->target.path);
	for (size_t i = 0; i < x->c->n_also; i++) {
		ret = sp_blkdev_id_path(x->also[i].path, &x->also_id[i]);
		if (ret < 0)
			return sp_fail(SP_EXIT_REFUSED, SP_ERR_OF(ret),
				       "refusing to touch '%s': cannot tell which disk '%s' is",
				       x->c->also[i], x->also[i].path);
	}
	return SP_EXIT_OK;
}

/* Take one disk's hold as the disk vetted. An exit code. */
static int hold_disk(struct sp_hold *h, const char *typed, const char *path,
		     const struct sp_blkdev_id *id)
{
	struct sp_err e;
	int ret = sp_hold_take_as(h, path, O_RDWR, id);

	if (ret == -ESTALE) {
		stale(&e, ret, path, id);
		return sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", typed);
	}
	if (ret < 0)
		return sp_fail(SP_EXIT_REFUSED, NULL, "refusing to touch '%s': it is in use (%s)",
			       typed, strerror(-ret));
	return SP_EXIT_OK;
}

/*
 * From the confirmation to its partition table, every disk the run writes (the target, each
 * --also device a kept placement partitions) is held O_RDWR | O_EXCL: nothing can mount or
 * claim it, and its table is written through that descriptor, never by its name. Each must
 * be the disk vetted (its device number and disk sequence). Returns an exit code.
 */
static int hold_disks(struct run_ctx *x)
{
	int rc = hold_disk(&x->target_hold, x->c->target, x->target.path, &x->target_id);

	for (size_t i = 0; rc == SP_EXIT_OK && i < x->c->n_also; i++)
		if (also_written(x, i))
			rc = hold_disk(&x->also_hold[i], x->c->also[i], x->also[i].path,
				       &x->also_id[i]);
	return rc;
}

/*
 * The name still leads to the vetted disk (its number and sequence), and the hold (when held)
 * still has that disk's medium. Returns: 0, or an exit code of a refusal (printed).
 */
static int recheck_id(const struct sp_hold *h, const char *typed, const char *path,
		      const struct sp_blkdev_id *id)
{
	struct sp_blkdev_id now;
	struct sp_err e;
	int ret = h->fd >= 0 ? sp_hold_check(h) : 0;

	if (ret == 0)
		ret = sp_blkdev_id_path(path, &now);
	if (ret == 0 && !sp_blkdev_id_match(id, &now))
		ret = -ESTALE;
	if (ret < 0) {
		stale(&e, ret, path, id);
		return sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", typed);
	}
	return SP_EXIT_OK;
}

/*
 * The last look before the first write (the profile may have taken minutes): the size the
 * kernel gives the held descriptor, then the disk found again by its kernel name, its identity
 * and its safety, must all still be what was vetted; and so must each --also device's.
 * Returns an exit code.
 */
static int recheck_target(struct run_ctx *x)
{
	struct sp_target_identity was, now;
	struct sp_device_info *d = calloc(1, sizeof(*d));
	uint64_t fd_bytes = 0;
	uint32_t lbs = 0;
	struct sp_err e;
	int ret, rc = SP_EXIT_OK;

	if (!d)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot check the target");
	sp_identity_of(&x->target, &was);
	ret = sp_blkdev_geometry(x->target_hold.fd, &fd_bytes, &lbs);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, SP_ERR_OF(ret),
			     "refusing to touch '%s': its size "
			     "cannot be read again",
			     x->c->target);
		goto out;
	}
	now = was;
	now.size_bytes = fd_bytes;
	now.logical_sector = lbs;
	if (sp_identity_check(&was, &now, "the run checked it", &e) < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", x->c->target);
		goto out;
	}
	ret = sp_facts_gather("", &x->facts);
	if (ret == 0)
		ret = sp_device_find("", &x->facts, x->target.path, d);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, SP_ERR_OF(ret),
			     "refusing to touch '%s': it cannot be "
			     "found again as '%s'",
			     x->c->target, x->target.path);
		goto out;
	}
	sp_identity_of(d, &now);
	if (sp_identity_check(&was, &now, "the run checked it", &e) < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", x->c->target);
		goto out;
	}
	if (d->unsafe) {
		rc = sp_fail(SP_EXIT_REFUSED, NULL, "refusing to touch '%s': '%s' %s", x->c->target,
			     d->path, d->unsafe_reason);
		goto out;
	}
	rc = recheck_id(&x->target_hold, x->c->target, x->target.path, &x->target_id);
	if (rc != SP_EXIT_OK)
		goto out;
	/* each --also is written later in the run, but it too must still be what was vetted */
	for (size_t i = 0; i < x->c->n_also; i++) {
		sp_identity_of(&x->also[i], &was);
		ret = sp_device_find("", &x->facts, x->also[i].path, d);
		if (ret < 0) {
			rc = sp_fail(SP_EXIT_REFUSED, SP_ERR_OF(ret),
				     "refusing to touch '%s': it cannot be found again as '%s'",
				     x->c->also[i], x->also[i].path);
			goto out;
		}
		sp_identity_of(d, &now);
		ret = sp_identity_check(&was, &now, "the run checked it", &e);
		if (ret == 0 && d->unsafe)
			ret = sp_err_set(&e, -EPERM, "'%s' %s", d->path, d->unsafe_reason);
		if (ret < 0) {
			rc = sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", x->c->also[i]);
			goto out;
		}
		rc = recheck_id(&x->also_hold[i], x->c->also[i], x->also[i].path, &x->also_id[i]);
		if (rc != SP_EXIT_OK)
			goto out;
	}
out:
	free(d);
	return rc;
}

/*
 * Before the first write: a backup (sys/backup.h) of every disk the run writes, the target
 * and each --also device a kept placement partitions, into the report's directory, each
 * synced; the report names them with the command that puts them back. Returns an exit code:
 * a backup that cannot be kept stops the run with the disks untouched.
 */
static int save_backups(struct run_ctx *x, struct sp_report *r, const char *out_dir)
{
	const struct sp_device_info *devs[SP_MAX_BACKUPS];
	size_t n = 0;

	_Static_assert(SP_MAX_BACKUPS >= SP_MAX_ALSO + 1, "a backup per disk a run writes");
	devs[n++] = &x->target;
	for (size_t i = 0; i < x->n_placements; i++)
		if (x->placements[i].id.kind == SP_PL_ALSO && x->placements[i].id.also_index >= 0)
			devs[n++] = &x->also[x->placements[i].id.also_index];
	for (size_t i = 0; i < n; i++) {
		struct sp_backup_entry *be = &r->backups[i];
		char confirm[64], target[80];
		struct sp_err e;
		int ret;

		sp_err_init(&e);
		ret = sp_backup_save(out_dir, devs[i], be, &e);
		if (ret < 0)
			return sp_fail(SP_EXIT_FAILURE, &e,
				       "cannot back up '%s' before writing it "
				       "(nothing is written)",
				       devs[i]->path);
		r->n_backups = i + 1;
		/* a serial finds the disk whatever name the next boot gives it */
		snprintf(target, sizeof(target), "%s%s", devs[i]->serial[0] ? "serial:" : "",
			 devs[i]->serial[0] ? devs[i]->serial : devs[i]->path);
		/* typed in the report's directory, wherever it is by then (the appliance renames
		 * its temporary one; another machine mounts the stick elsewhere) */
		if (sp_confirm_expected(devs[i], confirm, sizeof(confirm)) < 0 ||
		    sp_backup_restore_cmd(be->dir, target, confirm, be->restore,
					  sizeof(be->restore)) < 0)
			be->restore[0] = '\0';
		fprintf(stderr,
			"swapplace: backed up '%s' (partition table %s, first and last MiB) "
			"into '%s/%s'\n  to put it back, in the report's directory: %s\n",
			devs[i]->path, be->table, out_dir, be->dir, be->restore);
	}
	return SP_EXIT_OK;
}

/*
 * The external programs the run execs (sys/tools.h): mkfs.ext4 and debugfs for the data
 * filesystem, cp for --job-dir. Returns an exit code: 1 when one is missing.
 */
static int find_tools(const struct sp_config *c)
{
	const char *names[3] = {"mkfs.ext4", "debugfs", "cp"};
	struct sp_err e;

	sp_err_init(&e);
	if (sp_tools_find(names, c->job_dir ? 3 : 2, &e) < 0)
		return sp_fail(SP_EXIT_FAILURE, &e,
			       "a program the run needs is missing (nothing written)");
	return SP_EXIT_OK;
}

/* The tools found and the job's user, into the report. */
static void report_tools(const struct run_ctx *x, struct sp_report *r)
{
	const char *name, *path;

	for (size_t i = 0; (name = sp_tool_at(i, &path)) && r->n_tools < SP_REPORT_MAX_TOOLS;
	     i++, r->n_tools++) {
		snprintf(r->tools[r->n_tools].name, sizeof(r->tools[0].name), "%s", name);
		snprintf(r->tools[r->n_tools].path, sizeof(r->tools[0].path), "%s", path);
	}
	if (x->job.kind == SP_JOB_USER && r->n_tools < SP_REPORT_MAX_TOOLS) {
		/* the job's shell, run by its absolute path as ever */
		snprintf(r->tools[r->n_tools].name, sizeof(r->tools[0].name), "sh");
		snprintf(r->tools[r->n_tools++].path, sizeof(r->tools[0].path), "/bin/sh");
	}
	r->has_tools = r->n_tools > 0;
	if (x->job.kind == SP_JOB_USER) {
		r->has_job_user = 1;
		snprintf(r->job_user, sizeof(r->job_user), "%s", x->job_user_said);
	}
}

int sp_cmd_run(const struct sp_config *c)
{
	struct run_ctx *x = calloc(1, sizeof(*x));
	struct sp_report *r = calloc(1, sizeof(*r));
	struct sp_measure_opts mo;
	struct sp_time t0 = sp_now();
	char out_dir[512];
	struct sp_err e;
	int rc, ret;

	sp_err_init(&e);
	if (x)
		x->t0 = t0;
	if (!x || !r) {
		free(x);
		free(r);
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot run");
	}
	x->c = c;
	x->user_job_s = -1;
	sp_hold_init(&x->target_hold);
	for (size_t i = 0; i < SP_MAX_ALSO; i++)
		sp_hold_init(&x->also_hold[i]);
	if (geteuid() != 0) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "'run' needs root: it partitions '%s' and enables swap", c->target);
		goto out;
	}
	/* --metrics DIR that cannot take the file is said before anything else is done */
	rc = run_metrics_check(c);
	if (rc != SP_EXIT_OK)
		goto out;
	/* the programs it runs, by absolute path, before anything is written */
	rc = find_tools(c);
	if (rc != SP_EXIT_OK)
		goto out;
	/* before anything is looked at: a second run is refused for being one, not for what
	 * the first one holds */
	rc = run_lock("run");
	if (rc != SP_EXIT_OK)
		goto out;
	rc = find_and_vet(x);
	if (rc == SP_EXIT_OK && c->plan_file)
		rc = check_plan_file(x, c->plan_file);
	if (rc == SP_EXIT_OK)
		rc = record_ids(x);
	if (rc != SP_EXIT_OK)
		goto out;
	if (sp_confirm_check(&x->target, c->confirm, &e) < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", c->target);
		goto out;
	}
	for (size_t i = 0; i < c->n_also; i++) {
		if (sp_confirm_check(&x->also[i], c->also_confirm[i], &e) < 0) {
			rc = sp_fail(SP_EXIT_REFUSED, &e, "refusing to touch '%s'", c->also[i]);
			goto out;
		}
	}
	/* nothing can mount the disks from here until their partitions are ours */
	rc = hold_disks(x);
	if (rc != SP_EXIT_OK)
		goto out;
	say_backing(&x->target);
	for (size_t i = 0; i < c->n_also; i++)
		say_backing(&x->also[i]);
	run_report_init(r, "run", c);
	report_tools(x, r);
	/* the report must have a home before the disk is touched: a stick that is read-only or
	 * full is said now, not after an hour of measuring */
	run_report_dir(r, c, out_dir, sizeof(out_dir));
	ret = sp_report_dir_claim(out_dir, &e);
	if (ret < 0) {
		rc = sp_fail(ret == -EPERM || ret == -EEXIST || ret == -ENOTDIR ? SP_EXIT_REFUSED
										: SP_EXIT_FAILURE,
			     &e, "cannot keep the report in '%s'", out_dir);
		goto out;
	}
	/* written ahead of every change from here on, beside the report */
	rc = run_journal_open(r, "run", out_dir);
	if (rc != SP_EXIT_OK)
		goto out;
	snprintf(r->target, sizeof(r->target), "%s", x->target.path);
	snprintf(r->layout, sizeof(r->layout), "%s", sp_layout_kind_name(x->layout.kind));
	/* a short read-only look at the disks only when no profile tells their speed */
	device_models(x, c->profile_time_s <= 0);

	/* before the first write: the disk as its owner had it, read-only (the hold is O_EXCL
	 * against mounts and other claims, not against our own plain reads); it also tells the
	 * plan's estimate how fast the disk is */
	if (c->profile_time_s > 0) {
		rc = run_profile(x->target.path, c->profile_time_s, c->seed, &r->profile);
		if (rc != SP_EXIT_OK)
			goto out;
		sp_est_device_measured(&r->profile, 1, c->profile_time_s, &x->dev);
	}
	/* the one estimate: the plan's (run --plan), or this run's own, printed once */
	print_plan(x, stderr);
	r->estimated_s = x->estimate_s;
	rc = recheck_target(x);
	if (rc != SP_EXIT_OK)
		goto out;
	rc = save_backups(x, r, out_dir);
	if (rc != SP_EXIT_OK)
		goto out;
	if (sp_interrupted()) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "interrupted before partitioning: nothing written");
		goto out;
	}
	fprintf(stderr, "swapplace: partitioning '%s'\n", x->target.path);
	ret = apply_layout(x, &e);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, &e, "cannot set up '%s'", c->target);
		goto out;
	}
	for (size_t i = 0; i < x->n_placements; i++) {
		if (x->placements[i].id.kind != SP_PL_ALSO)
			continue;
		ret = apply_also(x, &x->placements[i], &e);
		if (ret < 0) {
			rc = sp_fail(SP_EXIT_FAILURE, &e, "cannot set up '%s'",
				     x->also[x->placements[i].id.also_index].path);
			goto out;
		}
	}
	sp_err_init(&e);
	if (write_ranges(x, &e) == -EINTR) {
		/* how far the write got: "interrupted writing '/dev/sdb1' at byte N of M" */
		rc = sp_fail(SP_EXIT_FAILURE, NULL, "%s: restoring the machine; no report written",
			     e.code ? sp_err_msg(&e) : "interrupted writing the swap partitions");
		goto out;
	}
	ret = setup_job(x, &e);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, &e, "cannot set up the job");
		goto out;
	}
	ret = setup_cache_db(x, &e);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, &e, "cannot set up the cache scenario");
		goto out;
	}
	run_measure_opts(c, &mo);
	mo.job = &x->job;
	mo.cache_s = x->scenarios & SP_SCENARIO_CACHE ? c->cache_time_s : 0;
	mo.gc_s = x->scenarios & SP_SCENARIO_GC ? c->gc_time_s : 0;
	mo.cache_dir = x->scenarios & SP_SCENARIO_CACHE ? x->data_dir : NULL;
	mo.service_s = x->scenarios & SP_SCENARIO_SERVICE ? c->service_time_s : 0;
	mo.quiet_dev = x->target.path; /* the data filesystem's disk, for every placement */
	run_tuning_servers_opts(&x->tuning, c, &mo);
	run_tuning_apply(&x->tuning);
	run_zswap_off(r);
	measure_all(x, r, &mo);
	if (x->sweep.n_knobs && !sp_interrupted()) {
		struct run_sweep_in si = {.plan = &x->sweep,
					  .placements = x->placements,
					  .n_placements = x->n_placements,
					  .mo = &mo,
					  .rounds = c->repeat};

		run_sweep(&si, r);
	}
	if (sp_interrupted()) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL,
			     "interrupted: restoring the machine; no report written");
		goto out;
	}
	r->duration_s = sp_elapsed_s(t0, sp_now());
	fprintf(stderr, "swapplace: measured in %d min %02d s (estimated %d min %02d s)\n",
		(int)r->duration_s / 60, (int)r->duration_s % 60, (int)r->estimated_s / 60,
		(int)r->estimated_s % 60);
	run_report_devices(r);
	rc = run_report_save(r, c, out_dir, sizeof(out_dir));
out:
	/* every hold, swap area, mount and sysctl of the run is on the list; x outlives it */
	sp_undo_all();
	run_journal_finish();
	free(x);
	free(r);
	return rc;
}
