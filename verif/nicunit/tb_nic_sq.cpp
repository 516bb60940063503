// SPDX-License-Identifier: Apache-2.0
// wc_nic_sq.v against cmodel/wc_nic_sq.c (nic_sq_decide(), nic_sq_commit()).
// The bench plays the host (descriptors posted at the send ring's tail,
// the NIC enabled or not, the mode, the group table rewritten now and
// then), the DMA (a start, then the descriptor's four words or the
// destination list's words with gaps, a bus error now and then), the
// register block (ring indices, the streams' next sequence numbers and
// busy flags, which INIT steps set and finished jobs clear), the jobs
// unit (its pipeline taking an INIT step, one child a cycle, or not in
// that cycle; send jobs live from INIT's last step until they finish; the
// job the unit creates holds its descriptor, as the C model's job table
// does), the receive processor (a forwarding job starting, in whose cycle
// no send job may start) and the completion FIFO (a refused descriptor's
// completion taken after a while).  Descriptors are valid unicasts, multisends and multicasts (at
// the root, and from a non-root host in host mode) and each fault of
// docs/nic.md's checks: opcode and reserved bits, lengths, destinations,
// counts, groups, the host-forward rules, every list fault, bus errors.
#include "nicunit.h"
#include "Vwc_nic_sq.h"

#if !defined(UT_NNODES) || !defined(UT_NGROUPS) || !defined(UT_PAYLOAD) || !defined(UT_JSEND) || !defined(UT_J) || \
    !defined(UT_KW)
#error "build with the unit's parameters: -DUT_NNODES=.. -DUT_NGROUPS=.. -DUT_PAYLOAD=.. -DUT_JSEND=.. -DUT_J=.. -DUT_KW=.. (mk/unit_nic.mk)"
#endif

namespace {

const int N = UT_NNODES, G = UT_NGROUPS, PAYLOAD = UT_PAYLOAD, JS = UT_JSEND, J = UT_J, KW = UT_KW;
// (MAXC, the children of a job or group entry: wc_nic_int.h)
const int JW = nu_clog2(J), DW = WC_HEAD_DST_W, CIW = nu_clog2(MAXC);
const int NCW = nu_clog2(MAXC + 1);
const unsigned NOPAR = WC_NIC_NO_PARENT;

// statuses a descriptor can end with, for the event counts
const unsigned STS[] = {WC_NIC_ST_OK, WC_NIC_ST_BADOP, WC_NIC_ST_BADLEN, WC_NIC_ST_BADDST, WC_NIC_ST_NOGROUP,
                        WC_NIC_ST_NODST, WC_NIC_ST_BUSERR};
const int NSTS = sizeof STS / sizeof STS[0];

struct Bench {
    NuBench &b;
    Vwc_nic_sq m;
    wc_nic *n;
    unsigned self;
    // the DMA serving the unit: -1 idle, else the next word
    int dma_i = -1;
    double p_done = 0.02;
    uint32_t desc[4], list[MAXC];
    // the job unit's pipeline takes an INIT step (low: steps wait long)
    double p_gnt = 0.7;
    int e_st[NSTS], e_uni, e_multi, e_mroot, e_mhost, e_wait, e_nojob, e_empty, e_off, e_pushwait, e_soft;
    int e_refused, e_mstep, e_newfj;

    Bench(NuBench &bb, const wc_nic_cfg &c, unsigned id) : b(bb), m(&bb.ctx), n(bb.nic(c, id)), self(id)
    {
        static const char *const st[NSTS] = {"checked-ok", "badop",  "badlen", "baddst",
                                             "nogroup",    "nodst", "buserr"};
        for (int i = 0; i < NSTS; i++) e_st[i] = b.event(st[i]);
        e_uni = b.event("unicast-job");
        e_multi = b.event("multisend-job");
        e_mroot = b.event("multicast-job-at-root");
        e_mhost = b.event("multicast-job-from-non-root-host");
        e_wait = b.event("waiting-for-busy-stream");
        e_nojob = b.event("no-free-send-job");
        e_empty = b.event("ring-empty");
        e_off = b.event("nic-disabled");
        e_pushwait = b.event("completion-fifo-busy");
        e_soft = b.event("soft-reset");
        e_refused = b.event("init-step-not-taken");
        e_mstep = b.event("multicast-child-initialised");
        e_newfj = b.event("creation-deferred-by-forwarding-job");
        n->regs.en = 1;
        n->regs.sq_size = 4;
        for (int g = 1; g < G; g++) group(g);
    }
    ~Bench() { wc_nic_free(n); }

