// SPDX-License-Identifier: Apache-2.0
// wc_nic_regs.v against cmodel/wc_nic_regs.c (nic_regs_read(),
// nic_regs_out(), nic_regs_decide(), nic_regs_commit()).  The bench is
// the host on the Wishbone slave (reads and writes of every register
// word, byte-address and high-bit noise, requests held until their ACK or
// dropped early, group table programming with legal and refused entries
// and clears, requests held while a commit checks its children, counter
// clears, write-1-to-clear of interrupt bits, soft resets) and every unit
// that sends the block strobes, combined as the units produce them: the
// receive processor's counts, stream advances and pending control packets
// (an accepted packet's ACK and a NAK replace,
// others the stronger kind wins), the two scanners' GRANTs, the
// selection clearing a pending flag, timeouts and NAK rewinds, the
// emitter's packets, the DMA's ring indices, the slot count, the send
// queue unit's refused descriptors and stream initialisations (INIT steps
// the job unit's pipeline takes or not: a unicast stream moves on with
// its step, a group's with the job's last child, as wc_nic.v gates
// them), finished
// send jobs releasing streams; counters read while their amounts are
// pending or their word is in flight to the counter memory, and cleared
// as the scheduler picks them or their word lands.  The read ports are read at random ids,
// in range and out of it.  The C side gets the same strobes as the
// decisions of the units it does not run.
#include "nicunit.h"
#include "Vwc_nic_regs.h"

#if !defined(UT_NNODES) || !defined(UT_NGROUPS) || !defined(UT_NSLOT) || !defined(UT_KW)
#error "build with the unit's parameters: -DUT_NNODES=.. -DUT_NGROUPS=.. -DUT_NSLOT=.. -DUT_KW=.. (mk/unit_nic.mk)"
#endif

