/*
 * report_csv.c - summary.csv (see report_csv.h): the run's headline figures, one row per
 * placement and one per scenario case (a service case, a cache pool size), for a spreadsheet
 * or a script comparing many runs.
 *
 * One header for every row; the "row" column says what a row is ("placement", "service",
 * "cache") and the columns that do not apply to it are empty. Units are in the column names
 * (docs/report.md lists them). An empty cell is a value not measured, never 0 standing in for
 * it. RFC 4180: CRLF line ends, a field with a comma, a quote, CR or LF is quoted and its
 * quotes doubled. Numbers are printed with up to 10 significant digits, never in exponent
 * form for the ranges these figures take, so a sheet reads them as numbers.
 */
#include "core/report/report_csv.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The columns, in order; C_N counts them. */
enum col {
	C_ROW,
	C_PLACEMENT,
	C_KIND,
	C_STATUS,
	C_CASE,
	C_SWAP_BYTES,
	C_RANK,
	C_SWAPIN_P50,
	C_SWAPIN_CI_LO,
	C_SWAPIN_CI_HI,
	C_SWAPIN_P99,
	C_SWAPIN_X_BEST,
	C_SWAPIN_SAMPLES,
	C_REAL_SWAPINS,
	C_DEV_QD1_P50,
	C_DEV_SEQ,
	C_PRESS_TPS,
	C_PRESS_OOM,
	C_BUILD_WALL,
	C_BUILD_OOM,
	C_GC_P99,
	C_GC_WORST,
	C_CASE_P50,
	C_CASE_P95,
	C_CASE_P99,
	C_CASE_SI,
	C_CASE_SO,
	C_SVC_RATE,
	C_SVC_SENT,
	C_SVC_SERVED,
	C_SVC_FAILED,
	C_SVC_TOP,
	C_SVC_OOM,
	C_SVC_SWAP,
	C_SVC_START,
	C_SVC_SERVED_RATE,
	C_SVC_PAGE_CLUSTER,
	C_CACHE_PCT,
	C_CACHE_OPS,
	C_CACHE_OOM,
	C_REASON,
	C_N
};

static const char *const head[C_N] = {
    [C_ROW] = "row",
    [C_PLACEMENT] = "placement",
    [C_KIND] = "kind",
    [C_STATUS] = "status",
    [C_CASE] = "case",
    [C_SWAP_BYTES] = "swap_size_bytes",
    [C_RANK] = "rank",
    [C_SWAPIN_P50] = "swapin_p50_us",
    [C_SWAPIN_CI_LO] = "swapin_p50_ci_lo_us",
    [C_SWAPIN_CI_HI] = "swapin_p50_ci_hi_us",
    [C_SWAPIN_P99] = "swapin_p99_us",
    [C_SWAPIN_X_BEST] = "swapin_x_best",
    [C_SWAPIN_SAMPLES] = "swapin_samples",
    [C_REAL_SWAPINS] = "real_swapins",
    [C_DEV_QD1_P50] = "device_qd1_p50_us",
    [C_DEV_SEQ] = "device_seq_mib_per_s",
    [C_PRESS_TPS] = "pressure_touches_per_s",
    [C_PRESS_OOM] = "pressure_oom_killed",
    [C_BUILD_WALL] = "build_wall_s",
    [C_BUILD_OOM] = "build_oom_killed",
    [C_GC_P99] = "gc_p99_pause_ms",
    [C_GC_WORST] = "gc_worst_pause_ms",
    [C_CASE_P50] = "case_p50_ms",
    [C_CASE_P95] = "case_p95_ms",
    [C_CASE_P99] = "case_p99_ms",
    [C_CASE_SI] = "case_swapin_pages_per_s",
    [C_CASE_SO] = "case_swapout_pages_per_s",
    [C_SVC_RATE] = "service_rate_per_s",
    [C_SVC_SENT] = "service_sent",
    [C_SVC_SERVED] = "service_served",
    [C_SVC_FAILED] = "service_failed",
    [C_SVC_TOP] = "service_top_speed_per_s",
    [C_SVC_OOM] = "service_oom_kills",
    [C_SVC_SWAP] = "service_swap_used_bytes",
    [C_SVC_START] = "service_start_s",
    [C_SVC_SERVED_RATE] = "service_served_per_s",
    [C_SVC_PAGE_CLUSTER] = "service_page_cluster",
    [C_CACHE_PCT] = "cache_pool_pct",
    [C_CACHE_OPS] = "cache_ops_per_s",
    [C_CACHE_OOM] = "cache_oom_killed",
    [C_REASON] = "reason",
};

