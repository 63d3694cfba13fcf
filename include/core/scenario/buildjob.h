/*
 * buildjob.h - the build job, planned: a deterministic, seeded stand-in for a RAM-hungry
 * compiler build (seed 004: GHC building ShellCheck on 2 GB, whose working set was about twice
 * the RAM), sized from the memory limit.
 *
 * What moves a disk's head during such a build, and so what this job does:
 * - a toolchain: a compiler "binary" and its libraries, files on the data filesystem written
 *   before the project (as an OS install puts /usr near the filesystem's start). The job maps
 *   them read-only and touches them as code is executed: the hot paths at every step, the
 *   cold paths now and then. Under the limit these clean file pages are dropped and read back
 *   from the filesystem, between the heap's swap-ins;
 * - modules ("units") compiled in order: unit u reads its own sources, a few shared headers
 *   and the interface files of the earlier modules it imports, allocates its share of new
 *   heap, then works in steps that touch, in no address order, its own heap and the heap of
 *   the modules it imports (a compiler's traversals follow pointers, not addresses), with the
 *   toolchain's code between them; it writes its object and its interface file, without
 *   fsync (compilers don't);
 * - a link step at the end reads every object back and writes the program.
 * The heap ends well past the limit (SP_BUILDJOB heap_pages): the job swaps hard, as the
 * field's did. `jobs` units run at once, as make -j does: each in its own process with its own
 * heap; a unit waits for the modules it imports.
 *
 * All sizes are in bytes and multiples of SP_BUILDJOB_PAGE_BYTES; heap positions are in those
 * pages, counted within the heap of the process that runs the unit. Pure: the effect side
 * (probe/buildjob.c) executes what these functions describe.
 */
#ifndef SP_CORE_BUILDJOB_H
#define SP_CORE_BUILDJOB_H

#include <stddef.h>
#include <stdint.h>

#define SP_BUILDJOB_PAGE_BYTES 4096u
#define SP_BUILDJOB_MAX_SOURCES 4096u
#define SP_BUILDJOB_HEADERS_PER_UNIT 4u
#define SP_BUILDJOB_MAX_DEPS 8u
#define SP_BUILDJOB_MAX_JOBS 16u
#define SP_BUILDJOB_LIBS 4u
#define SP_BUILDJOB_MAX_UNITS 1024u /* 64 units at scale 16 */
#define SP_BUILDJOB_DEFAULT_BUDGET (256ull << 20)

struct sp_buildjob_plan {
	uint64_t budget_bytes; /* the memory limit the job is sized for */
	uint64_t seed;
	double work_scale; /* 1.0: the full job; smaller: fewer units (tests, demo) */
	uint32_t jobs;	   /* units compiled at once (make -j) */

	/* the toolchain: tool/cc1 and tool/libN.so, mapped read-only and executed */
	uint64_t compiler_bytes;
	uint64_t lib_bytes;	 /* each of SP_BUILDJOB_LIBS */
	uint64_t hot_code_pages; /* of the compiler: touched at every step */

	/* sources: files src/NNNN.c, each a whole number of pagefill pages */
	uint32_t n_sources;
	uint32_t n_headers; /* sources [0, n_headers) are the shared headers */
	uint64_t source_bytes_total;

	/* the modules */
	uint32_t n_units;
	uint32_t deps_per_unit;	 /* the earlier modules a unit imports (fewer for the first) */
	uint64_t iface_bytes;	 /* each module's interface file, read by its importers */
	uint64_t steps_per_unit; /* work steps of one unit */
	uint32_t heap_per_step;	 /* heap pages a step touches (read and dirty) */
	uint32_t import_in_4;	 /* of 4 heap touches, how many fall in imported modules' heap */
	uint32_t hot_per_step;	 /* hot code pages a step touches */
	uint32_t cold_every;	 /* one cold code page (compiler or a library) every N steps */

	/* heap */
	double over_factor;	  /* all processes' heap at the end / budget */
	uint64_t heap_pages;	  /* of all processes together, at the end of the job */
	uint64_t unit_heap_pages; /* new heap per unit */

