/*
 * t-plan-partitions-do-not-overlap - start, data and end lie in that order inside the GPT's
 * usable area without overlapping, in both layouts; centred: the data partition (the swap
 * file) is centred between the swap partitions so the file lies mid-disk; installed: it fills
 * the space between them exactly.
 */
#include <stdint.h>

#include "check.h"
#include "core/plan/plan.h"

#define MiB (1024ull * 1024)
#define GiB (1024 * MiB)

static void check_layout(uint64_t disk, uint32_t lss, const struct sp_plan_opts *o)
{
	struct sp_layout l;
	const struct sp_part *s = &l.parts[0], *d = &l.parts[1], *e = &l.parts[2];
	uint64_t left, right, mid_disk, mid_data;

	CHECK(sp_plan_layout(disk, lss, o, &l) == 0);
	CHECK(s->start_sector >= l.first_usable);
	CHECK(s->start_sector + s->sectors <= d->start_sector);
	CHECK(d->start_sector + d->sectors <= e->start_sector);
	CHECK(e->start_sector + e->sectors - 1 <= l.last_usable);
	CHECK(d->sectors * 512 >= l.swapfile_bytes);
	CHECK(l.kind == (o ? o->layout : SP_LAYOUT_INSTALLED));
	if (l.kind == SP_LAYOUT_INSTALLED) {
		CHECK_EQ_U64(d->start_sector, s->start_sector + s->sectors);
		CHECK_EQ_U64(d->start_sector + d->sectors, e->start_sector);
		return;
	}
	/* centred: the free room left and right of the data partition differs by less than
	 * one alignment unit */
	left = d->start_sector - (s->start_sector + s->sectors);
	right = e->start_sector - (d->start_sector + d->sectors);
	CHECK(left <= right);
	CHECK(right - left < 2 * 2048);
	mid_disk = disk / 512 / 2;
	mid_data = d->start_sector + d->sectors / 2;
	CHECK(mid_data + 4096 > mid_disk && mid_data < mid_disk + 4096);
}

int main(void)
{
	struct sp_plan_opts o, c;

	sp_plan_defaults(&c);
	c.layout = SP_LAYOUT_CENTRED;
	check_layout(4 * GiB, 512, NULL);
	check_layout(4 * GiB, 4096, NULL);
	check_layout(64 * GiB + 3 * 4096, 4096, NULL);
	check_layout(1000 * GiB + 512, 512, NULL);
	check_layout(4 * GiB, 512, &c);
	check_layout(4 * GiB, 4096, &c);
	check_layout(64 * GiB + 3 * 4096, 4096, &c);
	check_layout(1000 * GiB + 512, 512, &c);
	sp_plan_defaults(&o);
	o.layout = SP_LAYOUT_CENTRED;
	o.swap_part_bytes = 256 * MiB + 1; /* rounds up to 257 MiB */
	o.swapfile_bytes = 512 * MiB;
	o.data_extra_bytes = 64 * MiB;
	check_layout(2 * GiB, 512, &o);
	check_layout(2 * GiB, 4096, &o);
	{
		struct sp_layout l;

		CHECK(sp_plan_layout(2 * GiB, 512, &o, &l) == 0);
		CHECK_EQ_U64(l.parts[0].sectors, 257 * MiB / 512);
		CHECK_EQ_U64(l.parts[1].sectors, 576 * MiB / 512);
		CHECK_EQ_U64(l.swapfile_bytes, 512 * MiB);
	}
	o.layout = SP_LAYOUT_INSTALLED;
	check_layout(2 * GiB, 512, &o);
	check_layout(2 * GiB, 4096, &o);
	return CHECK_DONE();
}
