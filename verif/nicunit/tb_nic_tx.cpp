// SPDX-License-Identifier: Apache-2.0
// wc_nic_tx.v against cmodel/wc_nic_tx.c (nic_tx_out(), nic_tx_decide(),
// nic_tx_commit()).  The bench plays the jobs unit's selection (loaded
// only while the register is empty): acknowledgements of every kind and
// REQs (header only), data packets from a slot, from a staging buffer
// that already holds the packet, and packets whose staging buffer the
// DMA must fill; the DMA (a start, then the words one by one with gaps,
// the last masked to the length, and the CRC with the last), the slot
// table's read port (payload words and CRC, rewritten at random while no
// one reads them), the router's credits (returned only for flits it
// holds, in phases from prompt to stalled), and the jobs restarted under
// a staging buffer's tag.  The C side sees the same through its wc_nic:
// the slots' words and CRCs, and the neighbours' decisions.
#include "nicunit.h"
#include "Vwc_nic_tx.h"

#if !defined(UT_W) || !defined(UT_B) || !defined(UT_PAYLOAD) || !defined(UT_NSLOT) || !defined(UT_J) || !defined(UT_KW)
#error "build with the unit's parameters: -DUT_W=.. -DUT_B=.. -DUT_PAYLOAD=.. -DUT_NSLOT=.. -DUT_J=.. -DUT_KW=.. (mk/unit_nic.mk)"
#endif

namespace {

const int W = UT_W, B = UT_B, PAYLOAD = UT_PAYLOAD, S = UT_NSLOT, J = UT_J, KW = UT_KW;
const int PW = PAYLOAD / 4, SW = S > 1 ? nu_clog2(S) : 1, JW = nu_clog2(J), IW = PW > 1 ? nu_clog2(PW) : 1;

struct Bench {
    NuBench &b;
    Vwc_nic_tx m;
    wc_nic *n;
    int rbuf = 0;                       // flits the router holds: each returns a credit
    double p_drain = 0.9, p_sel = 0.5;
    // the DMA filling the selection's staging buffer: -1 idle, else the
    // next word (after the start)
    int fill_i = -1;
    uint32_t fill_crc = 0;
    uint64_t tail_at = 0;               // cycle after the last tail
    // the slot word the RTL addressed a cycle ahead (the slot table's
    // block RAM reads it at the edge): at reset the emitter's word index
    // is that of flit 0
    unsigned em_ns = 0, em_ni = (0u - (WC_NIC_HDR_FLITS + 1)) & ((1u << IW) - 1);

    int e_type[WC_PT_LAST + 1], e_slot, e_hit, e_fill, e_stall, e_b2b, e_inv, e_soft, e_full, e_one, e_xfer;

    Bench(NuBench &bb, const wc_nic_cfg &c) : b(bb), m(&bb.ctx), n(bb.nic(c, 0))
    {
        static const char *const ty[WC_PT_LAST + 1] = {"", "sent-udata", "sent-mdata", "sent-uack", "sent-mack",
                                                        "sent-req", "sent-grant", "sent-wait", "sent-nak"};
        for (int t = 1; t <= WC_PT_LAST; t++) e_type[t] = b.event(ty[t]);
        e_slot = b.event("data-from-slot");
        e_hit = b.event("data-already-staged");
        e_fill = b.event("staging-filled-by-dma");
        e_xfer = b.event("selection-to-emitter");
        e_stall = b.event("no-credit-stall");
        e_b2b = b.event("next-head-at-the-earliest");
        e_inv = b.event("staged-packet-dropped-by-new-job");
        e_full = b.event("full-payload");
        e_one = b.event("one-byte-payload");
        e_soft = b.event("soft-reset");
        for (size_t i = 0; i < (size_t)S * PW; i++) n->sbuf[i] = b.u32();
        for (int s = 0; s < S; s++) n->slot[s].crcp = b.u32();
    }
    ~Bench() { wc_nic_free(n); }

