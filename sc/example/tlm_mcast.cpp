// SPDX-License-Identifier: Apache-2.0
// A virtual platform on TLM-2.0 (docs/systemc.md, "TLM-2.0"): a network of
// routers (wc::network) with, at every node, a NIC behind TLM sockets
// (wc::nic_tlm), a host memory (wc::tlm_memory) and a small CPU: an
// SC_THREAD that runs the project's freestanding host driver
// (sw/lib/wc_nic_drv) with io callbacks that are b_transport calls, timed
// loosely with a quantum keeper.  Every member installs its entry of one
// multicast group (the binomial tree over [root, destinations ascending]),
// the root posts one message, and every destination polls its completion
// ring and checks the message byte for byte.  Then: nothing more arrives,
// and every NIC's error counters are zero.  Node 0 first checks that the
// register target refuses bad accesses with the right TLM responses.
//
// Exit status 0: every check passed; 1: a check failed (a line on stderr
// says which); 2: bad usage.
#include "wc_sc_net.h"
#include "wc_sc_tlm.h"
#include <tlm_utils/tlm_quantumkeeper.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
extern "C" {
#include "wc_defs.h"
#include "wc_engine.h"
#include "wc_kbin.h"
#include "wc_msg.h"
#include "wc_nic_drv.h"
#include "wc_nic_group.h"
#include "wc_topo.h"
}

namespace {

const sc_core::sc_time PERIOD(10, sc_core::SC_NS);
const int RESET_CYCLES = 4;
// Host memory: the node's RAM, rings at the bottom, then the message to
// send and one receive buffer, each as large as the largest message.
const uint32_t SQ_SIZE = 4, RQ_SIZE = 2, CQ_SIZE = 8;
const uint32_t SQ_BASE = 0, CQ_BASE = SQ_BASE + 16 * SQ_SIZE, RQ_BASE = CQ_BASE + 16 * CQ_SIZE;
const uint32_t MSG_BASE = 0x1000, RBUF_BASE = MSG_BASE + WC_NIC_MAX_MSG;
static_assert(RQ_BASE + 8 * RQ_SIZE <= MSG_BASE, "rings below the message");
static_assert(RBUF_BASE + WC_NIC_MAX_MSG <= WC_NODE_RAM_SIZE, "two messages in the node's RAM");
const unsigned GID = 1;
const unsigned TAG = 0x5a;
// cycles a node waits after the multicast completed everywhere before it
// looks again: long enough for anything in flight to land
const int DRAIN_CYCLES = 2000;
// a completion that has not come after this many cycles never will
const long WATCHDOG_CYCLES = 1000000;

std::string resp(tlm::tlm_response_status r)
{
    tlm::tlm_generic_payload g;
    g.set_response_status(r);
    return g.get_response_string();
}

uint8_t pattern(unsigned i, int root) { return (uint8_t)(i * 131u + 17u + (unsigned)root); }

struct shared {
    int root = 0, size = 0, members = 0;
    std::vector<int> parent;                    // -1: not a member; the root's is itself
    std::vector<std::vector<uint16_t>> child;   // send order
    int ready = 0, done = 0, finished = 0;
    sc_core::sc_event ready_ev, done_ev;
    bool failed = false;
    double posted = -1, last = -1;              // cycles
    bool self_test = true;
    void fail(int node, const std::string &msg)
    {
        std::fprintf(stderr, "tlm_mcast: node %d: %s\n", node, msg.c_str());
        failed = true;
        sc_core::sc_stop();
    }
};

class cpu : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> rst_ni;
    tlm_utils::simple_initiator_socket<cpu, 32> nic, mem;

    SC_HAS_PROCESS(cpu);
    cpu(sc_core::sc_module_name nm, int node, shared &sh, const sc_core::sc_time &quantum)
        : sc_core::sc_module(nm), rst_ni("rst_ni"), nic("nic"), mem("mem"), node_(node), sh_(sh)
    {
        tlm_utils::tlm_quantumkeeper::set_global_quantum(quantum);
        qk_.reset();
        SC_THREAD(run);
    }

private:
    int node_;
    shared &sh_;
    tlm_utils::tlm_quantumkeeper qk_;
    wc_nic_drv drv_{};
    bool dead_ = false;

