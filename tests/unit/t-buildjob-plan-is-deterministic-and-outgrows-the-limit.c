/*
 * t-buildjob-plan-is-deterministic-and-outgrows-the-limit - the build job's planner: the same
 * (budget, seed, scale) gives the same job and another seed another one; the heap ends past
 * the limit by the intended factor; units tile the heap without gaps; each re-touched window
 * is the most recent heap and fits in the limit; full passes and fsyncs fall every K and N
 * units and on the last; sources are whole pages, cover every own source once; and the
 * estimate of the default job on a 7200 rpm disk is 1-3 minutes.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/scenario/buildjob.h"

static uint64_t plan_hash(const struct sp_buildjob_plan *p)
{
	uint64_t h = p->n_sources * 31 + p->heap_pages;

	for (uint32_t i = 0; i < p->n_sources; i++)
		h = h * 1000003 + sp_buildjob_source_bytes(p, i) + sp_buildjob_source_seed(p, i);
	for (uint32_t u = 0; u < p->n_units; u++) {
		struct sp_buildjob_unit un;

		sp_buildjob_unit_at(p, u, &un);
		for (uint32_t k = 0; k < un.n_hdr; k++)
			h = h * 1000003 + un.hdr[k];
		h = h * 1000003 + un.object_bytes;
	}
	return h;
}

static void check_shape(uint64_t budget, double scale)
{
	struct sp_buildjob_plan p;
	uint64_t budget_pages = budget / SP_BUILDJOB_PAGE_BYTES, next_heap = 0;
	uint32_t next_src;

	CHECK(sp_buildjob_plan(budget, 7, scale, &p) == 0);
	/* the heap outgrows the limit by the factor, and not by more than a page */
	CHECK(p.heap_pages >= (uint64_t)(budget_pages * 1.2));
	CHECK(p.heap_pages <= (uint64_t)(budget_pages * 1.2) + 1);
	CHECK_NEAR(p.over_factor, 1.2, 1e-9);
	CHECK(p.n_units >= 4);
	CHECK(p.n_headers >= 1 && p.n_headers < p.n_sources);
	/* the window is the hot working set: it must fit well inside the limit */
	CHECK(p.window_pages > 0 && p.window_pages * 2 <= budget_pages);
	next_src = p.n_headers;
	for (uint32_t u = 0; u < p.n_units; u++) {
		struct sp_buildjob_unit un;

		CHECK(sp_buildjob_unit_at(&p, u, &un) == 0);
		CHECK_EQ_U64(un.heap_lo, next_heap);
		CHECK(un.heap_hi > un.heap_lo);
		next_heap = un.heap_hi;
		/* the window is the most recent heap, at most window_pages long */
		CHECK(un.window_lo <= un.heap_lo || un.heap_hi - un.heap_lo > p.window_pages);
		CHECK(un.heap_hi - un.window_lo ==
		      (un.heap_hi < p.window_pages ? un.heap_hi : p.window_pages));
		CHECK(un.full_pass == ((u + 1) % p.full_pass_every == 0 || u + 1 == p.n_units));
		CHECK(un.fsync_after == ((u + 1) % p.fsync_every == 0 || u + 1 == p.n_units));
		CHECK_EQ_U64(un.src_first, next_src);
		next_src = un.src_first + un.src_count;
		CHECK(un.n_hdr >= 1);
		for (uint32_t k = 0; k < un.n_hdr; k++) {
			CHECK(un.hdr[k] < p.n_headers);
			for (uint32_t j = 0; j < k; j++)
				CHECK(un.hdr[j] != un.hdr[k]);
		}
		CHECK(un.object_bytes >= SP_BUILDJOB_PAGE_BYTES);
		CHECK(un.object_bytes % SP_BUILDJOB_PAGE_BYTES == 0);
	}
	CHECK_EQ_U64(next_heap, p.heap_pages);
	CHECK_EQ_U64(next_src, p.n_sources);
	for (uint32_t i = 0; i < p.n_sources; i++) {
		uint64_t b = sp_buildjob_source_bytes(&p, i);

		CHECK(b >= SP_BUILDJOB_PAGE_BYTES && b % SP_BUILDJOB_PAGE_BYTES == 0);
	}
	CHECK_EQ_U64(sp_buildjob_source_bytes(&p, p.n_sources), 0);
	/* sources are about half the budget (clamped to 8..4096 files) */
	if (p.n_sources > 8 && p.n_sources < SP_BUILDJOB_MAX_SOURCES)
		CHECK_NEAR((double)p.source_bytes_total, budget * 0.5, 0.15);
}

