// SPDX-License-Identifier: Apache-2.0
// The NIC's parameter ranges (wc_nic_cfg_check() in the C model), one check
// per parameter for the initial blocks of rtl/nic/: every unit checks the
// parameters it takes, so a unit built alone is checked as well as the
// whole NIC, and a range is written once.
`ifndef WC_NIC_CHECKS_VH
`define WC_NIC_CHECKS_VH
`include "wc_defs.vh"

`define WC_NIC_CHECK_NNODES \
    if (NNODES < 2 || NNODES > `WC_MAX_NODES) \
        $error("%m: NNODES must be 2..%0d (got %0d)", `WC_MAX_NODES, NNODES);
`define WC_NIC_CHECK_W \
    if (W < 32 || W > 62) $error("%m: W must be 32..62 (got %0d)", W);
`define WC_NIC_CHECK_B \
    if (B < 1 || B > 255) $error("%m: B must be 1..255 (got %0d)", B);
`define WC_NIC_CHECK_PAYLOAD \
    if (PAYLOAD < 4 || PAYLOAD > `WC_NIC_PAYLOAD || PAYLOAD % 4 != 0) \
        $error("%m: PAYLOAD must be a multiple of 4 in 4..%0d (got %0d)", `WC_NIC_PAYLOAD, PAYLOAD);
`define WC_NIC_CHECK_NSLOT \
    if (NSLOT < 1 || NSLOT > 128) $error("%m: NSLOT must be 1..128 (got %0d)", NSLOT);
`define WC_NIC_CHECK_JSEND \
    if (JSEND < 1 || JSEND > 8) $error("%m: JSEND must be 1..8 (got %0d)", JSEND);
`define WC_NIC_CHECK_JFWD \
    if (JFWD < 1 || JFWD > 8) $error("%m: JFWD must be 1..8 (got %0d)", JFWD);
// all jobs, send and forwarding
`define WC_NIC_CHECK_J \
    if (J < 2 || J > 16) $error("%m: J must be 2..16 (got %0d)", J);
`define WC_NIC_CHECK_NCTX \
    if (NCTX < 1 || NCTX > 16) $error("%m: NCTX must be 1..16 (got %0d)", NCTX);
`define WC_NIC_CHECK_NGROUPS \
    if (NGROUPS < 2 || NGROUPS > `WC_NIC_GROUPS) \
        $error("%m: NGROUPS must be 2..%0d (got %0d)", `WC_NIC_GROUPS, NGROUPS);
`define WC_NIC_CHECK_TXWIN \
    if (TXWIN < 1 || TXWIN > `WC_NIC_WINDOW) \
        $error("%m: TXWIN must be 1..%0d (got %0d)", `WC_NIC_WINDOW, TXWIN);
`define WC_NIC_CHECK_MAXCHILD \
    if (MAXCHILD < 1 || MAXCHILD > `WC_NIC_MAX_CHILDREN) \
        $error("%m: MAXCHILD must be 1..%0d (got %0d)", `WC_NIC_MAX_CHILDREN, MAXCHILD);
// the width of a packet count or index (the top derives it from PAYLOAD)
`define WC_NIC_CHECK_KW \
    if (KW < 1 || KW > 16) $error("%m: KW must be 1..16 (got %0d)", KW);
// ... which must count the packets of the largest message
`define WC_NIC_CHECK_KW_NPK \
    if ((`WC_NIC_MAX_MSG + PAYLOAD - 1) / PAYLOAD >= (1 << KW)) \
        $error("%m: KW = %0d cannot count the %0d packets of the largest message", KW, \
               (`WC_NIC_MAX_MSG + PAYLOAD - 1) / PAYLOAD);

`endif
