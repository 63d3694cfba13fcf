/*
 * t-pagefill-ratio-near-2-to-1 - every filled 4 KiB page compresses, on its own under zstd
 * (what zram does), between 1.6:1 and 2.8:1, and the whole-buffer per-page ratio that
 * sp_zstd_page_ratio reports is in that band too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <zstd.h>

#include "check.h"
#include "core/measure/compress.h"
#include "core/measure/pagefill.h"

#define PS 4096
#define N 512

int main(void)
{
	unsigned char *a = malloc((size_t)N * PS);
	double r = 0, lo = 1e9, hi = 0;
	size_t out_bad = 0;

	if (!a)
		return 1;
	for (int i = 0; i < N; i++) {
		double one;

		sp_page_fill(a + (size_t)i * PS, PS, (uint64_t)i, 99);
		CHECK(sp_zstd_page_ratio(a + (size_t)i * PS, PS, PS, 0, &one) == 0);
		if (one < lo)
			lo = one;
		if (one > hi)
			hi = one;
		if (one < 1.6 || one > 2.8)
			out_bad++;
	}
	CHECK_EQ_U64(out_bad, 0);
	CHECK(sp_zstd_page_ratio(a, (size_t)N * PS, PS, 0, &r) == 0);
	fprintf(stderr, "per-page zstd ratio: all %.3f, min %.3f, max %.3f\n", r, lo, hi);
	CHECK(r >= 1.8 && r <= 2.3);
	free(a);
	return CHECK_DONE();
}
