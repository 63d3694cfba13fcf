/*
 * analysis.c - findings from a report: ranking, ratios, CI overlaps, the swap file's position.
 *
 * Pure arithmetic over struct sp_report. A placement is ranked only when its status is ok and
 * its fault probe produced a median from real swap-ins; an invalid or failed placement has no
 * latency to compare, and comparing it anyway is exactly the mistake the tool exists to avoid.
 */
#include "core/findings/analysis.h"

#include <errno.h>
#include <string.h>

#include "core/measure/hist.h"
#include "core/plan/placements.h"
#include "core/scenario/service.h"

static const char *const region_names[] = {
    [SP_REGION_UNKNOWN] = "unknown", [SP_REGION_START] = "start",   [SP_REGION_MID] = "mid",
    [SP_REGION_END] = "end",	     [SP_REGION_SPREAD] = "spread",
};

static const char *const verdict_names[] = {
    [SP_VERDICT_INTEGRITY_BAD] = "integrity-mismatch",
    [SP_VERDICT_BEST] = "best",
    [SP_VERDICT_START_END] = "start-vs-end",
    [SP_VERDICT_FILE] = "file",
    [SP_VERDICT_ZRAM_DISK] = "zram-vs-disk",
    [SP_VERDICT_FLOOR] = "device-floor",
    [SP_VERDICT_PRESSURE] = "pressure",
    [SP_VERDICT_INTEGRITY_OK] = "integrity-ok",
    [SP_VERDICT_COMPRESSION] = "compression",
    [SP_VERDICT_NOT_OK] = "not-ok",
    [SP_VERDICT_NONE] = "nothing-measured",
    [SP_VERDICT_LOOP_TARGET] = "loop-target",
    [SP_VERDICT_BUILD] = "build-job",
    [SP_VERDICT_BUILD_START_END] = "build-start-vs-end",
    [SP_VERDICT_SERVICE_FITS] = "service-fits",
    [SP_VERDICT_SERVICE_COLD] = "service-cold",
    [SP_VERDICT_SERVICE_HOT] = "service-hot",
    [SP_VERDICT_SERVICE_SPIKE] = "service-spike",
    [SP_VERDICT_CACHE] = "cache-trap",
    [SP_VERDICT_GC] = "gc-pause",
    [SP_VERDICT_TRY] = "try",
    [SP_VERDICT_CAPS_NOT_APPLIED] = "caps-not-applied",
    [SP_VERDICT_BUDGET_KEPT] = "budget-kept",
    [SP_VERDICT_SWEEP_SWAPPINESS] = "sweep-swappiness",
    [SP_VERDICT_SWEEP_PAGE_CLUSTER] = "sweep-page-cluster",
};

const char *sp_region_name(enum sp_region g)
{
	if ((unsigned)g >= sizeof(region_names) / sizeof(region_names[0]))
		return "unknown";
	return region_names[g];
}

const char *sp_verdict_kind_name(enum sp_verdict_kind k)
{
	if ((unsigned)k >= SP_VERDICT_KINDS)
		return "unknown";
	return verdict_names[k];
}

/* The first result of kind k (by kind, never by name: a name is only a label). */
static int find(const struct sp_report *r, enum sp_placement_kind k)
{
	for (size_t i = 0; i < r->n_results; i++)
		if (r->results[i].id.kind == k)
			return (int)i;
	return -1;
}

static int is_ranked(const struct sp_findings *f, int idx)
{
	for (size_t i = 0; i < f->n_ranked; i++)
		if (f->ranked[i] == idx)
			return 1;
	return 0;
}

static int has_latency(const struct sp_result *res)
{
	const struct sp_fault_probe *fp = &res->fault_probe;

	/* corrupted pages are no latency, whatever an older report's status says */
	return res->status == SP_STATUS_OK && fp->done && !fp->invalid && fp->lat.samples > 0 &&
	       fp->lat.p50_us > 0 && !res->integrity.mismatches;
}

static double median(const struct sp_report *r, int idx)
{
	return r->results[idx].fault_probe.lat.p50_us;
}

