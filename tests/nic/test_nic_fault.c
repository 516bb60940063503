/* SPDX-License-Identifier: Apache-2.0 */
/* Link fault injector (cmodel/wc_fault.h): whole packets dropped with
 * their credits paid back, flips of 1 to 3 data bits in one flit only,
 * per-link streams that repeat with the seed and differ between links. */
#include <stdlib.h>
#include <string.h>
#include "../wc_test.h"
#include "wc_fault.h"
#include "wc_defs.h"

#define W 32
#define DMASK ((1ull << W) - 1)

static uint64_t flit(unsigned type, uint32_t data) { return (uint64_t)type << W | data; }

/* Packet p of a stream: nfl flits (>= 2), data a function of (p, k). */
static uint64_t pkt_flit(unsigned p, unsigned k, unsigned nfl)
{
    unsigned type = k == 0 ? WC_FT_HEAD : k == nfl - 1 ? WC_FT_TAIL : WC_FT_BODY;
    return flit(type, (p * 2654435761u) ^ (k * 40503u));
}

static unsigned pkt_len(unsigned p) { return p % 3 ? WC_NIC_MAX_PKT_FLITS : 5; }

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

typedef struct {
    unsigned pkts_out, flits_out, flits_in;
    unsigned dropped_pkts, flipped_pkts, bad_flits, bad_bits, type_changed, multi_flip;
    unsigned credits, max_owed;
    uint64_t sig;                   /* hash of what came out */
} run_stats;

/* Push npk packets, one flit per cycle, through f; the router side
 * returns a credit for each delivered flit two cycles later.  Counts what
 * came out against what went in. */
static void run(wc_fault *f, unsigned npk, run_stats *st)
{
    unsigned p, k, cyc = 0, nfl;
    int pipe[2] = { 0, 0 };
    unsigned flips_in_pkt = 0;
    memset(st, 0, sizeof *st);
    for (p = 0; p < npk; p++) {
        nfl = pkt_len(p);
        flips_in_pkt = 0;
        for (k = 0; k < nfl + 2; k++, cyc++) {
            int ov, rc = pipe[0], nc;
            uint64_t of, in = pkt_flit(p, k, nfl);
            int iv = k < nfl;       /* two idle cycles between packets */
            wc_fault_fwd(f, iv, in, &ov, &of);
            pipe[0] = pipe[1];
            pipe[1] = ov;
            nc = wc_fault_credit(f, rc);
            st->credits += (unsigned)nc;
            if (wc_fault_owed(f) > st->max_owed)
                st->max_owed = wc_fault_owed(f);
            if (iv)
                st->flits_in++;
            if (!ov)
                continue;
            st->flits_out++;
            st->sig = st->sig * 1099511628211ull ^ of;
            if (k == 0)
                st->pkts_out++;
            if ((of >> W) != (in >> W))
                st->type_changed++;
            if (of != in) {
                int b = popcount64((of ^ in) & DMASK);
                st->bad_flits++;
                st->bad_bits += (unsigned)b;
                if (b < 1 || b > 3)
                    st->multi_flip++;
                if (++flips_in_pkt > 1)
                    st->multi_flip++;
            }
        }
    }
    /* drain: no traffic, the credits of the last flits and any owed */
    for (k = 0; k < 200; k++) {
        int rc = pipe[0];
        pipe[0] = pipe[1];
        pipe[1] = 0;
        st->credits += (unsigned)wc_fault_credit(f, rc);
    }
}

