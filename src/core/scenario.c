/*
 * scenario.c - the job scenarios' pure arithmetic (see scenario.h): the swap-out rate from
 * vmstat samples, and the ranking of placements by the job's wall time.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/scenario.h"

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

static int usable(const struct sp_scenario_build *b)
{
	return b->status == SP_STATUS_OK && b->wall_s > 0;
}

int sp_build_rank(const char *const *names, const struct sp_scenario_build *builds, size_t n,
		  const struct sp_scenario_build *ram, struct sp_build_ranking *out)
{
	int start = -1, end = -1;

	if (!names || !builds || !out || n > SP_RANK_MAX)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->has_ram = ram && usable(ram);
	for (size_t i = 0; i < n; i++) {
		size_t k;

		if (!names[i] || !usable(&builds[i]))
			continue;
		if (strcmp(names[i], "start") == 0)
			start = (int)i;
		if (strcmp(names[i], "end") == 0)
			end = (int)i;
		/* insertion after every row at least as fast: ties keep input order */
		for (k = out->n; k > 0 && out->rows[k - 1].wall_s > builds[i].wall_s; k--)
			out->rows[k] = out->rows[k - 1];
		memset(&out->rows[k], 0, sizeof(out->rows[k]));
		snprintf(out->rows[k].placement, sizeof(out->rows[k].placement), "%s", names[i]);
		out->rows[k].wall_s = builds[i].wall_s;
		out->n++;
	}
	for (size_t k = 0; k < out->n; k++) {
		out->rows[k].ratio_to_best = out->rows[k].wall_s / out->rows[0].wall_s;
		out->rows[k].ratio_to_ram = out->has_ram ? out->rows[k].wall_s / ram->wall_s : 0;
	}
	if (start >= 0 && end >= 0) {
		const struct sp_scenario_build *s = &builds[start], *e = &builds[end];
		double s_lo, s_hi, e_lo, e_hi;

		runs_range(s, &s_lo, &s_hi);
		runs_range(e, &e_lo, &e_hi);
		out->start_vs_end.have = 1;
		out->start_vs_end.ratio = e->wall_s / s->wall_s;
		out->start_vs_end.resolvable =
		    s->n_runs >= 2 && e->n_runs >= 2 && (s_hi < e_lo || e_hi < s_lo);
	}
	return 0;
}
