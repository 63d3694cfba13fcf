/*
 * run_sweep.c - `run --sweep`: the scenarios again per knob value, on every placement but ram
 * (see run_sweep.h for which knob is set and why it reaches the workload on cgroup v1 and v2).
 */
#include "cmd/run_sweep.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "act/sysctl.h"
#include "act/undo.h"
#include "core/scenario/scenario.h"
#include "core/scenario/sweep.h"
#include "core/scenario/sweep_rows.h"

size_t run_sweep_n_placements(const struct sp_placement *pl, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += pl[i].id.kind != SP_PL_RAM;
	return k;
}

unsigned run_sweep_scenarios(const struct sp_measure_opts *mo)
{
	unsigned s = 0;

	if (mo->job && mo->job->kind != SP_JOB_NONE)
		s |= SP_SCENARIO_BUILD;
	if (mo->service_s > 0)
		s |= SP_SCENARIO_SERVICE;
	if (mo->cache_s > 0)
		s |= SP_SCENARIO_CACHE;
	if (mo->gc_s > 0)
		s |= SP_SCENARIO_GC;
	return s;
}

/* The k-th placement that is not ram. */
static struct sp_placement *swept(const struct run_sweep_in *in, size_t k)
{
	for (size_t i = 0; i < in->n_placements; i++)
		if (in->placements[i].id.kind != SP_PL_RAM && k-- == 0)
			return &in->placements[i];
	return NULL;
}

static void add_failed(struct sp_report *r, const struct sp_sweep_row *tmpl, unsigned scenarios,
		       const char *reason)
{
	r->n_sweeps += sp_sweep_rows_failed(tmpl, scenarios, reason, r->sweeps + r->n_sweeps,
					    SP_SWEEP_MAX_ROWS - r->n_sweeps);
}

/*
 * One run: the knob at its value (undo first), the scenarios on p, the knob back. The build
 * job sets vm.page-cluster itself right before it runs (probe/placement.c), and so do the
 * service, cache and gc after it (the machine's own, 0 on zram), so a page-cluster sweep
 * hands them the value too, zram included.
 */
static int one_run(const struct run_sweep_in *in, const struct sp_sweep_step *st,
		   struct sp_placement *p, struct sp_report *r)
{
	const struct sp_knob_sweep *k = &in->plan->knobs[st->knob];
	unsigned scenarios = run_sweep_scenarios(in->mo);
	struct sp_measure_opts mo = *in->mo;
	struct sp_job_spec job;
	struct sp_sweep_row tmpl;
	struct sp_result *res;
	char value[16], why[300];
	size_t mark = sp_undo_depth(), n;
	int ret;

	memset(&tmpl, 0, sizeof(tmpl));
	snprintf(tmpl.knob, sizeof(tmpl.knob), "%s", sp_knob_name(k->knob));
	tmpl.value = k->values[st->value];
	snprintf(tmpl.placement, sizeof(tmpl.placement), "%s", p->name);
	tmpl.run = (uint32_t)st->round + 1;
	snprintf(value, sizeof(value), "%d", tmpl.value);
	if (mo.job) {
		job = *mo.job;
		if (k->knob == SP_KNOB_PAGE_CLUSTER)
			job.page_cluster = value;
		mo.job = &job;
	}
	/* the service, cache and gc set theirs after the job too: the swept value, zram's too */
	if (k->knob == SP_KNOB_PAGE_CLUSTER) {
		mo.server_page_cluster = value;
		mo.server_page_cluster_all = 1;
	}
	res = calloc(1, sizeof(*res));
	if (!res)
		return -ENOMEM;
	ret = sp_sysctl_set(sp_knob_sysctl(k->knob), value);
	if (ret < 0) {
		snprintf(why, sizeof(why), "cannot set %s=%s: %s", sp_knob_sysctl(k->knob), value,
			 strerror(-ret));
		add_failed(r, &tmpl, scenarios, why);
		goto out;
	}
	ret = sp_placement_scenarios_again(p, &mo, res);
	if (ret == -EINTR)
		goto out;
	n = ret < 0 ? 0
		    : sp_sweep_rows_from(&tmpl, &res->scenarios, r->sweeps + r->n_sweeps,
					 SP_SWEEP_MAX_ROWS - r->n_sweeps);
	r->n_sweeps += n;
	if (!n)
		add_failed(r, &tmpl, scenarios, res->reason[0] ? res->reason : "no scenario ran");
	else if (res->reason[0])
		fprintf(stderr, "swapplace: '%s' at %s=%s: %s\n", p->name, sp_knob_sysctl(k->knob),
			value, res->reason);
out:
	/* the knob back, whatever happened: the next value, or the machine's own */
	sp_undo_run_to(mark);
	free(res);
	return ret == -EINTR || sp_interrupted() ? -EINTR : 0;
}

int run_sweep(const struct run_sweep_in *in, struct sp_report *r)
{
	size_t n_pl = run_sweep_n_placements(in->placements, in->n_placements);
	size_t n = sp_sweep_n_steps(in->plan, n_pl, in->rounds);

	for (size_t i = 0; i < n && !sp_interrupted(); i++) {
		struct sp_sweep_step st;
		struct sp_placement *p;
		size_t before = r->n_sweeps;

		if (sp_sweep_step_at(in->plan, n_pl, in->rounds, i, &st) < 0 ||
		    !(p = swept(in, st.placement)))
			return -EINVAL;
		/* "[sweep k/N]" leads every line, as "[k/N] measuring" does for the placements */
		fprintf(stderr, "swapplace: [sweep %zu/%zu] %s=%d on '%s' (round %zu of %zu)\n",
			i + 1, n, sp_knob_sysctl(in->plan->knobs[st.knob].knob),
			in->plan->knobs[st.knob].values[st.value], p->name, st.round + 1,
			in->rounds);
		if (one_run(in, &st, p, r) == -EINTR)
			return -EINTR;
		for (size_t j = before; j < r->n_sweeps; j++) {
			const char *what;
			double v = sp_sweep_row_figure(&r->sweeps[j], &what);
			char line[32];

			sp_sweep_row_line(&r->sweeps[j], line, sizeof(line));
			if (r->sweeps[j].status == SP_STATUS_OK && !isnan(v))
				fprintf(stderr, "swapplace:   %s: %s %.2f\n", line, what, v);
			else if (r->sweeps[j].status == SP_STATUS_OK)
				fprintf(stderr, "swapplace:   %s: no %s (nothing served)\n", line,
					what);
			else
				fprintf(stderr, "swapplace:   %s: %s: %s\n", line,
					sp_status_name(r->sweeps[j].status), r->sweeps[j].reason);
		}
	}
	return sp_interrupted() ? -EINTR : 0;
}