/* A missing CI (zero bounds) degrades to the point itself: no interval, no claimed overlap. */
static void ci_of(const struct sp_lat_summary *l, double *lo, double *hi)
{
	*lo = l->p50_ci_lo_us > 0 ? l->p50_ci_lo_us : l->p50_us;
	*hi = l->p50_ci_hi_us > 0 ? l->p50_ci_hi_us : l->p50_us;
}

static void pair(const struct sp_report *r, const struct sp_findings *f, int a, int b,
		 struct sp_pair *p)
{
	double alo, ahi, blo, bhi;

	memset(p, 0, sizeof(*p));
	p->a = a;
	p->b = b;
	if (a < 0 || b < 0 || !is_ranked(f, a) || !is_ranked(f, b))
		return;
	p->have = 1;
	p->ratio = median(r, b) / median(r, a);
	ci_of(&r->results[a].fault_probe.lat, &alo, &ahi);
	ci_of(&r->results[b].fault_probe.lat, &blo, &bhi);
	p->ci_overlap = alo <= bhi && blo <= ahi;
	{
		const struct sp_fault_probe *fa = &r->results[a].fault_probe;
		const struct sp_fault_probe *fb = &r->results[b].fault_probe;
		size_t n = fa->n_blocks < fb->n_blocks ? fa->n_blocks : fb->n_blocks;

		if (n > SP_MAX_BLOCKS)
			n = SP_MAX_BLOCKS;
		sp_resolve_pairs(fa->block_p50_us, fb->block_p50_us, n, r->min_effect_pct, &p->res);
	}
}

static void rank(const struct sp_report *r, struct sp_findings *f)
{
	/* insertion sort: stable, so equal medians keep report order (deterministic output) */
	for (size_t i = 0; i < r->n_results; i++) {
		size_t j;

		if (!has_latency(&r->results[i]))
			continue;
		j = f->n_ranked++;
		while (j > 0 && median(r, f->ranked[j - 1]) > median(r, (int)i)) {
			f->ranked[j] = f->ranked[j - 1];
			j--;
		}
		f->ranked[j] = (int)i;
	}
	f->best = f->n_ranked ? f->ranked[0] : -1;
	for (size_t i = 0; i < f->n_ranked; i++)
		f->ratio_to_best[i] = median(r, f->ranked[i]) / median(r, f->best);
}

static void floors(const struct sp_report *r, struct sp_findings *f)
{
	for (size_t i = 0; i < f->n_ranked; i++) {
		const struct sp_result *res = &r->results[f->ranked[i]];
		double dev = res->device_probe.qd1.p50_us;

		/*
		 * Like for like: one swap-in at a time against one read at a time. A report from
		 * before the one-thread headline timed several threads queueing on the device, and
		 * the difference would be queueing, not the kernel's swap path.
		 */
		const struct sp_fault_probe *fp = &res->fault_probe;
		int k = f->ranked[i];
		double half;

		/* the like-for-like floor: the same slots, the same blocks, one thread */
		if (fp->floor.done && fp->floor.lat.p50_us > 0 && fp->threads <= 1 &&
		    sp_hist_paired_block_ci_half(
			fp->block_p50_us, fp->floor.block_p50_us,
			fp->n_blocks < fp->floor.n_blocks ? fp->n_blocks : fp->floor.n_blocks,
			&half) == 0) {
			f->slot_floor_have[k] = 1;
			f->slot_floor_add_us[k] = fp->lat.p50_us - fp->floor.lat.p50_us;
			f->slot_floor_lo_us[k] = f->slot_floor_add_us[k] - half;
			f->slot_floor_hi_us[k] = f->slot_floor_add_us[k] + half;
		}
		/*
		 * zram: the device probe's io_uring reads of a zram device are punted to io-wq
		 * (no NOWAIT) and read slots never written (no decompression): no floor for a
		 * swap-in there (docs/method.md, "zram and the device probe").
		 */
		if (!res->device_probe.done || dev <= 0 || res->fault_probe.threads > 1 ||
		    res->id.kind == SP_PL_ZRAM)
			continue;
		f->floor_ratio[f->ranked[i]] = res->fault_probe.lat.p50_us / dev;
		f->floor_overhead_us[f->ranked[i]] = res->fault_probe.lat.p50_us - dev;
	}
}

