/*
 * t-estimate-assumes-the-disk-and-sums-the-terms - the plan's estimate (core/scenario/
 * estimate.h): what it assumes of a disk it has not read (a rotational one a 7200 rpm disk, any
 * other an SSD; the kernel's page cluster unless the job sets one), how a position profile
 * replaces the assumption (medians; a full profile's time is spent, a sample's whole profile
 * is still to come), and the run's terms (issue 18, "one estimate"): each placement's job on
 * its own device (a disk's model, the CPU's compress timing for zram and zswap, none until the
 * OOM kill, ram without swap), --cpu-max and --io-max in the box, the service's fill and
 * swap-out and on none its wait for a service that cannot start, the gc's pauses inside its
 * span, --repeat's later rounds, a --job CMD timed by its ram run or unknown, and that they add
 * up to the total the plan prints.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "core/plan/timing.h"
#include "core/scenario/buildjob.h"
#include "core/scenario/estimate.h"
#include "core/scenario/scenario.h"
#include "core/scenario/scenario_service.h"
#include "core/scenario/serverjob.h"
#include "core/scenario/service.h"

static void assumed(void)
{
	struct sp_est_device hdd, ssd;

	sp_est_device_assume(1, -1, 0, 0, &hdd);
	CHECK_NEAR(hdd.dev.rand_read_s, 8.5e-3, 1e-9);
	CHECK_NEAR(hdd.dev.seq_bytes_per_s, 150e6, 1e-9);
	CHECK(hdd.dev.page_cluster == 3);
	CHECK(hdd.dev.page_s == 0);
	CHECK_STR(hdd.from, "assumed: a 7200 rpm disk");
	CHECK(hdd.profile_s == 0);

	sp_est_device_assume(0, 0, 2e-6, 30, &ssd);
	CHECK_NEAR(ssd.dev.rand_read_s, 0.1e-3, 1e-9);
	CHECK_NEAR(ssd.dev.seq_bytes_per_s, 500e6, 1e-9);
	CHECK(ssd.dev.page_cluster == 0); /* the job's own vm.page-cluster */
	CHECK_NEAR(ssd.dev.page_s, 2e-6, 1e-9);
	CHECK_STR(ssd.from, "assumed: an SSD");
	CHECK(ssd.profile_s > 0); /* the profile's budget is a term of its own */
}

static void measured(void)
{
	static struct sp_profile p;
	struct sp_est_device m;

	sp_est_device_assume(1, -1, 0, 60, &m);
	/* nothing usable: the assumption stays */
	CHECK(sp_est_device_measured(&p, 1, 60, &m) < 0);
	CHECK_STR(m.from, "assumed: a 7200 rpm disk");

	p.done = 1;
	p.n = 3;
	p.duration_s = 12;
	p.points[0] = (struct sp_profile_point){.seq_mib_s = 100, .rand_p50_us = 4000};
	p.points[1] = (struct sp_profile_point){.seq_mib_s = 200, .rand_p50_us = 6000};
	p.points[2] = (struct sp_profile_point){.seq_mib_s = 300, .rand_p50_us = 9000};
	CHECK(sp_est_device_measured(&p, 1, 60, &m) == 0);
	CHECK_NEAR(m.dev.rand_read_s, 6e-3, 1e-9);
	CHECK_NEAR(m.dev.seq_bytes_per_s, 200.0 * 1048576, 1e-9);
	CHECK_STR(m.from, "from its profile");
	CHECK_NEAR(m.profile_s, 12, 1e-9); /* the whole profile ran: its time is spent */

	/* a short sample cut short: the whole profile's 100 points take what the sample's reads
	 * say (9 random reads of 6 ms and 8 MiB at 200 MiB/s each: 9.4 s), within its budget */
	CHECK(sp_est_device_measured(&p, 0, 60, &m) == 0);
	CHECK_NEAR(m.profile_s, 100 * (9 * 6e-3 + 8.0 / 200), 1e-9);
	CHECK_STR(m.from, "from a short look at it");
	/* ... or its budget, where they would take longer (the probe then stops in time) */
	CHECK(sp_est_device_measured(&p, 0, 5, &m) == 0);
	CHECK_NEAR(m.profile_s, 5, 1e-9);
	/* no profile: no term */
	CHECK(sp_est_device_measured(&p, 0, 0, &m) == 0);
	CHECK_NEAR(m.profile_s, 0, 1e-9);
	/* a sample of 100 points or more: the whole one takes as long again */
	p.n = 100;
	for (size_t i = 3; i < p.n; i++)
		p.points[i] = p.points[1];
	CHECK(sp_est_device_measured(&p, 0, 60, &m) == 0);
	CHECK_NEAR(m.profile_s, 12, 1e-9);
}

