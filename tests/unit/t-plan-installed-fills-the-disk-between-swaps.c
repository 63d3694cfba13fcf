/*
 * t-plan-installed-fills-the-disk-between-swaps - the default layout is an installed system's:
 * the start swap partition at 1 MiB, the end swap partition ending on the last usable LBA, and
 * the data partition filling every sector between them, each boundary 1 MiB aligned; on small
 * disks, on 4096-byte-sector disks, and on the seed's 2 TB disk with its 4 GiB of swap (the
 * data partition then begins 4 GiB + 1 MiB into the disk, so a swap file written first into it
 * lies in the disk's first percent). The layout names parse and print, "centred" keeps the old
 * mid-disk data partition, and an unknown name or kind is refused.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/plan/plan.h"

#define MiB (1024ull * 1024)
#define GiB (1024 * MiB)

/* last usable 512-byte sector of a GPT on a disk of these logical sectors */
static uint64_t last_usable(uint64_t disk, uint32_t lss)
{
	uint64_t n = disk / lss, entries = 16384 / lss ? 16384 / lss : 1;

	return (n - 1 - entries) * (lss / 512) - 1;
}

static void check_installed(uint64_t disk, uint32_t lss, uint64_t swap_bytes)
{
	struct sp_plan_opts o;
	struct sp_layout l;
	const struct sp_part *s = &l.parts[SP_PLAN_START], *d = &l.parts[SP_PLAN_DATA],
			     *e = &l.parts[SP_PLAN_END];

	sp_plan_defaults(&o);
	CHECK(o.layout == SP_LAYOUT_INSTALLED);
	o.swap_part_bytes = swap_bytes;
	o.swapfile_bytes = swap_bytes;
	CHECK(sp_plan_layout(disk, lss, &o, &l) == 0);
	CHECK(l.kind == SP_LAYOUT_INSTALLED);
	CHECK_EQ_U64(l.sector_bytes, lss);
	/* start swap at 1 MiB, exactly the swap size (rounded up to 1 MiB) */
	CHECK_EQ_U64(s->start_sector, 2048);
	CHECK_EQ_U64(s->sectors * 512, (swap_bytes + MiB - 1) / MiB * MiB);
	/* data right after it, up to the end partition: no sector between is left out */
	CHECK_EQ_U64(d->start_sector, s->start_sector + s->sectors);
	CHECK_EQ_U64(d->start_sector + d->sectors, e->start_sector);
	CHECK_EQ_U64(d->start_sector % 2048, 0);
	CHECK_EQ_U64(d->sectors % 2048, 0);
	/* the end swap ends on the last usable LBA, begins aligned, holds at least the swap */
	CHECK_EQ_U64(e->start_sector + e->sectors - 1, last_usable(disk, lss));
	CHECK_EQ_U64(e->start_sector + e->sectors - 1, l.last_usable);
	CHECK_EQ_U64(e->start_sector % 2048, 0);
	CHECK(e->sectors * 512 >= swap_bytes);
	CHECK(e->sectors < s->sectors + 2048);
	/* whole logical sectors everywhere */
	for (int i = 0; i < SP_PLAN_PARTS; i++) {
		CHECK_EQ_U64(l.parts[i].start_sector % (lss / 512), 0);
		CHECK_EQ_U64(l.parts[i].sectors % (lss / 512), 0);
	}
}

int main(void)
{
	struct sp_plan_opts o;
	struct sp_layout l;
	enum sp_layout_kind k;

	check_installed(4 * GiB, 512, GiB);
	check_installed(4 * GiB, 4096, GiB);
	check_installed(4 * GiB + 12345 * 512ull, 512, GiB);
	check_installed(4 * GiB + 7 * 4096, 4096, GiB);
	check_installed(2 * GiB, 4096, 256 * MiB + 1);
	check_installed(64 * GiB, 4096, GiB);
	check_installed(2000398934016ull, 512, 4 * GiB); /* a WD20EARX: 3907029168 sectors */
	check_installed(2000398934016ull, 4096, 4 * GiB);

	/* the seed's disk: the data partition starts 4 GiB + 1 MiB in and fills all but 8 GiB */
	sp_plan_defaults(&o);
	o.swap_part_bytes = o.swapfile_bytes = 4 * GiB;
	CHECK(sp_plan_layout(2000398934016ull, 512, &o, &l) == 0);
	CHECK_EQ_U64(l.parts[SP_PLAN_DATA].start_sector * 512, 4 * GiB + MiB);
	CHECK(l.parts[SP_PLAN_DATA].sectors * 512 > 2000398934016ull - 8 * GiB - 2 * MiB);

	/* the smallest disk is the same for both kinds: installed needs no more room */
	sp_plan_defaults(&o);
	CHECK(sp_plan_layout(sp_plan_min_disk_bytes(&o), 4096, &o, &l) == 0);
	CHECK_EQ_U64(l.parts[SP_PLAN_DATA].sectors * 512, GiB + 256 * MiB);

	/* centred keeps the old layout: data is file + extra, mid-disk */
	o.layout = SP_LAYOUT_CENTRED;
	CHECK(sp_plan_layout(64 * GiB, 4096, &o, &l) == 0);
	CHECK(l.kind == SP_LAYOUT_CENTRED);
	CHECK_EQ_U64(l.parts[SP_PLAN_DATA].sectors * 512, GiB + 256 * MiB);
	CHECK(l.parts[SP_PLAN_DATA].start_sector * 512 > 30 * GiB);
	CHECK(l.parts[SP_PLAN_DATA].start_sector * 512 < 32 * GiB);

	/* names */
	CHECK_STR(sp_layout_kind_name(SP_LAYOUT_INSTALLED), "installed");
	CHECK_STR(sp_layout_kind_name(SP_LAYOUT_CENTRED), "centred");
	CHECK_STR(sp_layout_kind_name(SP_LAYOUT_KINDS), "");
	CHECK(sp_layout_kind_parse("centred", &k) == 0 && k == SP_LAYOUT_CENTRED);
	CHECK(sp_layout_kind_parse("installed", &k) == 0 && k == SP_LAYOUT_INSTALLED);
	CHECK(sp_layout_kind_parse(NULL, &k) == 0 && k == SP_LAYOUT_INSTALLED);
	CHECK(sp_layout_kind_parse("centered", &k) == -EINVAL);
	CHECK(sp_layout_kind_parse("", &k) == -EINVAL);
	o.layout = SP_LAYOUT_KINDS;
	CHECK(sp_plan_layout(64 * GiB, 4096, &o, &l) == -EINVAL);
	return CHECK_DONE();
}
