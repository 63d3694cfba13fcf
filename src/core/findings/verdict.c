/*
 * verdict.c - the verdict's sentences, phrased from findings (see verdict.h).
 *
 * Numbers are formatted with fixed precision so both reports are deterministic; microseconds
 * read as report.txt's tables print them ("98.4", "1234", "-" when unknown).
 */
#include "core/findings/verdict.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/config/textfmt.h"
#include "core/config/units.h"
#include "core/findings/analysis.h"
#include "core/findings/sweep_sentence.h"
#include "core/model/report.h"

static const char *region_phrase(enum sp_region g)
{
	switch (g) {
	case SP_REGION_START:
		return "near the start of the disk";
	case SP_REGION_MID:
		return "mid-disk";
	case SP_REGION_END:
		return "near the end of the disk";
	case SP_REGION_SPREAD:
		return "spread over the disk";
	default:
		return "at an unknown position";
	}
}

static const struct sp_lat_summary *lat(const struct sp_report *r, int i)
{
	return &r->results[i].fault_probe.lat;
}

static const char *name(const struct sp_report *r, int i)
{
	return r->results[i].placement;
}

/* Microseconds with their sign, as measured: "+27.2", "-1.3", "+1204" (never clamped to 0). */
static const char *signed_us(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (fabs(v) < 1000)
		snprintf(buf, len, "%+.1f", v);
	else
		snprintf(buf, len, "%+.0f", v);
	return buf;
}

static const struct sp_scenario_build *job(const struct sp_report *r, int i)
{
	return &r->results[i].scenarios.build;
}

void sp_verdict_job_name(const struct sp_report *r, const struct sp_findings *f, char *buf,
			 size_t len)
{
	if (f->build_user && f->build_job >= 0)
		snprintf(buf, len, "your job '%.60s'", job(r, f->build_job)->job);
	else
		snprintf(buf, len, "the build job");
}

/*
 * The job's ranking: fastest first with its ratio to the ram baseline, then the others with
 * their ratio to the fastest, then what did not finish.
 */
static void build_sentence(const struct sp_report *r, const struct sp_findings *f, char *buf,
			   size_t len)
{
	const struct sp_build_ranking *k = &f->build;
	char what[96];

	sp_verdict_job_name(r, f, what, sizeof(what));
	if (!k->n) {
		sp_cat(buf, len, "%s finished on no placement with swap", what);
	} else {
		sp_cat(buf, len, "%s ran fastest with %s: %.1f s", what, k->rows[0].placement,
		       k->rows[0].wall_s);
		if (k->has_ram)
			sp_cat(buf, len, " (%.2fx its %.1f s in RAM alone)",
			       k->rows[0].ratio_to_ram, k->ram_wall_s);
		int tie = -1;

		for (size_t i = 1; i < k->n; i++) {
			int tied = k->rows[i].rank == k->rows[i - 1].rank;

			sp_cat(buf, len, "%s %s %.1f s (%.2fx%s)", i == 1 ? "; then" : ",",
			       k->rows[i].placement, k->rows[i].wall_s, k->rows[i].ratio_to_best,
			       tied ? ", tied" : "");
			if (tied && tie < 0)
				tie = (int)i;
		}
		if (tie > 0) {
			char why[160];

			sp_resolution_phrase(&k->rows[tie].vs_above, "rounds", why, sizeof(why));
			sp_cat(buf, len, "; %s vs %s: %s", k->rows[tie - 1].placement,
			       k->rows[tie].placement, why);
		}
	}
	if (f->build_page_cluster >= 0)
		sp_cat(buf, len, "; vm.page-cluster %d", f->build_page_cluster);
	for (size_t i = 0; i < f->n_build_not_ok; i++) {
		const struct sp_scenario_build *b = job(r, f->build_not_ok[i]);

		sp_cat(buf, len, "%s %s %s",
		       i ? "," : "; not finished:", name(r, f->build_not_ok[i]),
		       b->oom_killed			? "(OOM-killed)"
		       : b->timed_out			? "(timed out)"
		       : b->status == SP_STATUS_INVALID ? "(invalid)"
							: "(failed)");
	}
}

/*
 * Start vs end, said only as strongly as the paired test over the rounds allows
 * (core/measure/resolve.h): a difference is claimed when it resolved, with its p and interval;
 * otherwise the sentence says what size of difference could not be seen, and one run each
 * claims nothing.
 */
