/*
 * sweep_findings.c - the findings over a sweep's rows (see sweep_findings.h): per knob, each
 * placement x scenario line's figure per value, and whether the values differed by more than
 * the runs' spread. Numbers only: sweep_sentence.c says them.
 */
#include "core/findings/sweep_findings.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/model/status.h"
#include "core/scenario/sweep.h"
#include "core/scenario/sweep_rows.h"

static int value_index(const struct sp_sweep_knob_finding *k, int value)
{
	for (size_t i = 0; i < k->n_values; i++)
		if (k->values[i] == value)
			return (int)i;
	return -1;
}

static struct sp_sweep_knob_finding *knob_of(struct sp_sweep_findings *f,
					     const struct sp_sweep_row *row)
{
	enum sp_knob kn;

	if (sp_knob_parse(row->knob, &kn) < 0)
		return NULL;
	for (size_t i = 0; i < f->n_knobs; i++)
		if (f->knobs[i].knob == kn)
			return &f->knobs[i];
	if (f->n_knobs == SP_KNOB_N)
		return NULL;
	f->knobs[f->n_knobs].knob = kn;
	f->knobs[f->n_knobs].largest = -1;
	return &f->knobs[f->n_knobs++];
}

static struct sp_sweep_line *line_of(struct sp_sweep_knob_finding *k,
				     const struct sp_sweep_row *row)
{
	struct sp_sweep_headline h;
	char name[32];

	sp_sweep_row_line(row, name, sizeof(name));
	for (size_t i = 0; i < k->n_lines; i++)
		if (!strcmp(k->lines[i].placement, row->placement) &&
		    !strcmp(k->lines[i].line, name))
			return &k->lines[i];
	if (k->n_lines == SP_SWEEP_MAX_LINES) {
		k->n_dropped++;
		return NULL;
	}
	snprintf(k->lines[k->n_lines].placement, sizeof(k->lines[0].placement), "%s",
		 row->placement);
	snprintf(k->lines[k->n_lines].line, sizeof(k->lines[0].line), "%s", name);
	if (sp_sweep_row_headline(row, &h) < 0)
		h = (struct sp_sweep_headline){.figure = "?", .what = "?", .unit = ""};
	k->lines[k->n_lines].figure = h.figure;
	k->lines[k->n_lines].what = h.what;
	k->lines[k->n_lines].unit = h.unit;
	k->lines[k->n_lines].higher_better = h.higher_better;
	return &k->lines[k->n_lines++];
}

#define MAX_RUNS 8 /* the rounds compared: --repeat's limit (SP_CLI_MAX_REPEAT) */

/* The figures of one line: [value][run - 1], NaN where missing. */
struct line_runs {
	double x[SP_SWEEP_MAX_VALUES][MAX_RUNS];
};

static double median_of(const double *x, size_t n, size_t *kept)
{
	double v[MAX_RUNS];
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(x[i]))
			v[k++] = x[i];
	*kept = k;
	if (!k)
		return NAN;
	/* insertion sort: at most 8 */
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

static void compare(const struct sp_sweep_knob_finding *k, struct sp_sweep_line *l,
		    const struct line_runs *r, size_t rounds, double min_effect)
{
	double spread = 0;

	l->lo = l->hi = -1;
	l->spread_pct = NAN;
	l->compared = k->n_values >= 2;
	for (size_t v = 0; v < k->n_values; v++) {
		double lo = INFINITY, hi = 0;

		l->median[v] = median_of(r->x[v], rounds, &l->n_runs[v]);
		if (l->n_runs[v] != rounds || isnan(l->median[v]) || !(l->median[v] > 0)) {
			l->compared = 0;
			continue;
		}
		for (size_t i = 0; i < rounds; i++) {
			lo = r->x[v][i] < lo ? r->x[v][i] : lo;
			hi = r->x[v][i] > hi ? r->x[v][i] : hi;
		}
		spread = hi / lo - 1 > spread ? hi / lo - 1 : spread;
		if (l->lo < 0 || l->median[v] < l->median[l->lo])
			l->lo = (int)v;
		if (l->hi < 0 || l->median[v] > l->median[l->hi])
			l->hi = (int)v;
	}
	if (!l->compared) {
		l->lo = l->hi = -1;
		return;
	}
	l->diff_pct = (l->median[l->hi] / l->median[l->lo] - 1) * 100;
	if (rounds < 2)
		return;
	l->spread_pct = spread * 100;
	l->min_paired_pct = INFINITY;
	for (size_t i = 0; i < rounds; i++) {
		double q = (r->x[l->hi][i] / r->x[l->lo][i] - 1) * 100;

		l->min_paired_pct = q < l->min_paired_pct ? q : l->min_paired_pct;
	}
	if (l->hi != l->lo) {
		double pairs = (double)k->n_values * (double)(k->n_values - 1) / 2;

		sp_resolve_pairs(r->x[l->lo], r->x[l->hi], rounds, min_effect, &l->res);
		/* the extremes were picked from every pair of values: Bonferroni over them */
		l->res.p_raw = l->res.p_raw * pairs > 1 ? 1 : l->res.p_raw * pairs;
		l->res.p = l->res.p_raw;
		sp_resolve_decide(&l->res);
	}
}