    // A selection as the jobs unit makes it (wc_nic_jobs.c nic_jobs_select).
    nic_send pick()
    {
        const nic_tx_q *t = &n->tx;
        nic_send s{};
        s.valid = 1;
        s.job = (uint8_t)b.below(J);
        s.child = (uint8_t)b.below(WC_NIC_MAX_CHILDREN);
        s.dst = (uint16_t)b.below(4096);
        s.src = (uint16_t)b.below(4096);
        s.group = (uint16_t)b.below(4096);
        s.seq = (uint16_t)b.below(65536);
        unsigned r = b.below(10);
        if (r < 3) {                    // a control packet: header only
            static const unsigned ctl[] = {WC_PT_UACK, WC_PT_MACK, WC_PT_REQ, WC_PT_GRANT, WC_PT_WAIT, WC_PT_NAK};
            s.ack = 1;
            s.ready = 1;
            s.type = (uint8_t)ctl[b.below(6)];
            s.msglen = s.type == WC_PT_REQ ? (uint16_t)(1 + b.below(WC_NIC_MAX_MSG)) : 0;
            return s;
        }
        s.type = b.chance(0.5) ? WC_PT_UDATA : WC_PT_MDATA;
        unsigned npk = 1 + b.below(b.chance(0.9) ? 4u : (unsigned)(WC_NIC_MAX_MSG / PAYLOAD));
        s.k = (uint16_t)b.below(npk);
        s.off = (uint16_t)(s.k * PAYLOAD);
        // a message's last packet: any length, the shortest ones often
        s.len = (uint16_t)(s.k + 1u < npk || b.chance(0.3) ? PAYLOAD : 1 + b.below(b.chance(0.3) ? 4 : PAYLOAD));
        s.msglen = (uint16_t)(s.off + s.len);
        if (r < 6) {
            s.from_slot = 1;
            s.ready = 1;
            s.buf = (uint8_t)b.below(S);
            return s;
        }
        // a staging buffer holding a packet: the jobs unit found it there
        for (int k = 0; k < 2; k++)
            if (r < 8 && t->stage[k].valid) {
                s.job = t->stage[k].job;
                s.k = t->stage[k].k;
                s.buf = (uint8_t)k;
                s.ready = 1;
                return s;
            }
        // else the buffer the emitter is not reading, filled by the DMA
        s.buf = nic_tx_reads(t, 0, 0) ? 1 : 0;
        s.fill = 1;
        return s;
    }

