/* SPDX-License-Identifier: Apache-2.0 */
/* wc::router: the Wormcast router (rtl/router/wc_router.v) as a SystemC
 * module, in two implementations behind one set of ports:
 *
 *   wc::router_c       the C model (cmodel/wc_router.c) in an SC_MODULE
 *   wc::router_rtl<V>  the Verilated RTL (`verilator --sc`, class V)
 *
 * Ports, per router port p (sc_vector element p):
 *   in_valid_i, in_flit_i      the flit arriving on p this cycle
 *   in_credit_o                a credit leaving p's input buffer
 *   out_valid_o, out_flit_o    the flit leaving on p
 *   out_credit_i               a credit for p's output
 *   abs_valid_o, abs_flit_o    absorption channel of input p
 * and clk_i, rst_ni, node_id_i (sampled in reset), cfg_we_i, cfg_addr_i,
 * cfg_data_i (route tables), drop_count_o.  A flit is {type, data} in the
 * low W+2 bits of a uint64_t (WC_FT_* in defs/wc_defs.def).
 *
 * Both implementations take the clock edge the same way: at the rising
 * edge they sample the inputs of the cycle that ends, and their outputs
 * for the next cycle depend on registered state only, so routers of
 * either kind can be wired to each other in any mix. */
#ifndef WC_SC_ROUTER_H
#define WC_SC_ROUTER_H
#include <systemc.h>
#include <stdint.h>
#include <string>
#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>
extern "C" {
#include "wc_router.h"
}

namespace wc {

class router : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk_i, rst_ni;
    sc_core::sc_in<uint32_t> node_id_i;
    sc_core::sc_in<bool> cfg_we_i;
    sc_core::sc_in<uint32_t> cfg_addr_i, cfg_data_i;
    sc_core::sc_vector<sc_core::sc_in<bool>> in_valid_i;
    sc_core::sc_vector<sc_core::sc_in<uint64_t>> in_flit_i;
    sc_core::sc_vector<sc_core::sc_out<bool>> in_credit_o;
    sc_core::sc_vector<sc_core::sc_out<bool>> out_valid_o;
    sc_core::sc_vector<sc_core::sc_out<uint64_t>> out_flit_o;
    sc_core::sc_vector<sc_core::sc_in<bool>> out_credit_i;
    sc_core::sc_vector<sc_core::sc_out<bool>> abs_valid_o;
    sc_core::sc_vector<sc_core::sc_out<uint64_t>> abs_flit_o;
    sc_core::sc_out<uint32_t> drop_count_o;

    const int P;
    virtual const char *impl() const = 0;   /* "C" or "RTL" */

protected:
    router(sc_core::sc_module_name nm, int nports)
        : sc_core::sc_module(nm), clk_i("clk_i"), rst_ni("rst_ni"), node_id_i("node_id_i"), cfg_we_i("cfg_we_i"),
          cfg_addr_i("cfg_addr_i"), cfg_data_i("cfg_data_i"), in_valid_i("in_valid_i", nports),
          in_flit_i("in_flit_i", nports), in_credit_o("in_credit_o", nports), out_valid_o("out_valid_o", nports),
          out_flit_o("out_flit_o", nports), out_credit_i("out_credit_i", nports), abs_valid_o("abs_valid_o", nports),
          abs_flit_o("abs_flit_o", nports), drop_count_o("drop_count_o"), P(nports)
    {
    }
};

/* The C model.  cfg is copied (its mutate field breaks this router for
 * the lockstep self-check). */
class router_c : public router {
public:
    SC_HAS_PROCESS(router_c);
    router_c(sc_core::sc_module_name nm, const wc_router_cfg &cfg);
    const char *impl() const override { return "C"; }
    const wc_router &model() const { return r_; }

private:
    void edge();
    void cfg_write();
    void drive();
    wc_router_cfg cfg_;
    wc_router r_;
    std::vector<uint64_t> buf_, in_flit_;
    std::vector<uint8_t> table_;
    uint64_t prev_valid_, prev_credit_, prev_abs_;
    unsigned prev_drops_;
};

/* The Verilated RTL: V is a class `verilator --sc --top-module wc_router`
 * made, with the parameters of the topology (mk/sc.mk).  Its packed
 * buses are split into the per-port ports here. */