	/* what the job would hold if nothing limited it: heap, toolchain, its files */
	uint64_t working_set_bytes;
};

/* One module, as the effect side executes it. */
struct sp_buildjob_unit {
	uint32_t index;
	uint32_t proc;		       /* the process that compiles it: index % jobs */
	uint32_t src_first, src_count; /* its own sources: [src_first, src_first + src_count) */
	uint32_t hdr[SP_BUILDJOB_HEADERS_PER_UNIT]; /* the headers it also reads */
	uint32_t n_hdr;
	uint32_t dep[SP_BUILDJOB_MAX_DEPS]; /* the earlier modules it imports */
	uint32_t n_dep;
	uint64_t heap_lo, heap_hi; /* pages it allocates in its process's heap */
	uint64_t object_bytes;	   /* the object file it writes */
	uint64_t rng_seed;	   /* the seed of its steps' random choices */
};

/*
 * Plan the job for a memory limit of budget_bytes (>= 4 MiB), a seed, a work scale in (0, 16]
 * and jobs in [1, SP_BUILDJOB_MAX_JOBS]. Returns: 0, or -EINVAL for a value out of range.
 */
int sp_buildjob_plan(uint64_t budget_bytes, uint64_t seed, double work_scale, uint32_t jobs,
		     struct sp_buildjob_plan *out);

/* Size of source file i (a multiple of SP_BUILDJOB_PAGE_BYTES), 0 when i is out of range. */
uint64_t sp_buildjob_source_bytes(const struct sp_buildjob_plan *p, uint32_t i);

/* The pagefill seed of source file i's pages (page index = page number in the file). */
uint64_t sp_buildjob_source_seed(const struct sp_buildjob_plan *p, uint32_t i);

/* The pagefill seed of toolchain file k: 0 the compiler, 1..SP_BUILDJOB_LIBS the libraries. */
uint64_t sp_buildjob_tool_seed(const struct sp_buildjob_plan *p, uint32_t k);

/* The pagefill seed of module u's interface file. */
uint64_t sp_buildjob_iface_seed(const struct sp_buildjob_plan *p, uint32_t u);

/* Size of toolchain file k (as above). */
uint64_t sp_buildjob_tool_bytes(const struct sp_buildjob_plan *p, uint32_t k);

/* Unit u of the plan. Returns: 0, or -EINVAL when u >= n_units. */
int sp_buildjob_unit_at(const struct sp_buildjob_plan *p, uint32_t u, struct sp_buildjob_unit *out);

/* The heap of process k at the end of the job, in pages. */
uint64_t sp_buildjob_proc_heap_pages(const struct sp_buildjob_plan *p, uint32_t k);

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
	uint64_t swapin_ios;		      /* random reads for swap-ins */
	uint64_t code_refaults;		      /* toolchain pages read back */
	uint64_t file_read_bytes, file_written_bytes;
	uint64_t seeks;	   /* a head move per file (a refault's is in its read) */
	uint64_t page_ops; /* pages filled (objects, a heap shape per unit), checked (sources) */
	double cpu_s, io_s, total_s;
	/* io_s split: the swap's part (swap-ins, code refaults, swap-out) and the files' part
	 * (reads, writes and their seeks), so a run without swap (ram, none) costs the files
	 * alone */
	double swap_io_s, file_io_s;
	/* the share of the job's units done before its heap outgrows the limit beside the hot
	 * code: where no swap is allowed (none) the OOM killer ends it there; 1 when it fits */
	double fit_frac;
};

/*
 * Estimate the job's duration on a device: a simple model (a heap touch misses in the share of
 * the touched heap that cannot be resident, each miss a random read; a cold code touch misses
 * likewise; swap-out and file bytes at the sequential rate; a seek per file) meant to tell
 * 1 minute from 1 hour, not to predict a run.
 * Returns: 0, or -EINVAL for a non-positive latency or rate.
 */
int sp_buildjob_estimate(const struct sp_buildjob_plan *p, const struct sp_buildjob_device *d,
			 struct sp_buildjob_estimate *out);

#endif
