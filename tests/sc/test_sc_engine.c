/* SPDX-License-Identifier: Apache-2.0 */
/* The SystemC engine (WC_IMPL_SC of sw/host/wc_engine.h) as a program
 * other than the wormcast CLI sees it: routers and NICs of cube:4 come out
 * of reset idle and stay idle without inputs, every NIC register reads
 * over the slave bus as the C model's, and a second SystemC simulation in the
 * same process is refused with a message saying why, before and after the
 * first one is closed (the kernel elaborates once per process). */
#include <string.h>
#include "../wc_test.h"
#include "wc_engine.h"
#include "wc_msg.h"
#include "wc_defs.h"
#include "wc_lockstep.h"

static int has(const char *s, const char *part) { return strstr(s, part) != NULL; }

int main(void)
{
    char err[1024];
    wc_topo *t = wc_topo_create("cube:4", err, sizeof err);
    wc_msg_opts mo;
    wc_nic_cfg nc;
    wc_node_soc_cfg node;
    wc_engine_cfg ec;
    wc_engine *e = NULL, *e2;
    unsigned char rtl[16];
    wc_nic_in idle;
    if (!t) {
        printf("FAIL cube:4: %s\n", err);
        return 1;
    }
    memset(&idle, 0, sizeof idle);
    wc_msg_defaults(&mo);
    CHECK(!wc_msg_nic_cfg(t, &mo, &nc, err, sizeof err), "NIC configuration: %s", err);
    memset(&ec, 0, sizeof ec);
    ec.t = t;
    ec.width = mo.width;
    ec.buffer = mo.buffer;
    ec.nic = &nc;
    CHECK(!wc_engine_parse_nodes("5", t->nnodes, rtl, err, sizeof err), "--rtl-nodes 5: %s", err);
    ec.sc_rtl = rtl;
    GROUP("node SoCs are refused before anything is elaborated", {
        wc_engine_cfg nc2 = ec;
        memset(&node, 0, sizeof node);
        nc2.nic = NULL;
        nc2.node = &node;
        err[0] = 0;
        CHECK(!wc_engine_open(WC_IMPL_SC, &nc2, "SystemC", err, sizeof err) && has(err, "not node SoCs"),
              "node SoCs: %s", err);
    });
    GROUP("cube:4 with node 5's router and NIC RTL: idle after reset, registers read over the bus", {
        int n, p, k, busy = 0;
        e = wc_engine_open(WC_IMPL_SC, &ec, "SystemC", err, sizeof err);
        CHECK(e != NULL, "open: %s", err);
        for (k = 0; e && k < 20; k++) {
            for (n = 0; n < t->nnodes; n++) {
                const wc_nic_out *o = wc_engine_nic_eval(e, n);
                busy |= o->tx_valid || o->m_cyc || o->s_ack || o->irq;
            }
            for (n = 0; n < t->nrouters; n++)
                for (p = 0; p < t->nports; p++) {
                    int v, c;
                    uint64_t f;
                    wc_engine_net_port(e, n, p, &v, &f, &c);
                    busy |= v || c;
                }
            for (n = 0; n < t->nnodes; n++)
                wc_engine_nic_set(e, n, &idle);
            wc_engine_tick(e);
        }
        CHECK(e && !busy, "a router port or NIC output moved without inputs");
        CHECK(e && !wc_engine_nic_snapshot(e, err, sizeof err), "snapshot: %s", err);
        /* every register as the C model's after as many idle cycles (the
         * node id each NIC latched in reset among them) */
        {
            wc_engine *c = wc_engine_open(WC_IMPL_C, &ec, "C model", err, sizeof err);
            wc_mismatch mm;
            wc_mismatch_clear(&mm);
            CHECK(c != NULL, "C model: %s", err);
            for (k = 0; c && k < 20; k++) {
                for (n = 0; n < t->nnodes; n++)
                    (void)wc_engine_nic_eval(c, n);
                wc_engine_net_eval(c);
                for (n = 0; n < t->nnodes; n++)
                    wc_engine_nic_set(c, n, &idle);
                wc_engine_tick(c);
            }
            CHECK(c && !wc_engine_nic_snapshot(c, err, sizeof err), "C snapshot: %s", err);
            CHECK(c && e && !wc_lockstep_compare_regs(c, e, k, &mm), "registers: %s", mm.text);
            CHECK(e && wc_engine_nic_snap(e, 4, WC_NICR_ID) != wc_engine_nic_snap(e, 5, WC_NICR_ID),
                  "nodes 4 and 5 read the same NICR_ID");
            wc_engine_close(c);
        }
    });
    GROUP("a second SystemC simulation in the process is refused, saying why", {
        err[0] = 0;
        e2 = wc_engine_open(WC_IMPL_SC, &ec, "SystemC 2", err, sizeof err);
        CHECK(!e2 && has(err, "one simulation per process"), "second open: %s", err[0] ? err : "accepted");
        wc_engine_close(e);
        err[0] = 0;
        e2 = wc_engine_open(WC_IMPL_SC, &ec, "SystemC 3", err, sizeof err);
        CHECK(!e2 && has(err, "one simulation per process"), "after close: %s", err[0] ? err : "accepted");
    });
    wc_topo_free(t);
    return wc_test_done();
}
