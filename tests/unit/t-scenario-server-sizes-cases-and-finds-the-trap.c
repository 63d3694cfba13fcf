/*
 * t-scenario-server-sizes-cases-and-finds-the-trap - the cache scenario's pure half: a case's
 * pool and other memory are their shares of the budget and the database one budget; bad sizes
 * are refused; counters over a span become rates and deltas (a counter that went backwards is
 * refused, an absent one stays absent); the trap is the smallest pool whose own pages were out
 * on swap, whatever order the cases come in, with failed and unsampled cases left out and the
 * largest clean case below it named; no trap when no case swapped its pool.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/measure/procparse.h"
#include "core/scenario/serverjob.h"

static void test_plan(void)
{
	struct sp_cache_plan p;

	CHECK(sp_cache_plan_make(64ull << 20, 75, 40, 4096, &p) == 0);
	CHECK_EQ_U64(p.db_pages, 16384);
	CHECK_EQ_U64(p.cache_pages, 12288);
	CHECK_EQ_U64(p.other_pages, 6553);
	CHECK(sp_cache_plan_make(64ull << 20, 100, 0, 4096, &p) == 0);
	CHECK_EQ_U64(p.cache_pages, p.db_pages);
	CHECK_EQ_U64(p.other_pages, 0);
	/* a pool beyond the database holds only the database */
	CHECK(sp_cache_plan_make(64ull << 20, 150, 40, 4096, &p) == 0);
	CHECK_EQ_U64(p.cache_pages, p.db_pages);
	CHECK(sp_cache_plan_make(64ull << 20, 0, 40, 4096, &p) == -EINVAL);
	CHECK(sp_cache_plan_make(64ull << 20, 201, 40, 4096, &p) == -EINVAL);
	CHECK(sp_cache_plan_make(64ull << 20, 50, 100, 4096, &p) == -EINVAL);
	CHECK(sp_cache_plan_make(64ull << 20, 50, -1, 4096, &p) == -EINVAL);
	CHECK(sp_cache_plan_make(63 * 4096, 50, 40, 4096, &p) == -EINVAL);
	CHECK(sp_cache_plan_make(64ull << 20, 50, 40, 100, &p) == -EINVAL);
}

static void test_finish(void)
{
	struct sp_server_vm v0 = {100, 200, 1000, 5, 1, 1}, v1 = {400, 1200, 3000, 9, 1, 1};
	struct sp_hist h;
	struct sp_cache_case c;

	sp_hist_init(&h);
	for (uint64_t i = 1; i <= 100; i++)
		sp_hist_add(&h, i * 1000000); /* 1..100 ms */
	memset(&c, 0, sizeof(c));
	CHECK(sp_cache_case_finish(&v0, &v1, 2.0, 5000, &h, &c) == 0);
	CHECK(c.status == SP_STATUS_OK);
	CHECK(fabs(c.ops_per_s - 2500) < 1e-9);
	CHECK(fabs(c.swapin_pages_per_s - 150) < 1e-9);
	CHECK(fabs(c.swapout_pages_per_s - 500) < 1e-9);
	CHECK_EQ_U64(c.pgscan_direct, 2000);
	CHECK_EQ_U64(c.allocstall, 4);
	CHECK(fabs(c.p95_ms - 95) <= 95 * sp_hist_rel_error());
	CHECK(fabs(c.p50_ms - 50) <= 50 * sp_hist_rel_error());
	/* absent at either end: absent */
	v1.has_allocstall = 0;
	CHECK(sp_cache_case_finish(&v0, &v1, 2.0, 5000, &h, &c) == 0);
	CHECK(!c.has_allocstall && c.allocstall == 0 && c.has_pgscan_direct);
	/* backwards, or no span */
	v1.pswpout = 100;
	CHECK(sp_cache_case_finish(&v0, &v1, 2.0, 5000, &h, &c) == -EINVAL);
	v1.pswpout = 1200;
	CHECK(sp_cache_case_finish(&v0, &v1, 0, 5000, &h, &c) == -EINVAL);
}

