/*
 * compare_doc.c - a comparison of runs (core/findings/compare.h) as a document (doc.h): the
 * runs, their settings, the swap-in tables and chart, the scenarios, how to read the marks.
 * It phrases the model's marks; it decides none. The doc's first failure is sticky (doc.h).
 */
#include "core/doc/compare_doc.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "core/doc/reportdoc.h"

#define HEAD_BYTES 48
#define MAX_COLS (2 * SP_COMPARE_MAX_RUNS + 1)

/* A table: first column, one per run, then a ratio per run after the first. */
static struct sp_doc_table *run_table(struct sp_doc *d, const struct sp_compare *c,
				      const char *caption, const char *first, const char *per_run,
				      int ratios)
{
	char head[MAX_COLS][HEAD_BYTES];
	const char *heads[MAX_COLS];
	char align[MAX_COLS + 1];
	size_t n = 0;

	snprintf(head[n], HEAD_BYTES, "%s", first);
	align[n++] = 'l';
	for (size_t k = 0; k < c->n_runs; k++) {
		snprintf(head[n], HEAD_BYTES, "run %zu %s", k + 1, per_run);
		align[n++] = 'r';
	}
	for (size_t k = 1; ratios && k < c->n_runs; k++) {
		snprintf(head[n], HEAD_BYTES, "run %zu / run 1", k + 1);
		align[n++] = 'r';
	}
	align[n] = '\0';
	for (size_t i = 0; i < n; i++)
		heads[i] = head[i];
	return sp_doc_add_table(d, caption, n, heads, align);
}

/* A latency with the precision its size needs to tell a CI apart: 8.31, 98.4, 1701. */
static const char *fmt_lat(char *buf, double us)
{
	if (!(us > 0))
		snprintf(buf, 16, "-");
	else if (us < 10)
		snprintf(buf, 16, "%.2f", us);
	else if (us < 1000)
		snprintf(buf, 16, "%.1f", us);
	else
		snprintf(buf, 16, "%.0f", us);
	return buf;
}

static const char *status_word(const struct sp_cmp_cell *cl)
{
	if (!cl->present)
		return "-";
	if (cl->status != SP_STATUS_OK)
		return sp_status_name(cl->status);
	return "no median";
}

static int ratio_cell(struct sp_doc_table *t, size_t row, size_t col, double ratio, int beyond)
{
	if (!(ratio > 0))
		return sp_doc_cell(t, row, col, SP_DOC_MARK_WEAK, "-");
	return sp_doc_cell(t, row, col, beyond ? SP_DOC_MARK_BEYOND : SP_DOC_MARK_NONE, "%.2fx",
			   ratio);
}

static void doc_runs(struct sp_doc *d, const struct sp_compare *c)
{
	static const char *const heads[] = {"run",	   "date",    "machine",
					    "target disk", "command", "run id"};
	struct sp_doc_table *t;

	sp_doc_add_text(d, SP_DOC_SECTION, "Runs compared");
	sp_doc_add_text(d, SP_DOC_PARA,
			"%zu runs side by side. Every ratio is a run's figure over run 1's: "
			"above 1 means slower than run 1 (for the cache's throughput, faster).",
			c->n_runs);
	t = sp_doc_add_table(d, NULL, 6, heads, "rlllll");
	for (size_t k = 0; k < c->n_runs; k++) {
		const struct sp_cmp_run *r = &c->runs[k];
		int row = sp_doc_row_add(t);

		sp_doc_cell(t, row, 0, SP_DOC_MARK_NONE, "%zu", k + 1);
		sp_doc_cell(t, row, 1, SP_DOC_MARK_NONE, "%s", r->date);
		sp_doc_cell(t, row, 2, SP_DOC_MARK_NONE, "%s", r->machine);
		if (r->disk[0] && r->disk_serial[0])
			sp_doc_cell(t, row, 3, SP_DOC_MARK_NONE, "%s (serial %s)", r->disk,
				    r->disk_serial);
		else
			sp_doc_cell(t, row, 3, r->disk[0] ? SP_DOC_MARK_NONE : SP_DOC_MARK_WEAK,
				    "%s", r->disk[0] ? r->disk : "none");
		sp_doc_cell(t, row, 4, SP_DOC_MARK_NONE, "%s", r->command);
		sp_doc_cell(t, row, 5, SP_DOC_MARK_NONE, "%s", r->run_id);
	}
}

