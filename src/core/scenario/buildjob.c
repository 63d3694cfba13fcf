/*
 * buildjob.c - the build job's shape from a memory limit, a seed and a work scale, and a
 * rough estimate of its duration on a device (see buildjob.h).
 *
 * The proportions, and why:
 * - heap ends at 1.2x the limit: past the limit by enough that a sixth of the heap must live
 *   in swap at the end, and every full pass once it no longer fits faults all of it back in;
 *   not so far that a slow disk takes an hour;
 * - sources total half the limit, 128 KiB on average: file I/O competes with the heap for the
 *   same cgroup (the page cache is charged to it), so re-reads really go to the disk;
 * - a full pass every 8 units: the old, cold heap comes back (a GC) a few times once it no
 *   longer fits, the thing that makes placement matter;
 * - the recent window is a quarter of the limit, re-touched twice: the hot working set that
 *   fits, so most touches stay in RAM, as a compiler's do.
 * At the default 256 MiB and work scale 1 the estimate on a 7200 rpm disk (8.5 ms random read,
 * 150 MB/s, page-cluster 3) is about 3 minutes, an upper bound (see the full pass below);
 * tests/unit/t-buildjob-plan-* holds it to 1-3.
 */
#include "core/scenario/buildjob.h"

#include <errno.h>
#include <string.h>

#include "core/measure/rng.h"

#define OVER_FACTOR 1.2
#define SOURCE_SHARE 0.5 /* of the budget */
#define AVG_SOURCE_PAGES 32u
#define HEADER_SHARE 16u /* one source in 16 is a header */
#define BASE_UNITS 64.0
#define MIN_UNITS 4u
#define WINDOW_SHARE 4u /* window = budget / 4 */
#define WINDOW_PASSES 2u
#define FULL_PASS_EVERY 8u
#define FSYNC_EVERY 8u
#define MIN_BUDGET (4ull << 20)

/* Domain tags, so the sources, headers and heap draw from unrelated streams of one seed. */
#define TAG_SOURCE 0x736f75726365ull
#define TAG_SIZE 0x73697a65ull
#define TAG_HDR 0x686472ull

int sp_buildjob_plan(uint64_t budget_bytes, uint64_t seed, double work_scale,
		     struct sp_buildjob_plan *out)
{
	uint64_t budget_pages, src_target;
	double units;

	if (budget_bytes < MIN_BUDGET || !(work_scale > 0) || work_scale > 16)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	budget_pages = budget_bytes / SP_BUILDJOB_PAGE_BYTES;
	out->budget_bytes = budget_bytes;
	out->seed = seed;
	out->work_scale = work_scale;

	src_target = (uint64_t)((double)budget_pages * SOURCE_SHARE) / AVG_SOURCE_PAGES;
	if (src_target < 8)
		src_target = 8;
	if (src_target > SP_BUILDJOB_MAX_SOURCES)
		src_target = SP_BUILDJOB_MAX_SOURCES;
	out->n_sources = (uint32_t)src_target;
	out->n_headers = out->n_sources / HEADER_SHARE ? out->n_sources / HEADER_SHARE : 1;
	for (uint32_t i = 0; i < out->n_sources; i++)
		out->source_bytes_total += sp_buildjob_source_bytes(out, i);

	out->over_factor = OVER_FACTOR;
	/* rounded up: the heap exceeds the limit by at least the factor */
	out->heap_pages = (uint64_t)((double)budget_pages * OVER_FACTOR + 0.999999);
	units = BASE_UNITS * work_scale + 0.5;
	out->n_units = units < MIN_UNITS ? MIN_UNITS : (uint32_t)units;
	out->unit_heap_pages = out->heap_pages / out->n_units;
	out->window_pages = budget_pages / WINDOW_SHARE;
	out->window_passes = WINDOW_PASSES;
	out->full_pass_every = FULL_PASS_EVERY;
	out->fsync_every = FSYNC_EVERY;
	return 0;
}

uint64_t sp_buildjob_source_bytes(const struct sp_buildjob_plan *p, uint32_t i)
{
	uint64_t x, pages;

	if (i >= p->n_sources)
		return 0;
	/* uniform in [1/4, 7/4) of the average: small and large files, the same mean */
	x = sp_mix64(p->seed ^ TAG_SIZE ^ sp_mix64(i)) % 1000;
	pages = (AVG_SOURCE_PAGES * (250 + 3 * x / 2) + 500) / 1000;
	return (pages ? pages : 1) * SP_BUILDJOB_PAGE_BYTES;
}

uint64_t sp_buildjob_source_seed(const struct sp_buildjob_plan *p, uint32_t i)
{
	return sp_mix64(p->seed ^ TAG_SOURCE) ^ i;
}

