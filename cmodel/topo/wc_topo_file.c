/* SPDX-License-Identifier: Apache-2.0 */
/* file:PATH topologies.  Two line-oriented formats, told apart by the first
 * keyword of the file (docs/topology.md):
 *   our own:  switches S / ports P / hosts [SWITCH] COUNT /
 *             link SA PA SB PB / link SA SB          ('#' comments)
 *   BookSim "anynet": lines "router ID (router ID [LAT] | node ID [LAT])..."
 *             or "node ID router ID [LAT]"; links are bidirectional and may
 *             be listed from both ends (deduplicated), latencies ignored. */
#include "wc_topo_int.h"
#include "wc_defs.h"
#include "wc_file.h"
#include <stdlib.h>
#include <string.h>

#define MAXTOK 64

typedef struct {
    const char *path;
    char *buf;
    char *err;
    int errlen;
} ctx;

typedef struct { const char *s; int len; } tok;

/* Splits a line (comment stripped) into tokens; returns count or -1 when
 * the line has more than MAXTOK tokens. */
static int tokenize(char *line, tok *tv)
{
    int n = 0;
    char *h = strchr(line, '#');
    if (h)
        *h = 0;
    for (;;) {
        while (*line == ' ' || *line == '\t' || *line == '\r')
            line++;
        if (!*line)
            return n;
        if (n == MAXTOK)
            return -1;
        tv[n].s = line;
        while (*line && *line != ' ' && *line != '\t' && *line != '\r')
            line++;
        tv[n].len = (int)(line - tv[n].s);
        n++;
    }
}

static int tok_is(const tok *t, const char *w)
{
    return t->len == (int)strlen(w) && !strncmp(t->s, w, (size_t)t->len);
}

/* Number token in [0, max]; on failure writes "PATH:LINE: ..." */
static int tok_num(ctx *c, int line, const tok *t, const char *what, int max, int *out)
{
    unsigned long long v;
    int rc = wc__topo_parse_u64(t->s, t->len, (unsigned long long)max, &v);
    if (rc == -1)
        wc_err(c->err, c->errlen, "%s:%d: malformed %s '%.*s' (expected a decimal number)",
                     c->path, line, what, t->len, t->s);
    else if (rc == -2)
        wc_err(c->err, c->errlen, "%s:%d: %s %.*s out of range 0..%d", c->path, line, what, t->len, t->s, max);
    else
        *out = (int)v;
    return rc ? -1 : 0;
}

/* Growable int array. */
typedef struct { int *v; int n, cap; } ivec;

static int ivec_push(ivec *a, int x)
{
    if (a->n == a->cap) {
        int nc = a->cap ? a->cap * 2 : 64;
        int *nv = realloc(a->v, (size_t)nc * sizeof(int));
        if (!nv)
            return -1;
        a->v = nv;
        a->cap = nc;
    }
    a->v[a->n++] = x;
    return 0;
}

/* Next line of the buffer (modified in place), NULL at the end. */
static char *next_line(char **cur)
{
    char *l = *cur, *e;
    if (!l || !*l)
        return NULL;
    e = strchr(l, '\n');
    if (e) {
        *e = 0;
        *cur = e + 1;
    } else
        *cur = l + strlen(l);
    return l;
}

/* Next non-empty line's tokens: count, 0 at the end, -1 on error. */
static int next_tokens(ctx *c, char **cur, int *ln, tok *tv)
{
    char *line;
    int nt;
    while ((line = next_line(cur)) != NULL) {
        ++*ln;
        nt = tokenize(line, tv);
        if (nt < 0) {
            wc_err(c->err, c->errlen, "%s:%d: too many fields", c->path, *ln);
            return -1;
        }
        if (nt > 0)
            return nt;
    }
    return 0;
}

/* ---- our format ------------------------------------------------------------ */