int main(void)
{
	struct sp_buildjob_plan a, b, c;
	struct sp_buildjob_unit un;
	struct sp_buildjob_estimate e, e0, es;
	/* a 7200 rpm disk: ~8.5 ms per random 4 KiB read, ~150 MB/s in order */
	struct sp_buildjob_device hdd = {8.5e-3, 150e6, 3, 0, 0};
	struct sp_buildjob_device ssd = {0.1e-3, 500e6, 3, 0, 0};

	check_shape(SP_BUILDJOB_DEFAULT_BUDGET, 1.0);
	check_shape(32ull << 20, 0.25);
	check_shape(1ull << 30, 2.0);
	check_shape(4ull << 20, 0.01);

	/* deterministic for a seed, different for another */
	CHECK(sp_buildjob_plan(64ull << 20, 42, 1.0, &a) == 0);
	CHECK(sp_buildjob_plan(64ull << 20, 42, 1.0, &b) == 0);
	CHECK(sp_buildjob_plan(64ull << 20, 43, 1.0, &c) == 0);
	CHECK_EQ_U64(plan_hash(&a), plan_hash(&b));
	CHECK(plan_hash(&a) != plan_hash(&c));
	CHECK(sp_buildjob_source_seed(&a, 1) != sp_buildjob_source_seed(&c, 1));
	CHECK(sp_buildjob_source_seed(&a, 1) != sp_buildjob_source_seed(&a, 2));

	/* the work scale changes the number of units, not the heap */
	CHECK(sp_buildjob_plan(64ull << 20, 42, 0.25, &c) == 0);
	CHECK(c.n_units < a.n_units);
	CHECK_EQ_U64(c.heap_pages, a.heap_pages);

	/* bad input */
	CHECK(sp_buildjob_plan(1ull << 20, 1, 1.0, &c) == -EINVAL);
	CHECK(sp_buildjob_plan(64ull << 20, 1, 0, &c) == -EINVAL);
	CHECK(sp_buildjob_plan(64ull << 20, 1, -1, &c) == -EINVAL);
	CHECK(sp_buildjob_plan(64ull << 20, 1, 17, &c) == -EINVAL);
	CHECK(sp_buildjob_unit_at(&a, a.n_units, &un) == -EINVAL);

	/* the default job: 1-3 minutes on a 7200 rpm disk, much less on an SSD */
	CHECK(sp_buildjob_plan(SP_BUILDJOB_DEFAULT_BUDGET, 1, 1.0, &a) == 0);
	CHECK(sp_buildjob_estimate(&a, &hdd, &e) == 0);
	fprintf(stderr, "default on hdd: %.1f s (%llu swap-in pages, %llu ios, %llu seeks)\n",
		e.total_s, (unsigned long long)e.swapin_pages, (unsigned long long)e.swapin_ios,
		(unsigned long long)e.seeks);
	CHECK(e.total_s >= 60 && e.total_s <= 180);
	CHECK(e.swapin_pages > 0 && e.swapout_pages >= e.swapin_pages);
	CHECK(e.file_read_bytes >= a.source_bytes_total);
	CHECK(sp_buildjob_estimate(&a, &ssd, &es) == 0);
	CHECK(es.total_s * 10 < e.total_s);
	/* page-cluster 0: every page its own read, slower */
	hdd.page_cluster = 0;
	CHECK(sp_buildjob_estimate(&a, &hdd, &e0) == 0);
	CHECK(e0.swapin_ios == e0.swapin_pages && e0.total_s > e.total_s);
	/* the test size is short: seconds even on the disk */
	hdd.page_cluster = 3;
	CHECK(sp_buildjob_plan(32ull << 20, 1, 0.25, &b) == 0);
	CHECK(sp_buildjob_estimate(&b, &hdd, &e) == 0);
	fprintf(stderr, "32 MiB x0.25 on hdd: %.1f s\n", e.total_s);
	CHECK(e.total_s < 20);
	hdd.rand_read_s = 0;
	CHECK(sp_buildjob_estimate(&a, &hdd, &e) == -EINVAL);
	/* the CPU term: pages filled and checked times the calibrated cost of one, unless the
	 * job's own time without swap is known */
	{
		struct sp_buildjob_device cal = ssd;
		struct sp_buildjob_estimate ec;

		cal.page_s = 1e-6;
		CHECK(sp_buildjob_estimate(&a, &ssd, &e) == 0);
		CHECK(sp_buildjob_estimate(&a, &cal, &ec) == 0);
		CHECK(ec.page_ops >= a.heap_pages); /* every heap page is filled once */
		CHECK(fabs(ec.cpu_s - (double)ec.page_ops * 1e-6) < 1e-9);
		CHECK(fabs(ec.total_s - (e.total_s + ec.cpu_s)) < 1e-9);
		cal.cpu_s = 2.5;
		CHECK(sp_buildjob_estimate(&a, &cal, &ec) == 0 && ec.cpu_s == 2.5);
		cal.page_s = -1;
		CHECK(sp_buildjob_estimate(&a, &cal, &ec) == -EINVAL);
	}
	return CHECK_DONE();
}