/* Each device probe's range: read after writing it, or on an SSD perhaps never written. */
static void dev_ranges(const struct sp_report *r, struct sp_findings *f)
{
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_device_probe *d = &r->results[i].device_probe;
		enum sp_dev_range k = SP_DEV_RANGE_UNKNOWN;

		if (!d->done || !d->has_range_written)
			k = SP_DEV_RANGE_UNKNOWN;
		else if (d->range_written)
			k = SP_DEV_RANGE_WRITTEN;
		else if (d->has_rotational)
			k = d->rotational ? SP_DEV_RANGE_SPINNING : SP_DEV_RANGE_UNWRITTEN_SSD;
		f->dev_range[i] = k;
		f->n_dev_written += k == SP_DEV_RANGE_WRITTEN;
		f->n_dev_unwritten_ssd += k == SP_DEV_RANGE_UNWRITTEN_SSD;
	}
}

/*
 * The disk span the file's position is measured against: from the first sector of the start
 * partition to the last of the end partition (they sit at the disk's very edges), else the
 * whole target device when its size is known.
 */
static int disk_span(const struct sp_report *r, double *lo, double *hi)
{
	int s = find(r, SP_PL_START), e = find(r, SP_PL_END);

	if (s >= 0 && e >= 0 && r->results[s].n_extents && r->results[e].n_extents) {
		const struct sp_result *rs = &r->results[s], *re = &r->results[e];
		uint64_t a = rs->extents[0].start_sector, b = 0;

		for (size_t i = 0; i < rs->n_extents; i++)
			if (rs->extents[i].start_sector < a)
				a = rs->extents[i].start_sector;
		for (size_t i = 0; i < re->n_extents; i++) {
			uint64_t end = re->extents[i].start_sector + re->extents[i].sectors;

			if (end > b)
				b = end;
		}
		if (b > a) {
			*lo = (double)a;
			*hi = (double)b;
			return 0;
		}
	}
	for (size_t i = 0; r->target[0] && i < r->n_devices; i++) {
		if (strcmp(r->devices[i].path, r->target) == 0 && r->devices[i].size_bytes >= 512) {
			*lo = 0;
			*hi = (double)(r->devices[i].size_bytes / 512);
			return 0;
		}
	}
	return -ENOENT;
}

static double clamp01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

static void file_position(const struct sp_report *r, struct sp_findings *f)
{
	const struct sp_result *res;
	double lo, hi, first = -1, last = 0, wsum = 0, wn = 0;

	if (f->file < 0)
		return;
	res = &r->results[f->file];
	f->file_extents = res->n_extents;
	if (!res->n_extents || disk_span(r, &lo, &hi) < 0)
		return;
	for (size_t i = 0; i < res->n_extents; i++) {
		double s = (double)res->extents[i].start_sector;
		double n = (double)res->extents[i].sectors;

		if (first < 0 || s < first)
			first = s;
		if (s + n > last)
			last = s + n;
		wsum += n * (s + n / 2);
		wn += n;
	}
	if (wn <= 0)
		return;
	f->file_pos_lo = clamp01((first - lo) / (hi - lo));
	f->file_pos_hi = clamp01((last - lo) / (hi - lo));
	f->file_pos_mid = clamp01((wsum / wn - lo) / (hi - lo));
	if (f->file_pos_hi - f->file_pos_lo > 0.5)
		f->file_region = SP_REGION_SPREAD;
	else if (f->file_pos_mid < 1.0 / 3)
		f->file_region = SP_REGION_START;
	else if (f->file_pos_mid < 2.0 / 3)
		f->file_region = SP_REGION_MID;
	else
		f->file_region = SP_REGION_END;
}

static void zram_disk(const struct sp_report *r, struct sp_findings *f)
{
	f->best_zram = f->best_disk = -1;
	for (size_t i = 0; i < f->n_ranked; i++) {
		enum sp_placement_kind k = r->results[f->ranked[i]].id.kind;

		if (k == SP_PL_ZRAM) {
			if (f->best_zram < 0)
				f->best_zram = f->ranked[i];
		} else if (sp_placement_on_disk(k) && f->best_disk < 0) {
			f->best_disk = f->ranked[i];
		}
	}
	if (f->best_zram >= 0 && f->best_disk >= 0)
		f->zram_disk_ratio = median(r, f->best_disk) / median(r, f->best_zram);
	if (f->best_zram >= 0 && r->results[f->best_zram].compression.zram)
		f->zram_ratio = r->results[f->best_zram].compression.zram_ratio;
}

