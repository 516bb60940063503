/* SPDX-License-Identifier: Apache-2.0 */
// Shared scaffolding of the router unit benches (verif/unit/tb_*.cpp):
// named check groups that count comparisons, bit-field access on
// Verilated ports of any width, and the C model headers.
#ifndef WC_UNIT_H
#define WC_UNIT_H
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include "verilated.h"
extern "C" {
#include "wc_defs.h"
#include "wc_route.h"
#include "wc_router.h"
#include "wc_rng.h"
}

inline int unit_npass = 0, unit_nfail = 0;

// One named check group: passes when every comparison in it matched.  The
// first few mismatches are printed with their context so a failure names
// the stimulus that exposed it.
class UnitCheck {
public:
    explicit UnitCheck(const std::string &name) : name_(name) {}
    ~UnitCheck() { if (!done_) finish(); }
    bool ok(bool cond, const char *fmt, ...) __attribute__((format(printf, 3, 4)))
    {
        n_++;
        if (cond) return true;
        if (bad_++ < 5) {
            va_list ap;
            va_start(ap, fmt);
            std::fprintf(stderr, "  mismatch in %s: ", name_.c_str());
            std::vfprintf(stderr, fmt, ap);
            std::fputc('\n', stderr);
            va_end(ap);
        }
        return false;
    }
    long count() const { return n_; }
    long bad() const { return bad_; }
    void finish()
    {
        done_ = true;
        if (n_ == 0) bad_ = 1;   // a group that compared nothing proves nothing
        if (bad_) {
            unit_nfail++;
            std::printf("FAIL %s: %ld of %ld comparisons failed\n", name_.c_str(), bad_, n_);
        } else {
            unit_npass++;
            std::printf("ok   %s: %ld comparisons\n", name_.c_str(), n_);
        }
        std::fflush(stdout);
    }

private:
    std::string name_;
    long n_ = 0, bad_ = 0;
    bool done_ = false;
};

// printf into a std::string: check group names carry the configuration
inline std::string unit_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
inline std::string unit_fmt(const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

inline int unit_summary()
{
    std::printf("%d passed, %d failed\n", unit_npass, unit_nfail);
    return unit_nfail ? 1 : 0;
}

// Numeric option '--NAME N' (default when absent): '--seed N' replays
// other random stimulus, '--mutate N' breaks the C model on purpose.
inline uint64_t unit_opt(int argc, char **argv, const char *opt, uint64_t dflt)
{
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], opt) == 0) {
            char *end = nullptr;
            if (i + 1 >= argc || !*argv[i + 1]) {
                std::fprintf(stderr, "%s: %s needs a number\n", argv[0], opt);
                std::exit(2);
            }
            unsigned long long v = std::strtoull(argv[i + 1], &end, 0);
            if (*end) {
                std::fprintf(stderr, "%s: %s: '%s' is not a number\n", argv[0], opt, argv[i + 1]);
                std::exit(2);
            }
            return v;
        }
    }
    return dflt;
}
inline uint64_t unit_seed(int argc, char **argv, uint64_t dflt) { return unit_opt(argc, argv, "--seed", dflt); }

// Clocked modules: clk_i low between cycles, inputs driven while low, one
// rising edge per tick; reset is synchronous and active low (rst_ni).
template <class M> inline void unit_tick(M &m)
{
    m.clk_i = 1;
    m.eval();
    m.clk_i = 0;
    m.eval();
}
template <class M> inline void unit_reset(M &m)
{
    m.clk_i = 0;
    m.rst_ni = 0;
    m.eval();
    unit_tick(m);
    m.rst_ni = 1;
}

inline wc_rng unit_rng(int argc, char **argv, uint64_t dflt)
{
    wc_rng r;
    wc_rng_seed(&r, unit_seed(argc, argv, dflt));
    return r;
}

