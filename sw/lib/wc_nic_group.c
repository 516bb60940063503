/* SPDX-License-Identifier: Apache-2.0 */
/* Group table with the id rule of Yu, Buntinas and Panda, ICPP 2003 Section 5.4, and the FPFS/FCFS orders of
 * Kesavan and Panda, ICPP 1997 Section 3. */
#include "wc_nic_group.h"

void wc_nic_gtab_init(wc_nic_gtab *t, unsigned self, unsigned nnodes)
{
    unsigned i;
    t->self = self;
    t->nnodes = nnodes;
    t->maxchild = WC_NIC_MAX_CHILDREN;
    for (i = 0; i < (unsigned)WC_NIC_GROUPS; i++) {
        t->g[i].valid = 0;
        t->g[i].nchild = 0;
        t->g[i].parent = WC_NIC_NO_PARENT;
    }
}

int wc_nic_group_check(const wc_nic_gtab *t, unsigned gid, unsigned parent,
                       const uint16_t *children, unsigned n, int *child, int *dup)
{
    unsigned i, k;
    int root = parent == (unsigned)WC_NIC_NO_PARENT;

    *child = *dup = -1;
    if (!t || gid == 0 || gid >= (unsigned)WC_NIC_GROUPS)
        return -WC_NIC_ST_NOGROUP;
    if ((!root && (parent >= t->nnodes || parent == t->self)) || t->self >= t->nnodes)
        return -WC_NIC_ST_BADDST;
    if (n > t->maxchild || n > (unsigned)WC_NIC_MAX_CHILDREN || (root && n == 0) || (n && !children))
        return -WC_NIC_ST_NODST;
    for (i = 0; i < n; i++) {
        *child = (int)i;
        if (children[i] >= t->nnodes)
            return -WC_NIC_ST_BADDST;
        if (children[i] == t->self || (!root && children[i] == parent))
            return -WC_NIC_ST_IDRULE;
        /* The root sends with its send token only, so it cannot be in a
         * receive-token cycle and its children may have any ids. */
        if (!root && children[i] <= t->self)
            return -WC_NIC_ST_IDRULE;
        for (k = 0; k < i; k++)
            if (children[k] == children[i]) {
                *dup = (int)k;
                return -WC_NIC_ST_IDRULE;
            }
    }
    *child = -1;
    return 0;
}

int wc_nic_group_set(wc_nic_gtab *t, unsigned gid, unsigned parent,
                     const uint16_t *children, unsigned n)
{
    unsigned i;
    int ci, dk, rc = wc_nic_group_check(t, gid, parent, children, n, &ci, &dk);
    wc_nic_group_ent *e;

    if (rc)
        return rc;
    e = &t->g[gid];
    e->parent = (uint16_t)parent;
    e->nchild = (uint8_t)n;
    for (i = 0; i < n; i++)
        e->child[i] = children[i];
    e->valid = 1;
    return 0;
}

int wc_nic_group_clear(wc_nic_gtab *t, unsigned gid)
{
    if (!t || gid == 0 || gid >= (unsigned)WC_NIC_GROUPS)
        return -WC_NIC_ST_NOGROUP;
    t->g[gid].valid = 0;
    t->g[gid].nchild = 0;
    return 0;
}

const wc_nic_group_ent *wc_nic_group_get(const wc_nic_gtab *t, unsigned gid)
{
    if (!t || gid == 0 || gid >= (unsigned)WC_NIC_GROUPS || !t->g[gid].valid)
        return 0;
    return &t->g[gid];
}

int wc_nic_group_child_index(const wc_nic_group_ent *e, unsigned id)
{
    unsigned i;
    for (i = 0; e && i < e->nchild; i++)
        if (e->child[i] == id)
            return (int)i;
    return -1;
}

int wc_nic_tree_check(const int *parent, unsigned n, unsigned root, int *bad)
{
    unsigned v;
    for (v = 0; v < n; v++) {
        int p = parent[v];
        if (v == root || p < 0)
            continue;
        if ((unsigned)p != root && (unsigned)p >= v) {
            if (bad)
                *bad = (int)v;
            return -WC_NIC_ST_IDRULE;
        }
    }
    return 0;
}

int wc_nic_send_order(int mode, unsigned m, unsigned c,
                      wc_nic_send *out, unsigned nout)
{
    unsigned i;
    if (mode != WC_NIC_MODE_FPFS && mode != WC_NIC_MODE_FCFS)
        return -WC_NIC_ST_BADOP;
    if (m < 1 || c < 1 || !out || nout < m * c || m > 65535u || c > 65535u)
        return -WC_NIC_ST_BADLEN;
    for (i = 0; i < m * c; i++) {
        out[i].pkt = (uint16_t)(mode == WC_NIC_MODE_FPFS ? i / c : i % m);
        out[i].child = (uint16_t)(mode == WC_NIC_MODE_FPFS ? i % c : i / m);
    }
    return (int)(m * c);
}

int wc_nic_peak_buffers(int mode, unsigned m, unsigned c,
                        unsigned *last, unsigned nlast)
{
    unsigned i, j, step = 0, peak = 0;
    wc_nic_send r;

    if (mode != WC_NIC_MODE_FPFS && mode != WC_NIC_MODE_FCFS)
        return -WC_NIC_ST_BADOP;
    if (m < 1 || c < 1 || m > 65535u || c > 65535u || !last || nlast < m)
        return -WC_NIC_ST_BADLEN;
    /* Each replica leaves in the step after the previous one and after
     * the packet arrived (arrival of packet j at the end of step j+1). */
    for (i = 0; i < m * c; i++) {
        r.pkt = (uint16_t)(mode == WC_NIC_MODE_FPFS ? i / c : i % m);
        step = step + 1 > r.pkt + 2u ? step + 1 : r.pkt + 2u;
        last[r.pkt] = step;
    }
    /* Packet i is held during steps i+2..last[i]; the occupancy peaks at
     * the start of some holding interval. */
    for (j = 0; j < m; j++) {
        unsigned n = 0;
        for (i = 0; i <= j; i++)
            if (last[i] >= j + 2u)
                n++;
        if (n > peak)
            peak = n;
    }
    return (int)peak;
}