    unsigned node() { return b.below(N); }
    unsigned other() { unsigned v = node(); return v == self ? (v + 1) % N : v; }

    // a legal group entry (wc_nic_group_set): the root with 1..16
    // children, or a parent and 0..16 children; or no entry
    void group(int g)
    {
        wc_nic_group_ent *e = &n->gt.g[g];
        *e = wc_nic_group_ent{};
        e->parent = (uint16_t)NOPAR;
        if (b.chance(0.2) || N < 2) return;
        e->valid = 1;
        bool root = b.chance(0.5);
        if (!root) e->parent = (uint16_t)other();
        e->nchild = (uint8_t)(root ? 1 + b.below(MAXC) : b.below(MAXC + 1));
        for (int c = 0; c < e->nchild; c++) e->child[c] = (uint16_t)other();
    }

    // the next descriptor the host posts, valid or with one fault
    void make_desc()
    {
        unsigned op = WC_OP_UNICAST + b.below(3), len = 1 + b.below(b.chance(0.8) ? 64u : (unsigned)WC_NIC_MAX_MSG);
        unsigned x = 0;
        uint32_t d3 = 0;
        if (op == WC_OP_UNICAST) x = other();
        if (op == WC_OP_MULTISEND) {
            x = 1 + b.below(MAXC);
            d3 = b.u32() & ~3u;
            for (unsigned i = 0; i < (unsigned)MAXC; i++) list[i] = b.below(N);
        }
        if (op == WC_OP_MULTICAST) {
            x = 1 + b.below(G - 1);
            const wc_nic_group_ent *e = &n->gt.g[x];
            if (e->valid && e->parent != NOPAR) d3 = node();
        }
        desc[0] = WC_SET(WC_SET(WC_SET(0u, SD0_OP, op), SD0_TAG, b.below(4096)), SD0_LEN, len);
        desc[1] = b.u32() & ~3u;
        desc[2] = WC_SET(0u, SD2_DST, x);
        desc[3] = d3;
        switch (b.chance(0.5) ? b.below(12) : 99) {
        case 0: desc[0] = WC_SET(desc[0], SD0_OP, b.chance(0.3) ? 0u : WC_OP_MULTICAST + 1 + b.below(12)); break;
        case 1: desc[1] |= 1 + b.below(3); break;
        case 2: desc[2] |= (1 + b.below(255)) << WC_SD2_DST_W; break;
        case 3: desc[3] = op == WC_OP_UNICAST ? 1 + b.below(N) : op == WC_OP_MULTISEND ? desc[3] | 2u : b.beyond(N); break;
        case 4: desc[0] = WC_SET(desc[0], SD0_LEN, b.chance(0.5) ? 0u : WC_NIC_MAX_MSG + 1 + b.below(1000)); break;
        case 5: desc[2] = WC_SET(0u, SD2_DST, op == WC_OP_UNICAST ? (b.chance(0.5) ? self : b.beyond(N))
                                            : op == WC_OP_MULTISEND ? (b.chance(0.5) ? 0u : b.beyond(MAXC + 1))
                                            : (b.chance(0.5) ? 0u : b.beyond(G))); break;
        case 6: case 7: {           // a list fault: wide entry, outside the network, self, duplicate
            unsigned i = b.below(MAXC), k = b.below(4);
            list[i] = k == 0 ? list[i] | (1u << (WC_SD2_DST_W + b.below(20))) : k == 1 ? b.beyond(N)
                    : k == 2 ? self : list[i ? i - 1 : 1];
            break;
        }
        default: break;
        }
        // a valid list names distinct destinations other than this node
        if (op == WC_OP_MULTISEND && b.chance(0.6)) {
            unsigned k = 0;
            for (unsigned v = 0; v < (unsigned)N && k < (unsigned)MAXC; v++)
                if (v != self && b.chance(0.7)) list[k++] = v;
            if (k) desc[2] = WC_SET(desc[2], SD2_DST, 1 + b.below(k));
        }
    }

