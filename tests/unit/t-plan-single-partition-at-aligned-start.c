/*
 * t-plan-single-partition-at-aligned-start - the layout for an --also device is one swap
 * partition at 1 MiB of the size asked for (rounded up to 1 MiB), inside the GPT's usable
 * area, refused when it does not fit.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/plan/plan.h"

#define MiB (1024ull * 1024)
#define GiB (1024 * MiB)

int main(void)
{
	struct sp_layout l;

	CHECK(sp_plan_single(8 * GiB, 512, 0, &l) == 0);
	CHECK_EQ_U64(l.n_parts, 1);
	CHECK_STR(l.parts[0].role, "swap");
	CHECK_EQ_U64(l.parts[0].start_sector, 2048);
	CHECK_EQ_U64(l.parts[0].sectors, GiB / 512);
	CHECK_EQ_U64(l.last_usable, 8 * GiB / 512 - 34);
	CHECK_EQ_U64(l.swapfile_bytes, 0);

	CHECK(sp_plan_single(8 * GiB, 4096, 300 * MiB + 5, &l) == 0);
	CHECK_EQ_U64(l.parts[0].sectors, 301 * MiB / 512);
	CHECK_EQ_U64(l.parts[0].start_sector, 2048);
	CHECK_EQ_U64(l.first_usable, 48);

	/* exactly fits: 1 MiB front, the partition, the backup GPT */
	CHECK(sp_plan_single(MiB + 64 * MiB + 33 * 512, 512, 64 * MiB, &l) == 0);
	CHECK(sp_plan_single(MiB + 64 * MiB + 33 * 512 - 512, 512, 64 * MiB, &l) == -ENOSPC);
	CHECK(sp_plan_single(GiB, 512, 2 * GiB, &l) == -ENOSPC);
	CHECK(sp_plan_single(GiB, 520, 0, &l) == -EINVAL);

	/* the three-partition plan says how many parts it has */
	CHECK(sp_plan_layout(8 * GiB, 512, NULL, &l) == 0);
	CHECK_EQ_U64(l.n_parts, 3);
	return CHECK_DONE();
}
