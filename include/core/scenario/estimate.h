/*
 * estimate.h - how long a run will take, as plan and run say it before anything is written:
 * what the estimate assumes of the target (a device model, assumed from its kind or taken from
 * its position profile), and the run's terms (the build job, the scenarios, a sweep) summed by
 * sp_run_estimate() (core/plan/timing.h) with the assumptions below.
 *
 * In the scenario stage, not plan: it composes the scenarios' own estimates (the build job's
 * model, the service, cache and gc durations) and reads the position profile (measure), which
 * the stage order puts before scenario and after plan. Pure: the CPU's cost per page is
 * measured by the edge (sp_buildjob_calibrate, probe/buildjob.h) and handed in.
 */
#ifndef SP_ESTIMATE_H
#define SP_ESTIMATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/measure/profile.h"
#include "core/scenario/buildjob.h"

/*
 * The assumptions, the ones a spinning disk sets, where a run takes longest: the swap file
 * written at 100 MB/s, mkfs and partitioning a few seconds (ext4's lazy init writes little),
 * and each placement's own overhead beyond its probes (mkswap, swapon, forking each probe's
 * worker into its cgroup, the pressure workload's fill, swapoff reading back what is still
 * swapped, a zram device made and removed).
 */
#define SP_EST_WRITE_BYTES_PER_S 100e6
#define SP_EST_MKFS_S 5.0
#define SP_EST_PER_PLACEMENT_S 3.0

/* A disk that says it is rotational is assumed a 7200 rpm disk, any other an SSD. */
#define SP_EST_HDD_RAND_READ_S 8.5e-3
#define SP_EST_HDD_SEQ_BYTES_PER_S 150e6
#define SP_EST_SSD_RAND_READ_S 0.1e-3
#define SP_EST_SSD_SEQ_BYTES_PER_S 500e6
#define SP_EST_PAGE_CLUSTER 3 /* the kernel's default vm.page-cluster */

/* What the estimate knows of the target. */
struct sp_est_device {
	struct sp_buildjob_device dev;
	const char *from; /* as the plan says it: "assumed: an SSD", "from its profile" (static) */
	double profile_s; /* how long the position profile took or will take; 0: it does not run */
};

/*
 * The model before anything is read: from the disk's kind (rotational 1 or 0), the job's
 * vm.page-cluster (page_cluster < 0: the kernel's default), the CPU's cost per page (page_s,
 * 0: unknown) and the position profile's budget (profile_budget_s, 0: no profile).
 */
void sp_est_device_assume(int rotational, int page_cluster, double page_s, double profile_budget_s,
			  struct sp_est_device *m);

/*
 * The same from the target's position profile p: the medians of its points' random-read
 * latency and sequential rate. full says the profile was the whole one (its time is spent);
 * otherwise it was a sample and the whole one takes as long again (a sample of 100 points or
 * more), or its budget (profile_budget_s) if it was cut short.
 * Returns: 0, or -EINVAL when p has no usable point (m is left as it was).
 */
int sp_est_device_measured(const struct sp_profile *p, int full, double profile_budget_s,
			   struct sp_est_device *m);

/* What a run does, as the estimate counts it. */
struct sp_est_run {
	const struct sp_buildjob_plan *job; /* the build job's plan; NULL: no build job */
	unsigned scenarios;		    /* SP_SCENARIO_* bits (core/scenario/scenario.h) */
	double service_time_s;		    /* --service-time: each service case's load phase */
	double cache_time_s;		    /* --cache-time */
	double gc_time_s;		    /* --gc-time */
	double time_per_placement_s;
	unsigned repeat; /* --repeat: every scenario's runs per placement */
	uint64_t swapfile_bytes;
	size_t n_swapping, n_none, n_job_only; /* placements by what runs on them (timing.h) */
	size_t n_sweep_runs;		       /* --sweep's runs; 0: no sweep */
};

/* One run of the build job on the target as m knows it; 0 without a build job. */
double sp_est_job_s(const struct sp_est_run *r, const struct sp_est_device *m);

/* The service scenario's cases on one placement; 0 when it does not run. */
double sp_est_service_s(const struct sp_est_run *r);

/* The cache scenario's three pool sizes and the gc scenario on one placement. */
double sp_est_servers_s(const struct sp_est_run *r);

/* A sweep's run: the placement activated again, the job once, the service, cache, gc. */
double sp_est_sweep_run_s(const struct sp_est_run *r, const struct sp_est_device *m);

/* The whole run's estimate in seconds; 0 when the terms make no sense. */
double sp_est_total_s(const struct sp_est_run *r, const struct sp_est_device *m);

#endif
