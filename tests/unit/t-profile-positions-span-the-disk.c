/*
 * t-profile-positions-span-the-disk - the profile's positions start at the outer edge, end at
 * the innermost window that fits, are aligned, increasing and evenly spaced; a small device
 * gets fewer, distinct points; the outer/inner ratio and the median are what they say.
 */
#include <errno.h>
#include <stdint.h>

#include "check.h"
#include "core/measure/profile.h"

int main(void)
{
	uint64_t pos[SP_PROFILE_MAX_POINTS];
	const uint64_t tb2 = 2000398934016ull, win = 64ull << 20, mib = 1 << 20;
	struct sp_profile p = {0};
	double v[] = {5, 1, 4, 2, 3}, w[] = {4, 1, 3, 2};
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

	/* the visiting order: a permutation, edges first, and every prefix spans the disk */
	{
		uint32_t order[SP_PROFILE_MAX_POINTS];
		size_t sizes[] = {1, 2, 3, 7, 100, SP_PROFILE_MAX_POINTS};

		for (size_t t = 0; t < sizeof(sizes) / sizeof(sizes[0]); t++) {
			size_t m = sizes[t];
			int seen[SP_PROFILE_MAX_POINTS] = {0};

			CHECK(sp_profile_order(m, order) == 0);
			for (size_t i = 0; i < m; i++) {
				CHECK(order[i] < m);
				if (order[i] < m)
					seen[order[i]]++;
			}
			for (size_t i = 0; i < m; i++)
				CHECK(seen[i] == 1);
			CHECK(order[0] == 0);
			if (m > 1)
				CHECK(order[1] == m - 1);
			/* any prefix of k >= 2 points leaves no gap wider than ~2 (m-1)/(k-1) */
			for (size_t k = 2; k <= m; k++) {
				int in[SP_PROFILE_MAX_POINTS] = {0};
				size_t last = 0, gap = 0;

				for (size_t i = 0; i < k; i++)
					in[order[i]] = 1;
				for (size_t i = 1; i < m; i++)
					if (in[i]) {
						if (i - last > gap)
							gap = i - last;
						last = i;
					}
				CHECK(gap <= 2 * (m - 1) / (k - 1) + 1);
			}
		}
		CHECK(sp_profile_order(0, order) == -EINVAL);
		CHECK(sp_profile_order(SP_PROFILE_MAX_POINTS + 1, order) == -EINVAL);
	}
	{
		struct sp_profile q = {.n = 3};

		q.points[0].offset_bytes = 30;
		q.points[1].offset_bytes = 10;
		q.points[2].offset_bytes = 20;
		sp_profile_sort(&q);
		CHECK(q.points[0].offset_bytes == 10 && q.points[2].offset_bytes == 30);
	}

	/* the plan's estimate: 100 points of 9 random reads and 8 MiB, capped by the budget */
	CHECK(fabs(sp_profile_estimate_s(60, 1) - 100 * (9 * 12e-3 + 8388608 / 100e6)) < 1e-9);
	CHECK(sp_profile_estimate_s(10, 1) == 10);
	CHECK(sp_profile_estimate_s(60, 0) < 3);

	CHECK(sp_median(v, 5) == 3);
	CHECK(sp_median(w, 4) == 2.5);
	CHECK(sp_median(w, 0) == 0);
	return CHECK_DONE();
}
