/*
 * compare.h - several runs side by side (`swapplace compare`, the lab index): one row per
 * placement with each run's swap-in median, its 95 % CI, p99 and real swap-ins, the ratio
 * against the first run, and a mark only where the difference is larger than the runs'
 * confidence allows; the scenarios' headline figures likewise against their run-to-run spread;
 * and the settings the runs did not share, as sentences.
 *
 * Why a model: the text, HTML, PDF and CSV of a comparison must agree on which difference is
 * real. The rules live here once (redis latency doctor style: decide first, phrase after):
 *  - a swap-in median differs "beyond" only when the two runs' 95 % CIs of the median do not
 *    overlap (the same test analysis.c uses for start vs end);
 *  - a scenario figure differs beyond only when the larger over the smaller exceeds the larger
 *    of the two runs' spreads; where a run has no spread (one run of the build job, and the
 *    service, cache and gc figures, which have none) nothing is marked and the model says so.
 * Pure: reports in, a model out; core/doc/compare_doc.h phrases it into a doc,
 * core/report/compare_csv.h writes it as CSV to a stream it is handed.
 */
#ifndef SP_COMPARE_H
#define SP_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "core/model/report.h"

#define SP_COMPARE_MAX_RUNS 16

/* One run's identity, as its column is labelled. */
struct sp_cmp_run {
	char run_id[48];   /* sp_report_run_id(): "20261201-175944-5f3a19c2" */
	char date[40];	   /* "2026-12-01 17:59 UTC" */
	char machine[160]; /* "LENOVO ThinkCentre M700"; "unknown machine" */
	char disk[160];	   /* the target disk's model ("" when the run had no target disk) */
	char disk_serial[64];
	char command[16]; /* run, measure, probe */
	char tool_version[32];
};

/* One run's figures of one placement. */
struct sp_cmp_cell {
	int present; /* the run has this placement */
	enum sp_status status;
	int has_median; /* ok with a fault-probe median > 0 */
	double p50_us, p50_lo_us, p50_hi_us, p99_us;
	uint64_t real_swapins;
	double ratio; /* p50 / the first run's p50; 0 when either is unknown */
	int beyond;   /* the CIs of this run's and the first run's medians do not overlap */
};

struct sp_cmp_row {
	char placement[48];
	enum sp_placement_kind kind; /* of the first run that has it */
	struct sp_cmp_cell cell[SP_COMPARE_MAX_RUNS];
};

/* The scenarios' headline figures. */
enum sp_cmp_metric {
	SP_CMP_BUILD_WALL = 0, /* the build job's wall_s (the fastest run), lower is better */
	SP_CMP_SERVICE_P95,    /* a service case's p95 (ms), lower is better */
	SP_CMP_CACHE_OPS,      /* a cache case's ops/s, higher is better */
	SP_CMP_GC_P99,	       /* the gc scenario's p99 pause (ms), lower is better */
	SP_CMP_METRICS
};
const char *sp_cmp_metric_title(enum sp_cmp_metric m); /* "build job wall time (s)" */
const char *sp_cmp_metric_key(enum sp_cmp_metric m);   /* "build_wall_s" (CSV) */

struct sp_cmp_scell {
	int present;	       /* the run has the figure */
	enum sp_status status; /* the scenario's (case's) status; figures only when ok */
	double value;
	int has_spread;	   /* spread_pct is known (the build job ran more than once) */
	double spread_pct; /* wall_s_spread_pct */
	double ratio;	   /* value / the first run's; 0 when either is unknown */
	int beyond;	   /* larger/smaller exceeds both runs' spreads */
	int no_spread;	   /* both runs have the figure, but a spread is missing: never marked */
};

struct sp_cmp_srow {
	enum sp_cmp_metric metric;
	char placement[48];
	char what[32]; /* the case: "fits", "50 %"; "" for build and gc */
	struct sp_cmp_scell cell[SP_COMPARE_MAX_RUNS];
};

struct sp_compare {
	size_t n_runs;
	struct sp_cmp_run runs[SP_COMPARE_MAX_RUNS];
	size_t n_rows; /* the union of placements: the first run's order, then new ones */
	struct sp_cmp_row *rows;
	size_t n_srows;
	struct sp_cmp_srow *srows;
	size_t n_diffs; /* the settings the runs did not share, one sentence each */
	char **diffs;
	size_t n_beyond, n_sbeyond; /* marks set in rows and in srows */
};

/*
 * Build the comparison of runs[0..n-1] (2 to SP_COMPARE_MAX_RUNS; the first is the reference
 * of every ratio) into c (zeroed here). The reports are only read; c holds copies.
 * Returns: 0, -EINVAL (NULL, or n outside 2..SP_COMPARE_MAX_RUNS), -ENOMEM (c is then
 * released).
 */
int sp_compare_build(struct sp_compare *c, const struct sp_report *const *runs, size_t n);
void sp_compare_release(struct sp_compare *c);

#endif
