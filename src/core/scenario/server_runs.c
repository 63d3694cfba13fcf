/*
 * server_runs.c - --repeat's later rounds of the cache and gc scenarios folded in (see
 * server_runs.h).
 */
#include "core/scenario/server_runs.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* A failed run is worse than one that ran; then the figure's order says. */
static int worse_status(enum sp_status a, enum sp_status b, int figure_worse)
{
	if ((a == SP_STATUS_OK) != (b == SP_STATUS_OK))
		return b == SP_STATUS_OK;
	return figure_worse;
}

static int cache_case_worse(const struct sp_cache_case *a, const struct sp_cache_case *b)
{
	return worse_status(a->status, b->status, a->ops_per_s < b->ops_per_s);
}

static int gc_worse(const struct sp_scenario_gc *a, const struct sp_scenario_gc *b)
{
	return worse_status(a->status, b->status, a->p99_pause_ms > b->p99_pause_ms);
}

/*
 * The list of n runs (a first run not yet listed is put there from its figure), with v
 * appended; 0, or -ENOSPC when full.
 */
static int runs_add(double *runs, size_t n, double first, double v)
{
	if (!n)
		runs[0] = first;
	n = n ? n : 1;
	if (n >= SP_SERVER_MAX_RUNS)
		return -ENOSPC;
	runs[n] = v;
	return 0;
}

/* Two lists of runs of a result, each gaining a run: built aside, since the result may be
 * replaced by the run's before they are put back */
struct two_runs {
	double a[SP_SERVER_MAX_RUNS], b[SP_SERVER_MAX_RUNS];
	size_t n;
};

/* a, b: the result's lists of n_runs runs (0: its one run a0, b0, unlisted); ra, rb: the run's */
static int two_runs_add(struct two_runs *t, const double *a, const double *b, size_t n_runs,
			double a0, double b0, double ra, double rb)
{
	memcpy(t->a, a, sizeof(t->a));
	memcpy(t->b, b, sizeof(t->b));
	if (runs_add(t->a, n_runs, a0, ra) < 0 || runs_add(t->b, n_runs, b0, rb) < 0)
		return -ENOSPC;
	t->n = (n_runs ? n_runs : 1) + 1;
	return 0;
}

static int cache_case_merge(struct sp_cache_case *acc, const struct sp_cache_case *run)
{
	struct two_runs t;

	if (two_runs_add(&t, acc->ops_per_s_runs, acc->p95_ms_runs, acc->n_runs, acc->ops_per_s,
			 acc->p95_ms, run->ops_per_s, run->p95_ms) < 0)
		return -ENOSPC;
	if (cache_case_worse(run, acc))
		*acc = *run;
	memcpy(acc->ops_per_s_runs, t.a, sizeof(t.a));
	memcpy(acc->p95_ms_runs, t.b, sizeof(t.b));
	acc->n_runs = t.n;
	return 0;
}

int sp_cache_merge(struct sp_scenario_cache *acc, const struct sp_scenario_cache *run)
{
	int ret = 0;

	if (!acc || !run || run->n_cases > SP_CACHE_MAX_CASES || acc->n_cases > SP_CACHE_MAX_CASES)
		return -EINVAL;
	if (!run->done)
		return 0;
	if (!acc->done) {
		*acc = *run;
		sp_cache_evicted_most(acc);
		return 0;
	}
	for (size_t i = 0; i < run->n_cases; i++) {
		size_t k = 0;

		while (k < acc->n_cases &&
		       fabs(acc->cases[k].cache_pct - run->cases[i].cache_pct) > 1e-9)
			k++;
		if (k == acc->n_cases) {
			if (k == SP_CACHE_MAX_CASES)
				return -EINVAL;
			acc->cases[acc->n_cases++] = run->cases[i];
		} else if (cache_case_merge(&acc->cases[k], &run->cases[i]) < 0) {
			ret = -ENOSPC;
		}
	}
	sp_cache_evicted_most(acc);
	return ret;
}

int sp_gc_merge(struct sp_scenario_gc *acc, const struct sp_scenario_gc *run)
{
	struct two_runs t;

	if (!acc || !run)
		return -EINVAL;
	if (!run->done)
		return 0;
	if (!acc->done) {
		*acc = *run;
		return 0;
	}
	if (two_runs_add(&t, acc->p99_pause_ms_runs, acc->worst_pause_ms_runs, acc->n_runs,
			 acc->p99_pause_ms, acc->worst_pause_ms, run->p99_pause_ms,
			 run->worst_pause_ms) < 0)
		return -ENOSPC;
	if (gc_worse(run, acc))
		*acc = *run;
	memcpy(acc->p99_pause_ms_runs, t.a, sizeof(t.a));
	memcpy(acc->worst_pause_ms_runs, t.b, sizeof(t.b));
	acc->n_runs = t.n;
	return 0;
}

void sp_server_runs_first(struct sp_scenario_cache *cache, struct sp_scenario_gc *gc)
{
	for (size_t i = 0; cache && cache->done && i < cache->n_cases && i < SP_CACHE_MAX_CASES;
	     i++) {
		struct sp_cache_case *c = &cache->cases[i];

		if (!c->n_runs) {
			c->ops_per_s_runs[0] = c->ops_per_s;
			c->p95_ms_runs[0] = c->p95_ms;
			c->n_runs = 1;
		}
	}
	if (gc && gc->done && !gc->n_runs) {
		gc->p99_pause_ms_runs[0] = gc->p99_pause_ms;
		gc->worst_pause_ms_runs[0] = gc->worst_pause_ms;
		gc->n_runs = 1;
	}
}
