/*
 * t-buildjob-plan-is-deterministic-and-works-twice-the-limit - the build job's planner: the same
 * (budget, seed, scale, jobs) gives the same job and another seed another one; the heap ends
 * past the limit by the intended factor and the working set is about twice the limit (the
 * field's regime); units tile each process's heap without gaps; a unit imports only modules of
 * earlier rounds (so --jobs never deadlocks) and distinct ones; the toolchain has a hot part
 * inside the compiler; sources are whole pages and cover every own source once; and the
 * estimate of the default job on a 7200 rpm disk is within minutes and far more on the disk
 * than on an SSD.
 */
#include <errno.h>
#include <math.h>
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
		for (uint32_t k = 0; k < un.n_dep; k++)
			h = h * 1000003 + un.dep[k];
		h = h * 1000003 + un.object_bytes + un.rng_seed;
	}
	return h;
}

static void check_shape(uint64_t budget, double scale, uint32_t jobs)
{
	struct sp_buildjob_plan p;
	uint64_t budget_pages = budget / SP_BUILDJOB_PAGE_BYTES, tool;
	uint64_t next_heap[SP_BUILDJOB_MAX_JOBS] = {0};
	uint32_t next_src;

	CHECK(sp_buildjob_plan(budget, 7, scale, jobs, &p) == 0);
	CHECK(p.n_units >= 4 && p.n_units >= jobs && p.n_units <= SP_BUILDJOB_MAX_UNITS);
	CHECK(p.jobs == jobs);
	CHECK(p.n_headers >= 1 && p.n_headers < p.n_sources);
	CHECK(p.heap_pages >= (uint64_t)((double)budget_pages * p.over_factor * 0.9));
	CHECK(p.heap_pages > budget_pages);
	/* the regime: the job would hold about twice the limit */
	CHECK(p.working_set_bytes > budget * 18 / 10 && p.working_set_bytes < budget * 26 / 10);
	tool = p.compiler_bytes + SP_BUILDJOB_LIBS * p.lib_bytes;
	CHECK(tool >= SP_BUILDJOB_PAGE_BYTES * (SP_BUILDJOB_LIBS + 1));
	CHECK(p.hot_code_pages >= 1 &&
	      p.hot_code_pages * SP_BUILDJOB_PAGE_BYTES < p.compiler_bytes);
	CHECK(p.steps_per_unit >= 1 && p.heap_per_step >= 1 && p.cold_every >= 1);
	next_src = p.n_headers;
	for (uint32_t u = 0; u < p.n_units; u++) {
		struct sp_buildjob_unit un;

		CHECK(sp_buildjob_unit_at(&p, u, &un) == 0);
		CHECK(un.index == u && un.proc == u % jobs);
		/* each process's units tile its heap in order */
		CHECK_EQ_U64(un.heap_lo, next_heap[un.proc]);
		CHECK(un.heap_hi > un.heap_lo);
		next_heap[un.proc] = un.heap_hi;
		CHECK(un.src_first == next_src && un.src_count >= 1);
		next_src = un.src_first + un.src_count;
		CHECK(un.n_hdr >= 1);
		for (uint32_t k = 0; k < un.n_hdr; k++) {
			CHECK(un.hdr[k] < p.n_headers);
			for (uint32_t j = 0; j < k; j++)
				CHECK(un.hdr[j] != un.hdr[k]);
		}
		/* imports: distinct, from earlier rounds only, as many as there are (up to 4) */
		CHECK(un.n_dep ==
		      (u / jobs * jobs < p.deps_per_unit ? u / jobs * jobs : p.deps_per_unit));
		for (uint32_t k = 0; k < un.n_dep; k++) {
			CHECK(un.dep[k] < u / jobs * jobs);
			for (uint32_t j = 0; j < k; j++)
				CHECK(un.dep[j] != un.dep[k]);
		}
		CHECK(un.object_bytes >= SP_BUILDJOB_PAGE_BYTES);
		CHECK(un.object_bytes % SP_BUILDJOB_PAGE_BYTES == 0);
	}
	for (uint32_t k = 0; k < jobs; k++)
		CHECK_EQ_U64(next_heap[k], sp_buildjob_proc_heap_pages(&p, k));
	CHECK_EQ_U64(next_src, p.n_sources);
	for (uint32_t i = 0; i < p.n_sources; i++) {
		uint64_t b = sp_buildjob_source_bytes(&p, i);

		CHECK(b >= SP_BUILDJOB_PAGE_BYTES && b % SP_BUILDJOB_PAGE_BYTES == 0);
	}
	CHECK_EQ_U64(sp_buildjob_source_bytes(&p, p.n_sources), 0);
	/* sources are about a quarter of the budget (clamped to 8..4096 files) */
	if (p.n_sources > 8 && p.n_sources < SP_BUILDJOB_MAX_SOURCES)
		CHECK_NEAR((double)p.source_bytes_total, budget * 0.25, 0.15);
}

