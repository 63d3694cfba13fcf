/*
 * profile.c - the pure half of the position profile (see profile.h): where to read and what
 * the points say.
 */
#include "core/measure/profile.h"

#include <errno.h>
#include <stdlib.h>

int sp_profile_positions(uint64_t dev_bytes, uint64_t window_bytes, uint64_t align_bytes, size_t n,
			 uint64_t *out)
{
	uint64_t last, prev = 0;
	size_t k = 0;

	if (!out || !n || !align_bytes || (align_bytes & (align_bytes - 1)) || !window_bytes)
		return -EINVAL;
	if (dev_bytes < window_bytes)
		return 0;
	last = (dev_bytes - window_bytes) & ~(align_bytes - 1);
	for (size_t i = 0; i < n; i++) {
		/* spread over [0, last] inclusive: the first point is the outer edge, the last
		 * the innermost window that fits */
		uint64_t pos = n == 1 ? 0 : (uint64_t)((double)last * (double)i / (double)(n - 1));

		pos &= ~(align_bytes - 1);
		if (k && pos <= prev)
			continue; /* a small device: fewer, distinct points */
		out[k++] = pos;
		prev = pos;
	}
	return (int)k;
}

double sp_profile_outer_inner_ratio(const struct sp_profile *p)
{
	size_t m, n_rate = 0;
	double outer = 0, inner = 0;

	for (size_t i = 0; i < p->n; i++)
		n_rate += p->points[i].seq_mib_s > 0;
	if (n_rate < 2 || n_rate != p->n)
		return 0;
	m = p->n / 10 ? p->n / 10 : 1;
	for (size_t i = 0; i < m; i++) {
		outer += p->points[i].seq_mib_s;
		inner += p->points[p->n - 1 - i].seq_mib_s;
	}
	return inner > 0 ? outer / inner : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double sp_median(double *v, size_t n)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

size_t sp_profile_rows(const struct sp_profile *p, struct sp_profile_row *rows, size_t n_rows)
{
	double seq[SP_PROFILE_MAX_POINTS], rnd[SP_PROFILE_MAX_POINTS];

	if (!p->n || !n_rows || !p->dev_bytes)
		return 0;
	for (size_t k = 0; k < n_rows; k++) {
		struct sp_profile_row *row = &rows[k];
		size_t ns = 0, nr = 0;

		row->from_bytes = (uint64_t)((double)p->dev_bytes * (double)k / (double)n_rows);
		row->to_bytes = (uint64_t)((double)p->dev_bytes * (double)(k + 1) / (double)n_rows);
		for (size_t i = 0; i < p->n; i++) {
			const struct sp_profile_point *pt = &p->points[i];

			if (pt->offset_bytes < row->from_bytes || pt->offset_bytes >= row->to_bytes)
				continue;
			if (pt->seq_mib_s > 0)
				seq[ns++] = pt->seq_mib_s;
			if (pt->rand_p50_us > 0)
				rnd[nr++] = pt->rand_p50_us;
		}
		row->seq_mib_s = sp_median(seq, ns);
		row->rand_p50_us = sp_median(rnd, nr);
		row->marks = 0;
	}
	return n_rows;
}

int sp_profile_order(size_t n, uint32_t *order)
{
	size_t k = 0, bits = 0;

	if (!n || n > SP_PROFILE_MAX_POINTS)
		return -EINVAL;
	order[k++] = 0;
	if (n > 1)
		order[k++] = (uint32_t)(n - 1);
	while (((size_t)1 << bits) < n)
		bits++;
	/* bit-reversed counting over [0, 2^bits): halves, then quarters, ...; keep the inner
	 * positions (1..n-2) as they come */
	for (size_t i = 0; i < ((size_t)1 << bits) && k < n; i++) {
		size_t r = 0;

		for (size_t b = 0; b < bits; b++)
			if (i & ((size_t)1 << b))
				r |= (size_t)1 << (bits - 1 - b);
		/* map [0, 2^bits) onto the inner positions evenly */
		r = n > 2 ? 1 + r * (n - 2) / ((size_t)1 << bits) : 0;
		if (n <= 2 || r >= n - 1)
			continue;
		int seen = 0;

		for (size_t j = 0; j < k && !seen; j++)
			seen = order[j] == r;
		if (!seen)
			order[k++] = (uint32_t)r;
	}
	/* whatever the mapping merged, in order */
	for (size_t r = 1; k < n && r + 1 < n; r++) {
		int seen = 0;

		for (size_t j = 0; j < k && !seen; j++)
			seen = order[j] == r;
		if (!seen)
			order[k++] = (uint32_t)r;
	}
	return 0;
}

static int cmp_point(const void *a, const void *b)
{
	uint64_t x = ((const struct sp_profile_point *)a)->offset_bytes;
	uint64_t y = ((const struct sp_profile_point *)b)->offset_bytes;

	return (x > y) - (x < y);
}

void sp_profile_sort(struct sp_profile *p)
{
	qsort(p->points, p->n, sizeof(p->points[0]), cmp_point);
}

double sp_profile_time_s(double rand_s, double seq_bps, double budget_s)
{
	double t;

	if (!(budget_s > 0) || !(rand_s >= 0) || !(seq_bps > 0))
		return budget_s > 0 ? budget_s : 0;
	t = SP_PROFILE_POINTS *
	    (SP_PROFILE_RAND_READS * rand_s + (double)SP_PROFILE_SEQ_BYTES / seq_bps);
	return t < budget_s ? t : budget_s;
}

double sp_profile_estimate_s(double budget_s, int rotational)
{
	return sp_profile_time_s(rotational ? 12e-3 : 0.1e-3, rotational ? 100e6 : 500e6, budget_s);
}