namespace {

const int N = UT_NNODES, G = UT_NGROUPS, S = UT_NSLOT, KW = UT_KW, NG = N + G;
const int DW = WC_HEAD_DST_W, NCW = nu_clog2(MAXC + 1);
const unsigned NOPAR = WC_NIC_NO_PARENT;
const int CNTS[] = {WC_NICR_ERR_LEN, WC_NICR_ERR_CRC, WC_NICR_ERR_TYPE, WC_NICR_ERR_DST, WC_NICR_ERR_GROUP,
                    WC_NICR_ERR_NOBUF, WC_NICR_DUPS};
// the counter memory's words (its index: the order of the register map)
const unsigned CWORDS[NIC_NCNT] = {WC_NICR_ERR_CRC, WC_NICR_ERR_GROUP, WC_NICR_ERR_LEN, WC_NICR_ERR_TYPE,
                                   WC_NICR_ERR_DST, WC_NICR_RETX, WC_NICR_ERR_NOBUF, WC_NICR_DUPS,
                                   WC_NICR_TX_PKTS, WC_NICR_RX_PKTS, WC_NICR_TIMEOUTS, WC_NICR_ERR_DESC};
int cnt_index(unsigned wa)
{
    for (int k = 0; k < NIC_NCNT; k++)
        if (CWORDS[k] == wa) return k;
    return -1;
}
// the statuses of a group commit (NICR_GT_RESULT)
const unsigned GTS[] = {WC_NIC_ST_OK, WC_NIC_ST_NOGROUP, WC_NIC_ST_BADDST, WC_NIC_ST_NODST, WC_NIC_ST_IDRULE};
const int NGTS = sizeof GTS / sizeof GTS[0];

struct Access {
    bool we;
    unsigned reg;
    uint32_t dat;
};

struct Bench {
    NuBench &b;
    Vwc_nic_regs m;
    wc_nic *n;
    unsigned self;
    std::deque<Access> script;
    bool req = false;                   // the host holds a request
    unsigned sq_pgid = 0;               // sq_ngid_i of the cycle before
    unsigned sq_pnode = 0;              // sq_nnode_i of the cycle before
    unsigned rp_pgid = 0;               // rp_ngid_i of the cycle before
    unsigned rp_pnode = 0;              // rp_nnode_i of the cycle before
    Access cur{};
    int e_rd, e_wr, e_gt[NGTS], e_clear, e_w1c, e_irq, e_drained, e_win, e_ovr, e_strong, e_weak, e_clr, e_grant2,
        e_grant3, e_kindbyp, e_nakwait, e_aqring, e_aqtwo, e_aqrejoin, e_aqfull, e_exp, e_expbyp, e_gtbyp, e_gtbypak, e_init, e_initbyp, e_initwait, e_initc, e_wrap, e_done, e_peak, e_early, e_gtwait, e_soft,
        e_cread, e_cpend, e_cinf, e_cdrop, e_cland;

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        static const char *const gt[NGTS] = {"group-installed", "group-nogroup", "group-baddst", "group-nodst",
                                             "group-idrule"};
        e_rd = b.event("host-read");
        e_wr = b.event("host-write");
        for (int i = 0; i < NGTS; i++) e_gt[i] = b.event(gt[i]);
        e_clear = b.event("group-cleared");
        e_gtbyp = b.event("group-installed-as-read-ahead");
        e_gtbypak = b.event("group-installed-as-selection-reads-ahead");
        e_w1c = b.event("int-status-cleared-as-set");
        e_irq = b.event("irq");
        e_drained = b.event("send-ring-drained");
        e_win = b.event("host-write-wins-over-count");
        e_ovr = b.event("pending-kind-replaced");
        e_strong = b.event("stronger-kind-wins");
        e_weak = b.event("weaker-kind-ignored");
        e_clr = b.event("pending-flag-cleared");
        e_grant2 = b.event("scanner-grant");
        e_grant3 = b.event("repeated-grant");
        e_kindbyp = b.event("kind-set-as-read-ahead");
        e_nakwait = b.event("wait-merged-into-nak");
        e_aqring = b.event("ack-queued-behind-two");
        e_aqtwo = b.event("two-streams-join-ack-queue");
        e_aqrejoin = b.event("stream-rejoins-as-taken");
        e_aqfull = b.event("every-stream-queued");
        e_exp = b.event("stream-advanced");
        e_expbyp = b.event("stream-advanced-as-read-ahead");
        e_init = b.event("stream-initialised");
        e_initbyp = b.event("stream-initialised-as-read-ahead");
        e_initwait = b.event("init-step-not-taken");
        e_initc = b.event("group-child-step-no-update");
        e_wrap = b.event("next-sequence-wraps");
        e_done = b.event("streams-released");
        e_peak = b.event("slot-peak-raised");
        e_early = b.event("request-dropped-early");
        e_gtwait = b.event("request-waits-for-group-check");
        e_soft = b.event("soft-reset");
        e_cread = b.event("counter-read");
        e_cpend = b.event("counter-read-with-amount-pending");
        e_cinf = b.event("counter-read-with-word-in-flight");
        e_cdrop = b.event("counter-clear-drops-its-pick");
        e_cland = b.event("counter-clear-as-its-word-lands");
    }
    ~Bench() { wc_nic_free(n); }

    unsigned node_or_junk() { return b.chance(0.8) ? b.below(N) : b.chance(0.5) ? b.beyond(N) : b.below(4096); }
    unsigned gid_or_junk() { return b.chance(0.8) ? b.below(G) : b.chance(0.5) ? b.beyond(G) : b.below(4096); }

    // a group entry programmed through the registers: mostly legal
    // (wc_nic_group_set: below the root, children above this node, all
    // distinct), else with a rule broken
    void program_group()
    {
        unsigned g = b.chance(0.9) ? 1 + b.below(G - 1) : b.chance(0.5) ? 0u : b.beyond(G);
        bool root = b.chance(0.4);
        unsigned parent = root ? NOPAR : b.chance(0.9) ? (self + 1 + b.below(N - 1)) % N
                        : b.chance(0.5) ? self : node_or_junk();
        unsigned cand[WC_MAX_NODES], nc = 0;
        for (unsigned v = 0; v < (unsigned)N; v++)
            if (v != self && v != parent && (root || v > self)) cand[nc++] = v;
        for (unsigned i = nc; i > 1; i--) std::swap(cand[i - 1], cand[b.below(i)]);
        unsigned cnt = b.below(MAXC + 1);
        if (cnt > nc) cnt = nc;
        script.push_back({true, WC_NICR_GT_SEL, g});
        script.push_back({true, WC_NICR_GT_PARENT, parent});
        // now and then some children are not staged: the commit checks
        // what an earlier entry or a reset left there
        bool stale = b.chance(0.1);
        for (unsigned c = 0; c < cnt; c++) {
            if (stale && b.chance(0.5)) continue;
            unsigned v = b.chance(0.05) ? node_or_junk() : cand[c];
            unsigned idx = b.chance(0.02) ? MAXC + b.below(10) : c;
            script.push_back({true, WC_NICR_GT_CHILD, WC_SET(0u, NH0_SRC, v) | (idx << 16)});
        }
        if (b.chance(0.1)) cnt = b.chance(0.5) ? MAXC + 1 + b.below(3) : cnt | (1u << (8 + b.below(20)));
        script.push_back({true, WC_NICR_GT_COMMIT, cnt});
        script.push_back({false, WC_NICR_GT_RESULT, 0});
    }

