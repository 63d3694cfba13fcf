/*
 * resolve.h - the one rule every comparison in a report goes by: a paired test over rounds.
 *
 * Two placements (or two values of a knob) measured in the same rounds give pairs (a_i, b_i):
 * a job's wall time in round i, or the median swap-in of probe block i. The test works on the
 * paired log ratios d_i = ln(b_i / a_i), so a difference is relative and a drift that loads
 * both sides of a round alike cancels. Its p-value is the exact two-sided sign-flip permutation
 * test of the mean of d (every one of the 2^n sign patterns up to 16 pairs; above, 2^16 seeded
 * random patterns): under no difference each d_i is as likely negative as positive, whatever
 * its distribution. The 95 % interval of the relative difference inverts the same test (every
 * shift it does not reject), and the smallest difference it could resolve is the interval's
 * half-width. A permutation test of n pairs cannot give p below 2 / 2^n, so with 4 or 5 pairs
 * nothing is resolved at 5 % and the interval is unbounded: the rule asks for 4 rounds before
 * it even tries, and 6 to resolve anything.
 *
 * A difference is resolved when: at least SP_RESOLVE_MIN_ROUNDS pairs, p (Holm-adjusted across
 * the lines of one table or sweep) below SP_RESOLVE_ALPHA, and the estimated difference at least
 * the minimum effect worth printing (--min-effect, 5 % by default). Pure: no I/O.
 */
#ifndef SP_RESOLVE_H
#define SP_RESOLVE_H

#include <stddef.h>
#include <stdint.h>

#define SP_RESOLVE_MIN_ROUNDS 4		  /* pairs before any "faster" or "slower" */
#define SP_RESOLVE_ALPHA 0.05		  /* two-sided, family-wise with Holm */
#define SP_RESOLVE_DEFAULT_MIN_EFFECT 5.0 /* percent: --min-effect's default */
#define SP_RESOLVE_MAX_PAIRS 64
#ifndef SP_MAX_BLOCKS
#define SP_MAX_BLOCKS 32 /* a fault probe's blocks (core/model/report.h) */
#endif

struct sp_resolution {
	int have;	    /* a test was made (rounds >= 1); 0: nothing to compare */
	size_t rounds;	    /* the pairs */
	double p;	    /* two-sided p; Holm-adjusted once sp_resolve_holm ran over it */
	double p_raw;	    /* before Holm */
	double diff_pct;    /* b over a: (exp(mean d) - 1) * 100; > 0: b is larger */
	int bounded;	    /* the interval is finite (at least 6 pairs, and the test can reject) */
	double diff_lo_pct; /* the 95 % interval of diff_pct; 0 when !bounded */
	double diff_hi_pct; /*   ... */
	double min_resolvable_pct; /* the interval's half-width in percent; 0 when !bounded */
	double min_effect_pct;	   /* the smallest difference worth a claim, as the rule used */
	int resolved;		   /* the rule above held */
};

/*
 * The test over n pairs a[i], b[i] (all > 0; a pair with a value not > 0 is skipped). min_effect
 * is in percent (<= 0: SP_RESOLVE_DEFAULT_MIN_EFFECT). Returns: 0; -EINVAL for NULL pointers or
 * n > SP_RESOLVE_MAX_PAIRS.
 */
int sp_resolve_pairs(const double *a, const double *b, size_t n, double min_effect,
		     struct sp_resolution *out);

/* The p-value alone (no interval): the exact or seeded sign-flip test of the mean of d. */
double sp_resolve_signflip_p(const double *d, size_t n);

/*
 * Holm's step-down correction over the n tests of one table or sweep (those with have 0 are not
 * counted): p becomes the adjusted p and resolved is decided again from it.
 */
void sp_resolve_holm(struct sp_resolution *r, size_t n);

/* Decide resolved again (after p changed): the rule in the header's comment. */
void sp_resolve_decide(struct sp_resolution *r);

/*
 * The "N" of "differences under N % could not be seen": the larger of the smallest resolvable
 * difference and the minimum effect. Returns 0 when the test could not resolve any size
 * (unbounded interval) and the caller says so instead.
 */
double sp_resolution_floor_pct(const struct sp_resolution *r);

/*
 * The sentence's tail, for a comparison that is not resolved: "not resolved: differences under
 * N % could not be seen (p 0.31, 6 rounds)"; with too few rounds for the test to reject anything,
 * "not resolved: 4 rounds could not see a difference of any size (the test needs 6)"; with
 * fewer than SP_RESOLVE_MIN_ROUNDS, "not resolved: 2 rounds, a claim needs at least 4"; one
 * round, "one run each: no claim". For a resolved one: "p 0.016, 6 rounds, 95 % interval
 * 8 % to 14 %". Always NUL-terminated.
 */
void sp_resolution_phrase(const struct sp_resolution *r, const char *unit, char *buf, size_t len);

#endif
