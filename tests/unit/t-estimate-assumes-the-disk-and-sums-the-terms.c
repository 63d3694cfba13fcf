/*
 * t-estimate-assumes-the-disk-and-sums-the-terms - the plan's estimate (core/scenario/
 * estimate.h): what it assumes of a disk it has not read (a rotational one a 7200 rpm disk, any
 * other an SSD; the kernel's page cluster unless the job sets one), how a position profile
 * replaces the assumption (medians; a full profile's time is spent, a sample's whole profile
 * is still to come), and that the run's terms add up: a longer time per placement, more
 * repeats, a sweep or a scenario each make the estimate longer, and nothing is counted for a
 * scenario that does not run.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "core/scenario/buildjob.h"
#include "core/scenario/estimate.h"
#include "core/scenario/scenario.h"

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

	/* a short sample cut short: the whole profile takes its budget */
	CHECK(sp_est_device_measured(&p, 0, 60, &m) == 0);
	CHECK_NEAR(m.profile_s, 60, 1e-9);
	/* a sample of 100 points or more: the whole one takes as long again */
	p.n = 100;
	for (size_t i = 3; i < p.n; i++)
		p.points[i] = p.points[1];
	CHECK(sp_est_device_measured(&p, 0, 60, &m) == 0);
	CHECK_NEAR(m.profile_s, 12, 1e-9);
}

static void sums(void)
{
	struct sp_buildjob_plan job;
	struct sp_est_device hdd, ssd;
	struct sp_est_run r = {.time_per_placement_s = 30,
			       .repeat = 1,
			       .swapfile_bytes = 256ull << 20,
			       .n_swapping = 3,
			       .n_none = 1,
			       .n_job_only = 1,
			       .service_time_s = 20,
			       .cache_time_s = 20,
			       .gc_time_s = 20};
	double base, t;

	sp_est_device_assume(1, -1, 0, 0, &hdd);
	sp_est_device_assume(0, -1, 0, 0, &ssd);
	/* no job, no scenario: the placements' probes and the set-up alone */
	CHECK(sp_est_job_s(&r, &hdd) == 0);
	CHECK(sp_est_service_s(&r) == 0);
	CHECK(sp_est_servers_s(&r) == 0);
	CHECK_NEAR(sp_est_sweep_run_s(&r, &hdd), SP_EST_PER_PLACEMENT_S, 1e-9);
	base = sp_est_total_s(&r, &hdd);
	/* set-up (mkfs, the swap file at the assumed rate), each placement's overhead, probes */
	CHECK(base > SP_EST_MKFS_S + (double)(256ull << 20) / SP_EST_WRITE_BYTES_PER_S +
			 5 * SP_EST_PER_PLACEMENT_S);

	r.time_per_placement_s = 60;
	CHECK(sp_est_total_s(&r, &hdd) > base);
	r.time_per_placement_s = 30;

	/* the build job: slower on the assumed disk than on the SSD, counted --repeat times */
	CHECK(sp_buildjob_plan(64ull << 20, 1, 1.0, 1, &job) == 0);
	r.job = &job;
	CHECK(sp_est_job_s(&r, &hdd) > 0);
	CHECK(sp_est_job_s(&r, &hdd) >= sp_est_job_s(&r, &ssd));
	t = sp_est_total_s(&r, &hdd);
	CHECK(t > base);
	r.repeat = 3;
	CHECK(sp_est_total_s(&r, &hdd) > t);
	r.repeat = 1;

	/* each scenario adds its own term */
	r.scenarios = SP_SCENARIO_SERVICE;
	CHECK(sp_est_service_s(&r) > 0);
	CHECK(sp_est_servers_s(&r) == 0);
	r.scenarios |= SP_SCENARIO_CACHE;
	t = sp_est_servers_s(&r);
	CHECK(t > 0);
	r.scenarios |= SP_SCENARIO_GC;
	CHECK(sp_est_servers_s(&r) > t);

	/* a sweep's run: activation, the job once and the scenarios */
	CHECK_NEAR(sp_est_sweep_run_s(&r, &hdd),
		   SP_EST_PER_PLACEMENT_S + sp_est_job_s(&r, &hdd) + sp_est_service_s(&r) +
		       sp_est_servers_s(&r),
		   1e-9);
	t = sp_est_total_s(&r, &hdd);
	r.n_sweep_runs = 6;
	CHECK_NEAR(sp_est_total_s(&r, &hdd) - t, 6 * sp_est_sweep_run_s(&r, &hdd), 1e-6);
}

int main(void)
{
	assumed();
	measured();
	sums();
	return CHECK_DONE();
}
