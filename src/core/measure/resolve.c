/*
 * resolve.c - the paired sign-flip test every comparison goes by (see resolve.h).
 */
#include "core/measure/resolve.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/measure/rng.h"

#define EXACT_MAX 12 /* 2^12 sign patterns; above, RANDOM_PATTERNS seeded ones */
#define RANDOM_PATTERNS 4000
#define RANDOM_SEED 0x7265736f6c766531ull /* fixed: the same patterns for every shift tested */

/* p of the sign-flip test of sum(d - shift): exact, or over the same seeded random patterns. */
static double signflip_p_shift(const double *d, size_t n, double shift)
{
	double x[SP_RESOLVE_MAX_PAIRS], t = 0, scale = 0, tol;
	uint64_t count = 0;

	if (!n)
		return 1;
	for (size_t i = 0; i < n; i++) {
		x[i] = d[i] - shift;
		t += x[i];
		scale += fabs(x[i]);
	}
	t = fabs(t);
	tol = 1e-9 * scale + 1e-300;
	if (n <= EXACT_MAX) {
		/* Gray code: pattern g flips one sign from the one before */
		double s = 0;
		uint64_t total = 1ull << n;

		for (size_t i = 0; i < n; i++)
			s += x[i]; /* pattern 0: every sign + */
		for (uint64_t g = 0; g < total; g++) {
			if (g) {
				int bit = __builtin_ctzll(g);
				uint64_t gray = g ^ (g >> 1);

				/* bit set in gray: x[bit] now enters negated */
				s += (gray >> bit & 1) ? -2 * x[bit] : 2 * x[bit];
			}
			if (fabs(s) >= t - tol)
				count++;
		}
		return (double)count / (double)total;
	}
	{
		struct sp_rng r;

		sp_rng_seed(&r, RANDOM_SEED);
		for (int k = 0; k < RANDOM_PATTERNS; k++) {
			double s = 0;

			for (size_t i = 0; i < n; i += 64) {
				uint64_t bits = sp_rng_next(&r);

				for (size_t j = i; j < n && j < i + 64; j++)
					s += (bits >> (j - i) & 1) ? -x[j] : x[j];
			}
			if (fabs(s) >= t - tol)
				count++;
		}
		return (double)(count + 1) / (double)(RANDOM_PATTERNS + 1);
	}
}

double sp_resolve_signflip_p(const double *d, size_t n)
{
	if (!d || n > SP_RESOLVE_MAX_PAIRS)
		return 1;
	return signflip_p_shift(d, n, 0);
}

/* The edge of the 95 % interval on one side of m (dir +1 or -1), by bisection; 0: unbounded. */
static int interval_edge(const double *d, size_t n, double m, double far, double *edge)
{
	double in = m, out = far;

	if (signflip_p_shift(d, n, far) >= SP_RESOLVE_ALPHA)
		return 0;
	for (int k = 0; k < 60; k++) {
		double mid = (in + out) / 2;

		if (signflip_p_shift(d, n, mid) >= SP_RESOLVE_ALPHA)
			in = mid;
		else
			out = mid;
	}
	*edge = (in + out) / 2;
	return 1;
}

void sp_resolve_decide(struct sp_resolution *r)
{
	if (!r)
		return;
	r->resolved = r->have && r->rounds >= SP_RESOLVE_MIN_ROUNDS && r->p < SP_RESOLVE_ALPHA &&
		      fabs(r->diff_pct) >= r->min_effect_pct;
}

int sp_resolve_pairs(const double *a, const double *b, size_t n, double min_effect,
		     struct sp_resolution *out)
{
	double d[SP_RESOLVE_MAX_PAIRS], m = 0, lo_d = 0, hi_d = 0;
	size_t k = 0;

