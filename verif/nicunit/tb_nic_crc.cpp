// SPDX-License-Identifier: Apache-2.0
// wc_nic_crc.v (NW = 1, NW = 4 and NW = 4 of zero words with ZEROS = 1,
// through nicunit_crc_top.v) against the
// C model's CRC step nic_crc_word() (cmodel/wc_nic_crc.c) and the header
// step wc_nic_crc_finish() (sw/lib/wc_nic_pkt.c).  Purely combinational:
// a "cycle" is one evaluation.  Stimulus: random CRCs and words, the
// start value 0, words of all zeros, all ones and a single bit, and
// chains that carry the RTL's own result into the next step as the
// assembler and the DMA do over a payload, closed by the header step as a
// packet's NH3 is; two chains are checked against the CRC-32 check
// values of docs/nic.md's definition (zlib's crc32).
#include "nicunit.h"
#include "Vnicunit_crc_top.h"

namespace {

// CRC-32 (zlib) of the bytes "12345678" and "123456789abcdefg": the known
// answers of the definition, as little-endian words.
const uint32_t KA8_W[2] = {0x34333231u, 0x38373635u};
const uint32_t KA8 = 0x9AE0DAAFu;
const uint32_t KA16_W[4] = {0x34333231u, 0x38373635u, 0x63626139u, 0x67666564u};
const uint32_t KA16 = 0xA2CAAFFFu;

struct Crc {
    NuBench &b;
    Vnicunit_crc_top &m;
    // one evaluation: both steps, both compared
    uint32_t step(uint32_t crc, uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3, uint32_t *fin)
    {
        m.crc_i = crc;
        m.words_i[0] = w0;
        m.words_i[1] = w1;
        m.words_i[2] = w2;
        m.words_i[3] = w3;
        m.eval();
        b.eq("crc1_o", m.crc1_o, nic_crc_word(crc, w0), 32);
        b.eq("crc4_o", m.crc4_o, wc_nic_crc_finish(crc, w0, w1, w2, w3), 32);
        b.eq("crc4z_o", m.crc4z_o, wc_nic_crc_finish(crc, 0, 0, 0, 0), 32);
        b.cycle++;
        if (fin) *fin = m.crc4_o;
        return m.crc1_o;
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("crc", argc, argv, 20000);
    Vnicunit_crc_top m(&b.ctx);
    Crc c{b, m};
    const int e_zero = b.event("start-value-0"), e_ones = b.event("word-all-ones"), e_bit = b.event("one-bit-word");
    const int e_chain = b.event("payload-chains"), e_known = b.event("known-answers");

    // the check values: the RTL's own steps chained
    uint32_t crc = c.step(0, KA8_W[0], 0, 0, 0, nullptr);
    crc = c.step(crc, KA8_W[1], 0, 0, 0, nullptr);
    uint32_t k16 = 0;
    c.step(0, KA16_W[0], KA16_W[1], KA16_W[2], KA16_W[3], &k16);
    if (crc != KA8 || k16 != KA16)
        b.fail("CRC-32 check values: 0x%08x for \"12345678\" (0x%08x), 0x%08x for \"123456789abcdefg\" (0x%08x)", crc,
               KA8, k16, KA16);
    b.hit(e_known);

    while (b.cycle < b.cycles) {
        uint32_t w[4];
        for (uint32_t &x : w) {
            switch (b.below(8)) {
            case 0: x = 0; break;
            case 1: x = 0xFFFFFFFFu; b.hit(e_ones); break;
            case 2: x = 1u << b.below(32); b.hit(e_bit); break;
            default: x = b.u32(); break;
            }
        }
        if (b.chance(0.2)) {
            // a packet: payload words from 0, each step's result carried on,
            // then the header words
            int nw = 1 + (int)b.below(16);
            crc = 0;
            b.hit(e_zero);
            for (int i = 0; i < nw && b.cycle < b.cycles; i++)
                crc = c.step(crc, b.u32(), b.u32(), b.u32(), b.u32(), nullptr);
            c.step(crc, w[0], w[1], w[2], w[3], nullptr);
            b.hit(e_chain);
            continue;
        }
        crc = b.chance(0.1) ? 0u : b.u32();
        b.hit(e_zero, crc == 0);
        c.step(crc, w[0], w[1], w[2], w[3], nullptr);
    }
    m.final();
    return b.finish();
}
