/*
 * serverjob.h - the `cache` and `gc` scenarios, executed: each case a forked worker in a fresh
 * memory cgroup limited to the budget (probe/jobrun.h), measuring itself at the edges of its
 * measured span and writing what it saw into a MAP_SHARED block the parent faulted in (so it
 * is charged to the parent, not to the limit). Sizes, parsing and statistics are pure
 * (core/scenario/serverjob.h); page contents come from core/measure/pagefill.h.
 *
 * cache (seed 002): the rest of the stack ("other" memory, a fixed share of the budget, in
 * SP_CACHE_WORKERS worker processes as the seed's PHP-FPM children) and a database process
 * whose buffer pool holds the first cache_pct % of a database one budget large, all in the
 * one cgroup. `threads` clients (sysbench's 8) each send a request to a worker, which touches
 * a few random pages of its memory (hotter per page than the pool), then look up a few random
 * database pages: a hit reads and verifies the pool's page, a miss reads it from the database
 * file with O_DIRECT (or, without a file, generates it: a miss then costs CPU only). Closed
 * loop for a fixed span after fill and warm-up; every 0.25 s each process's own swap use of
 * its memory (its mapping's Swap in smaps: what the kernel evicted, evicted{pool_bytes,
 * other_bytes}) and the pages out per mincore().
 *
 * gc (seed 003): a metadata region (heap/64 pages, 16 to 256), then a live heap of heap_pct % of
 * the limit, filled in that order. A cycle: the mutator allocates alloc_pct % of the limit a page
 * at a time (each allocation with its first touch timed), using eight random heap pages per
 * allocation; then a stop-the-world pause reads every metadata page's header (timed, with the
 * worker's major faults and the machine's pswpin read around it); then the sweep gives the
 * cycle's pages back (MADV_DONTNEED, as Go's scavenger does). Heap, metadata and a cycle's
 * allocations pass the limit, so its reclaim takes the coldest pages, the metadata among them,
 * and the next pause faults them back. Cycles run until the span would be passed.
 */
#ifndef SP_SERVERJOB_H
#define SP_SERVERJOB_H

#include <stddef.h>
#include <stdint.h>

#include "core/scenario/serverjob.h"

struct sp_cache_opts {
	uint64_t limit_bytes;		 /* the budget: the cgroup's limit */
	double other_pct;		 /* the rest of the stack, % of the budget */
	size_t n_pcts;			 /* cases, 1..SP_CACHE_MAX_CASES */
	double pcts[SP_CACHE_MAX_CASES]; /* the pool per case, % of the budget */
	unsigned lookups;		 /* database pages per op */
	unsigned other_touches;		 /* other-memory pages per op (in a worker process) */
	unsigned threads;		 /* client threads, 1..SP_CACHE_MAX_THREADS */
	double warmup_s, duration_s;	 /* per case, after the fill */
	double timeout_s;		 /* per case, the whole worker */
	const char *dir; /* where the database file lives (sp_cache_setup); NULL: none */
	int allow_swap;	 /* 0 forbids swap for the cgroup (the `none` baseline) */
	uint64_t seed;
};

/* 50/75/100 %, other 40 %, 8 lookups and 16 touches per op, 8 threads, 2 s warm-up, 20 s
 * per case. */
void sp_cache_defaults(struct sp_cache_opts *o, uint64_t limit_bytes);

/*
 * Write the database (one budget of pagefill pages) to dir/swapplace-cache.db, fsync'd and
 * dropped from the page cache. Returns: 0, or -errno.
 */
int sp_cache_setup(const struct sp_cache_opts *o);

/*
 * Run every case, each in its own cgroup. out has one case per pct, in the order given: ok, or
 * failed with its reason (an OOM kill is a result). Returns: 0 when out holds the cases;
 * -EINVAL for bad options; -EINTR on a terminating signal; another -errno when a case could
 * not be started (its reason says so too).
 */
int sp_cache_run(const struct sp_cache_opts *o, struct sp_scenario_cache *out);

struct sp_gc_opts {
	uint64_t limit_bytes;
	double heap_pct;	    /* the live heap, % of the limit (default 30) */
	double alloc_pct;	    /* allocated between two pauses, % of the limit (default 100) */
	unsigned touches_per_alloc; /* heap pages the mutator uses per allocation (default 8) */
	double duration_s;	    /* the measured span after the fill (default 20) */
	double baseline_s;	    /* the baseline's span, in RAM, first; 0: none (default 1) */
	double timeout_s;	    /* each run, the whole worker */
	int allow_swap;
	uint64_t seed;
};

void sp_gc_defaults(struct sp_gc_opts *o, uint64_t limit_bytes);

/*
 * The baseline (when baseline_s > 0: no limit, no swap) and then the measured run in a cgroup
 * limited to limit_bytes. Returns: as sp_cache_run, for the one run; out is ok or failed with
 * its reason, out->baseline likewise.
 */
int sp_gc_run(const struct sp_gc_opts *o, struct sp_scenario_gc *out);

#endif
