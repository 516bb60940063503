// SPDX-License-Identifier: Apache-2.0
// wc_nic_rxa.v against cmodel/wc_nic_rxa.c (nic_rxa_decide(),
// nic_rxa_commit()).  The link carries packets of every type of
// defs/wc_defs.def (data, acks, REQ, GRANT, WAIT, NAK), intact and with
// each fault the tail's checks of docs/nic.md look for, one or two at a
// time: a bad CRC, a bad or reserved type, the wrong destination, worm
// kind, address count or user bits, each length rule a data or control
// packet can break, padding, too few, too many and far too many flits
// (the flit counter saturates); and the framing errors a broken router
// could produce: a head inside a packet, a one-flit worm, stray bodies
// and tails.  Flits come back to back or with gaps; data bits above 31
// carry noise the assembler must ignore.  The slot table (free and
// evictable slot) is played by the bench, in phases from plenty of slots
// to none; the C side sees it as the slot states of its wc_nic.
#include "nicunit.h"
#include "Vwc_nic_rxa.h"

#if !defined(UT_W) || !defined(UT_PAYLOAD) || !defined(UT_NSLOT)
#error "build with the unit's parameters: -DUT_W=.. -DUT_PAYLOAD=.. -DUT_NSLOT=.. (mk/unit_nic.mk)"
#endif

namespace {

const int W = UT_W, PAYLOAD = UT_PAYLOAD, S = UT_NSLOT;
const int PW = PAYLOAD / 4, SW = S > 1 ? nu_clog2(S) : 1, IW = PW > 1 ? nu_clog2(PW) : 1;
// far more flits than a packet has: the assembler's flit counter saturates
const int HUGE_FLITS = 300;

// what a generated packet breaks (at most two at a time)
enum Fault {
    F_CRC, F_TYPE, F_RSVD, F_DST, F_KIND, F_NADDR, F_USER, F_LEN0, F_LENBIG, F_MSG0, F_MSGBIG, F_OFFLEN,
    F_OFFALIGN, F_MOREFL, F_FEWERFL, F_PAD, F_CTLPAY, F_CTLLEN, F_CTLMSG, F_SHORT, F_LONG, F_HUGE, F_NFAULT
};

struct Bench {
    NuBench &b;
    Vwc_nic_rxa m;
    wc_nic *n;
    unsigned self;
    std::deque<uint64_t> q;             // flits to send
    double p_flit = 1.0, p_free = 0.9, p_evict = 0.5;
    int e_st[6], e_type[WC_PT_LAST + 1], e_afree, e_aevict, e_noslot, e_lost, e_single, e_stray, e_body, e_sat,
        e_b2b, e_soft, e_fault[F_NFAULT];
    int run = 0;                        // flits in a row

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        static const char *const st[6] = {"ev-ok", "ev-badlen", "ev-badcrc", "ev-badtype", "ev-baddst", "ev-noslot"};
        static const char *const ty[WC_PT_LAST + 1] = {"", "intact-udata", "intact-mdata", "intact-uack",
                                                        "intact-mack", "intact-req", "intact-grant",
                                                        "intact-wait", "intact-nak"};
        static const char *const fa[F_NFAULT] = {
            "fault-crc", "fault-type", "fault-rsvd", "fault-dst", "fault-kind", "fault-naddr", "fault-user",
            "fault-len0", "fault-lenbig", "fault-msg0", "fault-msgbig", "fault-offlen", "fault-offalign",
            "fault-morefl", "fault-fewerfl", "fault-pad", "fault-ctlpay", "fault-ctllen", "fault-ctlmsg",
            "fault-short", "fault-long", "fault-huge"};
        for (int i = 0; i < 6; i++) e_st[i] = b.event(st[i]);
        for (int t = 1; t <= WC_PT_LAST; t++) e_type[t] = b.event(ty[t]);
        for (int f = 0; f < F_NFAULT; f++) e_fault[f] = b.event(fa[f]);
        e_afree = b.event("alloc-free");
        e_aevict = b.event("alloc-evict");
        e_noslot = b.event("data-without-slot");
        e_lost = b.event("head-inside-packet");
        e_single = b.event("one-flit-worm");
        e_stray = b.event("stray-tail");
        e_body = b.event("stray-body");
        e_sat = b.event("flit-count-saturated");
        e_b2b = b.event("back-to-back-packets");
        e_soft = b.event("soft-reset");
    }
    ~Bench() { wc_nic_free(n); }

