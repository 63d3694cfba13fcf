/*
 * t-hist-merge-equals-adding-all - merging per-thread histograms gives exactly the histogram
 * of all samples added to one, including min, max and sum, and merging an empty one (either
 * way round) changes nothing.
 */
#include "check.h"
#include "core/measure/hist.h"
#include "core/measure/rng.h"

int main(void)
{
	static struct sp_hist a, b, all, empty, m;
	struct sp_rng r;

	sp_rng_seed(&r, 7);
	sp_hist_init(&a);
	sp_hist_init(&b);
	sp_hist_init(&all);
	sp_hist_init(&empty);
	for (int i = 0; i < 50000; i++) {
		uint64_t v = sp_rng_below(&r, 1ull << (1 + sp_rng_below(&r, 36)));

		sp_hist_add(i % 3 ? &a : &b, v);
		sp_hist_add(&all, v);
	}
	/* b holds the extremes in one case, a in the other */
	sp_hist_add(&b, 3);
	sp_hist_add(&all, 3);
	sp_hist_add(&a, 1ull << 45);
	sp_hist_add(&all, 1ull << 45);

	m = a;
	sp_hist_merge(&m, &b);
	CHECK_EQ_U64(m.total, all.total);
	CHECK_EQ_U64(m.min_ns, all.min_ns);
	CHECK_EQ_U64(m.max_ns, all.max_ns);
	CHECK(m.sum_ns == all.sum_ns);
	CHECK(memcmp(m.counts, all.counts, sizeof(m.counts)) == 0);
	CHECK_EQ_U64(sp_hist_quantile(&m, 0.99), sp_hist_quantile(&all, 0.99));

	/* order does not matter */
	m = b;
	sp_hist_merge(&m, &a);
	CHECK(memcmp(&m, &all, sizeof(m)) == 0);

	/* empty into full, full into empty */
	m = all;
	sp_hist_merge(&m, &empty);
	CHECK(memcmp(&m, &all, sizeof(m)) == 0);
	m = empty;
	sp_hist_merge(&m, &all);
	CHECK(memcmp(&m, &all, sizeof(m)) == 0);
	/* an empty destination must take the source's min, not keep its 0 */
	sp_hist_init(&m);
	sp_hist_init(&a);
	sp_hist_add(&a, 500);
	sp_hist_merge(&m, &a);
	CHECK_EQ_U64(m.min_ns, 500);
	return CHECK_DONE();
}
