/*
 * scenario_service.c - one service case's result from what the probe counted (see
 * scenario_service.h).
 */
#include "core/scenario/scenario_service.h"

#include <errno.h>
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
	return 0;
}
