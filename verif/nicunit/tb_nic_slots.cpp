// SPDX-License-Identifier: Apache-2.0
// wc_nic_slots.v against cmodel/wc_nic_slots.c (nic_slots_free(),
// nic_slots_evictable(), nic_slots_commit()).  The bench plays every
// neighbour of the slot table: the assembler allocates the slot the table
// offers (sometimes another free one), writes payload words and the
// payload CRC into slots in use; the receive processor releases slots,
// tags accepted packets for forwarding jobs and untags a restarted job's;
// the DMA marks packets written to host memory; the selection and the
// emitter pin slots they read; the emitter and the DMA address payload
// words a cycle ahead (sometimes the word written in that cycle); a
// forwarded packet's tag carries its job's children (a job starting in
// that cycle: its group's), and the selection takes first copies from
// tagged slots (each a child's first, which counts down the children the
// slot still waits for).  Phases of slow and fast host writes fill the
// table (nothing free, then nothing evictable either) and empty it.  The
// C side sees the same through the wc_nic it runs in: tx.sel and tx.em
// for the pins, the job's (or the group's) child count for a tag, the
// selection's decision, and the neighbours' decisions.
#include "nicunit.h"
#include "Vwc_nic_slots.h"

#if !defined(UT_PAYLOAD) || !defined(UT_NSLOT) || !defined(UT_J) || !defined(UT_KW)
#error "build with the unit's parameters: -DUT_PAYLOAD=.. -DUT_NSLOT=.. -DUT_J=.. -DUT_KW=.. (mk/unit_nic.mk)"
#endif

namespace {

const int PAYLOAD = UT_PAYLOAD, S = UT_NSLOT, J = UT_J, KW = UT_KW;
// MAXCHILD is optional: the RTL's default (the C model's array size) else
#ifdef UT_MAXCHILD
const int MC = UT_MAXCHILD;
#else
const int MC = MAXC;
#endif
const int PW = PAYLOAD / 4, SW = S > 1 ? nu_clog2(S) : 1, JW = nu_clog2(J), IW = PW > 1 ? nu_clog2(PW) : 1;
const int SCW = nu_clog2(S + 1);
// the group a forwarding job starting in the tag's cycle forwards
const int TAG_GROUP = 1;

struct In {
    bool soft, sel_pin, em_pin, nsel_pin, rp_free, newfj, tag, first, dma_done, alloc, wr, crcw;
    int sel_buf, em_buf, nsel_buf, free_idx, newfj_fj, tag_idx, tag_fj, tag_k, tag_nc, first_slot, dma_slot, alloc_idx;
    int wr_slot, wr_idx, crcw_slot, em_nslot, em_nidx, rd_nslot, rd_nidx;
    uint32_t wr_word, crcw_val;
};

struct Bench {
    NuBench &b;
    Vwc_nic_slots m;
    wc_nic *n;
    // host writes (dma_done) per cycle and allocations per cycle: phases
    double p_dma = 0.3, p_alloc = 0.3;
    // payload words addressed last cycle (block RAM): the emitter's and
    // the DMA's; the slot whose CRC was written last cycle
    int em_ns = 0, em_ni = 0, rd_ns = 0, rd_ni = 0, crc_ws = -1;
    int e_afree, e_aevict, e_full, e_none, e_reclaim, e_keep, e_pin, e_nsel, e_untag, e_tag, e_tag_new, e_first,
        e_first_last, e_first_none, e_dma, e_free, e_empty, e_soft, e_crc_byp;

    Bench(NuBench &bb, const wc_nic_cfg &c) : b(bb), m(&bb.ctx), n(bb.nic(c, 0))
    {
        e_afree = b.event("alloc-free");
        e_aevict = b.event("alloc-evict");
        e_full = b.event("none-free");
        e_none = b.event("none-free-or-evictable");
        e_reclaim = b.event("reclaimed");
        e_keep = b.event("kept-for-forwarding");
        e_pin = b.event("kept-pinned");
        e_nsel = b.event("eviction-blocked-by-selection");
        e_untag = b.event("untagged-by-new-job");
        e_tag = b.event("tagged");
        e_tag_new = b.event("tagged-by-job-starting-now");
        e_first = b.event("first-copy-counted");
        e_first_last = b.event("last-first-copy");
        e_first_none = b.event("first-copy-past-count");
        e_dma = b.event("host-written");
        e_free = b.event("released");
        e_empty = b.event("table-empty");
        e_soft = b.event("soft-reset");
        e_crc_byp = b.event("crc-read-after-its-write");
    }
    ~Bench() { wc_nic_free(n); }

