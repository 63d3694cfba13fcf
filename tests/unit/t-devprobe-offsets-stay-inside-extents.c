/*
 * t-devprobe-offsets-stay-inside-extents - every read the device probe can issue lies wholly
 * inside one of the extents it was given and starts on a block boundary, even when the
 * extents themselves start and end off the block grid.
 */
#include "check.h"
#include "core/measure/rng.h"
#include "probe/devprobe.h"

static const struct sp_extent ext[] = {
    {.start_sector = 7, .sectors = 100},      /* 3584..54784: blocks at 4096..53248 */
    {.start_sector = 2048, .sectors = 8},     /* exactly one block */
    {.start_sector = 3000, .sectors = 7},     /* smaller than a block: no target */
    {.start_sector = 10001, .sectors = 4096}, /* unaligned both ends */
};
#define N_EXT (sizeof(ext) / sizeof(ext[0]))

static int inside(uint64_t off, uint32_t len)
{
	for (size_t i = 0; i < N_EXT; i++) {
		uint64_t s = ext[i].start_sector * 512, e = s + ext[i].sectors * 512;

		if (off >= s && off + len <= e)
			return 1;
	}
	return 0;
}

int main(void)
{
	struct sp_devprobe_map m;
	struct sp_rng r;
	uint64_t prev = 0;
	int ret;

	ret = sp_devprobe_map_init(&m, ext, N_EXT, 4096, 512, 1ull << 30, NULL, 0);
	CHECK(ret == 0);
	/* by hand: (54784-4096)/4096 = 12; 1; 0; extent 4 spans 5120512..7217664 -> first block
	 * 5124096, (7217664-5124096)/4096 = 511 */
	CHECK_EQ_U64(m.n, 3);
	CHECK_EQ_U64(m.total_blocks, 12 + 1 + 511);
	CHECK_EQ_U64(m.range_bytes, (100 + 8 + 7 + 4096) * 512ull);

	for (uint64_t i = 0; i < m.total_blocks; i++) {
		uint64_t off = sp_devprobe_block_offset(&m, i);

		CHECK(off % 4096 == 0);
		CHECK(inside(off, 4096));
		CHECK(i == 0 || off > prev);
		prev = off;
	}
	CHECK_EQ_U64(sp_devprobe_block_offset(&m, 0), 4096);
	CHECK_EQ_U64(sp_devprobe_block_offset(&m, 12), 2048 * 512);
	CHECK_EQ_U64(sp_devprobe_block_offset(&m, 13), 5124096);

	sp_rng_seed(&r, 42);
	for (int i = 0; i < 200000; i++) {
		uint64_t off = sp_devprobe_random_offset(&m, &r);

		if (off % 4096 || !inside(off, 4096)) {
			CHECK(!"random offset outside the extents or unaligned");
			break;
		}
	}

	/* a 4 KiB logical block size with 4 KiB reads: same grid, still inside */
	ret = sp_devprobe_map_init(&m, ext, N_EXT, 4096, 4096, 1ull << 30, NULL, 0);
	CHECK(ret == 0);
	for (uint64_t i = 0; i < m.total_blocks; i++)
		CHECK(inside(sp_devprobe_block_offset(&m, i), 4096));
	return CHECK_DONE();
}