static void analyse_knob(const struct sp_sweep_row *rows, size_t n, double min_effect,
			 struct sp_sweep_knob_finding *k)
{
	struct line_runs r; /* one line at a time */
	struct sp_resolution fam[SP_SWEEP_MAX_LINES];

	for (size_t li = 0; li < k->n_lines; li++) {
		struct sp_sweep_line *l = &k->lines[li];
		size_t rounds = 0;

		for (size_t v = 0; v < SP_SWEEP_MAX_VALUES; v++)
			for (size_t i = 0; i < MAX_RUNS; i++)
				r.x[v][i] = NAN;
		for (size_t i = 0; i < n; i++) {
			enum sp_knob kn;
			char name[32];
			int v;

			if (sp_knob_parse(rows[i].knob, &kn) < 0 || kn != k->knob ||
			    strcmp(rows[i].placement, l->placement))
				continue;
			sp_sweep_row_line(&rows[i], name, sizeof(name));
			v = value_index(k, rows[i].value);
			if (strcmp(name, l->line) || v < 0 || !rows[i].run ||
			    rows[i].run > MAX_RUNS)
				continue;
			r.x[v][rows[i].run - 1] = sp_sweep_row_figure(&rows[i], NULL);
			if (rows[i].status != SP_STATUS_OK)
				l->failed[v] = 1;
			if ((rows[i].is_service && rows[i].service.failed) ||
			    (rows[i].is_cache && rows[i].cache.oom_killed))
				l->lossy[v] = 1;
			rounds = rows[i].run > rounds ? rows[i].run : rounds;
		}
		k->rounds = rounds > k->rounds ? rounds : k->rounds;
		compare(k, l, &r, rounds, min_effect);
		if (!l->compared)
			continue;
		k->n_compared++;
		if (k->largest < 0 || l->diff_pct > k->lines[k->largest].diff_pct)
			k->largest = (int)li;
	}
	/* Holm across the knob's lines: one sweep is one family */
	for (size_t li = 0; li < k->n_lines; li++)
		fam[li] = k->lines[li].res;
	sp_resolve_holm(fam, k->n_lines);
	for (size_t li = 0; li < k->n_lines; li++) {
		k->lines[li].res = fam[li];
		k->lines[li].resolved = k->lines[li].compared && fam[li].resolved;
		k->n_resolved += k->lines[li].resolved;
	}
}

int sp_sweep_analyse(const struct sp_sweep_row *rows, size_t n, double min_effect,
		     struct sp_sweep_findings *f)
{
	if (!f || (n && !rows))
		return -EINVAL;
	memset(f, 0, sizeof(*f));
	for (size_t i = 0; i < n; i++) {
		struct sp_sweep_knob_finding *k = knob_of(f, &rows[i]);

		if (!k)
			continue;
		if (value_index(k, rows[i].value) < 0 && k->n_values < SP_SWEEP_MAX_VALUES)
			k->values[k->n_values++] = rows[i].value;
		line_of(k, &rows[i]);
	}
	for (size_t i = 0; i < f->n_knobs; i++)
		analyse_knob(rows, n, min_effect, &f->knobs[i]);
	return 0;
}

const struct sp_sweep_knob_finding *sp_sweep_finding_of(const struct sp_sweep_findings *f,
							enum sp_knob k)
{
	for (size_t i = 0; f && i < f->n_knobs; i++)
		if (f->knobs[i].knob == k)
			return &f->knobs[i];
	return NULL;
}