static void pressure(const struct sp_report *r, struct sp_findings *f)
{
	int n = find(r, SP_PL_NONE);

	f->none = -1;
	f->best_pressure = -1;
	if (n >= 0 && r->results[n].pressure_probe.done) {
		f->none = n;
		f->none_oom_killed = r->results[n].pressure_probe.oom_killed;
		f->none_touches_per_s = r->results[n].pressure_probe.touches_per_s;
	}
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_result *res = &r->results[i];

		if (res->status != SP_STATUS_OK || !res->pressure_probe.done ||
		    res->id.kind == SP_PL_NONE)
			continue;
		if (f->best_pressure < 0 ||
		    res->pressure_probe.touches_per_s > f->best_pressure_touches_per_s) {
			f->best_pressure = (int)i;
			f->best_pressure_touches_per_s = res->pressure_probe.touches_per_s;
		}
	}
	if (f->none >= 0 && f->best_pressure >= 0 && f->none_touches_per_s > 0)
		f->pressure_ratio = f->best_pressure_touches_per_s / f->none_touches_per_s;
}

/* The job scenario: the ranking by wall time (core/scenario/scenario.c) and what did not finish. */
static void build(const struct sp_report *r, struct sp_findings *f)
{
	int pc = -2;

	f->build_page_cluster = -1;
	f->build_job = -1;
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_scenario_build *b = &r->results[i].scenarios.build;

		if (b->n_runs > f->build_runs)
			f->build_runs = b->n_runs;
		if (!b->done)
			continue;
		if (!f->has_build) /* which job ran: the first placement's says */
			f->build_user = b->job[0] && strcmp(b->job, "build") != 0;
		if (!f->has_build)
			f->build_job = (int)i;
		f->has_build = 1;
		if (b->status != SP_STATUS_OK)
			f->build_not_ok[f->n_build_not_ok++] = (int)i;
		else if (pc == -2)
			pc = b->page_cluster;
		else if (pc != b->page_cluster)
			pc = -1;
	}
	if (!f->has_build)
		return;
	sp_build_rank(r->results, r->n_results, r->min_effect_pct, &f->build);
	f->build_page_cluster = pc >= 0 ? pc : -1;
}

_Static_assert(SP_VERDICT_SWEEP_PAGE_CLUSTER - SP_VERDICT_SWEEP_SWAPPINESS == SP_KNOB_PAGE_CLUSTER,
	       "the sweep's verdict kinds follow its knobs");
_Static_assert(SP_VERDICT_SERVICE_SPIKE - SP_VERDICT_SERVICE_FITS == SP_SVC_SPIKE &&
		   SP_VERDICT_SERVICE_FITS + SP_SVC_N_CASES == SP_VERDICT_SERVICE_SPIKE + 1,
	       "the service's verdict kinds follow its cases");

/* The index of case kind k in res's service scenario, or -1. */
static int case_of(const struct sp_result *res, enum sp_service_case_kind k)
{
	const struct sp_scenario_service *s = &res->scenarios.service;

	for (size_t i = 0; i < s->n_cases && i < SP_SVC_N_CASES; i++)
		if (!strcmp(s->cases[i].name, sp_service_case_name(k)))
			return (int)i;
	return -1;
}

/* a better than b: fewer failed requests, then fewer OOM kills, then a lower p95 */
static int better_case(const struct sp_service_case *a, const struct sp_service_case *b)
{
	return sp_service_case_worse(b, a);
}

/*
 * a ahead of b (struct sp_service_finding's apart): by the counts, or by p95 as the paired test
 * over their runs resolves it (res, Holm-corrected later across the cases).
 */