/* The same build job on three devices: a 5400 rpm disk, an SSD, the CPU (zram). */
static void devices(struct sp_buildjob_plan *job, struct sp_est_placement *hdd,
		    struct sp_est_placement *ssd, struct sp_est_placement *cpu)
{
	struct sp_est_device m;

	CHECK(sp_buildjob_plan(64ull << 20, 1, 1.0, 1, job) == 0);
	sp_est_device_assume(1, -1, 1e-6, 0, &m);
	*hdd = (struct sp_est_placement){.kind = SP_EST_SWAP, .dev = m.dev};
	sp_est_device_assume(0, -1, 1e-6, 0, &m);
	*ssd = (struct sp_est_placement){.kind = SP_EST_SWAP, .dev = m.dev};
	*cpu = (struct sp_est_placement){.kind = SP_EST_SWAP};
	CHECK(sp_est_cpu_device(3e-6, -1, 1e-6, &cpu->dev) == 0);
}

/* The CPU's devices: a swap-in and a swap-out from the compress timing. */
static void cpu_device(void)
{
	struct sp_buildjob_device d;

	CHECK(sp_est_cpu_device(2e-6, 0, 1e-6, &d) == 0);
	CHECK_NEAR(d.rand_read_s, SP_EST_CPU_SWAPIN_PAGES * 2e-6, 1e-9);
	CHECK_NEAR(d.seq_bytes_per_s, 4096 / (SP_EST_CPU_SWAPOUT_PAGES * 2e-6), 1e-9);
	CHECK(d.page_cluster == 0);
	CHECK_NEAR(d.page_s, 1e-6, 1e-9);
	CHECK(sp_est_cpu_device(0, 0, 1e-6, &d) == -EINVAL);
	CHECK(sp_est_cpu_device(NAN, 0, 1e-6, &d) == -EINVAL);
}

/* Each placement's job on its own device: not the target disk's model for every one. */
static void per_placement(void)
{
	struct sp_buildjob_plan job;
	struct sp_est_placement hdd, ssd, cpu, none, ram;
	struct sp_est_run r = {.repeat = 1, .budget_bytes = 64ull << 20};
	struct sp_buildjob_estimate e;
	double hdd_s, ssd_s, cpu_s, none_s, ram_s;

	devices(&job, &hdd, &ssd, &cpu);
	r.job = &job;
	none = hdd;
	none.kind = SP_EST_NONE;
	ram = hdd;
	ram.kind = SP_EST_RAM;
	hdd_s = sp_est_job_s(&r, &hdd);
	ssd_s = sp_est_job_s(&r, &ssd);
	cpu_s = sp_est_job_s(&r, &cpu);
	none_s = sp_est_job_s(&r, &none);
	ram_s = sp_est_job_s(&r, &ram);
	/* the disk's swap-ins are seeks: the job on it is the slowest; zram's come from the
	 * CPU, an SSD's from flash */
	CHECK(hdd_s > ssd_s && hdd_s > cpu_s);
	CHECK(hdd_s > 2 * ram_s);
	/* ram: the CPU and the objects written back; nothing swaps and the sources are in the
	 * page cache */
	CHECK(sp_buildjob_estimate(&job, &hdd.dev, &e) == 0);
	CHECK_NEAR(ram_s, e.cpu_s + (double)e.file_written_bytes / hdd.dev.seq_bytes_per_s, 1e-9);
	CHECK_NEAR(hdd_s, e.total_s, 1e-9);
	CHECK_NEAR(e.io_s, e.swap_io_s + e.file_io_s, 1e-9);
	/* none: the heap outgrows the limit, the OOM killer ends the job before its end */
	CHECK(e.fit_frac > 0 && e.fit_frac < 1);
	CHECK_NEAR(none_s, e.fit_frac * (e.cpu_s + e.file_io_s), 1e-9);
	CHECK(none_s < e.cpu_s + e.file_io_s);
	/* a limit the heap fits in: none runs it whole */
	{
		struct sp_buildjob_plan big = job;

		big.budget_bytes = big.heap_pages * SP_BUILDJOB_PAGE_BYTES * 2;
		CHECK(sp_buildjob_estimate(&big, &hdd.dev, &e) == 0);
		CHECK(e.fit_frac == 1);
	}
	/* a step of the run on each: the probes' shares and the job on its own device */
	r.time_per_placement_s = 30;
	CHECK_NEAR(sp_est_step_s(&r, &hdd, 0), SP_EST_PER_PLACEMENT_S + 30 + hdd_s, 1e-9);
	CHECK_NEAR(sp_est_step_s(&r, &cpu, 0), SP_EST_PER_PLACEMENT_S + 30 + cpu_s, 1e-9);
	CHECK_NEAR(sp_est_step_s(&r, &none, 0),
		   SP_EST_PER_PLACEMENT_S + 30 * SP_SHARE_PRESSURE + none_s, 1e-9);
	CHECK_NEAR(sp_est_step_s(&r, &ram, 0), SP_EST_PER_PLACEMENT_S + ram_s, 1e-9);
	/* zswap runs no device probe of its own */
	cpu.no_device_probe = 1;
	CHECK_NEAR(sp_est_step_s(&r, &cpu, 0),
		   SP_EST_PER_PLACEMENT_S + 30 * (1 - SP_SHARE_DEVICE) + cpu_s, 1e-6);
}

