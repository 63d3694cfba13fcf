/*
 * serverjob.c - the cache and gc scenarios' pure half (see serverjob.h): sizing,
 * counter parsing, counters into results, the trap finding and the pause statistics.
 */
#include "core/scenario/serverjob.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/measure/hist.h"
#include "core/measure/procparse.h"

/* ---- counters ---- */

static const char *const scope_names[] = {
    [SP_SCOPE_NONE] = "none",
    [SP_SCOPE_CGROUP] = "cgroup",
    [SP_SCOPE_SYSTEM] = "system",
};

const char *sp_scope_name(enum sp_scope s)
{
	return (unsigned)s < sizeof(scope_names) / sizeof(scope_names[0]) ? scope_names[s] : "none";
}

int sp_scope_parse(const char *s, enum sp_scope *out)
{
	for (size_t i = 0; s && i < sizeof(scope_names) / sizeof(scope_names[0]); i++)
		if (!strcmp(s, scope_names[i])) {
			*out = (enum sp_scope)i;
			return 0;
		}
	return -EINVAL;
}

/*
 * Sum every "allocstall*" line: since 4.x the kernel counts direct-reclaim stalls per zone
 * (allocstall_dma32, allocstall_normal, allocstall_movable, ...), earlier in one line.
 */
static int sum_allocstall(const char *text, uint64_t *sum)
{
	const char *line = text;
	int found = 0;

	*sum = 0;
	while (line && *line) {
		const char *nl = strchr(line, '\n');

		if (strncmp(line, "allocstall", 10) == 0 && (line[10] == ' ' || line[10] == '_')) {
			const char *sp = strchr(line, ' ');
			char *end;
			unsigned long long v;

			if (!sp || (nl && sp > nl))
				return -EINVAL;
			v = strtoull(sp + 1, &end, 10);
			if (end == sp + 1)
				return -EINVAL;
			*sum += v;
			found = 1;
		}
		line = nl ? nl + 1 : NULL;
	}
	return found ? 0 : -ENOENT;
}

int sp_server_vm_parse(const char *text, struct sp_server_vm *out)
{
	int ret;

	if (!text || !out)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	ret = sp_parse_vmstat(text, "pswpin", &out->pswpin);
	if (!ret)
		ret = sp_parse_vmstat(text, "pswpout", &out->pswpout);
	if (ret)
		return ret;
	ret = sp_parse_vmstat(text, "pgscan_direct", &out->pgscan_direct);
	if (ret && ret != -ENOENT)
		return ret;
	out->has_pgscan_direct = ret == 0;
	ret = sum_allocstall(text, &out->allocstall);
	if (ret && ret != -ENOENT)
		return ret;
	out->has_allocstall = ret == 0;
	return 0;
}

/* "avg10=N.NN" in the line that starts with word. Returns: 0, -ENOENT, -EINVAL. */
static int psi_avg10(const char *text, const char *word, double *v)
{
	size_t wl = strlen(word);
	const char *line = text;

	while (line && *line) {
		const char *nl = strchr(line, '\n');

		if (strncmp(line, word, wl) == 0 && line[wl] == ' ') {
			const char *a = strstr(line, "avg10=");
			char *end;

			if (!a || (nl && a > nl))
				return -EINVAL;
			*v = strtod(a + 6, &end);
			if (end == a + 6 || *v < 0)
				return -EINVAL;
			return 0;
		}
		line = nl ? nl + 1 : NULL;
	}
	return -ENOENT;
}

int sp_psi_parse(const char *text, double *some_avg10, double *full_avg10, int *has_full)
{
	int ret;

	if (!text || !some_avg10 || !full_avg10 || !has_full)
		return -EINVAL;
	ret = psi_avg10(text, "some", some_avg10);
	if (ret)
		return ret;
	ret = psi_avg10(text, "full", full_avg10);
	if (ret && ret != -ENOENT)
		return ret;
	*has_full = ret == 0;
	if (!*has_full)
		*full_avg10 = 0;
	return 0;
}

/* ---- cache ---- */

/* The limit in pages, or 0 for a page size no machine has or a limit under 64 pages. */
static uint64_t limit_pages_of(uint64_t limit_bytes, uint64_t page_bytes)
{
	if (page_bytes < 64 || page_bytes % 8 != 0 || limit_bytes / page_bytes < 64)
		return 0;
	return limit_bytes / page_bytes;
}

