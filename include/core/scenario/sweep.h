/*
 * sweep.h - `run --sweep KNOB=V1,V2,...`: a kernel knob (vm.swappiness, vm.page-cluster) set to
 * each value in turn while the chosen scenarios run again on every placement but ram.
 *
 * Here, all pure: the parser of --sweep (every bad knob or value is refused before anything is
 * touched), the order of the sweep's runs, the rows report.json's top-level "sweeps" holds (one
 * per run and scenario line: {knob, value, placement, scenario, run, status, reason, ...the
 * scenario's headline figures}), and the findings over them: per knob, one line per placement
 * and scenario (and case), each value's figure (the median of its runs), and whether the values
 * differed by more than the runs' spread.
 *
 * A scenario's headline (which figures a row keeps, which one the table shows and the verdict
 * compares, and whether more of it is better) is one entry of a table in sweep.c: the build
 * job (wall time), the service (each case's p95), the cache (each pool size's ops/s, where
 * higher is better) and gc (the pause's p99). Wiring another scenario into the sweep is: its
 * figures in struct sp_sweep_row, an extractor in that table, its keys in report_schema.c's
 * sweep rows. No allocation, no I/O.
 */
#ifndef SP_SWEEP_H
#define SP_SWEEP_H

#include <stddef.h>
#include <stdint.h>

struct sp_scenarios; /* core/model/report.h, which includes this file */

enum sp_knob {
	SP_KNOB_SWAPPINESS,   /* vm.swappiness: 0..200 (kernels before 5.8 take 0..100) */
	SP_KNOB_PAGE_CLUSTER, /* vm.page-cluster: readahead of 2^N pages, 0..10 */
	SP_KNOB_N
};

#define SP_SWEEP_MAX_VALUES 6 /* per knob: one column each, within 80 columns */
#define SP_SWEEP_MAX_ROWS 512 /* rows a report holds; a sweep that needs more is refused */
#define SP_SWEEP_MAX_LINES 64 /* placement x scenario lines per knob in the findings */

/* "swappiness", "page-cluster" (what --sweep takes); "?" out of range. */
const char *sp_knob_name(enum sp_knob k);
/* "vm.swappiness", "vm.page-cluster": the sysctl the knob sets. */
const char *sp_knob_sysctl(enum sp_knob k);
/* Returns: 0, or -EINVAL for a name that is not a knob. */
int sp_knob_parse(const char *name, enum sp_knob *out);

struct sp_knob_sweep {
	enum sp_knob knob;
	size_t n_values;
	int values[SP_SWEEP_MAX_VALUES]; /* in the order given */
};

/* What --sweep asked for: each knob at most once, in the order given. */
struct sp_sweep_plan {
	size_t n_knobs;
	struct sp_knob_sweep knobs[SP_KNOB_N];
};

/*
 * Parse n --sweep arguments ("swappiness=10,60,100") into out (zeroed first; n 0 is an empty
 * plan). Refused, with the reason in err: an unknown knob, no '=', an empty or non-decimal
 * value, a value out of the knob's range, a value given twice, more than SP_SWEEP_MAX_VALUES
 * values, a knob given twice.
 * Returns: 0, or -EINVAL.
 */
int sp_sweep_parse(const char *const *args, size_t n, struct sp_sweep_plan *out, char *err,
		   size_t errlen);

/* One run of a sweep: indices into the plan's knobs, its values and the swept placements. */
struct sp_sweep_step {
	size_t round;	  /* 0-based; --repeat rounds */
	size_t knob;	  /* index into plan->knobs */
	size_t placement; /* index into the placements swept (ram is never one) */
	size_t value;	  /* index into plan->knobs[knob].values */
};

/* How many runs: rounds x placements x every knob's values. */
size_t sp_sweep_n_steps(const struct sp_sweep_plan *p, size_t n_placements, size_t rounds);