	if (!a || !b || !out || n > SP_RESOLVE_MAX_PAIRS)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->min_effect_pct = min_effect > 0 ? min_effect : SP_RESOLVE_DEFAULT_MIN_EFFECT;
	for (size_t i = 0; i < n; i++) {
		if (!(a[i] > 0) || !(b[i] > 0) || !isfinite(a[i]) || !isfinite(b[i]))
			continue;
		d[k] = log(b[i] / a[i]);
		if (!k || d[k] < lo_d)
			lo_d = d[k];
		if (!k || d[k] > hi_d)
			hi_d = d[k];
		m += d[k];
		k++;
	}
	out->rounds = k;
	if (!k)
		return 0;
	out->have = 1;
	m /= (double)k;
	out->diff_pct = (exp(m) - 1) * 100;
	out->p_raw = out->p = signflip_p_shift(d, k, 0);
	if (k >= 2) {
		double span = hi_d - lo_d + 1e-9, lo, hi;

		if (interval_edge(d, k, m, hi_d + span, &hi) &&
		    interval_edge(d, k, m, lo_d - span, &lo)) {
			out->bounded = 1;
			out->diff_lo_pct = (exp(lo) - 1) * 100;
			out->diff_hi_pct = (exp(hi) - 1) * 100;
			out->min_resolvable_pct =
			    (exp((hi - lo) / 2) - 1) * 100; /* the half-width, as a ratio */
		}
	}
	sp_resolve_decide(out);
	return 0;
}

void sp_resolve_holm(struct sp_resolution *r, size_t n)
{
	size_t idx[256], m = 0;
	double run = 0;

	if (!r)
		return;
	for (size_t i = 0; i < n && m < 256; i++)
		if (r[i].have)
			idx[m++] = i;
	/* sort by raw p, ascending (insertion: a table has few lines) */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && r[idx[j]].p_raw < r[idx[j - 1]].p_raw; j--) {
			size_t t = idx[j];

			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
	for (size_t k = 0; k < m; k++) {
		double adj = (double)(m - k) * r[idx[k]].p_raw;

		if (adj > 1)
			adj = 1;
		if (adj < run)
			adj = run; /* step-down: never below an earlier (smaller) line's */
		run = adj;
		r[idx[k]].p = adj;
		sp_resolve_decide(&r[idx[k]]);
	}
}

double sp_resolution_floor_pct(const struct sp_resolution *r)
{
	if (!r || !r->bounded)
		return 0;
	return r->min_resolvable_pct > r->min_effect_pct ? r->min_resolvable_pct
							 : r->min_effect_pct;
}

/* the fewest pairs whose smallest p, 2 / 2^n, is below alpha */
static size_t pairs_needed(void)
{
	size_t n = 1;

	while (2.0 / (double)(1ull << n) >= SP_RESOLVE_ALPHA)
		n++;
	return n;
}

void sp_resolution_phrase(const struct sp_resolution *r, const char *unit, char *buf, size_t len)
{
	const char *u = unit ? unit : "rounds";

	if (!buf || !len)
		return;
	buf[0] = 0;
	if (!r || !r->have) {
		snprintf(buf, len, "not resolved: nothing to compare");
	} else if (r->rounds < 2) {
		snprintf(buf, len, "not resolved: one run each, no claim");
	} else if (r->resolved) {
		snprintf(buf, len, "p %.3f, %zu %s, 95 %% interval %+.1f %% to %+.1f %%", r->p,
			 r->rounds, u, r->diff_lo_pct, r->diff_hi_pct);
	} else if (r->rounds < SP_RESOLVE_MIN_ROUNDS) {
		snprintf(buf, len, "not resolved: %zu %s, a claim needs at least %d", r->rounds, u,
			 SP_RESOLVE_MIN_ROUNDS);
	} else if (!r->bounded) {
		snprintf(buf, len,
			 "not resolved: %zu %s could not see a difference of any size (the test "
			 "needs %zu)",
			 r->rounds, u, pairs_needed());
	} else {
		snprintf(
		    buf, len,
		    "not resolved: differences under %.0f %% could not be seen (p %.2f, %zu %s)",
		    ceil(sp_resolution_floor_pct(r)), r->p, r->rounds, u);
	}
}
