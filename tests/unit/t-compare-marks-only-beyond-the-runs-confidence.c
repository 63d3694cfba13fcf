/*
 * The comparison of runs: rows are the union of the runs' placements in the first run's order
 * (then new ones), ratios are against the first run, a swap-in median is marked only where
 * the two medians' 95 % CIs do not overlap, a build wall time only where larger over smaller
 * exceeds both runs' spreads (never where a spread is unknown), the settings the runs did not
 * share are sentences, and a report of another schema is refused by the reader.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/compare_doc.h"
#include "core/doc/doc.h"
#include "core/doc/doc_text.h"
#include "core/findings/compare.h"
#include "core/report/compare_csv.h"
#include "core/report/report_json.h"

static struct sp_result *add(struct sp_report *r, const char *name, enum sp_placement_kind k,
			     double p50, double lo, double hi)
{
	struct sp_result *res = sp_report_add_result(r, name, sp_placement_id_of(k, -1));

	res->status = SP_STATUS_OK;
	if (p50 > 0) {
		res->fault_probe.done = 1;
		res->fault_probe.lat.p50_us = p50;
		res->fault_probe.lat.p50_ci_lo_us = lo;
		res->fault_probe.lat.p50_ci_hi_us = hi;
		res->fault_probe.lat.p99_us = p50 * 3;
		res->fault_probe.real_swapins = 1000;
	}
	return res;
}

static void job(struct sp_result *res, double wall_s, size_t n_runs, double spread_pct)
{
	struct sp_scenario_build *b = &res->scenarios.build;

	b->done = 1;
	b->status = SP_STATUS_OK;
	b->wall_s = wall_s;
	b->n_runs = n_runs;
	b->wall_s_spread_pct = n_runs > 1 ? spread_pct : 0;
	b->work_scale = 1;
	b->page_cluster = 3;
}

static const struct sp_cmp_row *row(const struct sp_compare *c, const char *name)
{
	for (size_t i = 0; i < c->n_rows; i++)
		if (!strcmp(c->rows[i].placement, name))
			return &c->rows[i];
	return NULL;
}

static const struct sp_cmp_srow *srow(const struct sp_compare *c, const char *name)
{
	for (size_t i = 0; i < c->n_srows; i++)
		if (c->srows[i].metric == SP_CMP_BUILD_WALL && !strcmp(c->srows[i].placement, name))
			return &c->srows[i];
	return NULL;
}

static int has_diff(const struct sp_compare *c, const char *text)
{
	for (size_t i = 0; i < c->n_diffs; i++)
		if (strstr(c->diffs[i], text))
			return 1;
	return 0;
}

int main(void)
{
	struct sp_report *a = calloc(1, sizeof(*a)), *b = calloc(1, sizeof(*b));
	const struct sp_report *runs[2] = {a, b};
	struct sp_compare c;
	const struct sp_cmp_row *rw;
	const struct sp_cmp_srow *sr;
	struct sp_err pe;

	sp_report_init(a, "run");
	sp_report_init(b, "run");
	a->budget_bytes = 256ull << 20;
	b->budget_bytes = 48ull << 20;
	a->seed = b->seed = 7;
	a->time_per_placement_s = b->time_per_placement_s = 10;
	snprintf(a->machine.kernel, sizeof(a->machine.kernel), "6.1.0");
	snprintf(b->machine.kernel, sizeof(b->machine.kernel), "6.1.0");

	/* a: start, end, file. b: end, zram-lz4, start (no file) */
	job(add(a, "start", SP_PL_START, 100, 95, 105), 100, 2, 3);
	job(add(a, "end", SP_PL_END, 200, 190, 210), 100, 2, 3);
	job(add(a, "file", SP_PL_FILE, 120, 110, 130), 100, 1, 0);
	job(add(b, "end", SP_PL_END, 210, 204, 216), 104, 2, 5); /* CIs overlap; 4 % < 5 % */
	add(b, "zram-lz4", SP_PL_ZRAM, 12, 11, 13);
	job(add(b, "start", SP_PL_START, 200, 190, 210), 110, 2, 5); /* apart; 10 % > 5 % */

	CHECK(sp_compare_build(&c, runs, 1) == -EINVAL);
	CHECK(sp_compare_build(&c, runs, 2) == 0);

	/* the union, in the first run's order, then the new ones */
	CHECK_EQ_U64(c.n_rows, 4);
	CHECK_STR(c.rows[0].placement, "start");
	CHECK_STR(c.rows[1].placement, "end");
	CHECK_STR(c.rows[2].placement, "file");
	CHECK_STR(c.rows[3].placement, "zram-lz4");
	CHECK(c.rows[3].kind == SP_PL_ZRAM);
	CHECK(c.rows[2].cell[0].present && !c.rows[2].cell[1].present);
	CHECK(!c.rows[3].cell[0].present && c.rows[3].cell[1].present);

	/* ratios against run 1; a mark only where the CIs do not overlap */
	rw = row(&c, "start");
	CHECK(rw && rw->cell[1].has_median);
	CHECK_NEAR(rw->cell[1].ratio, 2.0, 1e-9);
	CHECK(rw->cell[1].beyond);
	rw = row(&c, "end");
	CHECK_NEAR(rw->cell[1].ratio, 1.05, 1e-9);
	CHECK(!rw->cell[1].beyond);
	CHECK(row(&c, "file")->cell[1].ratio == 0 && !row(&c, "file")->cell[1].beyond);
	CHECK_EQ_U64(c.n_beyond, 1);

	/* the build job against the larger spread; no spread known: never marked */
	sr = srow(&c, "start");
	CHECK(sr && sr->cell[1].beyond && !sr->cell[1].no_spread);
	CHECK_NEAR(sr->cell[1].ratio, 1.1, 1e-9);
	sr = srow(&c, "end");
	CHECK(sr && !sr->cell[1].beyond);
	sr = srow(&c, "file");
	CHECK(sr && sr->cell[0].present && !sr->cell[1].present && !sr->cell[1].beyond);
	CHECK_EQ_U64(c.n_sbeyond, 1);

	/* the settings: the budget differs, the seed and the kernel do not */
	CHECK(has_diff(&c, "the runs used different budgets: 256 MiB, 48 MiB"));
	CHECK(!has_diff(&c, "seeds"));
	CHECK(!has_diff(&c, "kernels"));
	sp_compare_release(&c);

	/* one run's build job ran once: its spread is unknown, so nothing is marked */
	b->results[2].scenarios.build.n_runs = 1;
	b->results[2].scenarios.build.wall_s_spread_pct = 0;
	b->results[2].scenarios.build.wall_s = 300;
	b->seed = 8;
	CHECK(sp_compare_build(&c, runs, 2) == 0);
	sr = srow(&c, "start");
	CHECK(sr && !sr->cell[1].beyond && sr->cell[1].no_spread);
	CHECK(has_diff(&c, "the runs used different seeds: 7, 8"));

	/* the document: the median table carries the mark on start's ratio only; bars per run */
	{
		struct sp_doc d;
		size_t n_beyond = 0, n_bars = 0, n_tables = 0;

		sp_doc_init(&d);
		CHECK(sp_compare_doc_build(&d, &c) == 0);
		for (size_t i = 0; i < d.n_blocks; i++) {
			const struct sp_doc_block *bl = &d.blocks[i];

			if (bl->kind == SP_DOC_CHART)
				n_bars += bl->chart->n_bars;
			if (bl->kind != SP_DOC_TABLE)
				continue;
			n_tables++;
			for (size_t k = 0; k < bl->table->n_rows * bl->table->n_cols; k++)
				if (bl->table->mark[k] == SP_DOC_MARK_BEYOND) {
					n_beyond++;
					CHECK_STR(bl->table->cell[k], "2.00x");
					CHECK_STR(bl->table->cell[k - k % bl->table->n_cols],
						  "start");
				}
		}
		CHECK_EQ_U64(n_beyond, 1); /* the build job's is gone: no spread */
		CHECK_EQ_U64(n_bars, 6);   /* start, end twice; file once; zram-lz4 once */
		CHECK(n_tables >= 4);
		sp_doc_release(&d);
	}
	/* CSV: a header with one column per run, one row per placement x metric, quoted */
	{
		char *buf = NULL;
		size_t len = 0, lines = 0;
		FILE *f = open_memstream(&buf, &len);

		snprintf(c.rows[0].placement, sizeof(c.rows[0].placement), "start, \"a\"");
		CHECK(sp_compare_csv_write(f, &c) == 0);
		fclose(f);
		CHECK(!strncmp(buf, "placement,metric,case,unit,run 1 (", 34));
		for (char *p = buf; (p = strstr(p, "\r\n")); p += 2)
			lines++;
		/* 6 metrics per placement; build rows for start, end, file with their spreads */
		CHECK_EQ_U64(lines, 1 + 6 * c.n_rows + 2 * 3);
		CHECK(strstr(buf, "\r\n\"start, \"\"a\"\"\",swapin_p50,,us,100,200\r\n") != NULL);
		CHECK(strstr(buf, "\r\nfile,swapin_p50,,us,120,\r\n") != NULL);
		CHECK(strstr(buf, "\r\nend,build_wall_spread_pct,,%,3,5\r\n") != NULL);
		free(buf);
	}
	sp_compare_release(&c);

	/* 16 runs, the most a comparison holds, still print within 80 columns; 17 are refused */
	{
		const struct sp_report *many[SP_COMPARE_MAX_RUNS + 1];
		struct sp_doc d;
		char *buf = NULL, *p, *nl;
		size_t len = 0;
		FILE *f;

		for (size_t k = 0; k <= SP_COMPARE_MAX_RUNS; k++)
			many[k] = k % 2 ? b : a;
		CHECK(sp_compare_build(&c, many, SP_COMPARE_MAX_RUNS + 1) == -EINVAL);
		CHECK(sp_compare_build(&c, many, SP_COMPARE_MAX_RUNS) == 0);
		sp_doc_init(&d);
		CHECK(sp_compare_doc_build(&d, &c) == 0);
		f = open_memstream(&buf, &len);
		CHECK(sp_doc_write_text(f, &d, 80) == 0);
		fclose(f);
		for (p = buf; (nl = strchr(p, '\n')); p = nl + 1)
			CHECK(nl - p <= 80);
		CHECK(strstr(buf, "run 16 / run 1") != NULL);
		CHECK(strstr(buf, "run 16 median") != NULL);
		CHECK(strstr(buf, "the runs used different budgets: 256 MiB, 48 MiB, 256 MiB") !=
		      NULL);
		free(buf);
		sp_doc_release(&d);
		sp_compare_release(&c);
	}

	/* a report of another schema is refused, with the reason */
	{
		static const char other[] = "{\"schema\": \"swapplace-report/2\", \"results\": []}";

		CHECK(sp_report_json_parse(other, sizeof(other) - 1, a, &pe) == -EINVAL);
		CHECK(strstr(pe.reason, "swapplace-report/2") != NULL);
		CHECK(sp_report_json_parse("{\"x\": 1}", 8, a, &pe) == -EINVAL);
		CHECK(strstr(pe.reason, "not a swapplace report") != NULL);
	}
	free(a);
	free(b);
	return CHECK_DONE();
}
