/*
 * pagefill.h - the fault probe's page contents: text-like, about 2:1 under zstd per 4 KiB page,
 * never zero- or same-filled (zram stores those for free, so they would measure nothing), every
 * page distinct and verifiable.
 *
 * A page starts with a 32-byte header: magic, index, seed and a checksum (sp_mix64 chain) over
 * the rest of the page. The rest is words from a built-in list, numbers, punctuation and
 * newlines, chosen by an sp_rng seeded from (seed, index), so a page is reproducible from the
 * pair alone. Pure: no allocation, no I/O.
 */
#ifndef SP_PAGEFILL_H
#define SP_PAGEFILL_H

#include <stddef.h>
#include <stdint.h>

#define SP_PAGEFILL_MAGIC 0x5357504c50414745ull /* "SWPLPAGE" */
#define SP_PAGEFILL_HEADER_BYTES 32
#define SP_PAGEFILL_MIN_PAGE 64 /* page_size must be >= this and a multiple of 8 */

/* Fill page (page_size bytes) with the content of page number index under seed. */
void sp_page_fill(void *page, size_t page_size, uint64_t index, uint64_t seed);

/*
 * Check a page against its header and the expected (index, seed).
 * Returns: 0 when intact, -EBADMSG when any byte differs from what sp_page_fill wrote
 * (a wrong magic, index, seed or checksum), -EINVAL for an unusable page_size.
 */
int sp_page_verify(const void *page, size_t page_size, uint64_t index, uint64_t seed);

#endif
