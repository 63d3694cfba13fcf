/*
 * t-pagefill-pressure-fills-probe-pages - the pressure probe's workload holds the fault probe's
 * pages: sp_pressure_fill() with a seed gives, page for page, the bytes sp_page_fill() gives
 * for (index, seed), each page verifies, the same seed gives the same buffer again, and another
 * seed another one. So zram stores the same kind of data in both probes. (Before the two page
 * generators were merged, pressure.c filled pages from its own 32-word list: this failed.)
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/pagefill.h"
#include "probe/pressure.h"

#define PS 4096
#define N 64

int main(void)
{
	unsigned char *a = malloc((size_t)N * PS), *b = malloc((size_t)N * PS), *p = malloc(PS);
	size_t differ = 0, bad = 0;

	if (!a || !b || !p)
		return 1;
	sp_pressure_fill(a, N, PS, 7);
	for (uint64_t i = 0; i < N; i++) {
		sp_page_fill(p, PS, i, 7);
		if (memcmp(a + i * PS, p, PS))
			differ++;
		if (sp_page_verify(a + i * PS, PS, i, 7))
			bad++;
	}
	CHECK_EQ_U64(differ, 0);
	CHECK_EQ_U64(bad, 0);

	sp_pressure_fill(b, N, PS, 7);
	CHECK(memcmp(a, b, (size_t)N * PS) == 0);
	sp_pressure_fill(b, N, PS, 8);
	CHECK(memcmp(a + 32, b + 32, PS - 32) != 0);
	CHECK(sp_page_verify(b, PS, 0, 7) == -EBADMSG);

	free(a);
	free(b);
	free(p);
	return CHECK_DONE();
}
