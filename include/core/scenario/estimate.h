/*
 * estimate.h - how long a run will take, said once before anything is written (plan, run) and
 * counted down by the progress line: what it knows of each device a placement's swap-ins come
 * from (the target assumed from its kind, or from a short look or its position profile; an
 * --also device's look; the CPU's compress timing for zram and zswap), each placement's step
 * (its probes' shares, the job on its own device, the scenarios) and their sum with the set-up,
 * the profile, --repeat's rounds and a sweep (issue 18, "one estimate").
 *
 * In the scenario stage, not plan: it composes the scenarios' own estimates (the build job's
 * model, the service, cache and gc durations) and reads the position profile (measure), which
 * the stage order puts before scenario and after plan. Pure: the CPU's costs per page are
 * measured by the edge (sp_buildjob_calibrate and sp_buildjob_calibrate_compress,
 * probe/buildjob.h) and handed in.
 */
#ifndef SP_ESTIMATE_H
#define SP_ESTIMATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/config/caps.h"
#include "core/measure/profile.h"
#include "core/scenario/buildjob.h"

/*
 * The assumptions, the ones a spinning disk sets, where a run takes longest: what the run writes
 * (the swap file, the job's sources) at the target's sequential rate (100 MB/s where nothing
 * says it), mkfs and partitioning a second plus ext4's journal written at that rate (its lazy
 * init writes little else: 0.2 s on a loop disk where 5 s had been assumed), and each
 * placement's own overhead beyond its probes: the 1 s the disks must stay quiet before
 * it (probe/placement.c wait_quiet), mkswap, swapon, forking each probe's worker into its
 * cgroup, swapoff, a zram device made and removed. Measured on a loop disk at 6 s a placement
 * (tests/root/run-measures-every-placement.sh's progress lines): 7.5-7.9 s a step, so 1.5 s;
 * the 3 s assumed before put every progress line of that run 19-25 % over the time left.
 */
#define SP_EST_WRITE_BYTES_PER_S 100e6
#define SP_EST_MKFS_S 1.0
#define SP_EST_JOURNAL_BYTES (64ull << 20) /* mke2fs's for a data filesystem of 4-32 GiB */
#define SP_EST_PER_PLACEMENT_S 1.5

/* A disk that says it is rotational is assumed a 7200 rpm disk, any other an SSD. */
#define SP_EST_HDD_RAND_READ_S 8.5e-3
#define SP_EST_HDD_SEQ_BYTES_PER_S 150e6
#define SP_EST_SSD_RAND_READ_S 0.1e-3
#define SP_EST_SSD_SEQ_BYTES_PER_S 500e6
#define SP_EST_PAGE_CLUSTER 3 /* the kernel's default vm.page-cluster */

/* What the estimate knows of the target. */
struct sp_est_device {
	struct sp_buildjob_device dev;
	/* as the plan says it: "assumed: an SSD", "from its profile", "from a short look at
	 * it" (static) */
	const char *from;
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
 * more), or, cut short, what its reads say the whole one takes, at most its budget
 * (profile_budget_s; core/measure/profile.h sp_profile_time_s).
 * Returns: 0, or -EINVAL when p has no usable point (m is left as it was).
 */
int sp_est_device_measured(const struct sp_profile *p, int full, double profile_budget_s,
			   struct sp_est_device *m);

/*
 * The CPU's own devices: zram and zswap answer a swap-in by decompressing a page and take a
 * swap-out by compressing one. From the CPU calibration (compress_page_s: one 4 KiB page of
 * the job's content through libzstd at level 1, timed on this CPU by the edge,
 * sp_buildjob_calibrate_compress): a swap-in costs SP_EST_CPU_SWAPIN_PAGES of it (the fault's
 * path and a decompression, several times faster than a compression), a swap-out
 * SP_EST_CPU_SWAPOUT_PAGES. Fitted on the demo's host with an LZ loop of 35-50 us a page against
 * the fault probe's swap-ins from zram-lzo, -lzo-rle, -lz4 and zswap-lzo of 7.4-10.0 us
 * (medians), the swap-out share so that the build job's model on zram gave the 1.6-2.4 s its
 * runs took there (ram: 0.76 s); then carried over to zstd level 1, which took 1.72 times that
 * loop's time on the same pages (median of 15 alternations: ratio 0.58), so 0.25 and 0.5 became
 * 0.145 and 0.29. Both scale with the CPU, which is the point: under QEMU's TCG zstd is as many
 * times slower as the kernel's compressors are.
 */
#define SP_EST_CPU_SWAPIN_PAGES 0.145
#define SP_EST_CPU_SWAPOUT_PAGES 0.29

/*
 * The service scenario's case beyond its load, top speed and fill: the cgroup made and
 * removed, the workers forked and reaped, the drain (a request's latency on a device that
 * keeps up). The fill of its memory at the CPU's page_s and what of it the device swaps out
 * are terms of their own (sp_est_service_s). Measured on the demo (a loop device, 8 s cases):
 * a placement's four cases took 5.8 s beyond their load and top speed, 5.0 s of it the fill
 * at the calibrated 35 us a page; the rest, 0.2 s a case, rounded up.
 */
#define SP_EST_SVC_CASE_S 0.5