static void build_start_end_sentence(const struct sp_report *r, const struct sp_findings *f,
				     char *buf, size_t len)
{
	const struct sp_build_ranking *k = &f->build;
	double rs = job(r, k->start_vs_end.start)->wall_s, re = job(r, k->start_vs_end.end)->wall_s;
	double ratio = k->start_vs_end.ratio;
	const char *faster = ratio >= 1 ? "start" : "end";
	double x = ratio >= 1 ? ratio : 1 / ratio;
	char why[160];

	sp_resolution_phrase(&k->start_vs_end.resolution, "rounds", why, sizeof(why));
	if (k->start_vs_end.resolvable)
		sp_cat(buf, len,
		       "with swap at the %s of the disk the job ran %.2fx faster than at the %s "
		       "(%.1f vs %.1f s; %s)",
		       faster, x, ratio >= 1 ? "end" : "start", ratio >= 1 ? rs : re,
		       ratio >= 1 ? re : rs, why);
	else if (k->start_vs_end.min_runs >= 2)
		sp_cat(buf, len, "swap at the start vs at the end: %.1f vs %.1f s for the job, %s",
		       rs, re, why);
	else
		sp_cat(buf, len,
		       "swap at the start vs at the end: %.1f vs %.1f s for the job (%s %.2fx "
		       "faster), from one run each: not resolved, no claim (--repeat 6 can "
		       "resolve a difference)",
		       rs, re, faster, x);
}

/*
 * The resolution of two placements' swap-ins, compared block by block: one block each (a
 * probe that kept no blocks, as every report before blocks did) claims nothing.
 */
static void block_phrase(const struct sp_resolution *res, char *buf, size_t len)
{
	if (!res->have || res->rounds < 2)
		snprintf(buf, len, "not resolved: one block each, no claim");
	else
		sp_resolution_phrase(res, "blocks", buf, len);
}

static const struct sp_service_case *svc(const struct sp_report *r, int res, int c)
{
	return &r->results[res].scenarios.service.cases[c];
}

/* milliseconds as the service's table prints them: "12.5", "9800", "-" when unknown */
/* v with one decimal below `whole`, whole ones from it on; "-" when not a time */
static const char *fmt_dec(char *buf, double v, double whole)
{
	if (!isfinite(v) || v < 0)
		snprintf(buf, 16, "-");
	else
		snprintf(buf, 16, v < whole ? "%.1f" : "%.0f", v);
	return buf;
}

static const char *fmt_ms(char *buf, double v)
{
	return fmt_dec(buf, v, 100);
}

/* "once", "twice", "3 times" */
static void times(char *buf, size_t len, uint64_t n)
{
	if (n == 1)
		sp_cat(buf, len, " once");
	else if (n == 2)
		sp_cat(buf, len, " twice");
	else
		sp_cat(buf, len, " %llu times", (unsigned long long)n);
}

/* "812 of 2400 requests failed" / "none of 2400 requests failed" */
static void failed_phrase(char *buf, size_t len, const struct sp_service_case *c)
{
	if (c->failed)
		sp_cat(buf, len, "%llu of %llu %s failed", (unsigned long long)c->failed,
		       (unsigned long long)c->sent, sp_plural(c->sent, "request", "requests"));
	else
		sp_cat(buf, len, "none of %llu %s failed", (unsigned long long)c->sent,
		       sp_plural(c->sent, "request", "requests"));
}

/*
 * Seed 000's other two figures, where they say something: a service that kept up with less
 * than nine tenths of the rate asked ("it kept up with 18 to 29 % of what is asked"), and its
 * start time when that took a second or more ("started in 3 to 11 seconds").
 */
static void service_pace(char *buf, size_t len, const struct sp_service_case *c)
{
	if (isfinite(c->served_per_s) && c->rate_per_s > 0 && c->served_per_s < 0.9 * c->rate_per_s)
		sp_cat(buf, len, "; it kept up with %.0f %% of the %.0f requests/s asked",
		       100 * c->served_per_s / c->rate_per_s, c->rate_per_s);
	if (isfinite(c->start_s) && c->start_s >= 1)
		sp_cat(buf, len, "; it took %.1f s from its start to its first request served",
		       c->start_s);
}

/*
 * One case of the service scenario: what it is, what the no-swap baseline lost (failed
 * requests, whom the OOM killer took), what the best placement with swap kept, and, for the
 * overflow cases, the best placement's p95 and top speed against its own fits case.
 */
