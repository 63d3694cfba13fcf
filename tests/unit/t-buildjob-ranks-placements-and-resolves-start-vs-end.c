/*
 * t-buildjob-ranks-placements-and-resolves-start-vs-end - the build job's ranking: only ok
 * placements, fastest first, ratios to the best and to the ram baseline; start vs end is the
 * ratio of their wall times and is resolvable only by the paired test over the rounds
 * (core/measure/resolve.h: 6 clearly apart rounds are, 2 rounds or a single run each never);
 * rows not resolved from the row above tie with it; a seeded Monte Carlo with no difference
 * resolves at most 5 % of rankings; start, end and the baseline are
 * found by kind, never by name; --repeat's runs fold into one result (fastest wins, a
 * failure sticks, other objects make it invalid) in interleaved order; and the swap-out rate
 * comes from the span in which pswpout rose.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "core/measure/rng.h"
#include "core/scenario/scenario.h"

static struct sp_scenario_build build_n(const double *w, size_t n)
{
	struct sp_scenario_build s = {0};

	s.done = 1;
	s.status = SP_STATUS_OK;
	s.wall_s = w[0];
	for (size_t i = 0; i < n; i++) {
		s.wall_s_runs[i] = w[i];
		if (w[i] < s.wall_s)
			s.wall_s = w[i];
	}
	s.n_runs = n;
	return s;
}

static struct sp_scenario_build build(double a, double b)
{
	struct sp_scenario_build s = {0};

	s.done = 1;
	s.status = SP_STATUS_OK;
	s.wall_s_runs[0] = a;
	s.n_runs = 1;
	s.wall_s = a;
	if (b > 0) {
		s.wall_s_runs[1] = b;
		s.n_runs = 2;
		s.wall_s = a < b ? a : b;
	}
	return s;
}

/* Results named and kinded as given; their builds set by the caller. */
static void results(struct sp_result *res, const char *const *names,
		    const enum sp_placement_kind *kinds, size_t n)
{
	memset(res, 0, n * sizeof(*res));
	for (size_t i = 0; i < n; i++) {
		snprintf(res[i].placement, sizeof(res[i].placement), "%s", names[i]);
		res[i].id = sp_placement_id_of(kinds[i], -1);
	}
}

