/*
 * advise.c - the setup a report supports for one workload (see advise.h): each choice from a
 * comparison the findings made, with that comparison's resolution and the figures behind it,
 * or the documented default (docs/advise.md) where nothing was resolved, said so.
 *
 * The comparisons, per workload:
 *   build   the ranking by wall time (core/scenario/scenario.h): a row is ahead of another
 *           when their ranks differ, that is when a step of the table between them resolved;
 *           the step that separates them is the resolution quoted.
 *   service the deciding case (the spike, else cold, hot, fits): its best placement against
 *           the runner-up (the findings' apart: counts, else the paired p95 test); no swap
 *           against the best with swap in every case, counts first, then the same test.
 *   gc      the findings' disk against zram p99 pause (resolved or not); nothing else is
 *           compared, so the disk area is the default.
 *   cache   the findings compare no placements: every choice is the default.
 * A sweep's line (core/findings/sweep_findings.h) of the chosen placement and the workload
 * gives vm.swappiness and vm.page-cluster when it resolved.
 */
#include "core/findings/advise.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/config/textfmt.h"
#include "core/config/units.h"
#include "core/plan/placements.h"
#include "core/scenario/service.h"
#include "core/scenario/sweep.h"

static const char *const wl_names[SP_WL_N] = {"build", "service", "cache", "gc"};

const char *sp_workload_name(enum sp_workload w)
{
	return (unsigned)w < SP_WL_N ? wl_names[w] : "?";
}

int sp_workload_parse(const char *s, enum sp_workload *out)
{
	for (int i = 0; s && i < SP_WL_N; i++)
		if (!strcmp(s, wl_names[i])) {
			*out = (enum sp_workload)i;
			return 0;
		}
	return -EINVAL;
}

const char *sp_advice_basis_name(enum sp_advice_basis b)
{
	return b == SP_ADV_MEASURED ? "measured" : b == SP_ADV_DEFAULT ? "default" : "keep";
}

int sp_advice_default_workload(const struct sp_findings *f, enum sp_workload *out)
{
	if (!f || !out)
		return -EINVAL;
	if (f->has_build && f->build.n)
		*out = SP_WL_BUILD;
	else if (f->has_service)
		*out = SP_WL_SERVICE;
	else if (f->has_cache)
		*out = SP_WL_CACHE;
	else if (f->has_gc)
		*out = SP_WL_GC;
	else
		return -ENOENT;
	return 0;
}

void sp_advice_zram_alg(const char *placement, char *buf, size_t len)
{
	const char *p = placement ? strstr(placement, "zram-") : NULL;

	snprintf(buf, len, "%s", p ? p + 5 : "");
}

