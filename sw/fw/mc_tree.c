/* SPDX-License-Identifier: Apache-2.0 */
/* Tree placement of the multicast runtime (see mc_tree.h). */
#include "mc_tree.h"
#include "wc_kbin.h"
#include "wc_nic_group.h"
#include "wc_postal.h"

/* ids above what a head can address would be a configuration error */
typedef char mc_max_nodes_fits[MC_MAX_NODES <= WC_MAX_NODES ? 1 : -1];

/* One placement at a time (the firmware is single threaded): the whole
 * tree is built here, not on the small node stack. */
static int chain[MC_MAX_NODES], work[MC_MAX_NODES + 1], parent[MC_MAX_NODES];
static wc_edge edges[MC_MAX_NODES];

const char *mc_strerror(int err)
{
    switch (err) {
    case MC_OK: return "ok";
    case MC_E_ARG: return "bad argument";
    case MC_E_NOTMEMBER: return "this node is not a member of the group";
    case MC_E_IDRULE: return "tree breaks the NIC's id rule (a child id below its non-root parent's)";
    case MC_E_FANOUT: return "a node of the tree has more children than the NIC's group entry holds";
    case MC_E_TOPO: return "hypercube tree on a system that is not a hypercube";
    case MC_E_NIC: return "the NIC refused the request";
    case MC_E_MODE: return "forwarding mode does not match the NIC's mode";
    case MC_E_TOOBIG: return "message too big";
    case MC_E_STALL: return "every receive buffer holds a message nobody takes";
    case MC_E_TIMEOUT: return "wait limit passed";
    case MC_E_BUSY: return "group id or operation slot in use";
    case MC_E_NOMEM: return "buffer pool too small";
    default: return "unknown error";
    }
}

/* The library's tree for the description; fills edges[] (issue order)
 * and parent[].  Returns the number of edges or an MC_E_* code. */
static int build(const mc_tree *t, const uint16_t *members, unsigned n, unsigned root, unsigned nnodes, int *kused)
{
    uint32_t seen[(MC_MAX_NODES + 31) / 32];
    wc_tree tr;
    unsigned i, j, m = 0;
    int ne, rc = 0;
    if (!t || !members || n < 1 || n > MC_MAX_NODES || nnodes < 1 || nnodes > MC_MAX_NODES || root >= nnodes)
        return MC_E_ARG;
    for (i = 0; i < (MC_MAX_NODES + 31) / 32; i++)
        seen[i] = 0;
    for (i = 0; i < n; i++) {
        unsigned v = members[i];
        if (v >= nnodes || (seen[v / 32] >> (v % 32) & 1u))
            return MC_E_ARG;
        seen[v / 32] |= 1u << (v % 32);
    }
    if (!(seen[root / 32] >> (root % 32) & 1u))
        return MC_E_ARG;
    /* chain: the root, then the other members by increasing id */
    chain[m++] = (int)root;
    for (i = 0; i < nnodes; i++)
        if (i != root && (seen[i / 32] >> (i % 32) & 1u))
            chain[m++] = (int)i;
    tr.src = (int)root;
    tr.nedges = 0;
    tr.cap = MC_MAX_NODES;
    tr.edges = edges;
    *kused = 0;
    switch (t->kind) {
    case MC_TREE_BINOMIAL:
    case MC_TREE_KBIN:
    case MC_TREE_KBIN_OPT: {
        int k;
        if (t->kind == MC_TREE_KBIN) {
            k = t->k;
        } else if (t->kind == MC_TREE_BINOMIAL || n < 2) {
            k = wc_kbin_log2ceil((int)n);
        } else {
            unsigned pk = (t->msg_len + (unsigned)WC_NIC_PAYLOAD - 1u) / (unsigned)WC_NIC_PAYLOAD;
            k = wc_kbin_kopt((int)n, pk ? (int)pk : 1);
        }
        if (k < 1)
            k = 1;
        if (t->kind == MC_TREE_KBIN && t->k < 1)
            return MC_E_ARG;
        *kused = k;
        rc = wc_kbin_tree(chain, (int)n, k, &tr) < 0 ? MC_E_ARG : 0;
        break;
    }
    case MC_TREE_POSTAL:
        rc = wc_postal_tree(chain, (int)n, t->o, t->lat, &tr, work) < 0 ? MC_E_ARG : 0;
        break;
    case MC_TREE_HCUBE:
        /* the destinations: the chain without the root */
        rc = mc_tree_hcube ? mc_tree_hcube(t, root, chain + 1, n - 1, nnodes, work, &tr) : MC_E_TOPO;
        break;
    default:
        return MC_E_ARG;
    }
    if (rc)
        return rc;
    ne = tr.nedges;
    if (ne != (int)n - 1)
        return MC_E_ARG;
    for (i = 0; i < nnodes; i++)
        parent[i] = -1;
    /* every member reached exactly once, from a node already reached */
    for (j = 0; j < (unsigned)ne; j++) {
        int f = edges[j].from, to = edges[j].to;
        if (f < 0 || to < 0 || (unsigned)f >= nnodes || (unsigned)to >= nnodes || (unsigned)to == root ||
            !(seen[to / 32] >> (to % 32) & 1u) || parent[to] >= 0 || ((unsigned)f != root && parent[f] < 0))
            return MC_E_ARG;
        parent[to] = f;
    }
    return ne;
}