static void check_ranking(void)
{
	static struct sp_result res[SP_MAX_RESULTS + 1];
	const char *names[] = {"end", "file", "start", "zram-lz4", "none", "ram"};
	const enum sp_placement_kind kinds[] = {SP_PL_END,  SP_PL_FILE, SP_PL_START,
						SP_PL_ZRAM, SP_PL_NONE, SP_PL_RAM};
	struct sp_build_ranking r;

	results(res, names, kinds, 6);
	res[0].scenarios.build = build(316, 330); /* end */
	res[1].scenarios.build = build(260, 270); /* file */
	res[2].scenarios.build = build(170, 175); /* start */
	res[3].scenarios.build = build(45, 50);
	res[4].scenarios.build = build(0, 0);
	res[4].scenarios.build.status = SP_STATUS_FAILED; /* none: OOM-killed, not ranked */
	res[4].scenarios.build.oom_killed = 1;
	res[5].scenarios.build = build(10, 11);
	CHECK(sp_build_rank(res, 6, 0, &r) == 0);
	CHECK_EQ_U64(r.n, 4); /* the ram baseline is the yardstick, not a row */
	CHECK_STR(r.rows[0].placement, "zram-lz4");
	CHECK_STR(r.rows[1].placement, "start");
	CHECK_STR(r.rows[2].placement, "file");
	CHECK_STR(r.rows[3].placement, "end");
	CHECK(r.rows[1].result == 2 && r.rows[3].result == 0);
	CHECK_NEAR(r.rows[0].ratio_to_best, 1.0, 1e-12);
	CHECK_NEAR(r.rows[3].ratio_to_best, 316.0 / 45.0, 1e-12);
	CHECK(r.has_ram && r.ram == 5);
	CHECK_NEAR(r.rows[1].ratio_to_ram, 17.0, 1e-12);
	CHECK_NEAR(r.rows[3].spread_pct, 14.0 / 316 * 100, 1e-9);
	CHECK(r.start_vs_end.have);
	CHECK_NEAR(r.start_vs_end.ratio, 316.0 / 170.0, 1e-12);
	/* two rounds, however far apart, are not enough for a claim */
	CHECK(r.start_vs_end.resolvable == 0 && r.start_vs_end.resolution_pct == 0);
	CHECK(r.start_vs_end.resolution.rounds == 2 && !r.start_vs_end.resolution.bounded);
	CHECK(r.rows[1].rank == r.rows[0].rank && r.rows[3].rank == 1); /* all tied */

	/* eight rounds each, end about 85 % slower in every round: resolved, with its interval */
	{
		double st[8] = {170, 175, 171, 180, 172, 174, 176, 173};
		double en[8] = {316, 330, 318, 322, 325, 317, 320, 321};
		double fi[8] = {171, 177, 172, 182, 173, 175, 177, 172};
		double zr[8] = {45, 50, 46, 47, 45, 48, 46, 47};

		res[0].scenarios.build = build_n(en, 8);
		res[1].scenarios.build = build_n(fi, 8);
		res[2].scenarios.build = build_n(st, 8);
		res[3].scenarios.build = build_n(zr, 8);
		res[5].scenarios.build = build_n(zr, 8);
		CHECK(sp_build_rank(res, 6, 0, &r) == 0);
		CHECK(r.start_vs_end.resolvable == 1 && r.start_vs_end.ratio > 1.8);
		CHECK(r.start_vs_end.resolution.bounded && r.start_vs_end.resolution_pct > 0);
		CHECK(r.start_vs_end.resolution.diff_lo_pct > 50);
		/* zram 1st; start and file within 1 %: tied 2nd; end 4th */
		CHECK_STR(r.rows[1].placement, "start");
		CHECK(r.rows[0].rank == 1 && r.rows[1].rank == 2 && r.rows[2].rank == 2);
		CHECK(r.rows[3].rank == 4 && r.rows[3].vs_above.resolved);
		CHECK(!r.rows[2].vs_above.resolved && r.rows[1].vs_above.resolved);
		/* six rounds: Holm over the table's 3 steps (3 x 2/64 > 5 %) resolves no rank */
		res[0].scenarios.build = build_n(en, 6);
		res[1].scenarios.build = build_n(fi, 6);
		res[2].scenarios.build = build_n(st, 6);
		res[3].scenarios.build = build_n(zr, 6);
		CHECK(sp_build_rank(res, 6, 0, &r) == 0);
		CHECK(r.rows[3].rank == 1 && r.start_vs_end.resolvable == 1);
		/* with a minimum effect of 100 %, not even end's 85 % is worth a claim */
		CHECK(sp_build_rank(res, 6, 100, &r) == 0);
		CHECK(r.start_vs_end.resolvable == 0);
		CHECK(r.start_vs_end.resolution.min_effect_pct == 100);
	}

	/* overlapping runs: the difference is within the run-to-run spread */
	res[0].scenarios.build = build(172, 200);
	res[2].scenarios.build = build(170, 180);
	res[1].scenarios.build = build(260, 270);
	res[3].scenarios.build = build(45, 50);
	res[5].scenarios.build = build(10, 11);
	CHECK(sp_build_rank(res, 6, 0, &r) == 0);
	CHECK(r.start_vs_end.have && r.start_vs_end.resolvable == 0);
	CHECK_NEAR(r.start_vs_end.ratio, 172.0 / 170.0, 1e-12);
	/* one run each shows no spread: never resolvable, no resolution claimed */
	res[0].scenarios.build = build(316, 0);
	res[2].scenarios.build = build(170, 0);
	CHECK(sp_build_rank(res, 6, 0, &r) == 0);
	CHECK(r.start_vs_end.have && r.start_vs_end.resolvable == 0);
	CHECK(r.start_vs_end.min_runs == 1 && r.start_vs_end.resolution_pct == 0);

	/* by kind, never by name: a start placement called "end" is still the start */
	snprintf(res[2].placement, sizeof(res[2].placement), "end");
	snprintf(res[0].placement, sizeof(res[0].placement), "start");
	CHECK(sp_build_rank(res, 6, 0, &r) == 0);
	CHECK(r.start_vs_end.start == 2 && r.start_vs_end.end == 0);
	CHECK_NEAR(r.start_vs_end.ratio, 316.0 / 170.0, 1e-12);
	/* and a result named "ram" that is not of kind ram is no baseline */
	res[5].id = sp_placement_id_of(SP_PL_ZRAM, -1);
	CHECK(sp_build_rank(res, 6, 0, &r) == 0);
	CHECK(!r.has_ram && r.ram == -1);
	res[5].id = sp_placement_id_of(SP_PL_RAM, -1);

	/* a job that did not run (done 0) is not ranked, even with a wall time */
	res[1].scenarios.build.done = 0;
	CHECK(sp_build_rank(res, 6, 0, &r) == 0);
	CHECK_EQ_U64(r.n, 3);
	res[1].scenarios.build.done = 1;

	/* no ram baseline, no end */
	res[0].scenarios.build.status = SP_STATUS_FAILED;
	res[5].scenarios.build.status = SP_STATUS_FAILED;
	CHECK(sp_build_rank(res, 6, 0, &r) == 0);
	CHECK(!r.has_ram && r.rows[0].ratio_to_ram == 0);
	CHECK(!r.start_vs_end.have);
	/* ties keep input order */
	res[1].scenarios.build = build(50, 0);
	res[3].scenarios.build = build(50, 0);
	CHECK(sp_build_rank(res, 6, 0, &r) == 0);
	CHECK_STR(r.rows[0].placement, "file");
	CHECK_STR(r.rows[1].placement, "zram-lz4");
	CHECK(sp_build_rank(res, SP_MAX_RESULTS + 1, 0, &r) == -EINVAL);
	CHECK(sp_build_rank(NULL, 1, 0, &r) == -EINVAL);
}

