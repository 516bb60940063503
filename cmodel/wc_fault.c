/* SPDX-License-Identifier: Apache-2.0 */
/* Link fault injector (see wc_fault.h). */
#include "wc_fault.h"
#include "wc_defs.h"

/* splitmix-style mix so links with neighbouring indices and runs with
 * neighbouring seeds get unrelated streams, and none coincides with the
 * traffic generator's stream (seeded with the plain seed). */
static uint64_t mix(uint64_t seed, unsigned link)
{
    uint64_t z = seed ^ 0x6a09e667f3bcc909ull;
    z += 0x9e3779b97f4a7c15ull * ((uint64_t)link + 1u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void wc_fault_init(wc_fault *f, int W, double drop, double flip, uint64_t seed, unsigned link)
{
    f->W = W;
    f->dmask = (W >= 64) ? ~0ull : ((1ull << W) - 1u);
    f->drop = drop;
    f->flip = flip;
    wc_rng_seed(&f->rng, mix(seed, link));
    f->in_pkt = 0;
    f->dropping = 0;
    f->flip_at = -1;
    f->nbits = 0;
    f->k = 0;
    f->owed = 0;
    f->owed_next = 0;
    f->pkts = f->dropped = f->flipped = f->bits = f->flits_dropped = 0;
}

/* Invert nbits distinct data bits of x. */
static uint64_t flip_bits(wc_fault *f, uint64_t x, int nbits)
{
    uint64_t m = 0;
    int n = 0;
    if (nbits > f->W)
        nbits = f->W;
    while (n < nbits) {
        uint64_t b = 1ull << wc_rng_below(&f->rng, (uint32_t)f->W);
        if (m & b)
            continue;
        m |= b;
        n++;
    }
    f->bits += (uint64_t)n;
    return x ^ m;
}

void wc_fault_fwd(wc_fault *f, int in_valid, uint64_t in_flit, int *out_valid, uint64_t *out_flit)
{
    unsigned type;
    *out_valid = 0;
    *out_flit = 0;
    if (!in_valid)
        return;
    type = (unsigned)(in_flit >> f->W) & 3u;
    if (type & WC_FT_HEAD) {
        /* A head always starts a packet, even if the previous one lost its
         * tail: the decision is per worm as the router sees worms. */
        f->pkts++;
        f->in_pkt = 1;
        f->k = 0;
        f->flip_at = -1;
        f->dropping = f->drop > 0 && wc_rng_chance(&f->rng, f->drop);
        if (f->dropping) {
            f->dropped++;
        } else if (f->flip > 0 && wc_rng_chance(&f->rng, f->flip)) {
            f->flipped++;
            f->flip_at = (int)wc_rng_below(&f->rng, (uint32_t)WC_NIC_MAX_PKT_FLITS);
            f->nbits = 1 + (int)wc_rng_below(&f->rng, 3);
        }
    }
    if (f->in_pkt && f->dropping) {
        f->owed_next++;
        f->flits_dropped++;
    } else {
        uint64_t x = in_flit;
        if (f->in_pkt && f->flip_at >= 0 && (f->k == f->flip_at || (type & WC_FT_TAIL))) {
            x = (x & ~f->dmask) | (flip_bits(f, x & f->dmask, f->nbits) & f->dmask);
            f->flip_at = -1;
        }
        *out_valid = 1;
        *out_flit = x;
    }
    f->k++;
    if (type & WC_FT_TAIL) {
        f->in_pkt = 0;
        f->dropping = 0;
        f->flip_at = -1;
    }
}

int wc_fault_credit(wc_fault *f, int router_credit)
{
    int c = router_credit ? 1 : 0;
    if (!c && f->owed) {
        f->owed--;
        c = 1;
    }
    f->owed += f->owed_next;
    f->owed_next = 0;
    return c;
}
