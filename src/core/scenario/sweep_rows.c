/*
 * sweep_rows.c - the rows a sweep's run keeps in report.json's "sweeps" (see sweep_rows.h).
 * The scenarios' headlines are the table `headlines` below: adding a scenario to the sweep is
 * one entry there.
 */
#include "core/scenario/sweep_rows.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/config/textfmt.h"
#include "core/model/report.h"
#include "core/scenario/scenario.h"

static size_t build_rows(const struct sp_scenarios *s, const struct sp_sweep_row *tmpl,
			 struct sp_sweep_row *out, size_t max)
{
	const struct sp_scenario_build *b = &s->build;

	if (!b->done || !max)
		return 0;
	*out = *tmpl;
	snprintf(out->scenario, sizeof(out->scenario), "build");
	out->is_build = 1;
	out->status = b->status;
	snprintf(out->reason, sizeof(out->reason), "%s", b->reason);
	out->build = (struct sp_sweep_build){.wall_s = b->wall_s,
					     .pswpin = b->pswpin,
					     .pswpout = b->pswpout,
					     .major_faults = b->major_faults,
					     .oom_killed = b->oom_killed};
	return 1;
}

static double build_figure(const struct sp_sweep_row *row)
{
	return row->status == SP_STATUS_OK ? row->build.wall_s : NAN;
}

static size_t service_rows(const struct sp_scenarios *s, const struct sp_sweep_row *tmpl,
			   struct sp_sweep_row *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < s->service.n_cases && i < SP_SVC_N_CASES && n < max; i++) {
		const struct sp_service_case *c = &s->service.cases[i];
		struct sp_sweep_row *r = &out[n++];

		*r = *tmpl;
		snprintf(r->scenario, sizeof(r->scenario), "service");
		r->is_service = 1;
		r->status = SP_STATUS_OK;
		snprintf(r->service.case_name, sizeof(r->service.case_name), "%s", c->name);
		r->service.sent = c->sent;
		r->service.failed = c->failed;
		r->service.p95_ms = c->p95_ms;
		r->service.top_speed_per_s = c->top_speed_per_s;
		r->service.oom_kills = c->oom_kills;
		r->service.swapin_pages_per_s = c->swapin_pages_per_s;
	}
	return n;
}

/* a case that served nothing has no p95 */
static double service_figure(const struct sp_sweep_row *row)
{
	if (row->status != SP_STATUS_OK || row->service.failed >= row->service.sent)
		return NAN;
	return row->service.p95_ms;
}

static size_t cache_rows(const struct sp_scenarios *s, const struct sp_sweep_row *tmpl,
			 struct sp_sweep_row *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < s->cache.n_cases && i < SP_CACHE_MAX_CASES && n < max; i++) {
		const struct sp_cache_case *c = &s->cache.cases[i];
		struct sp_sweep_row *r = &out[n++];

		*r = *tmpl;
		snprintf(r->scenario, sizeof(r->scenario), "cache");
		r->is_cache = 1;
		/* an OOM-killed pool size is failed, with its reason, as in results[] */
		r->status = c->status;
		snprintf(r->reason, sizeof(r->reason), "%s", c->reason);
		r->cache = (struct sp_sweep_cache){.cache_pct = c->cache_pct,
						   .ops_per_s = c->ops_per_s,
						   .p95_ms = c->p95_ms,
						   .swapin_pages_per_s = c->swapin_pages_per_s,
						   .oom_killed = c->oom_killed};
	}
	return n;
}

/* a pool size that did no op has no rate worth comparing */
static double cache_figure(const struct sp_sweep_row *row)
{
	if (row->status != SP_STATUS_OK || !(row->cache.ops_per_s > 0))
		return NAN;
	return row->cache.ops_per_s;
}

static size_t gc_rows(const struct sp_scenarios *s, const struct sp_sweep_row *tmpl,
		      struct sp_sweep_row *out, size_t max)
{
	const struct sp_scenario_gc *g = &s->gc;

	if (!g->done || !max)
		return 0;
	*out = *tmpl;
	snprintf(out->scenario, sizeof(out->scenario), "gc");
	out->is_gc = 1;
	out->status = g->status;
	snprintf(out->reason, sizeof(out->reason), "%s", g->reason);
	out->gc = (struct sp_sweep_gc){.pauses = g->pauses,
				       .p99_pause_ms = g->p99_pause_ms,
				       .worst_pause_ms = g->worst_pause_ms,
				       .faults_in_pauses = g->faults_in_pauses};
	return 1;
}

/* a run without a pause has no pause to compare */
static double gc_figure(const struct sp_sweep_row *row)
{
	if (row->status != SP_STATUS_OK || !row->gc.pauses)
		return NAN;
	return row->gc.p99_pause_ms;
}

/*
 * One entry per scenario a sweep runs again, in the order its rows go into the report. To add
 * one: a bit (core/scenario/scenario.h), its figures in struct sp_sweep_row with an is_<name> flag,
 * rows() and figure() here, its keys in report_schema.c (sweep_fields).
 */
