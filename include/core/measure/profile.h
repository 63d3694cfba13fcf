/*
 * profile.h - the disk's position profile: sequential rate and random 4 KiB read latency at
 * about a hundred positions from the first sector to the last.
 *
 * On a spinning disk the outer tracks (low LBAs) pass under the head about twice as fast as the
 * inner ones, and a swap area far from the files a job uses costs a long seek per excursion;
 * the profile shows both, and the report marks where each swap area lies on it. On an SSD it is
 * flat. The pure half here chooses positions, summarises points and marks ranges; the reading
 * is probe/profile.c.
 */
#ifndef SP_CORE_PROFILE_H
#define SP_CORE_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#define SP_PROFILE_MAX_POINTS 128
/* the probe's defaults (probe/profile.c sp_profile_defaults): the points, and at each the random
 * 4 KiB reads and the bytes read in order; the estimate counts a whole profile by them */
#define SP_PROFILE_POINTS 100
#define SP_PROFILE_RAND_READS 9
#define SP_PROFILE_SEQ_BYTES (8ull << 20)

struct sp_profile_point {
	uint64_t offset_bytes; /* where the point's reads start */
	double seq_mib_s;      /* sequential read rate there, MiB/s */
	double rand_p50_us;    /* median of the random 4 KiB reads in the point's window */
	uint32_t rand_reads;   /* how many random reads that median is of */
};

struct sp_profile {
	int done; /* 0: not run (JSON null) */
	uint64_t dev_bytes;
	uint64_t window_bytes; /* random reads fall in [offset, offset + window) */
	double duration_s;
	size_t n;
	struct sp_profile_point points[SP_PROFILE_MAX_POINTS];
};

/*
 * n positions spread evenly over a device of dev_bytes, each aligned down to align_bytes (a
 * power of two), the first at 0 and the last as close to the end as a window of window_bytes
 * allows, so the profile reaches the innermost tracks.
 * Returns: the number of positions written (at most n; fewer when the device is too small for
 * n distinct aligned windows), or -EINVAL.
 */
int sp_profile_positions(uint64_t dev_bytes, uint64_t window_bytes, uint64_t align_bytes, size_t n,
			 uint64_t *out);

/*
 * The order to visit n positions in: both edges first, then coarse to fine (the bit-reversed
 * order of the ones between), so a profile cut short by its time budget still spans the whole
 * disk, at a lower resolution, instead of missing its inner part. order gets a permutation of
 * 0..n-1. Returns: 0, or -EINVAL for n == 0 or n > SP_PROFILE_MAX_POINTS.
 */
int sp_profile_order(size_t n, uint32_t *order);

/* Sort p's points by offset (they are read in sp_profile_order's order). */
void sp_profile_sort(struct sp_profile *p);

/*
 * Sequential rate near the outer edge over the rate near the inner edge: the mean of the first
 * and last tenth of the points (at least one each). An HDD gives about 2; an SSD about 1.
 * Returns: the ratio, or 0 when the profile has fewer than two points with a rate.
 */
double sp_profile_outer_inner_ratio(const struct sp_profile *p);

/* One line of the profile's chart: a stretch of the disk and what its points measured. */
struct sp_profile_row {
	uint64_t from_bytes, to_bytes; /* [from, to) */
	double seq_mib_s;	       /* median of the points in the stretch; 0: none */
	double rand_p50_us;
	unsigned marks; /* bit k: a placement of kind k has sectors here */
};

/*
 * Summarise p into n_rows equal stretches of the disk (the chart's lines); marks are left 0 for
 * the caller (analysis knows where the swap areas lie).
 * Returns: the number of rows (n_rows, or 0 when p has no points or n_rows is 0).
 */
size_t sp_profile_rows(const struct sp_profile *p, struct sp_profile_row *rows, size_t n_rows);

/*
 * How long a profile with the default options (100 points, each 9 random 4 KiB reads and 8 MiB
 * in order) takes on a device that reads a random 4 KiB in rand_s and in order at seq_bps bytes
 * a second, capped by its budget (the probe then reads less per point and stops in time).
 * Returns: seconds; 0 for a budget of 0 (no profile).
 */
double sp_profile_time_s(double rand_s, double seq_bps, double budget_s);

/*
 * sp_profile_time_s() for a device only known as rotational or not (an assumed HDD: 12 ms random
 * reads and 100 MB/s; an SSD: 0.1 ms and 500 MB/s): the plan's estimate before any look.
 */
double sp_profile_estimate_s(double budget_s, int rotational);

/* The median of n doubles (sorts v in place); 0 for n == 0. */
double sp_median(double *v, size_t n);

#endif
