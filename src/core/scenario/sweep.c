/*
 * sweep.c - --sweep's parser, its order, the rows it keeps and the findings over them (see
 * sweep.h). The scenarios' headlines are the table `headlines` below: adding a scenario to the
 * sweep is one entry there.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/model/report.h"
#include "core/scenario/scenario.h"
#include "core/scenario/sweep.h"
#include "core/config/textfmt.h"
#include "core/config/units.h"

static const struct {
	const char *name, *sysctl;
	int min, max;
} knobs[SP_KNOB_N] = {
    /* 200 since Linux 5.8 (anon and file reclaim weighed 200:0); older kernels refuse > 100
     * at the write, which the run then records as a failed row */
    [SP_KNOB_SWAPPINESS] = {"swappiness", "vm.swappiness", 0, 200},
    /* as --page-cluster: 2^10 pages (4 MiB) of readahead is already far beyond any use */
    [SP_KNOB_PAGE_CLUSTER] = {"page-cluster", "vm.page-cluster", 0, 10},
};

const char *sp_knob_name(enum sp_knob k)
{
	return (unsigned)k < SP_KNOB_N ? knobs[k].name : "?";
}

const char *sp_knob_sysctl(enum sp_knob k)
{
	return (unsigned)k < SP_KNOB_N ? knobs[k].sysctl : "?";
}

int sp_knob_parse(const char *name, enum sp_knob *out)
{
	for (int k = 0; k < SP_KNOB_N; k++) {
		if (!strcmp(name, knobs[k].name)) {
			*out = (enum sp_knob)k;
			return 0;
		}
	}
	return -EINVAL;
}

static int refuse(char *err, size_t errlen, const char *arg, const char *fmt, const char *what)
{
	char why[160];

	snprintf(why, sizeof(why), fmt, what);
	snprintf(err, errlen, "--sweep '%s': %s", arg, why);
	return -EINVAL;
}

/* "KNOB=V1,V2,..." into k; err says what is wrong with arg */
static int parse_one(const char *arg, struct sp_knob_sweep *k, char *err, size_t errlen)
{
	const char *eq = strchr(arg, '=');
	char name[32], item[32], range[48];
	const char *p;

	if (!eq)
		return refuse(err, errlen, arg, "%s",
			      "give KNOB=V1,V2,... (swappiness or "
			      "page-cluster)");
	if ((size_t)(eq - arg) >= sizeof(name))
		return refuse(err, errlen, arg, "%s", "unknown knob (swappiness or page-cluster)");
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	if (sp_knob_parse(name, &k->knob) < 0)
		return refuse(err, errlen, arg, "unknown knob '%s' (swappiness or page-cluster)",
			      name);
	snprintf(range, sizeof(range), "%d to %d", knobs[k->knob].min, knobs[k->knob].max);
	k->n_values = 0;
	for (p = eq + 1;;) {
		size_t n = strcspn(p, ",");
		uint64_t v;

		if (!n)
			return refuse(err, errlen, arg, "%s", "an empty value");
		if (n >= sizeof(item) ||
		    (memcpy(item, p, n), item[n] = '\0', sp_parse_u64(item, &v) < 0))
			return refuse(err, errlen, arg, "'%.31s' is not a whole number",
				      n >= sizeof(item) ? p : item);
		if (v < (uint64_t)knobs[k->knob].min || v > (uint64_t)knobs[k->knob].max) {
			char why[128];

			snprintf(why, sizeof(why), "%s is out of range (%s)", item, range);
			return refuse(err, errlen, arg, "%s", why);
		}
		for (size_t i = 0; i < k->n_values; i++)
			if (k->values[i] == (int)v)
				return refuse(err, errlen, arg, "%s is given twice", item);
		if (k->n_values == SP_SWEEP_MAX_VALUES) {
			char why[64];

			snprintf(why, sizeof(why), "more than %d values", SP_SWEEP_MAX_VALUES);
			return refuse(err, errlen, arg, "%s", why);
		}
		k->values[k->n_values++] = (int)v;
		if (!p[n])
			break;
		p += n + 1;
	}
	if (k->n_values < 2)
		return refuse(err, errlen, arg, "%s",
			      "a sweep needs at least two values to compare");
	return 0;
}

