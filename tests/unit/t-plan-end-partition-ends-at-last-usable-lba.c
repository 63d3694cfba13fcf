/*
 * t-plan-end-partition-ends-at-last-usable-lba - the end swap partition touches the last LBA a
 * GPT leaves usable: 34 sectors before the end on a 512-byte-sector disk (33 sectors of backup
 * GPT), 6 sectors before the end on a 4096-byte one (the 16 KiB of entries take 4 sectors).
 */
#include <stdint.h>

#include "check.h"
#include "core/plan/plan.h"

#define GiB (1024ull * 1024 * 1024)

int main(void)
{
	struct sp_layout l;
	const struct sp_part *e;
	uint64_t disk;

	/* 512-byte sectors: N sectors, last usable LBA is N - 34 */
	disk = 4 * GiB;
	CHECK(sp_plan_layout(disk, 512, NULL, &l) == 0);
	e = &l.parts[SP_PLAN_END];
	CHECK_EQ_U64(l.first_usable, 34);
	CHECK_EQ_U64(l.last_usable, disk / 512 - 34);
	CHECK_EQ_U64(e->start_sector + e->sectors - 1, disk / 512 - 34);
	CHECK(e->sectors >= 2 * 1024 * 1024);
	CHECK(e->sectors < 2 * 1024 * 1024 + 2048);

	/* an odd size: the end still touches the last usable LBA, the start is aligned down */
	disk = 4 * GiB + 777 * 512ull;
	CHECK(sp_plan_layout(disk, 512, NULL, &l) == 0);
	e = &l.parts[SP_PLAN_END];
	CHECK_EQ_U64(e->start_sector + e->sectors - 1, disk / 512 - 34);
	CHECK_EQ_U64(e->start_sector % 2048, 0);

	/* 4096-byte sectors: N LBAs, last usable LBA is N - 6; in 512-byte units its last
	 * sector is (N - 5) * 8 - 1 */
	disk = 4 * GiB;
	CHECK(sp_plan_layout(disk, 4096, NULL, &l) == 0);
	e = &l.parts[SP_PLAN_END];
	CHECK_EQ_U64(l.first_usable, 6 * 8);
	CHECK_EQ_U64(l.last_usable, (disk / 4096 - 5) * 8 - 1);
	CHECK_EQ_U64(e->start_sector + e->sectors, (disk / 4096 - 5) * 8);
	CHECK_EQ_U64((e->start_sector + e->sectors) % 8, 0);

	/* trailing bytes that do not fill a logical sector are not used */
	disk = 4 * GiB + 4096 + 100;
	CHECK(sp_plan_layout(disk, 4096, NULL, &l) == 0);
	CHECK_EQ_U64(l.parts[SP_PLAN_END].start_sector + l.parts[SP_PLAN_END].sectors,
		     (disk / 4096 - 5) * 8);
	return CHECK_DONE();
}