static void service_sentence(const struct sp_report *r, const struct sp_findings *f, int k,
			     char *buf, size_t len)
{
	static const char *const what[SP_SVC_N_CASES] = {
	    [SP_SVC_FITS] = "service, data within its memory",
	    [SP_SVC_COLD] = "service, data 20 % over its memory but the excess idle (cold)",
	    [SP_SVC_HOT] = "service, data 20 % over its memory and all of it read (hot)",
	    [SP_SVC_SPIKE] = "service with a memory spike beside it (the nightly backup)",
	};
	static const char *const subject[SP_SVC_N_CASES] = {
	    [SP_SVC_FITS] = "the load alone",
	    [SP_SVC_COLD] = "the idle data",
	    [SP_SVC_HOT] = "the overflow",
	    [SP_SVC_SPIKE] = "the spike",
	};
	const struct sp_service_finding *sf = &f->service[k];
	char a[16], b[16];

	sp_cat(buf, len, "%s: ", what[k]);
	if (sf->none >= 0) {
		const struct sp_service_case *n = svc(r, sf->none, sf->none_case);

		sp_cat(buf, len, "without swap ");
		if (n->oom_kills) {
			sp_cat(buf, len, "%s got ", subject[k]);
			if (sf->none_service_kills && sf->none_spike_kills)
				sp_cat(buf, len, "the service and the spike job");
			else if (sf->none_spike_kills)
				sp_cat(buf, len, "the spike job");
			else if (sf->none_service_kills)
				sp_cat(buf, len, "the service");
			else
				sp_cat(buf, len, "a process");
			sp_cat(buf, len, " OOM-killed");
			times(buf, len, n->oom_kills);
			sp_cat(buf, len, " and ");
		}
		failed_phrase(buf, len, n);
		if (n->served)
			sp_cat(buf, len, " (p95 %s ms)", fmt_ms(a, n->p95_ms));
	} else {
		sp_cat(buf, len, "no run without swap to compare");
	}
	if (sf->best < 0) {
		sp_cat(buf, len, "; no placement with swap ran it");
		return;
	}
	{
		const struct sp_service_case *c = svc(r, sf->best, sf->best_case);

		sp_cat(buf, len, "; with %s ", name(r, sf->best));
		if (c->failed)
			sp_cat(buf, len, "%llu failed", (unsigned long long)c->failed);
		else
			sp_cat(buf, len, "none failed");
		if (c->oom_kills) {
			sp_cat(buf, len, " and it was OOM-killed");
			times(buf, len, c->oom_kills);
		}
		sp_cat(buf, len, " (p95 %s ms", fmt_ms(a, c->p95_ms));
		if (sf->n_runs > 1)
			sp_cat(buf, len, " in the worst of %zu runs", sf->n_runs);
		sp_cat(buf, len, ", top speed %s requests/s", sp_fmt_rate(b, c->top_speed_per_s));
		if (k != SP_SVC_FITS && sf->best_fits_case >= 0) {
			const struct sp_service_case *fc = svc(r, sf->best, sf->best_fits_case);

			sp_cat(buf, len, "; %s ms and %s requests/s when it fits",
			       fmt_ms(a, fc->p95_ms), sp_fmt_rate(b, fc->top_speed_per_s));
		}
		sp_cat(buf, len, ")");
		service_pace(buf, len, c);
		if (sf->n_runs > 1 && sf->runner_up >= 0 && !sf->by_counts) {
			char why[160];

			sp_resolution_phrase(&sf->res, "rounds", why, sizeof(why));
			if (sf->apart)
				sp_cat(buf, len, "; ahead of %s by p95 (%s)",
				       name(r, sf->runner_up), why);
			else
				sp_cat(buf, len, "; %s is not ahead of %s by p95: %s",
				       name(r, sf->best), name(r, sf->runner_up), why);
		}
	}
}

static const struct sp_cache_case *cache_case(const struct sp_report *r,
					      const struct sp_cache_finding *cf, int c)
{
	return &r->results[cf->result].scenarios.cache.cases[c];
}

/* The largest pool of cf's cases that ran ok, or NULL. */
static const struct sp_cache_case *largest_ok(const struct sp_report *r,
					      const struct sp_cache_finding *cf)
{
	const struct sp_scenario_cache *s = &r->results[cf->result].scenarios.cache;
	const struct sp_cache_case *big = NULL;

	for (size_t i = 0; i < s->n_cases && i < SP_CACHE_MAX_CASES; i++)
		if (s->cases[i].status == SP_STATUS_OK &&
		    (!big || s->cases[i].cache_pct > big->cache_pct))
			big = &s->cases[i];
	return big;
}

/*
 * Which memory of case c the kernel swapped out, from the processes' own swap use (evicted):
 * "; out on swap: ..." with each side's bytes; nothing when it was not read.
 */
static void evicted_clause(const struct sp_cache_case *c, char *buf, size_t len)
{
	char p[16], o[16];

	sp_format_bytes(c->evicted.pool_bytes, p, sizeof(p));
	sp_format_bytes(c->evicted.other_bytes, o, sizeof(o));
	switch (sp_cache_case_out(c)) {
	case SP_CACHE_OUT_BOTH:
		sp_cat(buf, len, "; out on swap: %s of the pool and %s of the other processes", p,
		       o);
		break;
	case SP_CACHE_OUT_POOL:
		sp_cat(buf, len, "; out on swap: %s of the pool, the other processes kept theirs",
		       p);
		break;
	case SP_CACHE_OUT_OTHER:
		sp_cat(buf, len,
		       "; the kernel swapped out the other processes' memory (%s) while the "
		       "pool stayed in memory",
		       o);
		break;
	case SP_CACHE_OUT_NONE:
		sp_cat(buf, len, "; nothing of either was out on swap");
		break;
	default:
		break;
	}
}

/*
 * The cache scenario: the smallest pool that made the service swap its own cache on the lead
 * placement, with its swap-ins, against the largest that did not; how many placements with swap
 * fell into it; and what the no-swap baseline did.
 */