static wc_topo *parse_ours(ctx *c, const char *name)
{
    char *cur = c->buf;
    tok tv[MAXTOK];
    int ln = 0, nt, S = -1, P = -1, S_line = 0, P_line = 0, defh = 0, defh_line = 0, maxsw = -1, i, s, e, nl;
    ivec hosts = { 0, 0, 0 };    /* triples: switch, count, line */
    ivec links = { 0, 0, 0 };    /* 5-tuples: sa, pa, sb, pb (-1 = next free), line */
    int *nh = NULL, *owner = NULL, *lk = NULL;
    wc_topo *t = NULL;

    while ((nt = next_tokens(c, &cur, &ln, tv)) != 0) {
        if (nt < 0)
            goto out;
        if (tok_is(&tv[0], "switches") || tok_is(&tv[0], "ports")) {
            int sw = tok_is(&tv[0], "switches"), v;
            if (nt != 2) {
                wc_err(c->err, c->errlen, "%s:%d: expected '%s COUNT'", c->path, ln, sw ? "switches" : "ports");
                goto out;
            }
            if ((sw ? S_line : P_line) != 0) {
                wc_err(c->err, c->errlen, "%s:%d: '%s' given twice (first on line %d)", c->path, ln,
                             sw ? "switches" : "ports", sw ? S_line : P_line);
                goto out;
            }
            if (tok_num(c, ln, &tv[1], sw ? "switch count" : "port count",
                        sw ? WC_TOPO_MAX_SWITCHES : WC_TOPO_MAX_PORTS, &v) < 0)
                goto out;
            if (v < 1) {
                wc_err(c->err, c->errlen, "%s:%d: %s must be at least 1", c->path, ln, sw ? "switches" : "ports");
                goto out;
            }
            if (sw) { S = v; S_line = ln; } else { P = v; P_line = ln; }
        } else if (tok_is(&tv[0], "hosts")) {
            int a, b;
            if (nt == 2) {
                if (defh_line) {
                    wc_err(c->err, c->errlen, "%s:%d: default 'hosts COUNT' given twice (first on line %d)",
                                 c->path, ln, defh_line);
                    goto out;
                }
                if (tok_num(c, ln, &tv[1], "host count", WC_TOPO_MAX_PORTS, &defh) < 0)
                    goto out;
                defh_line = ln;
            } else if (nt == 3) {
                if (tok_num(c, ln, &tv[1], "switch id", WC_TOPO_MAX_SWITCHES - 1, &a) < 0 ||
                    tok_num(c, ln, &tv[2], "host count", WC_TOPO_MAX_PORTS, &b) < 0)
                    goto out;
                if (ivec_push(&hosts, a) || ivec_push(&hosts, b) || ivec_push(&hosts, ln))
                    goto oom;
                if (a > maxsw)
                    maxsw = a;
            } else {
                wc_err(c->err, c->errlen, "%s:%d: expected 'hosts COUNT' or 'hosts SWITCH COUNT'", c->path, ln);
                goto out;
            }
        } else if (tok_is(&tv[0], "link")) {
            int v[4] = { -1, -1, -1, -1 }, k;
            if (nt == 5) {
                for (k = 0; k < 4; k++)
                    if (tok_num(c, ln, &tv[1 + k], k & 1 ? "port" : "switch id",
                                k & 1 ? WC_TOPO_MAX_PORTS - 1 : WC_TOPO_MAX_SWITCHES - 1, &v[k]) < 0)
                        goto out;
            } else if (nt == 3) {
                if (tok_num(c, ln, &tv[1], "switch id", WC_TOPO_MAX_SWITCHES - 1, &v[0]) < 0 ||
                    tok_num(c, ln, &tv[2], "switch id", WC_TOPO_MAX_SWITCHES - 1, &v[2]) < 0)
                    goto out;
            } else {
                wc_err(c->err, c->errlen, "%s:%d: expected 'link SA PA SB PB' or 'link SA SB'", c->path, ln);
                goto out;
            }
            if (v[0] == v[2]) {
                wc_err(c->err, c->errlen, "%s:%d: link connects switch %d to itself", c->path, ln, v[0]);
                goto out;
            }
            for (k = 0; k < 4; k++)
                if (ivec_push(&links, v[k]))
                    goto oom;
            if (ivec_push(&links, ln))
                goto oom;
            if (v[0] > maxsw) maxsw = v[0];
            if (v[2] > maxsw) maxsw = v[2];
        } else {
            wc_err(c->err, c->errlen, "%s:%d: unknown keyword '%.*s' (expected switches, ports, hosts or link)",
                         c->path, ln, tv[0].len, tv[0].s);
            goto out;
        }
    }
    if (S < 0)
        S = maxsw + 1;
    if (S < 1) {
        wc_err(c->err, c->errlen, "%s: no switches (give 'switches S' or links)", c->path);
        goto out;
    }
    if (maxsw >= S) {
        for (i = 0; i < hosts.n; i += 3)
            if (hosts.v[i] >= S) {
                wc_err(c->err, c->errlen, "%s:%d: switch %d out of range (switches %d)", c->path, hosts.v[i + 2], hosts.v[i], S);
                goto out;
            }
        for (i = 0; i < links.n; i += 5)
            for (e = 0; e < 4; e += 2)
                if (links.v[i + e] >= S) {
                    wc_err(c->err, c->errlen, "%s:%d: switch %d out of range (switches %d)", c->path, links.v[i + 4],
                                 links.v[i + e], S);
                    goto out;
                }
    }
    nh = malloc((size_t)S * sizeof(int));
    /* owner[s*MAXP + p]: 0 free, -1 host, else line number of its link */
    owner = calloc((size_t)S * WC_TOPO_MAX_PORTS, sizeof(int));
    lk = malloc((size_t)(links.n / 5 + 1) * 4 * sizeof(int));
    if (!nh || !owner || !lk)
        goto oom;
    for (s = 0; s < S; s++)
        nh[s] = -1;
    for (i = 0; i < hosts.n; i += 3) {
        if (nh[hosts.v[i]] >= 0) {
            wc_err(c->err, c->errlen, "%s:%d: hosts of switch %d given twice", c->path, hosts.v[i + 2], hosts.v[i]);
            goto out;
        }
        nh[hosts.v[i]] = hosts.v[i + 1];
    }
    for (s = 0; s < S; s++) {
        if (nh[s] < 0)
            nh[s] = defh;
        if (P > 0 && nh[s] > P) {
            wc_err(c->err, c->errlen, "%s: switch %d: %d hosts do not fit in %d ports (port over-subscription)",
                         c->path, s, nh[s], P);
            goto out;
        }
        for (i = 0; i < nh[s]; i++)
            owner[s * WC_TOPO_MAX_PORTS + i] = -1;
    }
    /* explicit ports first so that 'link SA SB' never steals them */
    nl = 0;
    for (int pass = 0; pass < 2; pass++)
        for (i = 0; i < links.n; i += 5) {
            int *v = &links.v[i], line = v[4];
            if ((v[1] >= 0) != (pass == 0))
                continue;
            for (e = 0; e < 4; e += 2) {
                int sw = v[e], p = v[e + 1], lim = P > 0 ? P : WC_TOPO_MAX_PORTS;
                if (p < 0) {
                    for (p = nh[sw]; p < lim && owner[sw * WC_TOPO_MAX_PORTS + p]; p++)
                        ;
                    if (p == lim) {
                        wc_err(c->err, c->errlen, "%s:%d: switch %d has no free port left (%d ports): port over-subscription",
                                     c->path, line, sw, lim);
                        goto out;
                    }
                } else if (p >= lim) {
                    wc_err(c->err, c->errlen, "%s:%d: switch %d port %d out of range (ports %d)", c->path, line, sw, p, lim);
                    goto out;
                } else if (owner[sw * WC_TOPO_MAX_PORTS + p] < 0) {
                    wc_err(c->err, c->errlen, "%s:%d: switch %d port %d is a host port (switch %d has %d hosts): port over-subscription",
                                 c->path, line, sw, p, sw, nh[sw]);
                    goto out;
                } else if (owner[sw * WC_TOPO_MAX_PORTS + p] > 0) {
                    wc_err(c->err, c->errlen, "%s:%d: duplicate link on switch %d port %d (already used by the link on line %d)",
                                 c->path, line, sw, p, owner[sw * WC_TOPO_MAX_PORTS + p]);
                    goto out;
                }
                owner[sw * WC_TOPO_MAX_PORTS + p] = line;
                lk[4 * nl + e] = sw;
                lk[4 * nl + e + 1] = p;
            }
            nl++;
        }
    if (P < 0) {
        /* no 'ports' line: just enough ports for the busiest switch */
        P = 1;
        for (s = 0; s < S; s++)
            for (i = 0; i < WC_TOPO_MAX_PORTS; i++)
                if (owner[s * WC_TOPO_MAX_PORTS + i] && i + 1 > P)
                    P = i + 1;
    }
    t = wc__topo_switched(name, S, P, nh, NULL, lk, nl, c->err, c->errlen);
    goto out;
oom:
    wc_err(c->err, c->errlen, "%s: out of memory", c->path);
out:
    free(hosts.v);
    free(links.v);
    free(nh);
    free(owner);
    free(lk);
    return t;
}

