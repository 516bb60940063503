// SPDX-License-Identifier: Apache-2.0
// wc_rr_arb.v against wc_rr_arb() of the C model: exhaustive request and
// pointer for N = 1..6, random for N = 20.  An independent scan (first
// requester at or after the pointer, cyclically) checks the C model too.
#include "unit.h"
#include "Vunit_arb_top.h"

static const int arb_n[7] = {1, 2, 3, 4, 5, 6, 20};

static int scan_ref(uint64_t req, int ptr, int n)
{
    for (int k = 0; k < n; k++) {
        int i = (ptr + k) % n;
        if ((req >> i) & 1) return i;
    }
    return -1;
}

static void check_one(Vunit_arb_top &m, UnitCheck &ck, int a, uint64_t req, int ptr)
{
    int n = arb_n[a];
    m.req_i = (uint32_t)req;
    m.ptr_i = (uint8_t)ptr;
    m.eval();
    uint64_t rq = req & unit_mask(n);
    int want = wc_rr_arb(rq, ptr);
    int valid = (m.gnt_valid_o >> a) & 1;
    int idx = (int)ut_get(m.gnt_idx_o, a * 5, 5);
    ck.ok(valid == (want >= 0), "N=%d req=%#llx ptr=%d: valid %d, C %d", n,
          (unsigned long long)rq, ptr, valid, want);
    if (want >= 0)
        ck.ok(idx == want, "N=%d req=%#llx ptr=%d: grant %d, C %d", n,
              (unsigned long long)rq, ptr, idx, want);
    ck.ok(want == scan_ref(rq, ptr, n), "N=%d req=%#llx ptr=%d: C model %d, cyclic scan %d", n,
          (unsigned long long)rq, ptr, want, scan_ref(rq, ptr, n));
}

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vunit_arb_top m(&ctx);
    wc_rng rng = unit_rng(argc, argv, 1);

    for (int a = 0; a < 6; a++) {
        int n = arb_n[a];
        UnitCheck ck("wc_rr_arb N=" + std::to_string(n) + " exhaustive req x ptr<N");
        for (uint64_t req = 0; req < (1ull << n); req++)
            for (int ptr = 0; ptr < n; ptr++) {
                // bits above N are ignored by the arbiter: fill them randomly
                uint64_t junk = unit_rand(&rng, 20) & ~unit_mask(n);
                check_one(m, ck, a, req | junk, ptr);
            }
        ck.finish();
    }
    {
        UnitCheck ck("wc_rr_arb N=20 random req x ptr<20 (200000 draws, sparse and dense)");
        for (int t = 0; t < 200000; t++) {
            uint64_t req = unit_rand(&rng, 20);
            // sparse masks exercise the wrap-around search
            if (t & 1) req &= unit_rand(&rng, 20) & unit_rand(&rng, 20);
            if (t % 7 == 0) req = 1ull << wc_rng_below(&rng, 20);
            check_one(m, ck, 6, req, (int)wc_rng_below(&rng, 20));
        }
        ck.finish();
    }
    m.final();
    return unit_summary();
}