    uint64_t flit(unsigned type, uint32_t w)
    {
        uint64_t noise = W > 32 ? (b.bits(W) & ~0xFFFFFFFFull) : 0;
        return ((uint64_t)type << W) | noise | w;
    }

    // One packet (maybe with faults) into the queue.
    void packet()
    {
        static const unsigned types[] = {WC_PT_UDATA, WC_PT_MDATA, WC_PT_UACK, WC_PT_MACK,
                                         WC_PT_REQ,   WC_PT_GRANT, WC_PT_WAIT, WC_PT_NAK};
        unsigned type = types[b.below(8)];
        bool data = type == WC_PT_UDATA || type == WC_PT_MDATA;
        unsigned len = 0, msglen = 0, off = 0;
        if (data) {
            len = 1 + b.below(PAYLOAD);
            unsigned npk = 1 + b.below(b.chance(0.9) ? 4u : (unsigned)(WC_NIC_MAX_MSG / PAYLOAD));
            unsigned k = b.below(npk);
            off = k * PAYLOAD;
            // a full packet unless it is the message's last
            if (k + 1 < npk) len = PAYLOAD;
            msglen = off + len;
        } else if (type == WC_PT_REQ) {
            msglen = 1 + b.below(b.chance(0.5) ? 64u : (unsigned)WC_NIC_MAX_MSG);
        }
        uint32_t h = WC_SET(0u, HEAD_DST, self);
        uint32_t h0 = WC_SET(WC_SET(WC_SET(0u, NH0_SRC, b.below(4096)), NH0_GROUP, b.below(4096)), NH0_TYPE, type);
        uint32_t h1 = WC_SET(WC_SET(0u, NH1_SEQ, b.below(65536)), NH1_OFF, off);
        std::vector<uint32_t> pay((len + 3) / 4);
        for (uint32_t &w : pay) w = b.u32();
        if (len & 3) pay.back() &= (1u << 8 * (len & 3)) - 1u;
        int f1 = b.chance(0.5) ? (int)b.below(F_NFAULT) : -1, f2 = b.chance(0.15) ? (int)b.below(F_NFAULT) : -1;
        bool crc_bad = false, huge = false;
        int nfl_delta = 0;
        for (int f : {f1, f2}) {
            if (f < 0) continue;
            b.hit(e_fault[f]);
            switch (f) {
            case F_CRC: crc_bad = true; break;
            case F_TYPE: h0 = WC_SET(h0, NH0_TYPE, b.chance(0.3) ? 0u : WC_PT_LAST + 1 + b.below(15 - WC_PT_LAST)); break;
            case F_RSVD: h0 = WC_SET(h0, NH0_RSVD, 1 + b.below(15)); break;
            case F_DST: h = WC_SET(h, HEAD_DST, (self + 1 + b.below(4095)) & 4095u); break;
            case F_KIND: h = WC_SET(h, HEAD_KIND, 1 + b.below(3)); break;
            case F_NADDR: h = WC_SET(h, HEAD_NADDR, 1 + b.below(63)); break;
            case F_USER: h = WC_SET(h, HEAD_USER, 1 + b.below(4095)); break;
            case F_LEN0: len = 0; break;
            case F_LENBIG: len = PAYLOAD + 1 + b.below(100); break;
            case F_MSG0: msglen = 0; break;
            case F_MSGBIG: msglen = WC_NIC_MAX_MSG + 1 + b.below(1000); break;
            case F_OFFLEN: msglen = off + len > 0 ? off + len - 1 : 0; break;
            case F_OFFALIGN: off += 1 + b.below(PAYLOAD - 1); msglen = off + len; break;
            case F_MOREFL: nfl_delta = 1 + (int)b.below(2); break;
            case F_FEWERFL: nfl_delta = -1; break;
            case F_PAD:
                if (!pay.empty() && (len & 3)) pay.back() |= 1u << (8 * (len & 3) + b.below(32 - 8 * (len & 3)));
                break;
            case F_CTLPAY: if (!data) pay.push_back(b.u32()); break;
            case F_CTLLEN: if (!data) { len = 1 + b.below(8); off = b.below(2) * PAYLOAD; } break;
            case F_CTLMSG: if (!data) msglen = type == WC_PT_REQ ? (b.chance(0.5) ? 0 : WC_NIC_MAX_MSG + 1) : 1 + b.below(100); break;
            case F_SHORT: nfl_delta = -100; break;
            case F_LONG: nfl_delta = PW + 1; break;
            case F_HUGE: huge = true; break;
            }
        }
        if (!data && len == 0 && b.chance(0.02)) msglen = b.below(3);
        h1 = WC_SET(h1, NH1_OFF, off);
        uint32_t h2 = WC_SET(WC_SET(0u, NH2_LEN, len), NH2_MSGLEN, msglen);
        if (nfl_delta > 0 && nfl_delta <= PW + 1)
            for (int i = 0; i < nfl_delta; i++) pay.push_back(b.u32());
        if (nfl_delta == -1 && !pay.empty()) pay.pop_back();
        if (huge) pay.resize(HUGE_FLITS, 0u);
        uint32_t crc = wc_nic_crc_finish(wc_nic_crc_words(0, pay.data(), (unsigned)pay.size()), h, h0, h1, h2);
        if (crc_bad) crc ^= 1u << b.below(32);
        std::vector<uint32_t> w = {h, h0, h1, h2, crc};
        w.insert(w.end(), pay.begin(), pay.end());
        if (nfl_delta == -100) w.resize(2 + b.below(3));
        for (size_t i = 0; i < w.size(); i++)
            q.push_back(flit(i == 0 ? WC_FT_HEAD : i + 1 == w.size() ? WC_FT_TAIL : WC_FT_BODY, w[i]));
        if (huge) b.hit(e_sat);
    }

