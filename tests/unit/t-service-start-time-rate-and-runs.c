/*
 * t-service-start-time-rate-and-runs - seed 000's figures per service case and --repeat's runs:
 * the start time is the first request served (null when none was), the served rate the
 * requests served over the load, the sysctls as the probe read them; a second and third run
 * fold in with every run kept and the worst run's figures leading (so one lucky run never
 * makes a placement the best); the best placement is said to be apart from the runner-up only
 * when the paired test over their runs resolves it (and a seeded Monte Carlo with no difference
 * says so in at most 5 % of runs); cache and gc keep their runs likewise; --service-workers is one
 * by default; a report from before these keys reads them as unknown, not 0.
 */
#include <errno.h>
#include <math.h>

#include "check.h"
#include "cli-parse.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "core/measure/hist.h"
#include "core/measure/rng.h"
#include "core/report/json_read.h"
#include "core/scenario/scenario_service.h"
#include "core/scenario/server_runs.h"
#include "core/scenario/service.h"
#include "report-dump.h"
#include "t-report-synthetic.h"

static struct sp_report rep, back;
static struct sp_findings fnd;

/* One run of the hot case: n requests, the first `failed` of them unanswered, the rest served
 * after lat_ms each; the first served first_s after the launch (0: none). */
static void one_run(struct sp_service_case *out, uint64_t failed, double lat_ms, double first_s)
{
	static struct sp_service_log log;
	static uint8_t state[400];
	struct sp_service_counters c;

	CHECK(sp_service_log_init(&log, 40, 10, 400, state) == 0);
	for (uint64_t i = 0; i < 400; i++) {
		sp_service_log_send(&log, i, i >= failed);
		if (i >= failed)
			sp_service_log_reply(
			    &log, i, sp_service_intended_ns(40, i) + (uint64_t)(lat_ms * 1e6), 0);
	}
	memset(&c, 0, sizeof(c));
	c.kind = SP_SVC_HOT;
	c.log = &log;
	c.load_s = 10.5;
	c.top_served = 100;
	c.top_span_s = 2;
	c.has_first_served = first_s > 0;
	c.first_served_s = first_s;
	c.page_cluster = 3;
	c.swappiness = 60;
	CHECK(sp_service_case_result(&c, out) == 0);
}

static void case_figures(void)
{
	struct sp_service_case r;

	one_run(&r, 100, 20, 4.25);
	CHECK_NEAR(r.start_s, 4.25, 1e-12);
	CHECK_NEAR(r.served_per_s, 300 / 10.5, 1e-12); /* served over the load, drain included */
	CHECK(r.page_cluster == 3 && r.swappiness == 60);
	CHECK(r.n_runs == 1 && r.p95_ms_runs[0] == r.p95_ms && r.failed_runs[0] == 100);
	CHECK(r.start_s_runs[0] == r.start_s && r.served_per_s_runs[0] == r.served_per_s);
	one_run(&r, 400, 20, 0); /* nothing served: no start time, and no 0 in its place */
	CHECK(isnan(r.start_s) && isnan(r.start_s_runs[0]));
	CHECK(r.served_per_s == 0);
}

/* Three runs of one placement's hot case fold in: every run kept, the worst leading. */
static void merge_runs(void)
{
	struct sp_scenario_service acc = {0}, run = {0};
	struct sp_service_case *h;

	run.n_cases = 1;
	one_run(&run.cases[0], 0, 20, 3);
	CHECK(sp_service_merge(&acc, &run) == 0); /* the first run, as it is */
	one_run(&run.cases[0], 5, 80, 11);	  /* worse: failures */
	CHECK(sp_service_merge(&acc, &run) == 0);
	one_run(&run.cases[0], 0, 10, 2);
	CHECK(sp_service_merge(&acc, &run) == 0);
	h = &acc.cases[0];
	CHECK_EQ_U64(acc.n_cases, 1);
	CHECK_EQ_U64(h->n_runs, 3);
	CHECK_EQ_U64(h->failed, 5); /* the worst run's figures, whole */
	CHECK_NEAR(h->start_s, 11, 1e-12);
	CHECK_NEAR(h->p95_ms, 80, 0.005);
	CHECK(h->failed_runs[0] == 0 && h->failed_runs[1] == 5 && h->failed_runs[2] == 0);
	CHECK(h->start_s_runs[0] == 3 && h->start_s_runs[1] == 11 && h->start_s_runs[2] == 2);
	CHECK_NEAR(h->p95_ms_runs[2], 10, 0.005);
	/* full: the next run is refused and the case left as it was */
	while (h->n_runs < SP_SERVICE_MAX_RUNS)
		CHECK(sp_service_merge(&acc, &run) == 0);
	CHECK(sp_service_merge(&acc, &run) == -ENOSPC);
	CHECK_EQ_U64(h->n_runs, SP_SERVICE_MAX_RUNS);
	CHECK(sp_service_merge(NULL, &run) == -EINVAL);
}