static void cache_sentence(const struct sp_report *r, const struct sp_findings *f, char *buf,
			   size_t len)
{
	char a[16], b[16];

	sp_cat(buf, len, "the service with its own cache: ");
	if (f->cache_lead >= 0) {
		const struct sp_cache_finding *cf = &f->cache[f->cache_lead];
		const char *on = name(r, cf->result);

		if (cf->trap.found && cf->trap_case >= 0) {
			const struct sp_cache_case *t = cache_case(r, cf, cf->trap_case);

			sp_cat(buf, len,
			       "with the pool at %.0f %% of the budget the service "
			       "swapped its own cache on %s: %s swap-ins/s, %s ops/s",
			       t->cache_pct, on, sp_fmt_rate(a, t->swapin_pages_per_s),
			       sp_fmt_rate(b, t->ops_per_s));
			evicted_clause(t, buf, len);
			if (cf->clean_case >= 0) {
				const struct sp_cache_case *c = cache_case(r, cf, cf->clean_case);

				sp_cat(buf, len,
				       "; at %.0f %% it did not (%s swap-ins/s, %s ops/s)",
				       c->cache_pct, sp_fmt_rate(a, c->swapin_pages_per_s),
				       sp_fmt_rate(b, c->ops_per_s));
			} else {
				sp_cat(buf, len, "; no smaller pool ran without swapping it");
			}
		} else {
			const struct sp_cache_case *big = largest_ok(r, cf);

			if (big)
				sp_cat(buf, len,
				       "up to a pool of %.0f %% of the budget the service "
				       "kept its own cache in memory on %s (%s swap-ins/s, %s "
				       "ops/s at %.0f %%)",
				       big->cache_pct, on, sp_fmt_rate(a, big->swapin_pages_per_s),
				       sp_fmt_rate(b, big->ops_per_s), big->cache_pct);
			if (big)
				evicted_clause(big, buf, len);
		}
		if (f->n_cache_swapping > 1)
			sp_cat(buf, len,
			       "; %zu of %zu placements with swap swapped their own cache",
			       f->n_cache_trapped, f->n_cache_swapping);
	} else {
		sp_cat(buf, len, "no placement with swap ran it");
	}
	if (f->cache_none >= 0) {
		const struct sp_cache_finding *cf = &f->cache[f->cache_none];
		const struct sp_cache_case *big = largest_ok(r, cf);

		if (cf->oom_pct > 0)
			sp_cat(buf, len,
			       "; without swap the service was OOM-killed with its pool "
			       "at %.0f %%",
			       cf->oom_pct);
		else if (big)
			sp_cat(buf, len, "; without swap it ran up to %.0f %% (%s ops/s)",
			       big->cache_pct, sp_fmt_rate(a, big->ops_per_s));
		else
			sp_cat(buf, len, "; without swap no case ran");
	}
}

static const struct sp_scenario_gc *gcr(const struct sp_report *r, int i)
{
	return &r->results[i].scenarios.gc;
}

/* A pause in ms: three decimals below 1 ms (a pause in RAM is microseconds), else as fmt_ms. */
static const char *fmt_pause(char *buf, double v)
{
	if (isfinite(v) && v >= 0 && v < 1)
		snprintf(buf, 16, "%.3f", v);
	else
		fmt_ms(buf, v);
	return buf;
}

/* A latency in us: whole ones from 10 on, one decimal below. */
static const char *fmt_us(char *buf, double v)
{
	return fmt_dec(buf, v, 10);
}

/* The most major faults one pause took. */
static uint64_t most_faults(const struct sp_scenario_gc *g)
{
	uint64_t m = 0;

	for (size_t i = 0; i < g->n_pause_list; i++)
		if (g->pause_list[i].faults > m)
			m = g->pause_list[i].faults;
	return m;
}

/* ", up to N faults in one pause" where the report has the pauses one by one */
static void gc_most(char *buf, size_t len, const struct sp_scenario_gc *g)
{
	if (g->n_pause_list)
		sp_cat(buf, len, ", up to %llu in one pause", (unsigned long long)most_faults(g));
}

