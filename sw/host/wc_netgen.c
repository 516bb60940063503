/* SPDX-License-Identifier: Apache-2.0 */
#include "wc_netgen.h"
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "wc_defs.h"
#include "wc_route.h"
#include "wc_err.h"

void wc_router_params(const wc_topo *t, int W, int B, wc_param out[WC_ROUTER_NPARAMS])
{
    int caw = 1, k = 0;
    const wc_routing *f = wc_routing_by_id(t->routing);
    long geo[WC_RG_N] = { 1, 0, 1, 1, 1 };
    wc_route_ctx x;
    wc_topo_route_ctx(t, 0, &x);
    if (f)
        f->rtl_params(&x, geo);   /* the function's netgen hook */
    while ((1L << caw) < 2L * t->nnodes + t->nports)
        caw++;
#define PARAM(n, v) do { out[k].name = n; out[k].value = (v); k++; } while (0)
    PARAM("P", t->nports);
    PARAM("W", W);
    PARAM("B", B);
    PARAM("ROUTING", t->routing);
    PARAM("CUBE_N", geo[WC_RG_CUBE_N]);
    PARAM("ALL_PORT", geo[WC_RG_ALL_PORT]);
    PARAM("HIGH_FIRST", geo[WC_RG_HIGH_FIRST]);
    PARAM("MESH_X", geo[WC_RG_MESH_X]);
    PARAM("MESH_Y", geo[WC_RG_MESH_Y]);
    PARAM("NNODES", t->nnodes);
    PARAM("CAW", caw);
    PARAM("STAGES", t->stages);
#undef PARAM
}

/* The NIC's parameters by their RTL names, in the RTL's order: the one
 * list wc_nic_params prints and wc_nic_cfg_parse sets (the first three
 * follow the topology and the tool's options: not settable by name). */
#define NIC_FIXED 3
static const struct { const char *name; size_t off; } nic_fields[WC_NIC_NPARAMS] = {
    { "NNODES", offsetof(wc_nic_cfg, nnodes) },   { "W", offsetof(wc_nic_cfg, W) },
    { "B", offsetof(wc_nic_cfg, B) },             { "PAYLOAD", offsetof(wc_nic_cfg, payload) },
    { "NSLOT", offsetof(wc_nic_cfg, nslot) },     { "JSEND", offsetof(wc_nic_cfg, jsend) },
    { "JFWD", offsetof(wc_nic_cfg, jfwd) },       { "NCTX", offsetof(wc_nic_cfg, nctx) },
    { "NGROUPS", offsetof(wc_nic_cfg, ngroups) }, { "TXWIN", offsetof(wc_nic_cfg, txwin) },
    { "MAXCHILD", offsetof(wc_nic_cfg, maxchild) },
};

void wc_nic_params(const wc_nic_cfg *c, wc_param out[WC_NIC_NPARAMS])
{
    int k;
    for (k = 0; k < WC_NIC_NPARAMS; k++) {
        out[k].name = nic_fields[k].name;
        out[k].value = *(const int *)(const void *)((const char *)c + nic_fields[k].off);
    }
}

void wc_node_params(const wc_node_soc_cfg *c, wc_param out[WC_NODE_NPARAMS])
{
    wc_nic_params(&c->nic, out);
    out[WC_NIC_NPARAMS].name = "RAM_BYTES";
    out[WC_NIC_NPARAMS].value = (long)c->ram_bytes;
    out[WC_NIC_NPARAMS + 1].name = "MD_STEPS";
    out[WC_NIC_NPARAMS + 1].value = c->md_steps;
}

int wc_nic_cfg_parse(wc_nic_cfg *c, const char *list, char *err, int errlen)
{
    const char *p = list;
    unsigned seen = 0;
    if (!list || !*list)
        return wc_err(err, errlen, "--nic: an empty list (K=V,... with K one of " WC_NIC_CFG_KEYS ")");
    if (strlen(list) > 256)
        return wc_err(err, errlen, "--nic: the list is longer than 256 characters");
    while (*p) {
        size_t kl = strcspn(p, "=,");
        int i;
        long v;
        char *end;
        for (i = NIC_FIXED; i < WC_NIC_NPARAMS; i++)
            if (strlen(nic_fields[i].name) == kl && !strncmp(p, nic_fields[i].name, kl))
                break;
        if (i == WC_NIC_NPARAMS || p[kl] != '=')
            return wc_err(err, errlen, "--nic: '%.*s' is not K=V with K one of " WC_NIC_CFG_KEYS,
                          (int)strcspn(p, ","), p);
        if (seen & 1u << i)
            return wc_err(err, errlen, "--nic: %s given twice", nic_fields[i].name);
        seen |= 1u << i;
        p += kl + 1;
        errno = 0;
        v = strtol(p, &end, 10);
        if (*p < '0' || *p > '9' || (*end && *end != ',') || v < 1)
            return wc_err(err, errlen, "--nic: %s takes a positive number (got '%.*s')", nic_fields[i].name,
                          (int)strcspn(p, ","), p);
        /* a number, too large for any NIC parameter (each has its own
         * range, checked with the others, wc_nic_cfg_check) */
        if (errno || v > 1 << 20)
            return wc_err(err, errlen, "--nic: %s=%.*s is out of range (at most 2^20; the NIC's own range is "
                          "narrower)", nic_fields[i].name, (int)strcspn(p, ","), p);
        *(int *)(void *)((char *)c + nic_fields[i].off) = (int)v;
        p = *end ? end + 1 : end;
        if (*end && !*p)
            return wc_err(err, errlen, "--nic: the list ends with a comma");
    }
    return 0;
}

/* Flat port index r*P+p is the unit of every bus below, so the harness
 * (verif/net/wc_rtl_shim.cpp) and the C model (cmodel/wc_net.c) address
 * ports the same way. */