static struct sp_scenario_build one_run(double wall, uint64_t sum, enum sp_status st)
{
	struct sp_scenario_build s = build(wall, 0);

	s.status = st;
	s.objects_checksum = sum;
	s.pswpin = (uint64_t)wall * 10;
	return s;
}

/* --repeat folds each run into the placement's result */
static void check_merge(void)
{
	struct sp_scenario_build acc = {0}, run;

	run = one_run(20, 7, SP_STATUS_OK);
	CHECK(sp_build_merge(&acc, &run) == 0);
	CHECK(acc.done && acc.n_runs == 1 && acc.wall_s == 20 && acc.wall_s_spread_pct == 0);
	run = one_run(18, 7, SP_STATUS_OK);
	CHECK(sp_build_merge(&acc, &run) == 0);
	/* the fastest run's wall and counters, every run's wall in order */
	CHECK(acc.n_runs == 2 && acc.wall_s == 18 && acc.pswpin == 180);
	CHECK(acc.wall_s_runs[0] == 20 && acc.wall_s_runs[1] == 18);
	CHECK_NEAR(acc.wall_s_spread_pct, 2.0 / 18 * 100, 1e-9);
	run = one_run(25, 7, SP_STATUS_OK);
	CHECK(sp_build_merge(&acc, &run) == 0);
	CHECK(acc.n_runs == 3 && acc.wall_s == 18 && acc.pswpin == 180);
	CHECK(acc.status == SP_STATUS_OK);
	/* other objects: the data came back changed */
	run = one_run(19, 8, SP_STATUS_OK);
	CHECK(sp_build_merge(&acc, &run) == 0);
	CHECK(acc.status == SP_STATUS_INVALID && acc.n_runs == 4);
	CHECK(strstr(acc.reason, "run 4 wrote other objects") != NULL);
	/* a failure is the result: later runs do not change it */
	memset(&acc, 0, sizeof(acc));
	run = one_run(20, 7, SP_STATUS_OK);
	sp_build_merge(&acc, &run);
	run = one_run(3, 0, SP_STATUS_FAILED);
	snprintf(run.reason, sizeof(run.reason), "oom-killed in unit 3 of 64");
	run.oom_killed = 1;
	CHECK(sp_build_merge(&acc, &run) == 0);
	CHECK(acc.status == SP_STATUS_FAILED && acc.oom_killed && acc.n_runs == 1);
	CHECK_STR(acc.reason, "oom-killed in unit 3 of 64");
	run = one_run(10, 7, SP_STATUS_OK);
	CHECK(sp_build_merge(&acc, &run) == 0);
	CHECK(acc.status == SP_STATUS_FAILED && acc.n_runs == 1);
	/* full */
	memset(&acc, 0, sizeof(acc));
	for (int i = 0; i < SP_BUILD_MAX_RUNS; i++) {
		run = one_run(10 + i, 7, SP_STATUS_OK);
		CHECK(sp_build_merge(&acc, &run) == 0);
	}
	CHECK(sp_build_merge(&acc, &run) == -ENOSPC);
	CHECK(sp_build_merge(NULL, &run) == -EINVAL);
}

