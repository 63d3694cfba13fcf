/*
 * hist.h - log-linear latency histogram with fixed memory and a stated error bound.
 *
 * Values are nanoseconds. Values below 2^(SP_HIST_SUB_BITS+1) are stored exactly; above, each
 * power-of-two range [2^k, 2^(k+1)) is split into 2^SP_HIST_SUB_BITS equal buckets, so a value
 * read back (the bucket midpoint) is within sp_hist_rel_error() (2^-(SUB_BITS+1), about 0.4 %)
 * of any value that fell in that bucket. Values at or above 2^SP_HIST_MAX_BITS are clamped into
 * the last bucket (max_ns still records them exactly). sp_hist_add() never allocates and costs
 * a few instructions: it is safe inside timed loops.
 */
#ifndef SP_HIST_H
#define SP_HIST_H

#include <stdint.h>

#include "core/model/report.h"

#define SP_HIST_SUB_BITS 7
#define SP_HIST_MAX_BITS 40 /* about 18 minutes */
#define SP_HIST_SUB (1u << SP_HIST_SUB_BITS)
#define SP_HIST_BUCKETS ((SP_HIST_MAX_BITS - SP_HIST_SUB_BITS + 1) * SP_HIST_SUB)

struct sp_hist {
	uint64_t total;
	uint64_t min_ns, max_ns;
	double sum_ns;
	uint64_t counts[SP_HIST_BUCKETS];
};

void sp_hist_init(struct sp_hist *h);
void sp_hist_add(struct sp_hist *h, uint64_t ns);
void sp_hist_merge(struct sp_hist *dst, const struct sp_hist *src);

/* Representative value (bucket midpoint, clamped to [min,max]) of the sample at 0-based rank. */
uint64_t sp_hist_at_rank(const struct sp_hist *h, uint64_t rank);

/* The q-quantile (0 <= q <= 1), nearest-rank definition. 0 for an empty histogram. */
uint64_t sp_hist_quantile(const struct sp_hist *h, double q);

/*
 * 95 % confidence interval of the q-quantile from order statistics: the ranks
 * n*q -/+ 1.96*sqrt(n*q*(1-q)) (normal approximation to the binomial), clamped to the data.
 * Returns: 0, or -EINVAL when there are too few samples for an interval (lo = hi = quantile).
 */
int sp_hist_quantile_ci(const struct sp_hist *h, double q, uint64_t *lo_ns, uint64_t *hi_ns);

/* Half-width of the median's CI as a percentage of the median; 100 when it cannot be known. */
double sp_hist_median_ci_pct(const struct sp_hist *h);

/* The bucket error bound: relative distance from a stored value to its representative. */
double sp_hist_rel_error(void);

/* Fill a summary (microseconds) from the histogram: percentiles, mean, max, CIs. */
void sp_hist_summarize(const struct sp_hist *h, struct sp_lat_summary *out);

/*
 * Batch means over blocks: the half-width of a 95 % CI for the median from the medians of n
 * consecutive blocks (values <= 0 are blocks without samples and are left out): Student's t
 * with m-1 degrees of freedom times their standard deviation over sqrt(m), m the blocks kept.
 * Unlike sp_hist_quantile_ci it does not take the samples as independent: drift or
 * autocorrelation across the blocks shows as spread between them.
 * Returns: 0, or -EINVAL when fewer than 2 blocks have a value (*half = 0).
 */
int sp_hist_block_ci_half(const double *block_us, size_t n, double *half);

/*
 * Widen s's median CI to cover p50 -/+ the blocks' half-width (sp_hist_block_ci_half): the
 * wider of the order-statistic interval and the blocks' wins. Nothing changes for fewer
 * than 2 blocks.
 */
void sp_lat_widen_by_blocks(struct sp_lat_summary *s, const double *block_us, size_t n);

/*
 * The same over paired blocks: the half-width of a 95 % CI of the mean difference a[i] - b[i],
 * over the n blocks where both are > 0 (a block without one of them is left out).
 * Returns: 0, or -EINVAL for fewer than 2 such pairs (*half = 0).
 */
int sp_hist_paired_block_ci_half(const double *a, const double *b, size_t n, double *half);

/* 95 % two-sided Student t quantile for df degrees of freedom (df >= 1; 1.96 past 120). */
double sp_t95(unsigned df);

#endif
