/*
 * t-devprobe-offsets-follow-extent-length - random offsets are spread over the extents in
 * proportion to their length (a swap file's big extent must not weigh as much as a tiny one),
 * and the sequence is a pure function of the seed, so a run is reproducible.
 */
#include "check.h"
#include "core/measure/rng.h"
#include "probe/devprobe.h"

int main(void)
{
	/* 1 MiB, then 3 MiB further out */
	const struct sp_extent ext[] = {
	    {.start_sector = 2048, .sectors = 2048},
	    {.start_sector = 1 << 20, .sectors = 3 * 2048},
	};
	struct sp_devprobe_map m;
	struct sp_rng a, b, c;
	uint64_t first = 0, n = 400000, same = 1, differ = 0;

	CHECK(sp_devprobe_map_init(&m, ext, 2, 4096, 512, 1ull << 32, NULL, 0) == 0);
	sp_rng_seed(&a, 7);
	for (uint64_t i = 0; i < n; i++)
		if (sp_devprobe_random_offset(&m, &a) < (2048 + 2048) * 512ull)
			first++;
	/* expected 25 %; binomial sd is 0.07 %, so 1 % is a wide but failing-capable margin */
	CHECK_NEAR((double)first / n, 0.25, 0.04);

	sp_rng_seed(&a, 7);
	sp_rng_seed(&b, 7);
	sp_rng_seed(&c, 8);
	for (int i = 0; i < 1000; i++) {
		uint64_t x = sp_devprobe_random_offset(&m, &a);

		if (x != sp_devprobe_random_offset(&m, &b))
			same = 0;
		if (x != sp_devprobe_random_offset(&m, &c))
			differ++;
	}
	CHECK(same);
	CHECK(differ > 900);
	return CHECK_DONE();
}
