/*
 * serverjob.h - the server scenarios' results and their pure arithmetic: `cache` (a
 * service with its own buffer pool beside fixed other memory, seed 002: the pool sized by the
 * 70 %-of-RAM rule makes the box swap its own cache) and `gc` (seed 003: a heap that fits,
 * allocations that push the limit, and a small metadata region that ages out to swap and that
 * each stop-the-world pause faults back).
 *
 * The structs mirror the JSON contract key for key:
 *   results[].scenarios.cache: {cases: [{cache_pct, ops_per_s, p95_ms, swapin_pages_per_s,
 *       swapout_pages_per_s, pgscan_direct, allocstall, psi_some_avg10, psi_full_avg10}]}
 *   results[].scenarios.gc: {pauses, p50_pause_ms, p99_pause_ms, worst_pause_ms,
 *       faults_in_pauses, pause_list[{ms, faults}], alloc_latency{p50_us, p99_us, max_us},
 *       baseline{...}}
 * Every field after the "beyond the contract" line is not a key (yet): status and reason as
 * every section has them, and the counters the figures come from.
 *
 * Here: sizing each case from the budget, parsing the counters (/proc/vmstat, PSI text),
 * turning before/after counters into a case, the trap finding over the cases, and the pause
 * statistics (core/measure/hist.h). Pure: no I/O; sp_gc_summarize allocates one histogram.
 */
#ifndef SP_CORE_SERVERJOB_H
#define SP_CORE_SERVERJOB_H

#include <stddef.h>
#include <stdint.h>

#include "core/model/status.h"

/* core/measure/hist.h: not included, since core/model/report.h includes this file and hist.h
 * report.h */
struct sp_hist;

/* ---- counters both scenarios read ---- */

/* The /proc/vmstat counters of a case. allocstall is the sum of the per-zone allocstall_*
 * lines (one "allocstall" line before 4.x); absent keys are flagged, never read as 0. */
struct sp_server_vm {
	uint64_t pswpin, pswpout;
	uint64_t pgscan_direct;
	uint64_t allocstall;
	int has_pgscan_direct, has_allocstall;
};

/* Returns: 0; -ENOENT without pswpin/pswpout (no swap counters: nothing to report); -EINVAL. */
int sp_server_vm_parse(const char *vmstat_text, struct sp_server_vm *out);

/*
 * PSI text (/proc/pressure/memory or a v2 cgroup's memory.pressure): "some avg10=0.65 ..." and
 * "full avg10=0.44 ...". *has_full is 0 when the full line is absent (cpu pressure has none).
 * Returns: 0, -ENOENT without a some line, -EINVAL on malformed text.
 */
int sp_psi_parse(const char *text, double *some_avg10, double *full_avg10, int *has_full);

/* --repeat's rounds a cache case or the gc scenario keeps (SP_CLI_MAX_REPEAT) */
#define SP_SERVER_MAX_RUNS 8

/* ---- cache ---- */

#define SP_CACHE_MAX_CASES 8
#define SP_CACHE_DEFAULT_OTHER_PCT 40.0
/* a case swaps its own cache when at least this share of the pool was out on swap */
#define SP_CACHE_TRAP_SWAPPED_PCT 1.0
/* client threads, as the seed's sysbench ran (oltp_read_write --threads=8) */
#define SP_CACHE_DEFAULT_THREADS 8
#define SP_CACHE_MAX_THREADS 64
/* the other processes: the seed's four PHP-FPM children (fewer with fewer threads) */
#define SP_CACHE_WORKERS 4

/* Whose counter a figure is: the case's own cgroup's, or the whole machine's. */
enum sp_scope {
	SP_SCOPE_NONE = 0, /* not available on this kernel (null in the report, never 0) */
	SP_SCOPE_CGROUP,   /* the case's own v2 cgroup (memory.pressure, memory.stat) */
	SP_SCOPE_SYSTEM,   /* /proc/pressure/memory, /proc/vmstat: the whole machine */
};

