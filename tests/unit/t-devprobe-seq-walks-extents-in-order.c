/*
 * t-devprobe-seq-walks-extents-in-order - the sequential phase reads the extents in the order
 * given, each contiguously, in chunks of at most the asked size that never cross an extent's
 * end, and covers every aligned block exactly once.
 */
#include "check.h"
#include "probe/devprobe.h"

int main(void)
{
	const struct sp_extent ext[] = {
	    {.start_sector = 2048, .sectors = 5000},   /* 2.44 MiB, unaligned end */
	    {.start_sector = 100000, .sectors = 2048}, /* exactly 1 MiB */
	    {.start_sector = 50000, .sectors = 16},    /* behind the others on disk */
	};
	struct sp_devprobe_map m;
	struct sp_devprobe_seq c = {0};
	uint64_t off, total = 0, expect_off = 2048 * 512ull;
	uint32_t len;
	int chunks = 0, run = 0;

	CHECK(sp_devprobe_map_init(&m, ext, 3, 4096, 512, 1ull << 30, NULL, 0) == 0);
	while (sp_devprobe_seq_next(&m, &c, 1 << 20, &off, &len)) {
		if (off != expect_off) { /* a jump is allowed only to the next run's start */
			run++;
			CHECK(run < 3);
			if (run < 3)
				CHECK_EQ_U64(off, m.first_byte[run]);
		}
		CHECK(len > 0 && len <= (1u << 20) && len % 4096 == 0);
		CHECK(off + len <= m.first_byte[run] + m.blocks[run] * 4096);
		total += len;
		expect_off = off + len;
		chunks++;
	}
	CHECK_EQ_U64(run, 2);
	CHECK_EQ_U64(total, m.total_blocks * 4096);
	/* 2560000 bytes -> 624 blocks = 1 MiB + 1 MiB + 458752; then 1 MiB; then 8 KiB */
	CHECK_EQ_U64(chunks, 5);
	CHECK_EQ_U64(sp_devprobe_seq_next(&m, &c, 1 << 20, &off, &len), 0);

	c = (struct sp_devprobe_seq){0};
	CHECK_EQ_U64(sp_devprobe_seq_next(&m, &c, 4095, &off, &len), 0); /* less than a block */
	CHECK_EQ_U64(sp_devprobe_seq_next(&m, &c, 6000, &off, &len), 1);
	CHECK_EQ_U64(len, 4096);
	return CHECK_DONE();
}