int main(void)
{
	struct sp_buildjob_plan a, b, c;
	struct sp_buildjob_unit un;
	struct sp_buildjob_estimate e, es;
	/* a 7200 rpm disk: ~8.5 ms per random 4 KiB read, ~150 MB/s in order */
	struct sp_buildjob_device hdd = {8.5e-3, 150e6, 3, 0, 0};
	struct sp_buildjob_device ssd = {0.1e-3, 500e6, 3, 0, 0};

	check_shape(SP_BUILDJOB_DEFAULT_BUDGET, 1.0, 1);
	check_shape(SP_BUILDJOB_DEFAULT_BUDGET, 1.0, 4);
	check_shape(32ull << 20, 0.25, 1);
	check_shape(32ull << 20, 0.25, 3);
	check_shape(1ull << 30, 2.0, 2);
	check_shape(4ull << 20, 0.01, 1);

	/* deterministic for a seed, different for another */
	CHECK(sp_buildjob_plan(64ull << 20, 42, 1.0, 1, &a) == 0);
	CHECK(sp_buildjob_plan(64ull << 20, 42, 1.0, 1, &b) == 0);
	CHECK(sp_buildjob_plan(64ull << 20, 43, 1.0, 1, &c) == 0);
	CHECK_EQ_U64(plan_hash(&a), plan_hash(&b));
	CHECK(plan_hash(&a) != plan_hash(&c));
	CHECK(sp_buildjob_source_seed(&a, 1) != sp_buildjob_source_seed(&c, 1));
	CHECK(sp_buildjob_source_seed(&a, 1) != sp_buildjob_source_seed(&a, 2));
	CHECK(sp_buildjob_tool_seed(&a, 0) != sp_buildjob_tool_seed(&a, 1));
	CHECK(sp_buildjob_iface_seed(&a, 0) != sp_buildjob_iface_seed(&a, 1));
	CHECK_EQ_U64(sp_buildjob_tool_bytes(&a, SP_BUILDJOB_LIBS + 1), 0);

	/* the work scale changes the number of units and the steps, not the heap */
	CHECK(sp_buildjob_plan(64ull << 20, 42, 0.25, 1, &c) == 0);
	CHECK(c.n_units < a.n_units);
	CHECK_NEAR((double)c.heap_pages, (double)a.heap_pages, 0.02);
	CHECK_NEAR((double)(c.steps_per_unit * c.n_units),
		   0.25 * (double)(a.steps_per_unit * a.n_units), 0.05);
	/* the touches grow with the budget up to 64 MiB's heap, not past it: the heap (the
	 * regime) still does, so a job at the 256 MiB ceiling swaps in the same regime for about
	 * as long as one at 64 MiB */
	CHECK(sp_buildjob_plan(256ull << 20, 42, 1.0, 1, &c) == 0);
	CHECK_NEAR((double)c.heap_pages, 4.0 * (double)a.heap_pages, 0.02);
	CHECK_NEAR((double)(c.steps_per_unit * c.n_units), (double)(a.steps_per_unit * a.n_units),
		   0.02);
	CHECK(sp_buildjob_plan(32ull << 20, 42, 1.0, 1, &c) == 0);
	CHECK_NEAR((double)(c.steps_per_unit * c.n_units),
		   0.5 * (double)(a.steps_per_unit * a.n_units), 0.03);
	/* --jobs splits the same heap among its processes */
	CHECK(sp_buildjob_plan(64ull << 20, 42, 1.0, 4, &c) == 0);
	CHECK_NEAR((double)c.heap_pages, (double)a.heap_pages, 0.02);

	/* bad input */
	CHECK(sp_buildjob_plan(1ull << 20, 1, 1.0, 1, &c) == -EINVAL);
	CHECK(sp_buildjob_plan(64ull << 20, 1, 0, 1, &c) == -EINVAL);
	CHECK(sp_buildjob_plan(64ull << 20, 1, -1, 1, &c) == -EINVAL);
	CHECK(sp_buildjob_plan(64ull << 20, 1, 17, 1, &c) == -EINVAL);
	CHECK(sp_buildjob_plan(64ull << 20, 1, 1.0, 0, &c) == -EINVAL);
	CHECK(sp_buildjob_plan(64ull << 20, 1, 1.0, SP_BUILDJOB_MAX_JOBS + 1, &c) == -EINVAL);
	CHECK(sp_buildjob_unit_at(&a, a.n_units, &un) == -EINVAL);

	/* the default job: minutes on a 7200 rpm disk, much less on an SSD */
	CHECK(sp_buildjob_plan(SP_BUILDJOB_DEFAULT_BUDGET, 1, 1.0, 1, &a) == 0);
	CHECK(sp_buildjob_estimate(&a, &hdd, &e) == 0);
	fprintf(stderr,
		"default on hdd: %.1f s (%llu swap-in pages, %llu code refaults, %llu seeks)\n",
		e.total_s, (unsigned long long)e.swapin_pages, (unsigned long long)e.code_refaults,
		(unsigned long long)e.seeks);
	CHECK(e.total_s >= 30 && e.total_s <= 600);
	CHECK(e.swapin_pages > 0 && e.swapout_pages >= e.swapin_pages);
	CHECK(e.code_refaults > 0);
	CHECK(e.file_read_bytes >= a.source_bytes_total);
	CHECK(sp_buildjob_estimate(&a, &ssd, &es) == 0);
	CHECK(es.total_s * 10 < e.total_s);
	/* the test size is short: seconds even on the disk */
	CHECK(sp_buildjob_plan(32ull << 20, 1, 0.25, 1, &b) == 0);
	CHECK(sp_buildjob_estimate(&b, &hdd, &e) == 0);
	fprintf(stderr, "32 MiB x0.25 on hdd: %.1f s\n", e.total_s);
	CHECK(e.total_s < 60);
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
		/* the sources and objects, not the heap (copies of a shape, a memcpy each) */
		CHECK(ec.page_ops > a.source_bytes_total / SP_BUILDJOB_PAGE_BYTES);
		CHECK(ec.page_ops < a.heap_pages);
		CHECK(fabs(ec.cpu_s - (double)ec.page_ops * 1e-6) < 1e-9);
		CHECK(fabs(ec.total_s - (e.total_s + ec.cpu_s)) < 1e-9);
		cal.cpu_s = 2.5;
		CHECK(sp_buildjob_estimate(&a, &cal, &ec) == 0 && ec.cpu_s == 2.5);
		cal.page_s = -1;
		CHECK(sp_buildjob_estimate(&a, &cal, &ec) == -EINVAL);
	}
	return CHECK_DONE();
}