/* The CPU's devices as a device model (see above): compress_page_s > 0, else -EINVAL. */
int sp_est_cpu_device(double compress_page_s, int page_cluster, double page_s,
		      struct sp_buildjob_device *out);

/* What a placement is to the estimate: which probes run and what its job costs. */
enum sp_est_kind {
	SP_EST_SWAP, /* a swap area: every probe; the job's swap-ins from its own device */
	SP_EST_NONE, /* no swap: the pressure probe; the job until the OOM killer stops it */
	SP_EST_RAM,  /* the ram baseline: the job alone, no limit, no probes, no scenarios */
};

struct sp_est_placement {
	enum sp_est_kind kind;
	/* the device its swap-ins come from: the target's model (start, end, file), an --also
	 * device's quick probe, the CPU's calibration (zram, zswap); for none and ram the
	 * target's (the job's files are on it) */
	struct sp_buildjob_device dev;
	int no_device_probe; /* zswap: its start partition's device probe is not run again */
	int io_capped;	     /* --io-max applies to its swap's disk (cgroup v2, a disk) */
	/* its partition written whole once before its probes (a non-rotational disk: run's
	 * write_ranges), at its device's sequential rate; 0: nothing written */
	uint64_t fill_bytes;
};

/* What a run does, as the estimate counts it. */
struct sp_est_run {
	const struct sp_buildjob_plan *job; /* the build job's plan; NULL: no build job */
	/* --job CMD: user_job_s is one run's time, taken from its ram run; < 0: unknown (the
	 * estimate then leaves the job out and says so) */
	int user_job;
	double user_job_s;
	unsigned scenarios;    /* SP_SCENARIO_* bits (core/scenario/scenario.h) */
	double service_time_s; /* --service-time: each service case's load phase */
	double cache_time_s;   /* --cache-time */
	double gc_time_s;      /* --gc-time */
	uint64_t budget_bytes; /* --budget: what the service fills */
	double time_per_placement_s;
	/* --cpu-max and --io-max (core/config/caps.h): the box slows the job; NULL: none */
	const struct sp_caps *caps;
	unsigned repeat; /* --repeat: every scenario's runs per placement */
	uint64_t swapfile_bytes;
	const struct sp_est_placement *pl; /* the run's placements, in its order */
	size_t n_pl;
	size_t n_sweep_runs; /* --sweep's runs; 0: no sweep */
};

/* Is the job's time known (no job, the build job, or a --job CMD timed by its ram run)? */
int sp_est_job_known(const struct sp_est_run *r);

/*
 * pl's device as the job in the box sees it: --io-max's IOPS make a read at least 1/IOPS and
 * its bytes/s bound the rate (where io_capped), --cpu-max below one CPU stretches the CPU's
 * cost per page by 1/cpu_max (the job's CPU work is one process's at a time at the most).
 */
struct sp_buildjob_device sp_est_boxed_device(const struct sp_est_run *r,
					      const struct sp_est_placement *pl);

/*
 * One run of the job on placement pl: the build job on pl's device in the box (ram: the CPU
 * and the files alone, no box; none: until its heap outgrows the limit, where the OOM killer
 * ends it); --job CMD: its ram run's time, 0 while unknown; 0 without a job.
 */
double sp_est_job_s(const struct sp_est_run *r, const struct sp_est_placement *pl);

/*
 * The service scenario's cases on pl (0 on ram or when it does not run): each its load and top
 * speed, SP_EST_SVC_CASE_S, its memory filled at the CPU's page_s and what exceeds the limit
 * swapped out at the device's rate; on none a case whose service cannot fit the limit never
 * comes up: its starts, each a fill to the limit, are given up by the start limit when a burst
 * of them is quicker than its interval, else the case waits out its start
 * (SP_SERVICE_START_WAIT_S, core/scenario/service.h); then its load fails.
 */
double sp_est_service_s(const struct sp_est_run *r, const struct sp_est_placement *pl);

/*
 * The cache scenario's three pool sizes and the gc scenario on pl (0 on ram). The gc's pauses,
 * seconds each on a spinning disk, are inside its span: a cycle that would not fit what is
 * left of it is not started (core/scenario/serverjob.h sp_gc_cycle_fits).
 */
double sp_est_servers_s(const struct sp_est_run *r, const struct sp_est_placement *pl);

/*
 * One step of the run on pl (core/scenario/scenario.h sp_repeat_order): round 0 the
 * placement's probes (their share of --time-per-placement), its overhead, the job and the
 * scenarios; a later round the placement activated again and the scenarios again.
 */
double sp_est_step_s(const struct sp_est_run *r, const struct sp_est_placement *pl, size_t round);

/* A sweep's run on pl: the placement activated again, the job once, the service, cache, gc. */
double sp_est_sweep_run_s(const struct sp_est_run *r, const struct sp_est_placement *pl);

/* --sweep's runs together: n_sweep_runs shared evenly over the placements but ram. */
double sp_est_sweep_s(const struct sp_est_run *r);

/* How many rounds of --repeat run: every one when a scenario repeats, else the probes' one. */
size_t sp_est_rounds(const struct sp_est_run *r);

/*
 * The whole run's estimate in seconds: the set-up (mkfs, the swap file and the job's files
 * written), the position profile (m), every placement's every round, the sweep; 0 when the
 * terms make no sense.
 */
double sp_est_total_s(const struct sp_est_run *r, const struct sp_est_device *m);

#endif
