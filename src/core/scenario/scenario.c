/*
 * scenario.c - the job scenarios' pure arithmetic (see scenario.h): the swap-out rate from
 * vmstat samples, and the ranking of placements by the job's wall time.
 */
#include "core/scenario/scenario.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/measure/rng.h"

int sp_swapout_from_samples(const struct sp_vm_sample *s, size_t n, struct sp_swapout *out)
{
	size_t first = 0, last = 0;
	int rose = 0;

	if (!s || !out)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	for (size_t i = 1; i < n; i++) {
		if (s[i].t_s < s[i - 1].t_s || s[i].pswpout < s[i - 1].pswpout)
			return -EINVAL;
		if (s[i].pswpout > s[i - 1].pswpout) {
			if (!rose)
				first = i - 1;
			last = i;
			rose = 1;
		}
	}
	if (!rose)
		return 0;
	out->pages = s[n - 1].pswpout - s[0].pswpout;
	out->seconds = s[last].t_s - s[first].t_s;
	out->pages_per_s = out->seconds > 0 ? (double)out->pages / out->seconds : 0;
	return 0;
}

static void runs_range(const struct sp_scenario_build *b, double *lo, double *hi)
{
	*lo = *hi = b->wall_s;
	for (size_t i = 0; i < b->n_runs && i < SP_BUILD_MAX_RUNS; i++) {
		if (b->wall_s_runs[i] < *lo)
			*lo = b->wall_s_runs[i];
		if (b->wall_s_runs[i] > *hi)
			*hi = b->wall_s_runs[i];
	}
}

static double spread_pct(const struct sp_scenario_build *b)
{
	double lo, hi;

	if (b->n_runs < 2 || !(b->wall_s > 0))
		return 0;
	runs_range(b, &lo, &hi);
	return (hi - lo) / b->wall_s * 100;
}

static int usable(const struct sp_scenario_build *b)
{
	return b->done && b->status == SP_STATUS_OK && b->wall_s > 0;
}

/* The first result of kind k whose job ran ok, or -1 (by kind: a name is only a label). */
static int find_ok(const struct sp_result *res, size_t n, enum sp_placement_kind k)
{
	for (size_t i = 0; i < n; i++)
		if (res[i].id.kind == k && usable(&res[i].scenarios.build))
			return (int)i;
	return -1;
}

/* The paired test of b's runs over a's, run i with run i (round i of --repeat). */
static void runs_resolve(const struct sp_scenario_build *a, const struct sp_scenario_build *b,
			 double min_effect, struct sp_resolution *out)
{
	size_t n = a->n_runs < b->n_runs ? a->n_runs : b->n_runs;

	if (n > SP_BUILD_MAX_RUNS)
		n = SP_BUILD_MAX_RUNS;
	sp_resolve_pairs(a->wall_s_runs, b->wall_s_runs, n, min_effect, out);
}

int sp_build_rank(const struct sp_result *res, size_t n, double min_effect,
		  struct sp_build_ranking *out)
{
	struct sp_resolution fam[SP_RANK_MAX];
	int start, end;

	if (!res || !out || n > SP_MAX_RESULTS)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->ram = find_ok(res, n, SP_PL_RAM);
	out->has_ram = out->ram >= 0;
	out->ram_wall_s = out->has_ram ? res[out->ram].scenarios.build.wall_s : 0;
	for (size_t i = 0; i < n; i++) {
		const struct sp_scenario_build *b = &res[i].scenarios.build;
		size_t k;

		if (res[i].id.kind == SP_PL_RAM || !usable(b))
			continue;
		/* insertion after every row at least as fast: ties keep input order */
		for (k = out->n; k > 0 && out->rows[k - 1].wall_s > b->wall_s; k--)
			out->rows[k] = out->rows[k - 1];
		memset(&out->rows[k], 0, sizeof(out->rows[k]));
		out->rows[k].result = (int)i;
		snprintf(out->rows[k].placement, sizeof(out->rows[k].placement), "%s",
			 res[i].placement);
		out->rows[k].wall_s = b->wall_s;
		out->rows[k].spread_pct = spread_pct(b);
		out->rows[k].n_runs = b->n_runs;
		out->n++;
	}
	for (size_t k = 0; k < out->n; k++) {
		out->rows[k].ratio_to_best = out->rows[k].wall_s / out->rows[0].wall_s;
		out->rows[k].ratio_to_ram =
		    out->has_ram ? out->rows[k].wall_s / out->ram_wall_s : 0;
	}
	for (size_t k = 1; k < out->n; k++)
		runs_resolve(&res[out->rows[k - 1].result].scenarios.build,
			     &res[out->rows[k].result].scenarios.build, min_effect,
			     &out->rows[k].vs_above);
	start = find_ok(res, n, SP_PL_START);
	end = find_ok(res, n, SP_PL_END);
	out->start_vs_end.start = start;
	out->start_vs_end.end = end;
	if (start >= 0 && end >= 0) {
		const struct sp_scenario_build *s = &res[start].scenarios.build;
		const struct sp_scenario_build *e = &res[end].scenarios.build;

		out->start_vs_end.have = 1;
		out->start_vs_end.ratio = e->wall_s / s->wall_s;
		out->start_vs_end.min_runs = s->n_runs < e->n_runs ? s->n_runs : e->n_runs;
		runs_resolve(s, e, min_effect, &out->start_vs_end.resolution);
	}
	/* the table's adjacent steps are one family; start vs end is a sentence of its own */
	for (size_t k = 0; k < out->n; k++)
		fam[k] = out->rows[k].vs_above;
	sp_resolve_holm(fam, out->n);
	for (size_t k = 0; k < out->n; k++) {
		out->rows[k].vs_above = fam[k];
		out->rows[k].rank = k && !fam[k].resolved ? out->rows[k - 1].rank : k + 1;
	}
	out->start_vs_end.resolvable = out->start_vs_end.resolution.resolved;
	out->start_vs_end.resolution_pct = out->start_vs_end.resolution.bounded
					       ? out->start_vs_end.resolution.min_resolvable_pct
					       : 0;
	return 0;
}

