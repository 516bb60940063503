// SPDX-License-Identifier: Apache-2.0
// wc::router_c: the C model of the router on the SystemC clock.  One
// method at the rising edge does what the C engine does for one router
// in one cycle, in its order: the edge (wc_router_commit with the inputs
// of the cycle that ends, or the reset), then the evaluation of the next
// cycle from registered state (wc_router_eval), then the outputs.
#include "wc_sc_router.h"

namespace wc {

router_c::router_c(sc_core::sc_module_name nm, const wc_router_cfg &cfg)
    : router(nm, cfg.P), cfg_(cfg), buf_((size_t)wc_router_mem_words(&cfg)), in_flit_((size_t)cfg.P),
      table_(2u * (size_t)(cfg.nnodes > 0 ? cfg.nnodes : 1)), prev_valid_(0), prev_credit_(0), prev_abs_(0),
      prev_drops_(0)
{
    wc_router_init(&r_, &cfg_, 0, buf_.data(), table_.data());
    SC_METHOD(edge);
    sensitive << clk_i.pos();
    dont_initialize();
}

void router_c::edge()
{
    if (cfg_we_i.read())
        wc_router_cfg_write(&r_, cfg_addr_i.read(), cfg_data_i.read());
    if (!rst_ni.read()) {
        // the RTL latches its address while in reset
        r_.node_id = (int)node_id_i.read();
        wc_router_reset(&r_);
    } else {
        uint64_t vmask = 0, cmask = 0;
        for (int p = 0; p < P; p++) {
            if (in_valid_i[p].read()) {
                vmask |= 1ull << p;
                in_flit_[(size_t)p] = in_flit_i[p].read();
            }
            if (out_credit_i[p].read())
                cmask |= 1ull << p;
        }
        wc_router_commit(&r_, vmask, in_flit_.data(), cmask);
    }
    r_.drop_count_o = r_.drops;   // the counter register, as wc_net_step shows it
    if (wc_router_idle(&r_))
        wc_router_quiet(&r_);
    else
        wc_router_eval(&r_);
    drive();
}

// Only what changed is written: an idle port costs no signal update.  A
// flit signal keeps its last value while its valid is low (the RTL's
// crossbar output is not defined there either; nobody reads it).
template <class F> static inline void each_bit(uint64_t m, F f)
{
    while (m) {
        f(__builtin_ctzll(m));
        m &= m - 1;
    }
}

void router_c::drive()
{
    const uint64_t ov = r_.out_valid_mask, ic = r_.in_credit_mask, av = r_.abs_mask;
    each_bit(ov ^ prev_valid_, [&](int p) { out_valid_o[p].write((ov >> p) & 1); });
    each_bit(ov, [&](int p) { out_flit_o[p].write(r_.out_flit[p]); });
    each_bit(ic ^ prev_credit_, [&](int p) { in_credit_o[p].write((ic >> p) & 1); });
    each_bit(av ^ prev_abs_, [&](int p) { abs_valid_o[p].write((av >> p) & 1); });
    each_bit(av, [&](int p) { abs_flit_o[p].write(r_.abs_flit[p]); });
    if (r_.drop_count_o != prev_drops_)
        drop_count_o.write(r_.drop_count_o);
    prev_valid_ = ov;
    prev_credit_ = ic;
    prev_abs_ = av;
    prev_drops_ = r_.drop_count_o;
}

} // namespace wc
