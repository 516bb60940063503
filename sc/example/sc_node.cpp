// SPDX-License-Identifier: Apache-2.0
// sc_node: a system of Wormcast nodes as SystemC modules (wc::node, C model
// or Verilated RTL per node, on a wc::network of C routers) running one
// firmware image until every node has exited, as `wormcast run` does, with
// the C system model of `wormcast run --engine c` beside it on the same
// image, compared every cycle at every node's outputs (docs/systemc.md).
// Console lines and the exit summary are printed in wormcast run's form.
#include "wc_sc_args.h"
#include "wc_sc_net.h"
#include "wc_sc_node.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
extern "C" {
#include "wc_engine.h"
#include "wc_lockstep.h"
#include "wc_run.h"
#include "wc_topo.h"
}

namespace {

const char *const USAGE =
    "usage: sc_node --topo T --fw ELF [--arg K=V]... [--rtl-nodes LIST] [--cycles N]\n"
    "               [--mutate-node M | --mutate-core M | --mutate-nic M]\n"
    "  --topo T        cube:N or mesh:XxY (C routers)\n"
    "  --fw ELF        the image every node runs (linked for the node, as for wormcast run)\n"
    "  --arg K=V       an argument for the firmware (its wc_args), as wormcast run --arg\n"
    "  --rtl-nodes L   nodes that are the Verilated RTL: none (default), all, or ids and ranges: 0,2-3\n"
    "  --cycles N      a run that has not ended by then hangs (default as wormcast run)\n"
    "  --mutate-node M, --mutate-core M, --mutate-nic M\n"
    "                  break the C system model of the comparison: the run must fail\n"
    "exit status: 0 pass, 1 the run failed (a node's failure, a trap, a hang, a mismatch), 2 bad usage\n";

[[noreturn]] void usage_error(const std::string &msg) { wc::usage_exit("sc_node", msg); }

long parse_long(const char *opt, const char *s, long lo, long hi) { return wc::parse_long("sc_node", opt, s, lo, hi); }

const sc_core::sc_time PERIOD(10, sc_core::SC_NS);
// reset edges, as the tool's engines reset
const int RESET_EDGES = 4;

struct opts {
    const char *topo = nullptr, *fw = nullptr, *rtl = "none";
    long cycles = 0;
    std::vector<const char *> args;     // "K=V" for the firmware's wc_args
    int mutate_node = 0, mutate_core = 0, mutate_nic = 0;
};

// One console line per node, printed as wormcast run prints it.
struct console {
    std::vector<std::string> line;
    int width;
    explicit console(int n) : line((size_t)n), width(n > 100 ? 4 : n > 10 ? 2 : 1) {}
    void flush(int n)
    {
        if (line[(size_t)n].empty())
            return;
        std::printf("[%*d] %s\n", width, n, line[(size_t)n].c_str());
        line[(size_t)n].clear();
    }
    void put(int n, char ch)
    {
        // wormcast run's forced break (LINE_MAX_ of sw/host/wc_run.c)
        const size_t max = 200;
        if (ch == '\n' || line[(size_t)n].size() == max)
            flush(n);
        if (ch != '\n' && ch != '\r')
            line[(size_t)n] += ch;
    }
};

} // namespace

