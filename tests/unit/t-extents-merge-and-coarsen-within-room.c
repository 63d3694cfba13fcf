/*
 * t-extents-merge-and-coarsen-within-room - sp_extents_add: extents stay sorted; touching and
 * overlapping ones merge; past the room the closest neighbours become one over their gap, so
 * every sector added stays covered and the set never exceeds its room; bad input is refused.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/measure/rng.h"
#include "core/model/extents.h"

static int covered(const struct sp_extent *e, size_t n, uint64_t s)
{
	for (size_t i = 0; i < n; i++)
		if (s >= e[i].start_sector && s < e[i].start_sector + e[i].sectors)
			return 1;
	return 0;
}

int main(void)
{
	struct sp_extent e[8], added[400];
	size_t n = 0;
	struct sp_rng r;

	/* sorted, merged when touching */
	CHECK(sp_extents_add(e, &n, 8, 100, 10) == 0);
	CHECK(sp_extents_add(e, &n, 8, 10, 10) == 0);
	CHECK(n == 2 && e[0].start_sector == 10 && e[1].start_sector == 100);
	CHECK(sp_extents_add(e, &n, 8, 20, 5) == 0); /* touches [10, 20) */
	CHECK(n == 2 && e[0].start_sector == 10 && e[0].sectors == 15);
	CHECK(sp_extents_add(e, &n, 8, 95, 30) == 0); /* overlaps [100, 110) */
	CHECK(n == 2 && e[1].start_sector == 95 && e[1].sectors == 30);
	/* past the room: the closest pair joins */
	n = 0;
	CHECK(sp_extents_add(e, &n, 2, 0, 10) == 0);
	CHECK(sp_extents_add(e, &n, 2, 1000, 10) == 0);
	CHECK(sp_extents_add(e, &n, 2, 30, 10) == 0); /* gap 20 to the first, 960 to the second */
	CHECK(n == 2 && e[0].start_sector == 0 && e[0].sectors == 40 && e[1].start_sector == 1000);
	/* a room of one covers everything */
	n = 0;
	CHECK(sp_extents_add(e, &n, 1, 500, 10) == 0);
	CHECK(sp_extents_add(e, &n, 1, 100, 10) == 0);
	CHECK(n == 1 && e[0].start_sector == 100 && e[0].sectors == 410);
	/* random: within the room, sorted and disjoint, nothing added is lost */
	sp_rng_seed(&r, 5);
	n = 0;
	for (size_t i = 0; i < 400; i++) {
		added[i].start_sector = sp_rng_below(&r, 1000000);
		added[i].sectors = 1 + sp_rng_below(&r, 300);
		CHECK(sp_extents_add(e, &n, 8, added[i].start_sector, added[i].sectors) == 0);
		CHECK(n >= 1 && n <= 8);
		for (size_t k = 0; k + 1 < n; k++)
			CHECK(e[k].start_sector + e[k].sectors < e[k + 1].start_sector);
	}
	for (size_t i = 0; i < 400; i++) {
		CHECK(covered(e, n, added[i].start_sector));
		CHECK(covered(e, n, added[i].start_sector + added[i].sectors - 1));
	}
	/* bad input */
	CHECK(sp_extents_add(e, &n, 8, 1, 0) == -EINVAL);
	CHECK(sp_extents_add(e, &n, 0, 1, 1) == -EINVAL);
	CHECK(sp_extents_add(e, &n, SP_EXTENTS_ROOM_MAX + 1, 1, 1) == -EINVAL);
	return CHECK_DONE();
}