template <class V>
class router_rtl : public router {
    template <class Port> using data_of = typename std::remove_reference<Port>::type::data_type;
    using mask_t = data_of<decltype(std::declval<V>().in_valid_i)>;
    using bus_t = data_of<decltype(std::declval<V>().in_flit_i)>;

public:
    SC_HAS_PROCESS(router_rtl);
    router_rtl(sc_core::sc_module_name nm, int nports, int fw)
        : router(nm, nports), fw_(fw), v_("rtl"), s_in_valid_("s_in_valid"), s_in_flit_("s_in_flit"),
          s_out_credit_("s_out_credit"), s_in_credit_("s_in_credit"), s_out_valid_("s_out_valid"),
          s_out_flit_("s_out_flit"), s_abs_valid_("s_abs_valid"), s_abs_flit_("s_abs_flit"),
          words_((size_t)((bus_t().length() + 31) / 32)), owords_(words_.size()), awords_(words_.size())
    {
        v_.clk_i(clk_i);
        v_.rst_ni(rst_ni);
        v_.node_id_i(node_id_i);
        v_.cfg_we_i(cfg_we_i);
        v_.cfg_addr_i(cfg_addr_i);
        v_.cfg_data_i(cfg_data_i);
        v_.drop_count_o(drop_count_o);
        v_.in_valid_i(s_in_valid_);
        v_.in_flit_i(s_in_flit_);
        v_.out_credit_i(s_out_credit_);
        v_.in_credit_o(s_in_credit_);
        v_.out_valid_o(s_out_valid_);
        v_.out_flit_o(s_out_flit_);
        v_.abs_valid_o(s_abs_valid_);
        v_.abs_flit_o(s_abs_flit_);
        SC_METHOD(pack);
        for (int p = 0; p < P; p++)
            sensitive << in_valid_i[p] << in_flit_i[p] << out_credit_i[p];
        SC_METHOD(unpack);
        sensitive << s_in_credit_ << s_out_valid_ << s_out_flit_ << s_abs_valid_ << s_abs_flit_;
        dont_initialize();
    }
    const char *impl() const override { return "RTL"; }

private:
    // The buses go through 32-bit words (sc_bv's own representation):
    // bit ranges of an sc_bv cost several times more.
    static uint64_t field(const std::vector<uint32_t> &w, int lo, int n)
    {
        uint64_t v = 0;
        for (int b = 0; b < n;) {
            const int i = (lo + b) / 32, o = (lo + b) % 32, k = std::min(32 - o, n - b);
            v |= (uint64_t)((w[(size_t)i] >> o) & (k == 32 ? ~0u : (1u << k) - 1u)) << b;
            b += k;
        }
        return v;
    }
    static void put(std::vector<uint32_t> &w, int lo, int n, uint64_t v)
    {
        for (int b = 0; b < n;) {
            const int i = (lo + b) / 32, o = (lo + b) % 32, k = std::min(32 - o, n - b);
            const uint32_t m = (k == 32 ? ~0u : (1u << k) - 1u) << o;
            w[(size_t)i] = (w[(size_t)i] & ~m) | ((uint32_t)(v >> b) << o & m);
            b += k;
        }
    }
    void pack()
    {
        mask_t v = 0, c = 0;
        bus_t f;
        for (int p = 0; p < P; p++) {
            v |= (mask_t)in_valid_i[p].read() << p;
            c |= (mask_t)out_credit_i[p].read() << p;
            put(words_, p * fw_, fw_, in_flit_i[p].read());
        }
        for (int i = 0; i < (int)words_.size(); i++)
            f.set_word(i, words_[(size_t)i]);
        s_in_valid_.write(v);
        s_out_credit_.write(c);
        s_in_flit_.write(f);
    }
    void unpack()
    {
        const mask_t ic = s_in_credit_.read(), ov = s_out_valid_.read(), av = s_abs_valid_.read();
        const bus_t &of = s_out_flit_.read(), &af = s_abs_flit_.read();
        for (int i = 0; i < (int)words_.size(); i++) {
            owords_[(size_t)i] = of.get_word(i);
            awords_[(size_t)i] = af.get_word(i);
        }
        for (int p = 0; p < P; p++) {
            in_credit_o[p].write((ic >> p) & 1);
            out_valid_o[p].write((ov >> p) & 1);
            abs_valid_o[p].write((av >> p) & 1);
            out_flit_o[p].write(field(owords_, p * fw_, fw_));
            abs_flit_o[p].write(field(awords_, p * fw_, fw_));
        }
    }
    const int fw_;
    V v_;
    sc_core::sc_signal<mask_t> s_in_valid_;
    sc_core::sc_signal<bus_t> s_in_flit_;
    sc_core::sc_signal<mask_t> s_out_credit_, s_in_credit_, s_out_valid_;
    sc_core::sc_signal<bus_t> s_out_flit_;
    sc_core::sc_signal<mask_t> s_abs_valid_;
    sc_core::sc_signal<bus_t> s_abs_flit_;
    std::vector<uint32_t> words_, owords_, awords_;
};

/* The Verilated router whose parameters are gparams (the -G flags of
 * `wormcast netgen` for the topology, "-GP=5 -GW=32 ..."), or NULL when
 * this program was built without one (mk/sc.mk, SC_RTL_CFGS). */
router *make_rtl_router(sc_core::sc_module_name nm, const std::string &gparams, int nports, int fw);
// RTL assertions of the Verilated routers and NICs (defs/wc_engine_abi.h):
// reported() turns Verilator's abort on an assertion off and keeps the
// first failure's message, which failure() returns (NULL: none since).
void rtl_assertions_reported();
const char *rtl_failure();
/* the parameter sets this program has an RTL router for, on one line */
std::string rtl_router_list();

} // namespace wc
#endif
