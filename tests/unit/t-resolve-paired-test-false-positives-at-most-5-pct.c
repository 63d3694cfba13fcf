/*
 * t-resolve-paired-test-false-positives-at-most-5-pct - the one resolution rule
 * (core/measure/resolve.h): the sign-flip test's p is exact (1 for no difference, 2/2^n when
 * every pair agrees); fewer than 4 pairs never resolve, 4 and 5 cannot (an unbounded interval);
 * a clear 20 % difference over 8 rounds resolves with an interval that covers it; a difference
 * under the minimum effect is not claimed; Holm adjusts a family step-down; the phrases read as
 * the reports print them; and a seeded Monte Carlo with no effect but a drifting machine
 * (shared per-round drift, heavy-tailed noise) resolves at most 5 % of comparisons, and at most
 * 5 % of families of 27 lines with Holm.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "core/measure/resolve.h"
#include "core/measure/rng.h"

static double unif(struct sp_rng *r)
{
	return ((double)(sp_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(struct sp_rng *r)
{
	return sqrt(-2 * log(unif(r))) * cos(6.283185307179586 * unif(r));
}

/* a latency with drift d (shared by the round) and heavy-tailed noise */
static double noisy(struct sp_rng *r, double drift)
{
	double e = 0.05 * gauss(r);

	if (unif(r) < 0.1)
		e += 0.4 * unif(r); /* an occasional slow round */
	return 100 * exp(drift + e);
}

static void check_exact(void)
{
	double a[8] = {100, 100, 100, 100, 100, 100, 100, 100};
	double b[8] = {120, 121, 119, 122, 120, 118, 121, 120};
	double d[6] = {1, 1, 1, 1, 1, 1};
	struct sp_resolution r;
	char buf[200];

	CHECK_NEAR(sp_resolve_signflip_p(d, 6), 2.0 / 64, 1e-12);
	CHECK_NEAR(sp_resolve_signflip_p(d, 4), 2.0 / 16, 1e-12);
	CHECK(sp_resolve_pairs(a, a, 6, 0, &r) == 0);
	CHECK(r.have && r.rounds == 6 && !r.resolved);
	CHECK_NEAR(r.p, 1, 1e-12);

	CHECK(sp_resolve_pairs(a, b, 8, 0, &r) == 0);
	CHECK(r.resolved && r.bounded && r.rounds == 8);
	CHECK_NEAR(r.p, 2.0 / 256, 1e-12);
	CHECK(r.diff_lo_pct < 20 && r.diff_hi_pct > 20 && r.diff_lo_pct > 15);
	CHECK(r.min_resolvable_pct > 0 && r.min_resolvable_pct < 5);
	CHECK_NEAR(r.min_effect_pct, SP_RESOLVE_DEFAULT_MIN_EFFECT, 1e-12);
	sp_resolution_phrase(&r, "rounds", buf, sizeof(buf));
	CHECK(!strncmp(buf, "p 0.008, 8 rounds, 95 % interval +", 34));

	/* the same 20 % with a minimum effect of 25 % is not worth a claim */
	CHECK(sp_resolve_pairs(a, b, 8, 25, &r) == 0);
	CHECK(!r.resolved && r.bounded);
	sp_resolution_phrase(&r, "rounds", buf, sizeof(buf));
	CHECK_STR(buf, "not resolved: differences under 25 % could not be seen (p 0.01, 8 rounds)");

	/* 4 and 5 pairs: the test cannot reject, whatever the data */
	CHECK(sp_resolve_pairs(a, b, 5, 0, &r) == 0);
	CHECK(!r.resolved && !r.bounded);
	sp_resolution_phrase(&r, "rounds", buf, sizeof(buf));
	CHECK_STR(
	    buf,
	    "not resolved: 5 rounds could not see a difference of any size (the test needs 6)");
	CHECK(sp_resolve_pairs(a, b, 3, 0, &r) == 0);
	sp_resolution_phrase(&r, "blocks", buf, sizeof(buf));
	CHECK_STR(buf, "not resolved: 3 blocks, a claim needs at least 4");
	CHECK(sp_resolve_pairs(a, b, 1, 0, &r) == 0);
	CHECK(!r.resolved);
	sp_resolution_phrase(&r, "rounds", buf, sizeof(buf));
	CHECK_STR(buf, "not resolved: one run each, no claim");

	/* pairs with a value not > 0 are skipped */
	b[0] = 0;
	CHECK(sp_resolve_pairs(a, b, 8, 0, &r) == 0);
	CHECK(r.rounds == 7);
	CHECK(sp_resolve_pairs(a, b, SP_RESOLVE_MAX_PAIRS + 1, 0, &r) == -EINVAL);
}

static void check_holm(void)
{
	struct sp_resolution r[3] = {{0}};
	double p[3] = {0.01, 0.04, 0.03};

	for (int i = 0; i < 3; i++) {
		r[i].have = 1;
		r[i].rounds = 8;
		r[i].bounded = 1;
		r[i].diff_pct = 10;
		r[i].min_effect_pct = 5;
		r[i].p = r[i].p_raw = p[i];
	}
	sp_resolve_holm(r, 3);
	CHECK_NEAR(r[0].p, 0.03, 1e-12); /* 3 x 0.01 */
	CHECK_NEAR(r[2].p, 0.06, 1e-12); /* 2 x 0.03 */
	CHECK_NEAR(r[1].p, 0.06, 1e-12); /* 1 x 0.04, but never below the step before */
	CHECK(r[0].resolved && !r[1].resolved && !r[2].resolved);
}

/* No effect, n rounds, drift shared by both sides of a round: how often is a difference claimed */
static void check_monte_carlo(void)
{
	struct sp_rng rng;
	int trials = 2000, fp = 0, fam_fp = 0;

	sp_rng_seed(&rng, 18);
	for (size_t n = 4; n <= 8; n++) {
		fp = 0;
		for (int t = 0; t < trials; t++) {
			double a[8], b[8];
			struct sp_resolution r;

			for (size_t i = 0; i < n; i++) {
				double drift = 0.15 * gauss(&rng) + 0.02 * (double)i;

				a[i] = noisy(&rng, drift);
				b[i] = noisy(&rng, drift);
			}
			sp_resolve_pairs(a, b, n, 0.001, &r); /* any effect counts */
			fp += r.resolved;
		}
		fprintf(stderr, "%zu rounds: %d of %d resolved with no effect\n", n, fp, trials);
		CHECK(fp <= trials * 5 / 100);
	}
	/* a sweep of 27 lines, 6 rounds each, Holm across them: at most 5 % of sweeps claim any */
	for (int t = 0; t < 1000; t++) {
		struct sp_resolution r[27];
		int any = 0;

		for (int l = 0; l < 27; l++) {
			double a[6], b[6];

			for (size_t i = 0; i < 6; i++) {
				double drift = 0.15 * gauss(&rng);

				a[i] = noisy(&rng, drift);
				b[i] = noisy(&rng, drift);
			}
			sp_resolve_pairs(a, b, 6, 0.001, &r[l]);
		}
		sp_resolve_holm(r, 27);
		for (int l = 0; l < 27; l++)
			any |= r[l].resolved;
		fam_fp += any;
	}
	fprintf(stderr, "sweeps of 27 lines: %d of 1000 claimed a difference\n", fam_fp);
	CHECK(fam_fp <= 50);
}

int main(void)
{
	check_exact();
	check_holm();
	check_monte_carlo();
	return CHECK_DONE();
}
