/* SPDX-License-Identifier: Apache-2.0 */
/* How an RTL assertion reaches the tool's report instead of its stdout.
 *
 * Verilator prints an assertion's message ("[T] %Error: FILE:LINE:
 * Assertion failed in INSTANCE: MESSAGE") through VL_PRINTF, then stops
 * the model (an abort unless the context's fatalOnError is off).  The
 * Verilator runtime of the engines (verif/net/build-engine.sh) and of the
 * SystemC layer (mk/sc.mk) is compiled with this header forced in
 * (-include), so its VL_PRINTF is wc_vl_printf below: with capture off (a
 * program that never asks, such as the NIC bench) it prints as before;
 * with capture on (an engine shim, defs/wc_engine_abi.h's failure()) the
 * first "%Error" text is kept for the tool to report with the cycle and
 * nothing of it reaches stdout, where the tool writes its CSV.
 *
 * The definitions are weak: every object compiled with the header holds
 * a copy, the linker keeps one per shared object, so each engine loaded
 * with RTLD_LOCAL has its own state.  C++ only. */
#ifndef WC_VL_HOOK_H
#define WC_VL_HOOK_H
#ifdef __cplusplus
#include <cstdarg>
#include <cstdio>
#include <cstring>

struct wc_vl_capture_state {
    int on;         /* keep "%Error" text instead of printing it */
    int got;        /* text holds the first one since capture went on */
    char text[1024];
};

extern "C" __attribute__((weak)) wc_vl_capture_state *wc_vl_capture(void)
{
    static wc_vl_capture_state s;
    return &s;
}

/* Capture on (and forget an earlier failure), or off. */
extern "C" __attribute__((weak)) void wc_vl_capture_set(int on)
{
    wc_vl_capture_state *s = wc_vl_capture();
    s->on = on;
    s->got = 0;
    s->text[0] = 0;
}

extern "C" __attribute__((weak, format(printf, 1, 2))) int wc_vl_printf(const char *fmt, ...)
{
    wc_vl_capture_state *s = wc_vl_capture();
    char buf[sizeof s->text];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (s->on && std::strstr(buf, "%Error")) {
        if (!s->got) {
            std::memcpy(s->text, buf, sizeof buf);
            s->got = 1;
        }
        return n;
    }
    if (n >= (int)sizeof buf) { /* longer than the buffer: print it whole */
        va_start(ap, fmt);
        n = std::vprintf(fmt, ap);
        va_end(ap);
        return n;
    }
    return std::fputs(buf, stdout) < 0 ? -1 : n;
}

#undef VL_PRINTF
#define VL_PRINTF wc_vl_printf
#endif
#endif