    double now() const { return (sc_core::sc_time_stamp() + qk_.get_local_time()) / PERIOD; }

    // One 32-bit access, timed loosely: the local time goes to the target
    // and comes back with what the access cost.
    tlm::tlm_response_status access(tlm_utils::simple_initiator_socket<cpu, 32> &s, tlm::tlm_command cmd,
                                    uint64_t a, uint32_t *v, unsigned len = 4, const unsigned char *be = nullptr)
    {
        tlm::tlm_generic_payload t;
        unsigned char d[8] = { 0 };
        std::memcpy(d, v, 4);
        t.set_command(cmd);
        t.set_address(a);
        t.set_data_ptr(d);
        t.set_data_length(len);
        t.set_streaming_width(len);
        t.set_byte_enable_ptr(const_cast<unsigned char *>(be));
        t.set_byte_enable_length(be ? 4 : 0);
        t.set_dmi_allowed(false);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = qk_.get_local_time();
        s->b_transport(t, delay);
        qk_.set(delay);
        if (qk_.need_sync())
            qk_.sync();
        if (cmd == tlm::TLM_READ_COMMAND)
            std::memcpy(v, d, 4);
        return t.get_response_status();
    }
    uint32_t word(tlm_utils::simple_initiator_socket<cpu, 32> &s, tlm::tlm_command cmd, uint64_t a, uint32_t v)
    {
        const tlm::tlm_response_status r = access(s, cmd, a, &v);
        if (r != tlm::TLM_OK_RESPONSE && !dead_) {
            char m[160];
            std::snprintf(m, sizeof m, "%s of %s byte 0x%llx answered %s", cmd == tlm::TLM_READ_COMMAND ? "read" : "write",
                          &s == &nic ? "NIC register" : "memory", (unsigned long long)a,
                          resp(r).c_str());
            fail(m);
        }
        return v;
    }
    void fail(const std::string &m)
    {
        dead_ = true;
        sh_.fail(node_, m);
    }

    // the driver's io, in the node's own address spaces
    static void reg_write(void *c, unsigned reg, uint32_t v)
    {
        cpu *p = (cpu *)c;
        p->word(p->nic, tlm::TLM_WRITE_COMMAND, 4u * reg, v);
    }
    static uint32_t reg_read(void *c, unsigned reg)
    {
        cpu *p = (cpu *)c;
        return p->word(p->nic, tlm::TLM_READ_COMMAND, 4u * reg, 0);
    }
    static uint32_t mem_read(void *c, uint32_t a)
    {
        cpu *p = (cpu *)c;
        return p->word(p->mem, tlm::TLM_READ_COMMAND, a, 0);
    }
    static void mem_write(void *c, uint32_t a, uint32_t v)
    {
        cpu *p = (cpu *)c;
        p->word(p->mem, tlm::TLM_WRITE_COMMAND, a, v);
    }

    // the register target's refusals: each a TLM error, never a crash
    void self_test()
    {
        const unsigned char part[4] = { TLM_BYTE_ENABLED, TLM_BYTE_DISABLED, TLM_BYTE_ENABLED, TLM_BYTE_ENABLED };
        struct {
            const char *what;
            uint64_t a;
            unsigned len;
            const unsigned char *be;
            tlm::tlm_response_status want;
        } c[] = {
            { "a read past the register window", 4u * WC_NICR_WORDS, 4, nullptr, tlm::TLM_ADDRESS_ERROR_RESPONSE },
            { "a misaligned read", 4u * WC_NICR_ID + 2, 4, nullptr, tlm::TLM_ADDRESS_ERROR_RESPONSE },
            { "an 8-byte read", 4u * WC_NICR_ID, 8, nullptr, tlm::TLM_BURST_ERROR_RESPONSE },
            { "a 2-byte read", 4u * WC_NICR_ID, 2, nullptr, tlm::TLM_BURST_ERROR_RESPONSE },
            { "a write with byte 1 disabled", 4u * WC_NICR_TIMEOUT, 4, part, tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE },
        };
        for (const auto &x : c) {
            uint32_t v = 0;
            const tlm::tlm_response_status r =
                access(nic, x.be ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND, x.a, &v, x.len, x.be);
            if (r != x.want)
                return fail(std::string(x.what) + " answered " + resp(r) + ", not " + resp(x.want));
            std::printf("node %d: %s: %s\n", node_, x.what, resp(r).c_str());
        }
    }