int sc_main(int argc, char *argv[])
{
    opts o;
    wc_run_opts ro;
    wc_run_opts_default(&ro);
    o.cycles = ro.max_cycles;
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
            o.topo = val();
        else if (!std::strcmp(a, "--fw"))
            o.fw = val();
        else if (!std::strcmp(a, "--arg")) {
            o.args.push_back(val());
            if (o.args.size() > WC_RUN_MAX_ARGS)
                usage_error("more than " + std::to_string(WC_RUN_MAX_ARGS) + " --arg");
        } else if (!std::strcmp(a, "--rtl-nodes"))
            o.rtl = val();
        else if (!std::strcmp(a, "--cycles"))
            o.cycles = parse_long(a, val(), 1, 1L << 40);
        else if (!std::strcmp(a, "--mutate-node"))
            o.mutate_node = (int)parse_long(a, val(), 1, WC_NODE_MUT_COUNT - 1);
        else if (!std::strcmp(a, "--mutate-core"))
            o.mutate_core = (int)parse_long(a, val(), 1, 1 << 20);
        else if (!std::strcmp(a, "--mutate-nic"))
            o.mutate_nic = (int)parse_long(a, val(), 1, 1 << 20);
        else
            usage_error(std::string("unknown option '") + a + "' (--help lists them)");
    }
    if (!o.topo || !o.fw)
        usage_error("--topo and --fw are required (--help lists the options)");
    if ((o.mutate_node != 0) + (o.mutate_core != 0) + (o.mutate_nic != 0) > 1)
        usage_error("one mutation at a time");

    char err[512];
    std::unique_ptr<wc_topo, void (*)(wc_topo *)> t(wc_topo_create(o.topo, err, sizeof err), wc_topo_free);
    if (!t)
        usage_error(err);
    const int N = t->nnodes, P = t->nports;

    // the node configuration of wormcast run; the reference's carries the mutation
    wc_node_soc_cfg nc, ref_nc;
    wc_node_soc_cfg_default(&nc, N);
    nc.md_steps = ro.md_steps;
    if (wc_node_soc_cfg_check(&nc, err, sizeof err))
        usage_error(err);
    ref_nc = nc;
    ref_nc.mutate = o.mutate_node;
    ref_nc.core_mutate = o.mutate_core;
    ref_nc.nic.mutate = o.mutate_nic;
    if (wc_node_soc_cfg_check(&ref_nc, err, sizeof err))
        usage_error(err);
    std::vector<unsigned char> rtl((size_t)N);
    if (wc_engine_parse_nodes(o.rtl, N, rtl.data(), err, sizeof err))
        usage_error(std::string("--rtl-nodes: ") + err);

    // the image, as wormcast run loads it (its arguments in wc_args)
    wc_run_image im;
    if (wc_run_image_load(&im, o.fw, o.args.data(), (int)o.args.size(), nc.ram_bytes, 0, err, sizeof err))
        usage_error(err);
    const uint32_t lo = im.lo, nimg = (im.hi - im.lo) / 4;
    const uint32_t *img = im.ram + (lo - WC_SOC_RAM_BASE) / 4;

    // the reference: the C system model of wormcast run --engine c
    wc_engine_cfg ec;
    std::memset(&ec, 0, sizeof ec);
    ec.t = t.get();
    ec.width = nc.nic.W;
    ec.buffer = nc.nic.B;
    ec.node = &ref_nc;
    std::string ref_name = "C model";
    if (o.mutate_node || o.mutate_core || o.mutate_nic)
        ref_name += std::string(", mutation ") + (o.mutate_node ? "node " : o.mutate_core ? "core " : "nic ") +
                    std::to_string(o.mutate_node + o.mutate_core + o.mutate_nic);
    wc_engine *ref = wc_engine_open(WC_IMPL_C, &ec, ref_name.c_str(), err, sizeof err);
    if (!ref)
        usage_error(err);
    for (int n = 0; n < N; n++)
        wc_engine_node_load(ref, n, lo, img, nimg);

    // the SystemC system
    sc_core::sc_clock clk("clk", PERIOD);
    sc_core::sc_signal<bool> rst_n("rst_n", false);
    std::unique_ptr<wc::network> net;
    std::vector<std::unique_ptr<wc::node>> nodes;
    sc_core::sc_vector<sc_core::sc_signal<uint32_t>> node_id("node_id", (size_t)N);
    sc_core::sc_signal<uint32_t> node_count("node_count", (uint32_t)N);
    std::vector<std::unique_ptr<wc::node_observed>> obs;
    const std::string gp = wc::node_gparams(nc);
    int nrtl = 0;
    try {
        net.reset(new wc::network("net", t.get(), nc.nic.W, nc.nic.B, std::vector<bool>((size_t)t->nrouters, false), 0));
        net->clk_i(clk);
        net->rst_ni(rst_n);
        for (int n = 0; n < N; n++) {
            const std::string name = "node" + std::to_string(n);
            wc::node *x;
            if (rtl[(size_t)n]) {
                if (!(x = wc::make_rtl_node(name.c_str(), gp)))
                    usage_error("node " + std::to_string(n) + ": no RTL node with the parameters " + gp +
                                " in this program; it has: " + wc::rtl_node_list());
                nrtl++;
            } else
                x = new wc::node_c(name.c_str(), nc);
            nodes.emplace_back(x);
            const size_t i = (size_t)(t->node_router[n] * P + t->node_port[n]);
            node_id[(size_t)n] = (uint32_t)n;
            x->clk_i(clk);
            x->rst_ni(rst_n);
            x->node_id_i(node_id[(size_t)n]);
            x->node_count_i(node_count);
            net->bind_link(*x, i);
            obs.emplace_back(new wc::node_observed);
            obs.back()->bind(*x);
            x->load(lo, img, nimg);
        }
    } catch (const std::exception &e) {
        usage_error(e.what());
    }
    const std::string sc_name = nrtl ? "SystemC, " + std::to_string(nrtl) + " RTL node" + (nrtl > 1 ? "s" : "")
                                     : std::string("SystemC, C nodes");

    // reset edges at 0, 10, 20, 30 ns; from 35 ns on every period is a cycle
    sc_core::sc_start(PERIOD * (RESET_EDGES - 1) + PERIOD / 2);
    rst_n = true;

    console con(N);
    std::vector<int> exited((size_t)N, 0);
    std::vector<uint32_t> code((size_t)N, 0);
    std::vector<long> exit_cycle((size_t)N, -1);
    std::vector<wc_node_in> in((size_t)N);
    int nexited = 0, passed = 0, trap = 0;
    wc_mismatch mm;
    wc_mismatch_clear(&mm);
    const auto t0 = std::chrono::steady_clock::now();
    long cyc;
    for (cyc = 0; cyc < o.cycles && nexited < N && !trap; cyc++) {
        // the reference's cycle, as wormcast run drives its engine
        for (int n = 0; n < N; n++)
            wc_engine_node_eval(ref, n);
        for (int n = 0; n < N; n++) {
            const wc_node_out *x = wc_engine_node_out(ref, n);
            wc_engine_net_set(ref, wc_net_idx(P, t->node_router[n], t->node_port[n]), x->tx_valid, x->tx_flit,
                              x->rx_credit);
        }
        wc_engine_net_eval(ref);
        for (int n = 0; n < N; n++) {
            int v, c;
            uint64_t f;
            wc_engine_net_port(ref, t->node_router[n], t->node_port[n], &v, &f, &c);
            in[(size_t)n].rx_valid = v;
            in[(size_t)n].rx_flit = v ? f : 0;
            in[(size_t)n].tx_credit = c;
            wc_engine_node_set(ref, n, &in[(size_t)n]);
        }
        // every node's outputs against it, then what the SystemC nodes show
        for (int n = 0; n < N; n++) {
            wc_node_out y;
            nodes[(size_t)n]->read(&y);
            if (wc_lockstep_compare_node(wc_engine_node_out(ref, n), &y, ref_name.c_str(), sc_name.c_str(), cyc, n,
                                         &mm))
                break;
            if (y.rvfi.valid && y.rvfi.trap && !y.rvfi.intr) {
                con.flush(n);
                std::printf("node %d: TRAP at cycle %ld, pc 0x%08x: mcause %u\n", n, cyc, y.rvfi.pc_rdata,
                            y.rvfi.cause);
                trap = 1;
            }
            if (y.console_valid)
                con.put(n, (char)y.console_data);
            if (y.exit_valid && !exited[(size_t)n]) {
                con.flush(n);
                exited[(size_t)n] = 1;
                code[(size_t)n] = y.exit_code;
                exit_cycle[(size_t)n] = cyc;
                nexited++;
                passed += y.exit_code == 1;
            }
        }
        if (mm.cycle >= 0) {
            std::printf("MISMATCH: %s\n", mm.text);
            cyc++;
            break;
        }
        wc_engine_tick(ref);
        sc_core::sc_start(PERIOD);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (int n = 0; n < N; n++)
        con.flush(n);
    long first = -1, last = -1;
    for (int n = 0; n < N; n++) {
        if (!exited[(size_t)n])
            std::printf("node %d: no exit\n", n);
        else if (code[(size_t)n] != 1)
            std::printf("node %d: FAIL exit code %u at cycle %ld\n", n, code[(size_t)n] >> 1, exit_cycle[(size_t)n]);
        else {
            if (first < 0 || exit_cycle[(size_t)n] < first)
                first = exit_cycle[(size_t)n];
            last = std::max(last, exit_cycle[(size_t)n]);
        }
    }
    if (passed)
        std::printf("%d of %d nodes passed, exits at cycles %ld..%ld\n", passed, N, first, last);
    const bool hang = nexited < N && !trap && mm.cycle < 0;
    if (hang)
        std::printf("HANG: %d of %d nodes had not exited after %ld cycles (--cycles)\n", N - nexited, N, cyc);
    const bool ok = passed == N && !trap && mm.cycle < 0;
    std::printf("sc_node: %s: %s, %d nodes (%d RTL), %d passed, %ld cycles, %s, %.2f s, %.0f cycles/s\n",
                ok ? "PASS" : "FAIL", t->name, N, nrtl, passed, cyc,
                mm.cycle < 0 ? "every node's outputs equal the C system model's every cycle" : "a mismatch", secs,
                secs > 0 ? cyc / secs : 0.0);
    wc_engine_close(ref);
    wc_run_image_free(&im);
    return ok ? 0 : 1;
}