/* --repeat's order: round by round, every placement in each */
static void check_repeat_order(void)
{
	struct sp_step s[16];
	size_t pos[3][2] = {{0}};

	CHECK(sp_repeat_order(3, 2, 7, s, 16) == 6);
	CHECK(s[0].placement == 0 && s[0].round == 0);
	CHECK(s[1].placement == 1 && s[1].round == 0);
	CHECK(s[2].placement == 2 && s[2].round == 0);
	/* the second round is the first reversed */
	CHECK(s[3].placement == 2 && s[3].round == 1);
	CHECK(s[4].placement == 1 && s[4].round == 1);
	CHECK(s[5].placement == 0 && s[5].round == 1);
	/* four rounds: every placement once per round, and its positions sum alike over a pair */
	CHECK(sp_repeat_order(3, 4, 7, s, 16) == 12);
	for (size_t k = 0; k < 12; k++)
		pos[s[k].placement][s[k].round / 2] += k % 3;
	for (size_t p = 0; p < 3; p++)
		CHECK(pos[p][0] == 2 && pos[p][1] == 2);
	CHECK(s[6].round == 2 && s[9].placement == s[8].placement);
	CHECK(sp_repeat_order(4, 1, 7, s, 16) == 4 && s[3].placement == 3 && s[3].round == 0);
	CHECK(sp_repeat_order(3, 6, 7, s, 16) == -ENOSPC);
	CHECK(sp_repeat_order(0, 2, 7, s, 16) == -EINVAL);
	CHECK(sp_repeat_order(3, 0, 7, s, 16) == -EINVAL);
}

static void check_swapout(void)
{
	/* idle 2 s, 3000 pages over 3 s, idle tail */
	const struct sp_vm_sample s[] = {
	    {0, 100}, {1, 100}, {2, 100}, {3, 1100}, {4, 2100}, {5, 3100}, {6, 3100}, {7, 3100},
	};
	const struct sp_vm_sample flat[] = {{0, 5}, {1, 5}, {2, 5}};
	const struct sp_vm_sample back[] = {{0, 5}, {1, 4}};
	const struct sp_vm_sample late[] = {{0, 5}, {2, 4}, {1, 6}};
	struct sp_swapout o;

	CHECK(sp_swapout_from_samples(s, 8, &o) == 0);
	CHECK_EQ_U64(o.pages, 3000);
	CHECK_NEAR(o.seconds, 3.0, 1e-12);
	CHECK_NEAR(o.pages_per_s, 1000.0, 1e-12);
	CHECK(sp_swapout_from_samples(flat, 3, &o) == 0);
	CHECK(o.pages == 0 && o.seconds == 0 && o.pages_per_s == 0);
	CHECK(sp_swapout_from_samples(s, 1, &o) == 0 && o.pages == 0);
	CHECK(sp_swapout_from_samples(back, 2, &o) == -EINVAL);
	CHECK(sp_swapout_from_samples(late, 3, &o) == -EINVAL);
	CHECK(sp_swapout_from_samples(NULL, 3, &o) == -EINVAL);
}