static void doc_settings(struct sp_doc *d, const struct sp_compare *c)
{
	sp_doc_add_text(d, SP_DOC_SECTION, "Settings");
	if (!c->n_diffs) {
		sp_doc_add_text(d, SP_DOC_PARA,
				"The runs used the same settings: budget, time per placement, "
				"seed, layout, scenarios, job scale, page-cluster, swapplace "
				"version, kernel, cgroup version and machine.");
		return;
	}
	sp_doc_add_text(d, SP_DOC_PARA,
			"The runs did not all use the same settings, so a difference below "
			"may come from a setting rather than from the machine or the disk:");
	for (size_t i = 0; i < c->n_diffs; i++)
		sp_doc_add_text(d, SP_DOC_BULLET, "%s", c->diffs[i]);
}

static void doc_chart(struct sp_doc *d, const struct sp_compare *c)
{
	struct sp_chart *ch = NULL;
	char name[80], label[32], us[16];

	for (size_t i = 0; i < c->n_rows; i++)
		for (size_t k = 0; k < c->n_runs; k++) {
			const struct sp_cmp_cell *cl = &c->rows[i].cell[k];

			if (!cl->has_median)
				continue;
			if (!ch) {
				ch = sp_chart_new(SP_CHART_BARS,
						  "Swap-in median per placement and run",
						  "swap-in median (us)", NULL);
				if (!ch) {
					sp_doc_fail(d, -ENOMEM);
					return;
				}
				ch->horizontal = 1;
			}
			snprintf(name, sizeof(name), "%s (run %zu)", c->rows[i].placement, k + 1);
			snprintf(label, sizeof(label), "%s us", fmt_lat(us, cl->p50_us));
			sp_chart_add_bar(ch, name, sp_placement_chart_group(c->rows[i].kind),
					 cl->p50_us, label);
			if (cl->p50_lo_us > 0 && cl->p50_hi_us >= cl->p50_lo_us)
				sp_chart_bar_range(ch, cl->p50_lo_us, cl->p50_hi_us);
		}
	if (ch)
		sp_doc_add_chart(d, ch); /* the chart's own failure becomes the doc's */
}

