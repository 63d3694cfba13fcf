/*
 * estimate.c - the device model the estimate assumes and the run's terms (see estimate.h).
 * Pure: numbers in, seconds out.
 */
#include "core/scenario/estimate.h"

#include <errno.h>

#include "core/measure/profile.h"
#include "core/plan/timing.h"
#include "core/scenario/buildjob.h"
#include "core/scenario/scenario.h"
#include "core/scenario/scenario_service.h"
#include "core/scenario/serverjob.h"
#include "core/scenario/service.h"

void sp_est_device_assume(int rotational, int page_cluster, double page_s, double profile_budget_s,
			  struct sp_est_device *m)
{
	m->dev = (struct sp_buildjob_device){
	    .rand_read_s = rotational ? SP_EST_HDD_RAND_READ_S : SP_EST_SSD_RAND_READ_S,
	    .seq_bytes_per_s = rotational ? SP_EST_HDD_SEQ_BYTES_PER_S : SP_EST_SSD_SEQ_BYTES_PER_S,
	    .page_cluster = page_cluster >= 0 ? page_cluster : SP_EST_PAGE_CLUSTER,
	    .page_s = page_s > 0 ? page_s : 0};
	m->from = rotational ? "assumed: a 7200 rpm disk" : "assumed: an SSD";
	m->profile_s =
	    profile_budget_s > 0 ? sp_profile_estimate_s(profile_budget_s, rotational) : 0;
}

int sp_est_device_measured(const struct sp_profile *p, int full, double profile_budget_s,
			   struct sp_est_device *m)
{
	double rnd[SP_PROFILE_MAX_POINTS], seq[SP_PROFILE_MAX_POINTS], rnd_us, seq_mib_s;

	if (!p->done || !p->n || p->n > SP_PROFILE_MAX_POINTS)
		return -EINVAL;
	for (size_t i = 0; i < p->n; i++) {
		rnd[i] = p->points[i].rand_p50_us;
		seq[i] = p->points[i].seq_mib_s;
	}
	rnd_us = sp_median(rnd, p->n);
	seq_mib_s = sp_median(seq, p->n);
	if (!(rnd_us > 0) || !(seq_mib_s > 0))
		return -EINVAL;
	m->dev.rand_read_s = rnd_us / 1e6;
	m->dev.seq_bytes_per_s = seq_mib_s * (1 << 20);
	m->from = "from its profile";
	if (full)
		m->profile_s = p->duration_s;
	else
		m->profile_s = p->n >= 100 ? p->duration_s : profile_budget_s;
	return 0;
}

double sp_est_job_s(const struct sp_est_run *r, const struct sp_est_device *m)
{
	struct sp_buildjob_estimate est;

	if (!r->job || sp_buildjob_estimate(r->job, &m->dev, &est) < 0)
		return 0;
	return est.total_s;
}

double sp_est_service_s(const struct sp_est_run *r)
{
	if (!(r->scenarios & SP_SCENARIO_SERVICE))
		return 0;
	return SP_SVC_N_CASES * sp_service_case_estimate_s(r->service_time_s);
}

double sp_est_servers_s(const struct sp_est_run *r)
{
	double s = 0;

	if (r->scenarios & SP_SCENARIO_CACHE)
		s += 3 * sp_cache_case_estimate_s(r->cache_time_s);
	if (r->scenarios & SP_SCENARIO_GC)
		s += sp_gc_estimate_s(r->gc_time_s);
	return s;
}

double sp_est_sweep_run_s(const struct sp_est_run *r, const struct sp_est_device *m)
{
	return SP_EST_PER_PLACEMENT_S + sp_est_job_s(r, m) + sp_est_service_s(r) +
	       sp_est_servers_s(r);
}

double sp_est_total_s(const struct sp_est_run *r, const struct sp_est_device *m)
{
	struct sp_estimate_in in = {
	    .time_per_placement_s = r->time_per_placement_s,
	    .n_swapping = r->n_swapping,
	    .n_none = r->n_none,
	    .n_job_only = r->n_job_only,
	    .swapfile_bytes = r->swapfile_bytes,
	    .write_bytes_per_s = SP_EST_WRITE_BYTES_PER_S,
	    .mkfs_s = SP_EST_MKFS_S,
	    .per_placement_s = SP_EST_PER_PLACEMENT_S,
	    .profile_s = m->profile_s,
	    .job_s = sp_est_job_s(r, m) * (double)r->repeat,
	    .job_setup_bytes = r->job ? r->job->source_bytes_total : 0,
	    /* --repeat runs every scenario again, not only the job */
	    .service_s = sp_est_service_s(r) * (double)r->repeat,
	    .servers_s = sp_est_servers_s(r) * (double)r->repeat,
	    .n_sweep_runs = r->n_sweep_runs,
	    .sweep_run_s = sp_est_sweep_run_s(r, m),
	};
	struct sp_estimate est;

	if (sp_run_estimate(&in, &est) < 0)
		return 0;
	return est.total_s;
}