    void cycle()
    {
        nic_tx_q *t = &n->tx;
        if (b.cycle % 2500 == 0) {
            static const double pd[] = {0.95, 0.5, 0.2, 0.0};
            p_drain = pd[b.below(4)];
            p_sel = b.chance(0.5) ? 1.0 : 0.3;
        }
        bool soft = b.chance(0.0005);
        nic_dec d;
        nu_dec_idle(&d);
        wc_nic_in in{};
        in.tx_credit = rbuf > 0 && b.chance(p_drain);
        // the selection, loaded only while the register is empty
        if (!t->sel.valid && b.chance(p_sel)) {
            d.sel.valid = 1;
            d.sel.s = pick();
        }
        // a new forwarding or send job in a staged packet's job index
        if (b.chance(0.02)) {
            d.rp.new_fj = 1;
            d.rp.nfj = (int)b.below(J);
        }
        if (b.chance(0.02)) {
            d.sq.create = 1;
            d.sq.job = (int)b.below(J);
        }
        // the DMA: start a fill the selection asked for, then its words
        if (fill_i < 0 && t->sel.valid && t->sel.fill && b.chance(0.5)) {
            d.dma.start = 1;
            d.dma.cli = CLI_STAGE;
            fill_i = 0;
            fill_crc = 0;
        } else if (fill_i >= 0 && b.chance(0.7)) {
            unsigned nw = nic_words_of(t->sel.len);
            uint32_t w = b.u32();
            if ((unsigned)fill_i == nw - 1) w = nic_mask_bytes(w, t->sel.len - 4u * (unsigned)fill_i);
            d.dma.word_done = 1;
            d.dma.cli = CLI_STAGE;
            d.dma.buf = t->sel.buf;
            d.dma.idx = (unsigned)fill_i;
            d.dma.sword = w;
            fill_crc = nic_crc_word(fill_crc, w);
            if ((unsigned)++fill_i == nw) {
                d.dma.op_done = 1;
                d.dma.scrc = fill_crc;
                fill_i = -1;
                b.hit(e_fill);
            }
        }
        // now and then the slot table rewrites a slot no one reads
        if (b.chance(0.05)) {
            int s = (int)b.below(S);
            if (!nic_tx_reads(t, 1, s)) {
                for (int i = 0; i < PW; i++) n->sbuf[(size_t)s * PW + (size_t)i] = b.u32();
                n->slot[s].crcp = b.u32();
            }
        }

        const nic_send &sl = d.sel.s;
        m.soft_i = soft;
        m.tx_credit_i = in.tx_credit;
        m.sl_valid_i = d.sel.valid;
        m.sl_ack_i = sl.ack;
        m.s_ready_i = sl.ready;
        m.s_from_i = sl.from_slot;
        m.s_buf_i = sl.buf;
        m.s_job_i = sl.job;
        m.s_child_i = sl.child;
        m.s_type_i = sl.type;
        m.s_fill_i = sl.fill;
        m.s_k_i = sl.k;
        m.s_dst_i = sl.dst;
        m.s_src_i = sl.src;
        m.s_group_i = sl.group;
        m.s_seq_i = sl.seq;
        m.s_off_i = sl.off;
        m.s_len_i = sl.len;
        m.s_msglen_i = sl.msglen;
        m.inv_a_i = d.rp.new_fj;
        m.inv_a_job_i = d.rp.new_fj ? d.rp.nfj : 0;
        m.inv_b_i = d.sq.create;
        m.inv_b_job_i = d.sq.create ? d.sq.job : 0;
        m.st_start_i = d.dma.start;
        m.st_wr_i = d.dma.word_done;
        m.st_buf_i = d.dma.buf;
        m.st_idx_i = d.dma.idx;
        m.st_word_i = d.dma.sword;
        m.st_done_i = d.dma.op_done;
        m.st_crc_i = d.dma.scrc;
        m.eval();
        // the slot table's read ports: the CRC and the word at the slot
        // and word presented last cycle, as they are now
        m.slot_word_i = em_ns < (unsigned)S && em_ni < (unsigned)PW ? n->sbuf[(size_t)em_ns * PW + em_ni] : 0;
        m.slot_crcp_i = em_ns < (unsigned)S ? n->slot[em_ns].crcp : 0;
        m.eval();

        nic_tx_decide(n, &d.tx);
        wc_nic_out o{};
        nic_tx_out(n, &o);
        b.eq("tx_valid_o", m.tx_valid_o, (uint64_t)o.tx_valid, 1);
        b.eq("tx_flit_o", m.tx_flit_o, o.tx_flit, W + 2);
        // the word address given a cycle ahead is the emitter's now
        b.eq("em_nslot_o (last cycle)", em_ns, t->em.buf, SW);
        b.eq("em_nidx_o (last cycle)", em_ni, (uint64_t)(t->em.fk - (WC_NIC_HDR_FLITS + 1)), IW);
        b.eq("sel_valid_o", m.sel_valid_o, t->sel.valid, 1);
        b.eq("sel_fill_o", m.sel_fill_o, t->sel.fill, 1);
        b.eq("sel_buf_o", m.sel_buf_o, t->sel.buf, SW);
        b.eq("sel_job_o", m.sel_job_o, t->sel.job, JW);
        b.eq("sel_data_o", m.sel_data_o, t->sel.valid && !t->sel.ack, 1);
        b.eq("sel_off_o", m.sel_off_o, t->sel.off, 16);
        b.eq("sel_len_o", m.sel_len_o, t->sel.len, 16);
        b.eq("sel_pin_slot_o", m.sel_pin_slot_o, t->sel.valid && !t->sel.ack && t->sel.from_slot, 1);
        b.eq("em_pin_slot_o", m.em_pin_slot_o, t->em.valid && !t->em.ack && t->em.from_slot, 1);
        b.eq("em_buf_o", m.em_buf_o, t->em.buf, SW);
        b.eq("stage0_pin_o", m.stage0_pin_o, nic_tx_reads(t, 0, 0), 1);
        for (int k = 0; k < 2; k++) {
            b.eqf("stage_valid_o", m.stage_valid_o, k, 1, t->stage[k].valid, k);
            b.eqf("stage_job_o", m.stage_job_o, k * JW, JW, t->stage[k].job, k);
            b.eqf("stage_k_o", m.stage_k_o, k * KW, KW, t->stage[k].k, k);
        }
        b.eq("txpkt_o", m.txpkt_o, d.tx.em_sent && d.tx.em_last, 1);
        b.eq("busy_o", m.busy_o, t->sel.valid || t->em.valid, 1);

        if (d.tx.em_sent && d.tx.em_last) {
            b.hit(e_type[t->em.type]);
            b.hit(e_full, !t->em.ack && t->em.len == PAYLOAD);
            b.hit(e_one, !t->em.ack && t->em.len == 1);
        }
        b.hit(e_slot, d.tx.xfer && !t->sel.ack && t->sel.from_slot);
        b.hit(e_hit, d.sel.valid && !sl.ack && !sl.from_slot && !sl.fill);
        b.hit(e_xfer, d.tx.xfer);
        b.hit(e_stall, t->em.valid && t->cred == 0);
        // the emitter takes the next packet the cycle after a tail: its
        // head goes one cycle later
        b.hit(e_b2b, d.tx.em_sent && t->em.fk == 0 && tail_at && b.cycle == tail_at + 1);
        for (int k = 0; k < 2; k++)
            b.hit(e_inv, t->stage[k].valid && ((d.rp.new_fj && t->stage[k].job == d.rp.nfj) ||
                                               (d.sq.create && t->stage[k].job == d.sq.job)));
        if (d.tx.em_sent && d.tx.em_last) tail_at = b.cycle + 1;

        rbuf += o.tx_valid - in.tx_credit;
        nic_tx_commit(n, &in, &d);
        if (soft) {
            fill_i = -1;
            rbuf = 0;
        }
        em_ns = m.em_nslot_o;
        em_ni = m.em_nidx_o;
        b.edge(m, n, soft, e_soft);
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("tx", argc, argv, 100000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_cfg(PAYLOAD, J);
    c.W = W;
    c.B = B;
    c.nslot = S;
    Bench t(b, c);
    return b.run(t);
}
