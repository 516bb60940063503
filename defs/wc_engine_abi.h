/* SPDX-License-Identifier: Apache-2.0 */
/* The ABI between the wormcast tool (sw/host/wc_rtl.c, the loader) and
 * the Verilated engines it builds on demand and loads with dlopen
 * (verif/net/wc_rtl_*.cpp, the shims).  Plain C, so the C++ shims and the
 * C loader compile the same declarations and the compiler checks both
 * sides against them (docs/rtl-engine.md).
 *
 * One shared object holds one engine of one kind and exports exactly one
 * entry symbol for it, a function returning the engine's table of
 * operations.  Every table starts with a wc_engine_abi_head; the loader
 * looks up the entry of the kind it wants with one dlsym, calls it, and
 * refuses the object, naming it, unless version, kind and table size are
 * the ones it was compiled with.  So:
 *  - changing a table, a signature or a struct the tables pass
 *    (wc_nic_in, wc_nic_out) bumps WC_ENGINE_ABI_VERSION;
 *  - a new kind of engine (the node engine, the SystemC engine) is a
 *    new kind number, a new table type and a new
 *    entry symbol, never a new convention.
 *
 * Conventions of every table: create() returns an opaque handle, or NULL
 * with a message in err (a shim never throws across this boundary and
 * never prints); every other operation takes that handle; destroy() frees
 * it.  Indices are not checked by the engines: the loader's callers own
 * the ranges they pass.
 *
 * RTL assertions: an engine runs its Verilated models with Verilator's
 * fatal-on-error off, keeps the first assertion's message (defs/
 * wc_vl_hook.h) and prints nothing; every table's failure() returns it,
 * Verilator's own text ("[T] %Error: FILE:LINE: Assertion failed in
 * INSTANCE: MESSAGE"), or NULL while no assertion has failed since
 * create().  The caller asks after each tick() and ends the run. */
#ifndef WC_ENGINE_ABI_H
#define WC_ENGINE_ABI_H
#include <stdint.h>
#include "wc_nic_port.h"
#include "wc_node_port.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bump on any incompatible change of what this header declares. */
#define WC_ENGINE_ABI_VERSION 6u

typedef enum {
    WC_ENGINE_ROUTER_NET = 1, /* one Verilated wc_router per router, wired by the shim */
    WC_ENGINE_FLAT_NET = 2,   /* a generated network top (wc_net_top) verilated whole */
    WC_ENGINE_NICS = 3,       /* one Verilated wc_nic per node */
    WC_ENGINE_NODES = 4,      /* one Verilated wc_node_soc (core, RAM, devices, NIC) per node */
    WC_ENGINE_SC_NET = 5      /* one SystemC simulation (sc/): the routers and, when asked, one NIC
                               * per node, each the C model or the Verilated RTL */
} wc_engine_kind;

typedef struct {
    uint32_t abi_version; /* WC_ENGINE_ABI_VERSION the shim was compiled with */
    uint32_t kind;        /* wc_engine_kind */
    uint32_t size;        /* sizeof the whole table */
} wc_engine_abi_head;

/* A network of routers (both network kinds), mirroring cmodel/wc_net.h.
 * Ports are flat: index = router * ports + port on every bus.  One cycle:
 * set_ext() the terminal inputs, eval(), get()/get_abs() the outputs,
 * tick() the clock edge. */
typedef struct {
    wc_engine_abi_head head;
    /* routers x ports, flit_bits = W + 2 (type and data); peer[i] is the
     * flat index of the port across link i, -1 for none, -2 for a
     * terminal (node) port.  A flat network was generated for one
     * topology and refuses other dimensions. */
    void *(*create)(int routers, int ports, int flit_bits, const int *peer, char *err, int errlen);
    void (*destroy)(void *h);
    void (*reset)(void *h, int cycles);
    void (*cfg)(void *h, int router, unsigned addr, unsigned data);
    void (*set_ext)(void *h, int idx, int valid, uint64_t flit, int credit);
    void (*eval)(void *h);
    void (*get)(void *h, int idx, int *valid, uint64_t *flit, int *credit);
    void (*get_abs)(void *h, int idx, int *valid, uint64_t *flit); /* absorption channel */
    unsigned (*drops)(void *h, int router);
    void (*tick)(void *h);
    /* Start an FST dump of every signal into path: 0, or -1 when the
     * engine was built without tracing (router networks never trace). */
    int (*trace_open)(void *h, const char *path);
    void (*trace_close)(void *h);
    const char *(*failure)(void *h); /* the first RTL assertion's message, or NULL */
} wc_engine_net_abi;

/* The NICs of a network, mirroring cmodel/wc_nic.h: count NICs with node
 * ids 0..count-1.  One cycle: get() every output, set() every input,
 * tick() the clock edge of all of them. */
typedef struct {
    wc_engine_abi_head head;
    uint32_t in_size, out_size; /* sizeof(wc_nic_in), sizeof(wc_nic_out) in the shim */
    void *(*create)(int count, char *err, int errlen);
    void (*destroy)(void *h);
    void (*reset)(void *h, int cycles);
    void (*get)(void *h, int nic, wc_nic_out *o);
    void (*set)(void *h, int nic, const wc_nic_in *in);
    void (*tick)(void *h);
    /* FST of every signal of one NIC from now on, into a file of its own,
     * as for the node SoCs below (trace_close ends them all, after
     * dumping the cycle the run stopped in): 0, or -1 when the engine was
     * built without tracing (the default build: the loader builds a
     * traced variant of its own when a waveform is asked for) or nic is
     * traced already.  The caller checks that path can be written. */
    int (*trace_open)(void *h, int nic, const char *path);
    void (*trace_close)(void *h);
    const char *(*failure)(void *h); /* the first RTL assertion's message, or NULL */
} wc_engine_nics_abi;

