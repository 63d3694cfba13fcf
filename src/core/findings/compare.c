/*
 * compare.c - several runs side by side (see compare.h): reports in, the comparison model out.
 *
 * The model decides every mark; its document (core/doc/compare_doc.c) and its CSV
 * (core/report/compare_csv.c) only phrase and format it. A ratio is
 * always shown, a mark only where the runs' own confidence says the difference is real, so a
 * reader of ten machines' runs is not sent chasing a 3 % wobble.
 */
#include "core/findings/compare.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/config/textfmt.h"
#include "core/config/units.h"
#include "core/plan/placements.h"

static const char *const metric_titles[SP_CMP_METRICS] = {
    [SP_CMP_BUILD_WALL] = "build job wall time (s)",
    [SP_CMP_SERVICE_P95] = "service p95 latency (ms)",
    [SP_CMP_CACHE_OPS] = "cache throughput (ops/s)",
    [SP_CMP_GC_P99] = "gc p99 pause (ms)",
};

static const char *const metric_keys[SP_CMP_METRICS] = {
    [SP_CMP_BUILD_WALL] = "build_wall_s",
    [SP_CMP_SERVICE_P95] = "service_p95_ms",
    [SP_CMP_CACHE_OPS] = "cache_ops_per_s",
    [SP_CMP_GC_P99] = "gc_p99_pause_ms",
};

const char *sp_cmp_metric_title(enum sp_cmp_metric m)
{
	return (unsigned)m < SP_CMP_METRICS ? metric_titles[m] : "?";
}

const char *sp_cmp_metric_key(enum sp_cmp_metric m)
{
	return (unsigned)m < SP_CMP_METRICS ? metric_keys[m] : "?";
}

void sp_compare_release(struct sp_compare *c)
{
	if (!c)
		return;
	free(c->rows);
	free(c->srows);
	for (size_t i = 0; i < c->n_diffs; i++)
		free(c->diffs[i]);
	free(c->diffs);
	memset(c, 0, sizeof(*c));
}

/* ---- the runs' identity ---- */

static const struct sp_device_info *target_device(const struct sp_report *r)
{
	if (!r->target[0])
		return NULL;
	for (size_t i = 0; i < r->n_devices && i < SP_MAX_DEVICES; i++)
		if (!strcmp(r->devices[i].path, r->target))
			return &r->devices[i];
	return NULL;
}

static void machine_label(const struct sp_machine *m, char *buf, size_t len)
{
	if (m->dmi_vendor[0] && m->dmi_model[0])
		snprintf(buf, len, "%s %s", m->dmi_vendor, m->dmi_model);
	else if (m->dmi_vendor[0] || m->dmi_model[0])
		snprintf(buf, len, "%s", m->dmi_vendor[0] ? m->dmi_vendor : m->dmi_model);
	else
		snprintf(buf, len, "unknown machine");
}

static void run_identity(const struct sp_report *r, struct sp_cmp_run *o)
{
	const struct sp_device_info *d = target_device(r);
	struct tm tm;

	sp_report_run_id(r, o->run_id, sizeof(o->run_id));
	if (r->started > 0 && gmtime_r(&r->started, &tm))
		strftime(o->date, sizeof(o->date), "%Y-%m-%d %H:%M UTC", &tm);
	else
		snprintf(o->date, sizeof(o->date), "unknown date");
	machine_label(&r->machine, o->machine, sizeof(o->machine));
	if (d) {
		snprintf(o->disk, sizeof(o->disk), "%s", d->model[0] ? d->model : d->path);
		snprintf(o->disk_serial, sizeof(o->disk_serial), "%s", d->serial);
	} else if (r->target[0]) {
		snprintf(o->disk, sizeof(o->disk), "%s", r->target);
	}
	snprintf(o->command, sizeof(o->command), "%s", r->command);
	snprintf(o->tool_version, sizeof(o->tool_version), "%s", r->tool_version);
}

/* ---- the placement rows ---- */

static int row_of(struct sp_compare *c, const char *placement, size_t *cap)
{
	for (size_t i = 0; i < c->n_rows; i++)
		if (!strcmp(c->rows[i].placement, placement))
			return (int)i;
	if (c->n_rows == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		struct sp_cmp_row *nr = realloc(c->rows, nc * sizeof(*nr));

		if (!nr)
			return -ENOMEM;
		c->rows = nr;
		*cap = nc;
	}
	memset(&c->rows[c->n_rows], 0, sizeof(c->rows[0]));
	snprintf(c->rows[c->n_rows].placement, sizeof(c->rows[0].placement), "%s", placement);
	return (int)c->n_rows++;
}