#define CELL 320

struct line {
	char c[C_N][CELL];
};

static void str(struct line *l, enum col c, const char *s)
{
	snprintf(l->c[c], CELL, "%s", s ? s : "");
}

static void num(struct line *l, enum col c, double v)
{
	if (isfinite(v))
		snprintf(l->c[c], CELL, "%.10g", v);
}

static void u64(struct line *l, enum col c, uint64_t v)
{
	snprintf(l->c[c], CELL, "%" PRIu64, v);
}

static void yesno(struct line *l, enum col c, int v)
{
	str(l, c, v ? "yes" : "no");
}

void sp_csv_field(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static void emit(FILE *out, const char *const *cells)
{
	for (size_t c = 0; c < C_N; c++) {
		if (c)
			fputc(',', out);
		sp_csv_field(out, cells[c]);
	}
	fputs("\r\n", out);
}

static void emit_line(FILE *out, const struct line *l)
{
	const char *cells[C_N];

	for (size_t c = 0; c < C_N; c++)
		cells[c] = l->c[c];
	emit(out, cells);
}

static void who(struct line *l, const char *row, const struct sp_result *res)
{
	memset(l, 0, sizeof(*l));
	str(l, C_ROW, row);
	str(l, C_PLACEMENT, res->placement);
	str(l, C_KIND, sp_placement_kind_name(res->id.kind));
}

static void placement_row(FILE *out, struct line *lp, const struct sp_result *res,
			  const struct sp_findings *f, int i)
{
	int rank = -1;

	for (size_t k = 0; k < f->n_ranked; k++)
		if (f->ranked[k] == i)
			rank = (int)k;
	who(lp, "placement", res);
	str(lp, C_STATUS, sp_status_name(res->status));
	if (res->size_bytes)
		u64(lp, C_SWAP_BYTES, res->size_bytes);
	if (rank >= 0) {
		const struct sp_lat_summary *s = &res->fault_probe.lat;

		u64(lp, C_RANK, (uint64_t)rank + 1);
		num(lp, C_SWAPIN_P50, s->p50_us);
		num(lp, C_SWAPIN_CI_LO, s->p50_ci_lo_us);
		num(lp, C_SWAPIN_CI_HI, s->p50_ci_hi_us);
		num(lp, C_SWAPIN_P99, s->p99_us);
		num(lp, C_SWAPIN_X_BEST, f->ratio_to_best[rank]);
	}
	if (res->fault_probe.done) {
		u64(lp, C_SWAPIN_SAMPLES, res->fault_probe.lat.samples);
		u64(lp, C_REAL_SWAPINS, res->fault_probe.real_swapins);
	}
	if (res->device_probe.done) {
		if (res->device_probe.qd1.samples)
			num(lp, C_DEV_QD1_P50, res->device_probe.qd1.p50_us);
		if (res->device_probe.seq_mib_s > 0)
			num(lp, C_DEV_SEQ, res->device_probe.seq_mib_s);
	}
	if (res->pressure_probe.done) {
		num(lp, C_PRESS_TPS, res->pressure_probe.touches_per_s);
		yesno(lp, C_PRESS_OOM, res->pressure_probe.oom_killed);
	}
	if (res->scenarios.build.done) {
		if (res->scenarios.build.status == SP_STATUS_OK)
			num(lp, C_BUILD_WALL, res->scenarios.build.wall_s);
		yesno(lp, C_BUILD_OOM, res->scenarios.build.oom_killed);
	}
	if (res->scenarios.gc.done && res->scenarios.gc.status == SP_STATUS_OK) {
		num(lp, C_GC_P99, res->scenarios.gc.p99_pause_ms);
		num(lp, C_GC_WORST, res->scenarios.gc.worst_pause_ms);
	}
	/* a fault first, as the HTML's ranking table says it: it is why there is no figure */
	if (res->error[0])
		snprintf(lp->c[C_REASON], CELL, "ERROR: %s%s%s", res->error,
			 res->reason[0] ? "; " : "", res->reason);
	else
		str(lp, C_REASON, res->reason);
	emit_line(out, lp);
}

static void service_rows(FILE *out, struct line *lp, const struct sp_result *res)
{

	for (size_t k = 0; k < res->scenarios.service.n_cases && k < SP_SVC_N_CASES; k++) {
		const struct sp_service_case *c = &res->scenarios.service.cases[k];

		who(lp, "service", res);
		str(lp, C_CASE, c->name);
		/* percentiles of served requests: none served, none known */
		if (c->served) {
			num(lp, C_CASE_P50, c->p50_ms);
			num(lp, C_CASE_P95, c->p95_ms);
			num(lp, C_CASE_P99, c->p99_ms);
		}
		num(lp, C_CASE_SI, c->swapin_pages_per_s);
		num(lp, C_CASE_SO, c->swapout_pages_per_s);
		num(lp, C_SVC_RATE, c->rate_per_s);
		u64(lp, C_SVC_SENT, c->sent);
		u64(lp, C_SVC_SERVED, c->served);
		u64(lp, C_SVC_FAILED, c->failed);
		num(lp, C_SVC_TOP, c->top_speed_per_s);
		u64(lp, C_SVC_OOM, c->oom_kills);
		num(lp, C_SVC_START, c->start_s); /* never served: empty, not 0 */
		num(lp, C_SVC_SERVED_RATE, c->served_per_s);
		if (c->page_cluster >= 0)
			u64(lp, C_SVC_PAGE_CLUSTER, (uint64_t)c->page_cluster);
		if (c->swap_used_bytes >= 0)
			u64(lp, C_SVC_SWAP, (uint64_t)c->swap_used_bytes);
		emit_line(out, lp);
	}
}

static void cache_rows(FILE *out, struct line *lp, const struct sp_result *res)
{
	const struct sp_scenario_cache *s = &res->scenarios.cache;

	for (size_t k = 0; s->done && k < s->n_cases && k < SP_CACHE_MAX_CASES; k++) {
		const struct sp_cache_case *c = &s->cases[k];

		who(lp, "cache", res);
		str(lp, C_STATUS, sp_status_name(c->status));
		snprintf(lp->c[C_CASE], CELL, "%.10g%%", c->cache_pct);
		num(lp, C_CACHE_PCT, c->cache_pct);
		yesno(lp, C_CACHE_OOM, c->oom_killed);
		if (c->status == SP_STATUS_OK) {
			num(lp, C_CASE_P50, c->p50_ms);
			num(lp, C_CASE_P95, c->p95_ms);
			num(lp, C_CASE_P99, c->p99_ms);
			num(lp, C_CASE_SI, c->swapin_pages_per_s);
			num(lp, C_CASE_SO, c->swapout_pages_per_s);
			num(lp, C_CACHE_OPS, c->ops_per_s);
		}
		str(lp, C_REASON, c->reason);
		emit_line(out, lp);
	}
}

int sp_report_csv_write(FILE *out, const struct sp_report *r, const struct sp_findings *fin)
{
	struct sp_findings *own = NULL; /* the findings are large: on the heap */
	const struct sp_findings *f = fin;
	struct line *l;

	if (!out || !r || r->n_results > SP_MAX_RESULTS)
		return -EINVAL;
	l = malloc(sizeof(*l));
	if (!l)
		return -ENOMEM;
	if (!f) {
		own = malloc(sizeof(*own));
		if (!own || sp_analyse(r, own) < 0) {
			free(l);
			free(own);
			return own ? -EINVAL : -ENOMEM;
		}
		f = own;
	}
	emit(out, head);
	for (size_t i = 0; i < r->n_results; i++)
		placement_row(out, l, &r->results[i], f, (int)i);
	for (size_t i = 0; i < r->n_results; i++)
		service_rows(out, l, &r->results[i]);
	for (size_t i = 0; i < r->n_results; i++)
		cache_rows(out, l, &r->results[i]);
	free(l);
	free(own);
	if (fflush(out) != 0 || ferror(out))
		return -EIO;
	return 0;
}
