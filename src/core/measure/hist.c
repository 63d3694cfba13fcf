/*
 * hist.c - log-linear latency histogram (see hist.h for the layout and its error bound).
 *
 * Bucket index of a value v >= 2^SUB_BITS with top bit k is (k - SUB_BITS + 1) * SUB plus the
 * SUB_BITS bits below the top bit, so group g = index / SUB has bucket width 2^(g-1); group 0
 * holds the values below SUB one per bucket, and group 1 ([SUB, 2*SUB)) is exact as well.
 * The representative of a bucket is its midpoint; a bucket [lo, lo + w) has lo >= SUB * w, so
 * a value is never further than w/2 <= lo / (2 * SUB) from it: 2^-(SUB_BITS+1) relative.
 * Quantiles are read by walking the counts (a few thousand additions), never in timed loops.
 */
#include "core/measure/hist.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#define SP_HIST_CLAMP_NS (1ull << SP_HIST_MAX_BITS)

void sp_hist_init(struct sp_hist *h)
{
	memset(h, 0, sizeof(*h));
}

static inline unsigned hist_index(uint64_t ns)
{
	unsigned k, shift;

	if (ns < SP_HIST_SUB)
		return (unsigned)ns;
	if (ns >= SP_HIST_CLAMP_NS)
		return SP_HIST_BUCKETS - 1;
	k = 63u - (unsigned)__builtin_clzll(ns);
	shift = k - SP_HIST_SUB_BITS;
	/* (ns >> shift) is in [SUB, 2*SUB): its low SUB_BITS bits pick the sub-bucket */
	return (k - SP_HIST_SUB_BITS) * SP_HIST_SUB + (unsigned)(ns >> shift);
}

/* Midpoint of bucket i (the bucket's value itself where buckets are one wide). */
static uint64_t hist_bucket_mid(unsigned i)
{
	unsigned g = i / SP_HIST_SUB, sub = i % SP_HIST_SUB, shift;
	uint64_t lo;

	if (g == 0)
		return i;
	shift = g - 1;
	lo = (uint64_t)(SP_HIST_SUB + sub) << shift;
	return lo + ((1ull << shift) >> 1);
}

void sp_hist_add(struct sp_hist *h, uint64_t ns)
{
	if (h->total == 0 || ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
	h->total++;
	h->sum_ns += (double)ns;
	h->counts[hist_index(ns)]++;
}

void sp_hist_merge(struct sp_hist *dst, const struct sp_hist *src)
{
	if (src->total == 0)
		return;
	if (dst->total == 0 || src->min_ns < dst->min_ns)
		dst->min_ns = src->min_ns;
	if (src->max_ns > dst->max_ns)
		dst->max_ns = src->max_ns;
	dst->total += src->total;
	dst->sum_ns += src->sum_ns;
	for (unsigned i = 0; i < SP_HIST_BUCKETS; i++)
		dst->counts[i] += src->counts[i];
}

uint64_t sp_hist_at_rank(const struct sp_hist *h, uint64_t rank)
{
	uint64_t seen = 0, v;

	if (h->total == 0)
		return 0;
	/* the extremes are known exactly: no reason to round them to a bucket */
	if (rank == 0)
		return h->min_ns;
	if (rank >= h->total - 1)
		return h->max_ns;
	for (unsigned i = 0; i < SP_HIST_BUCKETS; i++) {
		seen += h->counts[i];
		if (seen > rank) {
			v = hist_bucket_mid(i);
			if (v < h->min_ns)
				v = h->min_ns;
			if (v > h->max_ns)
				v = h->max_ns;
			return v;
		}
	}
	return h->max_ns;
}

/* 0-based nearest rank of the q-quantile: the ceil(q*n)-th smallest sample. */
static uint64_t hist_rank_of(uint64_t n, double q)
{
	double r;

	if (!(q > 0))
		return 0;
	if (q >= 1)
		return n - 1;
	r = ceil(q * (double)n);
	if (r < 1)
		r = 1;
	if (r > (double)n)
		r = (double)n;
	return (uint64_t)r - 1;
}

uint64_t sp_hist_quantile(const struct sp_hist *h, double q)
{
	if (h->total == 0)
		return 0;
	return sp_hist_at_rank(h, hist_rank_of(h->total, q));
}

int sp_hist_quantile_ci(const struct sp_hist *h, double q, uint64_t *lo_ns, uint64_t *hi_ns)
{
	double n = (double)h->total, d, lo_r, hi_r;

	if (h->total == 0 || !(q > 0) || !(q < 1)) {
		*lo_ns = *hi_ns = sp_hist_quantile(h, q);
		return -EINVAL;
	}
	/* 1-based order statistics, widened outwards so the interval errs on the safe side */
	d = 1.96 * sqrt(n * q * (1 - q));
	lo_r = floor(n * q - d);
	hi_r = ceil(n * q + d);
	if (lo_r < 1 || hi_r > n) {
		/* the interval would leave the data: too few samples to bound this quantile */
		*lo_ns = *hi_ns = sp_hist_quantile(h, q);
		return -EINVAL;
	}
	*lo_ns = sp_hist_at_rank(h, (uint64_t)lo_r - 1);
	*hi_ns = sp_hist_at_rank(h, (uint64_t)hi_r - 1);
	return 0;
}

double sp_hist_median_ci_pct(const struct sp_hist *h)
{
	uint64_t lo, hi, med;
	double pct, floor_pct = sp_hist_rel_error() * 100.0;

	if (sp_hist_quantile_ci(h, 0.5, &lo, &hi) < 0)
		return 100.0;
	med = sp_hist_quantile(h, 0.5);
	if (med == 0)
		return 100.0;
	pct = (double)(hi - lo) / 2.0 / (double)med * 100.0;
	/*
	 * Both bounds in one bucket read back as one value: the interval is not zero, it is
	 * below what the histogram resolves. Never claim more precision than the buckets have
	 * (from 2*SUB ns up; below, values are exact and a zero width is true).
	 */
	if (med >= 2 * SP_HIST_SUB && pct < floor_pct)
		pct = floor_pct;
	return pct;
}

double sp_hist_rel_error(void)
{
	return 1.0 / (double)(2u << SP_HIST_SUB_BITS);
}

static double ns_to_us(uint64_t ns)
{
	return (double)ns / 1000.0;
}

/*
 * Where a CI cannot be had (too few samples), the summary reports the whole range of the data,
 * [min, max], rather than a zero-width interval that would look like certainty.
 */
static void summary_ci(const struct sp_hist *h, double q, double *lo_us, double *hi_us)
{
	uint64_t lo, hi;

	if (sp_hist_quantile_ci(h, q, &lo, &hi) < 0) {
		lo = h->min_ns;
		hi = h->max_ns;
	}
	*lo_us = ns_to_us(lo);
	*hi_us = ns_to_us(hi);
}

/* The CDF's points: the minimum, the fixed percentiles, the maximum (report.h). */
static void summary_cdf(const struct sp_hist *h, struct sp_lat_summary *out)
{
	static const double pcts[] = {SP_LAT_CDF_PCTS};
	size_t n = 0;

	_Static_assert(sizeof(pcts) / sizeof(pcts[0]) + 2 <= SP_LAT_CDF_MAX, "cdf points");
	out->cdf_pct[n] = 0;
	out->cdf_us[n++] = ns_to_us(h->min_ns);
	for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
		out->cdf_pct[n] = pcts[i];
		out->cdf_us[n++] = ns_to_us(sp_hist_quantile(h, pcts[i] / 100.0));
	}
	out->cdf_pct[n] = 100;
	out->cdf_us[n++] = ns_to_us(h->max_ns);
	out->n_cdf = n;
}

