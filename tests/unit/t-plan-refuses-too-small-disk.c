/*
 * t-plan-refuses-too-small-disk - a disk without room for both swap partitions and the data
 * partition is refused with -ENOSPC, and sp_plan_min_disk_bytes() is exactly the edge: the
 * plan succeeds at that size and is refused one logical sector below, on 512- and
 * 4096-byte-sector disks.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/plan/plan.h"

#define MiB (1024ull * 1024)
#define GiB (1024 * MiB)

static void check_edge(const struct sp_plan_opts *o)
{
	struct sp_layout l;
	uint64_t min = sp_plan_min_disk_bytes(o);
	int ok512, ok4k;

	CHECK(min > 0);
	CHECK(sp_plan_layout(min, 512, o, &l) == 0);
	CHECK(sp_plan_layout(min, 4096, o, &l) == 0);
	/* below the minimum at least one sector size must fail, and the larger minimum of
	 * the two is returned */
	ok512 = sp_plan_layout(min - 512, 512, o, &l) == 0;
	ok4k = sp_plan_layout(min - 4096, 4096, o, &l) == 0;
	CHECK(!(ok512 && ok4k));
	CHECK(sp_plan_layout(min / 2, 512, o, &l) == -ENOSPC);
}

int main(void)
{
	struct sp_plan_opts o;
	struct sp_layout l;

	/* defaults: 1 MiB front, 1 GiB + 1.25 GiB + 1 GiB, then the backup GPT: 5 sectors of
	 * 4096 bytes (the larger of the two; 33 of 512 need 16896 bytes) */
	CHECK_EQ_U64(sp_plan_min_disk_bytes(NULL), 1 * MiB + 3 * GiB + 256 * MiB + 20480);
	CHECK(sp_plan_layout(1 * MiB + 3 * GiB + 256 * MiB + 16896, 512, NULL, &l) == 0);
	CHECK(sp_plan_layout(1 * MiB + 3 * GiB + 256 * MiB + 16896 - 512, 512, NULL, &l) ==
	      -ENOSPC);
	CHECK(sp_plan_layout(sp_plan_min_disk_bytes(NULL) - 4096, 4096, NULL, &l) == -ENOSPC);
	CHECK(sp_plan_layout(1 * GiB, 512, NULL, &l) == -ENOSPC);
	CHECK(sp_plan_layout(0, 512, NULL, &l) == -ENOSPC);
	CHECK(sp_plan_layout(64 * 1024, 4096, NULL, &l) == -ENOSPC);
	check_edge(NULL);

	sp_plan_defaults(&o);
	o.swap_part_bytes = 64 * MiB;
	o.swapfile_bytes = 100 * MiB;
	o.data_extra_bytes = 32 * MiB;
	check_edge(&o);

	/* a small alignment: the edge is no longer a whole number of MiB but still exact */
	o.align_bytes = 4096;
	check_edge(&o);
	CHECK(sp_plan_min_disk_bytes(&o) < 2 * 64 * MiB + 132 * MiB + 2 * MiB);

	/* sizes so near 2^64 that rounding them up to the alignment wraps (to a partition of
	 * 0 sectors) are too large, not tiny (found by tests/fuzz/fuzz-plan.c) */
	CHECK(sp_plan_single(UINT64_MAX, 4096, UINT64_MAX, &l) == -ENOSPC);
	CHECK(sp_plan_single(8 * GiB, 512, UINT64_MAX - MiB / 2, &l) == -ENOSPC);
	sp_plan_defaults(&o);
	o.swap_part_bytes = UINT64_MAX;
	CHECK(sp_plan_layout(UINT64_MAX, 4096, &o, &l) == -ENOSPC);
	sp_plan_defaults(&o);
	o.swapfile_bytes = UINT64_MAX - 100 * MiB;
	CHECK(sp_plan_layout(UINT64_MAX, 512, &o, &l) == -ENOSPC);
	return CHECK_DONE();
}