static struct sp_cache_case mk(double pct, double ops, uint64_t cache_mib, uint64_t out_kib)
{
	struct sp_cache_case c;

	memset(&c, 0, sizeof(c));
	c.status = SP_STATUS_OK;
	c.cache_pct = pct;
	c.ops_per_s = ops;
	c.cache_bytes = cache_mib << 20;
	c.cache_swapped_bytes = out_kib << 10;
	c.has_swapped = 1;
	return c;
}

static void test_trap(void)
{
	struct sp_scenario_cache s;
	struct sp_cache_trap t;

	memset(&s, 0, sizeof(s));
	/* out of order: 100 % (swapped), 50 % (clean), 75 % (swapped) */
	s.n_cases = 3;
	s.cases[0] = mk(100, 100, 64, 20000);
	s.cases[1] = mk(50, 4000, 32, 0);
	s.cases[2] = mk(75, 800, 48, 4096); /* 4 MiB of 48: 8 % */
	CHECK(sp_cache_trap_find(&s, &t) == 0);
	CHECK(t.found);
	CHECK(t.cache_pct == 75);
	CHECK(t.last_clean == 1 && t.clean_pct == 50);
	CHECK(fabs(t.ops_ratio - 0.2) < 1e-9);
	CHECK_EQ_U64(t.n_measured, 3);

	/* under 1 % of the pool out is not its cache being swapped */
	s.cases[2] = mk(75, 3900, 48, 400);
	CHECK(!sp_cache_case_swaps_own_cache(&s.cases[2]));
	CHECK(sp_cache_trap_find(&s, &t) == 0);
	CHECK(t.found && t.cache_pct == 100 && t.last_clean == 2 && t.clean_pct == 75);

	/* a failed case (OOM-killed) and an unsampled one do not count */
	s.cases[2] = mk(75, 0, 48, 40000);
	s.cases[2].status = SP_STATUS_FAILED;
	s.cases[1].has_swapped = 0;
	CHECK(sp_cache_trap_find(&s, &t) == 0);
	CHECK(t.found && t.cache_pct == 100 && t.last_clean == -1 && t.ops_ratio == 0);
	CHECK_EQ_U64(t.n_measured, 1);

	/* nothing swapped its pool: no trap */
	s.cases[0] = mk(100, 100, 64, 0);
	CHECK(sp_cache_trap_find(&s, &t) == 0);
	CHECK(!t.found);
	s.n_cases = SP_CACHE_MAX_CASES + 1;
	CHECK(sp_cache_trap_find(&s, &t) == -EINVAL);
}

