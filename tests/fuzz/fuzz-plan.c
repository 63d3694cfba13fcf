/*
 * fuzz-plan.c - the partition layout from a disk's geometry (core/plan/plan.c): random disk sizes,
 * logical sector sizes (512 and 4096 mostly, any power of two to 64 KiB, and invalid ones),
 * alignments, swap and file sizes, both layout kinds, and the single swap partition of an
 * --also device.
 *
 * Invariants of every layout the planner accepts: each partition has sectors, starts before it
 * ends, lies inside the GPT's usable area (so inside the disk), starts on the alignment (and so
 * on a logical sector), is a whole number of logical sectors, and none overlaps another; the
 * swap partitions hold at least the size asked, the data partition the file and its extra room;
 * the end partition ends on the last usable LBA. And the smallest disk the planner names is
 * one it accepts.
 */
#include <errno.h>
#include <inttypes.h>

#include "core/plan/plan.h"
#include "fuzz.h"

struct take {
	const uint8_t *p;
	size_t n;
};

static uint64_t take_u64(struct take *t, unsigned bytes)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < bytes && t->n; i++, t->p++, t->n--)
		v |= (uint64_t)*t->p << (8 * i);
	return v;
}

/* Mostly the sizes disks have (a scale of 2^k with some low bits), now and then any 64 bits. */
static uint64_t take_size(struct take *t)
{
	unsigned sel = (unsigned)take_u64(t, 1);
	uint64_t v = take_u64(t, 8);

	if (sel & 0x80)
		return v;
	return v >> (sel & 63);
}