    void cycle()
    {
        nic_sq_q *r = &n->sq;
        nic_regs_q *g = &n->regs;
        bool soft = b.chance(0.0005);
        // the host and the rest of the NIC, between cycles
        if (b.chance(0.05) && (uint16_t)(g->sq_tail - g->sq_head) < g->sq_size) g->sq_tail++;
        if (b.chance(0.002)) g->sq_size = (uint16_t)(b.chance(0.1) ? 0 : 1u << b.below(4));
        if (b.chance(0.005)) g->en = b.chance(0.9);
        if (b.chance(0.003)) g->mode = (uint8_t)b.below(3);
        // (not the group of a multicast descriptor the unit holds past its
        // fetch: the host installs a tree before it is used, docs/nic.md;
        // the unit checks the group, creates the job from it and reads its
        // child count while the job's INIT steps run)
        if (b.chance(0.01)) {
            int g = 1 + (int)b.below(G - 1);
            bool held = r->st != SQ_IDLE && r->st != SQ_FETCH && WC_GET(r->d[0], SD0_OP) == WC_OP_MULTICAST &&
                        WC_GET(r->d[2], SD2_DST) == (unsigned)g;
            if (!held) group(g);
        }
        // send jobs finish quickly, or slowly enough that all are busy
        if (b.cycle % 3000 == 0) {
            p_done = b.chance(0.5) ? 0.05 : 0.002;
            p_gnt = b.chance(0.5) ? 0.9 : 0.3;
        }
        for (int j = 0; j < JS; j++)
            if (n->jobs.job[j].valid && b.chance(p_done)) n->jobs.job[j].valid = 0;
        for (int v = 0; v < N; v++)
            if (n->ubusy[v] && b.chance(0.03)) n->ubusy[v] = 0;
        for (int k = 0; k < G; k++)
            if (n->gbusy[k] && b.chance(0.03)) n->gbusy[k] = 0;

        nic_dec d;
        nu_dec_idle(&d);
        bool req = r->st == SQ_FETCH || r->st == SQ_LIST;
        if (dma_i < 0 && req && b.chance(0.4)) {
            d.dma.start = 1;
            d.dma.cli = CLI_SQ;
            dma_i = 0;
            if (r->st == SQ_FETCH) make_desc();
        } else if (dma_i >= 0 && b.chance(0.6)) {
            unsigned nw = r->st == SQ_FETCH ? 4u : WC_GET(r->d[2], SD2_DST);
            d.dma.word_done = 1;
            d.dma.cli = CLI_SQ;
            d.dma.idx = (unsigned)dma_i;
            d.dma.err = b.chance(0.01);
            d.dma.rdata = d.dma.err ? 0u : r->st == SQ_FETCH ? desc[dma_i] : list[dma_i];
            if ((unsigned)++dma_i == nw) {
                d.dma.op_done = 1;
                dma_i = -1;
            }
        }
        d.sq_push = r->st == SQ_ERR && b.chance(0.5);
        // the receive processor starts a forwarding job now and then
        bool newfj = b.chance(0.1);
        b.hit(e_pushwait, r->st == SQ_ERR && !d.sq_push);

        m.soft_i = soft;
        m.self_i = self;
        m.en_i = g->en;
        m.mode_i = g->mode;
        m.sq_size_i = g->sq_size;
        m.sq_head_i = g->sq_head;
        m.sq_tail_i = g->sq_tail;
        m.job_valid_i = 0;
        for (int j = 0; j < JS; j++) ut_set(m.job_valid_i, j, 1, n->jobs.job[j].valid);
        for (int v = 0; v < N; v++) ut_set(m.ubusy_i, v, 1, n->ubusy[v]);
        for (int k = 0; k < G; k++) ut_set(m.gbusy_i, k, 1, n->gbusy[k]);
        m.push_i = d.sq_push;
        m.dma_start_i = d.dma.start;
        m.dma_wr_i = d.dma.word_done;
        m.dma_idx_i = d.dma.idx;
        m.dma_data_i = d.dma.rdata;
        m.dma_err_i = d.dma.err;
        m.dma_done_i = d.dma.op_done;
        m.newfj_i = newfj;
        m.init_gnt_i = 0;
        m.eval();
        // the register block's read ports at the unit's group and node
        // (an id outside the tables reads as regs does: no group, next 0)
        unsigned gid = m.gid_o, nd = m.node_o;
        const wc_nic_group_ent *e = gid < (unsigned)G ? &n->gt.g[gid] : nullptr;
        m.gvalid_i = e && e->valid;
        m.gparent_i = e ? e->parent : b.below(4096);
        m.gnc_i = e ? e->nchild : b.below(MAXC + 1);
        for (int c = 0; c < MAXC; c++) ut_set(m.gchild_i, c * DW, DW, e ? e->child[c] : b.below(4096));
        m.gnext_i = e ? n->gnext[gid] : 0;
        m.unext_i = nd < (unsigned)N ? n->unext[nd] : 0;
        m.eval();

        nic_sq_decide(n, newfj, &d.sq);
        // the job unit's pipeline takes the INIT step, or another
        // operation goes first
        bool gnt = d.sq.init && b.chance(p_gnt);
        d.jobs.sq_gnt = gnt;
        m.init_gnt_i = gnt;
        m.eval();
        b.eq("gid_o", m.gid_o, WC_GET(r->d[2], SD2_DST), WC_NH0_GROUP_W);
        b.eq("err_st_o", m.err_st_o, r->st == SQ_ERR, 1);
        if (r->st == SQ_ERR)
            for (int k = 0; k < 4; k++) b.eqf("push_w_o", m.push_w_o, 32 * k, 32, d.sq.cd[k], k);
        b.eq("desc_err_o", m.desc_err_o, d.sq_push, 1);
        b.eq("adv_o", m.adv_o, d.sq_push || (gnt && d.sq.fin), 1);
        b.eq("req_o", m.req_o, req, 1);
        b.eq("fetch_o", m.fetch_o, r->st == SQ_FETCH, 1);
        b.eq("list_o", m.list_o, r->d[3], 32);
        b.eq("n_o", m.n_o, WC_GET(r->d[2], SD2_DST), 5);
        b.eq("create_o", m.create_o, d.sq.create, 1);
        b.eq("job_o", m.job_o, r->job, JW);
        if (d.sq.create) {
            const nic_job *nj = &d.sq.nj;
            b.eq("c_tag_o", m.c_tag_o, nj->tag, WC_SD0_TAG_W);
            b.eq("c_msglen_o", m.c_msglen_o, nj->msglen, 16);
            b.eq("c_npk_o", m.c_npk_o, nj->npk, KW);
            b.eq("c_addr_o", m.c_addr_o, nj->addr, 32);
            b.eq("c_src_o", m.c_src_o, nj->src, WC_NH0_SRC_W);
            b.eq("c_type_o", m.c_type_o, nj->type, WC_NH0_TYPE_W);
            b.eq("c_group_o", m.c_group_o, nj->group, WC_NH0_GROUP_W);
            b.eq("c_nc_o", m.c_nc_o, nj->nc, NCW);
            for (int c = 0; c < nj->nc; c++) b.eqf("c_dst_o", m.c_dst_o, c * DW, DW, nj->dst[c], c);
        }
        b.eq("init_o", m.init_o, d.sq.init, 1);
        if (d.sq.init) {
            b.eq("init_grp_o", m.init_grp_o, d.sq.init_grp, 1);
            if (!d.sq.init_grp) b.eq("node_o", m.node_o, d.sq.init_id, DW);
            b.eq("init_c_o", m.init_c_o, d.sq.init_c, CIW);
            b.eq("init_base_o", m.init_base_o, d.sq.base, 16);
            b.eq("init_fin_o", m.init_fin_o, d.sq.fin, 1);
        }
        b.eq("busy_o", m.busy_o, r->st != SQ_IDLE, 1);

        if (r->st == SQ_CHECK || r->st == SQ_LCHK)
            for (int i = 0; i < NSTS; i++)
                b.hit(e_st[i], d.sq.status == STS[i] && (d.sq.status != WC_NIC_ST_OK || r->st == SQ_LCHK ||
                                                         WC_GET(r->d[0], SD0_OP) != WC_OP_MULTISEND));
        if (d.sq.create) {
            unsigned op = WC_GET(r->d[0], SD0_OP);
            b.hit(op == WC_OP_UNICAST ? e_uni : op == WC_OP_MULTISEND ? e_multi
                  : n->gt.g[WC_GET(r->d[2], SD2_DST)].parent == NOPAR ? e_mroot : e_mhost);
        }
        b.hit(e_wait, r->st == SQ_WAIT && !d.sq.create && !newfj);
        b.hit(e_newfj, r->st == SQ_WAIT && newfj);
        b.hit(e_refused, d.sq.init && !gnt);
        b.hit(e_mstep, gnt && d.sq.init_grp && !d.sq.fin);
        bool posted = g->sq_size && g->sq_head != g->sq_tail;
        b.hit(e_nojob, r->st == SQ_IDLE && g->en && posted && d.sq.next < 0);
        b.hit(e_empty, r->st == SQ_IDLE && g->en && !posted);
        b.hit(e_off, r->st == SQ_IDLE && !g->en && posted);

        // what the neighbours do at this edge (read before the commit):
        // the jobs unit takes the new job; the register block moves the
        // streams and the ring
        if (d.sq.create) n->jobs.job[d.sq.job] = d.sq.nj;
        // (a step taken: a unicast stream moves on at its own, a group's
        // with the job's last child, as wc_nic.v gates the register
        // block's init)
        if (gnt && (!d.sq.init_grp || d.sq.fin)) {
            uint16_t *next = d.sq.init_grp ? n->gnext : n->unext;
            uint8_t *busy = d.sq.init_grp ? n->gbusy : n->ubusy;
            next[d.sq.init_id] = (uint16_t)(d.sq.base + d.sq.npk);
            busy[d.sq.init_id] = 1;
        }
        if (gnt && d.sq.fin) n->jobs.job[d.sq.job].valid = 1;
        if (d.sq_push || (gnt && d.sq.fin)) g->sq_head++;
        nic_sq_commit(n, &d);
        if (soft) dma_i = -1;
        // the group the register block reads the children at, a cycle
        // ahead: the descriptor's after the edge
        unsigned ngid = m.ngid_o;
        // and the node it reads the next sequence numbers at: node_o after
        // the edge (node_o itself is checked where a stream is set up)
        unsigned nnode = m.nnode_o;
        // (a soft reset clears the C side's register and job state, which
        // the bench keeps as its own: the host sets it up again)
        b.edge(m, n, soft, e_soft);
        b.eq("ngid_o", ngid, WC_GET(r->d[2], SD2_DST), WC_NH0_GROUP_W);
        b.eq("nnode_o", nnode, m.node_o, DW);
        if (soft) {
            g->en = 1;
            g->sq_size = 4;
            for (int k = 1; k < G; k++) group(k);
        }
    }
};

} // namespace

int main(int argc, char **argv)
{
    NuBench b("sq", argc, argv, 100000);
    nu_check_kw(PAYLOAD, KW);
    wc_nic_cfg c = nu_cfg(PAYLOAD);
    c.nnodes = N;
    c.ngroups = G;
    c.jsend = JS;
    c.jfwd = J - JS;
    unsigned self = b.below(N);
    Bench t(b, c, self);
    return b.run(t);
}
