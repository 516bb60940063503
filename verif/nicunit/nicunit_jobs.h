/* SPDX-License-Identifier: Apache-2.0 */
// What the benches of the job unit share (tb_nic_jobs.cpp, the whole
// unit, and tb_nic_jtab, tb_nic_jrel, tb_nic_jsel, its pieces): the
// unit's configuration, the neighbours they play alike (the send-queue
// unit's new jobs, the children's answers on the ack bus, the selection's
// inputs and the register block's acknowledgement read port), and the
// selection's comparison and events.  The templates take the Verilated
// module, whose ports of one name are the same bundle in every piece.
#ifndef WC_NICUNIT_JOBS_H
#define WC_NICUNIT_JOBS_H
#include "nicunit.h"

// The C model's configuration of a job unit.
static inline wc_nic_cfg nu_jobs_cfg(int payload, int nnodes, int ngroups, int nslot, int jsend, int jfwd, int txwin,
                                     int maxchild)
{
    wc_nic_cfg c = nu_cfg(payload);
    c.nnodes = nnodes;
    c.ngroups = ngroups;
    c.nslot = nslot;
    c.jsend = jsend;
    c.jfwd = jfwd;
    c.txwin = txwin;
    c.maxchild = maxchild;
    return c;
}

// A new send job's registers but its kind and children (wc_nic_sq.c
// new_job): a tag, msglen bytes at a word-aligned host address, from
// this node.
static inline void nu_send_job(NuBench &b, const wc_nic *n, nic_job *nj, unsigned msglen, unsigned self)
{
    *nj = nic_job{};
    nj->tag = (uint16_t)b.below(4096);
    nj->msglen = (uint16_t)msglen;
    nj->npk = (uint16_t)nic_npk_of(n, msglen);
    nj->avail = nj->npk;
    nj->addr = b.u32() & ~3u;
    nj->src = (uint16_t)self;
}

// The send-queue unit's INIT step: child c of job j, with its stream's
// base (a multicast's children all take the group's).
static inline void nu_sq_step(const wc_nic *n, nic_sq_dec &s, int j, int c, uint16_t base)
{
    const nic_job *jb = &n->jobs.job[j];
    s.init = 1;
    s.job = j;
    s.init_grp = jb->type == WC_PT_MDATA;
    s.init_c = (unsigned)c;
    s.init_id = s.init_grp ? jb->group : jb->dst[c];
    s.base = base;
    s.npk = jb->npk;
    s.fin = c + 1 == jb->nc;
}

// The job creation's inputs (create_i, cj_i, c_*), from the send-queue
// unit's decision; a row's entries past the count are the bench's noise
// when pad (the row must drop them), else zero.  Returns whether noise
// went in.
template <class M> bool nu_drive_create(NuBench &b, M &m, const nic_sq_dec &sq, int J, int MC, bool pad)
{
    bool noise = false;
    m.create_i = sq.create;
    m.cj_i = sq.create || sq.init ? sq.job : (int)b.below(J);
    m.c_tag_i = sq.nj.tag;
    m.c_msglen_i = sq.nj.msglen;
    m.c_npk_i = sq.nj.npk;
    m.c_addr_i = sq.nj.addr;
    m.c_src_i = sq.nj.src;
    m.c_type_i = sq.nj.type;
    m.c_group_i = sq.nj.group;
    m.c_nc_i = sq.nj.nc;
    for (int c = 0; c < MC; c++) {
        bool in = c < sq.nj.nc;
        ut_set(m.c_dst_i, c * WC_HEAD_DST_W, WC_HEAD_DST_W, in || !pad ? sq.nj.dst[c] : b.below(4096));
        noise |= sq.create && !in && pad;
    }
    m.init_i = sq.init;
    m.init_fin_i = sq.fin;
    return noise;
}

// The receive processor's forwarding-job inputs (newfj_i, nfj_i,
// fjinc_i, fj_i, nf_*), the group's row padded with noise when pad.
template <class M> bool nu_drive_fwd(NuBench &b, M &m, const wc_nic *n, const nic_rxp_dec &rp, int J, int MC, bool pad)
{
    bool noise = false;
    const wc_nic_group_ent *fx = &n->gt.g[rp.gr_group];
    m.newfj_i = rp.new_fj;
    m.nfj_i = rp.new_fj ? rp.nfj : (int)b.below(J);
    m.fjinc_i = rp.accept;
    m.fj_i = rp.accept ? rp.fj : (int)b.below(J);
    m.nf_group_i = rp.gr_group;
    m.nf_src_i = rp.gr_src;
    m.nf_msglen_i = rp.gr_len;
    m.nf_npk_i = nic_npk_of(n, rp.gr_len);
    m.nf_addr_i = rp.addr;
    m.nf_seq_i = rp.gr_seq;
    m.nf_nc_i = fx->nchild;
    for (int c = 0; c < MC; c++) {
        bool in = c < fx->nchild;
        ut_set(m.nf_dst_i, c * WC_HEAD_DST_W, WC_HEAD_DST_W, in || !pad ? fx->child[c] : b.below(4096));
        noise |= rp.new_fj && !in && pad;
    }
    return noise;
}