/* The pause p99 of the ranked placements and their faults: disk against zram, or the ends. */
static void gc_pauses_said(const struct sp_report *r, const struct sp_gc_finding *g, char *buf,
			   size_t len)
{
	char a[16], b[16];

	if (g->best_disk >= 0 && g->best_zram >= 0) {
		const struct sp_scenario_gc *d = gcr(r, g->best_disk), *z = gcr(r, g->best_zram);

		sp_cat(buf, len, "the gc pause p99 was %s ms on %s and %s ms on %s",
		       fmt_pause(a, d->p99_pause_ms), name(r, g->best_disk),
		       fmt_pause(b, z->p99_pause_ms), name(r, g->best_zram));
		if (g->disk_zram_ratio > 0) {
			char why[160];

			sp_resolution_phrase(&g->disk_zram, "rounds", why, sizeof(why));
			if (g->disk_zram.resolved)
				sp_cat(buf, len, " (%.1f times as long on the disk; %s)",
				       g->disk_zram_ratio, why);
			else
				sp_cat(buf, len, " (%.1f times as long on the disk, %s)",
				       g->disk_zram_ratio, why);
		}
		sp_cat(buf, len, ", faults inside the pauses %llu vs %llu",
		       (unsigned long long)d->faults_in_pauses,
		       (unsigned long long)z->faults_in_pauses);
		if (d->n_pause_list && z->n_pause_list)
			sp_cat(buf, len, ", up to %llu vs %llu in one pause",
			       (unsigned long long)most_faults(d),
			       (unsigned long long)most_faults(z));
		sp_cat(buf, len, "; the allocations' p99 %s us vs %s us",
		       fmt_us(a, d->alloc_latency.p99_us), fmt_us(b, z->alloc_latency.p99_us));
	} else if (g->n_ranked) {
		const struct sp_scenario_gc *lo = gcr(r, g->ranked[0]);

		sp_cat(buf, len,
		       "the gc pause p99 was %s ms on %s (%llu faults inside the "
		       "pauses",
		       fmt_pause(a, lo->p99_pause_ms), name(r, g->ranked[0]),
		       (unsigned long long)lo->faults_in_pauses);
		gc_most(buf, len, lo);
		sp_cat(buf, len, "; allocations' p99 %s us)", fmt_us(a, lo->alloc_latency.p99_us));
		if (g->n_ranked > 1) {
			int w = g->ranked[g->n_ranked - 1];

			sp_cat(buf, len, " and %s ms on %s (%llu",
			       fmt_pause(b, gcr(r, w)->p99_pause_ms), name(r, w),
			       (unsigned long long)gcr(r, w)->faults_in_pauses);
			gc_most(buf, len, gcr(r, w));
			sp_cat(buf, len, "; %s us)", fmt_us(a, gcr(r, w)->alloc_latency.p99_us));
		}
	} else {
		sp_cat(buf, len, "the gc: no placement with swap ran it");
	}
}

/*
 * The gc scenario, one run per placement, so it says what each run measured and ranks
 * nothing beyond it: the pause's p99 on the best disk placement against the best zram, with
 * the major faults inside the pauses and the allocations' p99; without both, the shortest and
 * the longest; the same workload in RAM without pressure; every placement with swap on which
 * it failed, with why; and what the no-swap baseline did with memory larger than its limit.
 */
static void gc_sentence(const struct sp_report *r, const struct sp_findings *f, char *buf,
			size_t len)
{
	const struct sp_gc_finding *g = &f->gc;
	char a[16], b[16];
	int failed = 0;

	if (g->n_ranked)
		sp_cat(buf, len, "in one run each, ");
	gc_pauses_said(r, g, buf, len);
	if (g->baseline >= 0) {
		const struct sp_gc_baseline *base = &gcr(r, g->baseline)->baseline;

		sp_cat(buf, len,
		       "; in RAM without pressure the pause p99 was %s ms with %llu faults "
		       "and the allocations' p99 %s us",
		       fmt_pause(a, base->p99_pause_ms), (unsigned long long)base->faults_in_pauses,
		       fmt_us(b, base->alloc_latency.p99_us));
	}
	for (size_t k = 0; k < g->n_not_ok; k++) {
		const struct sp_scenario_gc *n = gcr(r, g->not_ok[k]);

		if (g->not_ok[k] == g->none)
			continue;
		sp_cat(buf, len, "%s %s (%s: %s)", failed++ ? " and on" : "; it failed on",
		       name(r, g->not_ok[k]), sp_status_name(n->status),
		       n->reason[0] ? n->reason : "no reason recorded");
	}
	if (g->none >= 0) {
		const struct sp_scenario_gc *n = gcr(r, g->none);

		if (n->oom_killed && n->limit_bytes && g->peak_ratio > 0)
			sp_cat(buf, len,
			       "; without swap it was OOM-killed: at its peak (heap, metadata "
			       "and a cycle's allocations) it needs %.1f times the memory",
			       g->peak_ratio);
		else if (n->oom_killed)
			sp_cat(buf, len, "; without swap it was OOM-killed");
		else if (n->status == SP_STATUS_OK)
			sp_cat(buf, len, "; without swap %s ms", fmt_pause(a, n->p99_pause_ms));
		else
			sp_cat(buf, len, "; without swap it did not run (%s)",
			       sp_status_name(n->status));
	}
}

/*
 * measure --try: "on this server a 64 MiB swap file served the spike with no failed request; a
 * 64 MiB zram device (try-zram-lz4) served it with ...; without swap the service was
 * OOM-killed twice and 45 of 120 requests failed".
 */
