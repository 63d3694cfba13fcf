/*
 * t-reportdoc-phrases-every-section-of-the-run - the printable report of the synthetic run:
 * its sections in the documented order; the verdict's bullets are sp_verdict_sentence's words
 * in the verdict's order; the machine's identity and every device; the ranking table has every
 * ok placement with its median as report.txt formats it, the fastest row bold, each failed
 * placement grey with its reason, "-" where nothing was measured; the ranking chart has one
 * bar per ranked placement in rank order with its median and CI; the CDF chart a series per
 * ranked placement from its kept points; the io_uring curve; the scenarios' tables and charts;
 * the profile with the swap areas as ranges; the title, subtitle and footer.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/config/textfmt.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "t-report-synthetic.h"
#include "t-reportdoc-helpers.h"

static struct sp_report r;
static struct sp_findings f;
static struct sp_doc d;

static void sections_in_order(void)
{
	static const char *const want[] = {"Verdict",
					   "What to set up",
					   "The machine and its disks",
					   "Method",
					   "Ranking",
					   "Latency distributions",
					   "io_uring queue depth",
					   "The build job",
					   "The service",
					   "The cache",
					   "The gc",
					   "The disk's position profile",
					   "Appendix: raw figures"};
	size_t n = 0;

	for (size_t i = 0; i < d.n_blocks; i++) {
		if (d.blocks[i].kind != SP_DOC_SECTION)
			continue;
		CHECK(n < sizeof(want) / sizeof(want[0]));
		if (n < sizeof(want) / sizeof(want[0]))
			CHECK_STR(d.blocks[i].text, want[n]);
		n++;
	}
	CHECK_EQ_U64(n, sizeof(want) / sizeof(want[0]));
	CHECK(d.n_blocks > 0 && d.blocks[0].kind == SP_DOC_SECTION);
}

static void titles(void)
{
	char id[64], want[160];

	sp_report_run_id(&r, id, sizeof(id));
	CHECK_STR(d.title, "swapplace report");
	snprintf(want, sizeof(want), "run %s, ", id);
	CHECK(strncmp(d.subtitle, want, strlen(want)) == 0);
	CHECK(strstr(d.subtitle, "UTC") != NULL);
	snprintf(want, sizeof(want), "QEMU Standard PC (Q35 + ICH9, 2009) - run %s", id);
	CHECK_STR(d.footer, want);
}

static void verdict(void)
{
	long s = doc_section(&d, "Verdict");
	char want[1024];

	CHECK(f.n_verdict > 3);
	for (size_t i = 0; i < f.n_verdict; i++) {
		const struct sp_doc_block *b = doc_nth(&d, s, SP_DOC_BULLET, i);

		CHECK(sp_verdict_sentence(&r, &f, f.verdict[i], want, sizeof(want)) == 0);
		CHECK(b != NULL);
		if (b)
			CHECK_STR(b->text, want);
	}
}

static void machine(void)
{
	long s = doc_section(&d, "The machine and its disks");
	const struct sp_doc_block *fb = doc_nth(&d, s, SP_DOC_FACTS, 0);
	const struct sp_doc_block *tb = doc_nth(&d, s, SP_DOC_TABLE, 0);
	int seen = 0;

	CHECK(fb != NULL && tb != NULL);
	if (!fb || !tb)
		return;
	for (size_t i = 0; i < fb->n_facts; i++) {
		if (!strcmp(fb->facts[i].key, "Vendor")) {
			CHECK_STR(fb->facts[i].value, "QEMU");
			seen |= 1;
		}
		if (!strcmp(fb->facts[i].key, "BIOS date")) {
			CHECK_STR(fb->facts[i].value, "-");
			seen |= 2;
		} /* not read: "-" */
		if (!strcmp(fb->facts[i].key, "Kernel")) {
			CHECK_STR(fb->facts[i].value, "6.18.0-1-amd64");
			seen |= 4;
		}
		if (!strcmp(fb->facts[i].key, "Memory cgroup")) {
			CHECK_STR(fb->facts[i].value, "v1");
			seen |= 8;
		}
		if (!strcmp(fb->facts[i].key, "CPU")) {
			CHECK_STR(fb->facts[i].value, r.machine.cpu);
			seen |= 16;
		}
	}
	CHECK(seen == 31);
	CHECK_EQ_U64(tb->table->n_rows, r.n_devices);
	for (size_t i = 0; i < r.n_devices; i++) {
		long row = row_where(tb->table, 0, r.devices[i].name);

		CHECK(row >= 0);
		if (row >= 0 && r.devices[i].serial[0])
			CHECK_STR(cell(tb->table, (size_t)row, 2), r.devices[i].serial);
	}
	/* the target (/dev/loop0) is the bold row */
	CHECK(mark(tb->table, (size_t)row_where(tb->table, 0, "loop0"), 0) == SP_DOC_MARK_STRONG);
}