// An answer on the ack bus (the receive processor's, from a packet of a
// child): mostly a child of a job answering what it was sent (GRANT or
// WAIT to a REQ, cumulative ACKs of some, all, no packets, beyond the
// message, stale; a NAK at its oldest unacknowledged packet), an answer of
// any kind from a child of a job not live yet, now and then noise from
// any node of any group.  p_progress: an admitted child answers at all.
static inline void nu_answer(NuBench &b, const wc_nic *n, nic_rxp_dec &rp, double p_ack, double p_progress)
{
    if (!b.chance(p_ack)) return;
    rp.ack_valid = 1;
    rp.ack_from = b.below((unsigned)n->N);
    rp.ack_grp = b.chance(0.5) ? 0 : b.below((unsigned)n->G);
    rp.ack_seq = b.below(65536);
    rp.ack_kind = 1 + b.below(WC_NIC_PEND_GRANT);
    const nic_job *jb = &n->jobs.job[b.below((unsigned)n->J)];
    if (b.chance(0.1) || !jb->valid || !jb->nc) return;
    int c = (int)b.below(jb->nc);
    const wc_nic_rel_child *ch = &jb->ch[c];
    rp.ack_from = jb->dst[c];
    rp.ack_grp = jb->type == WC_PT_MDATA ? jb->group : 0;
    unsigned base = ch->base, r = b.below(100);
    rp.ack_kind = WC_NIC_PEND_ACK;
    rp.ack_seq = base;
    switch (jb->live ? ch->adm : 0xFF) {
    case WC_NIC_ADM_REQ: rp.ack_kind = r < 70 ? WC_NIC_PEND_GRANT : WC_NIC_PEND_WAIT; break;
    case WC_NIC_ADM_WAIT: rp.ack_kind = r < 80 ? WC_NIC_PEND_GRANT : WC_NIC_PEND_WAIT; break;
    case WC_NIC_ADM_GRANT:
        if (!b.chance(p_progress)) {
            rp.ack_valid = 0;
            return;
        }
        if (r < 60) rp.ack_seq = base + ch->acked + b.below(ch->sent - ch->acked + 1u);
        else if (r < 75) { rp.ack_kind = WC_NIC_PEND_NAK; rp.ack_seq = base + ch->acked; }
        else if (r < 80) rp.ack_seq = base + jb->npk + b.below(5);
        else if (r < 85) rp.ack_seq = base - 1u - b.below(100);
        else if (r < 90) rp.ack_kind = WC_NIC_PEND_GRANT;
        else rp.ack_seq = base + ch->acked;
        break;
    default: rp.ack_kind = 1 + b.below(WC_NIC_PEND_GRANT); break;
    }
    rp.ack_seq &= 0xFFFFu;
}

// The selection's inputs from the transmitter, the slots and the register
// block (sel_busy_i, slot_*, stage_*, stage0_pin_i, and the stream the
// register block offers: the head of its queue of pending acks, ak_valid_i
// and ak_sid_i, with its kind, expected sequence number and group) as the
// C model holds them, and evaluates.
template <class M> void nu_drive_sel(NuBench &b, M &m, const wc_nic *n, bool stage0, int KW)
{
    const int NG = n->N + n->G, JW = nu_clog2((unsigned)n->J);
    const nic_tx_q *t = &n->tx;
    m.sel_busy_i = t->sel.valid;
    int head = nic_regs_ack_head(n);
    unsigned as = head >= 0 ? (unsigned)head : 0u;
    bool av = head >= 0;
    m.ak_valid_i = av;
    m.ak_sid_i = as;
    for (int s = 0; s < n->S; s++) {
        const nic_slot *sp = &n->slot[s];
        ut_set(m.slot_tag_i, s, 1, sp->used && sp->fwd);
        ut_set(m.slot_fj_i, s * JW, JW, sp->fj);
        ut_set(m.slot_k_i, s * KW, KW, sp->k);
    }
    for (int k = 0; k < 2; k++) {
        ut_set(m.stage_valid_i, k, 1, t->stage[k].valid);
        ut_set(m.stage_job_i, k * JW, JW, t->stage[k].job);
        ut_set(m.stage_k_i, k * KW, KW, t->stage[k].k);
    }
    m.stage0_pin_i = stage0;
    bool auni = as < (unsigned)n->N;
    const wc_nic_group_ent *ax = !auni && as < (unsigned)NG ? &n->gt.g[as - n->N] : nullptr;
    m.ak_kind_i = as < (unsigned)NG ? n->ackpend[as] : 0;
    m.ak_exp_i = auni ? n->uexp[as] : ax ? n->gexp[as - n->N] : 0;
    m.ak_gvalid_i = ax && ax->valid;
    m.ak_gparent_i = ax ? ax->parent : b.below(4096);
    m.eval();
}