/*
 * Step k of the sweep, in its order: round by round; within a round knob by knob; within a knob
 * placement by placement, each placement's values back to back (so the values compared on one
 * placement run minutes, not the whole sweep, apart, and round r of one value is paired with
 * round r of the others). Returns: 0, or -EINVAL when k is not below sp_sweep_n_steps().
 */
int sp_sweep_step_at(const struct sp_sweep_plan *p, size_t n_placements, size_t rounds, size_t k,
		     struct sp_sweep_step *out);

/* ---- rows: report.json's "sweeps" ---- */

/* The build job's headline figures (results[].scenarios.build of the run). */
struct sp_sweep_build {
	double wall_s;
	uint64_t pswpin, pswpout, major_faults;
	int oom_killed;
};

/* One service case's headline figures (results[].scenarios.service.cases[] of the run). */
struct sp_sweep_service {
	char case_name[16]; /* key "case" */
	uint64_t sent, failed;
	double p95_ms, top_speed_per_s;
	uint64_t oom_kills;
	double swapin_pages_per_s;
};

/*
 * The pool sizes one run of the cache scenario gives (probe/serverjob.c sp_cache_defaults:
 * 50, 75 and 100 % of the budget): what sp_sweep_rows_per_run() counts for it.
 */
#define SP_SWEEP_CACHE_CASES 3

/* One pool size's headline figures (results[].scenarios.cache.cases[] of the run). */
struct sp_sweep_cache {
	double cache_pct;
	double ops_per_s; /* the figure compared: higher is better */
	double p95_ms;
	double swapin_pages_per_s;
	int oom_killed;
};

/* The gc scenario's headline figures (results[].scenarios.gc of the run). */
struct sp_sweep_gc {
	uint64_t pauses;
	double p99_pause_ms, worst_pause_ms;
	uint64_t faults_in_pauses;
};

struct sp_sweep_row {
	char knob[16];	    /* "swappiness", "page-cluster" */
	int value;	    /* what the knob was set to */
	char placement[48]; /* the placement's name */
	char scenario[16];  /* "build", "service", "cache", "gc" */
	uint32_t run;	    /* 1-based: the sweep's round (--repeat) */
	int status;	    /* enum sp_status (core/model/report.h): ok, or failed: no figures (reason) */
	char reason[256];
	int is_build; /* the build job's figures follow (written only then) */
	struct sp_sweep_build build;
	int is_service; /* one service case's figures follow */
	struct sp_sweep_service service;
	int is_cache; /* one cache pool size's figures follow */
	struct sp_sweep_cache cache;
	int is_gc; /* the gc scenario's figures follow */
	struct sp_sweep_gc gc;
};

/*
 * The rows one run of the scenarios s gives (a build row when the job ran, one row per service
 * case and per cache pool size that ran, a gc row when gc ran), each a copy of tmpl (knob,
 * value, placement, run) with its scenario's figures.
 * Returns: the number of rows written, at most max.
 */
size_t sp_sweep_rows_from(const struct sp_sweep_row *tmpl, const struct sp_scenarios *s,
			  struct sp_sweep_row *out, size_t max);

/* The most rows one run of the scenarios (core/scenario/scenario.h bits) gives. */
size_t sp_sweep_rows_per_run(unsigned scenarios);

/*
 * What a sweep's run repeats, as the plan says it: "job", "service and gc scenarios", "job,
 * service, cache and gc scenarios"; "" for none.
 */
void sp_sweep_scenarios_phrase(unsigned scenarios, char *buf, size_t len);

/*
 * The rows a run that could not run its scenarios gives (the knob could not be set, the swap
 * area not activated): one failed row per scenario in mask (core/scenario/scenario.h bits) with reason.
 */
size_t sp_sweep_rows_failed(const struct sp_sweep_row *tmpl, unsigned scenarios, const char *reason,
			    struct sp_sweep_row *out, size_t max);

