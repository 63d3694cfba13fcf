/*
 * rng.h - a seeded, reproducible PRNG (xoshiro256** seeded by splitmix64). A run is
 * reproducible from its --seed: every random choice swapplace makes comes from one of these.
 */
#ifndef SP_RNG_H
#define SP_RNG_H

#include <stddef.h>
#include <stdint.h>

struct sp_rng {
	uint64_t s[4];
};

void sp_rng_seed(struct sp_rng *r, uint64_t seed);
uint64_t sp_rng_next(struct sp_rng *r);
/* Uniform in [0, n) without modulo bias; n > 0. */
uint64_t sp_rng_below(struct sp_rng *r, uint64_t n);
/* Fisher-Yates shuffle. */
void sp_rng_shuffle_u32(struct sp_rng *r, uint32_t *a, size_t n);
/* splitmix64 step, also used for per-page checksums */
uint64_t sp_mix64(uint64_t x);

#endif
