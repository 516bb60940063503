/* SPDX-License-Identifier: Apache-2.0 */
/* Schemes of multidestination worms: the CS838 lecture notes, 1999 ("Multicast in hypercubes", "Multicast in meshes",
 * "One-to-all broadcast with IRC"); docs/irc.md explains each. */
#include "wc_irc.h"
#include "wc_hcube.h"
#include "wc_kbin.h"

static const char *const scheme_names[WC_IRC_NSCHEMES] = {
    "chain", "bcast-cr", "bcast-rcc", "bcast-rcr", "bcast-any", "bcast-nd",
    "mesh-mcast", "updown", "unicast-tree"
};

const char *wc_irc_name(int scheme)
{
    return scheme >= 0 && scheme < WC_IRC_NSCHEMES ? scheme_names[scheme] : "?";
}

static int str_eq(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

int wc_irc_parse(const char *name)
{
    int i;
    for (i = 0; i < WC_IRC_NSCHEMES; i++)
        if (str_eq(name, scheme_names[i]))
            return i;
    return -1;
}

int wc_irc_is_bcast(int scheme)
{
    return scheme == WC_IRC_BCAST_CR || scheme == WC_IRC_BCAST_RCC ||
           scheme == WC_IRC_BCAST_RCR || scheme == WC_IRC_BCAST_ANY ||
           scheme == WC_IRC_BCAST_ND;
}

static int fail(char *err, int len, int code, const char *a, long v, const char *b)
{
    if (len > 0) {
        err[0] = 0;
        wc_msg_str(err, len, a);
        if (b) {
            wc_msg_int(err, len, v);
            wc_msg_str(err, len, b);
        }
    }
    return code;
}

/* ---- worm lists ---------------------------------------------------------- */

typedef struct {
    int n, over, skip;       /* skip: a node never listed (the source) */
    int d[WC_WORM_MAX_DST];
} wlist;

static void wl_init(wlist *l, int skip)
{
    l->n = 0;
    l->over = 0;
    l->skip = skip;
}

static void wl_push(wlist *l, int v)
{
    if (v == l->skip)
        return;
    if (l->n < WC_WORM_MAX_DST)
        l->d[l->n++] = v;
    else
        l->over = 1;
}

/* Append the line from `from` along dim/dir to the list, return its last
 * node (from itself when the line is empty). */
static int wl_line(wlist *l, const wc_brcp_net *net, int from, int dim, int dir)
{
    int c[WC_BRCP_MAX_DIM], last = from;
    wc_brcp_mesh_coord(net, from, c);
    for (;;) {
        c[dim] += dir;
        if (c[dim] < 0 || c[dim] >= net->size[dim])
            return last;
        last = wc_brcp_mesh_node(net, c);
        wl_push(l, last);
    }
}

static int wl_emit(wc_scheme *s, int from, int round, const wlist *l,
                   char *err, int errlen)
{
    int r;
    if (l->over)
        return fail(err, errlen, WC_WORM_ECAP, "a worm of this scheme would carry more than ",
                    WC_WORM_MAX_DST, " destinations on this network");
    if (l->n == 0)
        return 0;
    r = wc_scheme_add(s, from, round, l->d, l->n);
    if (r < 0)
        return fail(err, errlen, r, "worm storage full", 0, 0);
    return 0;
}

/* Drop rounds no worm uses (a degenerate mesh side leaves one empty). */
static void compact_rounds(wc_scheme *s)
{
    int r = 1, w;
    while (r <= s->rounds) {
        int used = 0;
        for (w = 0; w < s->nworms; w++)
            used |= s->worms[w].round == r;
        if (used) {
            r++;
            continue;
        }
        for (w = 0; w < s->nworms; w++)
            if (s->worms[w].round > r)
                s->worms[w].round--;
        s->rounds--;
    }
}

/* ---- 2D mesh broadcasts ("One-to-all broadcast with IRC") ------------------ */

static int is_corner(const wc_brcp_net *net, int node, int *dir)
{
    int c[WC_BRCP_MAX_DIM], k, ok = 1;
    wc_brcp_mesh_coord(net, node, c);
    for (k = 0; k < net->ndim; k++) {
        dir[k] = c[k] == 0 ? 1 : -1;
        ok &= c[k] == 0 || c[k] == net->size[k] - 1;
    }
    return ok;
}

/* (RC,C) and (RC,R) from a corner: round 1 the row-then-column worm along
 * the two mesh sides, round 2 columns from the row or rows from the
 * column. */
static int bcast_rc(const wc_brcp_net *net, int src, int rows, wc_scheme *out,
                    char *err, int errlen)
{
    int dir[WC_BRCP_MAX_DIM], i, e, corner, first_n;
    wlist w, l;
    if (!is_corner(net, src, dir))
        return fail(err, errlen, WC_WORM_ETOPO, "this scheme needs the source in a corner of the mesh (node ",
                    src, " is not)");
    wl_init(&w, -1);
    corner = wl_line(&w, net, src, 0, dir[0]);      /* R */
    first_n = w.n;
    wl_line(&w, net, corner, 1, dir[1]);            /* C from the row's end */
    if ((e = wl_emit(out, src, 1, &w, err, errlen)) < 0)
        return e;
    if (!rows) {
        /* columns from the source and from every row node but the turn */
        for (i = -1; i < first_n; i++) {
            int v = i < 0 ? src : w.d[i];
            if (v == corner)
                continue;
            wl_init(&l, -1);
            wl_line(&l, net, v, 1, dir[1]);
            if ((e = wl_emit(out, v, 2, &l, err, errlen)) < 0)
                return e;
        }
    } else {
        /* rows back from every column node above the turn */
        for (i = first_n; i < w.n; i++) {
            wl_init(&l, -1);
            wl_line(&l, net, w.d[i], 0, -dir[0]);
            if ((e = wl_emit(out, w.d[i], 2, &l, err, errlen)) < 0)
                return e;
        }
    }
    return 0;
}

/* n-D mesh: unicast to the nearest corner unless the source is one, then
 * for dimensions n-1 down to 0 every node reached so far sends a worm
 * along the line away from the corner ("the generalization to
 * n-dimensional meshes ... n+1 rounds").  In 2D from a corner this is the
 * (C,R) scheme.  nodes: nnodes ints. */
static int bcast_nd(const wc_brcp_net *net, int src, wc_scheme *out, int *nodes,
                    char *err, int errlen)
{
    int c[WC_BRCP_MAX_DIM], dir[WC_BRCP_MAX_DIM], k, i, e, cnt, round = 0, corner;
    wlist l;
    wc_brcp_mesh_coord(net, src, c);
    for (k = 0; k < net->ndim; k++) {
        c[k] = c[k] <= (net->size[k] - 1) / 2 ? 0 : net->size[k] - 1;
        dir[k] = c[k] == 0 ? 1 : -1;
    }
    corner = wc_brcp_mesh_node(net, c);
    if (corner != src) {
        wl_init(&l, -1);
        wl_push(&l, corner);
        if ((e = wl_emit(out, src, ++round, &l, err, errlen)) < 0)
            return e;
    }
    nodes[0] = corner;
    cnt = 1;
    for (k = net->ndim - 1; k >= 0; k--) {
        int before = cnt;
        if (net->size[k] < 2)
            continue;
        round++;
        for (i = 0; i < before; i++) {
            wl_init(&l, src);
            {
                int p[WC_BRCP_MAX_DIM];
                wc_brcp_mesh_coord(net, nodes[i], p);
                for (;;) {
                    p[k] += dir[k];
                    if (p[k] < 0 || p[k] >= net->size[k])
                        break;
                    nodes[cnt] = wc_brcp_mesh_node(net, p);
                    wl_push(&l, nodes[cnt]);
                    cnt++;
                }
            }
            if ((e = wl_emit(out, nodes[i], round, &l, err, errlen)) < 0)
                return e;
        }
    }
    return 0;
}

/* Orientation (fx, fy mirror x / y) in which the staircase construction
 * below applies: with the source at canonical (x, y), the columns behind
 * it (x of them) must not outnumber the rows ahead (Y-1-y). */
static int bcast2_orient(int X, int Y, int x, int y, int *fx, int *fy)
{
    int a, b;
    for (a = 0; a < 2; a++)
        for (b = 0; b < 2; b++) {
            int cx = a ? X - 1 - x : x, cy = b ? Y - 1 - y : y;
            if (cx <= Y - 1 - cy) {
                *fx = a;
                *fy = b;
                return 1;
            }
        }
    return 0;
}

int wc_irc_bcast2_possible(int X, int Y, int x, int y)
{
    int fx, fy;
    if (X < 1 || Y < 1 || x < 0 || x >= X || y < 0 || y >= Y)
        return 0;
    return bcast2_orient(X, Y, x, y, &fx, &fy);
}

typedef struct { int X, Y, fx, fy; } frame2;

static int f2node(const frame2 *f, int a, int b)
{
    int x = f->fx ? f->X - 1 - a : a, y = f->fy ? f->Y - 1 - b : b;
    return y * f->X + x;
}

/* Two-round broadcast from an arbitrary source (the notes' Fig. (c),
 * rebuilt from its text): in canonical orientation the source (x, y)
 * sends a row-then-column worm east along its row and north up the last
 * column to the corner.  In round 2 the column node of row Y-1-k
 * (k < x) sends west to column k and turns south down it (a staircase
 * that covers the x columns behind the source), the other column nodes
 * send plain rows west to column x, the source sends south down its
 * column, and each row node east of it sends south down its own. */
static int bcast_any2(const wc_brcp_net *net, int src, wc_scheme *out,
                      char *err, int errlen)
{
    frame2 f;
    int x, y, a, b, k, e;
    wlist l;
    f.X = net->size[0];
    f.Y = net->size[1];
    if (!bcast2_orient(f.X, f.Y, src % f.X, src / f.X, &f.fx, &f.fy))
        return -1;
    x = f.fx ? f.X - 1 - src % f.X : src % f.X;
    y = f.fy ? f.Y - 1 - src / f.X : src / f.X;
    wl_init(&l, -1);
    for (a = x + 1; a < f.X; a++)
        wl_push(&l, f2node(&f, a, y));
    for (b = y + 1; b < f.Y; b++)
        wl_push(&l, f2node(&f, f.X - 1, b));
    if ((e = wl_emit(out, src, 1, &l, err, errlen)) < 0)
        return e;
    for (k = 0; k < x; k++) {
        int row = f.Y - 1 - k;
        wl_init(&l, -1);
        for (a = f.X - 2; a >= k; a--)
            wl_push(&l, f2node(&f, a, row));
        for (b = row - 1; b >= 0; b--)
            wl_push(&l, f2node(&f, k, b));
        if ((e = wl_emit(out, f2node(&f, f.X - 1, row), 2, &l, err, errlen)) < 0)
            return e;
    }
    for (b = y + 1; b <= f.Y - 1 - x; b++) {
        wl_init(&l, -1);
        for (a = f.X - 2; a >= x; a--)
            wl_push(&l, f2node(&f, a, b));
        if ((e = wl_emit(out, f2node(&f, f.X - 1, b), 2, &l, err, errlen)) < 0)
            return e;
    }
    for (a = x; a < f.X; a++) {
        wl_init(&l, -1);
        for (b = y - 1; b >= 0; b--)
            wl_push(&l, f2node(&f, a, b));
        if ((e = wl_emit(out, f2node(&f, a, y), 2, &l, err, errlen)) < 0)
            return e;
    }
    return 0;
}

/* ---- holder/chain engine for general multicast --------------------------- */

/* A holder p owns a set T of pending destinations.  Each round it sends one
 * worm W (a conformant subsequence of T) and splits T \ W among itself and
 * W, so every informed node keeps splitting its own share: the lecture's
 * chain multicast ("split the chain ... apply recursively"), with a worm
 * replacing the single unicast of each split. */

typedef int (*pick_fn)(const wc_brcp_net *net, int p, const int *T, int m,
                       int *W, int *assign, int *scratch);

static int key_of(const wc_brcp_net *net, int v)
{
    if (net->kind == WC_BRCP_UPDOWN && net->ud->node_key)
        return net->ud->node_key[v];
    return v;
}

/* Sort idx[0..n-1] by key[idx[]] (shell sort; keys distinct or stable
 * enough: ties keep no particular order but the result is deterministic). */
static void sort_by_key(int *idx, int n, const int *key)
{
    int gap, i, j;
    for (gap = n / 2; gap > 0; gap /= 2)
        for (i = gap; i < n; i++) {
            int t = idx[i];
            for (j = i; j >= gap && (key[idx[j - gap]] > key[t] ||
                 (key[idx[j - gap]] == key[t] && idx[j - gap] > t)); j -= gap)
                idx[j] = idx[j - gap];
            idx[j] = t;
        }
}

static unsigned bitrev(unsigned v, int n)
{
    unsigned r = 0;
    int i;
    for (i = 0; i < n; i++)
        r |= ((v >> i) & 1u) << (n - 1 - i);
    return r;
}

/* Hypercube: in the holder's own frame (addresses XOR p, bit-reversed for
 * lowest-first e-cube) a conformant worm visits addresses each of which is
 * a binary prefix of the next (every hop flips only dimensions below the
 * lowest one flipped so far), and the descendants of a prefix form one
 * run of the sorted chain.  The worm chosen splits the sorted chain into
 * runs, the holder keeping the run before the first destination and each
 * destination the run after it, with the largest run as small as possible
 * (dynamic programming over the chain).  scratch: 4*m ints. */
static int pick_cube(const wc_brcp_net *net, int p, const int *T, int m,
                     int *W, int *assign, int *scratch)
{
    int *idx = scratch, *key = scratch + m, *f = scratch + 2 * m, *nxt = scratch + 3 * m;
    int i, j, best, bv, t, pos;
    /* key[] is indexed by position in T, idx[] sorts positions */
    for (i = 0; i < m; i++) {
        unsigned r = (unsigned)(T[i] ^ p);
        key[i] = (int)(net->high_first ? r : bitrev(r, net->n));
        idx[i] = i;
    }
    sort_by_key(idx, m, key);
    for (i = m - 1; i >= 0; i--) {
        unsigned ri = (unsigned)key[idx[i]];
        int tz = 0;
        while (!((ri >> tz) & 1u))
            tz++;
        f[i] = m - 1 - i;
        nxt[i] = -1;
        for (j = i + 1; j < m && ((unsigned)key[idx[j]] >> tz) == (ri >> tz); j++) {
            int v = j - i - 1 > f[j] ? j - i - 1 : f[j];
            if (v < f[i]) {
                f[i] = v;
                nxt[i] = j;
            }
        }
    }
    best = 0;
    bv = f[0];
    for (j = 1; j < m; j++) {
        int v = j > f[j] ? j : f[j];
        if (v < bv) {
            bv = v;
            best = j;
        }
    }
    /* walk the chosen chain: positions before best -> holder, etc. */
    t = 0;
    for (pos = 0; pos < best; pos++)
        assign[idx[pos]] = -1;
    for (i = best; i >= 0; i = nxt[i]) {
        int end = nxt[i] >= 0 ? nxt[i] : m;
        W[t] = T[idx[i]];
        assign[idx[i]] = -2;
        for (pos = i + 1; pos < end; pos++)
            assign[idx[pos]] = t;
        t++;
    }
    return t;
}

/* Hand T minus the worm (assign[i] == -2 marks worm members) to the
 * holder and the worm's destinations: the rest, in locality order (node id
 * on a mesh: rows; the switch's spanning-tree preorder on up* / down*),
 * is cut into equal runs given to the holders in the same order.  Every
 * share is then at most half of T, so rounds never exceed the unicast
 * chain's ceil(log2(m+1)).  scratch: 3*m ints. */
static void split_rest(const wc_brcp_net *net, int p, const int *T, int m,
                       const int *W, int t, int *assign, int *scratch)
{
    int *rest = scratch, *key = scratch + m, *hold = scratch + 2 * m;
    int i, nrest = 0, nh = t + 1, c;
    for (i = 0; i < m; i++) {
        key[i] = key_of(net, T[i]);
        if (assign[i] != -2)
            rest[nrest++] = i;
    }
    sort_by_key(rest, nrest, key);
    /* holders: -1 (p) and 0..t-1, ordered by their keys */
    for (i = 0; i < nh; i++)
        hold[i] = i - 1;
    for (i = 1; i < nh; i++) {
        int h = hold[i], j = i, kh = h < 0 ? key_of(net, p) : key_of(net, W[h]);
        while (j > 0) {
            int g = hold[j - 1], kg = g < 0 ? key_of(net, p) : key_of(net, W[g]);
            if (kg <= kh)
                break;
            hold[j] = g;
            j--;
        }
        hold[j] = h;
    }
    for (c = 0, i = 0; c < nh; c++) {
        int len = nrest / nh + (c < nrest % nh), e;
        for (e = 0; e < len; e++, i++)
            assign[rest[i]] = hold[c];
    }
}

/* Up* / down*: the worm takes, while it can, the nearest destination it
 * can still reach conformantly (up, then down, never up again).
 * scratch: 3*m ints. */
static int pick_greedy(const wc_brcp_net *net, int p, const int *T, int m,
                       int *W, int *assign, int *scratch)
{
    int t = 0, i;
    wc_brcp_pos pos;
    wc_brcp_start(net, p, &pos);
    for (i = 0; i < m; i++)
        assign[i] = 0;
    while (t < WC_WORM_MAX_DST) {
        int best = -1, bh = 0;
        for (i = 0; i < m; i++) {
            int h;
            if (assign[i] == -2 || !wc_brcp_step(net, &pos, T[i], 0, 0, 0))
                continue;
            h = wc_brcp_hops(net, pos.cur, T[i]);
            if (best < 0 || h < bh || (h == bh && key_of(net, T[i]) < key_of(net, T[best]))) {
                best = i;
                bh = h;
            }
        }
        if (best < 0)
            break;
        assign[best] = -2;
        W[t++] = T[best];
        wc_brcp_step(net, &pos, T[best], 1, 0, 0);
    }
    split_rest(net, p, T, m, W, t, assign, scratch);
    return t;
}

/* Meshes: the longest conformant worm (a row run, then one column run,
 * in n-D one monotone run per dimension in order).  Along such a worm the
 * distance from the holder grows strictly, and whether a destination may
 * follow another depends only on the two and the holder (the highest
 * dimension the holder->first path moved in and its direction), so the
 * longest worm is a longest path over T sorted by distance.  The rest is
 * cut into equal runs in node order as in pick_greedy.  scratch: 4*m. */
static int pick_mesh(const wc_brcp_net *net, int p, const int *T, int m,
                     int *W, int *assign, int *scratch)
{
    int *idx = scratch, *dist = scratch + m, *len = scratch + 2 * m, *nxt = scratch + 3 * m;
    int pc[WC_BRCP_MAX_DIM], c[WC_BRCP_MAX_DIM];
    int i, j, k, best = -1, t = 0;
    wc_brcp_pos pos;
    wc_brcp_mesh_coord(net, p, pc);
    for (i = 0; i < m; i++) {
        idx[i] = i;
        dist[i] = wc_brcp_hops(net, p, T[i]);
    }
    sort_by_key(idx, m, dist);
    for (i = m - 1; i >= 0; i--) {
        int hi = -1;
        wc_brcp_mesh_coord(net, T[idx[i]], c);
        for (k = 0; k < net->ndim; k++)
            if (c[k] != pc[k])
                hi = k;
        pos.src = p;
        pos.cur = T[idx[i]];
        pos.state = hi;
        pos.dir = c[hi] > pc[hi] ? 1 : -1;
        len[i] = 1;
        nxt[i] = -1;
        for (j = i + 1; j < m; j++)
            if (len[j] + 1 > len[i] && wc_brcp_step(net, &pos, T[idx[j]], 0, 0, 0)) {
                len[i] = len[j] + 1;
                nxt[i] = j;
            }
        if (best < 0 || len[i] >= len[best])
            best = i;
    }
    for (i = 0; i < m; i++)
        assign[i] = 0;
    for (i = best; i >= 0 && t < WC_WORM_MAX_DST; i = nxt[i]) {
        W[t++] = T[idx[i]];
        assign[idx[i]] = -2;
    }
    split_rest(net, p, T, m, W, t, assign, scratch);
    return t;
}

/* work: owner[m], order[m], T[m], tidx[m], W[m], assign[m], scratch[4m],
 * start[nn+1] -> 10m + nn + 1 <= WC_IRC_WORK(nn). */
static int engine(const wc_brcp_net *net, int src, const int *dst, int m,
                  pick_fn pick, wc_scheme *out, int *work, char *err, int errlen)
{
    int nn = net->nnodes;
    int *owner = work, *order = work + m, *T = work + 2 * m, *tidx = work + 3 * m;
    int *W = work + 4 * m, *assign = work + 5 * m, *scratch = work + 6 * m;
    int *start = work + 10 * m;
    int pending = m, round = 0, i;
    for (i = 0; i < m; i++)
        owner[i] = src;
    while (pending > 0) {
        int v;
        round++;
        for (v = 0; v <= nn; v++)
            start[v] = 0;
        for (i = 0; i < m; i++)
            if (owner[i] >= 0)
                start[owner[i] + 1]++;
        for (v = 0; v < nn; v++)
            start[v + 1] += start[v];
        for (i = 0; i < m; i++)
            if (owner[i] >= 0)
                order[start[owner[i]]++] = i;
        /* start[v] now ends v's group; groups are contiguous in order[] */
        {
            int g = 0;
            while (g < pending) {
                int h = owner[order[g]], cnt = 0, t, j, r;
                while (g + cnt < pending && owner[order[g + cnt]] == h) {
                    tidx[cnt] = order[g + cnt];
                    T[cnt] = dst[order[g + cnt]];
                    cnt++;
                }
                t = pick(net, h, T, cnt, W, assign, scratch);
                if (t < 1)
                    return fail(err, errlen, WC_WORM_ECHECK, "no conformant worm from node ", h, "");
                r = wc_scheme_add(out, h, round, W, t);
                if (r < 0)
                    return fail(err, errlen, r, "worm storage full", 0, 0);
                for (j = 0; j < cnt; j++)
                    owner[tidx[j]] = assign[j] == -2 ? -1 : assign[j] == -1 ? h : W[assign[j]];
                g += cnt;
            }
        }
        for (i = 0, pending = 0; i < m; i++)
            pending += owner[i] >= 0;
    }
    return 0;
}

/* ---- unicast baseline ---------------------------------------------------- */

/* Dimension-order key on a mesh: dimension 0 (routed first) most
 * significant, as the lecture's dimension-order chain. */
static int mesh_lex_key(const wc_brcp_net *net, int v)
{
    int c[WC_BRCP_MAX_DIM], k, key = 0;
    wc_brcp_mesh_coord(net, v, c);
    for (k = 0; k < net->ndim; k++)
        key = key * net->size[k] + c[k];
    return key;
}

/* Binomial tree of unicasts (wc_kbin_tree with k = ceil(log2 n)) on the
 * chain: source-relative dimension-ordered on a cube, dimension order on a
 * mesh, spanning-tree order on up* / down*.  work: 3m+3 ints. */
static int unicast_tree(const wc_brcp_net *net, int src, const int *dst, int m,
                        wc_scheme *out, const wc_irc_work *wk, char *err, int errlen)
{
    int *chain = wk->ints, *key = wk->ints + m + 1, *idx = wk->ints + 2 * (m + 1);
    wc_tree tree;
    int i, k, r;
    if (net->kind == WC_BRCP_CUBE) {
        r = wc_hcube_chain(net->n, net->high_first, src, dst, m, chain);
        if (r < 0)
            return fail(err, errlen, WC_WORM_EARG, wc_hcube_strerror(r), 0, 0);
    } else {
        for (i = 0; i < m; i++) {
            idx[i] = i;
            key[i] = net->kind == WC_BRCP_MESH ? mesh_lex_key(net, dst[i]) : key_of(net, dst[i]);
        }
        sort_by_key(idx, m, key);
        chain[0] = src;
        for (i = 0; i < m; i++)
            chain[i + 1] = dst[idx[i]];
    }
    k = wc_kbin_log2ceil(m + 1);
    tree.src = src;
    tree.nedges = 0;
    tree.cap = wk->nedges;
    tree.edges = wk->edges;
    if (wc_kbin_tree(chain, m + 1, k < 1 ? 1 : k, &tree) < 0)
        return fail(err, errlen, WC_WORM_EWORK, "binomial tree failed (edge storage too small)", 0, 0);
    for (i = 0; i < tree.nedges; i++) {
        r = wc_scheme_add(out, tree.edges[i].from, tree.edges[i].step, &tree.edges[i].to, 1);
        if (r < 0)
            return fail(err, errlen, r, "worm storage full", 0, 0);
    }
    return 0;
}

/* ---- entry point --------------------------------------------------------- */

int wc_irc_build(const wc_brcp_net *net, int scheme, int src, const int *dst,
                 int ndst, wc_scheme *out, const wc_irc_work *wk,
                 char *err, int errlen)
{
    int nn = net->nnodes, i, e = 0, m, *list;
    if (errlen > 0)
        err[0] = 0;
    if (scheme < 0 || scheme >= WC_IRC_NSCHEMES)
        return fail(err, errlen, WC_WORM_EARG, "unknown scheme", 0, 0);
    if (!wk || wk->nints < WC_IRC_WORK(nn) || wk->nedges < nn)
        return fail(err, errlen, WC_WORM_EWORK, "work area too small", 0, 0);
    if (src < 0 || src >= nn)
        return fail(err, errlen, WC_WORM_EARG, "source ", src, " out of range");
    /* applicability */
    if (scheme == WC_IRC_CHAIN && net->kind != WC_BRCP_CUBE)
        return fail(err, errlen, WC_WORM_ETOPO, "scheme chain needs a hypercube (cube:N)", 0, 0);
    if ((scheme == WC_IRC_BCAST_CR || scheme == WC_IRC_BCAST_RCC || scheme == WC_IRC_BCAST_RCR ||
         scheme == WC_IRC_BCAST_ANY) && (net->kind != WC_BRCP_MESH || net->ndim != 2))
        return fail(err, errlen, WC_WORM_ETOPO, "this broadcast scheme needs a 2D mesh (mesh:XxY)", 0, 0);
    if ((scheme == WC_IRC_BCAST_ND || scheme == WC_IRC_MESH_MCAST) && net->kind != WC_BRCP_MESH)
        return fail(err, errlen, WC_WORM_ETOPO, "this scheme needs a mesh", 0, 0);
    if (scheme == WC_IRC_UPDOWN && net->kind != WC_BRCP_UPDOWN)
        return fail(err, errlen, WC_WORM_ETOPO,
                    "scheme updown needs a switched network with up*/down* routing (irregular or file)", 0, 0);
    /* the destination list: given, or everything but the source; kept at
     * the top of the work area so the builders below use the rest */
    list = wk->ints + WC_IRC_WORK(nn) - nn;
    if (wc_irc_is_bcast(scheme)) {
        for (i = 0, m = 0; i < nn; i++)
            if (i != src)
                list[m++] = i;
    } else {
        int *seen = wk->ints;
        for (i = 0; i < nn; i++)
            seen[i] = 0;
        if (ndst < 1)
            return fail(err, errlen, WC_WORM_EARG, "no destinations", 0, 0);
        if (ndst > nn - 1)
            return fail(err, errlen, WC_WORM_EARG, "more destinations than other nodes (", nn - 1, ")");
        for (i = 0; i < ndst; i++) {
            if (dst[i] < 0 || dst[i] >= nn)
                return fail(err, errlen, WC_WORM_EARG, "destination ", dst[i], " out of range");
            if (dst[i] == src)
                return fail(err, errlen, WC_WORM_EARG, "destination ", dst[i], " is the source");
            if (seen[dst[i]])
                return fail(err, errlen, WC_WORM_EARG, "destination ", dst[i], " listed twice");
            seen[dst[i]] = 1;
            list[i] = dst[i];
        }
        m = ndst;
    }
    if (out->cap < m)
        return fail(err, errlen, WC_WORM_ECAP, "worm storage smaller than the destination count ", m, "");
    wc_scheme_init(out, src, out->worms, out->cap);
    switch (scheme) {
    case WC_IRC_CHAIN:
        e = engine(net, src, list, m, pick_cube, out, wk->ints, err, errlen);
        break;
    case WC_IRC_MESH_MCAST:
        e = engine(net, src, list, m, pick_mesh, out, wk->ints, err, errlen);
        break;
    case WC_IRC_UPDOWN:
        e = engine(net, src, list, m, pick_greedy, out, wk->ints, err, errlen);
        break;
    case WC_IRC_BCAST_CR: {
        int dir[WC_BRCP_MAX_DIM];
        if (!is_corner(net, src, dir))
            return fail(err, errlen, WC_WORM_ETOPO,
                        "bcast-cr needs the source in a corner of the mesh (node ", src, " is not)");
        e = bcast_nd(net, src, out, wk->ints, err, errlen);
        break;
    }
    case WC_IRC_BCAST_RCC:
    case WC_IRC_BCAST_RCR:
        e = bcast_rc(net, src, scheme == WC_IRC_BCAST_RCR, out, err, errlen);
        break;
    case WC_IRC_BCAST_ANY:
        e = bcast_any2(net, src, out, err, errlen);
        if (e == -1)     /* no 2-round staircase: unicast to a corner, then (C,R) */
            e = bcast_nd(net, src, out, wk->ints, err, errlen);
        break;
    case WC_IRC_BCAST_ND:
        e = bcast_nd(net, src, out, wk->ints, err, errlen);
        break;
    case WC_IRC_UNICAST_TREE:
        e = unicast_tree(net, src, list, m, out, wk, err, errlen);
        break;
    }
    if (e < 0)
        return e;
    compact_rounds(out);
    /* every scheme proves itself before it leaves the library */
    for (i = 0; i < out->nworms; i++) {
        const wc_worm *w = &out->worms[i];
        if (wc_brcp_check(net, w->src, w->dst, w->ndst, 0, err, errlen) < 0)
            return WC_WORM_ECHECK;
    }
    if (wc_scheme_check(out, nn, list, m, 1, wk->ints, WC_IRC_WORK(nn) - nn, err, errlen) < 0)
        return WC_WORM_ECHECK;
    return out->rounds;
}
