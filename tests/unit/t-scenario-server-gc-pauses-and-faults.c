/*
 * t-scenario-server-gc-pauses-and-faults - the gc scenario's pure half: the plan (a heap that
 * fits, a metadata region of a page per 64 heap pages held in [16, 256] so a pause is a few
 * hundred reads at most, a cycle's allocations that take heap, metadata and them past the
 * limit; bad shares and limits refused); pause statistics: count, p50 and p99 within the
 * histogram's bound, worst exact, faults inside pauses summed, the faulting pauses counted with
 * their own median, each pause into the list up to its capacity; allocation latency's p50, p99
 * and max; and when another cycle fits the span.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/scenario/serverjob.h"

static void plan(void)
{
	struct sp_gc_plan p;

	/* 64 MiB: 16384 pages; heap 8192, metadata 8192/64 = 128, 11468 allocated a cycle */
	CHECK(sp_gc_plan_make(64ull << 20, 50, 70, 4096, &p) == 0);
	CHECK_EQ_U64(p.heap_pages, 8192);
	CHECK_EQ_U64(p.meta_pages, 128);
	CHECK_EQ_U64(p.alloc_pages, 11468);
	CHECK(p.excess_pages == 8192 + 128 + 11468 - 16384);
	CHECK(p.heap_pages + p.meta_pages < 16384 && p.excess_pages > (int64_t)p.meta_pages);
	/* the defaults: heap 4915, metadata 76, a limit's worth allocated a cycle */
	CHECK(sp_gc_plan_make(64ull << 20, SP_GC_DEFAULT_HEAP_PCT, SP_GC_DEFAULT_ALLOC_PCT, 4096,
			      &p) == 0);
	CHECK_EQ_U64(p.heap_pages, 4915);
	CHECK_EQ_U64(p.meta_pages, 76);
	CHECK_EQ_U64(p.alloc_pages, 16384);
	/* the heap and the metadata fit; a cycle's allocations take them past the limit */
	CHECK(p.heap_pages + p.meta_pages < 16384 && p.excess_pages > (int64_t)p.meta_pages);
	/* a large budget: the metadata stays at 256 pages (a pause a few hundred reads) */
	CHECK(sp_gc_plan_make(4ull << 30, 50, 70, 4096, &p) == 0);
	CHECK_EQ_U64(p.meta_pages, SP_GC_META_MAX_PAGES);
	/* a small one: at least 16 */
	CHECK(sp_gc_plan_make(1ull << 20, 50, 70, 4096, &p) == 0);
	CHECK_EQ_U64(p.heap_pages, 128);
	CHECK_EQ_U64(p.meta_pages, SP_GC_META_MIN_PAGES);
	CHECK(sp_gc_plan_make(32ull << 20, 0, 70, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(32ull << 20, 100, 70, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(32ull << 20, 50, 0, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(32ull << 20, 50, 401, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(4096 * 10, 50, 70, 4096, &p) == -EINVAL);
	CHECK(sp_gc_plan_make(32ull << 20, 50, 70, 4095, &p) == -EINVAL);
}

static void pauses(void)
{
	struct sp_gc_pauses g;
	struct sp_gc_pause list[8];
	struct sp_scenario_gc s;
	uint64_t ns[200], faults[200];
	size_t n_list = 99;
	double e = sp_hist_rel_error();

	/* 190 quick pauses without faults (0.1..0.29 ms), 10 slow ones with faults (50..59 ms) */
	for (int i = 0; i < 190; i++) {
		ns[i] = 100000 + (uint64_t)i * 1000;
		faults[i] = 0;
	}
	for (int i = 0; i < 10; i++) {
		ns[190 + i] = 50000000 + (uint64_t)i * 1000000 + 7;
		faults[190 + i] = 100 + i;
	}
	faults[3] = 2;
	CHECK(sp_gc_summarize(ns, faults, 200, &g, list, 8, &n_list) == 0);
	CHECK_EQ_U64(g.pauses, 200);
	CHECK_EQ_U64(g.faults_in_pauses, 1047);
	CHECK_EQ_U64(g.pauses_with_faults, 11);
	/* nearest rank: p50 is the 100th smallest (0.199 ms), p99 the 198th (57 ms) */
	CHECK(fabs(g.p50_pause_ms - 0.199) <= 0.199 * e);
	CHECK(fabs(g.p99_pause_ms - 57.000000007) <= 57 * e);
	CHECK(g.worst_pause_ms == 59.000007);
	/* the faulting pauses' own median: the 6th of 0.103, 50..59 ms */
	CHECK(fabs(g.faulting_p50_pause_ms - 54) <= 54 * e);
	/* the list: the first 8, exact */
	CHECK_EQ_U64(n_list, 8);
	CHECK(list[0].ms == 0.1 && list[0].faults == 0);
	CHECK(list[3].ms == 0.103 && list[3].faults == 2);
	memset(&s, 0, sizeof(s));
	sp_gc_pauses_put(&g, &s);
	CHECK(s.pauses == 200 && s.faults_in_pauses == 1047 &&
	      s.worst_pause_ms == g.worst_pause_ms);
	CHECK(s.pauses_with_faults == 11 && s.p99_pause_ms == g.p99_pause_ms);

	/* fewer pauses than the list holds: all of them */
	CHECK(sp_gc_summarize(ns + 190, faults + 190, 3, &g, list, 8, &n_list) == 0);
	CHECK_EQ_U64(n_list, 3);
	CHECK(list[2].ms == 52.000007 && list[2].faults == 102);

	CHECK(sp_gc_summarize(NULL, NULL, 0, &g, list, 8, &n_list) == 0);
	CHECK(g.pauses == 0 && g.worst_pause_ms == 0 && g.p99_pause_ms == 0 && n_list == 0);
	CHECK(sp_gc_summarize(NULL, faults, 3, &g, NULL, 0, NULL) == -EINVAL);
	CHECK(sp_gc_summarize(ns, faults, 3, &g, NULL, 8, &n_list) == -EINVAL);
}

static void alloc_latency(void)
{
	struct sp_hist h;
	struct sp_gc_alloc_latency a;
	double e = sp_hist_rel_error();

	sp_hist_init(&h);
	sp_gc_alloc_summarize(&h, &a);
	CHECK(a.p50_us == 0 && a.p99_us == 0 && a.max_us == 0);
	/* 989 allocations of 2 us, 10 of 300 us (faults), one of 22,001 us: the 990th is 300 */
	for (int i = 0; i < 989; i++)
		sp_hist_add(&h, 2000);
	for (int i = 0; i < 10; i++)
		sp_hist_add(&h, 300000);
	sp_hist_add(&h, 22001000);
	sp_gc_alloc_summarize(&h, &a);
	CHECK(fabs(a.p50_us - 2) <= 2 * e);
	CHECK(fabs(a.p99_us - 300) <= 300 * e);
	CHECK(a.max_us == 22001);
}

static void cycles(void)
{
	/* the first cycle always runs, however slow the last one would say it is */
	CHECK(sp_gc_cycle_fits(0, 0, 10, 0));
	CHECK(sp_gc_cycle_fits(50, 50, 10, 0));
	/* 3 s cycles on a 10 s span: after 3 and 6 s one more fits, after 9 s none */
	CHECK(sp_gc_cycle_fits(3, 3, 10, 1));
	CHECK(sp_gc_cycle_fits(6.5, 3, 10, 2));
	CHECK(!sp_gc_cycle_fits(7.5, 3, 10, 2));
	CHECK(!sp_gc_cycle_fits(10.1, 0, 10, 3));
	/* a cycle's allocations: a quarter of the span at most */
	CHECK(sp_gc_cycle_cap_s(10) == 2.5);
	CHECK(sp_gc_cycle_cap_s(0) == 0 && sp_gc_cycle_cap_s(NAN) == 0);
	/* the baseline: a quarter of the span, at most 1 s */
	CHECK(sp_gc_baseline_s(2) == 0.5);
	CHECK(sp_gc_baseline_s(10) == SP_GC_BASELINE_S);
	CHECK(sp_gc_baseline_s(0) == 0);
	CHECK(sp_gc_estimate_s(10) == SP_SERVER_FILL_EST_S + 1 + 10);
}

int main(void)
{
	plan();
	pauses();
	alloc_latency();
	cycles();
	return CHECK_DONE();
}
