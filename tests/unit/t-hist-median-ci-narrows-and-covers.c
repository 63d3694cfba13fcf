/*
 * t-hist-median-ci-narrows-and-covers - the order-statistics CI of the median contains the true
 * median (and p99) of a known distribution in about 95 % of 400 independent runs, narrows as
 * 1/sqrt(n) with more samples, and reports "unknown" (100 %) below about ten samples; the p99 CI
 * brackets p99.
 */
#include <errno.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/measure/rng.h"

/* exponential with mean 50 us: median 50 * ln 2 us, p99 50 * ln 100 us */
static uint64_t draw(struct sp_rng *r)
{
	double u = ((double)(sp_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;

	return (uint64_t)(-50000.0 * log(u));
}

static void fill(struct sp_hist *h, struct sp_rng *r, int n)
{
	sp_hist_init(h);
	for (int i = 0; i < n; i++)
		sp_hist_add(h, draw(r));
}

int main(void)
{
	static struct sp_hist h;
	struct sp_rng r;
	double true_med = 50000.0 * log(2), true_p99 = 50000.0 * log(100);
	double pct[4];
	int sizes[4] = {100, 1000, 10000, 100000}, covered = 0, p99_covered = 0, trials = 400;
	uint64_t lo, hi;

	sp_rng_seed(&r, 2024);

	/* coverage over independent runs */
	for (int t = 0; t < trials; t++) {
		fill(&h, &r, 1000);
		CHECK(sp_hist_quantile_ci(&h, 0.5, &lo, &hi) == 0);
		if ((double)lo <= true_med && true_med <= (double)hi)
			covered++;
		CHECK(sp_hist_quantile_ci(&h, 0.99, &lo, &hi) == 0);
		if ((double)lo <= true_p99 && true_p99 <= (double)hi)
			p99_covered++;
	}
	fprintf(stderr, "median CI covered %d/%d, p99 CI %d/%d\n", covered, trials, p99_covered,
		trials);
	/* binomial(400, 0.95): mean 380, sd 4.4; 360 is more than 4 sd below */
	CHECK(covered >= 360 && covered <= 398);
	CHECK(p99_covered >= 350 && p99_covered <= 398);

	/* narrowing: 10x the samples, about 1/sqrt(10) the width */
	for (int i = 0; i < 4; i++) {
		fill(&h, &r, sizes[i]);
		pct[i] = sp_hist_median_ci_pct(&h);
		CHECK(sp_hist_quantile_ci(&h, 0.5, &lo, &hi) == 0);
		CHECK(lo < hi);
		fprintf(stderr, "n=%d median CI +/- %.2f %%\n", sizes[i], pct[i]);
	}
	for (int i = 1; i < 4; i++) {
		CHECK(pct[i] < pct[i - 1]);
		CHECK(pct[i] > pct[i - 1] / sqrt(10) / 2 && pct[i] < pct[i - 1] / sqrt(10) * 2);
	}
	/* theory: 1.96 * sqrt(n)/2 ranks, density 1/(mean*2) at the median => ~ 1.96/sqrt(n)/ln2 */
	CHECK_NEAR(pct[3], 100 * 1.96 / sqrt(100000) / log(2), 0.25);

	/* too few samples: no interval, lo = hi = the median */
	fill(&h, &r, 5);
	CHECK(sp_hist_quantile_ci(&h, 0.5, &lo, &hi) == -EINVAL);
	CHECK(lo == hi && lo == sp_hist_quantile(&h, 0.5));
	CHECK(sp_hist_median_ci_pct(&h) == 100.0);
	/* ten samples are enough: ranks 1 and 9 of 1000..1009 */
	sp_hist_init(&h);
	for (int i = 0; i < 10; i++)
		sp_hist_add(&h, 1000 + (uint64_t)i);
	CHECK(sp_hist_quantile_ci(&h, 0.5, &lo, &hi) == 0);
	CHECK_EQ_U64(lo, 1000);
	CHECK(hi >= 1007 && hi <= 1009);
	CHECK(sp_hist_median_ci_pct(&h) > 0.2 && sp_hist_median_ci_pct(&h) < 0.6);
	/* p99 from 100 samples cannot be bounded above: summary shows the data's whole range */
	fill(&h, &r, 100);
	CHECK(sp_hist_quantile_ci(&h, 0.99, &lo, &hi) == -EINVAL);
	struct sp_lat_summary s = {0};
	sp_hist_summarize(&h, &s);
	CHECK(s.p99_ci_lo_us == s.min_us && s.p99_ci_hi_us == s.max_us);
	CHECK(s.p50_ci_lo_us < s.p50_us && s.p50_us < s.p50_ci_hi_us);
	return CHECK_DONE();
}
