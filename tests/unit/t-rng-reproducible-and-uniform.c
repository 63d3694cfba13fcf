/*
 * t-rng-reproducible-and-uniform - a seed fixes the whole sequence (a run is reproducible from
 * --seed), different seeds give different sequences, the generator is the reference
 * xoshiro256** (known first outputs), sp_rng_below() stays in range and is uniform by a
 * chi-square test, and the shuffle is a permutation that depends on the seed.
 */
#include <stdlib.h>

#include "check.h"
#include "core/measure/rng.h"

#define NBINS 10
#define DRAWS 100000

int main(void)
{
	struct sp_rng a, b;
	uint64_t first[8];

	/* splitmix64 reference: first output from state 0 is 0xe220a8397b1dcdaf */
	CHECK_EQ_U64(sp_mix64(0), 0xe220a8397b1dcdafull);
	/* xoshiro256** from state {1,2,3,4}: reference outputs 11520, 0, 1509978240 */
	a.s[0] = 1, a.s[1] = 2, a.s[2] = 3, a.s[3] = 4;
	CHECK_EQ_U64(sp_rng_next(&a), 11520);
	CHECK_EQ_U64(sp_rng_next(&a), 0);
	CHECK_EQ_U64(sp_rng_next(&a), 1509978240);

	sp_rng_seed(&a, 12345);
	sp_rng_seed(&b, 12345);
	for (int i = 0; i < 1000; i++) {
		uint64_t x = sp_rng_next(&a), y = sp_rng_next(&b);

		if (i < 8)
			first[i] = x;
		CHECK(x == y);
		if (x != y)
			break;
	}
	sp_rng_seed(&b, 12346);
	int same = 0;
	for (int i = 0; i < 8; i++)
		same += sp_rng_next(&b) == first[i];
	CHECK(same == 0);
	/* seed 0 is a valid seed, not a stuck all-zero state */
	sp_rng_seed(&a, 0);
	CHECK(sp_rng_next(&a) != 0 || sp_rng_next(&a) != 0);

	/* below(): range, degenerate bounds, uniformity */
	sp_rng_seed(&a, 99);
	CHECK_EQ_U64(sp_rng_below(&a, 1), 0);
	uint64_t big = (1ull << 63) + 1, maxseen = 0;
	for (int i = 0; i < 10000; i++) {
		uint64_t v = sp_rng_below(&a, big);

		CHECK(v < big);
		if (v > maxseen)
			maxseen = v;
		CHECK(sp_rng_below(&a, 3) < 3);
	}
	CHECK(maxseen > big / 2);
	long bins[NBINS] = {0};
	for (int i = 0; i < DRAWS; i++) {
		uint64_t v = sp_rng_below(&a, NBINS);

		CHECK(v < NBINS);
		if (v < NBINS)
			bins[v]++;
	}
	double chi2 = 0, expect = (double)DRAWS / NBINS;
	for (int i = 0; i < NBINS; i++)
		chi2 += (bins[i] - expect) * (bins[i] - expect) / expect;
	/* 9 degrees of freedom: P(chi2 > 27.9) = 0.001 */
	fprintf(stderr, "chi2 = %.2f (9 dof)\n", chi2);
	CHECK(chi2 < 27.9);
	/* and not suspiciously perfect either (P(chi2 < 0.5) ~ 1e-5) */
	CHECK(chi2 > 0.5);

	/* shuffle: a permutation, seed-determined, not the identity */
	enum { N = 1000 };
	static uint32_t p[N], q[N];
	int seen[N] = {0}, fixed = 0;
	for (uint32_t i = 0; i < N; i++)
		p[i] = q[i] = i;
	sp_rng_seed(&a, 5);
	sp_rng_seed(&b, 5);
	sp_rng_shuffle_u32(&a, p, N);
	sp_rng_shuffle_u32(&b, q, N);
	CHECK(memcmp(p, q, sizeof(p)) == 0);
	for (uint32_t i = 0; i < N; i++) {
		CHECK(p[i] < N);
		if (p[i] < N)
			seen[p[i]]++;
		fixed += p[i] == i;
	}
	for (int i = 0; i < N; i++)
		CHECK(seen[i] == 1);
	/* a random permutation has ~1 fixed point; the identity would have 1000 */
	CHECK(fixed < 10);
	sp_rng_seed(&b, 6);
	for (uint32_t i = 0; i < N; i++)
		q[i] = i;
	sp_rng_shuffle_u32(&b, q, N);
	CHECK(memcmp(p, q, sizeof(p)) != 0);
	/* zero and one element: nothing to do, nothing touched */
	uint32_t one = 42;
	sp_rng_shuffle_u32(&a, &one, 1);
	sp_rng_shuffle_u32(&a, NULL, 0);
	CHECK(one == 42);
	/* every position of a 3-shuffle reachable: all 6 permutations appear */
	int perms[6] = {0};
	for (int t = 0; t < 6000; t++) {
		uint32_t x[3] = {0, 1, 2};

		sp_rng_shuffle_u32(&a, x, 3);
		perms[x[0] * 2 + (x[1] > x[2])]++;
	}
	for (int i = 0; i < 6; i++)
		CHECK(perms[i] > 850 && perms[i] < 1150);
	return CHECK_DONE();
}