/* "none", "cgroup", "system" (the report's psi_scope, pgscan_scope); parse: 0 or -EINVAL */
const char *sp_scope_name(enum sp_scope s);
int sp_scope_parse(const char *s, enum sp_scope *out);

/* How one case is laid out in memory: pages of 'page_bytes'. */
struct sp_cache_plan {
	uint64_t limit_bytes; /* the cgroup's limit: the budget */
	uint64_t page_bytes;
	double cache_pct;     /* the pool as a share of the budget */
	uint64_t cache_pages; /* the buffer pool: holds database pages 0 .. cache_pages-1 */
	uint64_t other_pages; /* the rest of the stack (app workers, connections): fixed */
	uint64_t db_pages;    /* the database: as large as the budget, so at 100 % all hit */
};

/*
 * Size a case: cache = cache_pct % of limit, other = other_pct % of limit, the database one
 * budget. Returns: 0; -EINVAL when cache_pct is not in (0, 200], other_pct not in [0, 100),
 * page_bytes is not a multiple of 8 of at least 64, or the limit holds fewer than 64 pages.
 */
int sp_cache_plan_make(uint64_t limit_bytes, double cache_pct, double other_pct,
		       uint64_t page_bytes, struct sp_cache_plan *out);

struct sp_cache_case {
	/* the JSON contract */
	double cache_pct;
	double ops_per_s;
	double p95_ms;
	double swapin_pages_per_s, swapout_pages_per_s; /* pswpin/pswpout over the span */
	uint64_t pgscan_direct, allocstall;		/* /proc/vmstat deltas over the span */
	double psi_some_avg10, psi_full_avg10;		/* at the span's end; see psi_scope */
	/* beyond the contract */
	enum sp_status status;
	char reason[256];
	enum sp_scope psi_scope; /* SP_SCOPE_NONE: psi_* are not available (null), not 0 */
	/*
	 * pgscan_direct's source. The kernel counts reclaim forced by a cgroup's limit in that
	 * cgroup's memory.stat (v2) but not in /proc/vmstat, which counts only the machine's
	 * own direct reclaim; v1 has no per-cgroup pgscan. So with SP_SCOPE_SYSTEM a limited
	 * case's own reclaim does not show, and allocstall (global direct reclaim only) never
	 * counts limit reclaim at all.
	 */
	enum sp_scope pgscan_scope;
	int has_psi_full;
	int has_pgscan_direct, has_allocstall; /* 0: the kernel lacks the counter (null) */
	double span_s;			       /* the measured span (after fill and warm-up) */
	uint64_t ops;
	double p50_ms, p99_ms;
	uint64_t pswpin, pswpout;
	uint64_t major_faults; /* the worker's own (rusage) over the span */
	uint64_t hits, misses; /* pool lookups over the span */
	uint64_t mismatches;   /* pages that came back different from what was written */
	uint64_t limit_bytes, cache_bytes, other_bytes;
	/*
	 * The pool's own pages out on swap (mincore of the pool: an anonymous page that is
	 * not resident was swapped out), the most seen in the samples over the span; the
	 * same for the other memory. This is what says the service swaps its own cache.
	 */
	uint64_t cache_swapped_bytes, other_swapped_bytes;
	int has_swapped; /* 0: mincore was not sampled */
	int oom_killed;
	/*
	 * JSON evicted{pool_bytes, other_bytes}: the processes' own swap use of that memory
	 * (the Swap of its mapping in /proc/PID/smaps), the most seen over the span: the
	 * database process's pool, and the worker processes' memory summed. has 0: not read
	 * (null).
	 */
	struct sp_cache_evicted {
		uint64_t pool_bytes, other_bytes;
		int has;
	} evicted;
	/* the swappiness the case's reclaim used: its v1 cgroup's memory.swappiness, or
	 * vm.swappiness (v2 has no per-cgroup one); has_swappiness 0: unread (null) */
	int swappiness, has_swappiness;
	/* --repeat (core/scenario/server_runs.h): every run's headline, in run order; the
	 * figures above are the worst run's. n_runs 0: one run, not listed (older files) */
	size_t n_runs;
	double ops_per_s_runs[SP_SERVER_MAX_RUNS];
	double p95_ms_runs[SP_SERVER_MAX_RUNS];
};

