// SPDX-License-Identifier: Apache-2.0
// What every engine shim (verif/net/wc_rtl_*.cpp) shares: the engine ABI
// (defs/wc_engine_abi.h), a guarded create() and the FST dump of the
// engines that trace.  No C++ exception may
// cross the C boundary of the ABI, so creation runs in a try block and a
// failure becomes NULL with a message in the caller's err buffer.
#ifndef WC_SHIM_H
#define WC_SHIM_H
#include <cstdint>
#include <cstdio>
#include <exception>
#include "wc_engine_abi.h"
#include "wc_vl_hook.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif

namespace wc_shim {
// The head of every engine table: this ABI version, the kind, the size.
template <typename T> constexpr wc_engine_abi_head head(wc_engine_kind kind)
{
    return { WC_ENGINE_ABI_VERSION, (uint32_t)kind, (uint32_t)sizeof(T) };
}

inline void say(char *err, int errlen, const char *what, const char *why)
{
    if (err && errlen > 0) snprintf(err, (size_t)errlen, "cannot create %s%s%s", what, why ? ": " : "", why ? why : "");
}

// RTL assertions (defs/wc_engine_abi.h): a context whose assertion
// failures do not abort the process, and the first failure's message
// kept from here on (the engine's Verilator runtime is compiled with
// defs/wc_vl_hook.h; one engine per shared object and process).
inline void assertions_reported(VerilatedContext &ctx)
{
    ctx.fatalOnError(false);
    wc_vl_capture_set(1);
}
inline const char *failure(void *)
{
    const wc_vl_capture_state *s = wc_vl_capture();
    return s->got ? s->text : nullptr;
}

// A new T filled by build(T *); destroy(void *) must cope with a T that
// build() left half-filled when it threw.  The handle, or NULL with a
// message naming what.
template <typename T, typename B> void *create(const char *what, char *err, int errlen, B build, void (*destroy)(void *))
{
    try {
        T *h = new T;
        try {
            build(h);
        } catch (...) {
            destroy(h);
            throw;
        }
        return h;
    } catch (const std::exception &e) {
        say(err, errlen, what, e.what());
    } catch (...) {
        say(err, errlen, what, nullptr);
    }
    return nullptr;
}

// The FST dump of one Verilated model, for the engines built with tracing
// (VM_TRACE_FST); without it open() says -1 and the rest does nothing.
// dump() after every eval() of the traced model: one time step each; or
// dump(t) at a time of the engine's own (FST times only ever increase, so
// a time not after the last one dumped is skipped).  The caller checks
// that path can be written: the FST writer does not report it.
struct Trace {
#if VM_TRACE_FST
    VerilatedFstC *tfp = nullptr;
#endif
    uint64_t time = 0;
    bool dumped = false;

    ~Trace() { close(); }
    template <typename M> int open(M *model, const char *path)
    {
#if VM_TRACE_FST
        if (tfp) return -1;
        try {
            tfp = new VerilatedFstC;
            model->trace(tfp, 99);
            tfp->open(path);
        } catch (...) {
            delete tfp;
            tfp = nullptr;
            return -1;
        }
        return 0;
#else
        (void)model; (void)path;
        return -1;
#endif
    }
    void close()
    {
#if VM_TRACE_FST
        if (tfp) { tfp->close(); delete tfp; tfp = nullptr; }
#endif
    }
    void dump()
    {
#if VM_TRACE_FST
        if (tfp) tfp->dump(time);
#endif
        time++;
    }
    void dump(uint64_t t)
    {
        if (dumped && t <= time) return;
#if VM_TRACE_FST
        if (tfp) tfp->dump(t);
#endif
        time = t;
        dumped = true;
    }
};

// Lower the clock after a rising edge.  The falling edge clocks nothing,
// but every eval() of a Verilator 5 model re-runs all its input-driven
// logic first, whether or not an input changed: for the node that is
// about a sixth of a cycle's work, spent on values already settled.  When
// the model keeps its clock's last seen value where we can reach it (the
// root class, whose header the shim includes), record the low clock there
// as that eval() would and skip it; any other model gets its eval().  The
// engines' lockstep against the C models compares every output every
// cycle, so a model where the shortcut changed a value could not pass.
template <typename M> auto clock_low(M *m, int) -> decltype((void)(m->rootp->__Vtrigrprev__TOP__clk_i = 0))
{
    m->clk_i = 0;
    m->rootp->__Vtrigrprev__TOP__clk_i = 0;
}
template <typename M> void clock_low(M *m, long)
{
    m->clk_i = 0;
    m->eval();
}
template <typename M> void clock_low(M *m) { clock_low(m, 0); }
} // namespace wc_shim

// The one exported symbol of an engine: its table.
#define WC_SHIM_ENTRY(type, name, table) \
    extern "C" const type *name(void) { return &table; }
#endif