/*
 * A row's line within its knob's table, "build", "service hot", "cache 75 %" or "gc", and the
 * figure the table shows and the verdict compares: NaN when the row has none (it failed,
 * served nothing, did no op, paused never). figure_key (may be NULL): the figure's key in the
 * row, "wall_s", "p95_ms", "ops_per_s" or "p99_pause_ms".
 */
void sp_sweep_row_line(const struct sp_sweep_row *row, char *buf, size_t len);
double sp_sweep_row_figure(const struct sp_sweep_row *row, const char **figure_key);

/* ---- findings ---- */

/* One placement x scenario line of a knob: each value's figure and how far apart they are. */
struct sp_sweep_line {
	char placement[48];
	char line[32];		 /* "build", "service hot" */
	const char *figure;	 /* the figure's key in the rows: "wall_s", "p95_ms" (static) */
	const char *what, *unit; /* as a sentence says it: "wall time", "s" (static) */
	int higher_better;	 /* ops/s: the highest median is the best, not the worst */
	double median[SP_SWEEP_MAX_VALUES]; /* of the value's runs; NaN: none gave a figure */
	size_t n_runs[SP_SWEEP_MAX_VALUES]; /* runs with a figure */
	int failed[SP_SWEEP_MAX_VALUES];    /* a run of the value failed (no figure) */
	int lossy[SP_SWEEP_MAX_VALUES];	    /* a run lost requests (service), was OOM-killed */
	int compared;			    /* every value has a figure from every round */
	int lo, hi;	   /* value indices of the lowest and the highest median; -1 */
	double diff_pct;   /* (median[hi] / median[lo] - 1) x 100 */
	double spread_pct; /* the widest (max - min) / min of one value's runs, x 100; NaN: 1 run */
	double min_paired_pct; /* the smallest (hi run r / lo run r - 1) x 100 over the rounds */
	int resolved;	       /* >= 2 rounds and every paired ratio beyond the spread (sweep.c) */
};

struct sp_sweep_knob_finding {
	enum sp_knob knob;
	size_t n_values;
	int values[SP_SWEEP_MAX_VALUES]; /* in the order the rows have them */
	size_t rounds;			 /* the most runs a value had on a line */
	size_t n_lines;
	struct sp_sweep_line lines[SP_SWEEP_MAX_LINES];
	size_t n_compared, n_resolved;
	int largest;	  /* the compared line with the largest diff_pct, -1 */
	size_t n_dropped; /* lines beyond SP_SWEEP_MAX_LINES, not analysed */
};

struct sp_sweep_findings {
	size_t n_knobs; /* knobs in the order the rows have them */
	struct sp_sweep_knob_finding knobs[SP_KNOB_N];
};

/*
 * The findings of n rows. A value's figure on a line is the median of its runs. Two values
 * differ by more than the spread (resolved) only when each has at least 2 runs and, pairing
 * run r of the lowest with run r of the highest (they ran back to back), every paired ratio
 * exceeds 1 + the line's spread (the widest relative range of one value's own runs).
 * Returns: 0; -EINVAL for NULL.
 */
int sp_sweep_analyse(const struct sp_sweep_row *rows, size_t n, struct sp_sweep_findings *f);

/* The knob finding of knob k, or NULL when the rows have none. */
const struct sp_sweep_knob_finding *sp_sweep_finding_of(const struct sp_sweep_findings *f,
							enum sp_knob k);

/*
 * The verdict's sentence for one knob (no final period): what was measured, whether any value
 * differed by more than the spread and where, or that nothing can be claimed from one run.
 */
void sp_sweep_sentence(const struct sp_sweep_knob_finding *k, char *buf, size_t len);

/*
 * The table's cell of value v on line l: "12.3", "12.3!" (requests were lost), "failed", "-".
 * buf: 16 bytes.
 */
const char *sp_sweep_cell(const struct sp_sweep_line *l, size_t v, char *buf);

#endif