struct sp_scenario_cache {
	int done;
	unsigned threads; /* client threads per case (JSON threads) */
	size_t n_cases;
	struct sp_cache_case cases[SP_CACHE_MAX_CASES];
	/* the scenario's evicted: the most of each side over its ok cases that read it (has 0:
	 * none did), set by sp_cache_evicted_most */
	struct sp_cache_evicted evicted;
};

/*
 * Set s->evicted from its cases: pool_bytes and other_bytes each the largest an ok case with
 * evicted read saw, so a reader learns which memory the kernel put on swap in this placement
 * without walking the cases; has 0 when no ok case read it.
 */
void sp_cache_evicted_most(struct sp_scenario_cache *s);

/*
 * Fill the span's figures of c from counters taken at the span's start (v0) and end (v1),
 * the span in seconds, the ops done and their latencies (nanoseconds). c's sizes, PSI and
 * mincore fields are the caller's. Status becomes ok.
 * Returns: 0; -EINVAL for span_s <= 0, NULL, or a counter that went backwards.
 */
int sp_cache_case_finish(const struct sp_server_vm *v0, const struct sp_server_vm *v1,
			 double span_s, uint64_t ops, const struct sp_hist *lat_ns,
			 struct sp_cache_case *c);

/* Whether a case swapped its own cache (ok, and its pool >= SP_CACHE_TRAP_SWAPPED_PCT out). */
int sp_cache_case_swaps_own_cache(const struct sp_cache_case *c);

/* Which memory a case's processes had out on swap (evicted), as its sentence says it. */
enum sp_cache_out {
	SP_CACHE_OUT_UNKNOWN = 0, /* not ok, or evicted not read */
	SP_CACHE_OUT_NONE,	  /* neither had a page out */
	SP_CACHE_OUT_POOL,	  /* the pool's, the other processes' not (or under 1 % of it) */
	SP_CACHE_OUT_OTHER,	  /* the other processes', the pool's not (or under 1 % of it) */
	SP_CACHE_OUT_BOTH,
};

/*
 * Which memory went out: each side counts when at least SP_CACHE_TRAP_SWAPPED_PCT % of its
 * own size (cache_bytes, other_bytes) was out. Returns SP_CACHE_OUT_*.
 */
enum sp_cache_out sp_cache_case_out(const struct sp_cache_case *c);

/* The double-caching trap, found in the cases. */
struct sp_cache_trap {
	int found;	   /* some case that ran swapped its own cache */
	double cache_pct;  /* the smallest such pool size */
	int last_clean;	   /* the largest case below it that ran ok and did not (or -1) */
	double clean_pct;  /* its pool size */
	double ops_ratio;  /* ops/s of the trap case over the clean case; 0 without one */
	size_t n_measured; /* cases that ran ok and had mincore samples */
};

/* Returns: 0; -EINVAL for NULL or more than SP_CACHE_MAX_CASES cases. */
int sp_cache_trap_find(const struct sp_scenario_cache *s, struct sp_cache_trap *out);

/* ---- gc ---- */

/*
 * The gc (seed 003) as the seed lived it: a heap that fits beside the mutator's allocations,
 * and a small GC metadata region outside the heap that only the stop-the-world pause reads.
 * Between pauses the mutator allocates about what is left of the limit and more, so the
 * limit's reclaim takes the coldest pages: the metadata, touched once a cycle. Each pause then
 * faults it back. The region is capped (SP_GC_META_MAX_PAGES) so a pause costs at most a few
 * hundred random reads: about 3 s on a 5400 rpm disk, not the minutes a walk of the heap took.
 */
/*
 * Measured (a 32 to 128 MiB limit, cgroup v1, 6.18): with the heap at 50 % and 55 to 80 % of
 * the limit allocated a cycle, the kernel's refault detection put the metadata on the active
 * list after a few cycles and it stayed in for tens of pauses; with the heap at 30 % and a
 * limit's worth allocated a cycle, every pause faulted all of it back, on a disk and on zram.
 */
