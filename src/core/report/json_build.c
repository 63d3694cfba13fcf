/*
 * json_build.c - report.json's tree: the report and its findings as a jansson tree (see
 * json_build.h), ready for the printer (json_write.c).
 *
 * The fields of each struct are described once, in report_schema.c's tables (key, type,
 * offset); obj_fill() writes by walking the rows and json_read.c's obj_into() reads by walking
 * the same rows, so what is written is what is read back and no key is spelled twice. Only
 * "analysis" is built by hand here: it is derived from the findings and never read. Strings are
 * forced to valid UTF-8 ('?' for bad bytes) because jansson's parser rightly rejects anything
 * else and the strings come from the machine (device models, CPUs).
 */
#include "core/report/json_build.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/config/textfmt.h"
#include "core/findings/advise.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "core/model/report.h"
#include "core/report/report_schema.h"
#include "core/scenario/service.h"

/* Build state: the first allocation failure is sticky, checked once at the end. */
struct jb {
	int bad;
};

static void put(struct jb *b, json_t *o, const char *k, json_t *v)
{
	if (!v || !o || json_object_set_new(o, k, v) < 0)
		b->bad = 1;
}

static void push(struct jb *b, json_t *a, json_t *v)
{
	if (!v || !a || json_array_append_new(a, v) < 0)
		b->bad = 1;
}

/* Strings from the machine may be anything: keep valid UTF-8, replace the rest with '?'. */
static json_t *jstr(const char *s, size_t max)
{
	char buf[1024];
	size_t n = strnlen(s, max), o = 0;

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	for (size_t i = 0; i < n;) {
		size_t len = sp_utf8_seq_len(s, i, n);

		if (!len || s[i] == 0) {
			buf[o++] = '?';
			i++;
			continue;
		}
		memcpy(buf + o, s + i, len);
		o += len;
		i += len;
	}
	buf[o] = '\0';
	return json_string(buf);
}