/* Whole-tree checks every member makes, so that all refuse alike. */
static int check(int ne, unsigned root, unsigned nnodes)
{
    int cnt[MC_MAX_NODES], j, bad;
    unsigned i;
    for (i = 0; i < nnodes; i++)
        cnt[i] = 0;
    for (j = 0; j < ne; j++)
        if (++cnt[edges[j].from] > WC_NIC_MAX_CHILDREN)
            return MC_E_FANOUT;
    if (wc_nic_tree_check(parent, nnodes, root, &bad))
        return MC_E_IDRULE;
    return MC_OK;
}

int mc_tree_edges(const mc_tree *t, const uint16_t *members, unsigned n, unsigned root, unsigned nnodes,
                  const int **par, const wc_edge **e)
{
    int k, ne = build(t, members, n, root, nnodes, &k);
    if (ne >= 0) {
        *par = parent;
        *e = edges;
    }
    return ne;
}

int mc_place(const mc_tree *t, const uint16_t *members, unsigned n, unsigned root, unsigned self,
             unsigned nnodes, mc_place_t *out)
{
    int k, ne = build(t, members, n, root, nnodes, &k), j, rc;
    unsigned i;
    if (ne < 0)
        return ne;
    if (self >= nnodes || (self != root && parent[self] < 0))
        return MC_E_NOTMEMBER;
    if ((rc = check(ne, root, nnodes)) != MC_OK)
        return rc;
    out->parent = self == root ? (unsigned)WC_NIC_NO_PARENT : (unsigned)parent[self];
    out->nchild = 0;
    out->k = k;
    for (j = 0; j < ne; j++)
        if ((unsigned)edges[j].from == self)
            out->child[out->nchild++] = (uint16_t)edges[j].to;
    out->depth = 0;
    out->height = 0;
    for (i = 0; i < nnodes; i++) {
        int d = 0, v = (int)i;
        while (parent[v] >= 0) {
            v = parent[v];
            d++;
        }
        if (i == self)
            out->depth = d;
        if (d > out->height)
            out->height = d;
    }
    return MC_OK;
}

/* ---- names ------------------------------------------------------------- */
static int word_is(const char **s, const char *w)
{
    const char *p = *s;
    while (*w && *p == *w) {
        p++;
        w++;
    }
    if (*w)
        return 0;
    *s = p;
    return 1;
}

static int num(const char **s, int *v)
{
    int d = 0;
    *v = 0;
    while (**s >= '0' && **s <= '9' && d < 6) {
        *v = *v * 10 + (**s - '0');
        (*s)++;
        d++;
    }
    return d > 0 && !(**s >= '0' && **s <= '9');
}

static int at_end(const char *s) { return *s == '\0' || *s == ','; }

int mc_tree_parse(const char *s, mc_tree *t)
{
    static const char *const algos[] = { "ucube", "maxport", "combine", "wsort" };
    int a;
    t->kind = MC_TREE_BINOMIAL;
    t->k = 0;
    t->msg_len = 0;
    t->o = 1;
    t->lat = 1;
    t->algo = 0;
    t->high_first = 1;
    if (!s)
        return -1;
    if (word_is(&s, "binomial"))
        return at_end(s) ? 0 : -1;
    if (word_is(&s, "kbin:")) {
        if (word_is(&s, "opt")) {
            t->kind = MC_TREE_KBIN_OPT;
            return at_end(s) ? 0 : -1;
        }
        t->kind = MC_TREE_KBIN;
        return num(&s, &t->k) && t->k >= 1 && at_end(s) ? 0 : -1;
    }
    if (word_is(&s, "postal:")) {
        t->kind = MC_TREE_POSTAL;
        if (!num(&s, &t->lat))
            return -1;
        if (*s == '/') {
            s++;
            t->o = t->lat;
            if (!num(&s, &t->lat))
                return -1;
        }
        return t->o >= 1 && t->o <= 255 && t->lat >= 1 && t->lat <= 255 && at_end(s) ? 0 : -1;
    }
    if (word_is(&s, "hcube:")) {
        t->kind = MC_TREE_HCUBE;
        for (a = 0; a < 4; a++)
            if (word_is(&s, algos[a]))
                break;
        if (a == 4)
            return -1;
        t->algo = a;
        if (word_is(&s, ":low"))
            t->high_first = 0;
        return at_end(s) ? 0 : -1;
    }
    return -1;
}
