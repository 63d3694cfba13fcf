/*
 * t-u128-matches-int128 - core/config/u128.h, the portable 128-bit steps the i686 build needs,
 * gives the same product, shift and quotient as the compiler's unsigned __int128 on edge values and
 * on a million seeded random ones (where the compiler has __int128: the amd64 build).
 */
#include <stdint.h>

#include "check.h"
#include "core/config/u128.h"
#include "core/measure/rng.h"

int main(void)
{
	struct sp_u128 p;

	/* known answers, on any compiler */
	p = sp_u128_mul(UINT64_MAX, UINT64_MAX); /* 2^128 - 2^65 + 1 */
	CHECK_EQ_U64(p.hi, UINT64_MAX - 1);
	CHECK_EQ_U64(p.lo, 1);
	p = sp_u128_mul(0x100000000ull, 0x100000000ull);
	CHECK_EQ_U64(p.hi, 1);
	CHECK_EQ_U64(p.lo, 0);
	CHECK_EQ_U64(sp_u128_shr(sp_u128_mul(3ull << 62, 4), 64), 3);
	CHECK_EQ_U64(sp_u128_shr(sp_u128_mul(3ull << 62, 4), 1), 1ull << 63);
	CHECK_EQ_U64(sp_u128_shr(sp_u128_mul(UINT64_MAX, UINT64_MAX), 127), 1);
	CHECK_EQ_U64(sp_u128_div64(sp_u128_mul(UINT64_MAX, UINT64_MAX), UINT64_MAX), UINT64_MAX);
	CHECK_EQ_U64(sp_u128_div64(sp_u128_mul(999, 1ull << 40), 1000), (999ull << 40) / 1000);
	CHECK_EQ_U64(sp_u128_div64(sp_u128_mul(7, 1), 1), 7);

#ifdef __SIZEOF_INT128__
	static const uint64_t edges[] = {0,
					 1,
					 2,
					 3,
					 10,
					 0xffffffffull,
					 0x100000000ull,
					 0x100000001ull,
					 0x7fffffffffffffffull,
					 0x8000000000000000ull,
					 UINT64_MAX - 1,
					 UINT64_MAX};
	struct sp_rng r;
	size_t ne = sizeof(edges) / sizeof(edges[0]);

	sp_rng_seed(&r, 11);
	for (long i = 0; i < 1000000; i++) {
		uint64_t a = i < (long)(ne * ne) ? edges[i / ne] : sp_rng_next(&r);
		uint64_t b = i < (long)(ne * ne) ? edges[i % ne] : sp_rng_next(&r) >> (i % 64);
		unsigned __int128 m = (unsigned __int128)a * b;
		unsigned int s = (unsigned int)(sp_rng_next(&r) % 128);
		uint64_t d = sp_rng_next(&r) | 1;

		p = sp_u128_mul(a, b);
		if (p.hi != (uint64_t)(m >> 64) || p.lo != (uint64_t)m) {
			CHECK_EQ_U64(p.hi, (uint64_t)(m >> 64));
			CHECK_EQ_U64(p.lo, (uint64_t)m);
			break;
		}
		if (sp_u128_shr(p, s) != (uint64_t)(m >> s)) {
			CHECK_EQ_U64(sp_u128_shr(p, s), (uint64_t)(m >> s));
			break;
		}
		/* a quotient that fits: divide by something above the high half */
		if (d <= p.hi)
			d = p.hi + 1 + (d >> 1) * (p.hi < UINT64_MAX / 2);
		if (d > p.hi && sp_u128_div64(p, d) != (uint64_t)(m / d)) {
			CHECK_EQ_U64(sp_u128_div64(p, d), (uint64_t)(m / d));
			break;
		}
	}
#endif
	return CHECK_DONE();
}