void sp_hist_summarize(const struct sp_hist *h, struct sp_lat_summary *out)
{
	uint64_t warmup = out->warmup_dropped; /* the caller's to fill */

	memset(out, 0, sizeof(*out));
	out->warmup_dropped = warmup;
	out->hist_rel_error = sp_hist_rel_error();
	if (h->total == 0)
		return;
	out->samples = h->total;
	out->mean_us = h->sum_ns / (double)h->total / 1000.0;
	out->min_us = ns_to_us(h->min_ns);
	out->p50_us = ns_to_us(sp_hist_quantile(h, 0.50));
	out->p95_us = ns_to_us(sp_hist_quantile(h, 0.95));
	out->p99_us = ns_to_us(sp_hist_quantile(h, 0.99));
	out->p999_us = ns_to_us(sp_hist_quantile(h, 0.999));
	out->max_us = ns_to_us(h->max_ns);
	summary_ci(h, 0.50, &out->p50_ci_lo_us, &out->p50_ci_hi_us);
	summary_ci(h, 0.99, &out->p99_ci_lo_us, &out->p99_ci_hi_us);
	summary_cdf(h, out);
}

double sp_t95(unsigned df)
{
	static const double t[] = {
	    0,	   12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	    2.201, 2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080,
	    2.074, 2.069,  2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
	};

	if (df < 1)
		return INFINITY;
	if (df < sizeof(t) / sizeof(t[0]))
		return t[df];
	if (df <= 40)
		return 2.021;
	if (df <= 60)
		return 2.000;
	if (df <= 120)
		return 1.980;
	return 1.96;
}

int sp_hist_block_ci_half(const double *block_us, size_t n, double *half)
{
	double sum = 0, ss = 0, mean;
	size_t m = 0;

	*half = 0;
	for (size_t i = 0; i < n; i++)
		if (block_us[i] > 0) {
			sum += block_us[i];
			m++;
		}
	if (m < 2)
		return -EINVAL;
	mean = sum / (double)m;
	for (size_t i = 0; i < n; i++)
		if (block_us[i] > 0)
			ss += (block_us[i] - mean) * (block_us[i] - mean);
	*half = sp_t95((unsigned)(m - 1)) * sqrt(ss / (double)(m - 1)) / sqrt((double)m);
	return 0;
}

void sp_lat_widen_by_blocks(struct sp_lat_summary *s, const double *block_us, size_t n)
{
	double half;

	if (sp_hist_block_ci_half(block_us, n, &half) < 0 || s->samples == 0)
		return;
	if (s->p50_us - half < s->p50_ci_lo_us)
		s->p50_ci_lo_us = s->p50_us - half > 0 ? s->p50_us - half : 0;
	if (s->p50_us + half > s->p50_ci_hi_us)
		s->p50_ci_hi_us = s->p50_us + half;
}

int sp_hist_paired_block_ci_half(const double *a, const double *b, size_t n, double *half)
{
	double d[SP_MAX_BLOCKS];
	size_t m = 0;

	*half = 0;
	for (size_t i = 0; i < n && m < SP_MAX_BLOCKS; i++)
		if (a[i] > 0 && b[i] > 0)
			d[m++] = a[i] - b[i];
	if (m < 2)
		return -EINVAL;
	/* sp_hist_block_ci_half leaves out values <= 0: a difference may be either sign */
	{
		double sum = 0, ss = 0, mean;

		for (size_t i = 0; i < m; i++)
			sum += d[i];
		mean = sum / (double)m;
		for (size_t i = 0; i < m; i++)
			ss += (d[i] - mean) * (d[i] - mean);
		*half = sp_t95((unsigned)(m - 1)) * sqrt(ss / (double)(m - 1)) / sqrt((double)m);
	}
	return 0;
}