static void doc_latency(struct sp_doc *d, const struct sp_compare *c)
{
	struct sp_doc_table *t;
	char a[16], b[16], m[16];

	sp_doc_add_text(d, SP_DOC_SECTION, "Swap-in latency");
	if (!c->n_rows) {
		sp_doc_add_text(d, SP_DOC_PARA, "None of the runs has a placement.");
		return;
	}
	sp_doc_add_text(d, SP_DOC_PARA,
			"The fault probe's swap-in latency per placement: the median with its "
			"95 %% confidence interval, the p99 and how many touches were real "
			"swap-ins. A ratio is marked * only where the two medians' confidence "
			"intervals do not overlap.");
	t = run_table(d, c, "Swap-in median (us), 95 % CI", "placement", "median (CI)", 1);
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct sp_cmp_row *rw = &c->rows[i];
		int row = sp_doc_row_add(t);

		sp_doc_cell(t, row, 0, SP_DOC_MARK_NONE, "%s", rw->placement);
		for (size_t k = 0; k < c->n_runs; k++) {
			const struct sp_cmp_cell *cl = &rw->cell[k];

			if (!cl->has_median)
				sp_doc_cell(t, row, 1 + k, SP_DOC_MARK_WEAK, "%s", status_word(cl));
			else if (cl->p50_lo_us > 0 && cl->p50_hi_us > 0)
				sp_doc_cell(t, row, 1 + k, SP_DOC_MARK_NONE, "%s (%s-%s)",
					    fmt_lat(m, cl->p50_us), fmt_lat(a, cl->p50_lo_us),
					    fmt_lat(b, cl->p50_hi_us));
			else
				sp_doc_cell(t, row, 1 + k, SP_DOC_MARK_NONE, "%s",
					    fmt_lat(m, cl->p50_us));
		}
		for (size_t k = 1; k < c->n_runs; k++)
			ratio_cell(t, row, c->n_runs + k, rw->cell[k].ratio, rw->cell[k].beyond);
	}
	sp_doc_table_note(t, "* the two medians' 95 %% confidence intervals do not overlap: "
			     "a difference larger than the runs' confidence; unmarked ratios "
			     "are within it");

	t = run_table(d, c, "Swap-in p99 (us)", "placement", "p99", 1);
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct sp_cmp_row *rw = &c->rows[i];
		int row = sp_doc_row_add(t);

		sp_doc_cell(t, row, 0, SP_DOC_MARK_NONE, "%s", rw->placement);
		for (size_t k = 0; k < c->n_runs; k++) {
			const struct sp_cmp_cell *cl = &rw->cell[k];

			if (cl->has_median && cl->p99_us > 0)
				sp_doc_cell(t, row, 1 + k, SP_DOC_MARK_NONE, "%s",
					    fmt_lat(m, cl->p99_us));
			else
				sp_doc_cell(t, row, 1 + k, SP_DOC_MARK_WEAK, "%s", status_word(cl));
		}
		for (size_t k = 1; k < c->n_runs; k++) {
			const struct sp_cmp_cell *cl = &rw->cell[k], *ref = &rw->cell[0];
			double ratio = cl->has_median && ref->has_median && ref->p99_us > 0
					   ? cl->p99_us / ref->p99_us
					   : 0;

			ratio_cell(t, row, c->n_runs + k, ratio, 0);
		}
	}
	sp_doc_table_note(t, "p99 ratios are never marked: the tail moves more from run to "
			     "run than the median");

	t = run_table(d, c, "Real swap-ins timed", "placement", "swap-ins", 0);
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct sp_cmp_row *rw = &c->rows[i];
		int row = sp_doc_row_add(t);

		sp_doc_cell(t, row, 0, SP_DOC_MARK_NONE, "%s", rw->placement);
		for (size_t k = 0; k < c->n_runs; k++) {
			const struct sp_cmp_cell *cl = &rw->cell[k];

			if (cl->present && cl->real_swapins)
				sp_doc_cell(t, row, 1 + k, SP_DOC_MARK_NONE, "%" PRIu64,
					    cl->real_swapins);
			else
				sp_doc_cell(t, row, 1 + k, SP_DOC_MARK_WEAK, "%s",
					    cl->present && cl->status == SP_STATUS_OK
						? "0"
						: status_word(cl));
		}
	}
	doc_chart(d, c);
}

static void scell_text(const struct sp_cmp_srow *sr, const struct sp_cmp_scell *s, char *buf,
		       size_t len)
{
	if (!s->present)
		snprintf(buf, len, "-");
	else if (!(s->value > 0))
		snprintf(buf, len, "%s",
			 s->status == SP_STATUS_OK ? "-" : sp_status_name(s->status));
	else if (sr->metric == SP_CMP_BUILD_WALL && s->has_spread)
		snprintf(buf, len, "%.1f (%.1f %%)", s->value, s->spread_pct);
	else if (sr->metric == SP_CMP_CACHE_OPS || s->value >= 100)
		snprintf(buf, len, "%.0f", s->value);
	else
		snprintf(buf, len, "%.3g", s->value);
}