/* --cpu-max and --io-max slow the job in the box; the ram baseline has none. */
static void caps(void)
{
	struct sp_buildjob_plan job;
	struct sp_est_placement hdd, ssd, cpu, ram;
	struct sp_caps k = {0};
	struct sp_est_run r = {.repeat = 1, .caps = &k};
	double free_s, ram_s;

	devices(&job, &hdd, &ssd, &cpu);
	r.job = &job;
	ram = ssd;
	ram.kind = SP_EST_RAM;
	free_s = sp_est_job_s(&r, &ssd);
	ram_s = sp_est_job_s(&r, &ram);
	k.cpu_max = 0.5;
	CHECK(sp_est_job_s(&r, &ssd) > free_s);
	CHECK_NEAR(sp_est_boxed_device(&r, &ssd).page_s, 2 * ssd.dev.page_s, 1e-12);
	CHECK_NEAR(sp_est_job_s(&r, &ram), ram_s, 1e-9);
	k.cpu_max = 4; /* more CPUs than the job uses: no faster */
	CHECK_NEAR(sp_est_job_s(&r, &ssd), free_s, 1e-9);
	k.cpu_max = 0;
	/* 100 IOPS: a read takes 10 ms at least, where the cap applies (cgroup v2, a disk) */
	k.io_iops = 100;
	k.io_bps = 1 << 20;
	CHECK_NEAR(sp_est_job_s(&r, &ssd), free_s, 1e-9);
	ssd.io_capped = 1;
	CHECK_NEAR(sp_est_boxed_device(&r, &ssd).rand_read_s, 0.01, 1e-12);
	CHECK_NEAR(sp_est_boxed_device(&r, &ssd).seq_bytes_per_s, 1 << 20, 1e-9);
	CHECK(sp_est_job_s(&r, &ssd) > 10 * free_s);
}