    int pick(bool (Bench::*ok)(int) const)
    {
        int c[128], k = 0;
        for (int s = 0; s < S; s++)
            if ((this->*ok)(s)) c[k++] = s;
        return k ? c[b.below((uint32_t)k)] : -1;
    }
    bool used(int s) const { return n->slot[s].used; }
    bool fresh(int s) const { return n->slot[s].used && !n->slot[s].dma; }
    bool unused(int s) const { return !n->slot[s].used; }
    bool tagged(int s) const { return n->slot[s].used && n->slot[s].fwd; }

    // the pins as the C model sees them
    void env(const In &x)
    {
        n->tx.sel = nic_send{};
        n->tx.em = nic_send{};
        n->tx.sel.valid = x.sel_pin;
        n->tx.sel.from_slot = 1;
        n->tx.sel.buf = (uint8_t)x.sel_buf;
        n->tx.em.valid = x.em_pin;
        n->tx.em.from_slot = 1;
        n->tx.em.buf = (uint8_t)x.em_buf;
    }

    In stimulus()
    {
        In x{};
        if (b.cycle % 3000 == 0) {
            p_dma = 0.02 + 0.5 * b.below(3);
            p_alloc = 0.1 + 0.2 * b.below(4);
        }
        x.soft = b.chance(0.0005);
        x.sel_pin = b.chance(0.4) && (x.sel_buf = pick(&Bench::used)) >= 0;
        x.em_pin = b.chance(0.4) && (x.em_buf = pick(&Bench::used)) >= 0;
        x.nsel_pin = b.chance(0.4);
        x.nsel_buf = x.nsel_pin ? (int)b.below(S) : 0;
        env(x);
        x.rp_free = b.chance(0.05) && (x.free_idx = pick(&Bench::used)) >= 0;
        x.newfj = b.chance(0.03);
        x.newfj_fj = (int)b.below(J);
        x.tag = b.chance(0.2) && (x.tag_idx = pick(&Bench::fresh)) >= 0;
        x.tag_fj = (int)b.below(J);
        x.tag_k = (int)b.below(10);
        // mostly few children, so that slots wait for each first copy and
        // then go
        x.tag_nc = 1 + (int)b.below(b.chance(0.8) ? (MC < 3 ? MC : 3) : MC);
        // the selection's packet is a child's first copy from a tagged
        // slot (a slot is tagged once, at its event: never the one tagged
        // now); it reads the slot, so it pins it
        x.first = b.chance(0.3) && (x.first_slot = pick(&Bench::tagged)) >= 0 && !(x.tag && x.tag_idx == x.first_slot);
        if (x.first) {
            x.nsel_pin = true;
            x.nsel_buf = x.first_slot;
        }
        x.dma_done = b.chance(p_dma) && (x.dma_slot = pick(&Bench::fresh)) >= 0;
        if (b.chance(p_alloc)) {
            int f = nic_slots_free(n), e = nic_slots_evictable(n, x.nsel_pin ? x.nsel_buf : -1);
            if (f >= 0) {
                x.alloc = true;
                x.alloc_idx = b.chance(0.2) ? pick(&Bench::unused) : f;
            } else if (e >= 0) {
                x.alloc = true;
                x.alloc_idx = e;
            }
        }
        // words and the CRC into a slot in use or the one taken now
        int w = pick(&Bench::used);
        x.wr = b.chance(0.5) && (x.alloc || w >= 0);
        x.wr_slot = x.alloc && (w < 0 || b.chance(0.5)) ? x.alloc_idx : w;
        x.wr_idx = (int)b.below(PW);
        x.wr_word = b.u32();
        x.crcw = b.chance(0.2) && (x.alloc || w >= 0);
        // (one flit allocates and ends a packet: the same slot, as the
        // CRCs' one write port needs)
        x.crcw_slot = x.alloc ? x.alloc_idx : w;
        x.crcw_val = b.u32();
        x.em_nslot = (int)b.below(S);
        x.em_nidx = (int)b.below(PW);
        x.rd_nslot = (int)b.below(S);
        x.rd_nidx = (int)b.below(PW);
        // now and then the word just written is read next cycle (the
        // bypass of the read ahead)
        if (x.wr && b.chance(0.1)) {
            x.em_nslot = x.wr_slot;
            x.em_nidx = x.wr_idx;
        }
        if ((x.crcw || x.alloc) && b.chance(0.2))
            x.em_nslot = x.crcw ? x.crcw_slot : x.alloc_idx;
        if (x.wr && b.chance(0.1)) {
            x.rd_nslot = x.wr_slot;
            x.rd_nidx = x.wr_idx;
        }
        return x;
    }