    void run()
    {
        while (!rst_ni.read())
            wait(rst_ni.posedge_event());
        const bool member = sh_.parent[(size_t)node_] >= 0, root = node_ == sh_.root;
        if (node_ == 0 && sh_.self_test)
            self_test();
        if (dead_)
            return;
        const uint32_t id = reg_read(this, WC_NICR_ID);
        // the node id is in the low bits, wide enough for MAX_NODES ids
        if (id % WC_MAX_NODES != (uint32_t)node_)
            return fail("NICR_ID reads node " + std::to_string(id % WC_MAX_NODES));
        const wc_nic_drv_io io = { this, reg_write, reg_read, mem_read, mem_write };
        wc_nic_drv_cfg dc{};
        dc.sq_base = SQ_BASE;
        dc.sq_size = SQ_SIZE;
        dc.rq_base = RQ_BASE;
        dc.rq_size = RQ_SIZE;
        dc.cq_base = CQ_BASE;
        dc.cq_size = CQ_SIZE;
        dc.cq_batch = 1;
        if (wc_nic_drv_init(&drv_, &dc, &io))
            return fail("the driver refused its configuration");
        if (member) {
            const std::vector<uint16_t> &ch = sh_.child[(size_t)node_];
            const unsigned par = root ? (unsigned)WC_NIC_NO_PARENT : (unsigned)sh_.parent[(size_t)node_];
            const int st = wc_nic_drv_group(&drv_, GID, par, ch.data(), (unsigned)ch.size());
            if (st != WC_NIC_ST_OK)
                return fail("group " + std::to_string(GID) + " refused: NICR_GT_RESULT " + std::to_string(st));
        }
        wc_nic_drv_enable(&drv_, WC_NIC_MODE_FPFS);
        if (member && !root && wc_nic_drv_post_recv(&drv_, RBUF_BASE, WC_NIC_MAX_MSG))
            return fail("the driver refused the receive buffer");
        if (dead_)
            return;
        // every NIC set up before the root sends
        barrier(sh_.ready, sh_.ready_ev);
        if (root) {
            for (unsigned i = 0; i < (unsigned)sh_.size; i += 4) {
                uint32_t w = 0;
                for (unsigned b = 0; b < 4; b++)
                    w |= (uint32_t)pattern(i + b, sh_.root) << (8 * b);
                mem_write(this, MSG_BASE + i, w);
            }
            wc_nic_sdesc sd{};
            sd.op = WC_OP_MULTICAST;
            sd.tag = TAG;
            sd.len = (unsigned)sh_.size;
            sd.dst = GID;
            sd.addr = MSG_BASE;
            sh_.posted = now();
            if (wc_nic_drv_post_send(&drv_, &sd))
                return fail("the driver refused the send descriptor");
        }
        if (member && !complete(root ? WC_CK_SEND : WC_CK_RECV))
            return;
        barrier(sh_.done, sh_.done_ev);
        wait(DRAIN_CYCLES * PERIOD);
        check_quiet();
        // the clock runs forever: the last node ends the simulation
        if (!dead_ && ++sh_.finished == (int)sh_.parent.size())
            sc_core::sc_stop();
    }

    // every node here before any goes on, in global time
    void barrier(int &count, sc_core::sc_event &ev)
    {
        qk_.sync();
        if (++count == (int)sh_.parent.size())
            ev.notify(sc_core::SC_ZERO_TIME);
        else
            wait(ev);
    }

