/*
 * buildjob.c - the build job's shape from a memory limit, a seed, a work scale and a number of
 * parallel jobs, and a rough estimate of its duration on a device (see buildjob.h).
 *
 * The proportions, and why:
 * - the heap ends at 1.6x the limit, and with the toolchain, the sources and the modules'
 *   files the job would hold about twice the limit: the field's regime (seed 004's GHC build
 *   needed about twice its 2 GB), in which the job swaps hard;
 * - the toolchain is a sixth of the limit: a compiler binary of an eighth with a hot sixteenth
 *   (the code every step runs) and four libraries. Its cold code is touched at every step at a
 *   random page, so under the limit it is read back from the filesystem again and again,
 *   between swap-ins: what sends a disk's head from the swap area to the filesystem and back;
 * - a unit imports up to 4 earlier modules and touches their heap at random, three in four of
 *   its heap touches (the rest its own new heap): old, cold heap comes back as a compiler's
 *   lookups of imported definitions bring it back, not in address order (measured on the
 *   modeled 7200 rpm disk at half: start only 3.1x the ram baseline, the field's 10.3x far);
 * - the heap is touched once per page over the job (times the work scale), 4 pages a step,
 *   so a step's cold code page and its heap pages alternate the filesystem and the swap area:
 *   enough swap-ins and code refaults that the placement dominates the job's time on a
 *   spinning disk; the work scale scales the steps, never the heap (the regime);
 * - but no more touches than the heap of a TOUCH_CAP_BUDGET limit has pages: the swap-ins
 *   follow the touches (each misses with the regime's odds), and a job whose work grew with
 *   the budget took 8x as long waiting for swap at 256 MiB, the ceiling a PC of 1 GiB or more
 *   gets, as at 34 MiB (measured on a loop disk: 25.9 s against 3.1 s), some 4 minutes at
 *   the start of a 7200 rpm disk; capped, one placement's job there stays within 3 minutes at
 *   any budget, in the same regime (a compiler's work does not grow with the RAM it is given);
 * - sources total a quarter of the limit, 128 KiB on average, read once per run; each module
 *   writes an interface file of 8 pages its importers read, and an object half its sources.
 */
#include "core/scenario/buildjob.h"

#include <errno.h>
#include <string.h>

#include "core/config/cli.h"
#include "core/measure/rng.h"

_Static_assert(SP_CLI_MAX_JOBS <= SP_BUILDJOB_MAX_JOBS, "--jobs beyond the plan's room");

#define OVER_FACTOR 1.6
#define SOURCE_SHARE 0.25 /* of the budget */
#define AVG_SOURCE_PAGES 32u
#define HEADER_SHARE 16u /* one source in 16 is a header */
#define BASE_UNITS 64.0
#define MIN_UNITS 4u
#define COMPILER_SHARE 8u /* compiler = budget / 8 */
#define LIB_SHARE 64u	  /* each library = budget / 64 */
#define HOT_SHARE 16u	  /* hot code = compiler / 16 */
#define DEPS_PER_UNIT 4u
#define IFACE_PAGES 8u
#define TOUCHES_PER_HEAP_PAGE 1u
#define TOUCH_CAP_BUDGET (64ull << 20) /* the touches of at most this limit's heap */
#define HEAP_PER_STEP 4u
#define IMPORT_IN_4 3u
#define HOT_PER_STEP 4u
#define COLD_EVERY 1u
#define MIN_BUDGET (4ull << 20)

/* Domain tags, so the sources, headers, deps and steps draw from unrelated streams of one seed */
#define TAG_SOURCE 0x736f75726365ull
#define TAG_SIZE 0x73697a65ull
#define TAG_HDR 0x686472ull
#define TAG_DEP 0x646570ull
#define TAG_STEP 0x73746570ull
#define TAG_TOOL 0x746f6f6cull
#define TAG_IFACE 0x6966616365ull

static uint64_t round_pages(uint64_t bytes)
{
	uint64_t pages = bytes / SP_BUILDJOB_PAGE_BYTES;

	return (pages ? pages : 1) * SP_BUILDJOB_PAGE_BYTES;
}

int sp_buildjob_plan(uint64_t budget_bytes, uint64_t seed, double work_scale, uint32_t jobs,
		     struct sp_buildjob_plan *out)
{
	uint64_t budget_pages, src_target, per_proc, touch_pages;
	double units;

	if (budget_bytes < MIN_BUDGET || !(work_scale > 0) || work_scale > 16 || jobs < 1 ||
	    jobs > SP_BUILDJOB_MAX_JOBS)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	budget_pages = budget_bytes / SP_BUILDJOB_PAGE_BYTES;
	out->budget_bytes = budget_bytes;
	out->seed = seed;
	out->work_scale = work_scale;
	out->jobs = jobs;

	out->compiler_bytes = round_pages(budget_bytes / COMPILER_SHARE);
	out->lib_bytes = round_pages(budget_bytes / LIB_SHARE);
	out->hot_code_pages = out->compiler_bytes / SP_BUILDJOB_PAGE_BYTES / HOT_SHARE;
	if (!out->hot_code_pages)
		out->hot_code_pages = 1;