    void drive(const In &x)
    {
        m.soft_i = x.soft;
        m.sel_pin_i = x.sel_pin;
        m.sel_buf_i = x.sel_pin ? x.sel_buf : 0;
        m.em_pin_i = x.em_pin;
        m.em_buf_i = x.em_pin ? x.em_buf : 0;
        m.nsel_pin_i = x.nsel_pin;
        m.nsel_buf_i = x.nsel_buf;
        m.first_i = x.first;
        m.first_slot_i = x.first ? x.first_slot : (int)b.below(S);
        m.rp_free_i = x.rp_free;
        m.rp_free_idx_i = x.rp_free ? x.free_idx : 0;
        m.rp_newfj_i = x.newfj;
        m.rp_newfj_fj_i = x.newfj_fj;
        m.rp_tag_i = x.tag;
        m.rp_tag_idx_i = x.tag ? x.tag_idx : 0;
        m.rp_tag_fj_i = x.tag_fj;
        m.rp_tag_k_i = x.tag_k;
        m.rp_tag_nc_i = x.tag_nc;
        m.dma_done_i = x.dma_done;
        m.dma_done_slot_i = x.dma_done ? x.dma_slot : 0;
        m.alloc_i = x.alloc;
        m.alloc_idx_i = x.alloc ? x.alloc_idx : 0;
        m.wr_i = x.wr;
        m.wr_slot_i = x.wr ? x.wr_slot : 0;
        m.wr_idx_i = x.wr_idx;
        m.wr_word_i = x.wr_word;
        m.crcw_i = x.crcw;
        m.crcw_slot_i = x.crcw ? x.crcw_slot : 0;
        m.crcw_val_i = x.crcw_val;
        m.em_nslot_i = x.em_nslot;
        m.em_nidx_i = x.em_nidx;
        m.dma_nslot_i = x.rd_nslot;
        m.dma_nidx_i = x.rd_nidx;
        m.eval();
    }

