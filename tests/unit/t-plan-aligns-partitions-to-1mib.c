/*
 * t-plan-aligns-partitions-to-1mib - every partition start of the planned layout is 1 MiB
 * aligned (and so a whole number of logical sectors), on 512- and 4096-byte-sector disks of
 * several sizes and in both layouts, and the start partition begins at the first aligned sector,
 * 2048; a centred data partition is exactly the file plus the extra room.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/plan/plan.h"

#define GiB (1024ull * 1024 * 1024)

int main(void)
{
	static const uint64_t sizes[] = {4 * GiB, 4 * GiB + 12345 * 512ull, 10 * GiB + 7 * 4096,
					 2000 * GiB - 4096 * 3};
	static const uint32_t lss[] = {512, 4096};
	struct sp_layout l;
	size_t i, j, k;

	struct sp_plan_opts c;

	sp_plan_defaults(&c);
	c.layout = SP_LAYOUT_CENTRED;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		for (j = 0; j < 2; j++) {
			/* installed (the default): the data partition's end is the end
			 * partition's aligned start */
			CHECK(sp_plan_layout(sizes[i], lss[j], NULL, &l) == 0);
			for (k = 0; k < SP_PLAN_PARTS; k++)
				CHECK_EQ_U64(l.parts[k].start_sector % 2048, 0);
			CHECK_EQ_U64(l.parts[SP_PLAN_DATA].sectors % 2048, 0);
			CHECK(sp_plan_layout(sizes[i], lss[j], &c, &l) == 0);
			CHECK_EQ_U64(l.parts[SP_PLAN_START].start_sector, 2048);
			CHECK_EQ_U64(l.parts[SP_PLAN_START].sectors, 2 * 1024 * 1024);
			for (k = 0; k < SP_PLAN_PARTS; k++) {
				CHECK_EQ_U64(l.parts[k].start_sector % 2048, 0);
				CHECK_EQ_U64(l.parts[k].sectors % (lss[j] / 512), 0);
			}
			/* the data partition is a whole number of MiB: file + extra */
			CHECK_EQ_U64(l.parts[SP_PLAN_DATA].sectors,
				     (1 * GiB + (256ull << 20)) / 512);
			CHECK_STR(l.parts[0].role, "start");
			CHECK_STR(l.parts[1].role, "data");
			CHECK_STR(l.parts[2].role, "end");
		}
	}
	/* a 4 KiB alignment is accepted on a 4096-byte disk, a 2 KiB one is not */
	{
		struct sp_plan_opts o;

		sp_plan_defaults(&o);
		o.align_bytes = 4096;
		CHECK(sp_plan_layout(4 * GiB, 4096, &o, &l) == 0);
		CHECK_EQ_U64(l.parts[0].start_sector, 6 * 8);
		o.align_bytes = 2048;
		CHECK(sp_plan_layout(4 * GiB, 4096, &o, &l) == -EINVAL);
		o.align_bytes = 3 << 20;
		CHECK(sp_plan_layout(4 * GiB, 512, &o, &l) == -EINVAL);
	}
	CHECK(sp_plan_layout(4 * GiB, 1000, NULL, &l) == -EINVAL);
	return CHECK_DONE();
}
