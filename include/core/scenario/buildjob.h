/*
 * buildjob.h - the build job, planned: a deterministic, seeded stand-in for a RAM-hungry
 * compiler build (the blog's GHC build of ShellCheck: much heap, little disk), sized from the
 * memory limit so that its heap outgrows the limit by a fixed factor.
 *
 * The job is a sequence of "translation units". Unit u reads its own slice of the source files
 * plus a few shared "headers", allocates and fills its share of new heap, re-touches a window
 * of the most recent heap (a compiler's working set: recent allocations hot), writes one
 * object file, and every full_pass_every units walks the whole heap (a major GC: the old,
 * cold allocations come back). Objects are fsync'd every fsync_every units. Source contents
 * come from pagefill.c (text-like, verifiable 4 KiB pages).
 *
 * All sizes are in bytes and multiples of SP_BUILDJOB_PAGE_BYTES; heap positions are in those
 * pages. Pure: the effect side (probe/buildjob.c) executes what these functions describe.
 */
#ifndef SP_CORE_BUILDJOB_H
#define SP_CORE_BUILDJOB_H

#include <stddef.h>
#include <stdint.h>

#define SP_BUILDJOB_PAGE_BYTES 4096u
#define SP_BUILDJOB_MAX_SOURCES 4096u
#define SP_BUILDJOB_HEADERS_PER_UNIT 4u
#define SP_BUILDJOB_DEFAULT_BUDGET (256ull << 20)

struct sp_buildjob_plan {
	uint64_t budget_bytes; /* the memory limit the job is sized for */
	uint64_t seed;
	double work_scale; /* 1.0: the full job; smaller: fewer units (tests, demo) */

	/* sources: files src/NNNN.c, each a whole number of pagefill pages */
	uint32_t n_sources;
	uint32_t n_headers; /* sources [0, n_headers) are the shared headers */
	uint64_t source_bytes_total;

	/* heap */
	double over_factor;  /* heap at the end / budget */
	uint64_t heap_pages; /* at the end of the job */
	uint32_t n_units;
	uint64_t unit_heap_pages; /* new heap per unit (the last unit takes the rest) */
	uint64_t window_pages;	  /* the recent window each unit re-touches */
	uint32_t window_passes;	  /* how often it re-touches it */
	uint32_t full_pass_every; /* K: every K-th unit (and the last) walks the whole heap */
	uint32_t fsync_every;	  /* N: objects are fsync'd every N units (and after the last) */
};

/* One translation unit, as the effect side executes it. */
struct sp_buildjob_unit {
	uint32_t index;
	uint32_t src_first, src_count; /* its own sources: [src_first, src_first + src_count) */
	uint32_t hdr[SP_BUILDJOB_HEADERS_PER_UNIT]; /* the headers it also reads */
	uint32_t n_hdr;
	uint64_t heap_lo, heap_hi; /* pages it allocates: [heap_lo, heap_hi) */
	uint64_t window_lo;    /* it re-touches [window_lo, heap_hi), plan window_passes times */
	int full_pass;	       /* then walks [0, heap_hi) */
	int fsync_after;       /* fsync the objects written since the last fsync */
	uint64_t object_bytes; /* the object file it writes */
};

/*
 * Plan the job for a memory limit of budget_bytes (>= 4 MiB), a seed and a work scale in
 * (0, 16]. Returns: 0, or -EINVAL for a budget or scale out of range.
 */
int sp_buildjob_plan(uint64_t budget_bytes, uint64_t seed, double work_scale,
		     struct sp_buildjob_plan *out);

/* Size of source file i (a multiple of SP_BUILDJOB_PAGE_BYTES), 0 when i is out of range. */
uint64_t sp_buildjob_source_bytes(const struct sp_buildjob_plan *p, uint32_t i);

/* The pagefill seed of source file i's pages (page index = page number in the file). */
uint64_t sp_buildjob_source_seed(const struct sp_buildjob_plan *p, uint32_t i);

/* Unit u of the plan. Returns: 0, or -EINVAL when u >= n_units. */
int sp_buildjob_unit_at(const struct sp_buildjob_plan *p, uint32_t u, struct sp_buildjob_unit *out);

/* What the device is like, as measured by the device probe, for the estimate. */
struct sp_buildjob_device {
	double rand_read_s;	/* one random 4 KiB read (the probe's QD1 median) */
	double seq_bytes_per_s; /* the sequential rate */
	int page_cluster; /* vm.page-cluster in force: swap-ins come 2^page_cluster at a time */
	double cpu_s;	  /* the job's time without swap (the ram baseline), 0 if unknown */
	double page_s;	  /* when cpu_s is unknown: the CPU's cost of filling or checking one
			   * page (sp_buildjob_calibrate), times the pages the job fills and
			   * checks; 0: no CPU term */
};

struct sp_buildjob_estimate {
	uint64_t swapin_pages, swapout_pages; /* the model's, from the heap beyond the limit */
	uint64_t swapin_ios;		      /* swapin_pages / readahead cluster */
	uint64_t file_read_bytes, file_written_bytes;
	uint64_t seeks;	   /* head moves between filesystem and swap, and per file/fsync */
	uint64_t page_ops; /* pages filled (heap, objects) and checked (sources) */
	double cpu_s, io_s, total_s;
};

/*
 * Estimate the job's duration on a device: a simple model (every swap-in cluster and every
 * file a random read; swap-out and file bytes at the sequential rate; a seek per switch
 * between file I/O and swap) meant to tell 1 minute from 1 hour, not to predict a run.
 * Returns: 0, or -EINVAL for a non-positive latency or rate.
 */
int sp_buildjob_estimate(const struct sp_buildjob_plan *p, const struct sp_buildjob_device *d,
			 struct sp_buildjob_estimate *out);

#endif