static void ranking(void)
{
	char want[1024];
	long s = doc_section(&d, "Ranking");
	const struct sp_doc_block *tb = doc_nth(&d, s, SP_DOC_TABLE, 0);
	const struct sp_doc_block *cb = doc_nth(&d, s, SP_DOC_CHART, 0);
	const struct sp_doc_table *t;
	char med[16], *all = doc_text(&d);

	CHECK(tb != NULL && cb != NULL);
	if (!tb || !cb)
		return;
	t = tb->table;
	CHECK(f.n_ranked >= 4);
	CHECK_EQ_U64(t->n_rows, r.n_results);
	for (size_t k = 0; k < f.n_ranked; k++) {
		const struct sp_result *res = &r.results[f.ranked[k]];
		char rank[8];

		sp_fmt_us(med, res->fault_probe.lat.p50_us);
		/* the row of rank k: its name and its median as report.txt prints it */
		snprintf(rank, sizeof(rank), "%zu", k + 1);
		CHECK_STR(cell(t, k, 0), rank);
		CHECK_STR(cell(t, k, 1), res->placement);
		CHECK_STR(cell(t, k, 3), med);
		CHECK(strstr(all, res->placement) != NULL);
		CHECK(mark(t, k, 1) == (k == 0 ? SP_DOC_MARK_STRONG : SP_DOC_MARK_NONE));
		/* the chart: one bar per ranked placement, in rank order, its CI as the whisker */
		CHECK(k < cb->chart->n_bars);
		if (k < cb->chart->n_bars) {
			const struct sp_chart_bar *b = &cb->chart->bars[k];

			CHECK_STR(b->name, res->placement);
			CHECK(b->value == res->fault_probe.lat.p50_us);
			CHECK(b->has_range && b->lo == res->fault_probe.lat.p50_ci_lo_us &&
			      b->hi == res->fault_probe.lat.p50_ci_hi_us);
			CHECK(strstr(b->value_label, med) != NULL);
		}
	}
	CHECK_EQ_U64(cb->chart->n_bars, f.n_ranked);
	CHECK(cb->chart->kind == SP_CHART_BARS);
	CHECK(cb->chart->x_log == 0 && cb->chart->y_log == 0);
	/* zram bars are zram, disk bars disk: the groups follow the kind */
	for (size_t k = 0; k < cb->chart->n_bars; k++) {
		const struct sp_result *res = &r.results[f.ranked[k]];

		if (res->id.kind == SP_PL_ZRAM)
			CHECK(cb->chart->bars[k].group == SP_CHART_G_ZRAM);
		if (res->id.kind == SP_PL_START || res->id.kind == SP_PL_FILE)
			CHECK(cb->chart->bars[k].group == SP_CHART_G_DISK);
	}
	/* every placement that is not ranked: grey, "-" for its median, its reason said */

	for (size_t i = 0; i < f.n_not_ok; i++) {
		const struct sp_result *res = &r.results[f.not_ok[i]];
		long row = row_where(t, 1, res->placement);

		CHECK(row >= (long)f.n_ranked);
		if (row < 0)
			continue;
		CHECK_STR(cell(t, (size_t)row, 0), "-");
		CHECK_STR(cell(t, (size_t)row, 2), sp_status_name(res->status));
		CHECK_STR(cell(t, (size_t)row, 3), "-");
		CHECK(mark(t, (size_t)row, 1) == SP_DOC_MARK_WEAK);
		/* its reason under the table, as a bullet: a long one reads whole in 80 columns */
		snprintf(want, sizeof(want), "%s (%s): %s", res->placement,
			 sp_status_name(res->status), res->reason);
		if (res->reason[0] && !res->error[0])
			CHECK(strstr(all, want) != NULL);
	}
	CHECK(f.n_not_ok >= 2);
	free(all);
}