	src_target = (uint64_t)((double)budget_pages * SOURCE_SHARE) / AVG_SOURCE_PAGES;
	if (src_target < 8)
		src_target = 8;
	if (src_target > SP_BUILDJOB_MAX_SOURCES)
		src_target = SP_BUILDJOB_MAX_SOURCES;
	out->n_sources = (uint32_t)src_target;
	out->n_headers = out->n_sources / HEADER_SHARE ? out->n_sources / HEADER_SHARE : 1;
	for (uint32_t i = 0; i < out->n_sources; i++)
		out->source_bytes_total += sp_buildjob_source_bytes(out, i);

	units = BASE_UNITS * work_scale + 0.5;
	out->n_units = units < MIN_UNITS ? MIN_UNITS : (uint32_t)units;
	if (out->n_units < jobs)
		out->n_units = jobs;
	if (out->n_units > SP_BUILDJOB_MAX_UNITS)
		out->n_units = SP_BUILDJOB_MAX_UNITS;
	out->deps_per_unit = DEPS_PER_UNIT;
	out->iface_bytes = IFACE_PAGES * SP_BUILDJOB_PAGE_BYTES;

	out->over_factor = OVER_FACTOR;
	/* rounded up: the heap exceeds the limit by at least the factor */
	out->heap_pages = (uint64_t)((double)budget_pages * OVER_FACTOR + 0.999999);
	/* the heap is sized for the full job: a smaller scale has fewer, larger units */
	out->unit_heap_pages = out->heap_pages / out->n_units;
	out->heap_per_step = HEAP_PER_STEP;
	out->import_in_4 = IMPORT_IN_4;
	out->hot_per_step = HOT_PER_STEP;
	out->cold_every = COLD_EVERY;
	/* the work scales with work_scale, the heap (the regime) does not; the touches stop
	 * growing with the budget at TOUCH_CAP_BUDGET's heap */
	touch_pages = (uint64_t)((double)(TOUCH_CAP_BUDGET / SP_BUILDJOB_PAGE_BYTES) * OVER_FACTOR);
	if (touch_pages > out->heap_pages)
		touch_pages = out->heap_pages;
	out->steps_per_unit = (uint64_t)((double)TOUCHES_PER_HEAP_PAGE * (double)touch_pages *
					 work_scale / HEAP_PER_STEP / out->n_units) +
			      1;
	per_proc = 0;
	for (uint32_t k = 0; k < jobs; k++)
		per_proc += sp_buildjob_proc_heap_pages(out, k);
	out->heap_pages = per_proc;
	out->working_set_bytes = out->heap_pages * SP_BUILDJOB_PAGE_BYTES + out->compiler_bytes +
				 SP_BUILDJOB_LIBS * out->lib_bytes + out->source_bytes_total +
				 (uint64_t)out->n_units * out->iface_bytes +
				 out->source_bytes_total / 2;
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

uint64_t sp_buildjob_tool_seed(const struct sp_buildjob_plan *p, uint32_t k)
{
	return sp_mix64(p->seed ^ TAG_TOOL) ^ k;
}

uint64_t sp_buildjob_iface_seed(const struct sp_buildjob_plan *p, uint32_t u)
{
	return sp_mix64(p->seed ^ TAG_IFACE) ^ u;
}

uint64_t sp_buildjob_tool_bytes(const struct sp_buildjob_plan *p, uint32_t k)
{
	return k == 0 ? p->compiler_bytes : k <= SP_BUILDJOB_LIBS ? p->lib_bytes : 0;
}

/* The units process k compiles: k, k + jobs, ...; how many. */
static uint32_t proc_units(const struct sp_buildjob_plan *p, uint32_t k)
{
	return k < p->n_units ? (p->n_units - k + p->jobs - 1) / p->jobs : 0;
}

uint64_t sp_buildjob_proc_heap_pages(const struct sp_buildjob_plan *p, uint32_t k)
{
	return (uint64_t)proc_units(p, k) * p->unit_heap_pages;
}

int sp_buildjob_unit_at(const struct sp_buildjob_plan *p, uint32_t u, struct sp_buildjob_unit *out)
{
	uint32_t own = p->n_sources - p->n_headers, nh, round_first, want;
	uint64_t own_bytes = 0, obj_pages;
	struct sp_rng r;

	if (u >= p->n_units)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->index = u;
	out->proc = u % p->jobs;
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

	/*
	 * The modules it imports: distinct, from the rounds before its own (units
	 * [round_first, round_first + jobs) compile at once), so a unit never waits for one that
	 * waits for it.
	 */
	round_first = u / p->jobs * p->jobs;
	want = p->deps_per_unit < round_first ? p->deps_per_unit : round_first;
	if (want > SP_BUILDJOB_MAX_DEPS)
		want = SP_BUILDJOB_MAX_DEPS;
	sp_rng_seed(&r, p->seed ^ TAG_DEP ^ sp_mix64(u));
	while (out->n_dep < want) {
		uint32_t d = (uint32_t)sp_rng_below(&r, round_first), dup = 0;

		for (uint32_t k = 0; k < out->n_dep; k++)
			dup |= out->dep[k] == d;
		if (!dup)
			out->dep[out->n_dep++] = d;
	}

	out->heap_lo = (uint64_t)(u / p->jobs) * p->unit_heap_pages;
	out->heap_hi = out->heap_lo + p->unit_heap_pages;
	out->rng_seed = p->seed ^ TAG_STEP ^ sp_mix64(u);

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
	uint64_t budget_pages = p->budget_bytes / SP_BUILDJOB_PAGE_BYTES, files = 0;
	uint64_t tool_pages =
	    (p->compiler_bytes + SP_BUILDJOB_LIBS * p->lib_bytes) / SP_BUILDJOB_PAGE_BYTES;
	double swapins = 0, refaults = 0;
	uint32_t fit_units = 0;

	if (!(d->rand_read_s > 0) || !(d->seq_bytes_per_s > 0) || !(d->page_s >= 0) ||
	    d->page_cluster < 0 || d->page_cluster > 10)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	for (uint32_t u = 0; u < p->n_units; u++) {
		struct sp_buildjob_unit un;
		uint64_t file_bytes = 0, heap_now, resident;
		double miss;

		sp_buildjob_unit_at(p, u, &un);
		for (uint32_t i = 0; i < un.src_count; i++)
			file_bytes += sp_buildjob_source_bytes(p, un.src_first + i);
		for (uint32_t i = 0; i < un.n_hdr; i++)
			file_bytes += sp_buildjob_source_bytes(p, un.hdr[i]);
		file_bytes += (uint64_t)un.n_dep * p->iface_bytes;
		files += un.src_count + un.n_hdr + un.n_dep + 2;
		/* the sources checked, the object filled and the unit's one heap shape; its heap
		 * pages are copies of that shape (probe/buildjob.c), a memcpy each, not counted:
		 * counted as fills they made the ram run 3.2 s where it took 0.76 s (the demo) */
		out->page_ops += file_bytes / SP_BUILDJOB_PAGE_BYTES +
				 un.object_bytes / SP_BUILDJOB_PAGE_BYTES + 1;
		out->file_read_bytes += file_bytes;
		out->file_written_bytes += un.object_bytes + p->iface_bytes;
		/*
		 * All processes' heap so far, against what the limit leaves it beside the hot
		 * code: the share that cannot be resident misses, for the imported heap touched
		 * (half the touches) and for the cold code (whose pages the kernel drops first).
		 */
		heap_now = (uint64_t)(u + 1) * p->unit_heap_pages;
		resident = budget_pages > p->hot_code_pages ? budget_pages - p->hot_code_pages : 1;
		miss = heap_now > resident ? (double)(heap_now - resident) / (double)heap_now : 0;
		if (un.n_dep) {
			swapins += miss * (double)p->steps_per_unit * p->heap_per_step *
				   p->import_in_4 / 4;
			refaults += (miss > 0 ? 1.0 : 0.0) * (double)p->steps_per_unit /
				    p->cold_every * (double)(tool_pages - p->hot_code_pages) /
				    (double)tool_pages;
		}
		if (heap_now > resident)
			out->swapout_pages += p->unit_heap_pages;
		else
			fit_units = u + 1;
	}
	out->fit_frac = p->n_units ? (double)fit_units / (double)p->n_units : 1;
	out->swapin_pages = (uint64_t)swapins;
	out->swapout_pages += out->swapin_pages;
	/* the touches are random: readahead brings little, each miss is its own read */
	out->swapin_ios = out->swapin_pages;
	out->code_refaults = (uint64_t)refaults;
	/* the link reads every object back */
	out->file_read_bytes += out->file_written_bytes;
	/*
	 * A refault is one random read: the device's random-read latency (the profile's, a short
	 * seek and the rotation) has its seek in it. Counted as a read and two head moves it made
	 * the job 75 s a run on the modeled 7200 rpm disk under QEMU, where it took 27-30 s with
	 * its swap at the start and 40-42 s at the end (tests/vm/hddmodel-build-job-7200rpm-*).
	 */
	out->seeks = files;
	out->swap_io_s = (double)(out->swapin_ios + out->code_refaults) * d->rand_read_s +
			 (double)(out->swapout_pages * SP_BUILDJOB_PAGE_BYTES) / d->seq_bytes_per_s;
	out->file_io_s =
	    (double)files * d->rand_read_s +
	    (double)(out->file_read_bytes + out->file_written_bytes) / d->seq_bytes_per_s;
	out->io_s = out->swap_io_s + out->file_io_s;
	out->cpu_s = d->cpu_s > 0    ? d->cpu_s
		     : d->page_s > 0 ? (double)out->page_ops * d->page_s
				     : 0;
	out->total_s = out->io_s + out->cpu_s;
	return 0;
}