static void try_sentence(const struct sp_report *r, const struct sp_findings *f, char *buf,
			 size_t len)
{
	const struct sp_service_finding *sf = &f->service[SP_SVC_SPIKE];
	char b[32];

	sp_cat(buf, len, "on this server ");
	for (size_t i = 0; i < f->n_try; i++) {
		const struct sp_result *res = &r->results[f->try_res[i]];
		const struct sp_service_case *c = svc(r, f->try_res[i], f->try_case[i]);

		if (i)
			sp_cat(buf, len, "; ");
		sp_format_bytes(res->size_bytes, b, sizeof(b));
		if (res->id.kind == SP_PL_FILE)
			sp_cat(buf, len, "a %s swap file", b);
		else
			sp_cat(buf, len, "a %s zram device (%s)", b, res->placement);
		if (!c->failed && !c->oom_kills) {
			sp_cat(buf, len, " served the spike with no failed request");
			continue;
		}
		sp_cat(buf, len, " served the spike but ");
		failed_phrase(buf, len, c);
		if (c->oom_kills) {
			sp_cat(buf, len, " and the OOM killer struck");
			times(buf, len, c->oom_kills);
		}
	}
	if (sf->none < 0) {
		sp_cat(buf, len, "; no run without swap to compare");
		return;
	}
	{
		const struct sp_service_case *n = svc(r, sf->none, sf->none_case);

		sp_cat(buf, len, "; without swap ");
		if (!n->oom_kills) {
			failed_phrase(buf, len, n);
			sp_cat(buf, len, " either");
			return;
		}
		if (sf->none_service_kills) {
			sp_cat(buf, len, "the service was OOM-killed");
			times(buf, len, sf->none_service_kills);
		}
		if (sf->none_spike_kills) {
			sp_cat(buf, len, "%sthe spike job was OOM-killed",
			       sf->none_service_kills ? " and " : "");
			times(buf, len, sf->none_spike_kills);
		}
		if (!sf->none_service_kills && !sf->none_spike_kills) {
			sp_cat(buf, len, "a process was OOM-killed");
			times(buf, len, n->oom_kills);
		}
		sp_cat(buf, len, " and ");
		failed_phrase(buf, len, n);
	}
}

/* --cpu-max/--io-max that were not applied, with the reason of each */
static void caps_sentence(const struct sp_report *r, char *buf, size_t len)
{
	const struct sp_constraints *c = &r->constraints;
	const char *sep = "";

	sp_cat(buf, len, "the box asked for was not what the workloads got: ");
	if (c->cpu_max > 0 && !c->cpu_applied) {
		sp_cat(buf, len, "--cpu-max %g was %s", c->cpu_max, c->cpu_reason);
		sep = "; ";
	}
	if (c->io_max_iops > 0 && !c->io_applied)
		sp_cat(buf, len, "%s--io-max %lld IOPS was %s", sep, (long long)c->io_max_iops,
		       c->io_reason);
	sp_cat(buf, len, "; where a cap was not applied the workloads ran without it");
}

/* whole MiB, as the keeper moves limits (buf of 24) */
static const char *mib_text(char *buf, uint64_t b)
{
	snprintf(buf, 24, "%llu MiB", (unsigned long long)(b >> 20));
	return buf;
}

/* zram's pool charged to the budget: how far the keeper lowered each zram limit */
static void budget_sentence(const struct sp_report *r, const struct sp_findings *f, char *buf,
			    size_t len)
{
	char a[24], b[24], c[24];
	size_t held = 0;

	sp_cat(buf, len, "zram's compressed pool was counted against the budget: ");
	for (size_t i = 0; i < f->n_budget_kept; i++) {
		const struct sp_budget_kept *k = &r->results[f->budget_kept[i]].budget;

		held += k->floor_hit != 0;
		sp_cat(buf, len,
		       "%son %s the workloads' limit went from %s to %s as the pool grew "
		       "to %s%s",
		       i ? "; " : "", name(r, f->budget_kept[i]), mib_text(a, k->limit_bytes_start),
		       mib_text(b, k->limit_bytes_min), mib_text(c, k->zram_pool_peak_bytes),
		       k->floor_hit ? " (held at its floor, a quarter of the budget: there the "
				      "workloads still had the floor plus the pool, more than the "
				      "budget)"
				    : "");
	}
	if (!held)
		sp_cat(buf, len, ", so zram got no more memory than a disk placement");
	else if (held < f->n_budget_kept)
		sp_cat(buf, len,
		       "; where the floor was not hit zram got no more memory than a "
		       "disk placement");
}

int sp_verdict_sentence(const struct sp_report *r, const struct sp_findings *f,
			enum sp_verdict_kind k, char *buf, size_t len)
{
	char a[16], b[16], c[16];