#define SP_GC_DEFAULT_HEAP_PCT 30.0   /* the live heap, % of the limit: it fits */
#define SP_GC_DEFAULT_ALLOC_PCT 100.0 /* allocated between two pauses, % of the limit */
#define SP_GC_DEFAULT_TOUCHES 8	      /* heap pages the mutator uses per allocation */
#define SP_GC_META_DIVISOR 64	      /* the metadata: a page per 64 heap pages (Go's bitmap) */
#define SP_GC_META_MIN_PAGES 16
#define SP_GC_META_MAX_PAGES 256 /* the seed's pause faulted 228 */
#define SP_GC_MAX_PAUSES 256	 /* a run stops at this many pauses */
#define SP_GC_BASELINE_MAX_PAUSES 64

struct sp_gc_plan {
	uint64_t limit_bytes, page_bytes;
	uint64_t heap_pages;  /* the live heap: heap_pct % of the limit, touched by the mutator */
	uint64_t meta_pages;  /* the GC metadata: heap/64 in [16, 256] pages, read by pauses */
	uint64_t alloc_pages; /* allocated (and released by the sweep) per cycle */
	/* heap + metadata + a cycle's allocations over the limit: what reclaim must take */
	int64_t excess_pages;
};

/*
 * Returns: 0; -EINVAL when heap_pct is not in (0, 100), alloc_pct not in (0, 400], the page
 * size is unusable, or the limit holds fewer than 64 pages.
 */
int sp_gc_plan_make(uint64_t limit_bytes, double heap_pct, double alloc_pct, uint64_t page_bytes,
		    struct sp_gc_plan *out);

/* One pause: how long the world stood still, and the major faults inside it. */
struct sp_gc_pause {
	double ms;
	uint64_t faults;
};

/* The mutator's allocation (take a page, write its first bytes), in microseconds. */
struct sp_gc_alloc_latency {
	double p50_us, p99_us, max_us;
};

/* The pause figures of a run: the JSON's and what they come from. */
struct sp_gc_pauses {
	uint64_t pauses;
	double p50_pause_ms, p99_pause_ms, worst_pause_ms;
	uint64_t faults_in_pauses;    /* the worker's major faults inside its pauses, summed */
	uint64_t pauses_with_faults;  /* pauses in which at least one major fault happened */
	double faulting_p50_pause_ms; /* p50 of those pauses; 0 when there are none */
};

/*
 * The same workload without pressure (no limit, no swap: in RAM), run before the measured one
 * on the same placement: what the pauses and allocations cost when nothing is out.
 */
struct sp_gc_baseline {
	int done;
	enum sp_status status;
	char reason[256];
	uint64_t pauses;
	double p50_pause_ms, p99_pause_ms, worst_pause_ms;
	uint64_t faults_in_pauses;
	size_t n_pause_list;
	struct sp_gc_pause pause_list[SP_GC_BASELINE_MAX_PAUSES];
	struct sp_gc_alloc_latency alloc_latency;
	uint64_t allocations;
	double wall_s;
};

struct sp_scenario_gc {
	int done;
	/* the JSON contract */
	uint64_t pauses;
	double p50_pause_ms, p99_pause_ms, worst_pause_ms;
	uint64_t faults_in_pauses; /* the worker's major faults inside its pauses, summed */
	/* beyond the contract */
	enum sp_status status;
	char reason[256];
	uint64_t pauses_with_faults;  /* pauses in which at least one major fault happened */
	double faulting_p50_pause_ms; /* p50 of those pauses; 0 when there are none */
	uint64_t limit_bytes, heap_bytes, hot_bytes;
	uint64_t mutator_touches;
	uint64_t pages_checked, mismatches; /* page metadata read in pauses, and wrong ones */
	uint64_t pswpin, pswpout;	    /* /proc/vmstat over the whole run */
	double wall_s;
	int oom_killed;
	/* issue 17: each pause, the allocations, the metadata, the baseline */
	size_t n_pause_list;
	struct sp_gc_pause pause_list[SP_GC_MAX_PAUSES];
	struct sp_gc_alloc_latency alloc_latency;
	uint64_t allocations;
	uint64_t meta_bytes, alloc_bytes; /* the metadata region; allocated per cycle */
	uint64_t pswpin_in_pauses;	  /* /proc/vmstat pswpin inside the pauses, summed */
	uint64_t capped_cycles;		  /* cycles whose allocations sp_gc_cycle_cap_s cut short */
	double span_s;			  /* the measured span: first cycle to last pause */
	struct sp_gc_baseline baseline;
	/* --repeat (core/scenario/server_runs.h): every run's pause figures, in run order; the
	 * figures above are the worst run's. n_runs 0: one run, not listed (older files) */
	size_t n_runs;
	double p99_pause_ms_runs[SP_SERVER_MAX_RUNS];
	double worst_pause_ms_runs[SP_SERVER_MAX_RUNS];
};