/* a reason's sentence: vsnprintf, truncated at len (a reason is said, never parsed) */
__attribute__((format(printf, 3, 4))) static void say(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

/* a figure with the decimals its size deserves: "%.*f" with N(v) */
static int prec(double v)
{
	v = fabs(v);
	return v >= 100 ? 0 : v >= 10 ? 1 : 2;
}
#define N(v) prec(v), (v)

static void choice_init(struct sp_advice_choice *c)
{
	memset(c, 0, sizeof(*c));
	c->result = c->other = -1;
	c->basis = SP_ADV_DEFAULT;
}

static const char *pname(const struct sp_report *r, int i)
{
	return i >= 0 && (size_t)i < r->n_results ? r->results[i].placement : "?";
}

static enum sp_placement_kind kind(const struct sp_report *r, int i)
{
	return r->results[i].id.kind;
}

static int is_disk(const struct sp_report *r, int i)
{
	return i >= 0 && sp_placement_on_disk(kind(r, i));
}

static int is_zram(const struct sp_report *r, int i)
{
	return i >= 0 && kind(r, i) == SP_PL_ZRAM;
}

/* The resolution's tail ("p 0.016, 6 rounds, ...", "not resolved: ..."), or counts. */
static void res_tail(const struct sp_advice_choice *c, char *buf, size_t len)
{
	if (c->by_counts)
		snprintf(buf, len, "by failed requests and OOM kills, counted");
	else if (c->res.have)
		sp_resolution_phrase(&c->res, "rounds", buf, len);
	else
		snprintf(buf, len, "no comparison was made");
}

/* ---- the comparisons each workload offers ---- */

/*
 * The workload's verdicts in one shape: the winner and what it was compared with, zram's best
 * against the best disk placement, the best disk against the next disk, the best zram against
 * the next zram, and no swap against the best with swap.
 */
struct cmp {
	int a, b; /* a ahead of b when ahead; -1: no such pair */
	int ahead;
	double fa, fb;
	int by_counts;
	uint64_t failed[2], kills[2]; /* the service's counts of a and b */
	struct sp_resolution res;
};

struct verdicts {
	const char *unit;
	struct cmp win;	      /* a: the fastest, b: the next; ahead: resolved */
	struct cmp zram_disk; /* a: best zram, b: best disk; ahead: zram ahead, resolved */
	struct cmp disk_zram; /* a: best disk, b: best zram; ahead: the disk ahead, resolved */
	struct cmp disk_disk; /* a: best disk, b: next disk */
	struct cmp zram_zram; /* a: best zram, b: next zram */
	struct cmp none_swap; /* a: none, b: best with swap; ahead: none ahead */
	int swap_ahead;	      /* swap ahead of none somewhere (it saved requests, a job) */
	int none_case;	      /* service: the case none was ahead in, or -1 */
};

/* the same comparison seen from b's side: b is not ahead of a */
static void cmp_flip(struct cmp *c)
{
	int t = c->a;
	double f = c->fa;
	uint64_t u;

	c->a = c->b, c->b = t;
	c->fa = c->fb, c->fb = f;
	u = c->failed[0], c->failed[0] = c->failed[1], c->failed[1] = u;
	u = c->kills[0], c->kills[0] = c->kills[1], c->kills[1] = u;
	c->ahead = 0;
}

static void cmp_clear(struct cmp *c)
{
	memset(c, 0, sizeof(*c));
	c->a = c->b = -1;
}

/* build: the rows of the ranking; the step that separates row i from row j (i < j) */
static void build_cmp(const struct sp_build_ranking *b, size_t i, size_t j, struct cmp *c)
{
	size_t k = j;

	c->a = b->rows[i].result;
	c->b = b->rows[j].result;
	c->fa = b->rows[i].wall_s;
	c->fb = b->rows[j].wall_s;
	c->ahead = b->rows[i].rank < b->rows[j].rank;
	if (c->ahead)
		while (k > i + 1 && b->rows[k - 1].rank == b->rows[j].rank)
			k--;
	c->res = b->rows[k].vs_above;
}

static void build_verdicts(const struct sp_report *r, const struct sp_findings *f,
			   struct verdicts *v)
{
	const struct sp_build_ranking *b = &f->build;
	int z = -1, z2 = -1, d = -1, d2 = -1, none = -1, s = -1;

	v->unit = "s";
	if (b->n >= 2)
		build_cmp(b, 0, 1, &v->win);
	else if (b->n == 1) {
		v->win.a = b->rows[0].result;
		v->win.fa = b->rows[0].wall_s;
	}
	for (size_t k = 0; k < b->n; k++) {
		int i = b->rows[k].result;

		if (is_zram(r, i))
			z < 0 ? (void)(z = (int)k) : z2 < 0 ? (void)(z2 = (int)k) : (void)0;
		else if (is_disk(r, i))
			d < 0 ? (void)(d = (int)k) : d2 < 0 ? (void)(d2 = (int)k) : (void)0;
		if (kind(r, i) == SP_PL_NONE && none < 0)
			none = (int)k;
		else if (kind(r, i) != SP_PL_NONE && s < 0)
			s = (int)k;
	}
	if (z >= 0 && d >= 0) {
		build_cmp(b, (size_t)(z < d ? z : d), (size_t)(z < d ? d : z),
			  z < d ? &v->zram_disk : &v->disk_zram);
		/* the other direction: never ahead */
		if (z < d) {
			v->disk_zram = v->zram_disk;
			cmp_flip(&v->disk_zram);
		} else {
			v->zram_disk = v->disk_zram;
			cmp_flip(&v->zram_disk);
		}
	} else if (z >= 0) {
		v->zram_disk.a = b->rows[z].result;
		v->zram_disk.fa = b->rows[z].wall_s;
	}
	if (d >= 0 && d2 >= 0)
		build_cmp(b, (size_t)d, (size_t)d2, &v->disk_disk);
	else if (d >= 0) {
		v->disk_disk.a = b->rows[d].result;
		v->disk_disk.fa = b->rows[d].wall_s;
	}
	if (z >= 0 && z2 >= 0)
		build_cmp(b, (size_t)z, (size_t)z2, &v->zram_zram);
	else if (z >= 0)
		v->zram_zram.a = b->rows[z].result;
	if (none >= 0 && s >= 0) {
		struct cmp c;

		cmp_clear(&c);
		build_cmp(b, (size_t)(none < s ? none : s), (size_t)(none < s ? s : none), &c);
		v->none_swap = c;
		if (none > s) { /* swap first: none behind */
			v->swap_ahead = c.ahead;
			cmp_flip(&v->none_swap);
		}
	} else if (s >= 0) {
		/* none ran the job and did not finish it: swap kept the job alive */
		for (size_t i = 0; i < f->n_build_not_ok; i++)
			if (kind(r, f->build_not_ok[i]) == SP_PL_NONE) {
				v->swap_ahead = 1;
				v->none_swap.a = f->build_not_ok[i];
				v->none_swap.b = b->rows[s].result;
				v->none_swap.by_counts = 1;
			}
	}
}

static const struct sp_service_case *svc_case(const struct sp_report *r, int i, int c)
{
	return &r->results[i].scenarios.service.cases[c];
}

/* the index of case k in result i's cases, or -1 */
static int svc_case_of(const struct sp_report *r, int i, enum sp_service_case_kind k)
{
	const struct sp_scenario_service *s = &r->results[i].scenarios.service;

	for (size_t c = 0; c < s->n_cases && c < SP_SVC_N_CASES; c++)
		if (!strcmp(s->cases[c].name, sp_service_case_name(k)))
			return (int)c;
	return -1;
}

/*
 * a ahead of b in one service case, as the findings decide it (case_apart in analysis.c):
 * fewer failed requests or OOM kills, counted; else a lower p95 by the paired test over runs.
 */
static void svc_cmp(const struct sp_report *r, int a, int ca, int b, int cb, struct cmp *c)
{
	const struct sp_service_case *x = svc_case(r, a, ca), *y = svc_case(r, b, cb);
	size_t n = x->n_runs < y->n_runs ? x->n_runs : y->n_runs;

	cmp_clear(c);
	c->a = a, c->b = b;
	c->fa = x->p95_ms, c->fb = y->p95_ms;
	c->failed[0] = x->failed, c->failed[1] = y->failed;
	c->kills[0] = x->oom_kills, c->kills[1] = y->oom_kills;
	if (x->failed != y->failed || x->oom_kills != y->oom_kills) {
		c->by_counts = 1;
		c->ahead = sp_service_case_worse(y, x);
		return;
	}
	if (n > SP_SERVICE_MAX_RUNS)
		n = SP_SERVICE_MAX_RUNS;
	if (n)
		sp_resolve_pairs(x->p95_ms_runs, y->p95_ms_runs, n, r->min_effect_pct, &c->res);
	c->ahead = c->res.resolved && c->res.diff_pct > 0;
}

/* the findings' own best against runner-up of a case, as a cmp */
static void svc_finding_cmp(const struct sp_report *r, const struct sp_service_finding *sf,
			    struct cmp *c)
{
	cmp_clear(c);
	c->a = sf->best;
	c->b = sf->runner_up;
	if (sf->best >= 0) {
		c->fa = svc_case(r, sf->best, sf->best_case)->p95_ms;
		c->failed[0] = svc_case(r, sf->best, sf->best_case)->failed;
		c->kills[0] = svc_case(r, sf->best, sf->best_case)->oom_kills;
	}
	if (sf->runner_up >= 0) {
		c->fb = svc_case(r, sf->runner_up, sf->runner_up_case)->p95_ms;
		c->failed[1] = svc_case(r, sf->runner_up, sf->runner_up_case)->failed;
		c->kills[1] = svc_case(r, sf->runner_up, sf->runner_up_case)->oom_kills;
	}
	c->ahead = sf->apart;
	c->by_counts = sf->by_counts;
	c->res = sf->res;
}

static const enum sp_service_case_kind svc_order[] = {SP_SVC_SPIKE, SP_SVC_COLD, SP_SVC_HOT,
						      SP_SVC_FITS};

static int svc_deciding(const struct sp_findings *f)
{
	for (size_t k = 0; k < sizeof(svc_order) / sizeof(svc_order[0]); k++)
		if (f->service[svc_order[k]].have && f->service[svc_order[k]].best >= 0)
			return (int)svc_order[k];
	return -1;
}

static void service_verdicts(const struct sp_report *r, const struct sp_findings *f,
			     struct verdicts *v)
{
	int k = svc_deciding(f);
	const struct sp_service_finding *sf;
	int kk;

	v->unit = "ms";
	if (k < 0)
		return;
	sf = &f->service[k];
	kk = sf->best_case;
	svc_finding_cmp(r, sf, &v->win);
	/* the best of each kind in this case, by the findings' order of cases */
	{
		int z = -1, z2 = -1, d = -1, d2 = -1;

		for (size_t i = 0; i < r->n_results; i++) {
			int c = svc_case_of(r, (int)i, (enum sp_service_case_kind)k);
			int *first = is_zram(r, (int)i) ? &z : is_disk(r, (int)i) ? &d : NULL;
			int *second = first == &z ? &z2 : &d2;

			if (c < 0 || !first)
				continue;
			if (*first < 0 ||
			    sp_service_case_worse(
				svc_case(r, *first,
					 svc_case_of(r, *first, (enum sp_service_case_kind)k)),
				svc_case(r, (int)i, c))) {
				*second = *first;
				*first = (int)i;
			} else if (*second < 0 ||
				   sp_service_case_worse(
				       svc_case(
					   r, *second,
					   svc_case_of(r, *second, (enum sp_service_case_kind)k)),
				       svc_case(r, (int)i, c))) {
				*second = (int)i;
			}
		}
#define CASE(i) svc_case_of(r, (i), (enum sp_service_case_kind)k)
		if (z >= 0 && d >= 0) {
			svc_cmp(r, z, CASE(z), d, CASE(d), &v->zram_disk);
			svc_cmp(r, d, CASE(d), z, CASE(z), &v->disk_zram);
		} else if (z >= 0) {
			cmp_clear(&v->zram_disk);
			v->zram_disk.a = z;
		}
		if (d >= 0 && d2 >= 0)
			svc_cmp(r, d, CASE(d), d2, CASE(d2), &v->disk_disk);
		else if (d >= 0)
			v->disk_disk.a = d;
		if (z >= 0 && z2 >= 0)
			svc_cmp(r, z, CASE(z), z2, CASE(z2), &v->zram_zram);
		else if (z >= 0)
			v->zram_zram.a = z;
#undef CASE
	}
	(void)kk;
	/* no swap against the best with swap, case by case */
	for (int c = 0; c < SP_SVC_N_CASES; c++) {
		const struct sp_service_finding *s = &f->service[c];
		struct cmp x;

		if (s->none < 0 || s->best < 0)
			continue;
		svc_cmp(r, s->none, s->none_case, s->best, s->best_case, &x);
		if (x.ahead && v->none_case < 0) {
			v->none_swap = x;
			v->none_case = c;
		}
		svc_cmp(r, s->best, s->best_case, s->none, s->none_case, &x);
		if (x.ahead && !v->swap_ahead) {
			v->swap_ahead = 1;
			if (v->none_case < 0) {
				/* kept as none against swap, for the sentence */
				v->none_swap = x;
				cmp_flip(&v->none_swap);
			}
		}
	}
}

static void gc_verdicts(const struct sp_report *r, const struct sp_findings *f, struct verdicts *v)
{
	const struct sp_gc_finding *g = &f->gc;

	v->unit = "ms";
	if (g->n_ranked) {
		v->win.a = g->ranked[0];
		v->win.fa = r->results[g->ranked[0]].scenarios.gc.p99_pause_ms;
		if (g->n_ranked > 1) {
			v->win.b = g->ranked[1];
			v->win.fb = r->results[g->ranked[1]].scenarios.gc.p99_pause_ms;
		}
	}
	if (g->best_disk >= 0 && g->best_zram >= 0) {
		struct cmp *zd = &v->zram_disk, *dz = &v->disk_zram;

		zd->a = dz->b = g->best_zram;
		zd->b = dz->a = g->best_disk;
		zd->fa = dz->fb = r->results[g->best_zram].scenarios.gc.p99_pause_ms;
		zd->fb = dz->fa = r->results[g->best_disk].scenarios.gc.p99_pause_ms;
		zd->res = dz->res = g->disk_zram; /* the disk's p99 over zram's */
		zd->ahead = g->disk_zram.resolved && g->disk_zram.diff_pct > 0;
		dz->ahead = g->disk_zram.resolved && g->disk_zram.diff_pct < 0;
	} else if (g->best_zram >= 0) {
		v->zram_disk.a = g->best_zram;
	}
	/* the findings compare no two disks' pauses: a second disk leaves the area unresolved */
	if (g->best_disk >= 0) {
		v->disk_disk.a = g->best_disk;
		v->disk_disk.fa = r->results[g->best_disk].scenarios.gc.p99_pause_ms;
		for (size_t k = 0; k < g->n_ranked; k++)
			if (g->ranked[k] != g->best_disk && is_disk(r, g->ranked[k])) {
				v->disk_disk.b = g->ranked[k];
				v->disk_disk.fb =
				    r->results[g->ranked[k]].scenarios.gc.p99_pause_ms;
				break;
			}
	}
	if (g->best_zram >= 0)
		v->zram_zram.a = g->best_zram;
}

/* ---- the choices ---- */

static void set_fig(struct sp_advice_choice *ch, const struct cmp *c, const char *unit)
{
	ch->result = c->a;
	ch->other = c->b;
	ch->fig = c->fa;
	ch->other_fig = c->fb;
	ch->unit = unit;
	ch->by_counts = c->by_counts;
	ch->failed = c->failed[0], ch->other_failed = c->failed[1];
	ch->kills = c->kills[0], ch->other_kills = c->kills[1];
	ch->res = c->res;
}

static const char *figure_name(enum sp_workload w)
{
	return w == SP_WL_BUILD ? "the job's wall time"
	       : w == SP_WL_GC	? "the p99 GC pause"
				: "the service's p95";
}

/* "the job's wall time 41.2 s against 47.9 s on end (p 0.016, ...)" */
static void cmp_sentence(const struct sp_report *r, enum sp_workload w,
			 const struct sp_advice_choice *c, char *buf, size_t len)
{
	char tail[200];

	res_tail(c, tail, sizeof(tail));
	if (c->by_counts && w == SP_WL_SERVICE && c->result >= 0 && c->other >= 0) {
		say(buf, len,
		    "%llu failed requests and %llu OOM kills on %s against %llu and %llu on %s "
		    "(p95 %.*f ms against %.*f ms; counts decide first)",
		    (unsigned long long)c->failed, (unsigned long long)c->kills,
		    pname(r, c->result), (unsigned long long)c->other_failed,
		    (unsigned long long)c->other_kills, pname(r, c->other), N(c->fig),
		    N(c->other_fig));
		return;
	}
	if (c->result < 0) {
		snprintf(buf, len, "nothing was measured");
		return;
	}
	if (c->other < 0) {
		snprintf(buf, len, "%s %.*f %s on %s, with nothing to compare it with",
			 figure_name(w), N(c->fig), c->unit ? c->unit : "", pname(r, c->result));
		return;
	}
	say(buf, len, "%s %.*f %s on %s against %.*f %s on %s (%s)", figure_name(w), N(c->fig),
	    c->unit ? c->unit : "", pname(r, c->result), N(c->other_fig), c->unit ? c->unit : "",
	    pname(r, c->other), tail);
}

static void zram_choice(const struct sp_report *r, const struct sp_findings *f,
			const struct verdicts *v, struct sp_advice *a)
{
	struct sp_advice_choice *z = &a->zram;
	char s[400], pp[200] = "";
	uint64_t half = r->machine.ram_bytes / 2;
	char b1[32];

	a->zram_priority = SP_ADVICE_ZRAM_PRIORITY;
	a->zram_size_bytes = half < SP_ADVICE_ZRAM_CAP_BYTES ? half : SP_ADVICE_ZRAM_CAP_BYTES;
	/* per page, from the fault probe: said beside, never the reason */
	if (f->best_zram >= 0 && f->best_disk >= 0 && f->zram_disk_ratio > 0)
		snprintf(pp, sizeof(pp),
			 "; per page, %s's swap-in median was %.*f us against %.*f us on %s",
			 pname(r, f->best_zram), N(r->results[f->best_zram].fault_probe.lat.p50_us),
			 N(r->results[f->best_disk].fault_probe.lat.p50_us),
			 pname(r, f->best_disk));
	if (v->zram_disk.a < 0) {
		z->basis = SP_ADV_DEFAULT;
		say(z->reason, sizeof(z->reason),
		    "no zram: the report has no zram placement that ran the %s workload "
		    "(default: zram only where it was measured to help the workload)",
		    sp_workload_name(a->workload));
		return;
	}
	set_fig(z, &v->zram_disk, v->unit);
	cmp_sentence(r, a->workload, z, s, sizeof(s));
	if (a->none) {
		z->basis = SP_ADV_MEASURED;
		say(z->reason, sizeof(z->reason), "no zram: no swap is advised");
	} else if (v->zram_disk.ahead) {
		z->basis = SP_ADV_MEASURED;
		z->on = 1;
		say(z->reason, sizeof(z->reason),
		    "zram in front of the disk: it helped the workload, %s%s; %s of zram "
		    "(zram-generator's own default, min(ram / 2, 4096 MiB), of %s RAM)",
		    s, pp, sp_format_bytes(a->zram_size_bytes, b1, sizeof(b1)),
		    sp_format_bytes(r->machine.ram_bytes, (char[32]){0}, 32));
	} else if (v->zram_disk.b < 0) {
		z->basis = SP_ADV_DEFAULT;
		say(z->reason, sizeof(z->reason),
		    "no zram: %s, and no disk placement ran the workload beside it (default: "
		    "zram only where it was measured to help the workload)",
		    s);
	} else if (v->disk_zram.ahead) {
		z->basis = SP_ADV_MEASURED;
		set_fig(z, &v->disk_zram, v->unit);
		cmp_sentence(r, a->workload, z, s, sizeof(s));
		say(z->reason, sizeof(z->reason), "no zram: it lost on the workload, %s%s", s, pp);
	} else {
		z->basis = SP_ADV_DEFAULT;
		say(z->reason, sizeof(z->reason),
		    "no zram: %s%s; not resolved, so the default: zram only where it was "
		    "measured to help the workload",
		    s, pp);
	}
}

static void compressor_choice(const struct sp_report *r, const struct verdicts *v,
			      struct sp_advice *a)
{
	struct sp_advice_choice *c = &a->compressor;
	char s[400], alg[32];

	if (!a->zram.on) {
		say(c->reason, sizeof(c->reason), "no zram, no compressor");
		return;
	}
	set_fig(c, &v->zram_zram, v->unit);
	sp_advice_zram_alg(pname(r, v->zram_zram.a), alg, sizeof(alg));
	if (v->zram_zram.b < 0) {
		say(c->reason, sizeof(c->reason),
		    "the kernel's default compressor: %s was the only compressor measured, "
		    "so none was compared (default: compression-algorithm left unset)",
		    alg[0] ? alg : "the machine's");
		return;
	}
	cmp_sentence(r, a->workload, c, s, sizeof(s));
	if (v->zram_zram.ahead && alg[0]) {
		c->basis = SP_ADV_MEASURED;
		c->on = 1;
		snprintf(a->zram_alg, sizeof(a->zram_alg), "%s", alg);
		say(c->reason, sizeof(c->reason), "%s: it won the workload, %s", alg, s);
	} else {
		say(c->reason, sizeof(c->reason),
		    "the kernel's default compressor: %s; not resolved (default: "
		    "compression-algorithm left unset)",
		    s);
	}
}

static void area_from(const struct sp_report *r, int i, struct sp_advice *a)
{
	const struct sp_result *res = &r->results[i];

	a->swap_kind = res->id.kind;
	a->swap_size_bytes = res->size_bytes;
	/* the measured file is gone (the run's filesystem, --try's temporary): make one */
	a->swap_is_file = res->id.kind == SP_PL_FILE;
	snprintf(a->swap_device, sizeof(a->swap_device), "%s",
		 a->swap_is_file || !res->device[0] ? "/swapfile" : res->device);
}

static void swap_choice(const struct sp_report *r, const struct verdicts *v, struct sp_advice *a)
{
	struct sp_advice_choice *sw = &a->swap;
	char s[400];

	a->swap_priority = SP_ADVICE_DISK_PRIORITY;
	if (a->none) {
		sw->basis = SP_ADV_MEASURED;
		set_fig(sw, &v->none_swap, v->unit);
		cmp_sentence(r, a->workload, sw, s, sizeof(s));
		say(sw->reason, sizeof(sw->reason),
		    "no swap: it hurt the %s workload%s%s%s: %s; remove the swap areas the "
		    "machine has (swapoff, and their fstab lines)",
		    sp_workload_name(a->workload), v->none_case >= 0 ? " in its " : "",
		    v->none_case >= 0
			? sp_service_case_name((enum sp_service_case_kind)v->none_case)
			: "",
		    v->none_case >= 0 ? " case" : "", s);
		return;
	}
	/* zswap's winning placement is zswap in front of the start partition */
	if (v->win.ahead && v->win.a >= 0 && kind(r, v->win.a) == SP_PL_ZSWAP)
		set_fig(sw, &v->win, v->unit);
	else
		set_fig(sw, &v->disk_disk, v->unit);
	if (sw->result < 0) {
		say(sw->reason, sizeof(sw->reason),
		    "no disk placement ran the %s workload: keep the swap areas the machine has "
		    "(the default: nothing changed without a measurement)",
		    sp_workload_name(a->workload));
		return;
	}
	cmp_sentence(r, a->workload, sw, s, sizeof(s));
	if (kind(r, sw->result) == SP_PL_ZSWAP) {
		int start = -1;

		for (size_t i = 0; i < r->n_results; i++)
			if (kind(r, (int)i) == SP_PL_START && start < 0)
				start = (int)i;
		sw->basis = SP_ADV_MEASURED;
		sw->on = start >= 0;
		if (start >= 0)
			area_from(r, start, a);
		say(sw->reason, sizeof(sw->reason), "%s, behind zswap: %s won the workload, %s",
		    a->swap_device, pname(r, sw->result), s);
		return;
	}
	if (v->disk_disk.ahead || (v->disk_disk.b < 0 && a->zram.on)) {
		sw->basis = SP_ADV_MEASURED;
		sw->on = 1;
		area_from(r, sw->result, a);
		say(sw->reason, sizeof(sw->reason),
		    "%s at priority %d: the fastest disk placement for the workload, %s%s",
		    a->swap_device, a->swap_priority, s,
		    v->disk_disk.b < 0 ? " (the only disk placement, behind zram)" : "");
		return;
	}
	say(sw->reason, sizeof(sw->reason),
	    "keep the swap areas the machine has: %s%s (the default: no area is moved or "
	    "added without a resolved difference)",
	    s, v->disk_disk.b < 0 ? "; only one disk placement ran it" : "");
}

static void zswap_choice(const struct sp_report *r, const struct verdicts *v, struct sp_advice *a)
{
	struct sp_advice_choice *z = &a->zswap;
	int i = v->win.a;

	if (i >= 0 && kind(r, i) == SP_PL_ZSWAP && v->win.ahead && !a->none) {
		const char *alg = r->results[i].zswap.compressor;
		const char *dash = strchr(r->results[i].placement, '-');

		set_fig(z, &v->win, v->unit);
		z->basis = SP_ADV_MEASURED;
		z->on = 1;
		snprintf(a->zswap_alg, sizeof(a->zswap_alg), "%s",
			 alg[0] ? alg
			 : dash ? dash + 1
				: "");
		say(z->reason, sizeof(z->reason), "zswap with %s: its placement won, %s",
		    a->zswap_alg, a->swap.reason);
		return;
	}
	for (size_t k = 0; k < r->n_results; k++)
		if (kind(r, (int)k) == SP_PL_ZSWAP) {
			set_fig(z, &v->win, v->unit);
			say(z->reason, sizeof(z->reason),
			    "zswap left as the machine has it: no zswap placement won the "
			    "workload resolved (the fastest was %s)",
			    pname(r, v->win.a));
			z->basis = SP_ADV_KEEP;
			return;
		}
	z->basis = SP_ADV_KEEP;
	say(z->reason, sizeof(z->reason),
	    "zswap left as the machine has it: no zswap placement was measured");
}

/* the sweep line of placement p and the workload's line ("build", "service spike") */
static const struct sp_sweep_line *sweep_line(const struct sp_findings *f, enum sp_knob k,
					      const char *p, const char *line)
{
	const struct sp_sweep_knob_finding *kf = sp_sweep_finding_of(&f->sweep, k);

	for (size_t i = 0; kf && i < kf->n_lines; i++)
		if (!strcmp(kf->lines[i].placement, p) && !strcmp(kf->lines[i].line, line))
			return &kf->lines[i];
	return NULL;
}

static void knob_choice(const struct sp_report *r, const struct sp_findings *f, enum sp_knob k,
			const char *line, int placement, struct sp_advice_choice *c, int *value,
			int have_machine, int machine)
{
	const struct sp_sweep_knob_finding *kf = sp_sweep_finding_of(&f->sweep, k);
	const struct sp_sweep_line *l =
	    placement >= 0 ? sweep_line(f, k, pname(r, placement), line) : NULL;
	char tail[200], was[64];

	snprintf(was, sizeof(was), have_machine ? "%d" : "unknown", machine);
	c->basis = SP_ADV_KEEP;
	if (!kf || !l) {
		say(c->reason, sizeof(c->reason), "%s left as the machine has it (%s): %s",
		    sp_knob_sysctl(k), was,
		    !kf ? "no sweep measured it"
			: "the sweep did not run it on the chosen placement and workload");
		return;
	}
	c->result = placement;
	c->res = l->res;
	sp_resolution_phrase(&l->res, "rounds", tail, sizeof(tail));
	if (l->resolved && l->lo >= 0 && l->hi >= 0) {
		int best = l->higher_better ? l->hi : l->lo,
		    worst = l->higher_better ? l->lo : l->hi;

		c->basis = SP_ADV_MEASURED;
		c->on = 1;
		*value = kf->values[best];
		c->fig = l->median[best];
		c->other_fig = l->median[worst];
		c->unit = l->unit;
		say(c->reason, sizeof(c->reason),
		    "%s = %d: on %s the %s %s was %.*f %s at %d against %.*f %s at %d (%s)",
		    sp_knob_sysctl(k), *value, pname(r, placement), l->line, l->what,
		    N(l->median[best]), l->unit, kf->values[best], N(l->median[worst]), l->unit,
		    kf->values[worst], tail);
		return;
	}
	say(c->reason, sizeof(c->reason),
	    "%s left as the machine has it (%s): the sweep's values did not differ on %s's "
	    "%s (%s)",
	    sp_knob_sysctl(k), was, pname(r, placement), l->line, tail);
}

static void sysctl_choices(const struct sp_report *r, const struct sp_findings *f,
			   struct sp_advice *a)
{
	char line[32];
	int p = a->zram.on ? a->zram.result : a->swap.result;
	int k = svc_deciding(f), pc = -1;

	if (a->workload == SP_WL_SERVICE && k >= 0)
		snprintf(line, sizeof(line), "service %s",
			 sp_service_case_name((enum sp_service_case_kind)k));
	else
		snprintf(line, sizeof(line), "%s", sp_workload_name(a->workload));
	if (a->none)
		p = -1;
	/* the machine's page-cluster is what the scenarios ran with (the report keeps no other) */
	for (size_t i = 0; i < r->n_results && pc < 0; i++) {
		const struct sp_scenarios *sc = &r->results[i].scenarios;

		if (sc->build.done && sc->build.page_cluster >= 0)
			pc = sc->build.page_cluster;
		else if (sc->service.n_cases && sc->service.cases[0].page_cluster >= 0)
			pc = sc->service.cases[0].page_cluster;
	}
	knob_choice(r, f, SP_KNOB_SWAPPINESS, line, p, &a->swappiness, &a->swappiness_value,
		    r->machine.have_swappiness, r->machine.swappiness);
	knob_choice(r, f, SP_KNOB_PAGE_CLUSTER, line, p, &a->page_cluster, &a->page_cluster_value,
		    pc >= 0, pc);
	if (!a->page_cluster.on && a->zram.on) {
		/* the kernel's documentation, not a measurement: said as a default */
		a->page_cluster.basis = SP_ADV_DEFAULT;
		a->page_cluster.on = 1;
		a->page_cluster_value = 0;
		say(a->page_cluster.reason, sizeof(a->page_cluster.reason),
		    "vm.page-cluster = 0: zram is in front, and a RAM-backed device needs no "
		    "swap readahead (the kernel's documentation; the default, not measured "
		    "here)");
	}
}

static void hot_note(const struct sp_report *r, const struct sp_findings *f, struct sp_advice *a)
{
	const struct sp_service_finding *h = &f->service[SP_SVC_HOT];
	const struct sp_service_case *c, *fits;

	if (a->workload != SP_WL_SERVICE || !h->have || h->best < 0)
		return;
	c = svc_case(r, h->best, h->best_case);
	fits = h->best_fits_case >= 0 ? svc_case(r, h->best, h->best_fits_case) : NULL;
	say(a->note, sizeof(a->note),
	    "in hot overflow (a working set 120 %% of the limit, all of it read) the best "
	    "placement with swap, %s, served %.*f requests/s of the %.*f asked, p95 %.*f ms",
	    pname(r, h->best), N(c->served_per_s), N(c->rate_per_s), N(c->p95_ms));
	if (fits)
		sp_cat(a->note, sizeof(a->note),
		       " (%.*f ms when it fits), top speed %.*f/s (%.*f/s)", N(fits->p95_ms),
		       N(c->top_speed_per_s), N(fits->top_speed_per_s));
	sp_cat(a->note, sizeof(a->note),
	       ": swap keeps such a service up, slowly; no placement makes that working set fit, "
	       "more RAM does");
}

int sp_advise(const struct sp_report *r, const struct sp_findings *f, enum sp_workload w,
	      struct sp_advice *out)
{
	struct verdicts v;

	if (!r || !f || !out || (unsigned)w >= SP_WL_N || r->n_results > SP_MAX_RESULTS)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->workload = w;
	choice_init(&out->swap);
	choice_init(&out->zram);
	choice_init(&out->compressor);
	choice_init(&out->swappiness);
	choice_init(&out->page_cluster);
	choice_init(&out->zswap);
	memset(&v, 0, sizeof(v));
	cmp_clear(&v.win);
	cmp_clear(&v.zram_disk);
	cmp_clear(&v.disk_zram);
	cmp_clear(&v.disk_disk);
	cmp_clear(&v.zram_zram);
	cmp_clear(&v.none_swap);
	v.none_case = -1;
	v.unit = "s";
	switch (w) {
	case SP_WL_BUILD:
		out->have_workload = f->has_build && f->build.n;
		build_verdicts(r, f, &v);
		break;
	case SP_WL_SERVICE:
		out->have_workload = f->has_service;
		service_verdicts(r, f, &v);
		break;
	case SP_WL_GC:
		out->have_workload = f->has_gc;
		gc_verdicts(r, f, &v);
		break;
	default:
		out->have_workload = f->has_cache;
		break;
	}
	/* no swap only when no swap was ahead somewhere and swap ahead nowhere */
	out->none = v.none_swap.ahead && !v.swap_ahead;
	zram_choice(r, f, &v, out);
	swap_choice(r, &v, out);
	compressor_choice(r, &v, out);
	zswap_choice(r, &v, out);
	sysctl_choices(r, f, out);
	hot_note(r, f, out);
	if (w == SP_WL_CACHE && out->have_workload)
		snprintf(out->note, sizeof(out->note),
			 "the cache scenario ranks no placements by a paired test, so every choice "
			 "for it is the default; its findings say which pool size swapped its own "
			 "cache");
	if (!out->have_workload)
		snprintf(
		    out->note, sizeof(out->note),
		    "the report has no figures of the %s workload: every choice is the default",
		    sp_workload_name(w));
	return 0;
}

size_t sp_advice_items(const struct sp_advice *a, struct sp_advice_item *out)
{
	size_t n = 0;

	out[n++] = (struct sp_advice_item){"swap area", &a->swap};
	out[n++] = (struct sp_advice_item){"zram", &a->zram};
	if (a->zram.on)
		out[n++] = (struct sp_advice_item){"zram's compressor", &a->compressor};
	out[n++] = (struct sp_advice_item){"vm.swappiness", &a->swappiness};
	out[n++] = (struct sp_advice_item){"vm.page-cluster", &a->page_cluster};
	out[n++] = (struct sp_advice_item){"zswap", &a->zswap};
	return n;
}
