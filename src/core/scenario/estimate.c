/*
 * estimate.c - the device model the estimate assumes and the run's terms (see estimate.h).
 * Pure: numbers in, seconds out.
 */
#include "core/scenario/estimate.h"

#include <errno.h>
#include <math.h>

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
	m->from = full ? "from its profile" : "from a short look at it";
	/* a look is a profile cut short: its reads say how long the whole one will take. On a
	 * modeled 7200 rpm disk the profile took 14.5-14.8 s of its 30 s budget: counting the
	 * budget whole put the run's estimate 19 % over (99.7 s for 84.0 s), this 3 % (87.4 s for
	 * 85.1 s; tests/vm/hddmodel-start-partition-latency.sh) */
	if (full || p->n >= SP_PROFILE_POINTS)
		m->profile_s = p->duration_s;
	else
		m->profile_s =
		    sp_profile_time_s(m->dev.rand_read_s, m->dev.seq_bytes_per_s, profile_budget_s);
	return 0;
}

int sp_est_cpu_device(double compress_page_s, int page_cluster, double page_s,
		      struct sp_buildjob_device *out)
{
	if (!(compress_page_s > 0) || isinf(compress_page_s))
		return -EINVAL;
	*out = (struct sp_buildjob_device){
	    .rand_read_s = SP_EST_CPU_SWAPIN_PAGES * compress_page_s,
	    .seq_bytes_per_s =
		SP_BUILDJOB_PAGE_BYTES / (SP_EST_CPU_SWAPOUT_PAGES * compress_page_s),
	    .page_cluster = page_cluster >= 0 ? page_cluster : SP_EST_PAGE_CLUSTER,
	    .page_s = page_s > 0 ? page_s : 0};
	return 0;
}

int sp_est_job_known(const struct sp_est_run *r)
{
	return !r->user_job || r->user_job_s >= 0;
}

struct sp_buildjob_device sp_est_boxed_device(const struct sp_est_run *r,
					      const struct sp_est_placement *pl)
{
	struct sp_buildjob_device d = pl->dev;
	const struct sp_caps *k = r->caps;

	/* the ram baseline runs without a box */
	if (!k || pl->kind == SP_EST_RAM)
		return d;
	if (k->cpu_max > 0 && k->cpu_max < 1) {
		d.page_s /= k->cpu_max;
		d.cpu_s /= k->cpu_max;
	}
	if (pl->io_capped && k->io_iops && d.rand_read_s < 1.0 / (double)k->io_iops)
		d.rand_read_s = 1.0 / (double)k->io_iops;
	if (pl->io_capped && k->io_bps && d.seq_bytes_per_s > (double)k->io_bps)
		d.seq_bytes_per_s = (double)k->io_bps;
	return d;
}

double sp_est_job_s(const struct sp_est_run *r, const struct sp_est_placement *pl)
{
	struct sp_buildjob_device d = sp_est_boxed_device(r, pl);
	struct sp_buildjob_estimate est;
	double files_s;

	if (r->user_job)
		return r->user_job_s > 0 ? r->user_job_s : 0;
	if (!r->job || sp_buildjob_estimate(r->job, &d, &est) < 0)
		return 0;
	files_s = est.cpu_s + est.file_io_s;
	switch (pl->kind) {
	case SP_EST_RAM:
		/* no limit: nothing swaps, and the files the set-up wrote are still in the page
		 * cache (its runs on the modeled disk under QEMU: 3.8-5.4 s, where the CPU and
		 * the files read from the disk came to 10 s); its objects are written back */
		return est.cpu_s + (double)est.file_written_bytes / d.seq_bytes_per_s;
	case SP_EST_NONE:
		/* no swap: the OOM killer stops it once its heap outgrows the limit */
		return est.fit_frac * files_s;
	case SP_EST_SWAP:
		break;
	}
	return est.total_s;
}

/*
 * One case of the service on pl: its load and top speed, the rest of a case
 * (SP_EST_SVC_CASE_S), the fill of its memory by the CPU and, beyond the limit, swapped out at
 * the device's rate. On none a service that cannot fit the limit never comes up: the case
 * waits out its start (SP_SERVICE_START_WAIT_S) and its load fails.
 */
static double service_case_s(const struct sp_est_run *r, const struct sp_est_placement *pl,
			     enum sp_service_case_kind k)
{
	struct sp_service_sizes sz;
	double run_s = sp_service_case_estimate_s(r->service_time_s), fill_s, out_s = 0;
	uint64_t need;

	if (sp_service_size(k, r->budget_bytes, &sz) < 0)
		return run_s + SP_EST_SVC_CASE_S;
	need = sz.hot_bytes + sz.cold_bytes;
	if (pl->kind == SP_EST_NONE && need > sz.limit_bytes) {
		/* each start fills up to the limit and is OOM-killed there; a burst of starts
		 * within the start limit's interval gives up, slower ones wait out the start */
		double starts_s =
		    SP_SERVICE_RESTART_BURST *
		    ((double)(sz.limit_bytes / SP_BUILDJOB_PAGE_BYTES) * pl->dev.page_s +
		     SP_SERVICE_RESTART_DELAY_S);

		return (starts_s < SP_SERVICE_RESTART_INTERVAL_S ? starts_s
								 : SP_SERVICE_START_WAIT_S) +
		       run_s;
	}
	fill_s = (double)((need + sz.spike_bytes) / SP_BUILDJOB_PAGE_BYTES) * pl->dev.page_s;
	if (pl->kind == SP_EST_SWAP && need > sz.limit_bytes && pl->dev.seq_bytes_per_s > 0)
		out_s = (double)(need - sz.limit_bytes) / pl->dev.seq_bytes_per_s;
	return run_s + SP_EST_SVC_CASE_S + fill_s + out_s;
}

