/*
 * t-hddmodel-expectation-matches-monte-carlo - hdd_expect_random_us(), the closed form the
 * tests use for their expectations, agrees within 3 % with the mean of the model itself run
 * on many random 4 KiB reads confined to the same range: for a small range at the start of
 * the disk, a middle one, one at the end (other rates), the whole disk, and a small range
 * where the track buffer catches a noticeable share of the reads.
 */
#include "../hddmodel/hddmodel.h"
#include "check.h"

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ull + 1442695040888963407ull;
	return *x >> 16;
}

static double monte_carlo(const struct hdd_params *p, uint64_t a, uint64_t b, int n)
{
	struct hdd_model m;
	struct hdd_cost c;
	uint64_t x = 7, positions = (b - a) / 4096;
	double sum = 0;

	hdd_model_init(&m, p);
	hdd_model_request(&m, HDD_READ, a, 4096, &c); /* start the head inside the range */
	for (int i = 0; i < n; i++) {
		hdd_model_request(&m, HDD_READ, a + lcg(&x) % positions * 4096, 4096, &c);
		sum += c.total_us;
	}
	return sum / n;
}

int main(void)
{
	struct hdd_params p;
	const uint64_t M = 1 << 20, G = 1ull << 30;
	struct {
		uint64_t a, b, buffer;
	} cases[] = {
	    {1 * M, 161 * M, 256 << 10},	 {3 * G, 4 * G, 256 << 10},
	    {8 * G - 512 * M, 8 * G, 256 << 10}, {0, 8 * G, 256 << 10},
	    {64 * M, 72 * M, 512 << 10}, /* 8 MiB range: ~6 % of reads are continuations */
	};
	double e, mc, no_buffer;

	hdd_params_default(&p);
	p.size_bytes = 8 * G;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		p.buffer_bytes = cases[i].buffer;
		e = hdd_expect_random_us(&p, cases[i].a, cases[i].b, 4096);
		mc = monte_carlo(&p, cases[i].a, cases[i].b, 400000);
		fprintf(stderr, "range [%llu, %llu): expected %.1f us, model run %.1f us\n",
			(unsigned long long)cases[i].a, (unsigned long long)cases[i].b, e, mc);
		CHECK_NEAR(e, mc, 0.03);
	}
	/* the buffer correction matters where it should: without it the small range is off */
	p.buffer_bytes = 0;
	no_buffer = hdd_expect_random_us(&p, 64 * M, 72 * M, 4096);
	p.buffer_bytes = 512 << 10;
	CHECK(no_buffer > 1.04 * hdd_expect_random_us(&p, 64 * M, 72 * M, 4096));
	/* farther apart on the disk and a wider range cost more; a slower spindle costs more */
	CHECK(hdd_expect_random_us(&p, 0, 8 * G, 4096) > hdd_expect_random_us(&p, 0, G, 4096));
	e = hdd_expect_random_us(&p, 0, G, 4096);
	p.rpm = 5400;
	CHECK_NEAR(hdd_expect_random_us(&p, 0, G, 4096) - e, (60e6 / 5400 - 60e6 / 7200) / 2, 0.02);
	/* empty and out-of-disk ranges are refused */
	CHECK(hdd_expect_random_us(&p, 4096, 4096, 4096) < 0);
	CHECK(hdd_expect_random_us(&p, 0, 9 * G, 4096) < 0);
	CHECK(hdd_expect_random_us(&p, 0, 2048, 4096) < 0);
	return CHECK_DONE();
}