static void cdf(void)
{
	long s = doc_section(&d, "Latency distributions");
	const struct sp_doc_block *cb = doc_nth(&d, s, SP_DOC_CHART, 0);
	const struct sp_lat_summary *l = &r.results[f.ranked[0]].fault_probe.lat;

	CHECK(cb != NULL);
	if (!cb)
		return;
	CHECK(cb->chart->kind == SP_CHART_LINES);
	CHECK_EQ_U64(cb->chart->n_series, f.n_ranked);
	/* the fastest placement kept its CDF: the series is its points, y as a fraction */
	CHECK_STR(cb->chart->series[0].name, r.results[f.ranked[0]].placement);
	CHECK_EQ_U64(cb->chart->series[0].n, l->n_cdf);
	for (size_t p = 0; p < cb->chart->series[0].n && p < l->n_cdf; p++) {
		CHECK(cb->chart->series[0].x[p] == l->cdf_us[p]);
		CHECK(cb->chart->series[0].y[p] == l->cdf_pct[p] / 100);
	}
	/* the others kept none (as in a report before "cdf"): min, p50 .. max, 6 points */
	CHECK_EQ_U64(cb->chart->series[1].n, 6);
	CHECK(cb->chart->series[1].y[1] == 0.5);
	CHECK(cb->chart->series[1].x[1] == r.results[f.ranked[1]].fault_probe.lat.p50_us);
}

static void uring_and_scenarios(void)
{
	long s = doc_section(&d, "io_uring queue depth");
	const struct sp_doc_block *cb = doc_nth(&d, s, SP_DOC_CHART, 0);
	const struct sp_doc_block *tb;

	CHECK(cb != NULL && cb->chart->kind == SP_CHART_LINES &&
	      cb->chart->n_series == 2); /* start and zram-lz4 */
	if (cb)
		CHECK(cb->chart->series[0].x[0] == 1 && cb->chart->series[0].x[3] == 32);

	/* the build job: a row per placement the job ran on, and a bar per ranked one + ram */
	s = doc_section(&d, "The build job");
	tb = doc_nth(&d, s, SP_DOC_TABLE, 0);
	cb = doc_nth(&d, s, SP_DOC_CHART, 0);
	CHECK(tb != NULL && cb != NULL);
	if (tb && cb) {
		CHECK_EQ_U64(cb->chart->n_bars, f.build.n + (f.build.has_ram ? 1 : 0));
		CHECK_STR(cell(tb->table, 0, 1), "301.2"); /* zram-lz4: the fastest, 301.25 s */
		CHECK(mark(tb->table, 0, 0) == SP_DOC_MARK_STRONG);
		CHECK(row_where(tb->table, 0, "none") >= 0);
		CHECK(mark(tb->table, (size_t)row_where(tb->table, 0, "none"), 0) ==
		      SP_DOC_MARK_WEAK);
	}
	/* the service: a heading and a table per case */
	s = doc_section(&d, "The service");
	CHECK(doc_nth(&d, s, SP_DOC_TABLE, 3) != NULL);
	tb = doc_nth(&d, s, SP_DOC_TABLE, 0);
	if (tb)
		CHECK(row_where(tb->table, 0, "start") >= 0);
	/* the gc: a bar per ranked placement, p99 pause */
	s = doc_section(&d, "The gc");
	cb = doc_nth(&d, s, SP_DOC_CHART, 0);
	CHECK(cb != NULL);
	if (cb) {
		CHECK_EQ_U64(cb->chart->n_bars, f.gc.n_ranked);
		CHECK(cb->chart->bars[0].value == 38.25); /* zram-lz4 */
	}
	/* the cache: the failed 100 % pool without swap is grey, its figures "-" */
	s = doc_section(&d, "The cache");
	tb = doc_nth(&d, s, SP_DOC_TABLE, 0);
	CHECK(tb != NULL);
	if (tb) {
		int weak = 0;

		for (size_t k = 0; k < tb->table->n_rows; k++)
			if (mark(tb->table, k, 0) == SP_DOC_MARK_WEAK) {
				weak++;
				CHECK_STR(cell(tb->table, k, 2), "-");
			}
		CHECK(weak >= 1);
	}
}