static void fill_cell(const struct sp_result *res, struct sp_cmp_cell *cl)
{
	const struct sp_lat_summary *l = &res->fault_probe.lat;

	cl->present = 1;
	cl->status = res->status;
	cl->has_median = res->status == SP_STATUS_OK && res->fault_probe.done && l->p50_us > 0;
	if (!res->fault_probe.done)
		return;
	cl->p50_us = l->p50_us;
	cl->p50_lo_us = l->p50_ci_lo_us;
	cl->p50_hi_us = l->p50_ci_hi_us;
	cl->p99_us = l->p99_us;
	cl->real_swapins = res->fault_probe.real_swapins;
}

/* Two CIs overlap; a CI not known (0) is the median itself, so only distinct medians differ. */
static int ci_overlap(const struct sp_cmp_cell *a, const struct sp_cmp_cell *b)
{
	double alo = a->p50_lo_us > 0 ? a->p50_lo_us : a->p50_us;
	double ahi = a->p50_hi_us > 0 ? a->p50_hi_us : a->p50_us;
	double blo = b->p50_lo_us > 0 ? b->p50_lo_us : b->p50_us;
	double bhi = b->p50_hi_us > 0 ? b->p50_hi_us : b->p50_us;

	return alo <= bhi && blo <= ahi;
}

/* Has an earlier run than k this placement? */
static int row_seen(const struct sp_cmp_row *rw, size_t k)
{
	for (size_t j = 0; j < k; j++)
		if (rw->cell[j].present)
			return 1;
	return 0;
}

static int build_rows(struct sp_compare *c, const struct sp_report *const *runs)
{
	size_t cap = 0;

	for (size_t k = 0; k < c->n_runs; k++) {
		const struct sp_report *r = runs[k];

		for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
			int row = row_of(c, r->results[i].placement, &cap);

			if (row < 0)
				return row;
			if (c->rows[row].cell[k].present)
				continue; /* a name twice in one run: its first result */
			if (!row_seen(&c->rows[row], k))
				c->rows[row].kind = r->results[i].id.kind;
			fill_cell(&r->results[i], &c->rows[row].cell[k]);
		}
	}
	for (size_t i = 0; i < c->n_rows; i++) {
		struct sp_cmp_cell *ref = &c->rows[i].cell[0];

		for (size_t k = 1; k < c->n_runs; k++) {
			struct sp_cmp_cell *cl = &c->rows[i].cell[k];

			if (!ref->has_median || !cl->has_median)
				continue;
			cl->ratio = cl->p50_us / ref->p50_us;
			cl->beyond = !ci_overlap(ref, cl);
			c->n_beyond += (size_t)cl->beyond;
		}
	}
	return 0;
}

/* ---- the scenario rows ---- */

static int srow_of(struct sp_compare *c, enum sp_cmp_metric m, const char *placement,
		   const char *what, size_t *cap)
{
	for (size_t i = 0; i < c->n_srows; i++)
		if (c->srows[i].metric == m && !strcmp(c->srows[i].placement, placement) &&
		    !strcmp(c->srows[i].what, what))
			return (int)i;
	if (c->n_srows == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		struct sp_cmp_srow *nr = realloc(c->srows, nc * sizeof(*nr));

		if (!nr)
			return -ENOMEM;
		c->srows = nr;
		*cap = nc;
	}
	memset(&c->srows[c->n_srows], 0, sizeof(c->srows[0]));
	c->srows[c->n_srows].metric = m;
	snprintf(c->srows[c->n_srows].placement, sizeof(c->srows[0].placement), "%s", placement);
	snprintf(c->srows[c->n_srows].what, sizeof(c->srows[0].what), "%s", what);
	return (int)c->n_srows++;
}

static int sput(struct sp_compare *c, size_t *cap, size_t k, enum sp_cmp_metric m,
		const char *placement, const char *what, enum sp_status st, double v,
		int has_spread, double spread_pct)
{
	int i = srow_of(c, m, placement, what, cap);
	struct sp_cmp_scell *s;

	if (i < 0)
		return i;
	s = &c->srows[i].cell[k];
	if (s->present)
		return 0;
	s->present = 1;
	s->status = st;
	s->value = st == SP_STATUS_OK && isfinite(v) && v > 0 ? v : 0;
	s->has_spread = has_spread;
	s->spread_pct = spread_pct;
	return 0;
}

