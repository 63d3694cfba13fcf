/*
 * sweep_findings.h - the findings over a sweep's rows (core/scenario/sweep_rows.h): per knob,
 * one line per placement and scenario (and case), each value's figure (the median of its
 * runs), and whether the values differed by more than the runs' spread. Pure: numbers only
 * (core/findings/sweep_sentence.h says them).
 */
#ifndef SP_SWEEP_FINDINGS_H
#define SP_SWEEP_FINDINGS_H

#include <stddef.h>

#include "core/measure/resolve.h"
#include "core/scenario/sweep.h"
#include "core/scenario/sweep_rows.h"

#define SP_SWEEP_MAX_LINES 64 /* placement x scenario lines per knob in the findings */

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
	/*
	 * hi's runs over lo's, paired by round (core/measure/resolve.h); p Bonferroni-corrected
	 * for the C(n_values, 2) pairs the extremes were picked from, then Holm across the knob's
	 * lines. resolved is res.resolved.
	 */
	struct sp_resolution res;
	int resolved;
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
 * The findings of n rows. A value's figure on a line is the median of its runs. The lowest and
 * the highest value differ (resolved) only by the one rule (core/measure/resolve.h): run r of
 * one paired with run r of the other, at least 4 rounds, p below 5 % after Bonferroni over the
 * line's pairs of values and Holm across the knob's lines, and a difference of at least
 * min_effect percent (<= 0: 5 %). Returns: 0; -EINVAL for NULL.
 */
int sp_sweep_analyse(const struct sp_sweep_row *rows, size_t n, double min_effect,
		     struct sp_sweep_findings *f);

/* The knob finding of knob k, or NULL when the rows have none. */
const struct sp_sweep_knob_finding *sp_sweep_finding_of(const struct sp_sweep_findings *f,
							enum sp_knob k);

#endif
