/*
 * plan.c - computes the start / data / end GPT layout from a disk's size and logical sector
 * size (see plan.h). Pure arithmetic; the GPT numbers follow the UEFI layout libfdisk writes:
 * a protective MBR, a header and 128 entries of 128 bytes at the front, the entries and a
 * header again at the back.
 */
#include "core/plan/plan.h"

#include <errno.h>
#include <string.h>

#define GPT_ENTRIES_BYTES (128u * 128u)
#define MiB (1024ull * 1024)

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

/* round_up, refusing a size so near 2^64 that rounding wraps (to 0: a partition of nothing,
 * found by tests/fuzz/fuzz-plan.c with --swap-size 18446744073709551615) */
static int round_up_fits(uint64_t v, uint64_t a, uint64_t *out)
{
	if (v > UINT64_MAX - (a - 1))
		return -ENOSPC;
	*out = round_up(v, a);
	return 0;
}

static uint64_t round_down(uint64_t v, uint64_t a)
{
	return v / a * a;
}

static int is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/*
 * The usable area of a GPT on this disk, inclusive, in 512-byte units: after the protective
 * MBR, the header and the entries at the front; before the entries and the header that back
 * them up in the disk's last LBAs.
 */
static int gpt_usable(uint64_t disk_bytes, uint64_t lss, uint64_t *first, uint64_t *last)
{
	uint64_t per = lss / 512, n_lba, entry_lba, first_lba;

	if (lss < 512 || lss > 65536 || !is_pow2(lss))
		return -EINVAL;
	n_lba = disk_bytes / lss;
	entry_lba = (GPT_ENTRIES_BYTES + lss - 1) / lss;
	first_lba = 2 + entry_lba;
	if (n_lba < 2 * first_lba + 1)
		return -ENOSPC;
	*first = first_lba * per;
	*last = (n_lba - 2 - entry_lba + 1) * per - 1;
	return 0;
}

static const char *const layout_names[SP_LAYOUT_KINDS] = {
    [SP_LAYOUT_INSTALLED] = "installed",
    [SP_LAYOUT_CENTRED] = "centred",
};

const char *sp_layout_kind_name(enum sp_layout_kind k)
{
	return (unsigned)k < SP_LAYOUT_KINDS ? layout_names[k] : "";
}

int sp_layout_kind_parse(const char *name, enum sp_layout_kind *k)
{
	if (!name) {
		*k = SP_LAYOUT_INSTALLED;
		return 0;
	}
	for (int i = 0; i < SP_LAYOUT_KINDS; i++) {
		if (!strcmp(name, layout_names[i])) {
			*k = (enum sp_layout_kind)i;
			return 0;
		}
	}
	return -EINVAL;
}

void sp_plan_defaults(struct sp_plan_opts *o)
{
	o->layout = SP_LAYOUT_INSTALLED;
	o->swap_part_bytes = 1024 * MiB;
	o->swapfile_bytes = o->swap_part_bytes;
	o->data_extra_bytes = 256 * MiB;
	o->align_bytes = MiB;
}

/* Zero fields take their defaults; the file defaults to the (given) partition size. */
static void resolve_opts(const struct sp_plan_opts *in, struct sp_plan_opts *o)
{
	struct sp_plan_opts d;

	sp_plan_defaults(&d);
	if (in)
		*o = *in;
	else
		memset(o, 0, sizeof(*o));
	if (!o->swap_part_bytes)
		o->swap_part_bytes = d.swap_part_bytes;
	if (!o->swapfile_bytes)
		o->swapfile_bytes = o->swap_part_bytes;
	if (!in || !in->data_extra_bytes)
		o->data_extra_bytes = d.data_extra_bytes;
	if (!o->align_bytes)
		o->align_bytes = d.align_bytes;
}

