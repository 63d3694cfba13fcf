/*
 * scenario_service.c - one service case's result from what the probe counted (see
 * scenario_service.h).
 */
#include "core/scenario/scenario_service.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/measure/hist.h"
#include "core/scenario/service.h"

static double q_ms(const struct sp_hist *h, double q)
{
	return h->total ? (double)sp_hist_quantile(h, q) / 1e6 : 0;
}

int sp_service_case_result(const struct sp_service_counters *c, struct sp_service_case *out)
{
	const struct sp_service_log *log;
	uint64_t kills;
	size_t nv;

	if (!c || !out || !c->log || (unsigned)c->kind >= SP_SVC_N_CASES || !(c->load_s > 0) ||
	    c->pswpin1 < c->pswpin0 || c->pswpout1 < c->pswpout0 ||
	    (c->has_oom_counter && c->oom1 < c->oom0) || c->n_killed > SP_SERVICE_MAX_VICTIMS)
		return -EINVAL;
	log = c->log;
	memset(out, 0, sizeof(*out));
	snprintf(out->name, sizeof(out->name), "%s", sp_service_case_name(c->kind));
	out->rate_per_s = log->rate_per_s;
	out->sent = log->sent;
	out->served = log->served;
	out->failed = log->failed;
	out->p50_ms = q_ms(&log->lat, 0.50);
	out->p95_ms = q_ms(&log->lat, 0.95);
	out->p99_ms = q_ms(&log->lat, 0.99);
	out->top_speed_per_s = c->top_span_s > 0 ? (double)c->top_served / c->top_span_s : 0;
	kills = c->has_oom_counter ? c->oom1 - c->oom0 : c->n_killed;
	out->oom_kills = kills;
	nv = c->n_killed < kills ? c->n_killed : (size_t)kills;
	for (size_t i = 0; i < nv; i++)
		snprintf(out->oom_victims[i], sizeof(out->oom_victims[i]), "%s", c->killed[i]);
	out->n_oom_victims = nv;
	out->restarts = c->restarts;
	out->swap_used_bytes = c->has_swap_usage ? (int64_t)c->swap_peak_bytes : -1;
	out->swapin_pages_per_s = (double)(c->pswpin1 - c->pswpin0) / c->load_s;
	out->swapout_pages_per_s = (double)(c->pswpout1 - c->pswpout0) / c->load_s;
	out->start_s = c->has_first_served ? c->first_served_s : NAN;
	out->served_per_s = (double)log->served / c->load_s;
	out->page_cluster = c->page_cluster;
	out->swappiness = c->swappiness;
	out->n_runs = 1;
	out->p95_ms_runs[0] = out->p95_ms;
	out->failed_runs[0] = (double)out->failed;
	out->start_s_runs[0] = out->start_s;
	out->served_per_s_runs[0] = out->served_per_s;
	out->top_speed_per_s_runs[0] = out->top_speed_per_s;
	return 0;
}

int sp_service_case_worse(const struct sp_service_case *a, const struct sp_service_case *b)
{
	if (a->failed != b->failed)
		return a->failed > b->failed;
	if (a->oom_kills != b->oom_kills)
		return a->oom_kills > b->oom_kills;
	return a->p95_ms > b->p95_ms;
}

/* acc gains run's figures as its next run; the worse of the two gives the case's figures */
static int merge_case(struct sp_service_case *acc, const struct sp_service_case *run)
{
	struct sp_service_case keep;
	size_t n = acc->n_runs ? acc->n_runs : 1; /* an older file's case is its one run */

	if (n + 1 > SP_SERVICE_MAX_RUNS)
		return -ENOSPC;
	keep = *acc;
	if (!acc->n_runs) {
		keep.p95_ms_runs[0] = acc->p95_ms;
		keep.failed_runs[0] = (double)acc->failed;
		keep.start_s_runs[0] = acc->start_s;
		keep.served_per_s_runs[0] = acc->served_per_s;
		keep.top_speed_per_s_runs[0] = acc->top_speed_per_s;
	}
	if (sp_service_case_worse(run, acc)) {
		*acc = *run;
		memcpy(acc->p95_ms_runs, keep.p95_ms_runs, sizeof(keep.p95_ms_runs));
		memcpy(acc->failed_runs, keep.failed_runs, sizeof(keep.failed_runs));
		memcpy(acc->start_s_runs, keep.start_s_runs, sizeof(keep.start_s_runs));
		memcpy(acc->served_per_s_runs, keep.served_per_s_runs,
		       sizeof(keep.served_per_s_runs));
		memcpy(acc->top_speed_per_s_runs, keep.top_speed_per_s_runs,
		       sizeof(keep.top_speed_per_s_runs));
	}
	acc->p95_ms_runs[n] = run->p95_ms;
	acc->failed_runs[n] = (double)run->failed;
	acc->start_s_runs[n] = run->start_s;
	acc->served_per_s_runs[n] = run->served_per_s;
	acc->top_speed_per_s_runs[n] = run->top_speed_per_s;
	acc->n_runs = n + 1;
	return 0;
}

int sp_service_merge(struct sp_scenario_service *acc, const struct sp_scenario_service *run)
{
	int ret = 0;

	if (!acc || !run || run->n_cases > SP_SVC_N_CASES || acc->n_cases > SP_SVC_N_CASES)
		return -EINVAL;
	for (size_t i = 0; i < run->n_cases; i++) {
		size_t k = 0;

		while (k < acc->n_cases && strcmp(acc->cases[k].name, run->cases[i].name))
			k++;
		if (k == acc->n_cases) {
			if (k == SP_SVC_N_CASES)
				return -EINVAL;
			acc->cases[acc->n_cases++] = run->cases[i];
		} else if (merge_case(&acc->cases[k], &run->cases[i]) < 0) {
			ret = -ENOSPC;
		}
	}
	return ret;
}
