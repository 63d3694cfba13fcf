/*
 * t-hist-block-ci-covers-and-widens-for-drift - the median's CI from block medians (batch
 * means, the fault probe's blocks): known values for a few blocks, blocks without a median left
 * out, fewer than two refused; in 400 seeded runs of 16 blocks of an exponential the blocks'
 * interval holds the true median about 95 % of the time; a 15 % drift over the blocks, which
 * the order-statistic interval of 160000 samples does not see, widens the summary's interval
 * to cover it; and the paired version over two series of blocks (the like-for-like floor's
 * difference) keeps negative differences.
 */
#include <errno.h>
#include <math.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/measure/rng.h"

/* exponential with mean 50 us times scale: median 50 ln 2 us times scale */
static uint64_t draw(struct sp_rng *r, double scale)
{
	double u = ((double)(sp_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;

	return (uint64_t)(-50000.0 * scale * log(u));
}

int main(void)
{
	static struct sp_hist h, blk;
	const double med = 50.0 * log(2.0);
	double b[SP_MAX_BLOCKS], half, a[3] = {10, 11, 12}, c[3] = {8, 9, 9};
	struct sp_lat_summary s;
	struct sp_rng rng;
	int covered = 0, runs = 400;

	/* 1 2 3 4: sd 1.291, t(3) 3.182: half 3.182 * 1.291 / 2 */
	b[0] = 1, b[1] = 2, b[2] = 3, b[3] = 4;
	CHECK(sp_hist_block_ci_half(b, 4, &half) == 0);
	CHECK_NEAR(half, 3.182 * sqrt(5.0 / 3.0) / 2.0, 1e-9);
	/* a block without a median (0) is left out, not taken as a zero */
	b[4] = 0;
	CHECK(sp_hist_block_ci_half(b, 5, &half) == 0);
	CHECK_NEAR(half, 3.182 * sqrt(5.0 / 3.0) / 2.0, 1e-9);
	CHECK(sp_hist_block_ci_half(b, 1, &half) == -EINVAL && half == 0);
	b[0] = 0;
	CHECK(sp_hist_block_ci_half(b, 2, &half) == -EINVAL);
	CHECK(sp_t95(1) > 12.7 && sp_t95(1) < 12.71);
	CHECK(sp_t95(15) > 2.13 && sp_t95(15) < 2.132);
	CHECK(sp_t95(1000) == 1.96);

	/* coverage: 16 blocks of 300 samples each, no drift */
	sp_rng_seed(&rng, 18);
	for (int run = 0; run < runs; run++) {
		double sum = 0, mean;

		for (int k = 0; k < 16; k++) {
			sp_hist_init(&blk);
			for (int i = 0; i < 300; i++)
				sp_hist_add(&blk, draw(&rng, 1.0));
			b[k] = (double)sp_hist_quantile(&blk, 0.5) / 1e3;
			sum += b[k];
		}
		mean = sum / 16;
		CHECK(sp_hist_block_ci_half(b, 16, &half) == 0);
		covered += fabs(mean - med) <= half;
	}
	printf("blocks' CI held the median in %d of %d runs\n", covered, runs);
	CHECK(covered >= runs * 91 / 100 && covered <= runs * 99 / 100);

	/* drift: block k's latencies are (1 + 0.15 k / 15) times the first's */
	sp_hist_init(&h);
	for (int k = 0; k < 16; k++) {
		sp_hist_init(&blk);
		for (int i = 0; i < 10000; i++) {
			uint64_t v = draw(&rng, 1.0 + 0.15 * k / 15.0);

			sp_hist_add(&blk, v);
			sp_hist_add(&h, v);
		}
		b[k] = (double)sp_hist_quantile(&blk, 0.5) / 1e3;
	}
	sp_hist_summarize(&h, &s);
	{
		double bin = s.p50_ci_hi_us - s.p50_ci_lo_us;

		sp_lat_widen_by_blocks(&s, b, 16);
		printf("drift: order-statistic CI %.2f us wide, blocks' %.2f us\n", bin,
		       s.p50_ci_hi_us - s.p50_ci_lo_us);
		CHECK(s.p50_ci_hi_us - s.p50_ci_lo_us >= 3 * bin);
		CHECK(s.p50_ci_lo_us <= s.p50_us && s.p50_us <= s.p50_ci_hi_us);
		/* it covers the drift's middle: the median at 7.5 % */
		CHECK(s.p50_ci_lo_us <= med * 1.075 && med * 1.075 <= s.p50_ci_hi_us);
	}
	/* fewer than two blocks: nothing changes */
	{
		struct sp_lat_summary t = s;

		sp_lat_widen_by_blocks(&t, b, 1);
		CHECK(t.p50_ci_lo_us == s.p50_ci_lo_us && t.p50_ci_hi_us == s.p50_ci_hi_us);
	}

	/* paired: d = 2 2 3, sd 0.577, t(2) 4.303 */
	CHECK(sp_hist_paired_block_ci_half(a, c, 3, &half) == 0);
	CHECK_NEAR(half, 4.303 * sqrt(1.0 / 3.0) / sqrt(3.0), 1e-9);
	/* negative differences are kept (the floor slower than the swap-in) */
	CHECK(sp_hist_paired_block_ci_half(c, a, 3, &half) == 0);
	CHECK_NEAR(half, 4.303 * sqrt(1.0 / 3.0) / sqrt(3.0), 1e-9);
	/* a block missing one side is left out */
	c[1] = 0;
	CHECK(sp_hist_paired_block_ci_half(a, c, 3, &half) == 0);
	CHECK_NEAR(half, 12.706 * sqrt(0.5) / sqrt(2.0), 1e-9);
	CHECK(sp_hist_paired_block_ci_half(a, c, 2, &half) == -EINVAL);
	return CHECK_DONE();
}
