/*
 * t-devprobe-refuses-bad-ranges - the probe's range check refuses, with a reason, extents that
 * reach past the device's end (never clipping them: a clipped probe would measure something
 * else), that overflow, that hold no whole aligned block, or that do not fit the model.
 */
#include <errno.h>

#include "check.h"
#include "probe/devprobe.h"

int main(void)
{
	const uint64_t dev = 64ull << 20; /* 131072 sectors */
	struct sp_devprobe_map m;
	struct sp_extent e[SP_MAX_EXTENTS + 1];
	char reason[200];

	e[0] = (struct sp_extent){.start_sector = 131072 - 8, .sectors = 8};
	CHECK(sp_devprobe_map_init(&m, e, 1, 4096, 512, dev, reason, sizeof(reason)) == 0);
	CHECK_EQ_U64(sp_devprobe_block_offset(&m, 0), dev - 4096);

	e[0].sectors = 9; /* one sector past the end */
	CHECK(sp_devprobe_map_init(&m, e, 1, 4096, 512, dev, reason, sizeof(reason)) == -ERANGE);
	CHECK(strstr(reason, "past the device's end") != NULL);

	e[0] = (struct sp_extent){.start_sector = 0, .sectors = 2048};
	e[1] = (struct sp_extent){.start_sector = 200000, .sectors = 8}; /* second one bad */
	CHECK(sp_devprobe_map_init(&m, e, 2, 4096, 512, dev, reason, sizeof(reason)) == -ERANGE);
	CHECK(strstr(reason, "extent 1") != NULL);

	e[0] = (struct sp_extent){.start_sector = UINT64_MAX >> 9, .sectors = 8};
	CHECK(sp_devprobe_map_init(&m, e, 1, 4096, 512, UINT64_MAX, reason, sizeof(reason)) ==
	      -ERANGE);

	e[0] = (struct sp_extent){.start_sector = 1, .sectors = 8}; /* 4 KiB, off the grid */
	CHECK(sp_devprobe_map_init(&m, e, 1, 4096, 512, dev, reason, sizeof(reason)) == -EINVAL);
	CHECK(strstr(reason, "no whole aligned") != NULL);

	CHECK(sp_devprobe_map_init(&m, e, 0, 4096, 512, dev, reason, sizeof(reason)) == -EINVAL);

	e[0] = (struct sp_extent){.start_sector = 0, .sectors = 2048};
	CHECK(sp_devprobe_map_init(&m, e, 1, 2048, 4096, dev, reason, sizeof(reason)) == -EINVAL);
	CHECK(sp_devprobe_map_init(&m, e, 1, 4096, 3000, dev, reason, sizeof(reason)) == -EINVAL);
	CHECK(sp_devprobe_map_init(&m, e, 1, 8192, 4096, dev, reason, sizeof(reason)) == 0);

	for (int i = 0; i <= SP_MAX_EXTENTS; i++)
		e[i] = (struct sp_extent){.start_sector = (uint64_t)i * 16, .sectors = 8};
	CHECK(sp_devprobe_map_init(&m, e, SP_MAX_EXTENTS + 1, 4096, 512, dev, reason,
				   sizeof(reason)) == -E2BIG);
	CHECK(sp_devprobe_map_init(&m, e, SP_MAX_EXTENTS, 4096, 512, dev, NULL, 0) == 0);
	CHECK_EQ_U64(m.total_blocks, SP_MAX_EXTENTS);
	return CHECK_DONE();
}