    void cycle()
    {
        In x = stimulus();
        drive(x);
        nic_dec d;
        nu_dec_idle(&d);
        if (x.rp_free) d.rp.free_slot = x.free_idx;
        d.rp.new_fj = x.newfj;
        d.rp.nfj = x.newfj_fj;
        if (x.tag) {
            d.rp.tag_slot = x.tag_idx;
            d.rp.fj = x.tag_fj;
            d.rp.tag_k = (uint16_t)x.tag_k;
            // the job's children (wc_nic.v's rp_tag_nc: the group's when
            // the job starts in this cycle)
            d.rp.gr_group = TAG_GROUP;
            n->jobs.job[x.tag_fj].nc = (uint8_t)x.tag_nc;
            n->gt.g[TAG_GROUP].nchild = (uint8_t)x.tag_nc;
        }
        if (x.first) {
            d.sel.valid = 1;
            d.sel.first = 1;
            d.sel.s.valid = 1;
            d.sel.s.from_slot = 1;
            d.sel.s.buf = (uint8_t)x.first_slot;
        }
        if (x.dma_done) {
            d.dma.op_done = 1;
            d.dma.cli = CLI_RXW;
            d.dma.wq.slot = (uint16_t)x.dma_slot;
        }
        d.ra.alloc = x.alloc;
        d.ra.alloc_slot = x.alloc_idx;
        if (x.wr) {
            d.ra.write = 1;
            d.ra.wslot = x.wr_slot;
            d.ra.widx = x.wr_idx;
            d.ra.wword = x.wr_word;
        }
        if (x.crcw) {
            d.ra.ev = 1;
            d.ra.ev_slot = (uint16_t)x.crcw_slot;
            d.ra.ev_crcp = x.crcw_val;
        }

        // outputs from registered state (and the pins)
        int f = nic_slots_free(n), e = nic_slots_evictable(n, x.nsel_pin ? x.nsel_buf : -1);
        b.eq("free_ok_o", m.free_ok_o, f >= 0, 1);
        if (f >= 0) b.eq("free_idx_o", m.free_idx_o, (uint64_t)f, SW);
        b.eq("evict_ok_o", m.evict_ok_o, e >= 0, 1);
        if (e >= 0) b.eq("evict_idx_o", m.evict_idx_o, (uint64_t)e, SW);
        for (int s = 0; s < S; s++) {
            const nic_slot *sp = &n->slot[s];
            b.eqf("tag_o", m.tag_o, s, 1, sp->used && sp->fwd, s);
            b.eqf("fj_o", m.fj_o, s * JW, JW, sp->fj, s);
            b.eqf("k_o", m.k_o, s * KW, KW, sp->k, s);
        }
        // the words at the addresses given last cycle, as they are now
        b.eq("em_word_o", m.em_word_o, n->sbuf[(size_t)em_ns * PW + (size_t)em_ni], 32);
        // (a slot in use: allocated, so its CRC written, since the reset)
        if (n->slot[em_ns].used)
            b.eq("em_crcp_o", m.em_crcp_o, n->slot[em_ns].crcp, 32);
        b.hit(e_crc_byp, crc_ws == em_ns && n->slot[em_ns].used);
        crc_ws = x.crcw ? x.crcw_slot : x.alloc ? x.alloc_idx : -1;
        b.eq("dma_word_o", m.dma_word_o, n->sbuf[(size_t)rd_ns * PW + (size_t)rd_ni], 32);
        em_ns = x.em_nslot;
        em_ni = x.em_nidx;
        rd_ns = x.rd_nslot;
        rd_ni = x.rd_nidx;

        // events, from the state before and after the edge
        bool was[128], wasdma[128], pinned[128];
        int before = 0;
        for (int s = 0; s < S; s++) {
            was[s] = n->slot[s].used;
            wasdma[s] = n->slot[s].dma;
            pinned[s] = nic_tx_reads(&n->tx, 1, s);
            before += was[s];
        }
        b.hit(e_full, f < 0);
        b.hit(e_none, f < 0 && e < 0);
        b.hit(e_nsel, x.nsel_pin && e < 0 && nic_slots_evictable(n, -1) >= 0);
        b.hit(e_afree, x.alloc && f >= 0);
        b.hit(e_aevict, x.alloc && f < 0);
        b.hit(e_untag, x.newfj && [&] {
            for (int s = 0; s < S; s++)
                if (n->slot[s].fwd && n->slot[s].fj == x.newfj_fj) return true;
            return false;
        }());
        b.hit(e_tag, x.tag);
        b.hit(e_tag_new, x.tag && x.newfj && x.newfj_fj == x.tag_fj);
        int need0 = x.first ? n->slot[x.first_slot].need : -1;
        b.hit(e_first, need0 > 0);
        b.hit(e_first_none, need0 == 0);
        b.hit(e_dma, x.dma_done);
        b.hit(e_free, x.rp_free);

        int used = nic_slots_commit(n, &d), cnt = 0;
        for (int s = 0; s < S; s++) {
            cnt += n->slot[s].used;
            bool touched = (x.rp_free && x.free_idx == s) || (x.alloc && x.alloc_idx == s);
            if (!was[s] || !wasdma[s] || touched) continue;
            b.hit(e_reclaim, !n->slot[s].used);
            b.hit(pinned[s] ? e_pin : e_keep, n->slot[s].used);
        }
        b.hit(e_empty, before > 0 && cnt == 0);
        b.hit(e_first_last, need0 == 1);
        b.eq("upd_o", m.upd_o, used >= 0, 1);
        b.eq("cnt_o", m.cnt_o, (uint64_t)cnt, SCW);
        b.edge(m, n, x.soft, e_soft);
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("slots", argc, argv, 100000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_cfg(PAYLOAD, J);
    c.nslot = S;
    c.maxchild = MC;
    Bench t(b, c);
    return b.run(t);
}