    // the one completion this node expects, checked
    bool complete(unsigned kind)
    {
        wc_nic_cqe e;
        long polls = 0;
        // the time is that of the poll that sees the entry written, before
        // the driver consumes it (a register write)
        while (!wc_nic_drv_cq_ready(&drv_, 0)) {
            if (dead_)
                return false;
            if (++polls > WATCHDOG_CYCLES) {
                fail("no completion after " + std::to_string(WATCHDOG_CYCLES) + " cycles");
                return false;
            }
            qk_.inc(PERIOD);    // one poll a cycle
            if (qk_.need_sync())
                qk_.sync();
        }
        const double at = now();
        char m[200];
        if (!wc_nic_drv_poll(&drv_, &e)) {
            fail("a completion seen written could not be consumed");
            return false;
        }
        if (e.kind != kind || e.status != WC_NIC_ST_OK || e.len != (unsigned)sh_.size) {
            std::snprintf(m, sizeof m, "completion kind %u status %u length %u, expected kind %u status OK length %d",
                          e.kind, e.status, e.len, kind, sh_.size);
            fail(m);
            return false;
        }
        if (kind == WC_CK_SEND) {
            if (e.tag != TAG || e.addr != MSG_BASE) {
                fail("send completion for another descriptor (tag " + std::to_string(e.tag) + ")");
                return false;
            }
            std::printf("node %d: multicast of %d bytes to group %u posted at cycle %.0f, send complete at cycle %.0f\n",
                        node_, sh_.size, GID, sh_.posted, at);
            return true;
        }
        if (e.src != (unsigned)sh_.root || e.group != GID || e.addr != RBUF_BASE) {
            std::snprintf(m, sizeof m, "message from node %u group %u into 0x%x, expected node %d group %u into 0x%x",
                          e.src, e.group, (unsigned)e.addr, sh_.root, GID, (unsigned)RBUF_BASE);
            fail(m);
            return false;
        }
        for (unsigned i = 0; i < e.len; i += 4) {
            const uint32_t w = mem_read(this, RBUF_BASE + i);
            for (unsigned b = 0; b < 4 && i + b < e.len; b++)
                if ((uint8_t)(w >> (8 * b)) != pattern(i + b, sh_.root)) {
                    std::snprintf(m, sizeof m, "byte %u of the message is 0x%02x, sent 0x%02x", i + b,
                                  (unsigned)(uint8_t)(w >> (8 * b)), (unsigned)pattern(i + b, sh_.root));
                    fail(m);
                    return false;
                }
        }
        if (at > sh_.last)
            sh_.last = at;
        std::printf("node %d: %u bytes from node %u intact at cycle %.0f\n", node_, e.len, e.src, at);
        return true;
    }

    // nothing more arrives, and the NIC counted no error, drop or resend
    void check_quiet()
    {
        if (dead_)
            return;
        if (wc_nic_drv_cq_ready(&drv_, 0))
            return fail("a second completion arrived");
        static const unsigned zero[] = { WC_NICR_ERR_CRC, WC_NICR_ERR_GROUP, WC_NICR_ERR_LEN, WC_NICR_ERR_TYPE,
                                         WC_NICR_ERR_DST, WC_NICR_ERR_NOBUF, WC_NICR_DUPS, WC_NICR_RETX,
                                         WC_NICR_TIMEOUTS, WC_NICR_ERR_DESC };
        for (unsigned r : zero) {
            const uint32_t v = reg_read(this, r);
            if (v)
                return fail("register " + std::to_string(r) + " (an error or resend counter) reads " + std::to_string(v));
        }
    }
};

// Between a NIC's DMA and its memory: passes every access on, except
// that writes into the receive buffer answer TLM_ADDRESS_ERROR_RESPONSE
// when broken (--dma-error), to show that the NIC takes an error response
// as a bus error and that the checks catch it.
class dma_link : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<dma_link, 32> in;
    tlm_utils::simple_initiator_socket<dma_link, 32> out;
    bool broken = false;
    dma_link(sc_core::sc_module_name nm) : sc_core::sc_module(nm), in("in"), out("out")
    {
        in.register_b_transport(this, &dma_link::b_transport);
    }

private:
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
    {
        if (broken && t.is_write() && t.get_address() >= RBUF_BASE && t.get_address() < RBUF_BASE + WC_NIC_MAX_MSG) {
            t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
            return;
        }
        out->b_transport(t, delay);
    }
};

int usage(const char *m)
{
    std::fprintf(stderr, "tlm_mcast: %s\n", m);
    return 2;
}

} // namespace