static void check_layout(const struct sp_layout *l, uint64_t disk_bytes, uint32_t lss,
			 uint64_t align, const uint64_t *min_sectors)
{
	uint64_t per = lss / 512;

	FUZZ_CHECK(l->n_parts >= 1 && l->n_parts <= SP_PLAN_PARTS, "%u parts", l->n_parts);
	FUZZ_CHECK(l->first_usable <= l->last_usable && l->last_usable < disk_bytes / 512,
		   "usable %" PRIu64 "..%" PRIu64 " on %" PRIu64 " bytes", l->first_usable,
		   l->last_usable, disk_bytes);
	for (uint32_t i = 0; i < l->n_parts; i++) {
		const struct sp_part *p = &l->parts[i];
		uint64_t end = p->start_sector + p->sectors; /* exclusive */

		FUZZ_CHECK(fuzz_terminated(p->role, sizeof(p->role)) && p->role[0], "role %u", i);
		FUZZ_CHECK(p->sectors > 0, "%s: no sectors", p->role);
		FUZZ_CHECK(end > p->start_sector, "%s: wraps", p->role);
		FUZZ_CHECK(p->start_sector >= l->first_usable && end - 1 <= l->last_usable,
			   "%s: %" PRIu64 "+%" PRIu64 " outside %" PRIu64 "..%" PRIu64, p->role,
			   p->start_sector, p->sectors, l->first_usable, l->last_usable);
		FUZZ_CHECK(p->start_sector % (align / 512) == 0,
			   "%s: start %" PRIu64 " not aligned to %" PRIu64, p->role,
			   p->start_sector, align);
		FUZZ_CHECK(p->start_sector % per == 0 && p->sectors % per == 0,
			   "%s: not whole %u-byte sectors", p->role, lss);
		FUZZ_CHECK(p->sectors >= min_sectors[i], "%s: %" PRIu64 " sectors, asked %" PRIu64,
			   p->role, p->sectors, min_sectors[i]);
		for (uint32_t j = 0; j < i; j++) {
			const struct sp_part *q = &l->parts[j];

			FUZZ_CHECK(end <= q->start_sector ||
				       q->start_sector + q->sectors <= p->start_sector,
				   "%s overlaps %s", p->role, q->role);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct take t = {data, size};
	struct sp_plan_opts o;
	struct sp_layout l;
	uint64_t disk_bytes, min_sec[SP_PLAN_PARTS];
	unsigned sel;
	uint32_t lss;
	int ret;

	sel = (unsigned)take_u64(&t, 1);
	/* 512 and 4096 as disks have them; any power of two up to 128 KiB; any 32 bits */
	lss = (sel & 3) == 0   ? 512
	      : (sel & 3) == 1 ? 4096
	      : (sel & 3) == 2 ? 256u << (sel >> 4 & 15)
			       : (uint32_t)take_u64(&t, 4);
	disk_bytes = take_size(&t);
	memset(&o, 0, sizeof(o));
	o.layout = (sel >> 2 & 1) ? SP_LAYOUT_CENTRED : SP_LAYOUT_INSTALLED;
	if (sel >> 3 & 1)
		o.layout = (enum sp_layout_kind)take_u64(&t, 1);
	o.swap_part_bytes = take_size(&t);
	o.swapfile_bytes = take_size(&t);
	o.data_extra_bytes = take_size(&t);
	o.align_bytes = (uint32_t)take_u64(&t, 1) & 1 ? (uint32_t)1 << (take_u64(&t, 1) % 32)
						      : (uint32_t)take_u64(&t, 4);

	ret = sp_plan_layout(disk_bytes, lss, &o, &l);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ENOSPC, "layout: %d", ret);
	if (ret == 0) {
		struct sp_plan_opts r = o;
		uint64_t align = r.align_bytes ? r.align_bytes : 1 << 20;

		if (!r.swap_part_bytes)
			r.swap_part_bytes = 1ull << 30;
		if (!r.swapfile_bytes)
			r.swapfile_bytes = r.swap_part_bytes;
		if (!r.data_extra_bytes)
			r.data_extra_bytes = 256ull << 20;
		FUZZ_CHECK(l.n_parts == SP_PLAN_PARTS, "%u parts", l.n_parts);
		min_sec[SP_PLAN_START] = min_sec[SP_PLAN_END] = r.swap_part_bytes / 512;
		min_sec[SP_PLAN_DATA] = (r.swapfile_bytes + r.data_extra_bytes) / 512;
		FUZZ_CHECK(r.swapfile_bytes + r.data_extra_bytes >= r.swapfile_bytes,
			   "accepted a file and extra room beyond 2^64 bytes");
		check_layout(&l, disk_bytes, lss, align, min_sec);
		FUZZ_CHECK(
		    l.parts[SP_PLAN_START].start_sector < l.parts[SP_PLAN_DATA].start_sector &&
			l.parts[SP_PLAN_DATA].start_sector < l.parts[SP_PLAN_END].start_sector,
		    "start, data, end out of order");
		FUZZ_CHECK(l.parts[SP_PLAN_END].start_sector + l.parts[SP_PLAN_END].sectors - 1 ==
			       l.last_usable,
			   "the end partition does not end on the last usable LBA");
		FUZZ_CHECK(l.swapfile_bytes == r.swapfile_bytes, "swap file size");
	}
	/* the smallest disk for these options, when the planner names one, takes the plan */
	/* (bounded: the walk down to the edge takes a step per sector below the alignment) */
	if (o.swap_part_bytes < (1ull << 40) && o.swapfile_bytes < (1ull << 40) &&
	    o.data_extra_bytes < (1ull << 40) && o.align_bytes <= (16u << 20)) {
		uint64_t m = sp_plan_min_disk_bytes(&o);

		if (m) {
			FUZZ_CHECK(sp_plan_layout(m, 512, &o, &l) == 0, "min %" PRIu64 " at 512",
				   m);
			FUZZ_CHECK(sp_plan_layout(m, 4096, &o, &l) == 0, "min %" PRIu64 " at 4096",
				   m);
		}
	}

	ret = sp_plan_single(disk_bytes, lss, o.swap_part_bytes, &l);
	FUZZ_CHECK(ret == 0 || ret == -EINVAL || ret == -ENOSPC, "single: %d", ret);
	if (ret == 0) {
		min_sec[0] = (o.swap_part_bytes ? o.swap_part_bytes : 1ull << 30) / 512;
		FUZZ_CHECK(l.n_parts == 1, "single: %u parts", l.n_parts);
		check_layout(&l, disk_bytes, lss, 1 << 20, min_sec);
	}
	return 0;
}
