/*
 * A median CI whose bounds fall in one bucket is reported at the histogram's resolution, not
 * as zero: a sampling loop told to reach a target below the bucket error must keep sampling
 * rather than stop on a false "0 %" (it did, before: the bench's QD1 phase stopped after 1 s).
 */
#include "check.h"
#include "core/measure/hist.h"

static struct sp_hist h;

int main(void)
{
	sp_hist_init(&h);
	for (int i = 0; i < 100000; i++)
		sp_hist_add(&h, 60000 + (uint64_t)(i % 7)); /* all in one bucket at ~60 us */
	CHECK_NEAR(sp_hist_median_ci_pct(&h), sp_hist_rel_error() * 100.0, 1e-9);
	CHECK(sp_hist_median_ci_pct(&h) > 0.01);

	/* below 256 ns values are exact, so a zero-width interval is the truth there */
	sp_hist_init(&h);
	for (int i = 0; i < 1000; i++)
		sp_hist_add(&h, 100);
	CHECK(sp_hist_median_ci_pct(&h) == 0.0);
	return CHECK_DONE();
}