int sp_buildjob_unit_at(const struct sp_buildjob_plan *p, uint32_t u, struct sp_buildjob_unit *out)
{
	uint32_t own = p->n_sources - p->n_headers, nh;
	uint64_t own_bytes = 0, obj_pages;
	struct sp_rng r;

	if (u >= p->n_units)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->index = u;
	out->src_first = p->n_headers + (uint32_t)((uint64_t)u * own / p->n_units);
	out->src_count =
	    p->n_headers + (uint32_t)((uint64_t)(u + 1) * own / p->n_units) - out->src_first;

	/* distinct headers, drawn per unit: every unit includes a few, some shared with others */
	nh = p->n_headers < SP_BUILDJOB_HEADERS_PER_UNIT ? p->n_headers
							 : SP_BUILDJOB_HEADERS_PER_UNIT;
	sp_rng_seed(&r, p->seed ^ TAG_HDR ^ sp_mix64(u));
	while (out->n_hdr < nh) {
		uint32_t h = (uint32_t)sp_rng_below(&r, p->n_headers), dup = 0;

		for (uint32_t k = 0; k < out->n_hdr; k++)
			dup |= out->hdr[k] == h;
		if (!dup)
			out->hdr[out->n_hdr++] = h;
	}

	out->heap_lo = (uint64_t)u * p->unit_heap_pages;
	out->heap_hi = u + 1 == p->n_units ? p->heap_pages : out->heap_lo + p->unit_heap_pages;
	out->window_lo = out->heap_hi > p->window_pages ? out->heap_hi - p->window_pages : 0;
	out->full_pass = (u + 1) % p->full_pass_every == 0 || u + 1 == p->n_units;
	out->fsync_after = (u + 1) % p->fsync_every == 0 || u + 1 == p->n_units;

	for (uint32_t i = 0; i < out->src_count; i++)
		own_bytes += sp_buildjob_source_bytes(p, out->src_first + i);
	/* an object is about half its sources, at least one page */
	obj_pages = (own_bytes / 2 + SP_BUILDJOB_PAGE_BYTES - 1) / SP_BUILDJOB_PAGE_BYTES;
	out->object_bytes = (obj_pages ? obj_pages : 1) * SP_BUILDJOB_PAGE_BYTES;
	return 0;
}

int sp_buildjob_estimate(const struct sp_buildjob_plan *p, const struct sp_buildjob_device *d,
			 struct sp_buildjob_estimate *out)
{
	uint64_t budget_pages = p->budget_bytes / SP_BUILDJOB_PAGE_BYTES, cluster, files = 0;
	uint64_t fsyncs = 0, switches = 0;

	if (!(d->rand_read_s > 0) || !(d->seq_bytes_per_s > 0) || !(d->page_s >= 0) ||
	    d->page_cluster < 0 || d->page_cluster > 10)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	cluster = 1ull << d->page_cluster;
	for (uint32_t u = 0; u < p->n_units; u++) {
		struct sp_buildjob_unit un;
		uint64_t file_bytes = 0, room, in = 0, out_pages = 0;

		sp_buildjob_unit_at(p, u, &un);
		for (uint32_t i = 0; i < un.src_count; i++)
			file_bytes += sp_buildjob_source_bytes(p, un.src_first + i);
		for (uint32_t i = 0; i < un.n_hdr; i++)
			file_bytes += sp_buildjob_source_bytes(p, un.hdr[i]);
		files += un.src_count + un.n_hdr;
		out->page_ops += file_bytes / SP_BUILDJOB_PAGE_BYTES + (un.heap_hi - un.heap_lo) +
				 un.object_bytes / SP_BUILDJOB_PAGE_BYTES;
		out->file_read_bytes += file_bytes;
		out->file_written_bytes += un.object_bytes;
		/* what the heap may keep resident: the limit less this unit's page cache */
		room = file_bytes + un.object_bytes;
		room = budget_pages > room / SP_BUILDJOB_PAGE_BYTES + 1
			   ? budget_pages - room / SP_BUILDJOB_PAGE_BYTES
			   : 1;
		/* new heap beyond the room evicts as much old heap */
		if (un.heap_hi > room)
			out_pages += un.heap_hi - (un.heap_lo > room ? un.heap_lo : room);
		/*
		 * A walk in address order over more than fits faults all of it in under LRU: each
		 * page is evicted before the walk comes back to it. The kernel's two lists do a
		 * little better (0.75 of this measured on the default job: 109773 of 147412, 6.18).
		 */
		if (un.full_pass && un.heap_hi > room) {
			in += un.heap_hi;
			out_pages += un.heap_hi;
		}
		if (in || out_pages)
			switches += 2; /* filesystem -> swap -> filesystem */
		if (un.fsync_after)
			fsyncs++;
		out->swapin_pages += in;
		out->swapout_pages += out_pages;
	}
	out->swapin_ios = (out->swapin_pages + cluster - 1) / cluster;
	/* each file opened is a seek; an fsync is one for the data and one for the journal */
	out->seeks = switches + files + 2 * fsyncs;
	out->io_s = (double)(out->swapin_ios + out->seeks) * d->rand_read_s +
		    (double)(out->swapout_pages * SP_BUILDJOB_PAGE_BYTES + out->file_read_bytes +
			     out->file_written_bytes) /
			d->seq_bytes_per_s;
	out->cpu_s = d->cpu_s > 0    ? d->cpu_s
		     : d->page_s > 0 ? (double)out->page_ops * d->page_s
				     : 0;
	out->total_s = out->io_s + out->cpu_s;
	return 0;
}
