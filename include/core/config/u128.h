/*
 * u128.h - the few 128-bit steps swapplace needs (a 64 x 64-bit product, its shift, its
 * division by a 64-bit number), in portable C: 32-bit x86 compilers have no unsigned __int128,
 * and the tool is built for i686 too (image/README.md, "32-bit PCs"). Pure and header-only;
 * t-u128 checks every step against __int128 where the compiler has it.
 */
#ifndef SP_U128_H
#define SP_U128_H

#include <stdint.h>

struct sp_u128 {
	uint64_t hi, lo;
};

/* a * b, exactly: schoolbook on 32-bit halves */
static inline struct sp_u128 sp_u128_mul(uint64_t a, uint64_t b)
{
	uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	/* at most 3 * (2^32 - 1): no carry out of 64 bits */
	uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
	struct sp_u128 r;

	r.lo = (mid << 32) | (uint32_t)p00;
	r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	return r;
}

/* the low 64 bits of x >> shift, shift in [0, 127] */
static inline uint64_t sp_u128_shr(struct sp_u128 x, unsigned int shift)
{
	if (shift == 0)
		return x.lo;
	if (shift < 64)
		return (x.lo >> shift) | (x.hi << (64 - shift));
	return x.hi >> (shift - 64);
}

/*
 * floor(x / d) for d > 0 and x.hi < d (the quotient fits 64 bits; callers divide a product
 * a * b by a d > a). Restoring long division, one quotient bit a step.
 */
static inline uint64_t sp_u128_div64(struct sp_u128 x, uint64_t d)
{
	uint64_t rem = x.hi, q = 0;

	for (int i = 63; i >= 0; i--) {
		uint64_t top = rem >> 63;

		rem = (rem << 1) | ((x.lo >> i) & 1);
		q <<= 1;
		if (top || rem >= d) {
			rem -= d;
			q |= 1;
		}
	}
	return q;
}

#endif