    Access random_access()
    {
        Access a{};
        a.we = b.chance(0.5);
        a.reg = b.chance(0.95) ? b.below(WC_NICR_CYCLE + 1) : b.below(WC_NICR_WORDS);
        a.dat = b.u32();
        if (a.reg == WC_NICR_CTRL) a.dat = b.chance(0.05) ? a.dat : a.dat & ~8u;    // soft reset, rarely
        if (a.reg == WC_NICR_TIMEOUT && b.chance(0.7)) a.dat = b.below(100000);
        // a few descriptors posted, so the send ring drains now and then
        if (a.reg == WC_NICR_SQ_TAIL && b.chance(0.7)) a.dat = n->regs.sq_head + b.below(4);
        return a;
    }

    // the host's bus this cycle
    void host(wc_nic_in &in)
    {
        if (req && n->regs.s_ack) {         // answered: the request ends
            req = false;
        } else if (req && b.chance(0.02)) { // a host that gives up early
            req = false;
            b.hit(e_early);
        }
        if (!req && b.chance(0.5)) {
            if (script.empty() && b.chance(0.05)) program_group();
            cur = script.empty() ? random_access() : script.front();
            if (!script.empty()) script.pop_front();
            req = true;
            b.hit(cur.we ? e_wr : e_rd);
        }
        if (req && n->regs.gtc) b.hit(e_gtwait);
        in.s_cyc = in.s_stb = req;
        // without a request the other bus lines carry anything
        in.s_we = req ? cur.we : b.chance(0.5);
        in.s_adr = req ? (cur.reg << 2) | (b.u32() & 3u) | (b.chance(0.1) ? b.u32() & ~0xFFu : 0u) : b.u32();
        in.s_dat = req ? cur.dat : b.u32();
        in.s_sel = b.below(16);
    }