int sp_sweep_parse(const char *const *args, size_t n, struct sp_sweep_plan *out, char *err,
		   size_t errlen)
{
	if (!out || (n && !args))
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	if (errlen)
		err[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		struct sp_knob_sweep k;
		int ret = parse_one(args[i], &k, err, errlen);

		if (ret < 0)
			return ret;
		for (size_t j = 0; j < out->n_knobs; j++)
			if (out->knobs[j].knob == k.knob)
				return refuse(err, errlen, args[i],
					      "%s is swept twice: give its values in one --sweep",
					      sp_knob_name(k.knob));
		out->knobs[out->n_knobs++] = k;
	}
	return 0;
}

static size_t values_total(const struct sp_sweep_plan *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_knobs; i++)
		n += p->knobs[i].n_values;
	return n;
}

size_t sp_sweep_n_steps(const struct sp_sweep_plan *p, size_t n_placements, size_t rounds)
{
	return p ? rounds * n_placements * values_total(p) : 0;
}

int sp_sweep_step_at(const struct sp_sweep_plan *p, size_t n_placements, size_t rounds, size_t k,
		     struct sp_sweep_step *out)
{
	size_t per_round = n_placements * (p ? values_total(p) : 0);

	if (!p || !out || k >= rounds * per_round)
		return -EINVAL;
	out->round = k / per_round;
	k %= per_round;
	for (size_t i = 0; i < p->n_knobs; i++) {
		size_t per_knob = n_placements * p->knobs[i].n_values;

		if (k < per_knob) {
			out->knob = i;
			out->placement = k / p->knobs[i].n_values;
			out->value = k % p->knobs[i].n_values;
			return 0;
		}
		k -= per_knob;
	}
	return -EINVAL;
}

/* ---- the scenarios' headlines ---- */

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
		sp_cat(buf, len, "%s%s", said == 1 ? "" : said == n ? " and " : ", ",
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

double sp_sweep_row_figure(const struct sp_sweep_row *row, const char **figure_key)
{
	const struct headline *h = headline_of(row);

	if (figure_key)
		*figure_key = h ? h->figure : "?";
	return h ? h->value(row) : NAN;
}

/* ---- findings ---- */

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
	k->lines[k->n_lines].figure = headline_of(row) ? headline_of(row)->figure : "?";
	k->lines[k->n_lines].what = headline_of(row) ? headline_of(row)->what : "?";
	k->lines[k->n_lines].unit = headline_of(row) ? headline_of(row)->unit : "";
	k->lines[k->n_lines].higher_better = headline_of(row) ? headline_of(row)->higher_better : 0;
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
		    const struct line_runs *r, size_t rounds)
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
	l->resolved = l->hi != l->lo && l->min_paired_pct > l->spread_pct;
}

static void analyse_knob(const struct sp_sweep_row *rows, size_t n, struct sp_sweep_knob_finding *k)
{
	struct line_runs r; /* one line at a time */

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
		compare(k, l, &r, rounds);
		if (!l->compared)
			continue;
		k->n_compared++;
		k->n_resolved += l->resolved;
		if (k->largest < 0 || l->diff_pct > k->lines[k->largest].diff_pct)
			k->largest = (int)li;
	}
}

int sp_sweep_analyse(const struct sp_sweep_row *rows, size_t n, struct sp_sweep_findings *f)
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
		analyse_knob(rows, n, &f->knobs[i]);
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