int sp_cache_plan_make(uint64_t limit_bytes, double cache_pct, double other_pct,
		       uint64_t page_bytes, struct sp_cache_plan *out)
{
	uint64_t limit_pages = limit_pages_of(limit_bytes, page_bytes);

	if (!out || !limit_pages || !(cache_pct > 0 && cache_pct <= 200) ||
	    !(other_pct >= 0 && other_pct < 100))
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->limit_bytes = limit_bytes;
	out->page_bytes = page_bytes;
	out->cache_pct = cache_pct;
	out->cache_pages = (uint64_t)((double)limit_pages * cache_pct / 100.0);
	out->other_pages = (uint64_t)((double)limit_pages * other_pct / 100.0);
	if (out->cache_pages < 1)
		out->cache_pages = 1;
	/* the database is one budget; a pool beyond it (pct > 100) still holds only that */
	out->db_pages = limit_pages;
	if (out->cache_pages > out->db_pages)
		out->cache_pages = out->db_pages;
	return 0;
}

int sp_cache_case_finish(const struct sp_server_vm *v0, const struct sp_server_vm *v1,
			 double span_s, uint64_t ops, const struct sp_hist *lat_ns,
			 struct sp_cache_case *c)
{
	if (!v0 || !v1 || !lat_ns || !c || !(span_s > 0))
		return -EINVAL;
	if (v1->pswpin < v0->pswpin || v1->pswpout < v0->pswpout ||
	    (v0->has_pgscan_direct && v1->has_pgscan_direct &&
	     v1->pgscan_direct < v0->pgscan_direct) ||
	    (v0->has_allocstall && v1->has_allocstall && v1->allocstall < v0->allocstall))
		return -EINVAL;
	c->span_s = span_s;
	c->ops = ops;
	c->ops_per_s = (double)ops / span_s;
	c->p50_ms = (double)sp_hist_quantile(lat_ns, 0.50) / 1e6;
	c->p95_ms = (double)sp_hist_quantile(lat_ns, 0.95) / 1e6;
	c->p99_ms = (double)sp_hist_quantile(lat_ns, 0.99) / 1e6;
	c->pswpin = v1->pswpin - v0->pswpin;
	c->pswpout = v1->pswpout - v0->pswpout;
	c->swapin_pages_per_s = (double)c->pswpin / span_s;
	c->swapout_pages_per_s = (double)c->pswpout / span_s;
	c->has_pgscan_direct = v0->has_pgscan_direct && v1->has_pgscan_direct;
	c->pgscan_direct = c->has_pgscan_direct ? v1->pgscan_direct - v0->pgscan_direct : 0;
	c->has_allocstall = v0->has_allocstall && v1->has_allocstall;
	c->allocstall = c->has_allocstall ? v1->allocstall - v0->allocstall : 0;
	c->status = SP_STATUS_OK;
	c->reason[0] = '\0';
	return 0;
}

static int out_share(uint64_t out_bytes, uint64_t size_bytes)
{
	return size_bytes &&
	       (double)out_bytes * 100.0 >= (double)size_bytes * SP_CACHE_TRAP_SWAPPED_PCT;
}

/*
 * The pool's own swap use says it: evicted.pool_bytes (the Swap of the pool's mapping) where it
 * was read, else the pool's pages mincore found not resident.
 */
int sp_cache_case_swaps_own_cache(const struct sp_cache_case *c)
{
	if (!c || c->status != SP_STATUS_OK || !c->has_swapped)
		return 0;
	return out_share(c->evicted.has ? c->evicted.pool_bytes : c->cache_swapped_bytes,
			 c->cache_bytes);
}

enum sp_cache_out sp_cache_case_out(const struct sp_cache_case *c)
{
	int pool, other;

	if (!c || c->status != SP_STATUS_OK || !c->evicted.has)
		return SP_CACHE_OUT_UNKNOWN;
	pool = out_share(c->evicted.pool_bytes, c->cache_bytes);
	other = out_share(c->evicted.other_bytes, c->other_bytes);
	if (pool && other)
		return SP_CACHE_OUT_BOTH;
	if (pool)
		return SP_CACHE_OUT_POOL;
	return other ? SP_CACHE_OUT_OTHER : SP_CACHE_OUT_NONE;
}