/* --job CMD: its time from its ram run, or unknown (left out, never 0 s made up). */
static void user_job(void)
{
	struct sp_buildjob_plan job;
	struct sp_est_placement pl[3];
	struct sp_est_device m;
	struct sp_est_run r = {.repeat = 1, .user_job = 1, .user_job_s = -1, .pl = pl, .n_pl = 3};
	double unknown;

	devices(&job, &pl[0], &pl[1], &pl[2]);
	sp_est_device_assume(1, -1, 0, 0, &m);
	CHECK(!sp_est_job_known(&r));
	CHECK(sp_est_job_s(&r, &pl[0]) == 0);
	unknown = sp_est_total_s(&r, &m);
	r.user_job_s = 40;
	CHECK(sp_est_job_known(&r));
	/* the same on every placement: one measured run, not a model */
	CHECK_NEAR(sp_est_job_s(&r, &pl[0]), 40, 1e-9);
	CHECK_NEAR(sp_est_job_s(&r, &pl[2]), 40, 1e-9);
	CHECK_NEAR(sp_est_total_s(&r, &m) - unknown, 3 * 40, 1e-6);
	/* and it repeats: --repeat 2 runs it twice on each */
	r.repeat = 2;
	CHECK(sp_est_rounds(&r) == 2);
	CHECK(sp_est_total_s(&r, &m) - unknown > 6 * 40);
	r.user_job = 0;
	r.job = NULL;
	CHECK(sp_est_job_known(&r));
	CHECK(sp_est_rounds(&r) == 1); /* nothing repeats: the probes' round alone */
}

/* The service's cases with their fill and swap-out, on none their wait; cache and gc. */
static void scenarios(void)
{
	struct sp_buildjob_plan job;
	struct sp_est_placement hdd, ssd, cpu, ram;
	struct sp_est_run r = {.repeat = 1,
			       .budget_bytes = 64ull << 20,
			       .service_time_s = 8,
			       .cache_time_s = 20,
			       .gc_time_s = 20};
	double t;

	devices(&job, &hdd, &ssd, &cpu);
	ram = ssd;
	ram.kind = SP_EST_RAM;
	CHECK(sp_est_service_s(&r, &ssd) == 0 && sp_est_servers_s(&r, &ssd) == 0);
	r.scenarios = SP_SCENARIO_SERVICE;
	/* each case: load, top speed, and its start, fill and drain beyond them */
	CHECK(sp_est_service_s(&r, &ssd) >=
	      SP_SVC_N_CASES * (sp_service_case_estimate_s(8) + SP_EST_SVC_CASE_S));
	CHECK(sp_est_service_s(&r, &hdd) > sp_est_service_s(&r, &ssd)); /* its swap-out */
	CHECK(sp_est_service_s(&r, &ram) == 0);
	/* none: cold and hot cannot fit the limit and their service never comes up; fits and
	 * spike run as anywhere */
	{
		struct sp_est_placement none = ssd;
		double pages = (double)((64ull << 20) / 4096), run = sp_service_case_estimate_s(8);
		double ok =
		    2 * (run + SP_EST_SVC_CASE_S) +
		    /* their fill at the CPU's page_s (fits 80 %, spike 120 % of the limit) */
		    (double)((64ull << 20) / 100 * 200 / 4096) * 1e-6;

		none.kind = SP_EST_NONE;
		/* quick starts (a fill to the limit at 1 us a page): the start limit gives up
		 * after its burst */
		CHECK_NEAR(sp_est_service_s(&r, &none),
			   ok + 2 * (SP_SERVICE_RESTART_BURST *
					 (pages * 1e-6 + SP_SERVICE_RESTART_DELAY_S) +
				     run),
			   1e-3);
		/* slow ones (200 us a page, an emulated CPU): the burst outlasts the interval, the
		 * case waits out its start */
		none.dev.page_s = 200e-6;
		CHECK(SP_SERVICE_RESTART_BURST * pages * 200e-6 > SP_SERVICE_RESTART_INTERVAL_S);
		CHECK_NEAR(sp_est_service_s(&r, &none),
			   200 * (ok - 2 * (run + SP_EST_SVC_CASE_S)) +
			       2 * (run + SP_EST_SVC_CASE_S) + 2 * (SP_SERVICE_START_WAIT_S + run),
			   1e-3);
	}
	r.scenarios |= SP_SCENARIO_CACHE;
	t = sp_est_servers_s(&r, &ssd);
	CHECK_NEAR(t, 3 * sp_cache_case_estimate_s(20), 1e-9);
	r.scenarios |= SP_SCENARIO_GC;
	CHECK_NEAR(sp_est_servers_s(&r, &ssd) - t, sp_gc_estimate_s(20), 1e-9);
	/* the gc's pauses are inside its span, on a spinning disk too */
	CHECK_NEAR(sp_est_servers_s(&r, &hdd), sp_est_servers_s(&r, &ssd), 1e-9);
	CHECK(sp_est_servers_s(&r, &ram) == 0);
}