/* The node SoCs of a system, mirroring cmodel/wc_node_soc.h: count nodes
 * with ids 0..count-1 (node_id_i), each told the system size (node_count_i).
 * The routers are a separate network engine wired by the caller, as for
 * the NICs.  load() writes RAM words through a back door (simulation only)
 * and is legal only while the nodes are held in reset, i.e. before the
 * first reset() returns or between destroy and create.  One cycle: get()
 * every output, set() every input, tick() the clock edge of all of them. */
typedef struct {
    wc_engine_abi_head head;
    uint32_t in_size, out_size; /* sizeof(wc_node_in), sizeof(wc_node_out) in the shim */
    uint32_t ram_bytes;         /* RAM_BYTES the model was built with */
    void *(*create)(int count, char *err, int errlen);
    void (*destroy)(void *h);
    /* byte address addr (4-aligned, inside RAM), nwords little-endian words */
    void (*load)(void *h, int node, uint32_t addr, const uint32_t *words, uint32_t nwords);
    void (*reset)(void *h, int cycles);
    void (*get)(void *h, int node, wc_node_out *o);
    void (*set)(void *h, int node, const wc_node_in *in);
    void (*tick)(void *h);
    /* FST of every signal of one node from now on, into a file of its
     * own (any number of nodes, each once; trace_close ends them all,
     * after dumping the cycle the run stopped in): 0, or -1 when the
     * engine was built without tracing or node is traced already.  The
     * caller checks that path can be written. */
    int (*trace_open)(void *h, int node, const char *path);
    void (*trace_close)(void *h);
    const char *(*failure)(void *h); /* the first RTL assertion's message, or NULL */
} wc_engine_nodes_abi;

/* A SystemC simulation of a network (sc/wc_sc_engine.cpp, built by
 * `make sc`, not on demand): wc::router per router and, with nic, wc::nic
 * per node, each instance the C model or the Verilated RTL as the spec
 * says, on one SystemC clock.  The routers' terminal ports and every NIC
 * port are signals the caller drives and reads, as with the router and
 * NIC tables above (every output is registered, so nothing is lost by
 * wiring NICs to routers outside SystemC).  One SystemC simulation can be
 * elaborated per process: a second create() fails, and the shared object
 * must stay loaded (RTLD_NODELETE) because the kernel keeps its modules.
 * Table routing is refused (the configuration port is not driven). */
typedef struct {
    const char *topo;           /* the topology's name, as wc_topo_create takes it */
    const char *routing;        /* its routing function (wc_topo_set_routing), NULL: the topology's default */
    int width, buffer;          /* W and B of the routers */
    int router_mutate;          /* the C routers' mutation (wc_router_cfg.mutate), 0 in real runs */
    const uint8_t *rtl_router;  /* [routers]: 1 the Verilated RTL, 0 the C model */
    const wc_nic_cfg *nic;      /* NULL: routers only; else one NIC per node (its mutate: the C NICs') */
    const uint8_t *rtl_nic;     /* [nodes], with nic: 1 the Verilated RTL, 0 the C model */
} wc_engine_sc_spec;

/* One cycle, as for the RTL engines: set_ext() and nic_set() the inputs,
 * get()/get_abs()/drops()/nic_get() the outputs (registered: valid from
 * the last edge on), tick() the rising edge of every router and NIC. */
typedef struct {
    wc_engine_abi_head head;
    uint32_t in_size, out_size;     /* sizeof(wc_nic_in), sizeof(wc_nic_out) in the shared object */
    uint32_t cfg_size, spec_size;   /* sizeof(wc_nic_cfg), sizeof(wc_engine_sc_spec) */
    void *(*create)(const wc_engine_sc_spec *spec, char *err, int errlen);
    void (*destroy)(void *h);
    void (*reset)(void *h, int cycles);
    void (*set_ext)(void *h, int idx, int valid, uint64_t flit, int credit);
    void (*get)(void *h, int idx, int *valid, uint64_t *flit, int *credit);
    void (*get_abs)(void *h, int idx, int *valid, uint64_t *flit);
    unsigned (*drops)(void *h, int router);
    void (*nic_get)(void *h, int nic, wc_nic_out *o);
    void (*nic_set)(void *h, int nic, const wc_nic_in *in);
    void (*tick)(void *h);
    /* a rising edge with the routers' terminal inputs idle (valid and
     * credit 0): the NICs clocked as if alone, for the register snapshot
     * after a run */
    void (*tick_idle_net)(void *h);
    /* "C" or "RTL": what implements router r, NIC n (for reports) */
    const char *(*router_impl)(void *h, int router);
    const char *(*nic_impl)(void *h, int nic);
    const char *(*failure)(void *h); /* the first RTL assertion's message, or NULL */
} wc_engine_sc_abi;

/* The entry symbols, one per kind: a shared object exports the one of
 * its kind.  The _SYM strings are what the loader passes to dlsym. */
const wc_engine_net_abi *wc_engine_router_net(void);
const wc_engine_net_abi *wc_engine_flat_net(void);
const wc_engine_nics_abi *wc_engine_nics(void);
const wc_engine_nodes_abi *wc_engine_nodes(void);
const wc_engine_sc_abi *wc_engine_sc(void);
#define WC_ENGINE_ROUTER_NET_SYM "wc_engine_router_net"
#define WC_ENGINE_FLAT_NET_SYM "wc_engine_flat_net"
#define WC_ENGINE_NICS_SYM "wc_engine_nics"
#define WC_ENGINE_NODES_SYM "wc_engine_nodes"
#define WC_ENGINE_SC_SYM "wc_engine_sc"

#ifdef __cplusplus
}
#endif
#endif