static int case_apart(const struct sp_service_case *a, const struct sp_service_case *b,
		      double min_effect, struct sp_service_finding *sf)
{
	size_t na = a->n_runs ? a->n_runs : 1, nb = b->n_runs ? b->n_runs : 1;
	size_t n = na < nb ? na : nb;

	if (a->failed != b->failed || a->oom_kills != b->oom_kills) {
		sf->by_counts = 1;
		return better_case(a, b);
	}
	if (n > SP_SERVICE_MAX_RUNS)
		n = SP_SERVICE_MAX_RUNS;
	if (a->n_runs && b->n_runs)
		sp_resolve_pairs(a->p95_ms_runs, b->p95_ms_runs, n, min_effect, &sf->res);
	return sf->res.resolved && sf->res.diff_pct > 0;
}

/* The service scenario: per case, the best placement with swap and the no-swap baseline. */
static void service(const struct sp_report *r, struct sp_findings *f)
{
	for (int k = 0; k < SP_SVC_N_CASES; k++) {
		struct sp_service_finding *sf = &f->service[k];

		sf->best = sf->none = sf->best_fits_case = sf->best_case = sf->none_case = -1;
		sf->runner_up = sf->runner_up_case = -1;
		for (size_t i = 0; i < r->n_results; i++) {
			const struct sp_result *res = &r->results[i];
			int c = case_of(res, (enum sp_service_case_kind)k);

			if (c < 0)
				continue;
			sf->have = f->has_service = 1;
			if (res->id.kind == SP_PL_NONE) {
				if (sf->none < 0) {
					sf->none = (int)i;
					sf->none_case = c;
				}
			} else if (res->id.kind != SP_PL_RAM &&
				   (sf->best < 0 ||
				    better_case(&res->scenarios.service.cases[c],
						&r->results[sf->best]
						     .scenarios.service.cases[sf->best_case]))) {
				sf->runner_up = sf->best;
				sf->runner_up_case = sf->best_case;
				sf->best = (int)i;
				sf->best_case = c;
			} else if (res->id.kind != SP_PL_RAM &&
				   (sf->runner_up < 0 ||
				    better_case(
					&res->scenarios.service.cases[c],
					&r->results[sf->runner_up]
					     .scenarios.service.cases[sf->runner_up_case]))) {
				sf->runner_up = (int)i;
				sf->runner_up_case = c;
			}
		}
		if (sf->best >= 0) {
			const struct sp_service_case *bc =
			    &r->results[sf->best].scenarios.service.cases[sf->best_case];

			sf->n_runs = bc->n_runs ? bc->n_runs : 1;
			sf->apart = sf->runner_up >= 0 &&
				    case_apart(bc,
					       &r->results[sf->runner_up]
						    .scenarios.service.cases[sf->runner_up_case],
					       r->min_effect_pct, sf);
		}
		if (sf->best >= 0)
			sf->best_fits_case = case_of(&r->results[sf->best], SP_SVC_FITS);
		if (sf->none >= 0) {
			const struct sp_service_case *c =
			    &r->results[sf->none].scenarios.service.cases[sf->none_case];

			for (size_t v = 0; v < c->n_oom_victims && v < SP_SERVICE_MAX_VICTIMS;
			     v++) {
				if (!strcmp(c->oom_victims[v], SP_SERVICE_PROC_NAME))
					sf->none_service_kills++;
				else if (!strcmp(c->oom_victims[v], SP_SERVICE_SPIKE_NAME))
					sf->none_spike_kills++;
				else
					sf->none_other_kills++;
			}
		}
	}
	/* the cases' p95 comparisons are one table: Holm across them */
	{
		struct sp_resolution fam[SP_SVC_N_CASES];

		for (int k = 0; k < SP_SVC_N_CASES; k++)
			fam[k] = f->service[k].res;
		sp_resolve_holm(fam, SP_SVC_N_CASES);
		for (int k = 0; k < SP_SVC_N_CASES; k++) {
			f->service[k].res = fam[k];
			if (!f->service[k].by_counts)
				f->service[k].apart = fam[k].resolved && fam[k].diff_pct > 0;
		}
	}
}

