/*
 * t-compress-page-ratio-per-page-sampled - sp_zstd_page_ratio compresses pages one at a time
 * (a buffer of one page repeated is not rewarded for the repetition), samples max_pages evenly
 * (a sample over a half-zero, half-random buffer sees both halves), and rejects bad input.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/compress.h"
#include "core/measure/rng.h"

#define PS 4096

int main(void)
{
	size_t n = 64;
	unsigned char *buf = calloc(n, PS);
	struct sp_rng r;
	double ratio = 0, one = 0, all = 0;

	if (!buf)
		return 1;
	/* incompressible random pages: ratio just under 1 (zstd frames add a few bytes) */
	sp_rng_seed(&r, 1);
	for (size_t i = 0; i < n * PS; i += 8) {
		uint64_t x = sp_rng_next(&r);
		memcpy(buf + i, &x, 8);
	}
	CHECK(sp_zstd_page_ratio(buf, n * PS, PS, 0, &ratio) == 0);
	CHECK(ratio > 0.95 && ratio <= 1.0);

	/* the same random page 64 times: whole-buffer zstd would give ~64:1, per page stays ~1 */
	for (size_t i = 1; i < n; i++)
		memcpy(buf + i * PS, buf, PS);
	CHECK(sp_zstd_page_ratio(buf, n * PS, PS, 0, &ratio) == 0);
	CHECK(ratio > 0.95 && ratio <= 1.0);
	CHECK(sp_zstd_page_ratio(buf, PS, PS, 0, &one) == 0);
	CHECK_NEAR(ratio, one, 1e-9);

	/* first half zero pages, second half random: an even sample of 8 pages sees both */
	memset(buf, 0, n / 2 * PS);
	CHECK(sp_zstd_page_ratio(buf, n * PS, PS, 0, &all) == 0);
	CHECK(sp_zstd_page_ratio(buf, n * PS, PS, 8, &ratio) == 0);
	CHECK(all > 1.8 && all < 2.1); /* 32 pages of ~1:1 and 32 of almost nothing */
	CHECK_NEAR(ratio, all, 0.02);
	/* a sample of 1 takes page 0 only: zero page, hundreds to one */
	CHECK(sp_zstd_page_ratio(buf, n * PS, PS, 1, &ratio) == 0);
	CHECK(ratio > 100);
	/* partial trailing page ignored */
	CHECK(sp_zstd_page_ratio(buf + (n - 1) * PS, PS + 100, PS, 0, &ratio) == 0);
	CHECK(ratio > 0.95 && ratio <= 1.0);

	CHECK(sp_zstd_page_ratio(buf, 0, PS, 0, &ratio) == -EINVAL);
	CHECK(sp_zstd_page_ratio(buf, n * PS, 0, 0, &ratio) == -EINVAL);
	CHECK(sp_zstd_page_ratio(buf, PS - 1, PS, 0, &ratio) == -EINVAL);
	CHECK(sp_zstd_page_ratio(NULL, PS, PS, 0, &ratio) == -EINVAL);
	free(buf);
	return CHECK_DONE();
}