int main(void)
{
    wc_fault f, g;
    run_stats a, b;
    int ov;
    uint64_t of;

    GROUP("clean link: every flit passes unchanged, every credit comes back", {
        wc_fault_init(&f, W, 0, 0, 1, 0);
        run(&f, 300, &a);
        CHECK(a.flits_out == a.flits_in && a.bad_flits == 0, "%u of %u flits, %u changed", a.flits_out, a.flits_in,
              a.bad_flits);
        CHECK(a.credits == a.flits_in, "%u credits for %u flits", a.credits, a.flits_in);
        CHECK(f.pkts == 300 && f.dropped == 0 && f.flipped == 0, "counters %llu/%llu/%llu",
              (unsigned long long)f.pkts, (unsigned long long)f.dropped, (unsigned long long)f.flipped);
    });
    GROUP("drops take whole packets and pay every credit back", {
        wc_fault_init(&f, W, 0.3, 0, 7, 3);
        run(&f, 2000, &a);
        CHECK(f.dropped > 450 && f.dropped < 750, "%llu of 2000 packets dropped at p = 0.3", (unsigned long long)f.dropped);
        CHECK(a.pkts_out == 2000 - f.dropped, "%u packets out, %llu dropped", a.pkts_out, (unsigned long long)f.dropped);
        CHECK(a.flits_out + f.flits_dropped == a.flits_in, "%u out + %llu swallowed = %u in", a.flits_out,
              (unsigned long long)f.flits_dropped, a.flits_in);
        CHECK(a.credits == a.flits_in && wc_fault_owed(&f) == 0, "%u credits for %u flits, %u still owed", a.credits,
              a.flits_in, wc_fault_owed(&f));
        CHECK(a.bad_flits == 0, "no flit changed");
    });
    GROUP("flips: 1 to 3 data bits of one flit per packet, never the type", {
        wc_fault_init(&f, W, 0, 0.5, 11, 5);
        run(&f, 3000, &a);
        CHECK(f.flipped > 1300 && f.flipped < 1700, "%llu of 3000 packets flipped at p = 0.5", (unsigned long long)f.flipped);
        CHECK(a.bad_flits == f.flipped, "%u flits changed for %llu flipped packets", a.bad_flits,
              (unsigned long long)f.flipped);
        CHECK(a.multi_flip == 0 && a.type_changed == 0, "%u packets with more than one bad flit or 0/4+ bits, %u types changed",
              a.multi_flip, a.type_changed);
        CHECK(a.bad_bits == f.bits && f.bits >= f.flipped * 3 / 2 && f.bits <= f.flipped * 5 / 2,
              "%u bits flipped, about 2 per packet", a.bad_bits);
        CHECK(a.credits == a.flits_in, "credits untouched by flips");
    });
    GROUP("a 5-flit packet is hit at its tail when the chosen flit lies beyond it", {
        unsigned tail = 0, n;
        wc_fault_init(&f, W, 0, 1.0, 3, 1);
        for (n = 0; n < 400; n++) {
            unsigned k;
            for (k = 0; k < 5; k++) {
                uint64_t in = pkt_flit(n, k, 5);
                wc_fault_fwd(&f, 1, in, &ov, &of);
                wc_fault_credit(&f, 1);
                if (of != in && k == 4)
                    tail++;
            }
        }
        CHECK(f.flipped == 400 && tail > 400 * 60 / 69 - 40, "%u of 400 flipped at the tail", tail);
    });
    GROUP("streams repeat with the seed and differ between links and seeds", {
        wc_fault_init(&f, W, 0.05, 0.05, 42, 2);
        wc_fault_init(&g, W, 0.05, 0.05, 42, 2);
        run(&f, 1000, &a);
        run(&g, 1000, &b);
        CHECK(a.sig == b.sig && f.dropped == g.dropped && f.bits == g.bits, "same seed and link: same faults");
        wc_fault_init(&g, W, 0.05, 0.05, 42, 3);
        run(&g, 1000, &b);
        CHECK(a.sig != b.sig, "link 3 differs from link 2");
        wc_fault_init(&g, W, 0.05, 0.05, 43, 2);
        run(&g, 1000, &b);
        CHECK(a.sig != b.sig, "seed 43 differs from seed 42");
    });
    GROUP("owed credits wait for cycles the router leaves free", {
        unsigned k, got = 0;
        wc_fault_init(&f, W, 1.0, 0, 5, 0);
        for (k = 0; k < 5; k++) {
            wc_fault_fwd(&f, 1, pkt_flit(0, k, 5), &ov, &of);
            CHECK(!ov, "flit %u swallowed", k);
            got += (unsigned)wc_fault_credit(&f, 0);
        }
        CHECK(got == 4, "one credit per cycle from the cycle after each swallow (%u)", got);
        CHECK(wc_fault_credit(&f, 1) == 1 && wc_fault_owed(&f) == 1, "a router credit passes, the debt stays");
        CHECK(wc_fault_credit(&f, 0) == 1 && wc_fault_owed(&f) == 0, "then the last one is paid");
    });
    return wc_test_done();
}
