/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast fpfs: FPFS / FCFS step simulation of a packetized multicast on
 * a tree read from a JSON file (kesavan-panda-optimal-multicast-
 * packetization-ni.txt, Sections 3 and 4.1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_fpfs.h"
#include "wc_json.h"
#include "cli_args.h"

/* Node names: a JSON string's text or a number's source text. */
static const char *node_name(const wc_json *v)
{
    return v && (v->kind == WC_JSON_STRING || v->kind == WC_JSON_NUMBER) ? v->text : NULL;
}

typedef struct {
    char **names;
    int n, cap;
} nameset;

static int name_id(nameset *s, const char *name, int add)
{
    int i;
    for (i = 0; i < s->n; i++)
        if (!strcmp(s->names[i], name))
            return i;
    if (!add)
        return -1;
    if (s->n == s->cap) {
        char **nn = realloc(s->names, sizeof *nn * (size_t)(s->cap = s->cap ? 2 * s->cap : 16));
        if (!nn)
            return -1;
        s->names = nn;
    }
    s->names[s->n] = (char *)name;
    return s->n++;
}

/* Builds the edge list and checks the structure with messages that name
 * the offending node; returns 0 or prints an error and returns -1. */
static int load_tree(const char *path, const wc_json *doc, nameset *ns, wc_tree *t)
{
    const wc_json *root = wc_json_get(doc, "root"), *ch = wc_json_get(doc, "children");
    int i, j, *parent = NULL, *seen = NULL, rc = -1, nedges = 0, changed;
    if (!doc || doc->kind != WC_JSON_OBJECT) {
        fprintf(stderr, "wormcast fpfs: %s: the document must be an object {\"root\":..,\"children\":{..}}\n", path);
        return -1;
    }
    for (i = 0; i < doc->n; i++)
        if (strcmp(doc->keys[i], "root") && strcmp(doc->keys[i], "children")) {
            fprintf(stderr, "wormcast fpfs: %s: unknown member \"%s\" (expected root, children)\n", path, doc->keys[i]);
            return -1;
        }
    if (!node_name(root)) {
        fprintf(stderr, "wormcast fpfs: %s: \"root\" %s\n", path,
                root ? "must be a node name (string or integer)" : "is missing");
        return -1;
    }
    if (!ch || ch->kind != WC_JSON_OBJECT) {
        fprintf(stderr, "wormcast fpfs: %s: \"children\" %s\n", path, ch ? "must be an object" : "is missing");
        return -1;
    }
    name_id(ns, node_name(root), 1);
    for (i = 0; i < ch->n; i++) {
        const wc_json *a = ch->items[i];
        if (a->kind != WC_JSON_ARRAY) {
            fprintf(stderr, "wormcast fpfs: %s: line %d: children of \"%s\" must be an array, not %s\n",
                    path, a->line, ch->keys[i], wc_json_kind_name(a->kind));
            return -1;
        }
        name_id(ns, ch->keys[i], 1);
        for (j = 0; j < a->n; j++) {
            if (!node_name(a->items[j])) {
                fprintf(stderr, "wormcast fpfs: %s: line %d: child %d of \"%s\" is a %s, not a node name\n",
                        path, a->items[j]->line, j + 1, ch->keys[i], wc_json_kind_name(a->items[j]->kind));
                return -1;
            }
            name_id(ns, node_name(a->items[j]), 1);
            nedges++;
        }
    }
    t->edges = malloc(sizeof *t->edges * (size_t)(nedges + 1));
    parent = malloc(sizeof *parent * (size_t)ns->n);
    seen = calloc((size_t)ns->n, sizeof *seen);
    if (!t->edges || !parent || !seen) {
        fprintf(stderr, "wormcast fpfs: out of memory\n");
        goto out;
    }
    t->cap = nedges;
    t->nedges = 0;
    t->src = 0;
    for (i = 0; i < ns->n; i++)
        parent[i] = -1;
    for (i = 0; i < ch->n; i++) {
        int u = name_id(ns, ch->keys[i], 0);
        for (j = 0; j < ch->items[i]->n; j++) {
            int v = name_id(ns, node_name(ch->items[i]->items[j]), 0);
            if (v == 0) {
                fprintf(stderr, "wormcast fpfs: %s: cycle: the root \"%s\" is listed as a child of \"%s\"\n",
                        path, ns->names[0], ns->names[u]);
                goto out;
            }
            if (parent[v] >= 0) {
                fprintf(stderr, "wormcast fpfs: %s: node \"%s\" has two parents (\"%s\" and \"%s\")\n",
                        path, ns->names[v], ns->names[parent[v]], ns->names[u]);
                goto out;
            }
            parent[v] = u;
            wc_tree_add(t, u, v, 0);
        }
    }
    /* every node must hang off the root: a parentless non-root node is
     * unknown, a node whose parent chain never reaches the root lies on a
     * cycle */
    seen[0] = 1;
    do {
        changed = 0;
        for (i = 1; i < ns->n; i++)
            if (!seen[i] && parent[i] >= 0 && seen[parent[i]]) {
                seen[i] = 1;
                changed = 1;
            }
    } while (changed);
    for (i = 1; i < ns->n; i++) {
        if (seen[i])
            continue;
        if (parent[i] < 0)
            fprintf(stderr, "wormcast fpfs: %s: unknown node \"%s\": it has children but is neither the root \"%s\" nor anyone's child\n",
                    path, ns->names[i], ns->names[0]);
        else
            fprintf(stderr, "wormcast fpfs: %s: cycle through node \"%s\" (not reachable from the root \"%s\")\n",
                    path, ns->names[i], ns->names[0]);
        goto out;
    }
    rc = 0;
out:
    free(parent);
    free(seen);
    return rc;
}

int wc_cmd_fpfs(int argc, char **argv)
{
    static const char *const modes[] = { "fpfs", "fcfs", NULL };
    static const int mode_v[] = { WC_FPFS, WC_FCFS };
    const char *path = NULL, *mode_s;
    int i, m = -1, mode = WC_FPFS, rc = 1, nwork, *work = NULL, *L = NULL, *buf = NULL, st;
    char err[512];
    wc_json *doc = NULL;
    nameset ns = { NULL, 0, 0 };
    wc_tree t = { 0, 0, 0, NULL };
    wc_fpfs_result res;
    wc_opt opts[] = {
        WC_OPT_STRING("--tree", "FILE", &path,
                      "{\"root\":R,\"children\":{\"R\":[A,B],\"A\":[C],...}}, children in sending\n"
                      "order; node names are strings or integers"),
        WC_OPT_INT("--m", "M", &m, 1, 100000L, "packets per message"),
        WC_OPT_CHOICE("--mode", "MODE", &mode, modes, mode_v, "packet-first (FPFS) or child-first (FCFS) forwarding"),
        WC_OPT_END
    };
    wc_cli cli = { "fpfs", "--tree FILE --m M [--mode fpfs|fcfs]",
                   "FPFS / FCFS step simulation of a packetized multicast on a tree (Kesavan & Panda)",
                   "prints {\"steps\":S,\"L\":[L1,...,Lm],\"max_buffer\":B,...}", "--tree --m", opts };

    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    mode_s = modes[mode == WC_FCFS];
    doc = wc_json_parse_file(path, err, (int)sizeof err);
    if (!doc) {
        fprintf(stderr, "wormcast fpfs: %s\n", err);
        return 1;
    }
    if (load_tree(path, doc, &ns, &t) < 0)
        goto out;
    if ((long)ns.n * (m + 3) + 1 > 50000000L) {
        fprintf(stderr, "wormcast fpfs: %d nodes x %d packets is too large to simulate\n", ns.n, m);
        goto out;
    }
    nwork = WC_FPFS_WORK(ns.n, m);
    work = malloc(sizeof *work * (size_t)nwork);
    L = malloc(sizeof *L * (size_t)m);
    buf = malloc(sizeof *buf * (size_t)ns.n);
    if (!work || !L || !buf) {
        fprintf(stderr, "wormcast fpfs: out of memory\n");
        goto out;
    }
    if (wc_fpfs_run(&t, ns.n, m, mode, &res, L, buf, NULL, work, nwork) < 0) {
        fprintf(stderr, "wormcast fpfs: %s: the tree is malformed\n", path);
        goto out;
    }
    printf("{\"steps\":%d,\"L\":[", res.steps);
    for (i = 0; i < m; i++)
        printf("%s%d", i ? "," : "", L[i]);
    printf("],\"max_buffer\":%d,\"mode\":\"%s\",\"m\":%d,\"buffer\":{", res.max_buffer, mode_s, m);
    for (i = 0; i < ns.n; i++) {
        if (i)
            putchar(',');
        wc_json_put_string(stdout, ns.names[i]);
        printf(":%d", buf[i]);
    }
    printf("}}\n");
    rc = 0;
out:
    free(work);
    free(L);
    free(buf);
    free(t.edges);
    free(ns.names);
    wc_json_free(doc);
    return rc;
}