    void cycle()
    {
        bool busy = b.chance(0.5), rqb = b.chance(0.5);
        wc_nic_in in{};
        host(in);
        nic_dec d;
        nu_dec_idle(&d);
        nic_rxp_dec &rp = d.rp;
        // the receive processor
        bool cnt = b.chance(0.3);
        int cnt_reg = CNTS[b.below(sizeof CNTS / sizeof CNTS[0])];
        if (cnt) rp.cnt = cnt_reg;
        rp.rxpkt = b.chance(0.3);
        // The receive processor reads the expected sequence numbers at the
        // node and group it announced in the cycle before (as wc_nic wires
        // them: asserted there), and an accepted packet is of the stream
        // it reads.
        unsigned rp_node = rp_pnode, rp_gid = rp_pgid;
        bool exp_inc = b.chance(0.15), exp_grp = b.chance(0.5);
        if (exp_grp && (rp_gid == 0 || rp_gid >= (unsigned)G)) exp_grp = false;
        if (!exp_grp && rp_node >= (unsigned)N) exp_inc = false;
        unsigned exp_node = rp_node < (unsigned)N ? rp_node : 0, exp_gid = exp_grp ? rp_gid : 1 % G;
        bool set = exp_inc || b.chance(0.3), ovr = false;
        unsigned sid = b.below(NG), kind = 1 + b.below(WC_NIC_PEND_GRANT);
        if (exp_inc) {
            // an accepted packet: its stream's ACK replaces what is pending
            sid = exp_grp ? N + exp_gid : exp_node;
            kind = WC_NIC_PEND_ACK;
            ovr = true;
            rp.accept = 1;
            rp.sid = sid;
        } else if (set && kind == WC_NIC_PEND_NAK) {
            ovr = true;
            rp.nak = 1;
        }
        if (set) {
            rp.setpend = (int)sid;
            rp.pkind = (int)kind;
        }
        // (the event and the grant scanner never set in one cycle)
        bool set2 = !set && b.chance(0.05), set3 = b.chance(0.05);
        unsigned sid2 = b.below(NG), sid3 = b.below(NG);
        if (set2) rp.setpend2 = (int)sid2;
        if (set3) {
            rp.regrant = 0;
            rp.regrant_sid = sid3;
        }
        // the register block offers the head of its queue of pending
        // acks; the selection clears only that one
        int ak_head = nic_regs_ack_head(n);
        unsigned ak_sid = ak_head >= 0 ? (unsigned)ak_head : 0u;
        bool ak_any = ak_head >= 0;
        int clr = ak_any && b.chance(0.3) ? (int)ak_sid : -1;
        if (clr >= 0) {
            d.sel.ack = 1;
            d.sel.ack_sid = (unsigned)clr;
        }
        // the jobs: a timeout, a NAK's rewind, a finished send job
        d.jobs.tmo = b.chance(0.05);
        d.jobs.tmo_amt = b.bits(KW);
        d.jobs.nak_amt = b.chance(0.05) ? b.bits(KW) : 0;
        bool done = b.chance(0.05), done_grp = b.chance(0.5);
        unsigned done_gid = b.below(G), done_nc = 1 + b.below(MAXC);
        uint16_t done_dst[MAXC];
        for (int c = 0; c < MAXC; c++) done_dst[c] = (uint16_t)b.below(N);
        if (done) {
            d.jobs.push = 0;
            if (done_grp) {
                d.jobs.rel_group = (int)done_gid;
            } else {
                d.jobs.rel_n = done_nc;
                std::memcpy(d.jobs.rel_dst, done_dst, sizeof done_dst);
            }
        }
        // the send queue unit: a refused descriptor, or a stream's init
        // The unit reads the next sequence numbers at the group and node it
        // announced in the cycle before (as wc_nic wires them: asserted
        // there), and a stream's init is of the stream it reads.
        unsigned sq_gid = sq_pgid, sq_node = sq_pnode;
        unsigned sqa = b.below(10);
        d.sq_push = sqa == 0;
        bool init = sqa == 1 || sqa == 2, init_grp = b.chance(0.5);
        if (init_grp && sq_gid >= (unsigned)G) init_grp = false;
        if (!init_grp && sq_node >= (unsigned)N) init_grp = true;
        if (init_grp && sq_gid >= (unsigned)G) init = false;
        unsigned init_gid = init_grp ? sq_gid : b.below(G), init_node = init_grp ? b.below(N) : sq_node;
        unsigned init_npk = (unsigned)(b.chance(0.5) ? unit_mask(KW) : b.bits(KW));
        if (init) {
            d.sq.init = 1;
            d.sq.init_grp = init_grp;
            d.sq.init_id = init_grp ? init_gid : init_node;
            d.sq.base = init_grp ? n->gnext[init_gid] : n->unext[init_node];
            d.sq.npk = (uint16_t)init_npk;
            d.sq.fin = sqa == 2;
        }
        // the job unit's pipeline takes the step (d.jobs.sq_gnt); the
        // block sees it as wc_nic.v gates it
        bool gnt = init && b.chance(0.7), upd = gnt && (!init_grp || d.sq.fin);
        d.jobs.sq_gnt = gnt;
        // the emitter, the DMA, the slots
        d.tx.em_sent = d.tx.em_last = b.chance(0.1);
        unsigned ring = b.below(8);
        if (ring < 2) {
            d.dma.op_done = 1;
            d.dma.cli = ring ? CLI_CQ : CLI_RQ;
        }
        int slots = b.chance(0.2) ? (int)b.below(S + 1) : -1;
        // the read ports
        // the send queue unit's group and node after the edge: mostly the
        // ones it reads, else mostly the same two streams, so their next
        // sequence numbers wrap
        unsigned sq_ngid = b.chance(0.5) ? sq_gid : b.chance(0.6) ? 1 % G : gid_or_junk();
        unsigned sq_nnode = b.chance(0.5) ? sq_node : b.chance(0.6) ? 0 : node_or_junk();
        // the receive processor's node and group after the edge: mostly
        // the ones it reads, else mostly the same two streams
        unsigned rp_ngid = b.chance(0.5) ? rp_gid : b.chance(0.6) ? 1 % G : gid_or_junk();
        unsigned rp_nnode = b.chance(0.5) ? rp_node : b.chance(0.6) ? 0 : node_or_junk();

        // node_id_i counts only in reset: out of it, it wanders
        m.node_id_i = b.below(4096);
        m.s_cyc_i = in.s_cyc;
        m.s_stb_i = in.s_stb;
        m.s_we_i = in.s_we;
        m.s_adr_i = in.s_adr;
        m.s_dat_i = in.s_dat;
        m.s_sel_i = in.s_sel;
        m.busy_i = busy;
        m.rqb_valid_i = rqb;
        m.cnt_i = cnt;
        m.cnt_reg_i = (unsigned)cnt_reg;
        m.rxpkt_i = rp.rxpkt;
        m.tmo_i = d.jobs.tmo;
        m.tmo_amt_i = d.jobs.tmo_amt;
        m.nak_amt_i = d.jobs.nak_amt;
        m.txpkt_i = d.tx.em_sent;
        m.sq_adv_i = d.sq_push || (gnt && d.sq.fin);
        m.sq_err_i = d.sq_push;
        m.rq_adv_i = d.dma.op_done && d.dma.cli == CLI_RQ;
        m.cq_adv_i = d.dma.op_done && d.dma.cli == CLI_CQ;
        m.slot_upd_i = slots >= 0;
        m.slot_cnt_i = slots >= 0 ? slots : 0;
        m.exp_inc_i = exp_inc;
        m.exp_grp_i = exp_grp;
        m.exp_node_i = exp_node;
        m.exp_gid_i = exp_gid;
        m.ack_clr_i = clr >= 0;
        m.ack_clr_sid_i = clr >= 0 ? clr : 0;
        m.ack_set_i = set;
        m.ack_set_sid_i = sid;
        m.ack_set_kind_i = kind;
        m.ack_set_ovr_i = ovr;
        m.ack_set2_i = set2;
        m.ack_set2_sid_i = sid2;
        m.ack_set3_i = set3;
        m.ack_set3_sid_i = sid3;
        m.done_i = done;
        m.done_grp_i = done_grp;
        m.done_gid_i = done_gid;
        m.done_nc_i = done_nc;
        for (int c = 0; c < MAXC; c++) ut_set(m.done_dst_i, c * DW, DW, done_dst[c]);
        m.init_i = upd;
        m.init_grp_i = init_grp;
        m.init_gid_i = init_gid;
        m.init_node_i = init_node;
        m.init_npk_i = init_npk;
        m.rp_node_i = rp_node;
        m.rp_gid_i = rp_gid;
        m.rp_ngid_i = rp_ngid;
        m.rp_nnode_i = rp_nnode;
        m.sq_gid_i = sq_gid;
        m.sq_ngid_i = sq_ngid;
        m.sq_node_i = sq_node;
        m.sq_nnode_i = sq_nnode;
        m.eval();

        // NICR_STATUS: busy and a prefetched buffer, as the model reads them
        n->dma.busy = busy;
        n->rxp.rqb_n = rqb;
        const nic_regs_q *r = &n->regs;
        b.eq("s_ack_o", m.s_ack_o, r->s_ack, 1);
        b.eq("s_dat_o", m.s_dat_o, r->s_dat, 32);
        b.eq("irq_o", m.irq_o, (r->int_status & r->int_enable) != 0, 1);
        b.eq("self_o", m.self_o, n->self, DW);
        b.eq("en_o", m.en_o, r->en, 1);
        b.eq("mode_o", m.mode_o, r->mode, 2);
        b.eq("timeout_o", m.timeout_o, r->timeout, 32);
        b.eq("now_o", m.now_o, r->now, 32);
        b.eq("sq_base_o", m.sq_base_o, r->sq_base, 32);
        b.eq("sq_size_o", m.sq_size_o, r->sq_size, 16);
        b.eq("sq_head_o", m.sq_head_o, r->sq_head, 16);
        b.eq("sq_tail_o", m.sq_tail_o, r->sq_tail, 16);
        b.eq("rq_base_o", m.rq_base_o, r->rq_base, 32);
        b.eq("rq_size_o", m.rq_size_o, r->rq_size, 16);
        b.eq("rq_head_o", m.rq_head_o, r->rq_head, 16);
        b.eq("rq_tail_o", m.rq_tail_o, r->rq_tail, 16);
        b.eq("cq_base_o", m.cq_base_o, r->cq_base, 32);
        b.eq("cq_size_o", m.cq_size_o, r->cq_size, 16);
        b.eq("cq_head_o", m.cq_head_o, r->cq_head, 16);
        b.eq("cq_tail_o", m.cq_tail_o, r->cq_tail, 16);
        b.eq("ak_valid_o", m.ak_valid_o, ak_any, 1);
        if (ak_any) b.eq("ak_sid_o", m.ak_sid_o, ak_sid, nu_clog2((unsigned)NG));
        else ak_sid = m.ak_sid_o < (unsigned)NG ? m.ak_sid_o : 0;
        for (int v = 0; v < N; v++) b.eqf("ubusy_o", m.ubusy_o, v, 1, n->ubusy[v], v);
        for (int k = 0; k < G; k++) b.eqf("gbusy_o", m.gbusy_o, k, 1, n->gbusy[k], k);
        // the read ports: ids outside the tables read 0 or not valid; the
        // entry's fields are defined only inside them
        const wc_nic_group_ent *rg = rp_gid < (unsigned)G ? &n->gt.g[rp_gid] : nullptr;
        b.eq("rp_uexp_o", m.rp_uexp_o, rp_node < (unsigned)N ? n->uexp[rp_node] : 0, 16);
        b.eq("rp_gexp_o", m.rp_gexp_o, rg ? n->gexp[rp_gid] : 0, 16);
        b.eq("rp_gvalid_o", m.rp_gvalid_o, rg && rg->valid, 1);
        if (rg) {
            b.eq("rp_gparent_o", m.rp_gparent_o, rg->parent, DW);
            b.eq("rp_gnc_o", m.rp_gnc_o, rg->nchild, NCW);
        }
        // the children at the group asked for in the cycle before
        const wc_nic_group_ent *rc = rp_pgid < (unsigned)G ? &n->gt.g[rp_pgid] : nullptr;
        if (rc)
            for (int c = 0; c < rc->nchild; c++) b.eqf("rp_gchild_o", m.rp_gchild_o, c * DW, DW, rc->child[c], c);
        rp_pgid = rp_ngid;
        rp_pnode = rp_nnode;
        bool ak_uni = ak_sid < (unsigned)N;
        if (ak_any) b.eq("ak_kind_o", m.ak_kind_o, n->ackpend[ak_sid], 3);
        if (ak_any) b.eq("ak_exp_o", m.ak_exp_o, ak_uni ? n->uexp[ak_sid] : n->gexp[ak_sid - N], 16);
        b.eq("ak_gvalid_o", m.ak_gvalid_o, !ak_uni && n->gt.g[ak_sid - N].valid, 1);
        // the parent is read a cycle ahead too, at the stream announced
        if (ak_any && !ak_uni) b.eq("ak_gparent_o", m.ak_gparent_o, n->gt.g[ak_sid - N].parent, DW);
        const wc_nic_group_ent *sg = sq_gid < (unsigned)G ? &n->gt.g[sq_gid] : nullptr;
        b.eq("sq_gvalid_o", m.sq_gvalid_o, sg && sg->valid, 1);
        if (sg) {
            b.eq("sq_gparent_o", m.sq_gparent_o, sg->parent, DW);
            b.eq("sq_gnc_o", m.sq_gnc_o, sg->nchild, NCW);
        }
        // the children at the group asked for in the cycle before
        const wc_nic_group_ent *sc = sq_pgid < (unsigned)G ? &n->gt.g[sq_pgid] : nullptr;
        if (sc)
            for (int c = 0; c < sc->nchild; c++) b.eqf("sq_gchild_o", m.sq_gchild_o, c * DW, DW, sc->child[c], c);
        sq_pgid = sq_ngid;
        sq_pnode = sq_nnode;
        b.eq("sq_gnext_o", m.sq_gnext_o, sg ? n->gnext[sq_gid] : 0, 16);
        b.eq("sq_unext_o", m.sq_unext_o, sq_node < (unsigned)N ? n->unext[sq_node] : 0, 16);

        // events (before the edge)
        nic_regs_decide(n, &in, &d.regs);
        unsigned wa = d.regs.wa;
        if (set) {
            unsigned was = clr == (int)sid ? 0u : n->ackpend[sid];
            b.hit(e_ovr, ovr && was && was != kind);
            b.hit(e_strong, !ovr && was && was < kind);
            b.hit(e_weak, !ovr && was > kind);
        }
        b.hit(e_clr, clr >= 0);
        b.hit(e_grant2, set2);
        b.hit(e_grant3, set3);
        b.hit(e_nakwait, set && !ovr && kind == WC_NIC_PEND_WAIT && clr != (int)sid &&
                             n->ackpend[sid] == WC_NIC_PEND_NAK);
        {
            // streams joining the queue at this edge
            bool j1 = set && (clr == (int)sid || !n->ackpend[sid]);
            bool j2 = set2 && (clr == (int)sid2 || !n->ackpend[sid2]);
            bool j3 = set3 && (clr == (int)sid3 || !n->ackpend[sid3]) && !(j1 && sid3 == sid) && !(j2 && sid3 == sid2);
            b.hit(e_aqtwo, (j1 || j2) && j3);
            b.hit(e_aqrejoin, clr >= 0 && ((j1 && clr == (int)sid) || (j2 && clr == (int)sid2) || (j3 && clr == (int)sid3)));
        }
        b.hit(e_exp, exp_inc);
        // the entry advanced at this edge is the one read ahead at it
        b.hit(e_expbyp, exp_inc && (exp_grp ? rp_ngid == exp_gid : rp_nnode == exp_node));
        b.hit(e_init, upd);
        // the entry written at this edge is the one read ahead at it
        b.hit(e_initbyp, upd && (init_grp ? sq_ngid == init_gid : sq_nnode == init_node));
        b.hit(e_initwait, init && !gnt);
        b.hit(e_initc, gnt && init_grp && !d.sq.fin);
        b.hit(e_wrap, upd && d.sq.base + init_npk > 0xFFFFu);
        b.hit(e_done, done);
        b.hit(e_peak, slots > (int)r->peak);
        b.hit(e_irq, (r->int_status & r->int_enable) != 0);
        b.hit(e_win, d.regs.wr && cnt && wa == (unsigned)cnt_reg);
        b.hit(e_w1c, d.regs.wr && wa == WC_NICR_INT_STATUS && (in.s_dat & 2u) && cnt && cnt_reg != WC_NICR_ERR_NOBUF &&
                         cnt_reg != WC_NICR_DUPS);
        b.hit(e_drained, m.sq_adv_i && (uint16_t)(r->sq_head + 1) == r->sq_tail);
        int ck = cnt_index(wa);
        b.hit(e_cread, d.regs.cget);
        b.hit(e_cpend, d.regs.cget && r->cpend[d.regs.ck] != 0);
        b.hit(e_cinf, d.regs.cget && r->cinf_v && r->cinf_k == d.regs.ck);
        b.hit(e_cdrop, d.regs.wr && ck >= 0 && d.regs.pick == ck);
        b.hit(e_cland, d.regs.wr && ck >= 0 && r->cinf_v && r->cinf_k == ck);
        bool commit = d.regs.wr && wa == WC_NICR_GT_COMMIT;
        bool clearing = commit && r->gt_sel && r->gt_sel < (unsigned)G && (in.s_dat & 0xFFu) == 0 &&
                        r->gt_parent == NOPAR;
        unsigned gsel = r->gt_sel;

        int soft = nic_regs_commit(n, &in, &d, slots);
        b.eq("soft_o", m.soft_o, (uint64_t)soft, 1);
        // the head after this edge, whose kind's bits are read at it: an
        // event's set of it at this edge
        int ak_next = nic_regs_ack_head(n);
        b.hit(e_kindbyp, set && ak_next == (int)sid);
        b.hit(e_aqring, n->ackq_n > 2);
        b.hit(e_aqfull, n->ackq_n == (unsigned)NG);
        if (commit) {
            for (int i = 0; i < NGTS; i++) b.hit(e_gt[i], !clearing && n->regs.gt_result == GTS[i]);
            b.hit(e_clear, clearing);
            // an entry installed at this edge where a reader reads ahead
            // (the receive processor, the send queue unit; the selection
            // at the head of the ack queue after the edge)
            bool inst = !clearing && n->regs.gt_result == WC_NIC_ST_OK;
            b.hit(e_gtbyp, inst && (rp_ngid == gsel || sq_ngid == gsel));
            b.hit(e_gtbypak, inst && ak_next == (int)(N + gsel));
        }
        b.edge(m, n, soft != 0, e_soft);
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("regs", argc, argv, 100000);
    wc_nic_cfg c = nu_cfg(WC_NIC_PAYLOAD);
    c.nnodes = N;
    c.ngroups = G;
    c.nslot = S;
    unsigned self = b.below(N);
    Bench t(b, c, self);
    // node_id_i is sampled while rst_ni is low
    t.m.node_id_i = self;
    return b.run(t);
}