/* The cache scenario: the trap on every placement that ran it. */
static void cache(const struct sp_report *r, struct sp_findings *f)
{
	f->cache_lead = f->cache_none = -1;
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_result *res = &r->results[i];
		const struct sp_scenario_cache *s = &res->scenarios.cache;
		struct sp_cache_finding *cf;
		int swaps = sp_placement_swaps(res->id.kind);

		if (!s->done || res->id.kind == SP_PL_RAM)
			continue;
		f->has_cache = 1;
		cf = &f->cache[f->n_cache];
		memset(cf, 0, sizeof(*cf));
		cf->result = (int)i;
		cf->trap_case = cf->clean_case = -1;
		if (sp_cache_trap_find(s, &cf->trap) < 0)
			continue;
		f->n_cache++;
		for (size_t c = 0; c < s->n_cases && c < SP_CACHE_MAX_CASES; c++) {
			const struct sp_cache_case *x = &s->cases[c];

			if (x->status == SP_STATUS_OK)
				cf->n_ok++;
			if (x->oom_killed && (!(cf->oom_pct > 0) || x->cache_pct < cf->oom_pct))
				cf->oom_pct = x->cache_pct;
			if (cf->trap.found && cf->trap_case < 0 &&
			    x->cache_pct == cf->trap.cache_pct && sp_cache_case_swaps_own_cache(x))
				cf->trap_case = (int)c;
		}
		cf->clean_case = cf->trap.found ? cf->trap.last_clean : -1;
		if (res->id.kind == SP_PL_NONE) {
			if (f->cache_none < 0)
				f->cache_none = (int)(f->n_cache - 1);
			continue;
		}
		if (!swaps || !cf->n_ok)
			continue;
		f->n_cache_swapping++;
		if (cf->trap.found)
			f->n_cache_trapped++;
		/* the first that swapped its own cache leads, else the first that ran */
		if (f->cache_lead < 0 || (cf->trap.found && !f->cache[f->cache_lead].trap.found))
			f->cache_lead = (int)(f->n_cache - 1);
	}
}

/* The gc scenario: placements by p99 pause, and the best disk against the best zram. */
static void gc(const struct sp_report *r, struct sp_findings *f)
{
	struct sp_gc_finding *g = &f->gc;

	g->best_disk = g->best_zram = g->none = g->baseline = -1;
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_result *res = &r->results[i];
		const struct sp_scenario_gc *s = &res->scenarios.gc;
		size_t at;

		if (s->done && s->limit_bytes && !(g->heap_ratio > 0)) {
			g->heap_ratio = (double)s->heap_bytes / (double)s->limit_bytes;
			/* a report from before the metadata and the allocations: the heap alone */
			g->peak_ratio = (double)(s->heap_bytes + s->meta_bytes + s->alloc_bytes) /
					(double)s->limit_bytes;
		}
		if (!s->done || res->id.kind == SP_PL_RAM)
			continue;
		f->has_gc = 1;
		if (res->id.kind == SP_PL_NONE && g->none < 0)
			g->none = (int)i;
		if (s->status != SP_STATUS_OK) {
			g->not_ok[g->n_not_ok++] = (int)i;
			continue;
		}
		/* insertion by p99, stable: equal pauses keep report order */
		at = g->n_ranked;
		while (at > 0 &&
		       r->results[g->ranked[at - 1]].scenarios.gc.p99_pause_ms > s->p99_pause_ms) {
			g->ranked[at] = g->ranked[at - 1];
			at--;
		}
		g->ranked[at] = (int)i;
		g->n_ranked++;
	}
	for (size_t k = 0; k < g->n_ranked; k++) {
		enum sp_placement_kind kind = r->results[g->ranked[k]].id.kind;
		const struct sp_gc_baseline *b = &r->results[g->ranked[k]].scenarios.gc.baseline;

		if (g->baseline < 0 && b->done && b->status == SP_STATUS_OK)
			g->baseline = g->ranked[k];
		if (kind == SP_PL_ZRAM && g->best_zram < 0)
			g->best_zram = g->ranked[k];
		else if (sp_placement_on_disk(kind) && g->best_disk < 0)
			g->best_disk = g->ranked[k];
	}
	if (g->best_disk >= 0 && g->best_zram >= 0 &&
	    r->results[g->best_zram].scenarios.gc.p99_pause_ms > 0)
		g->disk_zram_ratio = r->results[g->best_disk].scenarios.gc.p99_pause_ms /
				     r->results[g->best_zram].scenarios.gc.p99_pause_ms;
	if (g->disk_zram_ratio > 0) {
		const struct sp_scenario_gc *d = &r->results[g->best_disk].scenarios.gc;
		const struct sp_scenario_gc *z = &r->results[g->best_zram].scenarios.gc;
		size_t n = d->n_runs < z->n_runs ? d->n_runs : z->n_runs;

		if (n > SP_SERVER_MAX_RUNS)
			n = SP_SERVER_MAX_RUNS;
		/* older files list no runs: one run each, which claims nothing */
		sp_resolve_pairs(z->p99_pause_ms_runs, d->p99_pause_ms_runs, n, r->min_effect_pct,
				 &g->disk_zram);
	}
}