/* ---- BookSim anynet ---------------------------------------------------------- */

static wc_topo *parse_anynet(ctx *c, const char *name)
{
    char *cur = c->buf;
    tok tv[MAXTOK];
    int ln = 0, nt, i, R = 0, N = 0, P = 0, r, nl = 0;
    ivec attach = { 0, 0, 0 };  /* pairs: node, router (+ line) */
    ivec pairs = { 0, 0, 0 };   /* links: ra, rb, line */
    int *node_rt = NULL, *node_ln = NULL, *nh = NULL, *ids = NULL, *nextp = NULL, *lk = NULL, *deg = NULL;
    unsigned char *seen = NULL;
    wc_topo *t = NULL;

    while ((nt = next_tokens(c, &cur, &ln, tv)) != 0) {
        int head_router, head_id, k;
        if (nt < 0)
            goto out;
        if (!tok_is(&tv[0], "router") && !tok_is(&tv[0], "node")) {
            wc_err(c->err, c->errlen, "%s:%d: expected 'router ID ...' or 'node ID ...', got '%.*s'",
                         c->path, ln, tv[0].len, tv[0].s);
            goto out;
        }
        head_router = tok_is(&tv[0], "router");
        if (nt < 2 || tok_num(c, ln, &tv[1], head_router ? "router id" : "node id",
                              head_router ? WC_TOPO_MAX_SWITCHES - 1 : WC_MAX_NODES - 1, &head_id) < 0) {
            if (nt < 2)
                wc_err(c->err, c->errlen, "%s:%d: missing id after '%.*s'", c->path, ln, tv[0].len, tv[0].s);
            goto out;
        }
        if (head_router && head_id + 1 > R)
            R = head_id + 1;
        for (k = 2; k < nt;) {
            int body_router, id, lat;
            if (!tok_is(&tv[k], "router") && !tok_is(&tv[k], "node")) {
                wc_err(c->err, c->errlen, "%s:%d: unexpected '%.*s' (expected 'router ID' or 'node ID', optionally followed by a latency)",
                             c->path, ln, tv[k].len, tv[k].s);
                goto out;
            }
            body_router = tok_is(&tv[k], "router");
            if (k + 1 >= nt) {
                wc_err(c->err, c->errlen, "%s:%d: missing id after '%.*s'", c->path, ln, tv[k].len, tv[k].s);
                goto out;
            }
            if (tok_num(c, ln, &tv[k + 1], body_router ? "router id" : "node id",
                        body_router ? WC_TOPO_MAX_SWITCHES - 1 : WC_MAX_NODES - 1, &id) < 0)
                goto out;
            k += 2;
            /* a latency may follow; we model unit links, so it is ignored */
            if (k < nt && tv[k].s[0] >= '0' && tv[k].s[0] <= '9') {
                if (tok_num(c, ln, &tv[k], "latency", 1000000000, &lat) < 0)
                    goto out;
                k++;
            }
            if (!head_router && !body_router) {
                wc_err(c->err, c->errlen, "%s:%d: cannot connect node %d to node %d", c->path, ln, head_id, id);
                goto out;
            }
            if (head_router && body_router) {
                if (id == head_id) {
                    wc_err(c->err, c->errlen, "%s:%d: link connects router %d to itself", c->path, ln, id);
                    goto out;
                }
                if (ivec_push(&pairs, head_id < id ? head_id : id) || ivec_push(&pairs, head_id < id ? id : head_id) ||
                    ivec_push(&pairs, ln))
                    goto oom;
                if (id + 1 > R)
                    R = id + 1;
            } else {
                int nd = head_router ? id : head_id, rt = head_router ? head_id : id;
                if (ivec_push(&attach, nd) || ivec_push(&attach, rt) || ivec_push(&attach, ln))
                    goto oom;
                if (nd + 1 > N)
                    N = nd + 1;
                if (rt + 1 > R)
                    R = rt + 1;
            }
        }
    }
    if (R < 1) {
        wc_err(c->err, c->errlen, "%s: no routers", c->path);
        goto out;
    }
    if (N < 1) {
        wc_err(c->err, c->errlen, "%s: no nodes attached to any router", c->path);
        goto out;
    }
    node_rt = malloc((size_t)N * sizeof(int));
    node_ln = malloc((size_t)N * sizeof(int));
    nh = calloc((size_t)R, sizeof(int));
    ids = malloc((size_t)N * sizeof(int));
    nextp = calloc((size_t)R, sizeof(int));
    deg = calloc((size_t)R, sizeof(int));
    lk = malloc((size_t)(pairs.n / 3 + 1) * 4 * sizeof(int));
    seen = calloc(((size_t)R * R + 7) / 8, 1);
    if (!node_rt || !node_ln || !nh || !ids || !nextp || !deg || !lk || !seen)
        goto oom;
    for (i = 0; i < N; i++)
        node_rt[i] = -1;
    for (i = 0; i < attach.n; i += 3) {
        int nd = attach.v[i], rt = attach.v[i + 1];
        if (node_rt[nd] >= 0 && node_rt[nd] != rt) {
            wc_err(c->err, c->errlen, "%s:%d: node %d is connected to routers %d and %d (line %d)",
                         c->path, attach.v[i + 2], nd, node_rt[nd], rt, node_ln[nd]);
            goto out;
        }
        node_rt[nd] = rt;
        node_ln[nd] = attach.v[i + 2];
    }
    for (i = 0; i < N; i++) {
        if (node_rt[i] < 0) {
            wc_err(c->err, c->errlen, "%s: node %d missing (node ids must be 0..%d without gaps)", c->path, i, N - 1);
            goto out;
        }
        nh[node_rt[i]]++;
    }
    /* hosts take the lowest ports in node id order */
    for (r = 0; r < R; r++)
        nextp[r] = nh[r];
    {
        int *pos = deg;     /* reuse as running index per router */
        int *start = calloc((size_t)R + 1, sizeof(int));
        if (!start)
            goto oom;
        for (r = 0; r < R; r++)
            start[r + 1] = start[r] + nh[r];
        for (i = 0; i < N; i++)
            ids[start[node_rt[i]] + pos[node_rt[i]]++] = i;
        free(start);
    }
    /* links listed from both ends (or twice) are one link */
    for (i = 0; i < pairs.n; i += 3) {
        int a = pairs.v[i], b = pairs.v[i + 1];
        size_t bit = (size_t)a * (size_t)R + (size_t)b;
        if (seen[bit >> 3] & (1u << (bit & 7)))
            continue;
        seen[bit >> 3] |= (unsigned char)(1u << (bit & 7));
        lk[4 * nl] = a;
        lk[4 * nl + 1] = nextp[a]++;
        lk[4 * nl + 2] = b;
        lk[4 * nl + 3] = nextp[b]++;
        nl++;
    }
    for (r = 0; r < R; r++) {
        if (nextp[r] > WC_TOPO_MAX_PORTS) {
            wc_err(c->err, c->errlen, "%s: router %d needs %d ports (maximum %d): port over-subscription",
                         c->path, r, nextp[r], WC_TOPO_MAX_PORTS);
            goto out;
        }
        if (nextp[r] > P)
            P = nextp[r];
    }
    t = wc__topo_switched(name, R, P, nh, ids, lk, nl, c->err, c->errlen);
    goto out;
oom:
    wc_err(c->err, c->errlen, "%s: out of memory", c->path);
out:
    free(attach.v);
    free(pairs.v);
    free(node_rt);
    free(node_ln);
    free(nh);
    free(ids);
    free(nextp);
    free(deg);
    free(lk);
    free(seen);
    return t;
}

wc_topo *wc__topo_from_file(const char *path, char *err, int errlen)
{
    size_t sz;
    ctx c;
    char name[256], *p;
    wc_topo *t;
    int anynet = 0;

    if (!*path) {
        wc_err(err, errlen, "file: missing path (expected file:PATH)");
        return NULL;
    }
    snprintf(name, sizeof name, "file:%s", path);
    c.path = path;
    c.err = err;
    c.errlen = errlen;
    c.buf = wc_file_read(path, name, "topology file", WC_FILE_MAX_BYTES, &sz, err, errlen);
    if (!c.buf)
        return NULL;
    if (memchr(c.buf, 0, sz)) {
        wc_err(err, errlen, "file:%s: binary file (NUL byte), expected a text topology", path);
        free(c.buf);
        return NULL;
    }
    /* format = first keyword outside comments */
    for (p = c.buf; *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        anynet = !strncmp(p, "router", 6) || !strncmp(p, "node", 4);
        break;
    }
    t = anynet ? parse_anynet(&c, name) : parse_ours(&c, name);
    free(c.buf);
    return t;
}