/*
 * Pause statistics from n pauses (durations in ns, major faults in each): count, p50, p99
 * (core/measure/hist.h nearest rank, within its 0.4 % bound), worst (exact), the fault sum, and
 * each pause into list (at most max of them; *n_list gets how many).
 * Returns: 0; -EINVAL for NULL with n > 0; -ENOMEM.
 */
int sp_gc_summarize(const uint64_t *pause_ns, const uint64_t *faults, size_t n,
		    struct sp_gc_pauses *out, struct sp_gc_pause *list, size_t max, size_t *n_list);

/* Allocation latency from a histogram of nanoseconds: p50, p99 (nearest rank), max (exact). */
void sp_gc_alloc_summarize(const struct sp_hist *alloc_ns, struct sp_gc_alloc_latency *out);

/* Copy the pause figures into a run's result (its scalar keys). */
void sp_gc_pauses_put(const struct sp_gc_pauses *p, struct sp_scenario_gc *out);

/*
 * Whether to start another cycle: the span is spent when the time so far plus the last cycle's
 * (the best guess of the next one's) would pass it, so a slow disk's last pause does not run
 * far over the scenario's share. At least one cycle always runs.
 */
int sp_gc_cycle_fits(double elapsed_s, double last_cycle_s, double span_s, uint64_t cycles);

/*
 * The longest a cycle's allocations may take: a quarter of the span. Where each page the limit
 * makes room for is a write to a slow disk (a 5400 rpm one took 19 s for a 64 MiB limit's worth)
 * the pause comes at this time, as a GC paced by time would, instead of past the scenario's
 * share; the metadata is out by then, the first pages reclaim takes. Elsewhere (RAM, zram, an
 * SSD) the limit's worth is allocated well before it.
 */
double sp_gc_cycle_cap_s(double span_s);

/* ---- in `run`: the times of a case from the one time the user gives ---- */

/*
 * What `run` assumes a case spends before its measured span: mapping and filling its memory
 * (one budget; the gc's heap and metadata) and pushing the excess out to swap. A guess for the
 * plan's estimate only; nothing is cut short by it.
 */
#define SP_SERVER_FILL_EST_S 3.0

/*
 * --cache-time S: each case measures for S seconds after a warm-up of a quarter of it (1 to
 * 2 s) and is given up after 60 s + 4 x that, fill included (a slow disk fills slowly).
 * Returns: 0; -EINVAL for S not > 0 and finite, or NULL.
 */
int sp_cache_times(double case_s, double *warmup_s, double *duration_s, double *timeout_s);

/*
 * --gc-time S: the span after the fill is S, given up after 60 s + 4 x S. As sp_cache_times.
 * No cycle starts that the last one's length says would end past S (sp_gc_cycle_fits).
 */
int sp_gc_times(double span_s, double *duration_s, double *timeout_s);

/* The baseline's span (in RAM, before the measured run): a quarter of S, at most this. */
#define SP_GC_BASELINE_S 1.0
double sp_gc_baseline_s(double span_s);

/* The plan's estimate of a case: fill, warm-up (gc: its baseline) and span; 0 for a bad time. */
double sp_cache_case_estimate_s(double case_s);
double sp_gc_estimate_s(double span_s);

#endif