/* start's and zram's hot case, each from runs of the given p95s (ms, no failures) */
static void two_placements(const double *start_p95, const double *zram_p95, size_t n)
{
	syn_build(&rep);
	for (size_t p = 0; p < rep.n_results; p++) {
		struct sp_service_case *c = NULL;
		const double *v = NULL;

		for (size_t k = 0; k < rep.results[p].scenarios.service.n_cases; k++)
			if (!strcmp(rep.results[p].scenarios.service.cases[k].name, "hot"))
				c = &rep.results[p].scenarios.service.cases[k];
		if (!strcmp(rep.results[p].placement, "start"))
			v = start_p95;
		else if (!strcmp(rep.results[p].placement, "zram-lz4"))
			v = zram_p95;
		if (!c || !v)
			continue;
		c->n_runs = n;
		c->p95_ms = 0;
		for (size_t i = 0; i < n; i++) {
			c->p95_ms_runs[i] = v[i];
			c->failed_runs[i] = 0;
			c->p95_ms = v[i] > c->p95_ms ? v[i] : c->p95_ms; /* the worst leads */
		}
	}
	sp_analyse(&rep, &fnd);
}

static void best_beyond_the_spread(void)
{
	const double apart_zram[] = {90, 95, 99, 92, 94, 97, 91, 96};
	const double apart_start[] = {150, 180, 170, 160, 175, 165, 155, 185};
	const double close_zram[] = {90, 160, 99}, close_start[] = {150, 180, 120};
	const double one_zram[] = {90}, one_start[] = {180};
	const struct sp_service_finding *sf = &fnd.service[SP_SVC_HOT];
	char v[2048];

	two_placements(apart_start, apart_zram, 8);
	CHECK_STR(rep.results[sf->best].placement, "zram-lz4");
	CHECK_STR(rep.results[sf->runner_up].placement, "start");
	CHECK(sf->apart && sf->n_runs == 8);
	CHECK(sp_verdict_sentence(&rep, &fnd, SP_VERDICT_SERVICE_HOT, v, sizeof(v)) == 0);
	CHECK(strstr(v, "worst of 8 runs") && !strstr(v, "not ahead"));
	CHECK(strstr(v, "; ahead of start by p95 (p 0.031, 8 rounds, 95 % interval +") != NULL);

	/* one slow zram run overlaps start's runs: the best still by its worst run, not apart */
	two_placements(close_start, close_zram, 3);
	CHECK_STR(rep.results[sf->best].placement, "zram-lz4");
	CHECK(!sf->apart);
	CHECK(sp_verdict_sentence(&rep, &fnd, SP_VERDICT_SERVICE_HOT, v, sizeof(v)) == 0);
	CHECK(strstr(v, "; zram-lz4 is not ahead of start by p95: not resolved: 3 rounds, a claim "
			"needs at least 4") != NULL);

	/* its worst run decides: a lucky fast run does not make a placement the best */
	{
		const double lucky_start[] = {10, 200, 190}, steady_zram[] = {100, 110, 105};

		two_placements(lucky_start, steady_zram, 3);
		CHECK_STR(rep.results[sf->best].placement, "zram-lz4");
	}

	/* one run each: no spread, never apart by p95, and the sentence stays as it was */
	two_placements(one_start, one_zram, 1);
	CHECK(!sf->apart && sf->n_runs == 1);
	CHECK(sp_verdict_sentence(&rep, &fnd, SP_VERDICT_SERVICE_HOT, v, sizeof(v)) == 0);
	CHECK(!strstr(v, "runs") && !strstr(v, "not ahead"));
}

/* No difference between zram-lz4 and start, 8 runs with shared drift: how often "ahead" */
static void service_monte_carlo(void)
{
	const struct sp_service_finding *sf = &fnd.service[SP_SVC_HOT];
	struct sp_rng rng;
	int trials = 200, apart = 0;

	sp_rng_seed(&rng, 1830);
	for (int t = 0; t < trials; t++) {
		double a[8], b[8];

		for (size_t i = 0; i < 8; i++) {
			double drift = 100 + (double)sp_rng_below(&rng, 40);

			a[i] = drift * (1 + (double)sp_rng_below(&rng, 100) / 1000);
			b[i] = drift * (1 + (double)sp_rng_below(&rng, 100) / 1000);
		}
		two_placements(a, b, 8);
		apart += sf->apart;
	}
	fprintf(stderr, "service cases with no difference said apart: %d of %d\n", apart, trials);
	CHECK(apart <= trials * 5 / 100);
}