static const struct headline {
	const char *name;	 /* the row's "scenario" */
	unsigned bit;		 /* SP_SCENARIO_* */
	const char *figure;	 /* the key of the figure value() returns */
	const char *what, *unit; /* how a sentence names it: "wall time", "s" */
	int higher_better;	 /* more of the figure is better (ops/s) */
	size_t max_rows;	 /* rows one run gives at most */
	size_t (*rows)(const struct sp_scenarios *s, const struct sp_sweep_row *tmpl,
		       struct sp_sweep_row *out, size_t max);
	double (*value)(const struct sp_sweep_row *row);
} headlines[] = {
    {"build", SP_SCENARIO_BUILD, "wall_s", "wall time", "s", 0, 1, build_rows, build_figure},
    {"service", SP_SCENARIO_SERVICE, "p95_ms", "p95", "ms", 0, SP_SVC_N_CASES, service_rows,
     service_figure},
    {"cache", SP_SCENARIO_CACHE, "ops_per_s", "throughput", "ops/s", 1, SP_SWEEP_CACHE_CASES,
     cache_rows, cache_figure},
    {"gc", SP_SCENARIO_GC, "p99_pause_ms", "p99 pause", "ms", 0, 1, gc_rows, gc_figure},
};

#define N_HEADLINES (sizeof(headlines) / sizeof(headlines[0]))

static const struct headline *headline_of(const struct sp_sweep_row *row)
{
	for (size_t i = 0; i < N_HEADLINES; i++)
		if (!strcmp(row->scenario, headlines[i].name))
			return &headlines[i];
	return NULL;
}

size_t sp_sweep_rows_per_run(unsigned scenarios)
{
	size_t n = 0;

	for (size_t i = 0; i < N_HEADLINES; i++)
		if (scenarios & headlines[i].bit)
			n += headlines[i].max_rows;
	return n;
}

void sp_sweep_scenarios_phrase(unsigned scenarios, char *buf, size_t len)
{
	size_t n = 0, said = 0;

	if (!len)
		return;
	buf[0] = '\0';
	for (size_t i = 1; i < N_HEADLINES; i++)
		n += !!(scenarios & headlines[i].bit);
	if (scenarios & SP_SCENARIO_BUILD)
		sp_cat(buf, len, "job%s", n ? " and the " : "");
	for (size_t i = 1; i < N_HEADLINES; i++) {
		if (!(scenarios & headlines[i].bit))
			continue;
		said++;
		sp_cat(buf, len, "%s%s",
		       said == 1   ? ""
		       : said == n ? " and "
				   : ", ",
		       headlines[i].name);
	}
	if (n)
		sp_cat(buf, len, " %s", sp_plural(n, "scenario", "scenarios"));
}

size_t sp_sweep_rows_from(const struct sp_sweep_row *tmpl, const struct sp_scenarios *s,
			  struct sp_sweep_row *out, size_t max)
{
	size_t n = 0;

	if (!tmpl || !s || !out)
		return 0;
	for (size_t i = 0; i < N_HEADLINES; i++)
		n += headlines[i].rows(s, tmpl, out + n, max - n);
	return n;
}

size_t sp_sweep_rows_failed(const struct sp_sweep_row *tmpl, unsigned scenarios, const char *reason,
			    struct sp_sweep_row *out, size_t max)
{
	size_t n = 0;

	if (!tmpl || !out)
		return 0;
	for (size_t i = 0; i < N_HEADLINES && n < max; i++) {
		if (!(scenarios & headlines[i].bit))
			continue;
		out[n] = *tmpl;
		snprintf(out[n].scenario, sizeof(out[n].scenario), "%s", headlines[i].name);
		out[n].status = SP_STATUS_FAILED;
		snprintf(out[n].reason, sizeof(out[n].reason), "%s", reason ? reason : "");
		n++;
	}
	return n;
}

void sp_sweep_row_line(const struct sp_sweep_row *row, char *buf, size_t len)
{
	if (row->is_service)
		snprintf(buf, len, "%s %s", row->scenario, row->service.case_name);
	else if (row->is_cache)
		snprintf(buf, len, "%s %.0f %%", row->scenario, row->cache.cache_pct);
	else
		snprintf(buf, len, "%s", row->scenario);
}

int sp_sweep_row_headline(const struct sp_sweep_row *row, struct sp_sweep_headline *out)
{
	const struct headline *h = headline_of(row);

	if (!h)
		return -EINVAL;
	*out = (struct sp_sweep_headline){.figure = h->figure,
					  .what = h->what,
					  .unit = h->unit,
					  .higher_better = h->higher_better};
	return 0;
}

double sp_sweep_row_figure(const struct sp_sweep_row *row, const char **figure_key)
{
	const struct headline *h = headline_of(row);

	if (figure_key)
		*figure_key = h ? h->figure : "?";
	return h ? h->value(row) : NAN;
}
