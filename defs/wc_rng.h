/* SPDX-License-Identifier: Apache-2.0 */
/* Small deterministic PRNG (splitmix64 seeding an xorshift64*), freestanding,
 * state in the caller's struct so every user is reproducible from a seed. */
#ifndef WC_RNG_H
#define WC_RNG_H
#include <stdint.h>

typedef struct { uint64_t s; } wc_rng;

static inline void wc_rng_seed(wc_rng *r, uint64_t seed)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    r->s = z ? z : 0x2545f4914f6cdd1dull;
}

static inline uint64_t wc_rng_next(wc_rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
    r->s = x;
    return x * 0x2545f4914f6cdd1dull;
}

/* Uniform in [0, n), n > 0 (multiply-shift, no modulo bias worth caring about). */
static inline uint32_t wc_rng_below(wc_rng *r, uint32_t n)
{
    return (uint32_t)(((wc_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Bernoulli trial with probability p in [0,1], using 53 bits. */
static inline int wc_rng_chance(wc_rng *r, double p)
{
    return (double)(wc_rng_next(r) >> 11) * (1.0 / 9007199254740992.0) < p;
}
#endif