static void profile(void)
{
	long s = doc_section(&d, "The disk's position profile");
	const struct sp_doc_block *cb = doc_nth(&d, s, SP_DOC_CHART, 0);
	int start = 0, file = 0, tool = 0, project = 0;

	CHECK(cb != NULL);
	if (!cb)
		return;
	CHECK(cb->chart->kind == SP_CHART_PROFILE);
	CHECK_EQ_U64(cb->chart->n_series, 1);
	CHECK_EQ_U64(cb->chart->series[0].n, r.profile.n);
	CHECK(cb->chart->series[0].x[cb->chart->series[0].n - 1] < 8.0);
	for (size_t k = 0; k < cb->chart->n_ranges; k++) {
		const struct sp_chart_range *g = &cb->chart->ranges[k];

		CHECK(g->x0 >= 0 && g->x0 < g->x1 && g->x1 <= 8.0);
		start += !strcmp(g->name, "start");
		file += !strcmp(g->name, "file");
		tool += !strcmp(g->name, "toolchain");
		project += !strcmp(g->name, "project");
	}
	/* the build job's trees beside the swap areas: the head's travel */
	CHECK(tool == 1 && project == 2);
	CHECK(start >= 1);
	CHECK_EQ_U64(file, r.results[2].n_extents); /* one range per extent of the file */
}

int main(void)
{
	struct sp_lat_summary *l;

	syn_build(&r);
	CHECK(sp_analyse(&r, &f) == 0);
	/* the fastest placement kept CDF points, the others none (a report from before) */
	l = &r.results[f.ranked[0]].fault_probe.lat;
	l->n_cdf = 0;
	l->cdf_pct[l->n_cdf] = 0, l->cdf_us[l->n_cdf++] = l->min_us;
	l->cdf_pct[l->n_cdf] = 25, l->cdf_us[l->n_cdf++] = l->p50_us * 0.8;
	l->cdf_pct[l->n_cdf] = 50, l->cdf_us[l->n_cdf++] = l->p50_us;
	l->cdf_pct[l->n_cdf] = 99, l->cdf_us[l->n_cdf++] = l->p99_us;
	l->cdf_pct[l->n_cdf] = 100, l->cdf_us[l->n_cdf++] = l->max_us;

	sp_doc_init(&d);
	CHECK(sp_report_doc_build(&d, &r, &f) == 0);
	doc_dump(&d);
	sections_in_order();
	titles();
	verdict();
	machine();
	ranking();
	cdf();
	uring_and_scenarios();
	profile();
	sp_doc_release(&d);

	/* findings computed inside when none are given: the same document */
	sp_doc_init(&d);
	CHECK(sp_report_doc_build(&d, &r, NULL) == 0);
	verdict();
	ranking();
	sp_doc_release(&d);

	CHECK(sp_report_doc_build(NULL, &r, NULL) == -EINVAL);
	CHECK(sp_report_doc_build(&d, NULL, NULL) == -EINVAL);
	return CHECK_DONE();
}