static int build_srows(struct sp_compare *c, const struct sp_report *const *runs)
{
	size_t cap = 0;
	char what[32];
	int ret;

	/* one metric at a time over every run, so each metric's rows stay together */
	for (int m = 0; m < SP_CMP_METRICS; m++) {
		for (size_t k = 0; k < c->n_runs; k++) {
			const struct sp_report *r = runs[k];

			for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
				const struct sp_result *res = &r->results[i];
				const struct sp_scenarios *sc = &res->scenarios;

				ret = 0;
				if (m == SP_CMP_BUILD_WALL && sc->build.done)
					ret =
					    sput(c, &cap, k, m, res->placement, "",
						 sc->build.status, sc->build.wall_s,
						 sc->build.n_runs > 1, sc->build.wall_s_spread_pct);
				for (size_t q = 0; m == SP_CMP_SERVICE_P95 && !ret &&
						   q < sc->service.n_cases && q < SP_SVC_N_CASES;
				     q++) {
					const struct sp_service_case *sv = &sc->service.cases[q];

					ret = sput(c, &cap, k, m, res->placement, sv->name,
						   sv->served ? SP_STATUS_OK : SP_STATUS_FAILED,
						   sv->p95_ms, 0, 0);
				}
				for (size_t q = 0;
				     m == SP_CMP_CACHE_OPS && !ret && sc->cache.done &&
				     q < sc->cache.n_cases && q < SP_CACHE_MAX_CASES;
				     q++) {
					const struct sp_cache_case *cc = &sc->cache.cases[q];

					snprintf(what, sizeof(what), "%g %%", cc->cache_pct);
					ret = sput(c, &cap, k, m, res->placement, what, cc->status,
						   cc->ops_per_s, 0, 0);
				}
				if (m == SP_CMP_GC_P99 && !ret && sc->gc.done)
					ret = sput(c, &cap, k, m, res->placement, "", sc->gc.status,
						   sc->gc.p99_pause_ms, 0, 0);
				if (ret)
					return ret;
			}
		}
	}
	for (size_t i = 0; i < c->n_srows; i++) {
		struct sp_cmp_scell *ref = &c->srows[i].cell[0];

		for (size_t k = 1; k < c->n_runs; k++) {
			struct sp_cmp_scell *s = &c->srows[i].cell[k];
			double hi, lo;

			if (!(ref->value > 0) || !(s->value > 0))
				continue;
			s->ratio = s->value / ref->value;
			if (!ref->has_spread || !s->has_spread) {
				s->no_spread = 1;
				continue;
			}
			hi = fmax(s->value, ref->value);
			lo = fmin(s->value, ref->value);
			s->beyond = (hi / lo - 1) * 100 > fmax(ref->spread_pct, s->spread_pct);
			c->n_sbeyond += (size_t)s->beyond;
		}
	}
	return 0;
}

/* ---- the settings ---- */

#define VAL_BYTES 168

struct setting {
	const char *phrase;			  /* "the runs used different budgets" */
	char val[SP_COMPARE_MAX_RUNS][VAL_BYTES]; /* "" unknown */
};

static const struct sp_scenario_build *first_build(const struct sp_report *r)
{
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++)
		if (r->results[i].scenarios.build.done)
			return &r->results[i].scenarios.build;
	return NULL;
}

static void scenarios_run(const struct sp_report *r, char *buf, size_t len)
{
	int has[4] = {0};
	static const char *const names[4] = {"build", "service", "cache", "gc"};

	buf[0] = '\0';
	for (size_t i = 0; i < r->n_results && i < SP_MAX_RESULTS; i++) {
		const struct sp_scenarios *s = &r->results[i].scenarios;

		has[0] |= s->build.done;
		has[1] |= s->service.n_cases > 0;
		has[2] |= s->cache.done;
		has[3] |= s->gc.done;
	}
	for (int k = 0; k < 4; k++)
		if (has[k])
			sp_cat_sep(buf, len, " and ", "%s", names[k]);
	if (!buf[0])
		snprintf(buf, len, "none");
}

static int add_diff(struct sp_compare *c, const struct setting *s)
{
	char text[SP_COMPARE_MAX_RUNS * (VAL_BYTES + 2) + 128];
	const char *first = NULL;
	int differ = 0;
	char **nd;

	for (size_t k = 0; k < c->n_runs; k++) {
		if (!s->val[k][0])
			continue;
		if (first && strcmp(first, s->val[k]))
			differ = 1;
		if (!first)
			first = s->val[k];
	}
	if (!differ)
		return 0;
	snprintf(text, sizeof(text), "%s: ", s->phrase);
	for (size_t k = 0; k < c->n_runs; k++)
		sp_cat(text, sizeof(text), "%s%s", k ? ", " : "",
		       s->val[k][0] ? s->val[k] : "unknown");
	nd = realloc(c->diffs, (c->n_diffs + 1) * sizeof(*nd));
	if (!nd)
		return -ENOMEM;
	c->diffs = nd;
	c->diffs[c->n_diffs] = strdup(text);
	if (!c->diffs[c->n_diffs])
		return -ENOMEM;
	c->n_diffs++;
	return 0;
}