/*
 * measure --try: its zram and file results (only --try makes those in a measure report) that
 * ran the spike. The none baseline beside them is the spike's own finding.
 */
static void try_placements(const struct sp_report *r, struct sp_findings *f)
{
	if (strcmp(r->command, "measure"))
		return;
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_result *res = &r->results[i];
		int c = case_of(res, SP_SVC_SPIKE);

		if ((res->id.kind != SP_PL_ZRAM && res->id.kind != SP_PL_FILE) || c < 0)
			continue;
		f->try_res[f->n_try] = (int)i;
		f->try_case[f->n_try++] = c;
	}
}

/* The constrained box: a cap not applied, and where the budget keeper had to act. */
static void boxes(const struct sp_report *r, struct sp_findings *f)
{
	const struct sp_constraints *c = &r->constraints;

	f->caps_not_applied = c->done && ((c->cpu_max > 0 && !c->cpu_applied) ||
					  (c->io_max_iops > 0 && !c->io_applied));
	for (size_t i = 0; i < r->n_results; i++)
		if (r->results[i].budget.done && r->results[i].budget.kept)
			f->budget_kept[f->n_budget_kept++] = (int)i;
}

static void verdict(struct sp_findings *f)
{
#define ADD(k) (f->verdict[f->n_verdict++] = (k))
	/* corrupted pages come before everything: no speed makes such a swap area usable */
	if (f->mismatches)
		ADD(SP_VERDICT_INTEGRITY_BAD);
	/* measure --try asks one question of a live server: it leads */
	if (f->n_try)
		ADD(SP_VERDICT_TRY);
	/* a box that was not what was asked changes how everything below reads */
	if (f->caps_not_applied)
		ADD(SP_VERDICT_CAPS_NOT_APPLIED);
	/* the job is what a user waits for: when it ran, it leads and the probes explain it */
	if (f->has_build)
		ADD(SP_VERDICT_BUILD);
	if (f->build.start_vs_end.have)
		ADD(SP_VERDICT_BUILD_START_END);
	/* the service's outcomes (failed requests, whom the OOM killer took) come next */
	for (int k = 0; k < SP_SVC_N_CASES; k++)
		if (f->service[k].have)
			ADD((enum sp_verdict_kind)(SP_VERDICT_SERVICE_FITS + k));
	/* then the cache's trap and the gc's pause: outcomes a server's owner sees too */
	if (f->cache_lead >= 0 || f->cache_none >= 0)
		ADD(SP_VERDICT_CACHE);
	if (f->gc.n_ranked || f->gc.none >= 0)
		ADD(SP_VERDICT_GC);
	/* each swept knob: whether its values made a difference beyond the spread */
	for (size_t k = 0; k < f->sweep.n_knobs; k++)
		ADD((enum sp_verdict_kind)(SP_VERDICT_SWEEP_SWAPPINESS + f->sweep.knobs[k].knob));
	if (f->best >= 0)
		ADD(SP_VERDICT_BEST);
	else
		ADD(SP_VERDICT_NONE);
	if (f->start_end.have)
		ADD(SP_VERDICT_START_END);
	if (f->target_is_loop && (f->start_end.have || f->file >= 0))
		ADD(SP_VERDICT_LOOP_TARGET);
	if (f->file >= 0 && (f->file_start.have || f->file_region != SP_REGION_UNKNOWN))
		ADD(SP_VERDICT_FILE);
	if (f->best_zram >= 0 && f->best_disk >= 0)
		ADD(SP_VERDICT_ZRAM_DISK);
	if (f->best_disk >= 0 && f->slot_floor_have[f->best_disk])
		ADD(SP_VERDICT_FLOOR);
	if (f->none >= 0)
		ADD(SP_VERDICT_PRESSURE);
	if (f->pages_checked && !f->mismatches)
		ADD(SP_VERDICT_INTEGRITY_OK);
	if (f->data_ratio > 0)
		ADD(SP_VERDICT_COMPRESSION);
	if (f->n_not_ok)
		ADD(SP_VERDICT_NOT_OK);
	if (f->n_budget_kept)
		ADD(SP_VERDICT_BUDGET_KEPT);
#undef ADD
}