// Bit fields of Verilated ports: narrow ports are plain integers, ports
// wider than 64 bits are VlWide word arrays.
inline uint64_t unit_mask(int w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

template <typename T> inline uint64_t ut_get(const T &v, int lsb, int w)
{
    return ((uint64_t)v >> lsb) & unit_mask(w);
}
template <typename T> inline void ut_set(T &v, int lsb, int w, uint64_t x)
{
    uint64_t m = unit_mask(w) << lsb;
    v = (T)(((uint64_t)v & ~m) | ((x << lsb) & m));
}
template <std::size_t N> inline uint64_t ut_get(const VlWide<N> &v, int lsb, int w)
{
    uint64_t r = 0;
    for (int b = 0; b < w; b++) {
        int i = lsb + b;
        r |= (uint64_t)((v.at(i / 32) >> (i % 32)) & 1u) << b;
    }
    return r;
}
template <std::size_t N> inline void ut_set(VlWide<N> &v, int lsb, int w, uint64_t x)
{
    for (int b = 0; b < w; b++) {
        int i = lsb + b;
        uint32_t bit = 1u << (i % 32);
        if ((x >> b) & 1) v.at(i / 32) |= bit;
        else              v.at(i / 32) &= ~bit;
    }
}

// Flit type bits sit above the W data bits (defs/wc_defs.def).
inline bool unit_is_head(uint64_t f, int W) { return (f >> W) & 1; }
inline bool unit_is_tail(uint64_t f, int W) { return (f >> (W + 1)) & 1; }
inline uint64_t unit_flit(int W, unsigned type, uint64_t data)
{
    return ((uint64_t)type << W) | (data & unit_mask(W));
}

inline uint64_t unit_rand(wc_rng *r, int w) { return wc_rng_next(r) & unit_mask(w); }

// Flit source of one link: whole worms (head, bodies, tail; one-flit
// worms as WC_FT_SINGLE) mixed with the malformed input a router must
// survive: stray bodies/tails and worms that lose their tail.  Every flit
// carries its source number in data bits [W-1:W-6] (the head's USER field,
// which routers never read) so the far side can tell whose flit it sees.
struct UnitStream {
    int W = 32, src = 0;
    double p_stray = 0.05, p_trunc = 0.05;
    // random heads: HEAD_KIND and HEAD_NADDR random too (so some are
    // multidestination heads with no addresses behind them), or unicast
    bool unicast_only = false;
    std::deque<uint64_t> pend;

    uint64_t tagged(unsigned type, uint64_t data) const
    {
        uint64_t d = (data & unit_mask(W - 6)) | ((uint64_t)(src & 63) << (W - 6));
        return unit_flit(W, type, d);
    }
    // dst(): destination of the next head (the caller decides how many
    // are unroutable)
    template <typename F> uint64_t next(wc_rng *r, F dst)
    {
        if (pend.empty()) refill(r, dst);
        uint64_t f = pend.front();
        pend.pop_front();
        return f;
    }
    template <typename F> void refill(wc_rng *r, F dst)
    {
        if (wc_rng_chance(r, p_stray)) {
            int n = 1 + (int)wc_rng_below(r, 3);
            for (int i = 0; i < n; i++) {
                bool tail = i == n - 1 && wc_rng_chance(r, 0.5);
                pend.push_back(tagged(tail ? WC_FT_TAIL : WC_FT_BODY, wc_rng_next(r)));
            }
            return;
        }
        bool trunc = wc_rng_chance(r, p_trunc);
        int len = 1 + (int)wc_rng_below(r, 6);
        uint64_t dmask = unit_mask(WC_HEAD_DST_W) << WC_HEAD_DST_LSB;
        uint64_t h = (wc_rng_next(r) & ~dmask) | (((uint64_t)dst() << WC_HEAD_DST_LSB) & dmask);
        if (unicast_only)
            h = (h & ~0xffffffffull) | WC_SET(h, HEAD_KIND, WC_KIND_UNICAST);
        if (len == 1 && !trunc) {
            pend.push_back(tagged(WC_FT_SINGLE, h));
            return;
        }
        pend.push_back(tagged(WC_FT_HEAD, h));
        for (int i = 1; i < len; i++)
            pend.push_back(tagged(i == len - 1 && !trunc ? WC_FT_TAIL : WC_FT_BODY, wc_rng_next(r)));
    }
    // A multidestination worm (intermediate reception, docs/router.md):
    // head of kind WC_KIND_MULTI for dsts[0] with HEAD_NADDR = n - 1, the
    // n - 1 address flits (body flits, destination in ADDR_DST), npay
    // payload flits; the last flit is the tail.  Malformed on purpose:
    //   UNIT_MULTI_SINGLE  one-flit head with NADDR > 0 (no address follows)
    //   UNIT_MULTI_HEADHEAD  the head, then at once a unicast head (the
    //                        addresses are lost)
    //   UNIT_MULTI_TRUNC   no tail (the worm runs into the next one)
    enum { UNIT_MULTI_OK, UNIT_MULTI_SINGLE, UNIT_MULTI_HEADHEAD, UNIT_MULTI_TRUNC };
    void push_multi(wc_rng *r, const unsigned *dsts, int n, int npay, int how)
    {
        uint32_t h = (uint32_t)wc_rng_next(r);
        h = WC_SET(h, HEAD_DST, dsts[0]);
        h = WC_SET(h, HEAD_KIND, WC_KIND_MULTI);
        h = WC_SET(h, HEAD_NADDR, n - 1);
        uint64_t hd = (wc_rng_next(r) & ~0xffffffffull) | h;
        if (how == UNIT_MULTI_SINGLE) {
            pend.push_back(tagged(WC_FT_SINGLE, WC_SET(hd, HEAD_NADDR, n > 1 ? n - 1 : 1) | (hd & ~0xffffffffull)));
            return;
        }
        pend.push_back(tagged(n == 1 && npay == 0 && how != UNIT_MULTI_TRUNC ? WC_FT_SINGLE : WC_FT_HEAD, hd));
        if (how == UNIT_MULTI_HEADHEAD) {
            uint32_t u = WC_SET(WC_SET((uint32_t)wc_rng_next(r), HEAD_KIND, WC_KIND_UNICAST), HEAD_DST, dsts[n - 1]);
            pend.push_back(tagged(WC_FT_SINGLE, u));
            return;
        }
        int len = n - 1 + npay;
        for (int i = 0; i < len; i++) {
            uint64_t d = wc_rng_next(r);
            if (i < n - 1)
                d = (d & ~0xffffffffull) | WC_SET(d, ADDR_DST, dsts[i + 1]);
            bool tail = i == len - 1 && how != UNIT_MULTI_TRUNC;
            pend.push_back(tagged(tail ? WC_FT_TAIL : WC_FT_BODY, d));
        }
    }
};

// The head the forward copy of an absorbed worm carries (wc_input_ctrl.v
// 'rewrite', wc_router.c rewrite_head): the destination of the address
// flit behind it, one address fewer, and that flit's tail bit.
inline uint64_t unit_rewrite_head(uint64_t head, uint64_t next, int W)
{
    uint32_t d = (uint32_t)head;
    d = WC_SET(d, HEAD_DST, WC_GET(next, ADDR_DST));
    d = WC_SET(d, HEAD_NADDR, WC_GET(head, HEAD_NADDR) - 1u);
    uint64_t tbit = 1ull << (W + 1);
    return (((head & ~0xffffffffull) | d) & ~tbit) | (next & tbit);
}
#endif
