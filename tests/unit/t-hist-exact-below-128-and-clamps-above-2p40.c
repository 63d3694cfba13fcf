/*
 * t-hist-exact-below-128-and-clamps-above-2p40 - values below 2^SUB_BITS (and, with one-wide
 * buckets, below 2^(SUB_BITS+1)) come back exactly; values beyond 2^MAX_BITS land in the last
 * bucket without overflowing the array while max_ns keeps them exactly; an empty histogram
 * summarizes to zeros.
 */
#include <errno.h>

#include "check.h"
#include "core/measure/hist.h"

int main(void)
{
	static struct sp_hist h;
	struct sp_lat_summary s;

	/* every value 0..255 once: rank k must be exactly k */
	sp_hist_init(&h);
	for (uint64_t v = 0; v < 256; v++)
		sp_hist_add(&h, 255 - v);
	for (uint64_t k = 0; k < 256; k++)
		CHECK_EQ_U64(sp_hist_at_rank(&h, k), k);

	/* one value repeated: every quantile is that value, not a bucket midpoint */
	sp_hist_init(&h);
	for (int i = 0; i < 1000; i++)
		sp_hist_add(&h, 127);
	CHECK_EQ_U64(sp_hist_quantile(&h, 0.5), 127);
	CHECK_EQ_U64(sp_hist_quantile(&h, 0.999), 127);
	sp_hist_init(&h);
	for (int i = 0; i < 1000; i++)
		sp_hist_add(&h, 1000003);
	/* midpoint clamped to [min, max] gives the value back */
	CHECK_EQ_U64(sp_hist_quantile(&h, 0.5), 1000003);

	/* beyond 2^40 */
	sp_hist_init(&h);
	uint64_t huge = (1ull << 50) + 12345, big = (1ull << 40) + 7;
	for (int i = 0; i < 10; i++)
		sp_hist_add(&h, 1000);
	sp_hist_add(&h, big);
	sp_hist_add(&h, huge);
	sp_hist_add(&h, UINT64_MAX);
	CHECK_EQ_U64(h.counts[SP_HIST_BUCKETS - 1], 3);
	CHECK_EQ_U64(h.max_ns, UINT64_MAX);
	CHECK_EQ_U64(h.total, 13);
	CHECK_EQ_U64(sp_hist_quantile(&h, 1.0), UINT64_MAX);
	/* a clamped value in the middle reads back as the last bucket, near 2^40 */
	uint64_t r11 = sp_hist_at_rank(&h, 11);
	CHECK(r11 >= (1ull << 39) && r11 <= (1ull << 40));
	/* 1000 sits in a 4-wide bucket: its midpoint, within the bound */
	CHECK_NEAR((double)sp_hist_at_rank(&h, 5), 1000.0, sp_hist_rel_error());
	/* the last value below the clamp goes to the last bucket too, the one before does not */
	sp_hist_init(&h);
	sp_hist_add(&h, (1ull << 40) - 1);
	CHECK_EQ_U64(h.counts[SP_HIST_BUCKETS - 1], 1);
	sp_hist_add(&h, (1ull << 40) - (1ull << 32) - 1);
	CHECK_EQ_U64(h.counts[SP_HIST_BUCKETS - 2], 1);

	/* empty */
	sp_hist_init(&h);
	memset(&s, 0xff, sizeof(s));
	s.warmup_dropped = 3;
	sp_hist_summarize(&h, &s);
	CHECK_EQ_U64(s.samples, 0);
	CHECK_EQ_U64(s.warmup_dropped, 3);
	CHECK(s.mean_us == 0 && s.min_us == 0 && s.p50_us == 0 && s.p95_us == 0 && s.p99_us == 0 &&
	      s.p999_us == 0 && s.max_us == 0);
	CHECK(s.p50_ci_lo_us == 0 && s.p50_ci_hi_us == 0 && s.p99_ci_lo_us == 0 &&
	      s.p99_ci_hi_us == 0);
	CHECK_EQ_U64(sp_hist_quantile(&h, 0.5), 0);
	CHECK_EQ_U64(sp_hist_at_rank(&h, 0), 0);
	CHECK(sp_hist_median_ci_pct(&h) == 100.0);
	uint64_t lo = 1, hi = 1;
	CHECK(sp_hist_quantile_ci(&h, 0.5, &lo, &hi) == -EINVAL);
	CHECK(lo == 0 && hi == 0);
	return CHECK_DONE();
}