static json_t *jdbl(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *ju64(uint64_t v)
{
	/* json_int_t is signed 64 bit; nothing measured comes near, clamp rather than wrap */
	return json_integer(v > INT64_MAX ? INT64_MAX : (json_int_t)v);
}

static json_t *obj_from(struct jb *b, const struct sp_field *t, const void *base);

static json_t *list_from(struct jb *b, const struct sp_field *t, const char *base)
{
	size_t n = *(const size_t *)(base + t->aux);
	json_t *a;

	if (!n && (t->flags & SP_FF_NULL_EMPTY))
		return json_null();
	a = json_array();
	for (size_t i = 0; i < n && i < t->max; i++)
		push(b, a, obj_from(b, t->sub, base + t->off + i * t->size));
	return a;
}

static json_t *time_iso(time_t t)
{
	char ts[32] = "";
	struct tm tm;

	if (gmtime_r(&t, &tm))
		strftime(ts, sizeof(ts), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return json_string(ts);
}

/* Every row of t, in order, as keys of o: the writer half of the schema tables. */
static void obj_fill(struct jb *b, json_t *o, const struct sp_field *t, const void *base)
{
	const char *p = base;

	for (; t->key; t++) {
		const void *v = p + t->off;

		if ((t->flags & SP_FF_NULLIF) && !*(const int *)(p + t->aux)) {
			put(b, o, t->key, json_null());
			continue;
		}
		switch (t->type) {
		case SP_F_STR:
			put(b, o, t->key, jstr(v, t->size));
			break;
		case SP_F_U64:
			put(b, o, t->key, ju64(*(const uint64_t *)v));
			break;
		case SP_F_U64_WIDE: {
			uint64_t u = *(const uint64_t *)v;
			char s[24];

			/* may use all 64 bits: beyond int64 it is written as a decimal string */
			if (u > INT64_MAX) {
				snprintf(s, sizeof(s), "%" PRIu64, u);
				put(b, o, t->key, json_string(s));
			} else {
				put(b, o, t->key, json_integer((json_int_t)u));
			}
			break;
		}
		case SP_F_U32:
			put(b, o, t->key, json_integer(*(const uint32_t *)v));
			break;
		case SP_F_INT:
			put(b, o, t->key, json_integer(*(const int *)v));
			break;
		case SP_F_BOOL:
			put(b, o, t->key, json_boolean(*(const int *)v));
			break;
		case SP_F_DBL:
			put(b, o, t->key, jdbl(*(const double *)v));
			break;
		case SP_F_ENUM:
			put(b, o, t->key, json_string(t->en->name(*(const int *)v)));
			break;
		case SP_F_INDEX:
			put(b, o, t->key,
			    *(const int *)v >= 0 ? json_integer(*(const int *)v) : json_null());
			break;
		case SP_F_SCHEMA:
			put(b, o, t->key, json_string(SP_SCHEMA));
			break;
		case SP_F_TIME_ISO:
			put(b, o, t->key, time_iso(*(const time_t *)v));
			break;
		case SP_F_TIME_UNIX:
			put(b, o, t->key, json_integer((json_int_t) * (const time_t *)v));
			break;
		case SP_F_OBJ:
			put(b, o, t->key, obj_from(b, t->sub, v));
			break;
		case SP_F_FLAT:
			if (!(t->flags & SP_FF_COND) || *(const int *)(p + t->aux))
				obj_fill(b, o, t->sub, v);
			break;
		case SP_F_SECTION:
			if (t->present ? t->present(v) : *(const int *)((const char *)v + t->aux))
				put(b, o, t->key, obj_from(b, t->sub, v));
			else
				put(b, o, t->key, json_null());
			break;
		case SP_F_LIST:
			put(b, o, t->key, list_from(b, t, p));
			break;
		case SP_F_DBL_LIST: {
			size_t n = (t->flags & SP_FF_COUNT_U32) ? *(const uint32_t *)(p + t->aux)
								: *(const size_t *)(p + t->aux);
			json_t *a = json_array();

			for (size_t i = 0; i < n && i < t->max; i++)
				push(b, a, jdbl(((const double *)v)[i]));
			put(b, o, t->key, a);
			break;
		}
		case SP_F_STR_LIST: {
			size_t n = *(const size_t *)(p + t->aux);
			json_t *a = json_array();

			for (size_t i = 0; i < n && i < t->max; i++)
				push(b, a, jstr((const char *)v + i * t->size, t->size));
			put(b, o, t->key, a);
			break;
		}
		case SP_F_I64_NULL: {
			int64_t i = *(const int64_t *)v;

			put(b, o, t->key, i >= 0 ? json_integer((json_int_t)i) : json_null());
			break;
		}
		case SP_F_PAIR_LIST: {
			size_t n = *(const size_t *)(p + t->aux);
			const double *a = v, *bv = (const double *)((const char *)v + t->size);
			json_t *l = json_array();

			for (size_t i = 0; i < n && i < t->max; i++) {
				json_t *pair = json_array();

				push(b, pair, jdbl(a[i]));
				push(b, pair, jdbl(bv[i]));
				push(b, l, pair);
			}
			put(b, o, t->key, l);
			break;
		}
		}
	}
}

static json_t *obj_from(struct jb *b, const struct sp_field *t, const void *base)
{
	json_t *o = json_object();

	obj_fill(b, o, t, base);
	return o;
}

static json_t *name_or_null(const struct sp_report *r, int i)
{
	return i >= 0 ? jstr(r->results[i].placement, sizeof(r->results[i].placement))
		      : json_null();
}

/*
 * A comparison's resolution (core/measure/resolve.h): {p, diff_pct, diff_lo_pct, diff_hi_pct,
 * min_resolvable_pct, rounds, resolved}; the interval's keys null when the test could not bound
 * it; null when nothing was compared.
 */
static json_t *resolution_json(struct jb *b, const struct sp_resolution *x)
{
	json_t *o;

	if (!x->have)
		return json_null();
	o = json_object();
	put(b, o, "p", jdbl(x->p));
	put(b, o, "diff_pct", jdbl(x->diff_pct));
	put(b, o, "diff_lo_pct", x->bounded ? jdbl(x->diff_lo_pct) : json_null());
	put(b, o, "diff_hi_pct", x->bounded ? jdbl(x->diff_hi_pct) : json_null());
	put(b, o, "min_resolvable_pct", x->bounded ? jdbl(x->min_resolvable_pct) : json_null());
	put(b, o, "min_effect_pct", jdbl(x->min_effect_pct));
	put(b, o, "rounds", json_integer((json_int_t)x->rounds));
	put(b, o, "resolved", json_boolean(x->resolved));
	return o;
}

/* analysis.build: the job's ranking by wall time, its baseline, start vs end; null: no job */
static json_t *build_json(struct jb *b, const struct sp_report *r, const struct sp_findings *f)
{
	const struct sp_build_ranking *k = &f->build;
	json_t *o, *a, *x;

	if (!f->has_build)
		return json_null();
	o = json_object();
	a = json_array();
	for (size_t i = 0; i < k->n; i++) {
		x = json_object();
		put(b, x, "placement", name_or_null(r, k->rows[i].result));
		put(b, x, "wall_s", jdbl(k->rows[i].wall_s));
		put(b, x, "ratio_to_best", jdbl(k->rows[i].ratio_to_best));
		put(b, x, "ratio_to_ram", k->has_ram ? jdbl(k->rows[i].ratio_to_ram) : json_null());
		put(b, x, "runs", json_integer((json_int_t)k->rows[i].n_runs));
		put(b, x, "spread_pct", jdbl(k->rows[i].spread_pct));
		put(b, x, "rank", json_integer((json_int_t)k->rows[i].rank));
		put(b, x, "resolution", resolution_json(b, &k->rows[i].vs_above));
		push(b, a, x);
	}
	put(b, o, "ranking", a);
	if (k->has_ram) {
		x = json_object();
		put(b, x, "placement", name_or_null(r, k->ram));
		put(b, x, "wall_s", jdbl(k->ram_wall_s));
	} else {
		x = json_null();
	}
	put(b, o, "ram", x);
	if (k->start_vs_end.have) {
		x = json_object();
		put(b, x, "ratio", jdbl(k->start_vs_end.ratio));
		put(b, x, "resolvable", json_boolean(k->start_vs_end.resolvable));
		put(b, x, "runs", json_integer((json_int_t)k->start_vs_end.min_runs));
		put(b, x, "resolution_pct",
		    k->start_vs_end.min_runs >= 2 ? jdbl(k->start_vs_end.resolution_pct)
						  : json_null());
		put(b, x, "resolution", resolution_json(b, &k->start_vs_end.resolution));
	} else {
		x = json_null();
	}
	put(b, o, "start_vs_end", x);
	put(b, o, "page_cluster",
	    f->build_page_cluster >= 0 ? json_integer(f->build_page_cluster) : json_null());
	a = json_array();
	for (size_t i = 0; i < f->n_build_not_ok; i++) {
		const struct sp_scenario_build *sb =
		    &r->results[f->build_not_ok[i]].scenarios.build;

		x = json_object();
		put(b, x, "placement", name_or_null(r, f->build_not_ok[i]));
		put(b, x, "status", json_string(sp_status_name(sb->status)));
		put(b, x, "reason", jstr(sb->reason, sizeof(sb->reason)));
		push(b, a, x);
	}
	put(b, o, "not_ok", a);
	return o;
}

/* analysis.service: per case, the best placement with swap and the no-swap baseline; null:
 * the scenario did not run */
static json_t *service_json(struct jb *b, const struct sp_report *r, const struct sp_findings *f)
{
	json_t *o, *a, *x, *v;

	if (!f->has_service)
		return json_null();
	o = json_object();
	a = json_array();
	for (int k = 0; k < SP_SVC_N_CASES; k++) {
		const struct sp_service_finding *sf = &f->service[k];
		const struct sp_service_case *c;

		if (!sf->have)
			continue;
		x = json_object();
		put(b, x, "case", json_string(sp_service_case_name((enum sp_service_case_kind)k)));
		put(b, x, "best", name_or_null(r, sf->best));
		if (sf->best >= 0) {
			c = &r->results[sf->best].scenarios.service.cases[sf->best_case];
			put(b, x, "best_failed", ju64(c->failed));
			put(b, x, "best_oom_kills", ju64(c->oom_kills));
			put(b, x, "best_p95_ms", jdbl(c->p95_ms));
			put(b, x, "best_top_speed_per_s", jdbl(c->top_speed_per_s));
			put(b, x, "runner_up", name_or_null(r, sf->runner_up));
			put(b, x, "resolution", resolution_json(b, &sf->res));
		}
		put(b, x, "none", name_or_null(r, sf->none));
		if (sf->none >= 0) {
			c = &r->results[sf->none].scenarios.service.cases[sf->none_case];
			put(b, x, "none_sent", ju64(c->sent));
			put(b, x, "none_failed", ju64(c->failed));
			put(b, x, "none_oom_kills", ju64(c->oom_kills));
			v = json_array();
			for (size_t i = 0; i < c->n_oom_victims && i < SP_SERVICE_MAX_VICTIMS; i++)
				push(b, v, jstr(c->oom_victims[i], sizeof(c->oom_victims[i])));
			put(b, x, "none_oom_victims", v);
			put(b, x, "none_p95_ms", jdbl(c->p95_ms));
		}
		push(b, a, x);
	}
	put(b, o, "cases", a);
	return o;
}

/* a pool size, or null for none */
static json_t *pct_or_null(int have, double pct)
{
	return have ? jdbl(pct) : json_null();
}

/* analysis.cache: the double-caching trap per placement that ran the scenario; null: none */
static json_t *cache_json(struct jb *b, const struct sp_report *r, const struct sp_findings *f)
{
	json_t *o, *a, *x;

	if (!f->has_cache)
		return json_null();
	o = json_object();
	a = json_array();
	for (size_t i = 0; i < f->n_cache; i++) {
		const struct sp_cache_finding *cf = &f->cache[i];
		const struct sp_scenario_cache *s = &r->results[cf->result].scenarios.cache;

		x = json_object();
		put(b, x, "placement", name_or_null(r, cf->result));
		put(b, x, "cases_ok", json_integer((json_int_t)cf->n_ok));
		put(b, x, "cases_measured", json_integer((json_int_t)cf->trap.n_measured));
		put(b, x, "swaps_own_cache", json_boolean(cf->trap.found));
		put(b, x, "trap_cache_pct", pct_or_null(cf->trap.found, cf->trap.cache_pct));
		put(b, x, "trap_swapin_pages_per_s",
		    cf->trap_case >= 0 ? jdbl(s->cases[cf->trap_case].swapin_pages_per_s)
				       : json_null());
		put(b, x, "clean_cache_pct", pct_or_null(cf->clean_case >= 0, cf->trap.clean_pct));
		put(b, x, "ops_ratio",
		    cf->clean_case >= 0 && cf->trap.ops_ratio > 0 ? jdbl(cf->trap.ops_ratio)
								  : json_null());
		put(b, x, "oom_cache_pct", pct_or_null(cf->oom_pct > 0, cf->oom_pct));
		push(b, a, x);
	}
	put(b, o, "placements", a);
	put(b, o, "lead",
	    name_or_null(r, f->cache_lead >= 0 ? f->cache[f->cache_lead].result : -1));
	put(b, o, "swapping", json_integer((json_int_t)f->n_cache_swapping));
	put(b, o, "trapped", json_integer((json_int_t)f->n_cache_trapped));
	return o;
}

/* analysis.gc: placements by p99 pause, the best disk vs the best zram; null: it did not run */
static json_t *gc_json(struct jb *b, const struct sp_report *r, const struct sp_findings *f)
{
	const struct sp_gc_finding *g = &f->gc;
	json_t *o, *a, *x;
	double best;

	if (!f->has_gc)
		return json_null();
	o = json_object();
	a = json_array();
	best = g->n_ranked ? r->results[g->ranked[0]].scenarios.gc.p99_pause_ms : 0;
	for (size_t i = 0; i < g->n_ranked; i++) {
		const struct sp_scenario_gc *s = &r->results[g->ranked[i]].scenarios.gc;

		x = json_object();
		put(b, x, "placement", name_or_null(r, g->ranked[i]));
		put(b, x, "p99_pause_ms", jdbl(s->p99_pause_ms));
		put(b, x, "ratio_to_best", best > 0 ? jdbl(s->p99_pause_ms / best) : json_null());
		put(b, x, "faults_in_pauses", ju64(s->faults_in_pauses));
		push(b, a, x);
	}
	put(b, o, "ranking", a);
	put(b, o, "disk", name_or_null(r, g->best_disk));
	put(b, o, "zram", name_or_null(r, g->best_zram));
	put(b, o, "disk_vs_zram_ratio",
	    g->disk_zram_ratio > 0 ? jdbl(g->disk_zram_ratio) : json_null());
	put(b, o, "disk_vs_zram_resolution", resolution_json(b, &g->disk_zram));
	put(b, o, "none", name_or_null(r, g->none));
	put(b, o, "none_oom_killed",
	    g->none >= 0 ? json_boolean(r->results[g->none].scenarios.gc.oom_killed) : json_null());
	a = json_array();
	for (size_t i = 0; i < g->n_not_ok; i++) {
		const struct sp_scenario_gc *s = &r->results[g->not_ok[i]].scenarios.gc;

		x = json_object();
		put(b, x, "placement", name_or_null(r, g->not_ok[i]));
		put(b, x, "status", json_string(sp_status_name(s->status)));
		put(b, x, "reason", jstr(s->reason, sizeof(s->reason)));
		push(b, a, x);
	}
	put(b, o, "not_ok", a);
	return o;
}

/* analysis.sweeps: per knob, each line's figure per value and whether they differed by more
 * than the spread (core/scenario/sweep.h); [] without --sweep */
static json_t *sweeps_json(struct jb *b, const struct sp_findings *f)
{
	json_t *a = json_array(), *o, *lines, *x, *m;

	for (size_t i = 0; i < f->sweep.n_knobs; i++) {
		const struct sp_sweep_knob_finding *k = &f->sweep.knobs[i];

		o = json_object();
		put(b, o, "knob", json_string(sp_knob_name(k->knob)));
		m = json_array();
		for (size_t v = 0; v < k->n_values; v++)
			push(b, m, json_integer(k->values[v]));
		put(b, o, "values", m);
		put(b, o, "runs", json_integer((json_int_t)k->rounds));
		lines = json_array();
		for (size_t l = 0; l < k->n_lines; l++) {
			const struct sp_sweep_line *ln = &k->lines[l];

			x = json_object();
			put(b, x, "placement", jstr(ln->placement, sizeof(ln->placement)));
			put(b, x, "line", jstr(ln->line, sizeof(ln->line)));
			put(b, x, "figure", json_string(ln->figure ? ln->figure : "?"));
			put(b, x, "higher_is_better", json_boolean(ln->higher_better));
			m = json_array();
			for (size_t v = 0; v < k->n_values; v++)
				push(b, m, jdbl(ln->median[v]));
			put(b, x, "medians", m);
			put(b, x, "compared", json_boolean(ln->compared));
			put(b, x, "diff_pct", ln->compared ? jdbl(ln->diff_pct) : json_null());
			put(b, x, "spread_pct", jdbl(ln->spread_pct));
			put(b, x, "resolved", json_boolean(ln->resolved));
			put(b, x, "resolution", resolution_json(b, &ln->res));
			push(b, lines, x);
		}
		put(b, o, "lines", lines);
		put(b, o, "compared", json_integer((json_int_t)k->n_compared));
		put(b, o, "resolved", json_integer((json_int_t)k->n_resolved));
		push(b, a, o);
	}
	return a;
}

/* one choice of the advice: {basis, advised, placement, against, figure, against_figure, unit,
 * by_counts, resolution, reason} */
static json_t *choice_json(struct jb *b, const struct sp_report *r,
			   const struct sp_advice_choice *c)
{
	json_t *o = json_object();

	put(b, o, "basis", json_string(sp_advice_basis_name(c->basis)));
	put(b, o, "advised", json_boolean(c->on));
	put(b, o, "placement", name_or_null(r, c->result));
	put(b, o, "against", name_or_null(r, c->other));
	put(b, o, "figure", c->unit && c->result >= 0 ? jdbl(c->fig) : json_null());
	put(b, o, "against_figure", c->unit && c->other >= 0 ? jdbl(c->other_fig) : json_null());
	put(b, o, "unit", c->unit ? json_string(c->unit) : json_null());
	put(b, o, "by_counts", json_boolean(c->by_counts));
	put(b, o, "resolution", resolution_json(b, &c->res));
	put(b, o, "reason", jstr(c->reason, sizeof(c->reason)));
	return o;
}

/* "What to set up" for the report's first workload (core/findings/advise.h); null without one */
static json_t *advice_json(struct jb *b, const struct sp_report *r, const struct sp_findings *f)
{
	struct sp_advice *a;
	enum sp_workload w;
	json_t *o, *x;

	if (sp_advice_default_workload(f, &w) < 0)
		return json_null();
	a = malloc(sizeof(*a));
	if (!a || sp_advise(r, f, w, a) < 0) {
		free(a);
		b->bad = 1;
		return NULL;
	}
	o = json_object();
	put(b, o, "workload", json_string(sp_workload_name(w)));
	put(b, o, "no_swap", json_boolean(a->none));
	x = choice_json(b, r, &a->swap);
	put(b, x, "device",
	    a->swap.on ? jstr(a->swap_device, sizeof(a->swap_device)) : json_null());
	put(b, x, "priority", a->swap.on ? json_integer(a->swap_priority) : json_null());
	put(b, x, "make_file", json_boolean(a->swap.on && a->swap_is_file));
	put(b, o, "swap_area", x);
	x = choice_json(b, r, &a->zram);
	put(b, x, "size_bytes", a->zram.on ? ju64(a->zram_size_bytes) : json_null());
	put(b, x, "priority", a->zram.on ? json_integer(a->zram_priority) : json_null());
	put(b, o, "zram", x);
	x = choice_json(b, r, &a->compressor);
	put(b, x, "algorithm", a->compressor.on ? json_string(a->zram_alg) : json_null());
	put(b, o, "compressor", x);
	x = choice_json(b, r, &a->swappiness);
	put(b, x, "value", a->swappiness.on ? json_integer(a->swappiness_value) : json_null());
	put(b, o, "swappiness", x);
	x = choice_json(b, r, &a->page_cluster);
	put(b, x, "value", a->page_cluster.on ? json_integer(a->page_cluster_value) : json_null());
	put(b, o, "page_cluster", x);
	x = choice_json(b, r, &a->zswap);
	put(b, x, "compressor", a->zswap.on ? json_string(a->zswap_alg) : json_null());
	put(b, o, "zswap", x);
	put(b, o, "note", a->note[0] ? jstr(a->note, sizeof(a->note)) : json_null());
	free(a);
	return o;
}

static json_t *analysis_json(struct jb *b, const struct sp_report *r, const struct sp_findings *f)
{
	json_t *o = json_object(), *a, *x;
	char s[1024];

	a = json_array();
	for (size_t i = 0; i < f->n_ranked; i++) {
		int k = f->ranked[i];
		const struct sp_lat_summary *l = &r->results[k].fault_probe.lat;

		x = json_object();
		put(b, x, "placement", name_or_null(r, k));
		put(b, x, "p50_us", jdbl(l->p50_us));
		put(b, x, "p50_ci_lo_us", jdbl(l->p50_ci_lo_us));
		put(b, x, "p50_ci_hi_us", jdbl(l->p50_ci_hi_us));
		put(b, x, "ratio_to_best", jdbl(f->ratio_to_best[i]));
		put(b, x, "device_floor_ratio",
		    f->floor_ratio[k] > 0 ? jdbl(f->floor_ratio[k]) : json_null());
		push(b, a, x);
	}
	put(b, o, "ranking", a);
	put(b, o, "best", name_or_null(r, f->best));
	put(b, o, "best_vs_next", resolution_json(b, &f->best_next.res));

	if (f->start_end.have) {
		x = json_object();
		put(b, x, "ratio", jdbl(f->start_end.ratio));
		put(b, x, "ci_overlap", json_boolean(f->start_end.ci_overlap));
		put(b, x, "resolution", resolution_json(b, &f->start_end.res));
	} else {
		x = json_null();
	}
	put(b, o, "start_vs_end", x);

	if (f->file >= 0) {
		x = json_object();
		put(b, x, "extents", json_integer((json_int_t)f->file_extents));
		put(b, x, "region", json_string(sp_region_name(f->file_region)));
		put(b, x, "position_lo", jdbl(f->file_pos_lo));
		put(b, x, "position_mid", jdbl(f->file_pos_mid));
		put(b, x, "position_hi", jdbl(f->file_pos_hi));
		put(b, x, "penalty_pct",
		    f->file_start.have ? jdbl(f->file_penalty_pct) : json_null());
		put(b, x, "ci_overlap", json_boolean(f->file_start.ci_overlap));
		put(b, x, "resolution", resolution_json(b, &f->file_start.res));
	} else {
		x = json_null();
	}
	put(b, o, "file", x);

	if (f->best_zram >= 0 && f->best_disk >= 0) {
		x = json_object();
		put(b, x, "zram", name_or_null(r, f->best_zram));
		put(b, x, "disk", name_or_null(r, f->best_disk));
		put(b, x, "ratio", jdbl(f->zram_disk_ratio));
	} else {
		x = json_null();
	}
	put(b, o, "zram_vs_disk", x);

	if (f->none >= 0) {
		x = json_object();
		put(b, x, "none_oom_killed", json_boolean(f->none_oom_killed));
		put(b, x, "none_touches_per_s", jdbl(f->none_touches_per_s));
		put(b, x, "best", name_or_null(r, f->best_pressure));
		put(b, x, "best_touches_per_s", jdbl(f->best_pressure_touches_per_s));
		put(b, x, "ratio", f->pressure_ratio > 0 ? jdbl(f->pressure_ratio) : json_null());
	} else {
		x = json_null();
	}
	put(b, o, "pressure", x);

	a = json_array();
	for (size_t i = 0; i < f->n_not_ok; i++) {
		const struct sp_result *res = &r->results[f->not_ok[i]];

		x = json_object();
		put(b, x, "placement", name_or_null(r, f->not_ok[i]));
		put(b, x, "status", json_string(sp_status_name(res->status)));
		put(b, x, "reason", jstr(res->reason, sizeof(res->reason)));
		push(b, a, x);
	}
	put(b, o, "not_ok", a);

	x = json_object();
	put(b, x, "pages_checked", ju64(f->pages_checked));
	put(b, x, "mismatches", ju64(f->mismatches));
	a = json_array();
	for (size_t i = 0; i < f->n_mismatched; i++)
		push(b, a, name_or_null(r, f->mismatched[i]));
	put(b, x, "mismatched", a);
	put(b, o, "integrity", x);

	x = json_object();
	put(b, x, "data_ratio", f->data_ratio > 0 ? jdbl(f->data_ratio) : json_null());
	put(b, x, "zram_ratio", f->zram_ratio > 0 ? jdbl(f->zram_ratio) : json_null());
	put(b, o, "compression", x);

	put(b, o, "build", build_json(b, r, f));
	put(b, o, "service", service_json(b, r, f));
	put(b, o, "cache", cache_json(b, r, f));
	put(b, o, "gc", gc_json(b, r, f));
	put(b, o, "sweeps", sweeps_json(b, f));

	a = json_array();
	for (size_t i = 0; i < f->n_verdict; i++) {
		if (sp_verdict_sentence(r, f, f->verdict[i], s, sizeof(s)) < 0)
			continue;
		x = json_object();
		put(b, x, "kind", json_string(sp_verdict_kind_name(f->verdict[i])));
		put(b, x, "text", jstr(s, sizeof(s)));
		push(b, a, x);
	}
	put(b, o, "verdict", a);
	put(b, o, "advice", advice_json(b, r, f));
	return o;
}

json_t *sp_report_json_tree(const struct sp_report *r, const struct sp_findings *f)
{
	struct jb b = {0};
	json_t *o = obj_from(&b, sp_schema_report, r);

	put(&b, o, "analysis", analysis_json(&b, r, f));
	if (o && r->n_order_rounds && r->n_order_rounds <= SP_BUILD_MAX_RUNS) {
		/* --repeat's counterbalanced order: per round, the placements as they ran */
		json_t *rounds = json_array();

		for (size_t k = 0; k < r->n_order_rounds; k++) {
			json_t *one = json_array();

			for (size_t j = 0; j < r->n_order_per_round && j < SP_MAX_RESULTS; j++) {
				size_t i = r->repeat_order[k][j];

				push(&b, one,
				     i < r->n_results ? jstr(r->results[i].placement,
							     sizeof(r->results[i].placement))
						      : json_null());
			}
			push(&b, rounds, one);
		}
		put(&b, o, "repeat_order", rounds);
	}
	if (b.bad || !o) {
		json_decref(o);
		return NULL;
	}
	return o;
}
