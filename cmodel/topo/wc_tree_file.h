/* SPDX-License-Identifier: Apache-2.0 */
/* Multicast trees from JSON files (the input of `wormcast fpfs`):
 *   {"root":R,"children":{"R":[A,B],"A":[C],...}}
 * children in sending order; node names are strings or integers.  Host
 * only: allocates.
 *
 * Bounded and linear: the file obeys the JSON reader's limits (wc_json.h,
 * WC_FILE_MAX_BYTES), the tree has at most WC_TREE_MAX_NODES nodes, and
 * loading takes O(n) expected time for n nodes (names are hashed, the
 * reachability check is one breadth-first pass). */
#ifndef WC_TREE_FILE_H
#define WC_TREE_FILE_H
#include "wc_tree.h"

enum { WC_TREE_MAX_NODES = 500000 };

struct wc_json;

typedef struct {
    wc_tree tree;           /* edges in file order (a node's children in
                             * sending order); tree.src = 0, the root */
    int nnodes;
    const char **names;     /* [nnodes] node names in order of first
                             * appearance: names[0] is the root */
    struct wc_json *doc;    /* owns the name strings */
} wc_tree_file;

/* Loads and checks the tree: NULL with "PATH: ..." in err naming the
 * offending member, line or node (two parents, a cycle, a node that hangs
 * off nothing, too many nodes). */
wc_tree_file *wc_tree_file_load(const char *path, char *err, int errlen);
void wc_tree_file_free(wc_tree_file *tf);
#endif