void sp_cache_evicted_most(struct sp_scenario_cache *s)
{
	if (!s)
		return;
	memset(&s->evicted, 0, sizeof(s->evicted));
	for (size_t i = 0; i < s->n_cases && i < SP_CACHE_MAX_CASES; i++) {
		const struct sp_cache_case *c = &s->cases[i];

		if (c->status != SP_STATUS_OK || !c->evicted.has)
			continue;
		s->evicted.has = 1;
		if (c->evicted.pool_bytes > s->evicted.pool_bytes)
			s->evicted.pool_bytes = c->evicted.pool_bytes;
		if (c->evicted.other_bytes > s->evicted.other_bytes)
			s->evicted.other_bytes = c->evicted.other_bytes;
	}
}

int sp_cache_trap_find(const struct sp_scenario_cache *s, struct sp_cache_trap *out)
{
	const struct sp_cache_case *trap = NULL, *clean = NULL;

	if (!s || !out || s->n_cases > SP_CACHE_MAX_CASES)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->last_clean = -1;
	/* the cases may come in any order: the trap is the smallest pool that swapped */
	for (size_t i = 0; i < s->n_cases; i++) {
		const struct sp_cache_case *c = &s->cases[i];

		if (c->status != SP_STATUS_OK || !c->has_swapped)
			continue;
		out->n_measured++;
		if (sp_cache_case_swaps_own_cache(c) && (!trap || c->cache_pct < trap->cache_pct))
			trap = c;
	}
	if (!trap)
		return 0;
	out->found = 1;
	out->cache_pct = trap->cache_pct;
	for (size_t i = 0; i < s->n_cases; i++) {
		const struct sp_cache_case *c = &s->cases[i];

		if (c->status != SP_STATUS_OK || !c->has_swapped ||
		    sp_cache_case_swaps_own_cache(c) || c->cache_pct >= trap->cache_pct)
			continue;
		if (!clean || c->cache_pct > clean->cache_pct) {
			clean = c;
			out->last_clean = (int)i;
		}
	}
	if (clean) {
		out->clean_pct = clean->cache_pct;
		out->ops_ratio = clean->ops_per_s > 0 ? trap->ops_per_s / clean->ops_per_s : 0;
	}
	return 0;
}

/* ---- gc ---- */

int sp_gc_plan_make(uint64_t limit_bytes, double heap_pct, double alloc_pct, uint64_t page_bytes,
		    struct sp_gc_plan *out)
{
	uint64_t limit_pages = limit_pages_of(limit_bytes, page_bytes);
	uint64_t meta;

	if (!out || !limit_pages || !(heap_pct > 0 && heap_pct < 100) ||
	    !(alloc_pct > 0 && alloc_pct <= 400))
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->limit_bytes = limit_bytes;
	out->page_bytes = page_bytes;
	out->heap_pages = (uint64_t)((double)limit_pages * heap_pct / 100.0);
	if (out->heap_pages < 1)
		out->heap_pages = 1;
	meta = out->heap_pages / SP_GC_META_DIVISOR;
	out->meta_pages = meta < SP_GC_META_MIN_PAGES	? SP_GC_META_MIN_PAGES
			  : meta > SP_GC_META_MAX_PAGES ? SP_GC_META_MAX_PAGES
							: meta;
	out->alloc_pages = (uint64_t)((double)limit_pages * alloc_pct / 100.0);
	if (out->alloc_pages < 1)
		out->alloc_pages = 1;
	out->excess_pages =
	    (int64_t)(out->heap_pages + out->meta_pages + out->alloc_pages) - (int64_t)limit_pages;
	return 0;
}

int sp_gc_summarize(const uint64_t *pause_ns, const uint64_t *faults, size_t n,
		    struct sp_gc_pauses *out, struct sp_gc_pause *list, size_t max, size_t *n_list)
{
	struct sp_hist *all, *faulting;

