/*
 * t-scenario-server-gc-pauses-and-faults - the gc scenario's pure half: the heap is the ratio
 * times the limit and the hot part its share of the heap (bad ratios, shares and limits are
 * refused); pause statistics: count, p50 and p99 within the histogram's bound, worst exact,
 * faults inside pauses summed, the faulting pauses counted with their own median; no pause
 * gives zeros.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/scenario/serverjob.h"

int main(void)
{
	struct sp_gc_plan p;
	struct sp_scenario_gc g;
	uint64_t ns[200], faults[200];
	double e = sp_hist_rel_error();

	CHECK(sp_gc_plan_make(32ull << 20, 1.5, 20, 4096, &p) == 0);
	CHECK_EQ_U64(p.heap_pages, 12288);
	CHECK_EQ_U64(p.hot_pages, 2457);
	CHECK(sp_gc_plan_make(32ull << 20, 0, 20, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(32ull << 20, 17, 20, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(32ull << 20, 1.5, 0, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(32ull << 20, 1.5, 101, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(4096 * 10, 1.5, 20, 4096, &p) == -EINVAL);

	/* 190 quick pauses without faults (0.1..0.29 ms), 10 slow ones with faults (50..59 ms) */
	for (int i = 0; i < 190; i++) {
		ns[i] = 100000 + (uint64_t)i * 1000;
		faults[i] = 0;
	}
	for (int i = 0; i < 10; i++) {
		ns[190 + i] = 50000000 + (uint64_t)i * 1000000 + 7;
		faults[190 + i] = 100 + i;
	}
	memset(&g, 0, sizeof(g));
	CHECK(sp_gc_summarize(ns, faults, 200, &g) == 0);
	CHECK_EQ_U64(g.pauses, 200);
	CHECK_EQ_U64(g.faults_in_pauses, 1045);
	CHECK_EQ_U64(g.pauses_with_faults, 10);
	/* nearest rank: p50 is the 100th smallest (0.199 ms), p99 the 198th (57 ms) */
	CHECK(fabs(g.p50_pause_ms - 0.199) <= 0.199 * e);
	CHECK(fabs(g.p99_pause_ms - 57.000000007) <= 57 * e);
	CHECK(g.worst_pause_ms == 59.000007);
	/* the faulting pauses' own median: the 5th of 50..59 ms */
	CHECK(fabs(g.faulting_p50_pause_ms - 54) <= 54 * e);

	memset(&g, 0, sizeof(g));
	CHECK(sp_gc_summarize(NULL, NULL, 0, &g) == 0);
	CHECK(g.pauses == 0 && g.worst_pause_ms == 0 && g.p99_pause_ms == 0);
	CHECK(sp_gc_summarize(NULL, faults, 3, &g) == -EINVAL);
	return CHECK_DONE();
}