	if (!len)
		return -EINVAL;
	buf[0] = '\0';
	switch (k) {
	case SP_VERDICT_INTEGRITY_BAD:
		sp_cat(buf, len,
		       "SERIOUS: %llu of %llu pages checked came back different from what was "
		       "written (",
		       (unsigned long long)f->mismatches, (unsigned long long)f->pages_checked);
		for (size_t i = 0; i < f->n_mismatched; i++)
			sp_cat(
			    buf, len, "%s%s: %llu", i ? ", " : "", name(r, f->mismatched[i]),
			    (unsigned long long)r->results[f->mismatched[i]].integrity.mismatches);
		sp_cat(buf, len, "); do not trust that swap area with data");
		return 0;
	case SP_VERDICT_CAPS_NOT_APPLIED:
		caps_sentence(r, buf, len);
		return 0;
	case SP_VERDICT_BUDGET_KEPT:
		budget_sentence(r, f, buf, len);
		return 0;
	case SP_VERDICT_NONE:
		sp_cat(buf, len, "no placement produced a swap-in latency from real swap-ins");
		return 0;
	case SP_VERDICT_BEST:
		sp_cat(buf, len,
		       "fastest swap-in: %s, median %s us (95 %% CI %s-%s us) over %llu real "
		       "swap-ins",
		       name(r, f->best), sp_fmt_us(a, lat(r, f->best)->p50_us),
		       sp_fmt_us(b, lat(r, f->best)->p50_ci_lo_us),
		       sp_fmt_us(c, lat(r, f->best)->p50_ci_hi_us),
		       (unsigned long long)lat(r, f->best)->samples);
		if (f->best_next.have) {
			const struct sp_pair *p = &f->best_next;
			char why[160];

			block_phrase(&p->res, why, sizeof(why));
			sp_fmt_us(a, lat(r, p->b)->p50_us);
			if (p->res.resolved)
				sp_cat(buf, len, "; ahead of %s (median %s us) by %.0f %% (%s)",
				       name(r, p->b), a, p->res.diff_pct, why);
			else
				sp_cat(buf, len, "; against %s (median %s us), %s", name(r, p->b),
				       a, why);
		}
		return 0;
	case SP_VERDICT_LOOP_TARGET:
		sp_cat(buf, len,
		       "caution: the target is a loop device, a file on another disk; its start, "
		       "end and middle are wherever the host put the file's blocks, so the "
		       "differences above are the host's, not a disk's geometry");
		return 0;
	case SP_VERDICT_START_END: {
		const struct sp_pair *p = &f->start_end;

		char why[160];

		block_phrase(&p->res, why, sizeof(why));
		sp_fmt_us(a, lat(r, p->a)->p50_us);
		sp_fmt_us(b, lat(r, p->b)->p50_us);
		if (!p->res.resolved)
			sp_cat(buf, len,
			       "swap partition at the start vs at the end: median %s vs %s us, %s",
			       a, b, why);
		else if (p->res.diff_pct >= 0)
			sp_cat(buf, len,
			       "swap partition at the start: %.1fx faster swap-in than at the "
			       "end (median %s vs %s us; %s)",
			       1 + p->res.diff_pct / 100, a, b, why);
		else
			sp_cat(buf, len,
			       "swap partition at the end: %.1fx faster swap-in than at the "
			       "start (median %s vs %s us; %s)",
			       1 / (1 + p->res.diff_pct / 100), b, a, why);
		return 0;
	}
	case SP_VERDICT_FILE: {
		const struct sp_pair *p = &f->file_start;

		sp_cat(buf, len, "the swap file lies in %zu %s %s", f->file_extents,
		       sp_plural(f->file_extents, "extent", "extents"),
		       region_phrase(f->file_region));
		if (f->file_region != SP_REGION_UNKNOWN)
			sp_cat(buf, len, " (%.0f-%.0f %% into the disk)", f->file_pos_lo * 100,
			       f->file_pos_hi * 100);
		switch (f->file_gap) {
		case SP_FILE_GAP_FILE:
			sp_cat(buf, len, "; it gave no swap-in latency (%s)",
			       sp_status_name(r->results[f->file].status));
			return 0;
		case SP_FILE_GAP_START:
			sp_cat(buf, len,
			       "; the start partition has no swap-in latency to compare it "
			       "with");
			return 0;
		case SP_FILE_GAP_NONE:
			break;
		}
		{
			char why[160];

			block_phrase(&p->res, why, sizeof(why));
			sp_fmt_us(a, lat(r, p->b)->p50_us);
			sp_fmt_us(b, lat(r, p->a)->p50_us);
			if (!p->res.resolved)
				sp_cat(buf, len,
				       "; against the start partition, median %s vs %s us, %s", a,
				       b, why);
			else if (p->res.diff_pct >= 0)
				sp_cat(buf, len,
				       " and costs %+.0f %% swap-in time over the start partition "
				       "(median %s vs %s us; %s)",
				       p->res.diff_pct, a, b, why);
			else
				sp_cat(buf, len,
				       " and swaps in %.0f %% faster than the start partition "
				       "(median %s vs %s us; %s)",
				       -p->res.diff_pct, a, b, why);
		}
		return 0;
	}
	case SP_VERDICT_ZRAM_DISK:
		sp_fmt_us(a, lat(r, f->best_zram)->p50_us);
		sp_fmt_us(b, lat(r, f->best_disk)->p50_us);
		if (f->zram_disk_ratio >= 1)
			sp_cat(buf, len,
			       "%s swaps in %.1fx faster than the best disk placement, %s "
			       "(median %s vs %s us), at the price of RAM",
			       name(r, f->best_zram), f->zram_disk_ratio, name(r, f->best_disk), a,
			       b);
		else
			sp_cat(buf, len,
			       "the disk placement %s swaps in %.1fx faster than the best "
			       "zram, %s (median %s vs %s us)",
			       name(r, f->best_disk), 1 / f->zram_disk_ratio, name(r, f->best_zram),
			       b, a);
		if (f->zram_ratio > 0)
			sp_cat(buf, len, "; zram stored the pages at %.2f:1", f->zram_ratio);
		return 0;
	case SP_VERDICT_FLOOR: {
		int i = f->best_disk;

		char lo[24], hi[24];

		/*
		 * Like for like: a direct read of the very slots, in the same blocks. The
		 * difference is printed as measured, negative too, with its interval.
		 */
		sp_cat(buf, len,
		       "%s: a swap-in alone takes %.2fx a direct 4 KiB read of the same swap "
		       "slots (median %s vs %s us); the kernel's swap path adds %s us per page "
		       "(95 %% CI %s to %s us)",
		       name(r, i), lat(r, i)->p50_us / r->results[i].fault_probe.floor.lat.p50_us,
		       sp_fmt_us(a, lat(r, i)->p50_us),
		       sp_fmt_us(b, r->results[i].fault_probe.floor.lat.p50_us),
		       signed_us(c, 16, f->slot_floor_add_us[i]),
		       signed_us(lo, sizeof(lo), f->slot_floor_lo_us[i]),
		       signed_us(hi, sizeof(hi), f->slot_floor_hi_us[i]));
		return 0;
	}
	case SP_VERDICT_PRESSURE:
		if (f->none_oom_killed &&
		    (!r->results[f->none].pressure_probe.touches || !(f->none_touches_per_s > 0)))
			/* killed while it filled its memory: no touch was timed, no rate exists */
			sp_cat(buf, len,
			       "without swap the workload over its memory limit was "
			       "OOM-killed before its first timed touch, so no rate was measured");
		else if (f->none_oom_killed)
			sp_cat(buf, len,
			       "without swap the workload over its memory limit was "
			       "OOM-killed (%s touches/s until then)",
			       sp_fmt_rate(a, f->none_touches_per_s));
		else
			sp_cat(buf, len,
			       "without swap the workload over its memory limit ran at %s "
			       "touches/s",
			       sp_fmt_rate(a, f->none_touches_per_s));
		if (f->best_pressure < 0) {
			sp_cat(buf, len, "; no placement with swap completed the pressure probe");
			return 0;
		}
		sp_cat(buf, len, "; with %s it ran at %s touches/s", name(r, f->best_pressure),
		       sp_fmt_rate(b, f->best_pressure_touches_per_s));
		if (f->pressure_ratio > 0 && !f->none_oom_killed)
			sp_cat(buf, len, " (%.1fx)", f->pressure_ratio);
		if (r->results[f->best_pressure].pressure_probe.oom_killed)
			sp_cat(buf, len, " before it was OOM-killed too");
		return 0;
	case SP_VERDICT_INTEGRITY_OK:
		sp_cat(buf, len, "all %llu pages checked after swap-in matched their headers",
		       (unsigned long long)f->pages_checked);
		return 0;
	case SP_VERDICT_COMPRESSION:
		sp_cat(buf, len, "the probe's pages compressed %.2f:1 under zstd", f->data_ratio);
		if (f->zram_ratio > 0)
			sp_cat(buf, len, "; %s held them at %.2f:1 (kernel mm_stat)",
			       name(r, f->best_zram), f->zram_ratio);
		return 0;
	case SP_VERDICT_NOT_OK:
		sp_cat(buf, len, "%zu %s gave no latency:", f->n_not_ok,
		       sp_plural(f->n_not_ok, "placement", "placements"));
		for (size_t i = 0; i < f->n_not_ok; i++)
			sp_cat(buf, len, "%s %s (%s)", i ? "," : "", name(r, f->not_ok[i]),
			       sp_status_name(r->results[f->not_ok[i]].status));
		sp_cat(buf, len, "; each has its reason in the report");
		return 0;
	case SP_VERDICT_BUILD:
		build_sentence(r, f, buf, len);
		return 0;
	case SP_VERDICT_BUILD_START_END:
		build_start_end_sentence(r, f, buf, len);
		return 0;
	case SP_VERDICT_SERVICE_FITS:
	case SP_VERDICT_SERVICE_COLD:
	case SP_VERDICT_SERVICE_HOT:
	case SP_VERDICT_SERVICE_SPIKE:
		service_sentence(r, f, (int)(k - SP_VERDICT_SERVICE_FITS), buf, len);
		return 0;
	case SP_VERDICT_CACHE:
		cache_sentence(r, f, buf, len);
		return 0;
	case SP_VERDICT_GC:
		gc_sentence(r, f, buf, len);
		return 0;
	case SP_VERDICT_TRY:
		try_sentence(r, f, buf, len);
		return 0;
	case SP_VERDICT_SWEEP_SWAPPINESS:
	case SP_VERDICT_SWEEP_PAGE_CLUSTER: {
		const struct sp_sweep_knob_finding *kf =
		    sp_sweep_finding_of(&f->sweep, (enum sp_knob)(k - SP_VERDICT_SWEEP_SWAPPINESS));

		if (!kf)
			return -EINVAL;
		sp_sweep_sentence(kf, buf, len);
		return 0;
	}
	default:
		return -EINVAL;
	}
}
