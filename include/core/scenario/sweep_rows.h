/*
 * sweep_rows.h - the rows a sweep keeps: report.json's top-level "sweeps", one per run and
 * scenario line: {knob, value, placement, scenario, run, status, reason, ...the scenario's
 * headline figures}.
 *
 * A scenario's headline (which figures a row keeps, which one the table shows and the verdict
 * compares, and whether more of it is better) is one entry of a table in sweep_rows.c: the
 * build job (wall time), the service (each case's p95), the cache (each pool size's ops/s,
 * where higher is better) and gc (the pause's p99). Wiring another scenario into the sweep is:
 * its figures in struct sp_sweep_row, an extractor in that table, its keys in
 * report_schema.c's sweep rows. Pure: no allocation, no I/O.
 */
#ifndef SP_SWEEP_ROWS_H
#define SP_SWEEP_ROWS_H

#include <stddef.h>
#include <stdint.h>

struct sp_scenarios; /* core/model/report.h, which includes this file */

#define SP_SWEEP_MAX_ROWS 512 /* rows a report holds; a sweep that needs more is refused */

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
	int status; /* enum sp_status (core/model/report.h): ok, or failed: no figures (reason) */
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
 * area not activated): one failed row per scenario in mask (core/scenario/scenario.h bits) with
 * reason.
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

/* How a row's figure is named and judged: its scenario's entry in the headlines table. */
struct sp_sweep_headline {
	const char *figure;	 /* the figure's key in the row: "wall_s", "p95_ms" (static) */
	const char *what, *unit; /* as a sentence says it: "wall time", "s" (static) */
	int higher_better;	 /* more of the figure is better (ops/s) */
};

/* Returns: 0, or -EINVAL when the row's scenario has no headline. */
int sp_sweep_row_headline(const struct sp_sweep_row *row, struct sp_sweep_headline *out);

#endif