static void doc_metric(struct sp_doc *d, const struct sp_compare *c, enum sp_cmp_metric m)
{
	struct sp_doc_table *t = NULL;
	char text[64];
	int no_spread = 0;

	for (size_t i = 0; i < c->n_srows; i++) {
		const struct sp_cmp_srow *sr = &c->srows[i];
		int row;

		if (sr->metric != m)
			continue;
		if (!t) {
			sp_doc_add_text(d, SP_DOC_HEADING, "%s", sp_cmp_metric_title(m));
			t = run_table(d, c, NULL,
				      m == SP_CMP_SERVICE_P95 ? "placement, case"
				      : m == SP_CMP_CACHE_OPS ? "placement, cache"
							      : "placement",
				      m == SP_CMP_BUILD_WALL ? "s (spread)" : "", 1);
			if (!t)
				return;
		}
		row = sp_doc_row_add(t);
		if (sr->what[0])
			sp_doc_cell(t, row, 0, SP_DOC_MARK_NONE, "%s, %s", sr->placement, sr->what);
		else
			sp_doc_cell(t, row, 0, SP_DOC_MARK_NONE, "%s", sr->placement);
		for (size_t k = 0; k < c->n_runs; k++) {
			scell_text(sr, &sr->cell[k], text, sizeof(text));
			sp_doc_cell(t, row, 1 + k,
				    sr->cell[k].value > 0 ? SP_DOC_MARK_NONE : SP_DOC_MARK_WEAK,
				    "%s", text);
		}
		for (size_t k = 1; k < c->n_runs; k++) {
			ratio_cell(t, row, c->n_runs + k, sr->cell[k].ratio, sr->cell[k].beyond);
			no_spread |= sr->cell[k].no_spread;
		}
	}
	if (!t)
		return;
	if (m == SP_CMP_BUILD_WALL)
		sp_doc_table_note(
		    t,
		    "* larger over smaller exceeds both runs' spreads (max - min of the job's "
		    "repeated runs)%s",
		    no_spread ? "; no spread is known where a run ran the job once (--repeat): "
				"those ratios are never marked"
			      : "");
	else
		sp_doc_table_note(t, "no spread is known for this figure: differences are "
				     "shown but never marked");
}

static void doc_scenarios(struct sp_doc *d, const struct sp_compare *c)
{
	if (!c->n_srows)
		return;
	sp_doc_add_text(d, SP_DOC_SECTION, "Scenarios");
	sp_doc_add_text(d, SP_DOC_PARA,
			"The scenarios' headline figures per placement. A ratio is marked * "
			"only where larger over smaller exceeds the larger of the two runs' "
			"spreads; where a run's spread is not known nothing is marked.");
	for (int m = 0; m < SP_CMP_METRICS; m++)
		doc_metric(d, c, (enum sp_cmp_metric)m);
}

int sp_compare_doc_add(struct sp_doc *d, const struct sp_compare *c)
{
	if (!d || !c || c->n_runs < 2)
		return -EINVAL;
	doc_runs(d, c);
	doc_settings(d, c);
	doc_latency(d, c);
	doc_scenarios(d, c);
	sp_doc_add_text(d, SP_DOC_SECTION, "Reading the marks");
	sp_doc_add_text(
	    d, SP_DOC_PARA,
	    "A ratio is run k's figure over run 1's. A mark (*) says the difference is larger "
	    "than the runs' own confidence allows: for the swap-in median, the two 95 %% "
	    "confidence intervals do not overlap; for the build job, larger over smaller "
	    "exceeds both runs' run-to-run spread. An unmarked ratio, however far from 1, is "
	    "within what the runs can tell apart. %zu swap-in and %zu scenario differences "
	    "are marked.",
	    c->n_beyond, c->n_sbeyond);
	return sp_doc_err(d);
}

int sp_compare_doc_build(struct sp_doc *d, const struct sp_compare *c)
{
	char sub[160], foot[160];

	if (!d || !c || c->n_runs < 2)
		return -EINVAL;
	snprintf(sub, sizeof(sub), "%zu runs: %s to %s", c->n_runs, c->runs[0].run_id,
		 c->runs[c->n_runs - 1].run_id);
	snprintf(foot, sizeof(foot), "swapplace comparison of %zu runs, run 1 %s", c->n_runs,
		 c->runs[0].run_id);
	sp_doc_set_titles(d, "swapplace comparison", sub, foot);
	return sp_compare_doc_add(d, c);
}
