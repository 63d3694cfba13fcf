/*
 * t-pagefill-pages-distinct-not-same-filled - pages are reproducible from (index, seed), every
 * page differs from every other (also across seeds), and no page is zero- or same-filled (zram
 * would store such pages without compressing them). The body looks like text: printable bytes,
 * spaces and newlines.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/pagefill.h"

#define PS 4096
#define N 256

int main(void)
{
	unsigned char *a = malloc((size_t)N * PS), *b = malloc(PS);
	size_t dup = 0, same_words = 0, nonprint = 0, newlines = 0, spaces = 0;

	if (!a || !b)
		return 1;
	for (int i = 0; i < N; i++)
		sp_page_fill(a + (size_t)i * PS, PS, (uint64_t)i, 1);
	for (int i = 0; i < N; i++)
		for (int j = i + 1; j < N; j++)
			if (!memcmp(a + (size_t)i * PS, a + (size_t)j * PS, PS))
				dup++;
	CHECK_EQ_U64(dup, 0);

	/* same index, other seed: different body, not just a different header */
	sp_page_fill(b, PS, 0, 2);
	CHECK(memcmp(a + 32, b + 32, PS - 32) != 0);
	/* (seed 1, index 0) and (seed 0, index 1) must not collide */
	sp_page_fill(b, PS, 1, 0);
	CHECK(memcmp(a + 32, b + 32, PS - 32) != 0);
	/* reproducible */
	sp_page_fill(b, PS, 5, 1);
	CHECK(memcmp(a + 5 * PS, b, PS) == 0);

	for (int i = 0; i < N; i++) {
		const unsigned char *p = a + (size_t)i * PS;
		uint64_t w0, w;
		int all_same = 1;

		memcpy(&w0, p + 32, 8);
		for (size_t off = 40; off < PS; off += 8) {
			memcpy(&w, p + off, 8);
			if (w != w0)
				all_same = 0;
		}
		same_words += all_same;
		for (size_t k = 32; k < PS; k++) {
			if (p[k] == '\n')
				newlines++;
			else if (p[k] == ' ')
				spaces++;
			else if (p[k] < 0x21 || p[k] > 0x7e)
				nonprint++;
		}
	}
	CHECK_EQ_U64(same_words, 0);
	CHECK_EQ_U64(nonprint, 0);
	/* about one newline per 70 bytes, one space per ~7 */
	CHECK(newlines > (size_t)N * 30 && newlines < (size_t)N * 120);
	CHECK(spaces > (size_t)N * 300);
	free(a);
	free(b);
	return CHECK_DONE();
}
