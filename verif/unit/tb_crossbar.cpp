// SPDX-License-Identifier: Apache-2.0
// wc_crossbar.v against the obvious reference out[o] = in[sel[o]]: random
// data on every input, random selects (broadcast and permutations too).
// NI inputs feed P outputs; the router uses NI = 2P (front flits, then the
// forward views of absorbing inputs), so the selects span both halves.
#include "unit.h"
#include "Vwc_crossbar.h"

#ifndef UT_FW
#error "build with -DUT_P=.. -DUT_FW=.. -DUT_IW=.."
#endif

#ifndef UT_NI
#define UT_NI UT_P   // the module's default
#endif
static const int P = UT_P, NI = UT_NI, FW = UT_FW, IW = UT_IW;

int main(int argc, char **argv)
{
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vwc_crossbar m(&ctx);
    wc_rng rng = unit_rng(argc, argv, 5);
    // flits wider than 64 bits are compared in 32-bit slices
    static uint32_t in[NI][(FW + 31) / 32];

    char name[128];
    std::snprintf(name, sizeof name, "wc_crossbar P=%d NI=%d FW=%d: 100000 random data x select vectors", P,
                  NI, FW);
    UnitCheck ck(name);
    long seen[NI] = {0};
    for (int t = 0; t < 100000; t++) {
        int sel[P];
        int mode = (int)wc_rng_below(&rng, 4);
        int perm[NI];
        for (int i = 0; i < NI; i++) perm[i] = i;
        for (int i = NI - 1; i > 0; i--) {
            int j = (int)wc_rng_below(&rng, (uint32_t)i + 1), x = perm[i];
            perm[i] = perm[j];
            perm[j] = x;
        }
        int one = (int)wc_rng_below(&rng, NI);
        for (int o = 0; o < P; o++) {
            sel[o] = mode == 0 ? one : mode == 1 ? perm[o] : (int)wc_rng_below(&rng, NI);
            seen[sel[o]]++;
            ut_set(m.sel_i, o * IW, IW, (uint64_t)sel[o]);
        }
        for (int i = 0; i < NI; i++)
            for (int s = 0; s * 32 < FW; s++) {
                int w = FW - s * 32 < 32 ? FW - s * 32 : 32;
                in[i][s] = (uint32_t)unit_rand(&rng, w);
                ut_set(m.in_i, i * FW + s * 32, w, in[i][s]);
            }
        m.eval();
        for (int o = 0; o < P; o++)
            for (int s = 0; s * 32 < FW; s++) {
                int w = FW - s * 32 < 32 ? FW - s * 32 : 32;
                uint32_t got = (uint32_t)ut_get(m.out_o, o * FW + s * 32, w);
                ck.ok(got == in[sel[o]][s], "vector %d out %d sel %d slice %d: %#x, want %#x", t, o,
                      sel[o], s, got, in[sel[o]][s]);
            }
    }
    for (int i = 0; i < NI; i++) ck.ok(seen[i] > 0, "input %d never selected", i);
    ck.finish();
    m.final();
    return unit_summary();
}
