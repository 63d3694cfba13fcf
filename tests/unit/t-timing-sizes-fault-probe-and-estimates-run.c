/*
 * t-timing-sizes-fault-probe-and-estimates-run - the time arithmetic (core/plan/timing.h): on a
 * 5400 rpm disk (11 ms a read, 100 MB/s) at 30 s per placement the fault probe's buffer is what
 * the disk writes in its preparation time, and its one-thread phase expects at least 1,000
 * swap-ins plus the warm-up; on a fast device the budget is the buffer; zram (no rate) gets the
 * budget and the worker's own time cap; the phases add up to the share; the run's estimate is
 * the sum of its terms, the baseline costs only the pressure share, and bad input is refused.
 */
#include <errno.h>
#include <math.h>

#include "check.h"
#include "core/plan/timing.h"
#include "core/scenario/serverjob.h"

int main(void)
{
	struct sp_fault_sizing_in in = {
	    .share_s = 30 * SP_SHARE_FAULT,
	    .qd1_lat_s = 0.011,
	    .seq_bytes_per_s = 100e6,
	    .page_bytes = 4096,
	    .budget_bytes = 256ull << 20,
	    .threads = 2,
	    .uring = 1,
	};
	struct sp_fault_sizing s;
	struct sp_estimate_in ei;
	struct sp_estimate e;

	CHECK_NEAR(SP_SHARE_DEVICE + SP_SHARE_FAULT + SP_SHARE_PRESSURE, 1.0, 1e-9);

	/* the slow disk: what it writes in prep_s, and >= 1,000 kept swap-ins at 11 ms */
	CHECK(sp_fault_size(&in, &s) == 0);
	CHECK_NEAR(s.prep_s, in.share_s * SP_FAULT_PREP_FRAC, 1e-9);
	CHECK_NEAR(s.prep_s + s.one_s + s.conc_s + s.uring_s, in.share_s, 1e-9);
	CHECK(s.buffer_bytes < in.budget_bytes);
	CHECK_NEAR((double)s.buffer_bytes, s.prep_s * 100e6, 0.001);
	CHECK(s.buffer_bytes % 4096 == 0);
	CHECK(s.expected_swapins == (uint64_t)(s.one_s / 0.011));
	CHECK(s.expected_swapins >= 1000 + s.warmup);
	CHECK(s.warmup < SP_FAULT_WARMUP_MAX && s.warmup >= SP_FAULT_WARMUP_MIN);
	CHECK(s.conc_s > 0 && s.uring_s > 0);

	/* the old budget-sized buffer would have taken 2.7 s of a 2.1 s preparation */
	CHECK((double)in.budget_bytes / in.seq_bytes_per_s > s.prep_s);

	/* a fast device: the budget is the ceiling, the warm-up its full size */
	in.qd1_lat_s = 80e-6;
	in.seq_bytes_per_s = 2e9;
	CHECK(sp_fault_size(&in, &s) == 0);
	CHECK_EQ_U64(s.buffer_bytes, in.budget_bytes);
	CHECK(s.warmup == SP_FAULT_WARMUP_MAX);

	/* zram: no rate, so the budget; the worker stops growing it at prep_s */
	in.seq_bytes_per_s = 0;
	in.qd1_lat_s = 0;
	CHECK(sp_fault_size(&in, &s) == 0);
	CHECK_EQ_U64(s.buffer_bytes, in.budget_bytes);
	CHECK(s.expected_swapins == 0);

	/* one thread: no concurrency phase, its time goes to the headline */
	in.threads = 1;
	CHECK(sp_fault_size(&in, &s) == 0);
	CHECK(s.conc_s == 0);
	CHECK_NEAR(s.prep_s + s.one_s + s.uring_s, in.share_s, 1e-9);
	/* no io_uring depths: everything after the preparation is touching */
	in.uring = 0;
	CHECK(sp_fault_size(&in, &s) == 0);
	CHECK(s.uring_s == 0);
	CHECK_NEAR(s.prep_s + s.one_s, in.share_s, 1e-9);

	/* a tiny, very slow disk never gets a buffer under 16 pages */
	in.seq_bytes_per_s = 1000;
	CHECK(sp_fault_size(&in, &s) == 0);
	CHECK_EQ_U64(s.buffer_bytes, 16 * 4096);

	/* refusals */
	in.share_s = 0;
	CHECK(sp_fault_size(&in, &s) == -EINVAL);
	in.share_s = 10;
	in.threads = 0;
	CHECK(sp_fault_size(&in, &s) == -EINVAL);
	in.threads = 1;
	in.budget_bytes = 15 * 4096;
	CHECK(sp_fault_size(&in, &s) == -EINVAL);
	in.budget_bytes = 1 << 20;
	in.qd1_lat_s = NAN;
	CHECK(sp_fault_size(&in, &s) == -EINVAL);
	CHECK(sp_fault_size(NULL, &s) == -EINVAL);

	/* the estimate: set-up + placements + profile + jobs */
	ei = (struct sp_estimate_in){
	    .time_per_placement_s = 30,
	    .n_swapping = 3,
	    .n_none = 1,
	    .swapfile_bytes = 200000000,
	    .write_bytes_per_s = 100e6,
	    .mkfs_s = 5,
	    .per_placement_s = 3,
	};
	CHECK(sp_run_estimate(&ei, &e) == 0);
	CHECK_NEAR(e.setup_s, 5 + 2, 1e-9);
	CHECK_NEAR(e.placements_s, 3 * (30 + 3) + (30 * SP_SHARE_PRESSURE + 3), 1e-9);
	CHECK(e.profile_s == 0 && e.jobs_s == 0);
	CHECK_NEAR(e.total_s, e.setup_s + e.placements_s, 1e-9);
	/* the profile and the job add their terms, the job once per placement */
	ei.profile_s = 60;
	ei.job_s = 40;
	CHECK(sp_run_estimate(&ei, &e) == 0);
	CHECK_NEAR(e.jobs_s, 4 * 40, 1e-9);
	CHECK_NEAR(e.total_s, 7 + e.placements_s + 60 + 160, 1e-9);
	/* the service scenario runs on every placement with or without swap (not ram) */
	ei.n_job_only = 1;
	ei.service_s = 4 * 25;
	CHECK(sp_run_estimate(&ei, &e) == 0);
	CHECK_NEAR(e.service_s, 4 * 100, 1e-9);
	CHECK_NEAR(e.total_s, e.setup_s + e.placements_s + 60 + 5 * 40 + 400, 1e-9);
	ei.service_s = -1;
	CHECK(sp_run_estimate(&ei, &e) == -EINVAL);
	ei.service_s = 0;
	/* the cache and gc scenarios likewise: every placement but ram; the gc's with its 1 s
	 * baseline in RAM */
	ei.servers_s = 3 * sp_cache_case_estimate_s(8) + sp_gc_estimate_s(10);
	CHECK_NEAR(ei.servers_s,
		   3 * (SP_SERVER_FILL_EST_S + 2 + 8) + SP_SERVER_FILL_EST_S + SP_GC_BASELINE_S +
		       10,
		   1e-9);
	CHECK(sp_run_estimate(&ei, &e) == 0);
	CHECK_NEAR(e.servers_s, 4 * ei.servers_s, 1e-9);
	CHECK_NEAR(e.total_s, e.setup_s + e.placements_s + 60 + 5 * 40 + 4 * ei.servers_s, 1e-9);
	ei.servers_s = NAN;
	CHECK(sp_run_estimate(&ei, &e) == -EINVAL);
	ei.servers_s = 0;
	ei.n_job_only = 0;
	/* a case's times from the one the user gives: the warm-up a quarter, 1 to 2 s */
	{
		double w, d, t;

		CHECK(sp_cache_times(2, &w, &d, &t) == 0 && w == 1 && d == 2 && t == 60 + 4 * 3);
		CHECK(sp_cache_times(6, &w, &d, &t) == 0 && w == 1.5 && d == 6);
		CHECK(sp_cache_times(40, &w, &d, &t) == 0 && w == 2 && d == 40);
		CHECK(sp_cache_times(0, &w, &d, &t) == -EINVAL);
		CHECK(sp_cache_times(INFINITY, &w, &d, &t) == -EINVAL);
		CHECK(sp_gc_times(3, &d, &t) == 0 && d == 3 && t == 72);
		CHECK(sp_gc_times(-1, &d, &t) == -EINVAL);
		CHECK(sp_cache_case_estimate_s(0) == 0 && sp_gc_estimate_s(NAN) == 0);
	}
	/* --sweep: each of its runs once more, a term of its own */
	CHECK(sp_run_estimate(&ei, &e) == 0);
	CHECK(e.sweep_s == 0);
	ei.n_sweep_runs = 12;
	ei.sweep_run_s = 50;
	{
		double before = e.total_s;

		CHECK(sp_run_estimate(&ei, &e) == 0);
		CHECK_NEAR(e.sweep_s, 600, 1e-9);
		CHECK_NEAR(e.total_s, before + 600, 1e-9);
	}
	ei.sweep_run_s = NAN;
	CHECK(sp_run_estimate(&ei, &e) == -EINVAL);
	ei.n_sweep_runs = 0;
	ei.sweep_run_s = 0;
	/* refusals: a swap file with no rate, negative or NaN times */
	ei.write_bytes_per_s = 0;
	CHECK(sp_run_estimate(&ei, &e) == -EINVAL);
	ei.write_bytes_per_s = 100e6;
	ei.mkfs_s = -1;
	CHECK(sp_run_estimate(&ei, &e) == -EINVAL);
	ei.mkfs_s = NAN;
	CHECK(sp_run_estimate(&ei, &e) == -EINVAL);
	CHECK(sp_run_estimate(NULL, &e) == -EINVAL);
	return CHECK_DONE();
}