	if (!out || (n && (!pause_ns || !faults)) || (max && (!list || !n_list)))
		return -EINVAL;
	all = malloc(2 * sizeof(*all));
	if (!all)
		return -ENOMEM;
	faulting = all + 1;
	sp_hist_init(all);
	sp_hist_init(faulting);
	memset(out, 0, sizeof(*out));
	out->pauses = n;
	for (size_t i = 0; i < n; i++) {
		sp_hist_add(all, pause_ns[i]);
		out->faults_in_pauses += faults[i];
		if (faults[i]) {
			sp_hist_add(faulting, pause_ns[i]);
			out->pauses_with_faults++;
		}
		if (i < max)
			list[i] = (struct sp_gc_pause){(double)pause_ns[i] / 1e6, faults[i]};
	}
	if (max)
		*n_list = n < max ? n : max;
	out->p50_pause_ms = (double)sp_hist_quantile(all, 0.50) / 1e6;
	out->p99_pause_ms = (double)sp_hist_quantile(all, 0.99) / 1e6;
	out->worst_pause_ms = n ? (double)all->max_ns / 1e6 : 0;
	out->faulting_p50_pause_ms =
	    out->pauses_with_faults ? (double)sp_hist_quantile(faulting, 0.50) / 1e6 : 0;
	free(all);
	return 0;
}

void sp_gc_alloc_summarize(const struct sp_hist *alloc_ns, struct sp_gc_alloc_latency *out)
{
	out->p50_us = (double)sp_hist_quantile(alloc_ns, 0.50) / 1e3;
	out->p99_us = (double)sp_hist_quantile(alloc_ns, 0.99) / 1e3;
	out->max_us = alloc_ns->total ? (double)alloc_ns->max_ns / 1e3 : 0;
}

void sp_gc_pauses_put(const struct sp_gc_pauses *p, struct sp_scenario_gc *out)
{
	out->pauses = p->pauses;
	out->p50_pause_ms = p->p50_pause_ms;
	out->p99_pause_ms = p->p99_pause_ms;
	out->worst_pause_ms = p->worst_pause_ms;
	out->faults_in_pauses = p->faults_in_pauses;
	out->pauses_with_faults = p->pauses_with_faults;
	out->faulting_p50_pause_ms = p->faulting_p50_pause_ms;
}

double sp_gc_cycle_cap_s(double span_s)
{
	return span_s > 0 && isfinite(span_s) ? span_s / 4 : 0;
}

int sp_gc_cycle_fits(double elapsed_s, double last_cycle_s, double span_s, uint64_t cycles)
{
	if (cycles == 0)
		return 1;
	return elapsed_s + (last_cycle_s > 0 ? last_cycle_s : 0) <= span_s;
}

/* ---- in `run` ---- */

int sp_cache_times(double case_s, double *warmup_s, double *duration_s, double *timeout_s)
{
	double warm = case_s / 4;

	if (!(case_s > 0) || !isfinite(case_s) || !warmup_s || !duration_s || !timeout_s)
		return -EINVAL;
	*warmup_s = warm < 1 ? 1 : warm > 2 ? 2 : warm;
	*duration_s = case_s;
	*timeout_s = 60 + 4 * (*warmup_s + case_s);
	return 0;
}

int sp_gc_times(double span_s, double *duration_s, double *timeout_s)
{
	if (!(span_s > 0) || !isfinite(span_s) || !duration_s || !timeout_s)
		return -EINVAL;
	*duration_s = span_s;
	*timeout_s = 60 + 4 * span_s;
	return 0;
}

double sp_cache_case_estimate_s(double case_s)
{
	double warm, dur, timeout;

	if (sp_cache_times(case_s, &warm, &dur, &timeout) < 0)
		return 0;
	return SP_SERVER_FILL_EST_S + warm + dur;
}

double sp_gc_baseline_s(double span_s)
{
	if (!(span_s > 0) || !isfinite(span_s))
		return 0;
	return span_s / 4 < SP_GC_BASELINE_S ? span_s / 4 : SP_GC_BASELINE_S;
}

double sp_gc_estimate_s(double span_s)
{
	double dur, timeout;

	if (sp_gc_times(span_s, &dur, &timeout) < 0)
		return 0;
	return SP_SERVER_FILL_EST_S + sp_gc_baseline_s(span_s) + dur;
}