/* Where each partition and the swap file lie on the profile's lines. */
static void profile_marks(const struct sp_report *r, struct sp_findings *f)
{
	if (!r->profile.done)
		return;
	f->profile_outer_inner = sp_profile_outer_inner_ratio(&r->profile);
	f->n_profile_rows = sp_profile_rows(&r->profile, f->profile_rows, SP_PROFILE_ROWS);
	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_result *res = &r->results[i];

		if (!sp_placement_on_target(res->id.kind))
			continue;
		for (size_t e = 0; e < res->n_extents && e < SP_MAX_EXTENTS; e++) {
			uint64_t a = res->extents[e].start_sector * 512;
			uint64_t b = a + res->extents[e].sectors * 512;

			for (size_t k = 0; k < f->n_profile_rows; k++) {
				struct sp_profile_row *row = &f->profile_rows[k];

				if (a < row->to_bytes && b > row->from_bytes)
					row->marks |= 1u << res->id.kind;
			}
		}
	}
}

int sp_analyse(const struct sp_report *r, struct sp_findings *f)
{
	if (!r || !f || r->n_results > SP_MAX_RESULTS)
		return -EINVAL;
	memset(f, 0, sizeof(*f));

	rank(r, f);
	floors(r, f);
	dev_ranges(r, f);
	for (size_t i = 0; i < r->n_devices; i++)
		if (!strcmp(r->devices[i].path, r->target) &&
		    !strcmp(r->devices[i].transport, "loop"))
			f->target_is_loop = 1;
	pair(r, f, find(r, SP_PL_START), find(r, SP_PL_END), &f->start_end);
	if (f->n_ranked >= 2)
		pair(r, f, f->ranked[0], f->ranked[1], &f->best_next);

	f->file = find(r, SP_PL_FILE);
	pair(r, f, find(r, SP_PL_START), f->file, &f->file_start);
	if (f->file_start.have)
		f->file_penalty_pct = (f->file_start.ratio - 1) * 100;
	else if (f->file >= 0)
		f->file_gap = is_ranked(f, f->file) ? SP_FILE_GAP_START : SP_FILE_GAP_FILE;
	file_position(r, f);

	zram_disk(r, f);
	pressure(r, f);
	build(r, f);
	service(r, f);
	cache(r, f);
	gc(r, f);
	try_placements(r, f);
	sp_sweep_analyse(r->sweeps,
			 r->n_sweeps < SP_SWEEP_MAX_ROWS ? r->n_sweeps : SP_SWEEP_MAX_ROWS,
			 r->min_effect_pct, &f->sweep);
	profile_marks(r, f);
	boxes(r, f);

	for (size_t i = 0; i < r->n_results; i++) {
		const struct sp_result *res = &r->results[i];

		if (res->status != SP_STATUS_OK)
			f->not_ok[f->n_not_ok++] = (int)i;
		f->pages_checked += res->integrity.pages_checked;
		f->mismatches += res->integrity.mismatches;
		if (res->integrity.mismatches)
			f->mismatched[f->n_mismatched++] = (int)i;
		if (f->data_ratio <= 0 && res->compression.data_ratio > 0)
			f->data_ratio = res->compression.data_ratio;
	}
	verdict(f);
	return 0;
}
