/* SPDX-License-Identifier: Apache-2.0 */
/* JSON tree files (wc_tree_file.h). */
#include "wc_tree_file.h"
#include "wc_json.h"
#include "wc_err.h"
#include <stdlib.h>
#include <string.h>

/* Node names: a JSON string's text or a number's source text. */
static const char *node_name(const wc_json *v)
{
    return v && (v->kind == WC_JSON_STRING || v->kind == WC_JSON_NUMBER) ? v->text : NULL;
}

/* Names to ids in order of first appearance; open addressing over ids,
 * load <= 1/2, so a lookup is O(1) expected. */
typedef struct {
    const char **names;
    int n, cap;             /* names[] */
    int *slot;              /* [nslot] id + 1, 0 empty */
    size_t nslot;           /* 0 or a power of two */
} nameset;

static size_t name_hash(const char *s)
{
    size_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static size_t name_find(const nameset *s, const char *name)
{
    size_t i, mask = s->nslot - 1;
    for (i = name_hash(name) & mask; s->slot[i] && strcmp(s->names[s->slot[i] - 1], name); i = (i + 1) & mask)
        ;
    return i;
}

/* Id of name, adding it when new; -1 (message in err) when the limit or
 * memory runs out. */
static int name_id(nameset *s, const char *name, const char *path, char *err, int errlen)
{
    size_t i;
    if (2 * ((size_t)s->n + 1) > s->nslot) {
        size_t ncap = s->nslot ? 2 * s->nslot : 1024;
        int *ns = wc_alloc(ncap, sizeof *ns, "the node names", err, errlen), *old = s->slot, k;
        if (!ns)
            return -1;
        s->slot = ns;
        s->nslot = ncap;
        for (k = 0; k < s->n; k++)
            s->slot[name_find(s, s->names[k])] = k + 1;
        free(old);
    }
    i = name_find(s, name);
    if (s->slot[i])
        return s->slot[i] - 1;
    if (s->n == WC_TREE_MAX_NODES)
        return wc_err(err, errlen, "%s: more than %d nodes (the limit for trees)", path, WC_TREE_MAX_NODES);
    if (s->n == s->cap) {
        int ncap = s->cap ? 2 * s->cap : 1024;
        const char **nn = realloc((void *)s->names, sizeof *nn * (size_t)ncap);
        if (!nn)
            return wc_err(err, errlen, "%s: out of memory for %d node names", path, ncap);
        s->names = nn;
        s->cap = ncap;
    }
    s->names[s->n] = name;
    s->slot[i] = s->n + 1;
    return s->n++;
}

/* Id of a name already added. */
static int name_get(const nameset *s, const char *name)
{
    return s->slot[name_find(s, name)] - 1;
}

/* The document's shape and every node name: fills ns, counts the edges. */
static int read_names(const char *path, const wc_json *doc, nameset *ns, int *nedges, char *err, int errlen)
{
    const wc_json *root = wc_json_get(doc, "root"), *ch = wc_json_get(doc, "children");
    int i, j;
    if (!doc || doc->kind != WC_JSON_OBJECT)
        return wc_err(err, errlen, "%s: the document must be an object {\"root\":..,\"children\":{..}}", path);
    for (i = 0; i < doc->n; i++)
        if (strcmp(doc->keys[i], "root") && strcmp(doc->keys[i], "children"))
            return wc_err(err, errlen, "%s: unknown member \"%s\" (expected root, children)", path, doc->keys[i]);
    if (!node_name(root))
        return wc_err(err, errlen, "%s: \"root\" %s", path,
                      root ? "must be a node name (string or integer)" : "is missing");
    if (!ch || ch->kind != WC_JSON_OBJECT)
        return wc_err(err, errlen, "%s: \"children\" %s", path, ch ? "must be an object" : "is missing");
    if (name_id(ns, node_name(root), path, err, errlen) < 0)
        return -1;
    *nedges = 0;
    for (i = 0; i < ch->n; i++) {
        const wc_json *a = ch->items[i];
        if (a->kind != WC_JSON_ARRAY)
            return wc_err(err, errlen, "%s: line %d: children of \"%s\" must be an array, not %s",
                          path, a->line, ch->keys[i], wc_json_kind_name(a->kind));
        if (name_id(ns, ch->keys[i], path, err, errlen) < 0)
            return -1;
        for (j = 0; j < a->n; j++) {
            if (!node_name(a->items[j]))
                return wc_err(err, errlen, "%s: line %d: child %d of \"%s\" is a %s, not a node name",
                              path, a->items[j]->line, j + 1, ch->keys[i], wc_json_kind_name(a->items[j]->kind));
            if (name_id(ns, node_name(a->items[j]), path, err, errlen) < 0)
                return -1;
        }
        *nedges += a->n;
    }
    return 0;
}

/* Edges in file order, each node's parent, and that every node hangs off
 * the root.  A member's children are contiguous in the edge list (member
 * names are unique), so first[u] and the array length give u's children
 * for one breadth-first pass. */
static int build_edges(const char *path, const wc_json *ch, const nameset *ns, wc_tree *t, char *err, int errlen)
{
    int n = ns->n, i, j, head = 0, tail = 0, rc = -1;
    int *parent = wc_alloc((size_t)n, sizeof(int), "the tree", err, errlen);
    int *first = parent ? wc_alloc((size_t)n, sizeof(int), "the tree", err, errlen) : NULL;
    int *nkids = first ? wc_alloc((size_t)n, sizeof(int), "the tree", err, errlen) : NULL;
    int *queue = nkids ? wc_alloc((size_t)n, sizeof(int), "the tree", err, errlen) : NULL;
    unsigned char *seen = queue ? wc_alloc((size_t)n, 1, "the tree", err, errlen) : NULL;
    if (!seen)
        goto out;
    for (i = 0; i < n; i++)
        parent[i] = -1;
    for (i = 0; i < ch->n; i++) {
        int u = name_get(ns, ch->keys[i]);
        first[u] = t->nedges;
        nkids[u] = ch->items[i]->n;
        for (j = 0; j < ch->items[i]->n; j++) {
            int v = name_get(ns, node_name(ch->items[i]->items[j]));
            if (v == 0) {
                wc_err(err, errlen, "%s: cycle: the root \"%s\" is listed as a child of \"%s\"",
                       path, ns->names[0], ns->names[u]);
                goto out;
            }
            if (parent[v] >= 0) {
                wc_err(err, errlen, "%s: node \"%s\" has two parents (\"%s\" and \"%s\")",
                       path, ns->names[v], ns->names[parent[v]], ns->names[u]);
                goto out;
            }
            parent[v] = u;
            wc_tree_add(t, u, v, 0);
        }
    }
    seen[0] = 1;
    queue[tail++] = 0;
    while (head < tail) {
        int u = queue[head++];
        for (j = 0; j < nkids[u]; j++) {
            int v = t->edges[first[u] + j].to;
            if (!seen[v]) {
                seen[v] = 1;
                queue[tail++] = v;
            }
        }
    }
    /* a parentless non-root node is unknown, a node whose parent chain
     * never reaches the root lies on a cycle */
    for (i = 1; i < n; i++) {
        if (seen[i])
            continue;
        if (parent[i] < 0)
            wc_err(err, errlen, "%s: unknown node \"%s\": it has children but is neither the root \"%s\" nor anyone's child",
                   path, ns->names[i], ns->names[0]);
        else
            wc_err(err, errlen, "%s: cycle through node \"%s\" (not reachable from the root \"%s\")",
                   path, ns->names[i], ns->names[0]);
        goto out;
    }
    rc = 0;
out:
    free(parent);
    free(first);
    free(nkids);
    free(queue);
    free(seen);
    return rc;
}

wc_tree_file *wc_tree_file_load(const char *path, char *err, int errlen)
{
    nameset ns = { NULL, 0, 0, NULL, 0 };
    wc_tree_file *tf = wc_alloc(1, sizeof *tf, "the tree", err, errlen);
    int nedges = 0;
    if (!tf)
        return NULL;
    tf->doc = wc_json_parse_file(path, err, errlen);
    if (!tf->doc || read_names(path, tf->doc, &ns, &nedges, err, errlen) < 0)
        goto bad;
    tf->tree.edges = wc_alloc((size_t)nedges, sizeof *tf->tree.edges, "the tree edges", err, errlen);
    if (!tf->tree.edges)
        goto bad;
    tf->tree.cap = nedges;
    tf->tree.src = 0;
    if (build_edges(path, wc_json_get(tf->doc, "children"), &ns, &tf->tree, err, errlen) < 0)
        goto bad;
    free(ns.slot);
    tf->names = ns.names;
    tf->nnodes = ns.n;
    return tf;
bad:
    free(ns.slot);
    free((void *)ns.names);
    wc_tree_file_free(tf);
    return NULL;
}

void wc_tree_file_free(wc_tree_file *tf)
{
    if (!tf)
        return;
    free(tf->tree.edges);
    free((void *)tf->names);
    wc_json_free(tf->doc);
    free(tf);
}