    // what goes on the link next: a packet, or one of the framing faults
    void refill()
    {
        unsigned r = b.below(100);
        if (r < 3) {                    // a packet that loses its tail: the next head ends it
            size_t k = q.size();
            packet();
            size_t cut = k + 1 + b.below((uint32_t)(q.size() - k));
            while (q.size() > cut) q.pop_back();
            b.hit(e_lost);
        } else if (r < 5) {
            q.push_back(flit(WC_FT_SINGLE, b.u32()));
            b.hit(e_single);
        } else if (r < 7) {
            q.push_back(flit(WC_FT_TAIL, b.u32()));
            b.hit(e_stray);
        } else if (r < 9) {
            q.push_back(flit(WC_FT_BODY, b.u32()));
            b.hit(e_body);
        } else {
            packet();
        }
    }

    void cycle()
    {
        if (b.cycle % 2000 == 0) {
            static const double pf[] = {1.0, 0.8, 0.3};
            p_flit = pf[b.below(3)];
            p_free = b.chance(0.3) ? 0.05 : 0.9;
            p_evict = b.chance(0.5) ? 0.1 : 0.7;
        }
        bool soft = b.chance(0.0003);
        bool free_ok = b.chance(p_free), evict_ok = b.chance(p_evict);
        int free_idx = (int)b.below(S), evict_idx = (int)b.below(S);
        wc_nic_in in{};
        if (b.chance(p_flit)) {
            if (q.empty()) refill();
            in.rx_valid = 1;
            in.rx_flit = q.front();
            q.pop_front();
        }
        run = in.rx_valid ? run + 1 : 0;
        m.soft_i = soft;
        m.self_i = self;
        m.rx_valid_i = in.rx_valid;
        m.rx_flit_i = in.rx_flit;
        m.free_ok_i = free_ok;
        m.free_idx_i = free_idx;
        m.evict_ok_i = evict_ok;
        m.evict_idx_i = evict_idx;
        m.eval();

        // the slot table as the C model sees it: every slot in use, the
        // free one not, the evictable one in host memory
        for (int s = 0; s < S; s++) {
            n->slot[s].used = 1;
            n->slot[s].dma = 0;
        }
        if (free_ok) n->slot[free_idx].used = 0;
        if (evict_ok) n->slot[evict_idx].dma = 1;
        n->tx.sel.valid = n->tx.em.valid = 0;
        nic_dec d;
        nu_dec_idle(&d);
        nic_rxa_decide(n, &in, -1, &d.ra);

        const nic_rxa_q *r = &n->rxa;
        b.eq("rx_credit_o", m.rx_credit_o, r->credit, 1);
        b.eq("act_o", m.act_o, r->act, 1);
        b.eq("ev_valid_o", m.ev_valid_o, r->ev_valid, 1);
        b.eq("ev_status_o", m.ev_status_o, r->ev_status, 8);
        b.eq("ev_type_o", m.ev_type_o, r->ev_type, WC_NH0_TYPE_W);
        // the slot fields mean nothing without an event (the model's reset
        // leaves slot 0 there, the RTL's "no slot")
        if (r->ev_valid) b.eq("ev_slot_ok_o", m.ev_slot_ok_o, r->ev_slot != NONE, 1);
        if (r->ev_valid && r->ev_slot != NONE) b.eq("ev_slot_o", m.ev_slot_o, r->ev_slot, SW);
        b.eq("ev_src_o", m.ev_src_o, r->ev_src, WC_NH0_SRC_W);
        b.eq("ev_group_o", m.ev_group_o, r->ev_group, WC_NH0_GROUP_W);
        b.eq("ev_seq_o", m.ev_seq_o, r->ev_seq, 16);
        b.eq("ev_off_o", m.ev_off_o, r->ev_off, 16);
        b.eq("ev_len_o", m.ev_len_o, r->ev_len, 16);
        b.eq("ev_msglen_o", m.ev_msglen_o, r->ev_msglen, 16);
        b.eq("alloc_o", m.alloc_o, d.ra.alloc, 1);
        if (d.ra.alloc) b.eq("alloc_idx_o", m.alloc_idx_o, (uint64_t)d.ra.alloc_slot, SW);
        b.eq("wr_o", m.wr_o, d.ra.write, 1);
        if (d.ra.write) {
            b.eq("wr_slot_o", m.wr_slot_o, (uint64_t)d.ra.wslot, SW);
            b.eq("wr_idx_o", m.wr_idx_o, (uint64_t)d.ra.widx, IW);
            b.eq("wr_word_o", m.wr_word_o, d.ra.wword, 32);
        }
        bool crcw = d.ra.ev && d.ra.ev_slot != NONE;
        b.eq("crcw_o", m.crcw_o, crcw, 1);
        if (crcw) {
            b.eq("crcw_slot_o", m.crcw_slot_o, d.ra.ev_slot, SW);
            b.eq("crcw_val_o", m.crcw_val_o, d.ra.ev_crcp, 32);
        }

        if (r->ev_valid) {
            int st = r->ev_status == ST_NOSLOT ? 5 : r->ev_status == WC_NIC_ST_OK ? 0
                   : r->ev_status == WC_NIC_ST_BADLEN ? 1 : r->ev_status == WC_NIC_ST_BADCRC ? 2
                   : r->ev_status == WC_NIC_ST_BADTYPE ? 3 : 4;
            b.hit(e_st[st]);
            if (st == 0) b.hit(e_type[r->ev_type]);
        }
        b.hit(e_afree, d.ra.alloc && free_ok);
        b.hit(e_aevict, d.ra.alloc && !free_ok);
        b.hit(e_noslot, d.ra.ev && d.ra.ev_status == ST_NOSLOT);
        b.hit(e_b2b, run > 1 && ((in.rx_flit >> W) & 3u) == WC_FT_HEAD);

        nic_rxa_commit(n, &in, &d);
        // the event the unit announces a cycle ahead
        bool nvalid = m.ev_nvalid_o;
        unsigned ngroup = m.ev_ngroup_o;
        b.edge(m, n, soft, e_soft);
        b.eq("ev_nvalid_o", nvalid, r->ev_valid, 1);
        b.eq("ev_ngroup_o", ngroup, r->ev_group, WC_NH0_GROUP_W);
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("rxa", argc, argv, 100000);
    wc_nic_cfg c = nu_cfg(PAYLOAD);
    c.W = W;
    c.nslot = S;
    c.nnodes = WC_MAX_NODES;
    // the node id is the RTL's self_i: random, now and then the extremes
    unsigned self = b.chance(0.2) ? 0u : b.chance(0.2) ? WC_MAX_NODES - 1u : b.below(WC_MAX_NODES);
    Bench t(b, c, self);
    return b.run(t);
}