static void cache_and_gc_runs(void)
{
	struct sp_scenario_cache acc = {0}, run = {0};
	struct sp_scenario_gc g = {0}, gr = {0};

	run.done = 1;
	run.n_cases = 1;
	run.cases[0].cache_pct = 75;
	run.cases[0].ops_per_s = 4000;
	run.cases[0].p95_ms = 2;
	run.cases[0].status = SP_STATUS_OK;
	sp_server_runs_first(&run, NULL);
	CHECK(run.cases[0].n_runs == 1 && run.cases[0].ops_per_s_runs[0] == 4000);
	CHECK(sp_cache_merge(&acc, &run) == 0);
	run.cases[0].ops_per_s = 3000; /* slower: it leads */
	run.cases[0].n_runs = 0;
	CHECK(sp_cache_merge(&acc, &run) == 0);
	run.cases[0].ops_per_s = 5000;
	CHECK(sp_cache_merge(&acc, &run) == 0);
	CHECK(acc.cases[0].n_runs == 3 && acc.cases[0].ops_per_s == 3000);
	CHECK(acc.cases[0].ops_per_s_runs[0] == 4000 && acc.cases[0].ops_per_s_runs[1] == 3000 &&
	      acc.cases[0].ops_per_s_runs[2] == 5000);
	CHECK(!acc.evicted.has); /* no run read its swap use */
	/* the scenario's evicted follows the case that leads after the merge */
	run.cases[0].ops_per_s = 2000;
	run.cases[0].evicted.has = 1;
	run.cases[0].evicted.pool_bytes = 6 << 20;
	CHECK(sp_cache_merge(&acc, &run) == 0);
	CHECK(acc.evicted.has && acc.evicted.pool_bytes == 6 << 20 && acc.evicted.other_bytes == 0);
	run.cases[0].evicted.has = 0;
	run.cases[0].status = SP_STATUS_FAILED; /* a failed run is worse than any that ran */
	run.cases[0].ops_per_s = 9000;
	CHECK(sp_cache_merge(&acc, &run) == 0);
	CHECK(acc.cases[0].status == SP_STATUS_FAILED && acc.cases[0].n_runs == 5);
	CHECK(!acc.evicted.has); /* the failed run leads: nothing ok read it */

	gr.done = 1;
	gr.status = SP_STATUS_OK;
	gr.p99_pause_ms = 5;
	gr.worst_pause_ms = 7;
	sp_server_runs_first(NULL, &gr);
	CHECK(sp_gc_merge(&g, &gr) == 0);
	gr.p99_pause_ms = 50;
	gr.worst_pause_ms = 70;
	CHECK(sp_gc_merge(&g, &gr) == 0);
	CHECK(g.n_runs == 2 && g.p99_pause_ms == 50);
	CHECK(g.p99_pause_ms_runs[0] == 5 && g.p99_pause_ms_runs[1] == 50);
	CHECK(g.worst_pause_ms_runs[0] == 7 && g.worst_pause_ms_runs[1] == 70);
	gr.done = 0; /* a round where gc did not run adds nothing */
	CHECK(sp_gc_merge(&g, &gr) == 0 && g.n_runs == 2);
}

/* Every key in text j (a quoted name) spelled with an x for its first letter. */
static void rename_keys(char *j, const char *key)
{
	for (char *p = strstr(j, key); p; p = strstr(p + 1, key))
		p[1] = 'x';
}

/* The keys in report.json, read back; a report without them reads them as unknown. */
static void json_keys(void)
{
	struct sp_err e;
	size_t len;
	char *j;
	const struct sp_service_case *c;

	syn_build(&rep);
	j = report_json_dump(&rep, &len);
	CHECK(strstr(j, "\"start_s\": 0.75") && strstr(j, "\"page_cluster\": 0,") &&
	      strstr(j, "\"served_per_s\": ") && strstr(j, "\"p95_ms_runs\": [") &&
	      strstr(j, "\"ops_per_s_runs\": [") && strstr(j, "\"p99_pause_ms_runs\": ["));
	/* an older file: the case's new keys renamed away */
	rename_keys(j, "\"start_s\"");
	rename_keys(j, "\"served_per_s\"");
	rename_keys(j, "\"page_cluster\": 3");
	CHECK(sp_report_json_parse(j, len, &back, &e) == 0);
	c = &back.results[0].scenarios.service.cases[0];
	CHECK(isnan(c->start_s) && isnan(c->served_per_s) && c->page_cluster == -1);
	free(j);
}

static void workers_option(void)
{
	struct sp_config c;
	char err[256];

	CHECK(parse(&c, err, ARGS("swapplace", "plan", "--target", "/dev/sdb")) == 0);
	CHECK(c.service_workers == SP_SERVICE_DEFAULT_WORKERS && c.service_workers == 1);
	CHECK(parse(&c, err, ARGS("swapplace", "measure", "--service-workers", "4")) == 0);
	CHECK(c.service_workers == 4);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--service-workers", "0")) ==
	      -EINVAL);
	CHECK(strstr(err, "--service-workers") != NULL);
	CHECK(parse(&c, err,
		    ARGS("swapplace", "plan", "--target", "/dev/sdb", "--service-workers", "65")) ==
	      -EINVAL);
}

int main(void)
{
	case_figures();
	merge_runs();
	best_beyond_the_spread();
	service_monte_carlo();
	cache_and_gc_runs();
	json_keys();
	workers_option();
	return CHECK_DONE();
}
