/*
 * t-hist-quantiles-within-error-bound - every quantile the histogram reports is within
 * sp_hist_rel_error() of the exact order statistic of the same data, for values spread over
 * nine decades (log-uniform, 10 ns to 10 s); the bound itself is 2^-(SUB_BITS+1).
 */
#include <stdlib.h>

#include "check.h"
#include "core/measure/hist.h"
#include "core/measure/rng.h"

#define N 200000

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int main(void)
{
	static struct sp_hist h;
	static uint64_t v[N];
	struct sp_rng r;
	double worst = 0, bound = sp_hist_rel_error();

	CHECK(bound == 1.0 / 256);
	sp_rng_seed(&r, 42);
	sp_hist_init(&h);
	for (int i = 0; i < N; i++) {
		/* log-uniform between 1e1 and 1e10 ns */
		double u = (double)(sp_rng_next(&r) >> 11) / 9007199254740992.0;

		v[i] = (uint64_t)pow(10, 1 + 9 * u);
		sp_hist_add(&h, v[i]);
	}
	qsort(v, N, sizeof(v[0]), cmp_u64);
	CHECK_EQ_U64(h.total, N);
	CHECK_EQ_U64(h.min_ns, v[0]);
	CHECK_EQ_U64(h.max_ns, v[N - 1]);

	/* every rank, not only the reported percentiles */
	for (uint64_t k = 0; k < N; k++) {
		uint64_t got = sp_hist_at_rank(&h, k);
		double rel = fabs((double)got - (double)v[k]) / (double)v[k];

		if (rel > worst)
			worst = rel;
		if (rel > bound + 1e-12) {
			fprintf(stderr, "rank %llu: exact %llu, hist %llu, rel %g\n",
				(unsigned long long)k, (unsigned long long)v[k],
				(unsigned long long)got, rel);
			CHECK(rel <= bound + 1e-12);
			break;
		}
	}
	/* the bound is tight enough to matter: some value really is near it */
	CHECK(worst > bound / 2);

	/* quantile() is the nearest rank: ceil(q*n)-th smallest */
	double qs[] = {0.5, 0.95, 0.99, 0.999};
	for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
		uint64_t exact = v[(uint64_t)ceil(qs[i] * N) - 1];

		CHECK_NEAR((double)sp_hist_quantile(&h, qs[i]), (double)exact, bound + 1e-12);
	}
	CHECK_EQ_U64(sp_hist_quantile(&h, 0), v[0]);
	CHECK_EQ_U64(sp_hist_quantile(&h, 1), v[N - 1]);

	/* the summary carries the same numbers in microseconds */
	struct sp_lat_summary s = {.warmup_dropped = 17};
	sp_hist_summarize(&h, &s);
	CHECK_EQ_U64(s.samples, N);
	CHECK_EQ_U64(s.warmup_dropped, 17);
	CHECK_NEAR(s.p50_us, v[N / 2 - 1] / 1000.0, bound + 1e-9);
	CHECK_NEAR(s.p99_us, v[(uint64_t)ceil(0.99 * N) - 1] / 1000.0, bound + 1e-9);
	CHECK_NEAR(s.max_us, v[N - 1] / 1000.0, 1e-12);
	CHECK_NEAR(s.min_us, v[0] / 1000.0, 1e-12);
	double sum = 0;
	for (int i = 0; i < N; i++)
		sum += (double)v[i];
	CHECK_NEAR(s.mean_us, sum / N / 1000.0, 1e-9);
	CHECK(s.hist_rel_error == bound);
	CHECK(s.p50_ci_lo_us <= s.p50_us && s.p50_us <= s.p50_ci_hi_us);
	CHECK(s.p50_ci_lo_us < s.p50_ci_hi_us);
	CHECK(s.p99_ci_lo_us <= s.p99_us && s.p99_us <= s.p99_ci_hi_us);
	CHECK(s.p99_ci_lo_us < s.p99_ci_hi_us);
	CHECK(s.p50_us <= s.p95_us && s.p95_us <= s.p99_us && s.p99_us <= s.p999_us &&
	      s.p999_us <= s.max_us);
	fprintf(stderr, "worst relative error %g (bound %g)\n", worst, bound);
	return CHECK_DONE();
}