/* Which memory went out, from the processes' own swap use, and its text as /proc gives it. */
static void test_out(void)
{
	struct sp_cache_case c = mk(75, 1000, 48, 0);
	uint64_t b = 0;

	c.other_bytes = 25ull << 20;
	CHECK(sp_cache_case_out(&c) == SP_CACHE_OUT_UNKNOWN); /* swap use not read */
	c.evicted.has = 1;
	CHECK(sp_cache_case_out(&c) == SP_CACHE_OUT_NONE);
	c.evicted.other_bytes = 5ull << 20;
	CHECK(sp_cache_case_out(&c) == SP_CACHE_OUT_OTHER);
	CHECK(!sp_cache_case_swaps_own_cache(&c));
	/* the swap use decides over mincore where both were read */
	c.cache_swapped_bytes = 40ull << 20;
	CHECK(!sp_cache_case_swaps_own_cache(&c));
	c.evicted.pool_bytes = 1ull << 20; /* 2 % of 48 MiB */
	CHECK(sp_cache_case_out(&c) == SP_CACHE_OUT_BOTH);
	CHECK(sp_cache_case_swaps_own_cache(&c));
	c.evicted.other_bytes = 200ull << 10; /* under 1 % of 25 MiB */
	CHECK(sp_cache_case_out(&c) == SP_CACHE_OUT_POOL);
	c.status = SP_STATUS_FAILED;
	CHECK(sp_cache_case_out(&c) == SP_CACHE_OUT_UNKNOWN);
	CHECK(sp_cache_case_out(NULL) == SP_CACHE_OUT_UNKNOWN);

	/* /proc/PID/smaps, as the probe reads a mapping's own swap use: the block holding the
	 * address, its Swap line (not SwapPss), not the neighbours' */
	static const char smaps[] =
	    "55d0c0a00000-55d0c0a21000 rw-p 00000000 00:00 0                          [heap]\n"
	    "Size:                132 kB\n"
	    "Swap:                 12 kB\n"
	    "7f3a10000000-7f3a13000000 rw-p 00000000 00:00 0 \n"
	    "Size:              49152 kB\n"
	    "Rss:               34816 kB\n"
	    "SwapPss:           14336 kB\n"
	    "Swap:              14336 kB\n"
	    "Locked:                0 kB\n"
	    "7ffd5a000000-7ffd5a021000 rw-p 00000000 00:00 0                          [stack]\n"
	    "Swap:                  4 kB\n";
	CHECK(sp_parse_smaps_swap(smaps, 0x7f3a10000000ull, &b) == 0);
	CHECK_EQ_U64(b, 14336ull << 10);
	CHECK(sp_parse_smaps_swap(smaps, 0x7f3a12ffffffull, &b) == 0);
	CHECK_EQ_U64(b, 14336ull << 10);
	CHECK(sp_parse_smaps_swap(smaps, 0x55d0c0a20fffull, &b) == 0);
	CHECK_EQ_U64(b, 12ull << 10);
	CHECK(sp_parse_smaps_swap(smaps, 0x7f3a13000000ull, &b) == -ENOENT); /* past its end */
	CHECK(sp_parse_smaps_swap("7f00-7f10 rw-p 0 00:00 0\nSize: 4 kB\n8000-9000 r--p 0 0:0 0\n",
				  0x7f00, &b) == -ENOENT); /* its block has no Swap line */
	CHECK(sp_parse_smaps_swap("7f00-7f10 rw-p 0 00:00 0\nSwap: many kB\n", 0x7f00, &b) ==
	      -EINVAL);
	CHECK(sp_parse_smaps_swap(NULL, 0, &b) == -EINVAL);
}

/* The scenario's evicted: the most of each side over the ok cases that read it. */
static void test_evicted_most(void)
{
	struct sp_scenario_cache s = {.done = 1, .n_cases = 3};

	s.cases[0] = mk(50, 1000, 24, 0);
	s.cases[1] = mk(75, 900, 36, 0);
	s.cases[2] = mk(100, 100, 48, 0);
	s.evicted.has = 1; /* stale: recomputed, not kept */
	sp_cache_evicted_most(&s);
	CHECK(!s.evicted.has); /* no case read its swap use */
	s.cases[0].evicted =
	    (struct sp_cache_evicted){.pool_bytes = 3 << 20, .other_bytes = 1 << 20, .has = 1};
	s.cases[1].evicted =
	    (struct sp_cache_evicted){.pool_bytes = 1 << 20, .other_bytes = 7 << 20, .has = 1};
	/* a failed case's figures are not the scenario's */
	s.cases[2].evicted =
	    (struct sp_cache_evicted){.pool_bytes = 40 << 20, .other_bytes = 40 << 20, .has = 1};
	s.cases[2].status = SP_STATUS_FAILED;
	sp_cache_evicted_most(&s);
	CHECK(s.evicted.has);
	CHECK_EQ_U64(s.evicted.pool_bytes, 3ull << 20);
	CHECK_EQ_U64(s.evicted.other_bytes, 7ull << 20);
	sp_cache_evicted_most(NULL); /* no crash */
}

int main(void)
{
	test_plan();
	test_finish();
	test_trap();
	test_out();
	test_evicted_most();
	return CHECK_DONE();
}