double sp_est_service_s(const struct sp_est_run *r, const struct sp_est_placement *pl)
{
	double s = 0;

	if (!(r->scenarios & SP_SCENARIO_SERVICE) || pl->kind == SP_EST_RAM)
		return 0;
	for (int k = 0; k < SP_SVC_N_CASES; k++)
		s += service_case_s(r, pl, (enum sp_service_case_kind)k);
	return s;
}

double sp_est_servers_s(const struct sp_est_run *r, const struct sp_est_placement *pl)
{
	double s = 0;

	if (pl->kind == SP_EST_RAM)
		return 0;
	if (r->scenarios & SP_SCENARIO_CACHE)
		s += 3 * sp_cache_case_estimate_s(r->cache_time_s);
	/* the gc's pauses lie inside its span, on a disk as anywhere: a cycle that would not
	 * fit in what is left of it is not started (sp_gc_cycle_fits; on the modeled 5400 rpm
	 * disk the gc took at most its 14 s share, tests/vm/slow-disk-answers-in-30s.sh) */
	if (r->scenarios & SP_SCENARIO_GC)
		s += sp_gc_estimate_s(r->gc_time_s);
	return s;
}

/* The scenarios' run on pl: the job, the service, cache and gc. */
static double scenarios_s(const struct sp_est_run *r, const struct sp_est_placement *pl)
{
	return sp_est_job_s(r, pl) + sp_est_service_s(r, pl) + sp_est_servers_s(r, pl);
}

/* The probes' time on pl: their shares of --time-per-placement (core/plan/timing.h). */
static double probes_s(const struct sp_est_run *r, const struct sp_est_placement *pl)
{
	switch (pl->kind) {
	case SP_EST_RAM:
		return 0;
	case SP_EST_NONE:
		return r->time_per_placement_s * SP_SHARE_PRESSURE;
	case SP_EST_SWAP:
		break;
	}
	return r->time_per_placement_s *
	       ((pl->no_device_probe ? 0 : SP_SHARE_DEVICE) + SP_SHARE_FAULT + SP_SHARE_PRESSURE);
}

double sp_est_step_s(const struct sp_est_run *r, const struct sp_est_placement *pl, size_t round)
{
	double s = SP_EST_PER_PLACEMENT_S + scenarios_s(r, pl);

	return round == 0 ? s + probes_s(r, pl) : s;
}

double sp_est_sweep_run_s(const struct sp_est_run *r, const struct sp_est_placement *pl)
{
	return SP_EST_PER_PLACEMENT_S + scenarios_s(r, pl);
}

double sp_est_sweep_s(const struct sp_est_run *r)
{
	double sum = 0;
	size_t n = 0;

	for (size_t i = 0; i < r->n_pl; i++)
		if (r->pl[i].kind != SP_EST_RAM) {
			sum += sp_est_sweep_run_s(r, &r->pl[i]);
			n++;
		}
	return n ? (double)r->n_sweep_runs * sum / (double)n : 0;
}

size_t sp_est_rounds(const struct sp_est_run *r)
{
	unsigned repeats = SP_SCENARIO_SERVICE | SP_SCENARIO_CACHE | SP_SCENARIO_GC;

	if (r->repeat < 2 || (!r->job && !r->user_job && !(r->scenarios & repeats)))
		return 1;
	return r->repeat;
}

double sp_est_total_s(const struct sp_est_run *r, const struct sp_est_device *m)
{
	uint64_t written = r->swapfile_bytes + (r->job ? r->job->source_bytes_total : 0) +
			   (r->scenarios & SP_SCENARIO_CACHE ? r->budget_bytes : 0);
	size_t rounds = sp_est_rounds(r);
	double total, write_bps;

	if (!(r->time_per_placement_s >= 0) || !(m->profile_s >= 0) ||
	    isinf(r->time_per_placement_s) || isinf(m->profile_s))
		return 0;
	write_bps = m->dev.seq_bytes_per_s > 0 ? m->dev.seq_bytes_per_s : SP_EST_WRITE_BYTES_PER_S;
	total = SP_EST_MKFS_S + (double)(SP_EST_JOURNAL_BYTES + written) / write_bps + m->profile_s;
	for (size_t i = 0; i < r->n_pl; i++)
		if (r->pl[i].fill_bytes && r->pl[i].dev.seq_bytes_per_s > 0)
			total += (double)r->pl[i].fill_bytes / r->pl[i].dev.seq_bytes_per_s;
	for (size_t i = 0; i < r->n_pl; i++)
		for (size_t k = 0; k < rounds; k++)
			total += sp_est_step_s(r, &r->pl[i], k);
	total += sp_est_sweep_s(r);
	return isfinite(total) ? total : 0;
}
