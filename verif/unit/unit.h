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

inline int unit_summary()
{
    std::printf("%d passed, %d failed\n", unit_npass, unit_nfail);
    return unit_nfail ? 1 : 0;
}

// Seed from '--seed N' (default: the bench's fixed seed) so a failing
// soak seed can be replayed.
inline uint64_t unit_seed(int argc, char **argv, uint64_t dflt)
{
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--seed") == 0) {
            char *end = nullptr;
            if (i + 1 >= argc || !*argv[i + 1]) {
                std::fprintf(stderr, "%s: --seed needs a number\n", argv[0]);
                std::exit(2);
            }
            unsigned long long s = std::strtoull(argv[i + 1], &end, 0);
            if (*end) {
                std::fprintf(stderr, "%s: --seed: '%s' is not a number\n", argv[0], argv[i + 1]);
                std::exit(2);
            }
            return s;
        }
    }
    return dflt;
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
#endif