/* a figure at the precision the table prints it: "0.72", "10.3", "1234" */
static const char *fig(char *buf, size_t len, double v)
{
	snprintf(buf, len, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
	return buf;
}

/*
 * "build on start, wall time 12.1 s at 10 vs 9.8 s at 100": the highest median first, which is
 * the worst of a time and the best of a rate; a rate says so, since the reader of the other
 * lines has learnt that the first is the worse
 */
static void line_phrase(char *buf, size_t len, const struct sp_sweep_knob_finding *k,
			const struct sp_sweep_line *l)
{
	char a[16], b[16];

	sp_cat(buf, len, "%s on %s, %s %s %s at %d vs %s %s at %d%s", l->line, l->placement,
	       l->what, fig(a, sizeof(a), l->median[l->hi]), l->unit, k->values[l->hi],
	       fig(b, sizeof(b), l->median[l->lo]), l->unit, k->values[l->lo],
	       l->higher_better ? ", higher is better" : "");
}

void sp_sweep_sentence(const struct sp_sweep_knob_finding *k, char *buf, size_t len)
{
	const struct sp_sweep_line *big;
	size_t said = 0;

	if (!len)
		return;
	buf[0] = '\0';
	sp_cat(buf, len, "%s", sp_knob_sysctl(k->knob));
	for (size_t v = 0; v < k->n_values; v++)
		sp_cat(buf, len, "%s%d", v ? (v + 1 == k->n_values ? " and " : ", ") : " at ",
		       k->values[v]);
	sp_cat(buf, len, " (%zu %s each)", k->rounds, sp_plural(k->rounds, "run", "runs"));
	if (!k->n_compared) {
		sp_cat(buf, len,
		       ": no line had a figure at every value, so nothing is compared "
		       "(the sweep's rows say why)");
		return;
	}
	big = k->largest >= 0 ? &k->lines[k->largest] : NULL;
	if (k->rounds < 2) {
		sp_cat(buf, len, ": the values differed by at most %.0f %% over %zu %s (",
		       big->diff_pct, k->n_compared, sp_plural(k->n_compared, "line", "lines"));
		line_phrase(buf, len, k, big);
		sp_cat(buf, len,
		       "), but one run per value measures no spread, so no difference "
		       "is claimed (--repeat 2 or more measures it)");
		return;
	}
	if (!k->n_resolved) {
		if (k->n_compared == 1)
			sp_cat(buf, len,
			       ": no measurable difference: the paired runs did not all "
			       "differ by more than the runs' spread (");
		else
			sp_cat(buf, len,
			       ": no measurable difference: on none of the %zu lines did "
			       "every paired run differ by more than the runs' spread "
			       "(largest: ",
			       k->n_compared);
		line_phrase(buf, len, k, big);
		/* the medians may lie further apart than the spread while a round did not */
		if (big->diff_pct <= big->spread_pct)
			sp_cat(buf, len, ", %.1f %% apart within a spread of %.1f %%)",
			       big->diff_pct, big->spread_pct);
		else if (big->min_paired_pct <= 0)
			sp_cat(buf, len,
			       ", %.1f %% apart, but in one round it went the other way; "
			       "spread %.1f %%)",
			       big->diff_pct, big->spread_pct);
		else
			sp_cat(buf, len,
			       ", %.1f %% apart, but one round only %.1f %% against a "
			       "spread of %.1f %%)",
			       big->diff_pct, big->min_paired_pct, big->spread_pct);
		return;
	}
	sp_cat(buf, len, ": the values differed by more than the runs' spread on %zu of %zu %s: ",
	       k->n_resolved, k->n_compared, sp_plural(k->n_compared, "line", "lines"));
	for (size_t i = 0; i < k->n_lines && said < 2; i++) {
		const struct sp_sweep_line *l = &k->lines[i];

		if (!l->resolved)
			continue;
		if (said++)
			sp_cat(buf, len, "; ");
		line_phrase(buf, len, k, l);
		sp_cat(buf, len, " (every paired run at least %.1f %% apart, spread %.1f %%)",
		       l->min_paired_pct, l->spread_pct);
	}
	if (k->n_resolved > said)
		sp_cat(buf, len, "; and %zu more", k->n_resolved - said);
	if (k->n_compared > k->n_resolved)
		sp_cat(buf, len, "; on the other %zu the difference was smaller than the spread",
		       k->n_compared - k->n_resolved);
}

const char *sp_sweep_cell(const struct sp_sweep_line *l, size_t v, char *buf)
{
	char f[14]; /* a median of up to 1e12 s or ms: what is left is "!" */

	if (isnan(l->median[v]))
		snprintf(buf, 16, "%s", l->failed[v] ? "failed" : "-");
	else
		snprintf(buf, 16, "%s%s", fig(f, sizeof(f), l->median[v]),
			 l->lossy[v] || l->failed[v] ? "!" : "");
	return buf;
}