int sp_plan_layout(uint64_t disk_bytes, uint32_t logical_sector_bytes,
		   const struct sp_plan_opts *in, struct sp_layout *out)
{
	struct sp_plan_opts o;
	uint64_t lss = logical_sector_bytes;
	uint64_t align, first, last, swap_s, data_s, start_end, end_start, gap, data_start;
	int ret;

	resolve_opts(in, &o);
	if (lss < 512 || lss > 65536 || !is_pow2(lss) || !is_pow2(o.align_bytes) ||
	    o.align_bytes < lss || (unsigned)o.layout >= SP_LAYOUT_KINDS)
		return -EINVAL;
	/* a swap area smaller than this is refused by mkswap anyway (10 pages of 64 KiB) */
	if (o.swap_part_bytes < 640 * 1024 || o.swapfile_bytes < 640 * 1024)
		return -EINVAL;

	ret = gpt_usable(disk_bytes, logical_sector_bytes, &first, &last);
	if (ret < 0)
		return ret;
	align = o.align_bytes / 512;

	if (o.swapfile_bytes > UINT64_MAX - o.data_extra_bytes ||
	    round_up_fits(o.swap_part_bytes, o.align_bytes, &swap_s) < 0 ||
	    round_up_fits(o.swapfile_bytes + o.data_extra_bytes, o.align_bytes, &data_s) < 0)
		return -ENOSPC;
	swap_s /= 512;
	data_s /= 512;

	memset(out, 0, sizeof(*out));
	out->kind = o.layout;
	out->n_parts = SP_PLAN_PARTS;
	out->disk_bytes = disk_bytes;
	out->sector_bytes = logical_sector_bytes;
	out->swapfile_bytes = o.swapfile_bytes;
	out->first_usable = first;
	out->last_usable = last;

	strcpy(out->parts[SP_PLAN_START].role, "start");
	out->parts[SP_PLAN_START].kind = SP_PART_START;
	out->parts[SP_PLAN_START].start_sector = round_up(first, align);
	out->parts[SP_PLAN_START].sectors = swap_s;
	start_end = out->parts[SP_PLAN_START].start_sector + swap_s;

	/* The end partition ends exactly on the last usable LBA: the innermost tracks of a
	 * rotating disk are the point of it. Only its start is aligned. */
	if (last + 1 < start_end + swap_s)
		return -ENOSPC;
	end_start = round_down(last + 1 - swap_s, align);
	if (end_start < start_end)
		return -ENOSPC;
	strcpy(out->parts[SP_PLAN_END].role, "end");
	out->parts[SP_PLAN_END].kind = SP_PART_END;
	out->parts[SP_PLAN_END].start_sector = end_start;
	out->parts[SP_PLAN_END].sectors = last + 1 - end_start;

	gap = end_start - start_end;
	if (gap < data_s)
		return -ENOSPC;
	if (o.layout == SP_LAYOUT_INSTALLED) {
		/* As an installer lays out a disk: the root filesystem takes everything between
		 * the swap partitions, so what is written first into it (the swap file, the
		 * job's files) lies just after the start partition. Both ends are aligned: the
		 * start partition's end and the end partition's start are. */
		data_start = start_end;
		data_s = gap;
	} else {
		/* centred in the gap, so the swap file lies mid-disk */
		data_start = start_end + round_down((gap - data_s) / 2, align);
	}
	strcpy(out->parts[SP_PLAN_DATA].role, "data");
	out->parts[SP_PLAN_DATA].kind = SP_PART_DATA;
	out->parts[SP_PLAN_DATA].start_sector = data_start;
	out->parts[SP_PLAN_DATA].sectors = data_s;
	return 0;
}

int sp_plan_single(uint64_t disk_bytes, uint32_t logical_sector_bytes, uint64_t swap_bytes,
		   struct sp_layout *out)
{
	uint64_t first, last, swap_s, align = MiB / 512;
	int ret;

	ret = gpt_usable(disk_bytes, logical_sector_bytes, &first, &last);
	if (ret < 0)
		return ret;
	if (!swap_bytes)
		swap_bytes = 1024 * MiB;
	if (swap_bytes < 640 * 1024)
		return -EINVAL;
	if (round_up_fits(swap_bytes, MiB, &swap_s) < 0)
		return -ENOSPC;
	swap_s /= 512;
	memset(out, 0, sizeof(*out));
	out->n_parts = 1;
	out->disk_bytes = disk_bytes;
	out->sector_bytes = logical_sector_bytes;
	out->first_usable = first;
	out->last_usable = last;
	strcpy(out->parts[0].role, "swap");
	out->parts[0].kind = SP_PART_SWAP;
	out->parts[0].start_sector = round_up(first, align);
	out->parts[0].sectors = swap_s;
	if (out->parts[0].start_sector + swap_s > last + 1)
		return -ENOSPC;
	return 0;
}

uint64_t sp_plan_min_disk_bytes(const struct sp_plan_opts *in)
{
	static const uint32_t lss[] = {512, 4096};
	struct sp_plan_opts o;
	struct sp_layout l;
	uint64_t a, bound, best = 0;
	size_t i;

	resolve_opts(in, &o);
	a = o.align_bytes;
	if (!is_pow2(a) || a < 4096)
		return 0;
	/* An upper bound: aligned room for the front GPT, both swap partitions, the data
	 * partition, and aligned room for the backup GPT; then walk down to the exact edge
	 * (one step when the alignment exceeds the GPT areas, as 1 MiB does). */
	bound = round_up(2 * 4096 + GPT_ENTRIES_BYTES, a) + 2 * round_up(o.swap_part_bytes, a) +
		round_up(o.swapfile_bytes + o.data_extra_bytes, a) +
		round_up(4096 + GPT_ENTRIES_BYTES, a);
	for (i = 0; i < sizeof(lss) / sizeof(lss[0]); i++) {
		uint64_t m = bound;

		if (sp_plan_layout(m, lss[i], &o, &l) != 0)
			return 0;
		while (m > lss[i] && sp_plan_layout(m - lss[i], lss[i], &o, &l) == 0)
			m -= lss[i];
		if (m > best)
			best = m;
	}
	return best;
}