int sp_build_merge(struct sp_scenario_build *acc, const struct sp_scenario_build *run)
{
	struct sp_scenario_build prev;

	if (!acc || !run)
		return -EINVAL;
	if (acc->n_runs >= SP_BUILD_MAX_RUNS)
		return -ENOSPC;
	if (acc->done && acc->status != SP_STATUS_OK)
		return 0; /* a failed or invalid placement stays what it was */
	prev = *acc;
	if (!prev.done || run->status != SP_STATUS_OK || run->wall_s < prev.wall_s) {
		/* this run is the result now: its counters describe the run wall_s names */
		*acc = *run;
		memcpy(acc->wall_s_runs, prev.wall_s_runs, sizeof(acc->wall_s_runs));
		if (prev.done && run->status == SP_STATUS_OK)
			acc->objects_checksum = prev.objects_checksum;
	}
	acc->done = 1;
	acc->n_runs = prev.n_runs;
	/* a failed run's time is how long it took to fail, not a wall time to compare */
	if (run->status == SP_STATUS_OK)
		acc->wall_s_runs[acc->n_runs++] = run->wall_s;
	if (prev.done && run->status == SP_STATUS_OK &&
	    run->objects_checksum != prev.objects_checksum) {
		acc->status = SP_STATUS_INVALID;
		snprintf(acc->reason, sizeof(acc->reason),
			 "run %zu wrote other objects than run 1: the data came back changed",
			 acc->n_runs);
	}
	acc->wall_s_spread_pct = spread_pct(acc);
	return 0;
}

int sp_repeat_order(size_t n, size_t rounds, uint64_t seed, struct sp_step *out, size_t max)
{
	size_t k = 0;

	if (!out || !n || !rounds)
		return -EINVAL;
	if (n * rounds > max)
		return -ENOSPC;
	for (size_t r = 0; r < rounds; r++) {
		/* rounds in pairs: a rotation, then the same reversed; the first pair unrotated */
		size_t off = r / 2 ? (size_t)(sp_mix64(seed ^ (uint64_t)(r / 2)) % n) : 0;

		for (size_t j = 0; j < n; j++) {
			size_t pos = r % 2 ? n - 1 - j : j;

			out[k].placement = (off + pos) % n;
			out[k].round = r;
			k++;
		}
	}
	return (int)k;
}

int sp_scenario_set_parse(const char *list, unsigned *mask)
{
	unsigned m = 0;
	int none = 0;

	if (!mask)
		return -EINVAL;
	if (!list) {
		*mask = SP_SCENARIO_BUILD;
		return 0;
	}
	for (const char *p = list;;) {
		size_t k = strcspn(p, ",");

		if (k == 5 && !strncmp(p, "build", k))
			m |= SP_SCENARIO_BUILD;
		else if (k == 7 && !strncmp(p, "service", k))
			m |= SP_SCENARIO_SERVICE;
		else if (k == 5 && !strncmp(p, "cache", k))
			m |= SP_SCENARIO_CACHE;
		else if (k == 2 && !strncmp(p, "gc", k))
			m |= SP_SCENARIO_GC;
		else if (k == 3 && !strncmp(p, "all", k))
			m |= SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE | SP_SCENARIO_CACHE |
			     SP_SCENARIO_GC;
		else if (k == 4 && !strncmp(p, "none", k))
			none = 1;
		else
			return -EINVAL;
		if (!p[k])
			break;
		p += k + 1;
	}
	if (none && m)
		return -EINVAL;
	*mask = m;
	return 0;
}
