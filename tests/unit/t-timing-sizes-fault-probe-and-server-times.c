/*
 * t-timing-sizes-fault-probe-and-server-times - the time arithmetic (core/plan/timing.h): on a
 * 5400 rpm disk (11 ms a read, 100 MB/s) at 30 s per placement the fault probe's buffer is what
 * the disk writes in its preparation time, and its one-thread phase expects at least 1,000
 * swap-ins plus the warm-up; on a fast device the budget is the buffer; zram (no rate) gets the
 * budget and the worker's own time cap; the phases add up to the share; the cache and gc
 * scenarios' times follow the one the user gives (the run's estimate is
 * t-estimate-assumes-the-disk-and-sums-the-terms).
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
	CHECK_NEAR(sp_cache_case_estimate_s(8), SP_SERVER_FILL_EST_S + 2 + 8, 1e-9);
	CHECK_NEAR(sp_gc_estimate_s(10), SP_SERVER_FILL_EST_S + SP_GC_BASELINE_S + 10, 1e-9);
	return CHECK_DONE();
}