int sc_main(int argc, char *argv[])
{
    const char *topo = "cube:3", *rtl_list = "none", *dests = "all";
    int root = 0, size = 1024, mem_wait = 0, dma_error = -1;
    long quantum = 1;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if (i + 1 >= argc)
            return usage(("option " + a + " needs a value (--topo T --root R --dests all|LIST --size BYTES "
                          "--quantum CYCLES --mem-wait CYCLES --rtl-nodes LIST --dma-error NODE)").c_str());
        const char *v = argv[++i];
        char *end = nullptr;
        if (a == "--topo")
            topo = v;
        else if (a == "--rtl-nodes")
            rtl_list = v;
        else if (a == "--dests")
            dests = v;
        else if (a == "--root" || a == "--size" || a == "--quantum" || a == "--mem-wait" || a == "--dma-error") {
            const long x = std::strtol(v, &end, 10);
            if (!*v || *end)
                return usage((a + ": not a number: " + v).c_str());
            if (a == "--root")
                root = (int)x;
            else if (a == "--dma-error")
                dma_error = (int)x;
            else if (a == "--size") {
                if (x < 1 || x > WC_NIC_MAX_MSG)
                    return usage(("--size " + std::string(v) + ": 1.." + std::to_string(WC_NIC_MAX_MSG) + " bytes").c_str());
                size = (int)x;
            } else if (a == "--quantum") {
                if (x < 1 || x > 1000000)
                    return usage(("--quantum " + std::string(v) + ": 1..1000000 cycles").c_str());
                quantum = x;
            } else {
                if (x < 0 || x > 1000)
                    return usage(("--mem-wait " + std::string(v) + ": 0..1000 cycles").c_str());
                mem_wait = (int)x;
            }
        } else
            return usage(("unknown option " + a).c_str());
    }
    char err[512];
    wc_topo *t = wc_topo_create(topo, err, sizeof err);
    if (!t)
        return usage(err);
    const int N = t->nnodes;
    if (root < 0 || root >= N)
        return usage(("--root " + std::to_string(root) + " is not a node of " + t->name).c_str());
    if (dma_error >= N)
        return usage(("--dma-error " + std::to_string(dma_error) + " is not a node of " + t->name).c_str());
    std::vector<unsigned char> rtl((size_t)N), dmask((size_t)N);
    if (wc_engine_parse_nodes(rtl_list, N, rtl.data(), err, sizeof err) ||
        wc_engine_parse_nodes(dests, N, dmask.data(), err, sizeof err))
        return usage(err);
    dmask[(size_t)root] = 0;

    // the NICs wormcast msg would give this topology, so that an RTL NIC
    // and the comparison with `wormcast msg --once multicast` fit
    wc_msg_opts mo;
    wc_msg_defaults(&mo);
    mo.mem_wait = mem_wait;
    wc_nic_cfg nc;
    if (wc_msg_nic_cfg(t, &mo, &nc, err, sizeof err))
        return usage(err);

    shared sh;
    sh.root = root;
    sh.size = size;
    sh.parent.assign((size_t)N, -1);
    sh.child.resize((size_t)N);
    std::vector<int> chain{ root };
    for (int n = 0; n < N; n++)
        if (dmask[(size_t)n])
            chain.push_back(n);
    if (chain.size() < 2)
        return usage("--dests: no destination other than the root");
    std::vector<wc_edge> edges(chain.size());
    wc_tree tr{ root, 0, (int)chain.size(), edges.data() };
    if (wc_kbin_tree(chain.data(), (int)chain.size(), wc_kbin_log2ceil((int)chain.size()), &tr) < 0)
        return usage("no binomial tree over the group");
    sh.parent[(size_t)root] = root;
    for (int e = 0; e < tr.nedges; e++) {
        sh.parent[(size_t)edges[(size_t)e].to] = edges[(size_t)e].from;
        sh.child[(size_t)edges[(size_t)e].from].push_back((uint16_t)edges[(size_t)e].to);
    }
    {
        std::vector<int> par(sh.parent);
        par[(size_t)root] = -1;
        int bad = -1;
        if (wc_nic_tree_check(par.data(), (unsigned)N, (unsigned)root, &bad))
            return usage(("the tree breaks the NIC's id rule at node " + std::to_string(bad)).c_str());
    }
    for (int n = 0; n < N; n++)
        if (sh.child[(size_t)n].size() > (size_t)nc.maxchild)
            return usage("more children at one node than the NIC takes");

    sc_core::sc_clock clk("clk", PERIOD);
    sc_core::sc_signal<bool> rst_n("rst_n", false);
    std::vector<bool> rtl_r((size_t)t->nrouters, false);
    for (int n = 0; n < N; n++)
        if (rtl[(size_t)n])
            rtl_r[(size_t)t->node_router[n]] = true;
    std::unique_ptr<wc::network> net;
    std::vector<std::unique_ptr<wc::nic_tlm>> nics;
    std::vector<std::unique_ptr<wc::tlm_memory>> mems;
    std::vector<std::unique_ptr<cpu>> cpus;
    std::vector<std::unique_ptr<dma_link>> links;
    sc_core::sc_vector<sc_core::sc_signal<uint32_t>> node_id("node_id", (size_t)N);
    sc_core::sc_vector<sc_core::sc_signal<bool>> irq("irq", (size_t)N);
    try {
        net.reset(new wc::network("net", t, mo.width, mo.buffer, rtl_r, 0));
        net->clk_i(clk);
        net->rst_ni(rst_n);
        for (int n = 0; n < N; n++) {
            const size_t k = (size_t)n, i = (size_t)(t->node_router[n] * t->nports + t->node_port[n]);
            wc::nic_tlm *x = new wc::nic_tlm(("nic" + std::to_string(n)).c_str(), nc, rtl[k] != 0);
            nics.emplace_back(x);
            node_id[k].write((uint32_t)n);
            x->clk_i(clk);
            x->rst_ni(rst_n);
            x->node_id_i(node_id[k]);
            net->bind_link(*x, i);
            x->irq_o(irq[k]);
            // the CPU's own accesses cost it nothing but its quantum's
            // time, as the hosts of wormcast msg; the DMA's wait
            wc::tlm_memory *m = new wc::tlm_memory(("mem" + std::to_string(n)).c_str(), WC_NODE_RAM_SIZE,
                                                   { sc_core::SC_ZERO_TIME, mem_wait * PERIOD });
            mems.emplace_back(m);
            cpu *c = new cpu(("cpu" + std::to_string(n)).c_str(), n, sh, quantum * PERIOD);
            cpus.emplace_back(c);
            c->rst_ni(rst_n);
            c->nic.bind(x->regs);
            c->mem.bind(m->port[0]);
            dma_link *l = new dma_link(("link" + std::to_string(n)).c_str());
            links.emplace_back(l);
            l->broken = n == dma_error;
            x->dma.bind(l->in);
            l->out.bind(m->port[1]);
        }
    } catch (const std::exception &x) {
        std::fprintf(stderr, "tlm_mcast: %s\n", x.what());
        return 2;
    }
    std::printf("tlm_mcast: %s, %d nodes; NICs behind TLM sockets (%s), quantum %ld cycles, memory wait %d; "
                "multicast of %d bytes from node %d to %d destinations over the binomial tree\n",
                t->name, N, std::string(rtl_list) == "none" ? "all C" : (std::string("RTL nodes ") + rtl_list).c_str(),
                quantum, mem_wait, size, root, (int)chain.size() - 1);
    for (int n = 0; n < N; n++)
        if (rtl[(size_t)n])
            std::printf("node %d: NIC %s, router %s\n", n, nics[(size_t)n]->impl(), net->at(t->node_router[n]).impl());
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    sc_core::sc_start(RESET_CYCLES * PERIOD - PERIOD / 2);
    rst_n.write(true);
    // a bound on the run in case a node waits for ever
    sc_core::sc_start((double)(2 * WATCHDOG_CYCLES) * PERIOD);
    const bool all = sh.finished == N && !sh.failed;
    if (all) {
        std::printf("multicast: posted at cycle %.0f, last destination's completion at cycle %.0f: latency %.0f cycles\n",
                    sh.posted, sh.last, sh.last - sh.posted);
        std::printf("PASS: %d destinations received the message once and intact; no NIC counted an error, "
                    "a drop or a resend\n", (int)chain.size() - 1);
    } else {
        if (!sh.failed)
            std::fprintf(stderr, "tlm_mcast: the simulation ended with %d of %d nodes done\n", sh.finished, N);
        std::printf("FAIL\n");
    }
    wc_topo_free(t);
    return all ? 0 : 1;
}