enum {
	S_BUDGET,
	S_TIME,
	S_SEED,
	S_LAYOUT,
	S_JOB_SCALE,
	S_PAGE_CLUSTER,
	S_SCENARIOS,
	S_COMMAND,
	S_TOOL,
	S_KERNEL,
	S_CGROUP,
	S_MACHINE,
	S_N
};

static int build_diffs(struct sp_compare *c, const struct sp_report *const *runs)
{
	static const char *const phrases[S_N] = {
	    [S_BUDGET] = "the runs used different budgets",
	    [S_TIME] = "the runs used different times per placement",
	    [S_SEED] = "the runs used different seeds",
	    [S_LAYOUT] = "the runs used different disk layouts",
	    [S_JOB_SCALE] = "the runs used different build job scales",
	    [S_PAGE_CLUSTER] = "the runs' build jobs ran with different page-cluster values",
	    [S_SCENARIOS] = "the runs ran different scenarios",
	    [S_COMMAND] = "the runs were made by different commands",
	    [S_TOOL] = "the runs were made by different swapplace versions",
	    [S_KERNEL] = "the runs ran on different kernels",
	    [S_CGROUP] = "the runs used different cgroup versions",
	    [S_MACHINE] = "the runs were made on different machines",
	};
	struct setting *s = calloc(S_N, sizeof(*s));
	int ret = 0;

	if (!s)
		return -ENOMEM;
	for (size_t k = 0; k < c->n_runs; k++) {
		const struct sp_report *r = runs[k];
		const struct sp_scenario_build *b = first_build(r);

		if (r->budget_bytes)
			sp_format_bytes(r->budget_bytes, s[S_BUDGET].val[k], VAL_BYTES);
		if (r->time_per_placement_s > 0)
			snprintf(s[S_TIME].val[k], VAL_BYTES, "%g s", r->time_per_placement_s);
		snprintf(s[S_SEED].val[k], VAL_BYTES, "%" PRIu64, r->seed);
		snprintf(s[S_LAYOUT].val[k], VAL_BYTES, "%s", r->layout[0] ? r->layout : "none");
		if (b && b->work_scale > 0)
			snprintf(s[S_JOB_SCALE].val[k], VAL_BYTES, "%g", b->work_scale);
		if (b && b->page_cluster >= 0)
			snprintf(s[S_PAGE_CLUSTER].val[k], VAL_BYTES, "%d", b->page_cluster);
		scenarios_run(r, s[S_SCENARIOS].val[k], VAL_BYTES);
		snprintf(s[S_COMMAND].val[k], VAL_BYTES, "%s", r->command);
		snprintf(s[S_TOOL].val[k], VAL_BYTES, "%s", r->tool_version);
		snprintf(s[S_KERNEL].val[k], VAL_BYTES, "%s", r->machine.kernel);
		if (r->machine.cgroup_version)
			snprintf(s[S_CGROUP].val[k], VAL_BYTES, "v%d", r->machine.cgroup_version);
		snprintf(s[S_MACHINE].val[k], VAL_BYTES, "%s", c->runs[k].machine);
	}
	for (int i = 0; i < S_N && !ret; i++) {
		s[i].phrase = phrases[i];
		ret = add_diff(c, &s[i]);
	}
	free(s);
	return ret;
}

int sp_compare_build(struct sp_compare *c, const struct sp_report *const *runs, size_t n)
{
	int ret;

	if (!c)
		return -EINVAL;
	memset(c, 0, sizeof(*c));
	if (!runs || n < 2 || n > SP_COMPARE_MAX_RUNS)
		return -EINVAL;
	for (size_t k = 0; k < n; k++)
		if (!runs[k])
			return -EINVAL;
	c->n_runs = n;
	for (size_t k = 0; k < n; k++)
		run_identity(runs[k], &c->runs[k]);
	ret = build_rows(c, runs);
	if (!ret)
		ret = build_srows(c, runs);
	if (!ret)
		ret = build_diffs(c, runs);
	if (ret)
		sp_compare_release(c);
	return ret;
}