int wc_netgen_verilog(const wc_topo *t, int W, int B, FILE *f)
{
    const int R = t->nrouters, P = t->nports, FW = W + 2, NP = R * P;
    int r, p, caw = 0;
    wc_param prm0[WC_ROUTER_NPARAMS];
    wc_router_params(t, W, B, prm0);
    for (r = 0; r < WC_ROUTER_NPARAMS; r++)
        if (!strcmp(prm0[r].name, "CAW"))
            caw = (int)prm0[r].value;
    fprintf(f,
        "`default_nettype none\n"
        "`include \"wc_defs.vh\"\n"
        "// Generated by `wormcast netgen --topo %s --width %d --buffer %d%s`. Do not edit.\n"
        "// Port index i = router*%d + port on every bus.\n"
        "module wc_net_top (\n"
        "    input  wire             clk_i,\n"
        "    input  wire             rst_ni,\n"
        "    input  wire             cfg_we_i,\n"
        "    input  wire [15:0]      cfg_router_i,\n"
        "    input  wire [%d:0]      cfg_addr_i,\n"
        "    input  wire [7:0]       cfg_data_i,\n"
        "    // terminal side (used at ports wired to nodes, ignored elsewhere)\n"
        "    input  wire [%d:0]      ext_valid_i,\n"
        "    input  wire [%d:0]      ext_flit_i,\n"
        "    input  wire [%d:0]      ext_credit_i,\n"
        "    // every router port, for the terminals and the lockstep monitor\n"
        "    output wire [%d:0]      mon_valid_o,\n"
        "    output wire [%d:0]      mon_flit_o,\n"
        "    output wire [%d:0]      mon_credit_o,\n"
        "    output wire [%d:0]      mon_abs_valid_o,\n"
        "    output wire [%d:0]      mon_abs_flit_o,\n"
        "    output wire [%d:0]      mon_drops_o\n"
        ");\n",
        t->name, W, B, t->stages == 2 ? " --router-stages 2" : "", P, caw - 1, NP - 1, NP * FW - 1, NP - 1, NP - 1, NP * FW - 1, NP - 1, NP - 1, NP * FW - 1,
        R * 16 - 1);
    fprintf(f, "    localparam integer FW = %d;\n", FW);
    fprintf(f, "    wire [%d:0] iv, ic, ov, oc;\n    wire [%d:0] ifl, ofl;\n", NP - 1, NP * FW - 1);
    /* wiring */
    for (r = 0; r < R; r++)
        for (p = 0; p < P; p++) {
            wc_endpoint e = t->peer[r * P + p];
            int i = r * P + p;
            if (e.router >= 0) {
                int j = e.router * P + e.port;
                fprintf(f, "    assign iv[%d] = ov[%d]; assign ifl[%d*FW +: FW] = ofl[%d*FW +: FW]; assign oc[%d] = ic[%d];\n",
                        i, j, i, j, i, j);
            } else if (e.router == WC_PEER_NODE) {
                fprintf(f, "    assign iv[%d] = ext_valid_i[%d]; assign ifl[%d*FW +: FW] = ext_flit_i[%d*FW +: FW]; assign oc[%d] = ext_credit_i[%d];\n",
                        i, i, i, i, i, i);
            } else {
                fprintf(f, "    assign iv[%d] = 1'b0; assign ifl[%d*FW +: FW] = {FW{1'b0}}; assign oc[%d] = 1'b0;\n", i, i, i);
            }
        }
    fprintf(f,
        "    // Link-side inputs of ports wired to other routers are not read.\n"
        "    /* verilator lint_off UNUSEDSIGNAL */\n"
        "    wire unused_ext = ^{ext_valid_i, ext_flit_i, ext_credit_i};\n"
        "    /* verilator lint_on UNUSEDSIGNAL */\n"
        "    assign mon_valid_o = ov;\n    assign mon_flit_o = ofl;\n    assign mon_credit_o = ic;\n\n");
    fprintf(f, "    genvar r;\n    generate\n        for (r = 0; r < %d; r = r + 1) begin : g_r\n", R);
    {
        wc_param prm[WC_ROUTER_NPARAMS];
        int k;
        wc_router_params(t, W, B, prm);
        fprintf(f, "            wc_router #(");
        for (k = 0; k < WC_ROUTER_NPARAMS; k++)
            fprintf(f, "%s.%s(%ld)", k ? ", " : "", prm[k].name, prm[k].value);
        fprintf(f, ") u_router (\n"
            "                .clk_i(clk_i), .rst_ni(rst_ni), .node_id_i(`WC_HEAD_DST_W'(r)),\n"
            "                .cfg_we_i(cfg_we_i && cfg_router_i == 16'(r)), .cfg_addr_i(cfg_addr_i), .cfg_data_i(cfg_data_i),\n"
            "                .in_valid_i(iv[r*%d +: %d]), .in_flit_i(ifl[r*%d +: %d]), .in_credit_o(ic[r*%d +: %d]),\n"
            "                .out_valid_o(ov[r*%d +: %d]), .out_flit_o(ofl[r*%d +: %d]), .out_credit_i(oc[r*%d +: %d]),\n"
            "                .abs_valid_o(mon_abs_valid_o[r*%d +: %d]), .abs_flit_o(mon_abs_flit_o[r*%d +: %d]),\n"
            "                .drop_count_o(mon_drops_o[r*16 +: 16])\n"
            "            );\n",
            P, P, P * FW, P * FW, P, P, P, P, P * FW, P * FW, P, P, P, P, P * FW, P * FW);
    }
    fprintf(f, "        end\n    endgenerate\nendmodule\n`resetall\n");
    return 0;
}
