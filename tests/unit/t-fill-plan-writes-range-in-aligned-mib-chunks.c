/*
 * t-fill-plan-writes-range-in-aligned-mib-chunks - the write that maps a swap partition before
 * the device probe reads it (core/measure/fill.h) covers the range exactly once, in writes of at
 * most 1 MiB that end on the disk's 1 MiB boundaries and are whole logical blocks (O_DIRECT),
 * refuses a range O_DIRECT could not write, and its data is never zeros, never repeats and does
 * not compress (a byte histogram as flat as random data's).
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/measure/fill.h"

#define MIB (1ull << 20)

/* Walk the plan; check coverage and alignment. Returns the number of writes, or 0 on a fault. */
static uint64_t walk(uint64_t disk_off, uint64_t bytes, uint32_t lbs)
{
	struct sp_fill_plan f;
	uint64_t off, expect = 0, n = 0;
	uint32_t len;

	if (sp_fill_plan_init(&f, disk_off, bytes, SP_FILL_CHUNK_BYTES, lbs) < 0)
		return 0;
	while (sp_fill_plan_next(&f, &off, &len)) {
		int last = off + len == bytes;

		CHECK_EQ_U64(off, expect);
		CHECK(len > 0 && len <= MIB);
		CHECK(len % lbs == 0);
		CHECK((disk_off + off) % lbs == 0);
		/* every write but the last ends on a 1 MiB boundary of the disk */
		if (!last)
			CHECK((disk_off + off + len) % MIB == 0);
		/* every write but the first starts on one */
		if (off)
			CHECK((disk_off + off) % MIB == 0);
		expect = off + len;
		n++;
	}
	CHECK_EQ_U64(expect, bytes);
	CHECK(!sp_fill_plan_next(&f, &off, &len)); /* stays exhausted */
	return n;
}

int main(void)
{
	struct sp_fill_plan f;
	struct sp_rng r;
	unsigned char *a = malloc(MIB), *b = malloc(MIB);
	uint64_t hist[256] = {0};
	double chi2 = 0;
	size_t zero_blocks = 0, same = 0;

	/* a planned partition: 1 MiB-aligned, 64 MiB: 64 full writes */
	CHECK_EQ_U64(walk(MIB, 64 * MIB, 512), 64);
	/* a 4Kn disk, its end partition not a whole number of MiB: one short last write */
	CHECK_EQ_U64(walk(1000 * MIB, 5 * MIB + 12288, 4096), 6);
	/* a range that starts mid-MiB: the first write reaches the boundary, then whole MiBs */
	CHECK_EQ_U64(walk(MIB + 4096, 3 * MIB, 4096), 4);
	/* smaller than one chunk, inside one MiB */
	CHECK_EQ_U64(walk(2 * MIB + 512, 4096, 512), 1);
	/* an empty range has no write */
	CHECK(sp_fill_plan_init(&f, 0, 0, SP_FILL_CHUNK_BYTES, 512) == 0);
	{
		uint64_t off;
		uint32_t len;

		CHECK(!sp_fill_plan_next(&f, &off, &len));
	}

	/* what O_DIRECT could not write is refused */
	CHECK(sp_fill_plan_init(&f, 512, MIB, SP_FILL_CHUNK_BYTES, 4096) == -EINVAL);
	CHECK(sp_fill_plan_init(&f, 0, MIB + 512, SP_FILL_CHUNK_BYTES, 4096) == -EINVAL);
	CHECK(sp_fill_plan_init(&f, 0, MIB, SP_FILL_CHUNK_BYTES, 3000) == -EINVAL);
	CHECK(sp_fill_plan_init(&f, 0, MIB, 1000, 512) == -EINVAL);
	CHECK(sp_fill_plan_init(&f, 0, MIB, 0, 512) == -EINVAL);

	/* the data: two chunks in a row differ everywhere that matters, and none is zeros */
	CHECK(a && b);
	if (!a || !b)
		return 1;
	sp_rng_seed(&r, 42);
	sp_fill_data(&r, a, MIB);
	sp_fill_data(&r, b, MIB);
	for (size_t blk = 0; blk < MIB / 4096; blk++) {
		static const unsigned char zero[4096];

		zero_blocks += !memcmp(a + blk * 4096, zero, 4096);
		same += !memcmp(a + blk * 4096, b + blk * 4096, 4096);
	}
	CHECK_EQ_U64(zero_blocks, 0);
	CHECK_EQ_U64(same, 0);
	/* incompressible: its bytes as flat as random ones (chi-square, 255 degrees of freedom:
	 * mean 255, sd 22.6; a repeated or patterned buffer lands in the thousands) */
	for (size_t i = 0; i < MIB; i++)
		hist[a[i]]++;
	for (int k = 0; k < 256; k++) {
		double e = MIB / 256.0, d = (double)hist[k] - e;

		chi2 += d * d / e;
	}
	CHECK(chi2 < 400);
	/* the same seed gives the same data: a run is reproducible from --seed */
	sp_rng_seed(&r, 42);
	sp_fill_data(&r, b, MIB);
	CHECK(!memcmp(a, b, MIB));
	free(a);
	free(b);
	return CHECK_DONE();
}
