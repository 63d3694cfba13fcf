/*
 * compare_csv.c - a comparison of runs (core/findings/compare.h) as CSV, quoted as
 * summary.csv is (sp_csv_field, core/report/report_csv.h).
 */
#include "core/report/compare_csv.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "core/report/report_csv.h"

static void csv_lead(FILE *out, const char *placement, const char *metric, const char *what,
		     const char *unit)
{
	sp_csv_field(out, placement);
	fputc(',', out);
	sp_csv_field(out, metric);
	fputc(',', out);
	sp_csv_field(out, what);
	fputc(',', out);
	sp_csv_field(out, unit);
}

int sp_compare_csv_write(FILE *out, const struct sp_compare *c)
{
	static const char *const lat_metric[] = {"status",	     "swapin_p50",
						 "swapin_p50_ci_lo", "swapin_p50_ci_hi",
						 "swapin_p99",	     "real_swapins"};
	static const char *const lat_unit[] = {"", "us", "us", "us", "us", "count"};
	char v[64], head[96];

	if (!out || !c || c->n_runs < 2)
		return -EINVAL;
	fputs("placement,metric,case,unit", out);
	for (size_t k = 0; k < c->n_runs; k++) {
		snprintf(head, sizeof(head), "run %zu (%s)", k + 1, c->runs[k].run_id);
		fputc(',', out);
		sp_csv_field(out, head);
	}
	fputs("\r\n", out);
	for (size_t i = 0; i < c->n_rows; i++) {
		const struct sp_cmp_row *rw = &c->rows[i];

		for (size_t m = 0; m < sizeof(lat_metric) / sizeof(lat_metric[0]); m++) {
			csv_lead(out, rw->placement, lat_metric[m], "", lat_unit[m]);
			for (size_t k = 0; k < c->n_runs; k++) {
				const struct sp_cmp_cell *cl = &rw->cell[k];
				double x = m == 1   ? cl->p50_us
					   : m == 2 ? cl->p50_lo_us
					   : m == 3 ? cl->p50_hi_us
						    : cl->p99_us;

				v[0] = '\0';
				if (cl->present && m == 0)
					snprintf(v, sizeof(v), "%s", sp_status_name(cl->status));
				else if (cl->present && m == 5 && cl->status == SP_STATUS_OK)
					snprintf(v, sizeof(v), "%" PRIu64, cl->real_swapins);
				else if (cl->has_median && m >= 1 && m <= 4 && x > 0)
					snprintf(v, sizeof(v), "%.17g", x);
				fputc(',', out);
				sp_csv_field(out, v);
			}
			fputs("\r\n", out);
		}
	}
	for (size_t i = 0; i < c->n_srows; i++) {
		const struct sp_cmp_srow *sr = &c->srows[i];
		const char *key = sp_cmp_metric_key(sr->metric);
		const char *unit = sr->metric == SP_CMP_BUILD_WALL  ? "s"
				   : sr->metric == SP_CMP_CACHE_OPS ? "ops/s"
								    : "ms";

		csv_lead(out, sr->placement, key, sr->what, unit);
		for (size_t k = 0; k < c->n_runs; k++) {
			v[0] = '\0';
			if (sr->cell[k].value > 0)
				snprintf(v, sizeof(v), "%.17g", sr->cell[k].value);
			fputc(',', out);
			sp_csv_field(out, v);
		}
		fputs("\r\n", out);
		if (sr->metric != SP_CMP_BUILD_WALL)
			continue;
		csv_lead(out, sr->placement, "build_wall_spread_pct", "", "%");
		for (size_t k = 0; k < c->n_runs; k++) {
			v[0] = '\0';
			if (sr->cell[k].has_spread)
				snprintf(v, sizeof(v), "%.17g", sr->cell[k].spread_pct);
			fputc(',', out);
			sp_csv_field(out, v);
		}
		fputs("\r\n", out);
	}
	return ferror(out) ? -EIO : 0;
}
