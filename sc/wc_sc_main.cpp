// SPDX-License-Identifier: Apache-2.0
// wc_sc: a Wormcast network as SystemC modules, built from a topology name,
// with Bernoulli uniform unicast traffic, a scoreboard, and optionally the
// plain C network model (cmodel/wc_net.c) run beside it on the same
// traffic and compared every cycle at every router port (docs/systemc.md).
#include "wc_sc_args.h"
#include "wc_sc_net.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <stdexcept>
#include <unordered_map>
extern "C" {
#include "wc_defs.h"
#include "wc_net.h"
#include "wc_rng.h"
#include "wc_route.h"
#include "wc_sim.h"
}

namespace {

const char *const USAGE =
    "usage: wc_sc --topo T [--routing NAME] [--rtl-nodes LIST] [--rate R] [--packet F] [--buffer B] [--width W]\n"
    "             [--cycles N] [--drain N] [--seed S] [--lockstep] [--mutate M] [--vcd PATH]\n"
    "  --topo T        cube:N or mesh:XxY (cube:N:all, cube:N:low too)\n"
    "  --routing NAME  routing function of a mesh: xy (default) or west-first, as wormcast sim\n"
    "  --rtl-nodes L   routers that are the Verilated RTL: none (default), all, or ids and ranges: 0,5,8-11\n"
    "  --rate R        offered load, flits per node per cycle (Bernoulli packet arrivals), default as wormcast sim\n"
    "  --packet F      flits per packet, >= 2 (default as wormcast sim)\n"
    "  --cycles N      cycles of traffic (default 100000), then up to --drain cycles (default 20000) to deliver the rest\n"
    "  --lockstep      run the plain C model (wc_net) on the same traffic, compare every port every cycle\n"
    "  --mutate M      break the C model of --lockstep with router mutation M (1..4; 6: west-first's choice\n"
    "                  inverted, with --routing west-first): the comparison must fail\n"
    "  --vcd PATH      sc_trace every router port to PATH.vcd, with a GTKWave layout PATH.gtkw\n"
    "exit status: 0 pass, 1 the run failed its checks (mismatch, loss, corruption), 2 bad usage\n";

[[noreturn]] void usage_error(const std::string &msg) { wc::usage_exit("wc_sc", msg); }

long parse_long(const char *opt, const char *s, long lo, long hi) { return wc::parse_long("wc_sc", opt, s, lo, hi); }

double parse_double(const char *opt, const char *s, double lo, double hi)
{
    char *end;
    double v = std::strtod(s, &end);
    if (!*s || *end || !(v >= lo && v <= hi))
        usage_error(std::string(opt) + ": '" + s + "' is not a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return v;
}

std::vector<bool> parse_nodes(const char *s, int R)
{
    std::vector<bool> v((size_t)R, false);
    if (!std::strcmp(s, "none"))
        return v;
    if (!std::strcmp(s, "all"))
        return std::vector<bool>((size_t)R, true);
    std::string str(s);
    size_t pos = 0;
    while (pos <= str.size()) {
        size_t comma = str.find(',', pos);
        std::string item = str.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        size_t dash = item.find('-');
        long a = parse_long("--rtl-nodes", item.substr(0, dash).c_str(), 0, R - 1);
        long b = dash == std::string::npos ? a : parse_long("--rtl-nodes", item.substr(dash + 1).c_str(), 0, R - 1);
        if (b < a)
            usage_error("--rtl-nodes: empty range '" + item + "'");
        for (long r = a; r <= b; r++)
            v[(size_t)r] = true;
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    return v;
}

// The terminal side of a network, one implementation per kind of network.
struct port_io {
    virtual void get(int idx, int &valid, uint64_t &flit, int &credit) = 0;
    virtual void set(int idx, int valid, uint64_t flit, int credit) = 0;
    virtual ~port_io() = default;
};

struct sc_io : port_io {
    wc::network &n;
    explicit sc_io(wc::network &net) : n(net) {}
    void get(int i, int &v, uint64_t &f, int &c) override
    {
        v = n.out_valid[(size_t)i].read();
        f = n.out_flit[(size_t)i].read();
        c = n.in_credit[(size_t)i].read();
    }
    void set(int i, int v, uint64_t f, int c) override
    {
        n.ext_valid[(size_t)i].write(v);
        if (v)
            n.ext_flit[(size_t)i].write(f);
        n.ext_credit[(size_t)i].write(c);
    }
};

struct net_io : port_io {
    wc_net *n;
    int P;
    net_io(wc_net *net, int nports) : n(net), P(nports) {}
    void get(int i, int &v, uint64_t &f, int &c) override { wc_net_port(n, i / P, i % P, &v, &f, &c); }
    void set(int i, int v, uint64_t f, int c) override
    {
        if (v || c)
            wc_net_set_ext(n, i, v, f, c);
    }
};

// Bernoulli uniform unicast traffic and its scoreboard, for one network.
// Packets are made as wormcast sim makes them (wc_sim.c): head with the
// destination and the source in HEAD_USER, the packet number in the
// second flit, then payload; a geometric gap between a node's packets
// from one generator seeded with --seed.  Two instances with the same
// options make the same traffic for networks that behave the same.
class traffic {
public:
    long injected = 0, delivered = 0, flits_delivered = 0, errors = 0;
    // packets that arrived before an earlier one of their pair: legal only
    // under an adaptive routing function, whose two outputs let a later
    // worm pass an earlier one; every packet is still checked once, whole
    long overtook = 0;
    std::string first_error;

    traffic(const wc_topo *t, const wc_sim_opts &o, int B) : t_(t), o_(o), P_(t->nports)
    {
        const wc_routing *rf = wc_routing_by_id(t->routing);
        any_order_ = rf && rf->adaptive;
        wc_rng_seed(&rng_, o.seed);
        next_create_.assign((size_t)t->nnodes, 0);
        for (int i = 0; i < t->nrouters * P_; i++)
            if (t->peer[i].router == WC_PEER_NODE) {
                tport tp;
                tp.idx = i;
                tp.node = t->peer[i].port;
                tp.credits = B;
                tport_of_[i] = (int)tp_.size();
                tp_.push_back(tp);
            }
    }

    long outstanding() const { return injected - delivered; }

    // One clock edge: take the outputs of the cycle that ends, make this
    // cycle's packets, drive the inputs of the next one.
    void edge(long now, bool creating, port_io &io)
    {
        for (tport &p : tp_) {
            int v, c;
            uint64_t f;
            io.get(p.idx, v, f, c);
            p.credits += c;
            if (v) {
                receive(p, f);
                p.rx_credit = 1;
            }
        }
        if (creating)
            create(now);
        for (tport &p : tp_) {
            uint64_t f = 0;
            int v = 0;
            if (p.credits > 0 && (p.cur_k >= 0 || !p.q.empty())) {
                if (p.cur_k < 0) {
                    p.cur = p.q.front();
                    p.q.pop_front();
                    p.cur_k = 0;
                }
                f = make_flit(p.cur, p.cur_k);
                v = 1;
                p.credits--;
                if (p.cur_k == 0) {
                    injected++;
                    expect_[key(p.cur.src, p.cur.dst)].push_back(p.cur.id);
                }
                if (++p.cur_k == o_.packet)
                    p.cur_k = -1;
            }
            if (v || p.rx_credit || p.drove)
                io.set(p.idx, v, f, p.rx_credit);
            p.drove = v || p.rx_credit;
            p.rx_credit = 0;
        }
    }

private:
    struct pkt { uint32_t id; int src, dst; };
    struct tport {
        int idx = 0, node = 0, credits = 0, rx_credit = 0, drove = 0;
        std::deque<pkt> q;
        pkt cur{};
        int cur_k = -1;
        // receive side: the packet arriving
        int rk = -1, rsrc = 0;
        uint32_t rid = 0;
    };

    static uint64_t key(int src, int dst) { return (uint64_t)(uint32_t)src << 32 | (uint32_t)dst; }

    uint32_t payload(uint32_t id, int k) const
    {
        wc_rng r;
        wc_rng_seed(&r, (uint64_t)id << 20 | (uint64_t)k);
        return (uint32_t)wc_rng_next(&r);
    }

    uint64_t make_flit(const pkt &p, int k) const
    {
        const int len = o_.packet;
        const uint64_t type = k == 0 ? WC_FT_HEAD : k == len - 1 ? WC_FT_TAIL : WC_FT_BODY;
        uint64_t data;
        if (k == 0) {
            uint32_t h = 0;
            h = WC_SET(h, HEAD_DST, (uint32_t)p.dst);
            h = WC_SET(h, HEAD_KIND, WC_KIND_UNICAST);
            h = WC_SET(h, HEAD_USER, (uint32_t)p.src);
            data = h;
        } else if (k == 1) {
            data = p.id;
        } else {
            data = payload(p.id, k);
        }
        return data | type << o_.width;
    }

    void fail(const tport &p, const std::string &what)
    {
        if (!errors++)
            first_error = "node " + std::to_string(p.node) + ": " + what;
    }

    void receive(tport &p, uint64_t f)
    {
        const uint64_t type = f >> o_.width, data = f & ((1ull << o_.width) - 1);
        flits_delivered++;
        if (type == WC_FT_HEAD) {
            if (p.rk >= 0)
                fail(p, "a head inside a packet");
            if (WC_GET(data, HEAD_DST) != (uint32_t)p.node)
                fail(p, "a packet for node " + std::to_string(WC_GET(data, HEAD_DST)));
            p.rsrc = (int)WC_GET(data, HEAD_USER);
            p.rk = 1;
            return;
        }
        if (p.rk < 0) {
            fail(p, "a body or tail flit with no head");
            return;
        }
        if (p.rk == 1)
            p.rid = (uint32_t)data;
        else if (data != payload(p.rid, p.rk))
            fail(p, "packet " + std::to_string(p.rid) + " flit " + std::to_string(p.rk) + " damaged");
        p.rk++;
        if (type == WC_FT_TAIL) {
            if (p.rk != o_.packet)
                fail(p, "packet " + std::to_string(p.rid) + " of " + std::to_string(p.rk) + " flits");
            auto it = expect_.find(key(p.rsrc, p.node));
            if (it == expect_.end() || it->second.empty())
                fail(p, "packet " + std::to_string(p.rid) + " from " + std::to_string(p.rsrc) + " never sent");
            else if (it->second.front() == p.rid) {
                it->second.pop_front();
                delivered++;
            } else {
                auto later = any_order_ ? std::find(it->second.begin(), it->second.end(), p.rid) : it->second.end();
                if (later == it->second.end())
                    fail(p, "packet " + std::to_string(p.rid) + " from " + std::to_string(p.rsrc) +
                                (any_order_ ? " never sent or delivered twice" : " out of order (expected " +
                                                                                      std::to_string(it->second.front()) + ")"));
                else {
                    it->second.erase(later);
                    delivered++;
                    overtook++;
                }
            }
            p.rk = -1;
        }
    }

    // geometric gap of a Bernoulli process with probability q per cycle
    long next_gap(double q)
    {
        if (q >= 1.0)
            return 1;
        double u = ((double)(wc_rng_next(&rng_) >> 11) + 1.0) * (1.0 / 9007199254740992.0);
        return 1 + (long)std::floor(std::log(u) / std::log1p(-q));
    }

    void create(long now)
    {
        const double q = o_.rate / o_.packet;
        const int N = t_->nnodes;
        for (int n = 0; n < N; n++) {
            if (next_create_[(size_t)n] > now)
                continue;
            next_create_[(size_t)n] = now + next_gap(q);
            int d = (int)wc_rng_below(&rng_, (uint32_t)N - 1u);
            if (d >= n)
                d++;
            int port = t_->nlocal > 1 ? wc_topo_inject_port(t_, n, d) : t_->node_port[n];
            if (port < 0)
                port = t_->node_port[n];
            tport &tp = tp_[(size_t)tport_of_[t_->node_router[n] * P_ + port]];
            tp.q.push_back(pkt{next_id_++, n, d});
        }
    }

    const wc_topo *t_;
    const wc_sim_opts &o_;
    bool any_order_ = false;
    const int P_;
    wc_rng rng_;
    uint32_t next_id_ = 0;
    std::vector<long> next_create_;
    std::vector<tport> tp_;
    std::unordered_map<int, int> tport_of_;
    std::unordered_map<uint64_t, std::deque<uint32_t>> expect_;
};

// Reset is held for RESET_EDGES rising edges; the last of them starts
// cycle 0, the first cycle the terminals drive.
const int RESET_EDGES = 4;

class bench : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk_i;
    sc_core::sc_signal<bool> rst_n;
    long cycle = -1;            // the cycle the signals now show
    bool creating = true, mismatch = false;
    std::string mismatch_msg;

    SC_HAS_PROCESS(bench);
    bench(sc_core::sc_module_name nm, const wc_topo *t, const wc_sim_opts &o, wc::network &net, wc_net *ref,
          const char *ref_name)
        : sc_core::sc_module(nm), clk_i("clk_i"), rst_n("rst_n"), t_(t), net_(net), ref_(ref), ref_name_(ref_name),
          io_(net), tr_(t, o, o.buffer)
    {
        if (ref) {
            ref_io_.reset(new net_io(ref, t->nports));
            ref_tr_.reset(new traffic(t, o, o.buffer));
        }
        SC_METHOD(pos);
        sensitive << clk_i.pos();
        dont_initialize();
        if (ref) {
            SC_METHOD(neg);
            sensitive << clk_i.neg();
            dont_initialize();
        }
    }
    traffic &tr() { return tr_; }

private:
    void pos()
    {
        edges_++;
        if (edges_ < RESET_EDGES - 1) {
            rst_n.write(false);
            return;
        }
        rst_n.write(true);     // sampled high from the next edge on
        cycle = edges_ - (RESET_EDGES - 1);
        tr_.edge(cycle, creating, io_);
        if (ref_) {
            ref_tr_->edge(cycle, creating, *ref_io_);
            wc_net_step(ref_);
        }
    }

    static std::string hex(uint64_t v)
    {
        char b[32];
        std::snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
        return b;
    }

    void report(int r, int p, const char *sig, uint64_t e, uint64_t a)
    {
        mismatch = true;
        mismatch_msg = "cycle " + std::to_string(cycle) + " router " + std::to_string(r) +
                       (p >= 0 ? " port " + std::to_string(p) + " " : " ") + sig + ": expected (" + ref_name_ + ") " +
                       hex(e) + ", actual (SystemC, " + net_.at(r).impl() + " router) " + hex(a);
        sc_core::sc_stop();
    }

    // Every router port, every cycle: a data signal counts while its
    // valid is up, as its receiver sees it (sw/host/wc_lockstep.c).
    void neg()
    {
        if (cycle < 0 || mismatch)
            return;
        const int P = t_->nports;
        for (int r = 0; r < t_->nrouters; r++) {
            for (int p = 0; p < P; p++) {
                const size_t i = (size_t)(r * P + p);
                int v, c, av;
                uint64_t f, af;
                wc_net_port(ref_, r, p, &v, &f, &c);
                const int sv = net_.out_valid[i].read(), sc = net_.in_credit[i].read(), sav = net_.abs_valid[i].read();
                if (sv != v)
                    return report(r, p, "out_valid", (uint64_t)v, (uint64_t)sv);
                if (v && net_.out_flit[i].read() != f)
                    return report(r, p, "out_flit", f, net_.out_flit[i].read());
                if (sc != c)
                    return report(r, p, "in_credit", (uint64_t)c, (uint64_t)sc);
                af = wc_net_abs(ref_, r, p, &av);
                if (sav != av)
                    return report(r, p, "abs_valid", (uint64_t)av, (uint64_t)sav);
                if (av && net_.abs_flit[i].read() != af)
                    return report(r, p, "abs_flit", af, net_.abs_flit[i].read());
            }
            if (net_.drops[(size_t)r].read() != wc_net_drops(ref_, r))
                return report(r, -1, "drop_count", wc_net_drops(ref_, r), net_.drops[(size_t)r].read());
        }
        compared_++;
    }

    const wc_topo *t_;
    wc::network &net_;
    wc_net *ref_;
    std::string ref_name_;
    sc_io io_;
    traffic tr_;
    std::unique_ptr<net_io> ref_io_;
    std::unique_ptr<traffic> ref_tr_;
    long edges_ = -1;

public:
    long compared_ = 0;
};

} // namespace

int sc_main(int argc, char *argv[])
{
    wc_sim_opts o;
    wc_sim_defaults(&o);
    const char *topo = nullptr, *routing = nullptr, *rtl_nodes = "none", *vcd = nullptr;
    long cycles = 100000, drain = 20000;
    int lockstep = 0, mutate = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        auto val = [&]() -> const char * {
            if (i + 1 >= argc)
                usage_error(std::string(a) + " needs a value");
            return argv[++i];
        };
        if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            std::fputs(USAGE, stdout);
            return 0;
        } else if (!std::strcmp(a, "--topo"))
            topo = val();
        else if (!std::strcmp(a, "--routing"))
            routing = val();
        else if (!std::strcmp(a, "--rtl-nodes"))
            rtl_nodes = val();
        else if (!std::strcmp(a, "--rate"))
            o.rate = parse_double(a, val(), 0.0, 1.0);
        else if (!std::strcmp(a, "--packet"))
            o.packet = (int)parse_long(a, val(), 2, 1 << 20);
        else if (!std::strcmp(a, "--buffer"))
            o.buffer = (int)parse_long(a, val(), 1, 4096);
        else if (!std::strcmp(a, "--width"))
            o.width = (int)parse_long(a, val(), 32, 62);
        else if (!std::strcmp(a, "--cycles"))
            cycles = parse_long(a, val(), 1, 1L << 40);
        else if (!std::strcmp(a, "--drain"))
            drain = parse_long(a, val(), 0, 1L << 40);
        else if (!std::strcmp(a, "--seed"))
            o.seed = (uint64_t)parse_long(a, val(), 0, 0x7fffffffffffffffL);
        else if (!std::strcmp(a, "--lockstep"))
            lockstep = 1;
        else if (!std::strcmp(a, "--mutate"))
            mutate = (int)parse_long(a, val(), 1, WC_ROUTER_MUTATIONS);
        else if (!std::strcmp(a, "--vcd"))
            vcd = val();
        else
            usage_error(std::string("unknown option '") + a + "' (--help lists them)");
    }
    if (!topo)
        usage_error("--topo is required (--help lists the options)");
    if (mutate && !lockstep)
        usage_error("--mutate breaks the C model of --lockstep; without --lockstep nothing would be compared");
    char err[512];
    wc_topo *t = wc_topo_create(topo, err, sizeof err);
    if (!t)
        usage_error(err);
    if (routing && wc_topo_set_routing(t, routing, err, sizeof err) != 0)
        usage_error(err);
    // mutation 5 breaks the two-stage hop, which these routers do not
    // have; 6 the adaptive choice, which only west-first makes: either
    // would change nothing, and a run that cannot fail proves nothing
    if (mutate == 5)
        usage_error("--mutate 5 breaks the two-stage hop; wc_sc's routers have the one-cycle hop");
    if (mutate == 6 && t->routing != WC_ROUTING_WEST_FIRST)
        usage_error("--mutate 6 inverts west-first's choice: it needs --routing west-first");
    if (mutate == 7)
        usage_error("--mutate 7 routes illegal turns, which a network of conformant routers never makes; "
                    "the router's unit benches catch it (make test-unit)");
    const std::vector<bool> rtl = parse_nodes(rtl_nodes, t->nrouters);
    int nrtl = 0;
    std::string rtl_list;
    for (int r = 0; r < t->nrouters; r++)
        if (rtl[(size_t)r]) {
            rtl_list += (nrtl++ ? "," : "") + std::to_string(r);
        }

    // the run's own report says how it ended (sc_stop at a mismatch)
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    sc_core::sc_clock clk("clk", 10, sc_core::SC_NS);
    std::unique_ptr<wc::network> net;
    try {
        net.reset(new wc::network("net", t, o.width, o.buffer, rtl, 0));
    } catch (const std::runtime_error &e) {
        usage_error(e.what());
    }
    wc_net *ref = nullptr;
    std::string ref_name = "C model";
    if (lockstep) {
        if (!(ref = wc_net_create(t, o.width, o.buffer, mutate, err, sizeof err)))
            usage_error(err);
        if (mutate)
            ref_name += ", mutation " + std::to_string(mutate);
    }
    bench tb("tb", t, o, *net, ref, ref_name.c_str());
    tb.clk_i(clk);
    net->clk_i(clk);
    net->rst_ni(tb.rst_n);
    sc_core::sc_trace_file *tf = nullptr;
    if (vcd) {
        // the signals of every router port, and a GTKWave layout that
        // groups them by router and port
        const std::string gtkw = std::string(vcd) + ".gtkw";
        FILE *g = std::fopen(gtkw.c_str(), "w");
        if (!g)
            usage_error("--vcd: cannot write " + gtkw);
        tf = sc_core::sc_create_vcd_trace_file(vcd);
        sc_core::sc_trace(tf, clk, "clk");
        sc_core::sc_trace(tf, tb.rst_n, "rst_n");
        std::fprintf(g, "[dumpfile] \"%s.vcd\"\n@28\nSystemC.clk\nSystemC.rst_n\n", vcd);
        static const char *const sig[] = { "out_valid", "out_flit", "in_credit", "abs_valid", "abs_flit" };
        for (int i = 0; i < t->nrouters * t->nports; i++) {
            const int r = i / t->nports, p = i % t->nports;
            const std::string pfx = "r" + std::to_string(r) + "_p" + std::to_string(p) + "_";
            sc_core::sc_trace(tf, net->out_valid[(size_t)i], pfx + sig[0]);
            sc_core::sc_trace(tf, net->out_flit[(size_t)i], pfx + sig[1]);
            sc_core::sc_trace(tf, net->in_credit[(size_t)i], pfx + sig[2]);
            sc_core::sc_trace(tf, net->abs_valid[(size_t)i], pfx + sig[3]);
            sc_core::sc_trace(tf, net->abs_flit[(size_t)i], pfx + sig[4]);
            std::fprintf(g, "@800200\n-router %d port %d (%s)\n", r, p, net->at(r).impl());
            for (int k = 0; k < 5; k++)
                std::fprintf(g, k == 1 || k == 4 ? "@22\nSystemC.%s%s[63:0]\n" : "@28\nSystemC.%s%s\n", pfx.c_str(), sig[k]);
            std::fprintf(g, "@1000200\n-router %d port %d (%s)\n", r, p, net->at(r).impl());
        }
        std::fclose(g);
    }

    const sc_core::sc_time period(10, sc_core::SC_NS);
    auto t0 = std::chrono::steady_clock::now();
    // cycle c is shown between the edges RESET_EDGES-1+c and RESET_EDGES+c
    sc_core::sc_start(period * (double)(RESET_EDGES + cycles));
    long ran = tb.cycle;
    tb.creating = false;
    while (!tb.mismatch && tb.tr().outstanding() > 0 && tb.cycle - ran < drain)
        sc_core::sc_start(period * 100.0);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const long total = tb.cycle + 1;
    traffic &tr = tb.tr();
    const long lost = tr.outstanding();
    const int fail = tb.mismatch || lost || tr.errors || tr.delivered == 0;
    // (wc_topo_set_routing accepted it, so it names a function of the table)
    const wc_routing *rfn = wc_routing_by_id(t->routing);
    const std::string tname = std::string(t->name) + (routing ? std::string(" ") + rfn->name : "");
    std::printf("wc_sc: %s, %d routers (%d RTL%s%s), rate %g, packet %d, B %d, seed %llu\n", tname.c_str(),
                t->nrouters, nrtl, nrtl ? ": " : "", rtl_list.c_str(), o.rate, o.packet, o.buffer,
                (unsigned long long)o.seed);
    std::printf("  cycles      %ld (%ld with traffic), %.3f s, %.0f cycles/s\n", total, ran + 1, secs, total / secs);
    std::printf("  packets     %ld injected, %ld delivered, %ld lost, %ld errors%s%s\n", tr.injected, tr.delivered, lost,
                tr.errors, tr.errors ? ": first " : "", tr.first_error.c_str());
    if (rfn && rfn->adaptive)
        std::printf("  order       %ld packets overtook an earlier one of their pair (%s: checked in any order)\n",
                    tr.overtook, rfn->name);
    if (lockstep)
        std::printf("  lockstep    against the %s (wc_net): %ld cycles compared, %s\n", ref_name.c_str(), tb.compared_,
                    tb.mismatch ? "MISMATCH" : "0 mismatches");
    if (tb.mismatch)
        std::printf("  %s\n", tb.mismatch_msg.c_str());
    if (tr.delivered == 0 && !tb.mismatch)
        std::printf("  nothing was delivered\n");
    std::printf("%s\n", fail ? "FAIL" : "PASS");
    if (tf)
        sc_core::sc_close_vcd_trace_file(tf);
    if (ref)
        wc_net_free(ref);
    // the modules stay: SystemC does not take modules apart after a run
    (void)net.release();
    wc_topo_free(t);
    return fail ? 1 : 0;
}