/* The whole run: set-up, profile, every placement's every round, the sweep. */
static void sums(void)
{
	struct sp_buildjob_plan job;
	struct sp_est_placement pl[4];
	struct sp_est_device m;
	struct sp_est_run r = {.time_per_placement_s = 30,
			       .repeat = 1,
			       .budget_bytes = 64ull << 20,
			       .swapfile_bytes = 256ull << 20,
			       .service_time_s = 20,
			       .pl = pl,
			       .n_pl = 4};
	double base, t, steps, round2;

	devices(&job, &pl[0], &pl[1], &pl[2]);
	pl[3] = pl[0];
	pl[3].kind = SP_EST_RAM;
	sp_est_device_assume(1, -1, 0, 0, &m);
	base = sp_est_total_s(&r, &m);
	steps = 0;
	for (size_t i = 0; i < 4; i++)
		steps += sp_est_step_s(&r, &pl[i], 0);
	/* mkfs, its journal and the swap file written at the disk's sequential rate */
	CHECK_NEAR(base,
		   SP_EST_MKFS_S +
		       (double)(SP_EST_JOURNAL_BYTES + (256ull << 20)) /
			   SP_EST_HDD_SEQ_BYTES_PER_S +
		       steps,
		   1e-6);
	/* the profile's time is a term of its own */
	m.profile_s = 60;
	CHECK_NEAR(sp_est_total_s(&r, &m) - base, 60, 1e-6);
	m.profile_s = 0;
	/* a partition of an SSD written whole before its probes: its size at its device's
	 * sequential rate, once (not per round) */
	pl[0].fill_bytes = 1000000000;
	CHECK_NEAR(sp_est_total_s(&r, &m) - base, 1e9 / pl[0].dev.seq_bytes_per_s, 1e-6);
	CHECK(pl[0].dev.seq_bytes_per_s > 0);
	pl[0].fill_bytes = 0;
	r.time_per_placement_s = 60;
	CHECK(sp_est_total_s(&r, &m) > base);
	r.time_per_placement_s = 30;

	/* --repeat 3 with the job and the service: rounds 2 and 3 run them again on every
	 * placement (activated again), not the probes */
	r.job = &job;
	r.scenarios = SP_SCENARIO_SERVICE;
	t = sp_est_total_s(&r, &m);
	r.repeat = 3;
	round2 = 0;
	for (size_t i = 0; i < 4; i++) {
		round2 += sp_est_step_s(&r, &pl[i], 1);
		CHECK_NEAR(sp_est_step_s(&r, &pl[i], 1),
			   SP_EST_PER_PLACEMENT_S + sp_est_job_s(&r, &pl[i]) +
			       sp_est_service_s(&r, &pl[i]),
			   1e-9);
	}
	CHECK_NEAR(sp_est_total_s(&r, &m) - t, 2 * round2, 1e-6);
	r.repeat = 1;

	/* a sweep's run: activation, the job once and the scenarios, shared over the
	 * placements but ram */
	CHECK_NEAR(sp_est_sweep_run_s(&r, &pl[0]),
		   SP_EST_PER_PLACEMENT_S + sp_est_job_s(&r, &pl[0]) + sp_est_service_s(&r, &pl[0]),
		   1e-9);
	t = sp_est_total_s(&r, &m);
	r.n_sweep_runs = 6;
	CHECK_NEAR(sp_est_sweep_s(&r),
		   2.0 * (sp_est_sweep_run_s(&r, &pl[0]) + sp_est_sweep_run_s(&r, &pl[1]) +
			  sp_est_sweep_run_s(&r, &pl[2])),
		   1e-6);
	CHECK_NEAR(sp_est_total_s(&r, &m) - t, sp_est_sweep_s(&r), 1e-6);
	/* nonsense in: no estimate */
	r.time_per_placement_s = NAN;
	CHECK(sp_est_total_s(&r, &m) == 0);
}

int main(void)
{
	assumed();
	measured();
	cpu_device();
	per_placement();
	caps();
	user_job();
	scenarios();
	sums();
	return CHECK_DONE();
}
