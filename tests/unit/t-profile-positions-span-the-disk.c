/*
 * t-profile-positions-span-the-disk - the profile's positions start at the outer edge, end at
 * the innermost window that fits, are aligned, increasing and evenly spaced; a small device
 * gets fewer, distinct points; the outer/inner ratio and the median are what they say.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/profile.h"

int main(void)
{
	uint64_t pos[SP_PROFILE_MAX_POINTS];
	const uint64_t tb2 = 2000398934016ull, win = 64ull << 20, mib = 1 << 20;
	struct sp_profile p = { 0 };
	double v[] = { 5, 1, 4, 2, 3 }, w[] = { 4, 1, 3, 2 };
	int n;

	n = sp_profile_positions(tb2, win, mib, 100, pos);
	CHECK(n == 100);
	CHECK(pos[0] == 0);
	CHECK(pos[99] + win <= tb2);
	CHECK(pos[99] + win + mib > tb2); /* the last window reaches the innermost MiB */
	for (int i = 0; i < n; i++) {
		CHECK(pos[i] % mib == 0);
		if (i) {
			double gap = (double)(pos[i] - pos[i - 1]);
			double even = (double)(tb2 - win) / 99;

			CHECK(pos[i] > pos[i - 1]);
			CHECK(fabs(gap - even) <= mib);
		}
	}
	/* 10 MiB device, 1 MiB windows, 1 MiB alignment: only 10 distinct positions */
	n = sp_profile_positions(10 * mib, mib, mib, 100, pos);
	CHECK(n == 10);
	for (int i = 1; i < n; i++)
		CHECK(pos[i] > pos[i - 1]);
	CHECK(sp_profile_positions(mib / 2, mib, 4096, 10, pos) == 0);
	CHECK(sp_profile_positions(tb2, win, 3000, 10, pos) == -EINVAL);
	CHECK(sp_profile_positions(tb2, win, mib, 0, pos) == -EINVAL);

	/* outer/inner: first and last tenth */
	p.n = 20;
	for (size_t i = 0; i < p.n; i++)
		p.points[i].seq_mib_s = 200.0 - 5.0 * (double)i; /* 200 .. 105 */
	CHECK(fabs(sp_profile_outer_inner_ratio(&p) - (197.5 / 107.5)) < 1e-9);
	p.points[3].seq_mib_s = 0; /* a point without a rate: no ratio claimed */
	CHECK(sp_profile_outer_inner_ratio(&p) == 0);
	p.n = 1;
	CHECK(sp_profile_outer_inner_ratio(&p) == 0);

	CHECK(sp_median(v, 5) == 3);
	CHECK(sp_median(w, 4) == 2.5);
	CHECK(sp_median(w, 0) == 0);
	return CHECK_DONE();
}