// The selection's outputs against nic_jobs_select(): the choice, its
// stream, and the packet's fields while one is chosen.
template <class M> void nu_cmp_sel(NuBench &b, M &m, const wc_nic *n, const nic_sel_dec &sl, int KW, int MC)
{
    const int SIDW = nu_clog2((unsigned)(n->N + n->G)), JW = nu_clog2((unsigned)n->J);
    const int SW = n->S > 1 ? nu_clog2((unsigned)n->S) : 1, CIW = MC > 1 ? nu_clog2((unsigned)MC) : 1;
    b.eq("sl_valid_o", m.sl_valid_o, (uint64_t)sl.valid, 1);
    b.eq("sl_ack_o", m.sl_ack_o, (uint64_t)sl.ack, 1);
    b.eq("sl_req_o", m.sl_req_o, (uint64_t)sl.req, 1);
    if (sl.ack) {
        b.eq("sl_sid_o", m.sl_sid_o, sl.ack_sid, SIDW);
    }
    if (!sl.valid) return;
    const nic_send &s = sl.s;
    b.eq("s_ready_o", m.s_ready_o, s.ready, 1);
    b.eq("s_from_o", m.s_from_o, s.from_slot, 1);
    b.eq("s_buf_o", m.s_buf_o, s.buf, SW);
    b.eq("s_job_o", m.s_job_o, s.job, JW);
    b.eq("s_child_o", m.s_child_o, s.child, CIW);
    b.eq("s_type_o", m.s_type_o, s.type, WC_NH0_TYPE_W);
    b.eq("s_fill_o", m.s_fill_o, s.fill, 1);
    b.eq("s_k_o", m.s_k_o, s.k, KW);
    b.eq("s_dst_o", m.s_dst_o, s.dst, WC_HEAD_DST_W);
    b.eq("s_src_o", m.s_src_o, s.src, WC_NH0_SRC_W);
    b.eq("s_group_o", m.s_group_o, s.group, WC_NH0_GROUP_W);
    b.eq("s_seq_o", m.s_seq_o, s.seq, 16);
    b.eq("s_off_o", m.s_off_o, s.off, 16);
    b.eq("s_len_o", m.s_len_o, s.len, 16);
    b.eq("s_msglen_o", m.s_msglen_o, s.msglen, 16);
    b.eq("s_first_o", m.s_first_o, (uint64_t)sl.first, 1);
}

// The selection's events: every packet type chosen, the data's place, the
// modes, acks with and without a parent, data while an ack waits, the
// selection register full while one does.
class NuSelEvents {
public:
    void add(NuBench &b)
    {
        static const char *const ty[WC_PT_LAST + 1] = {"", "chose-udata", "chose-mdata", "chose-uack",
                                                        "chose-mack", "chose-req", "chose-grant", "chose-wait",
                                                        "chose-nak"};
        static const char *const nm[NX] = {"data-from-slot", "data-already-staged", "data-staging-fill",
                                           "fill-into-buffer-1", "fcfs-data", "fpfs-data", "host-mode-data",
                                           "ack-sent", "ack-flag-cleared-without-parent", "data-while-ack-pending",
                                           "selection-register-full"};
        for (int i = 0; i < NX; i++) e[i] = b.event(nm[i]);
        for (int t = 1; t <= WC_PT_LAST; t++) type[t] = b.event(ty[t]);
    }
    // (the types last, after the bench's own events)
    void count(NuBench &b, const wc_nic *n, const nic_sel_dec &sl) const
    {
        bool data = sl.valid && !sl.ack && !sl.req;
        if (sl.valid) b.hit(type[sl.s.type]);
        b.hit(e[SLOT], data && sl.s.from_slot);
        b.hit(e[STAGED], data && !sl.s.from_slot && !sl.s.fill);
        b.hit(e[FILL], data && sl.s.fill);
        b.hit(e[FILL_B1], data && sl.s.fill && sl.s.buf == 1);
        b.hit(e[FCFS], data && n->regs.mode == WC_NIC_MODE_FCFS);
        b.hit(e[FPFS], data && n->regs.mode == WC_NIC_MODE_FPFS);
        b.hit(e[HOST], data && n->regs.mode == WC_NIC_MODE_HOST);
        b.hit(e[ACK], sl.ack && sl.valid);
        b.hit(e[ACK_NOPARENT], sl.ack && !sl.valid);
        bool pending = false;
        for (int s = 0; s < n->N + n->G; s++) pending |= n->ackpend[s] != 0;
        b.hit(e[ALTERNATE], data && pending);
        b.hit(e[SELBUSY], n->tx.sel.valid && pending);
    }

private:
    enum { SLOT, STAGED, FILL, FILL_B1, FCFS, FPFS, HOST, ACK, ACK_NOPARENT, ALTERNATE, SELBUSY, NX };
    int e[NX] = {}, type[WC_PT_LAST + 1] = {};
};
#endif
