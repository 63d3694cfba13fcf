/*
 * rng.c - xoshiro256** (Blackman and Vigna) seeded through splitmix64, so any 64-bit seed,
 * 0 included, gives a well-mixed non-zero state. Bounded draws use Lemire's multiply-shift
 * with rejection, which is unbiased and needs a division only on the rare rejected path.
 */
#include "core/measure/rng.h"

#include "core/config/u128.h"

uint64_t sp_mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

void sp_rng_seed(struct sp_rng *r, uint64_t seed)
{
	/* successive splitmix64 outputs: the sequence the xoshiro authors recommend */
	for (int i = 0; i < 4; i++) {
		r->s[i] = sp_mix64(seed);
		seed += 0x9e3779b97f4a7c15ull;
	}
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t sp_rng_next(struct sp_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t sp_rng_below(struct sp_rng *r, uint64_t n)
{
	struct sp_u128 m;
	uint64_t low, threshold;

	if (n == 0)
		return 0;
	m = sp_u128_mul(sp_rng_next(r), n);
	low = m.lo;
	if (low < n) {
		/* 2^64 mod n: products whose low half falls below it would over-represent */
		threshold = -n % n;
		while (low < threshold) {
			m = sp_u128_mul(sp_rng_next(r), n);
			low = m.lo;
		}
	}
	return m.hi;
}

void sp_rng_shuffle_u32(struct sp_rng *r, uint32_t *a, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sp_rng_below(r, i);
		uint32_t t = a[i - 1];

		a[i - 1] = a[j];
		a[j] = t;
	}
}