/* --scenario's list: build, service, all, none alone */
static void scenario_set(void)
{
	unsigned m = 99;

	CHECK(sp_scenario_set_parse(NULL, &m) == 0 && m == SP_SCENARIO_BUILD);
	CHECK(sp_scenario_set_parse("build", &m) == 0 && m == SP_SCENARIO_BUILD);
	CHECK(sp_scenario_set_parse("service", &m) == 0 && m == SP_SCENARIO_SERVICE);
	CHECK(sp_scenario_set_parse("service,build", &m) == 0 &&
	      m == (SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE));
	CHECK(sp_scenario_set_parse("all", &m) == 0 &&
	      m == (SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE | SP_SCENARIO_CACHE | SP_SCENARIO_GC));
	CHECK(sp_scenario_set_parse("cache", &m) == 0 && m == SP_SCENARIO_CACHE);
	CHECK(sp_scenario_set_parse("gc", &m) == 0 && m == SP_SCENARIO_GC);
	CHECK(sp_scenario_set_parse("cache,gc", &m) == 0 &&
	      m == (SP_SCENARIO_CACHE | SP_SCENARIO_GC));
	CHECK(sp_scenario_set_parse("gc,all", &m) == 0 &&
	      m == (SP_SCENARIO_BUILD | SP_SCENARIO_SERVICE | SP_SCENARIO_CACHE | SP_SCENARIO_GC));
	m = 99;
	CHECK(sp_scenario_set_parse("gcc", &m) == -EINVAL && m == 99);
	CHECK(sp_scenario_set_parse("caches", &m) == -EINVAL);
	CHECK(sp_scenario_set_parse("none,cache", &m) == -EINVAL);
	CHECK(sp_scenario_set_parse("none", &m) == 0 && m == 0);
	m = 99;
	CHECK(sp_scenario_set_parse("none,build", &m) == -EINVAL && m == 99);
	CHECK(sp_scenario_set_parse("builds", &m) == -EINVAL);
	CHECK(sp_scenario_set_parse("build,", &m) == -EINVAL);
	CHECK(sp_scenario_set_parse("", &m) == -EINVAL);
}

/* No difference between four placements, 6 rounds with shared drift: how often any claim */
static void check_monte_carlo(void)
{
	static struct sp_result res[4];
	const char *names[] = {"start", "end", "file", "zram"};
	const enum sp_placement_kind kinds[] = {SP_PL_START, SP_PL_END, SP_PL_FILE, SP_PL_ZRAM};
	struct sp_rng rng;
	int trials = 400, any = 0, sve = 0;

	sp_rng_seed(&rng, 1818);
	results(res, names, kinds, 4);
	for (int t = 0; t < trials; t++) {
		struct sp_build_ranking r;
		double w[4][6];
		int claimed = 0;

		for (size_t i = 0; i < 6; i++) {
			double drift = 0.2 * ((double)sp_rng_below(&rng, 1000) / 1000 - 0.5);

			for (int p = 0; p < 4; p++)
				w[p][i] = 100 * (1 + drift) *
					  (1 + 0.1 * ((double)sp_rng_below(&rng, 1000) / 1000));
		}
		for (int p = 0; p < 4; p++)
			res[p].scenarios.build = build_n(w[p], 6);
		sp_build_rank(res, 4, 0.001, &r);
		sve += r.start_vs_end.resolvable;
		for (size_t k = 1; k < r.n; k++)
			claimed |= r.rows[k].rank != r.rows[0].rank;
		any += claimed;
	}
	fprintf(stderr,
		"build rankings with no difference: %d of %d ranked one ahead, %d said start vs "
		"end differ\n",
		any, trials, sve);
	CHECK(any <= trials * 5 / 100);
	CHECK(sve <= trials * 5 / 100);
}

int main(void)
{
	check_monte_carlo();
	scenario_set();
	check_ranking();
	check_merge();
	check_repeat_order();
	check_swapout();
	return CHECK_DONE();
}
