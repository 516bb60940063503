/* SPDX-License-Identifier: Apache-2.0 */
/* The Verilated RTL of a whole network, behind the same narrow interface
 * as the C model (cmodel/wc_net.h), built on first use and loaded with
 * dlopen through the typed engine ABI (defs/wc_engine_abi.h).  Two forms:
 *  - routers (default): one Verilated wc_router per router configuration
 *    (verif/net/build-engine.sh router -> BUILD/rtl/router_<params>/),
 *    wired per topology by verif/net/wc_rtl_routers.cpp;
 *  - flat: the generated network top wc_net_top.v verilated whole
 *    (verif/net/build-engine.sh flat -> BUILD/rtl/<topology>_w<W>_b<B>[_fst]/),
 *    slow to compile, but can dump every internal signal to FST.
 * Where the sources and BUILD are: wc_rtl_where_get() and
 * docs/rtl-engine.md. */
#ifndef WC_RTL_H
#define WC_RTL_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include "wc_topo.h"
#include "wc_nic.h"
#include "wc_node_soc.h"

#include "wc_engine_abi.h"

typedef struct wc_rtl wc_rtl;

/* flat: use the whole-network build; trace: its FST-capable variant.
 * Prints build progress to stderr.  NULL with a message on failure. */
wc_rtl *wc_rtl_open(const wc_topo *t, int W, int B, int flat, int trace, char *err, int errlen);
void wc_rtl_close(wc_rtl *m);
int wc_rtl_trace(wc_rtl *m, const char *path);  /* start an FST dump (flat form only) */
void wc_rtl_reset(wc_rtl *m, int cycles);
void wc_rtl_cfg(wc_rtl *m, int router, unsigned addr, unsigned data);
void wc_rtl_set_ext(wc_rtl *m, int idx, int valid, uint64_t flit, int credit);
void wc_rtl_eval(wc_rtl *m);
void wc_rtl_get(wc_rtl *m, int idx, int *valid, uint64_t *flit, int *credit);
void wc_rtl_get_abs(wc_rtl *m, int idx, int *valid, uint64_t *flit);  /* absorption channel */
unsigned wc_rtl_drops(wc_rtl *m, int r);
void wc_rtl_tick(wc_rtl *m);
/* RTL assertions (defs/wc_engine_abi.h): Verilator's text of the first
 * assertion that failed since the model was opened, or NULL; for each
 * kind of model.  wc_rtl_failure_text() makes it one line, "INSTANCE:
 * MESSAGE (FILE:LINE)" for an assertion. */
const char *wc_rtl_failure(const wc_rtl *m);
void wc_rtl_failure_text(const char *raw, char *out, size_t n);
/* The NICs of a network: count Verilated wc_nic models of configuration
 * c (node ids 0..count-1, sampled in reset), built on first use by
 * verif/net/build-engine.sh nic into BUILD/rtl/nic_<params>/.  Per cycle:
 * get (this cycle's outputs, from registers), set (this cycle's inputs),
 * then tick (the clock edge of all of them). */
typedef struct wc_rtl_nic wc_rtl_nic;
wc_rtl_nic *wc_rtl_nic_open(const wc_nic_cfg *c, int count, char *err, int errlen);
void wc_rtl_nic_close(wc_rtl_nic *m);
void wc_rtl_nic_reset(wc_rtl_nic *m, int cycles);
void wc_rtl_nic_get(wc_rtl_nic *m, int i, wc_nic_out *o);
void wc_rtl_nic_set(wc_rtl_nic *m, int i, const wc_nic_in *in);
void wc_rtl_nic_tick(wc_rtl_nic *m);
const char *wc_rtl_nic_failure(const wc_rtl_nic *m);

/* The node SoCs of a system (core, RAM, devices, NIC; defs/wc_node_port.h):
 * count Verilated wc_node_soc models of configuration c, node ids
 * 0..count-1, built on first use by verif/net/build-engine.sh node into
 * BUILD/rtl/node_<params>/, able to trace any node.  load() only before
 * the first reset.  Per cycle as for the NICs. */
typedef struct wc_rtl_node wc_rtl_node;
wc_rtl_node *wc_rtl_node_open(const wc_node_soc_cfg *c, int count, char *err, int errlen);
void wc_rtl_node_close(wc_rtl_node *m);
void wc_rtl_node_load(wc_rtl_node *m, int i, uint32_t addr, const uint32_t *w, uint32_t n);
void wc_rtl_node_reset(wc_rtl_node *m, int cycles);
void wc_rtl_node_get(wc_rtl_node *m, int i, wc_node_out *o);
void wc_rtl_node_set(wc_rtl_node *m, int i, const wc_node_in *in);
void wc_rtl_node_tick(wc_rtl_node *m);
const char *wc_rtl_node_failure(const wc_rtl_node *m);
/* FST of node i from now on: 0, or -1 when it is traced already */
int wc_rtl_node_trace(wc_rtl_node *m, int i, const char *path);
void wc_rtl_node_trace_close(wc_rtl_node *m);

/* Where the RTL engine finds its sources and builds its models, each
 * with how it was chosen (for messages and `wormcast --help`):
 *  root:  $WORMCAST_ROOT (what the global option --root DIR sets); else
 *         the installed copy next to the binary (BIN/../share/wormcast);
 *         else the checkout the binary was built from.
 *  build: $WORMCAST_BUILD (--build-dir DIR); else, for the checkout the
 *         binary was built from, the directory it was built in (make
 *         BUILD=..., default ROOT/build); for another checkout ROOT/build;
 *         for an installed copy the per-user cache
 *         ${XDG_CACHE_HOME:-$HOME/.cache}/wormcast.
 * Models go to BUILD/rtl/<model>/.  0, or -1 with a message naming what
 * was tried and how to set it. */
/* paths longer than this are refused (PATH_MAX is POSIX, not C99) */
#define WC_RTL_PATH_MAX 4096
typedef struct {
    char root[WC_RTL_PATH_MAX], build[WC_RTL_PATH_MAX];
    const char *root_from, *build_from;
} wc_rtl_where;
int wc_rtl_where_get(wc_rtl_where *w, char *err, int errlen);

/* Repository root (for build scripts and outputs): wc_rtl_where_get()'s
 * root, or "." when there is none. */
const char *wc_root(void);
/* Its build directory (outputs such as waveforms go below it), or
 * "build" when there is none. */
const char *wc_build_dir(void);
/* mkdir -p dir: 0, or -1 with a message naming the directory and why. */
int wc_mkdirs(const char *dir, char *err, int errlen);
/* The SystemC engine (defs/wc_engine_abi.h, WC_ENGINE_SC_NET): the
 * shared object `make sc` builds into BUILD/sc/libwcsc.so (not built on
 * demand: it needs the SystemC library), loaded once per process and kept.
 * Its table, or NULL with a message saying how to build it. */
const wc_engine_sc_abi *wc_sc_load(char *err, int errlen);

#endif
