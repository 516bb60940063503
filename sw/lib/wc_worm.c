/* SPDX-License-Identifier: Apache-2.0 */
#include "wc_worm.h"

const char *wc_worm_strerror(int err)
{
    switch (err) {
    case WC_WORM_OK: return "ok";
    case WC_WORM_ECAP: return "worm storage full";
    case WC_WORM_EARG: return "bad argument";
    case WC_WORM_EWORK: return "work area too small";
    case WC_WORM_ETOPO: return "scheme does not apply to this network";
    case WC_WORM_ECHECK: return "scheme failed its own check";
    }
    return "unknown error";
}

void wc_scheme_init(wc_scheme *s, int src, wc_worm *storage, int cap)
{
    s->src = src;
    s->nworms = 0;
    s->cap = cap;
    s->rounds = 0;
    s->worms = storage;
}

int wc_scheme_add(wc_scheme *s, int from, int round, const int *dst, int ndst)
{
    wc_worm *w;
    int i;
    if (ndst < 1 || ndst > WC_WORM_MAX_DST || round < 1 || from < 0)
        return WC_WORM_EARG;
    if (s->nworms >= s->cap)
        return WC_WORM_ECAP;
    w = &s->worms[s->nworms];
    w->src = from;
    w->round = round;
    w->ndst = ndst;
    for (i = 0; i < ndst; i++)
        w->dst[i] = dst[i];
    if (round > s->rounds)
        s->rounds = round;
    return s->nworms++;
}

char *wc_msg_str(char *buf, int len, const char *s)
{
    int n = 0;
    if (len <= 0)
        return buf;
    while (n < len - 1 && buf[n])
        n++;
    while (n < len - 1 && *s)
        buf[n++] = *s++;
    buf[n] = 0;
    return buf;
}

char *wc_msg_int(char *buf, int len, long v)
{
    char tmp[24];
    int i = 0, neg = v < 0;
    unsigned long u = neg ? 0ul - (unsigned long)v : (unsigned long)v;
    do {
        tmp[i++] = (char)('0' + u % 10u);
        u /= 10u;
    } while (u);
    if (neg)
        tmp[i++] = '-';
    {
        char out[24];
        int j;
        for (j = 0; j < i; j++)
            out[j] = tmp[i - 1 - j];
        out[i] = 0;
        return wc_msg_str(buf, len, out);
    }
}

/* "worm W (from F, round R): " prefix of a check message. */
static void worm_prefix(char *err, int len, int w, const wc_worm *x)
{
    err[0] = 0;
    wc_msg_str(err, len, "worm ");
    wc_msg_int(err, len, w);
    wc_msg_str(err, len, " (from ");
    wc_msg_int(err, len, x->src);
    wc_msg_str(err, len, ", round ");
    wc_msg_int(err, len, x->round);
    wc_msg_str(err, len, "): ");
}

int wc_scheme_check(const wc_scheme *s, int nnodes, const int *dst, int ndst,
                    int one_port, int *work, int nwork, char *err, int errlen)
{
    /* recv[v]: round v received in (0 = not yet, -1 = source);
     * want[v]: 1 for a destination, later the round v last sent in. */
    int *recv = work, *want = work + nnodes;
    int i, j, w, r;
    if (errlen > 0)
        err[0] = 0;
    if (nwork < 2 * nnodes || nnodes < 1) {
        wc_msg_str(err, errlen, "work area too small");
        return -1;
    }
    if (s->src < 0 || s->src >= nnodes) {
        wc_msg_str(err, errlen, "source ");
        wc_msg_int(err, errlen, s->src);
        wc_msg_str(err, errlen, " out of range");
        return -1;
    }
    for (i = 0; i < nnodes; i++)
        recv[i] = want[i] = 0;
    for (i = 0; i < ndst; i++)
        if (dst[i] >= 0 && dst[i] < nnodes)
            want[dst[i]] = 1;
    recv[s->src] = -1;
    /* Rounds in increasing order so "received before" is known when a
     * worm's sender is checked. */
    for (r = 1; r <= s->rounds; r++) {
        for (w = 0; w < s->nworms; w++) {
            const wc_worm *x = &s->worms[w];
            if (x->round != r)
                continue;
            if (x->src < 0 || x->src >= nnodes) {
                worm_prefix(err, errlen, w, x);
                wc_msg_str(err, errlen, "sender out of range");
                return -1;
            }
            if (recv[x->src] == 0 || recv[x->src] >= r) {
                worm_prefix(err, errlen, w, x);
                wc_msg_str(err, errlen, "sender ");
                wc_msg_int(err, errlen, x->src);
                if (recv[x->src] == 0)
                    wc_msg_str(err, errlen, " never received the message");
                else {
                    wc_msg_str(err, errlen, " receives only in round ");
                    wc_msg_int(err, errlen, recv[x->src]);
                }
                return -1;
            }
            for (j = 0; j < x->ndst; j++) {
                int d = x->dst[j];
                if (d < 0 || d >= nnodes) {
                    worm_prefix(err, errlen, w, x);
                    wc_msg_str(err, errlen, "destination ");
                    wc_msg_int(err, errlen, d);
                    wc_msg_str(err, errlen, " out of range");
                    return -1;
                }
                if (recv[d] != 0) {
                    worm_prefix(err, errlen, w, x);
                    wc_msg_str(err, errlen, "node ");
                    wc_msg_int(err, errlen, d);
                    if (recv[d] < 0)
                        wc_msg_str(err, errlen, " is the source and would receive its own message");
                    else {
                        wc_msg_str(err, errlen, " receives a second time (first in round ");
                        wc_msg_int(err, errlen, recv[d]);
                        wc_msg_str(err, errlen, ")");
                    }
                    return -1;
                }
                if (!want[d]) {
                    worm_prefix(err, errlen, w, x);
                    wc_msg_str(err, errlen, "node ");
                    wc_msg_int(err, errlen, d);
                    wc_msg_str(err, errlen, " is not a destination of the multicast");
                    return -1;
                }
                recv[d] = r;
            }
        }
        if (one_port) {
            /* want[] now doubles as "last round sent in", offset by 2 so
             * the destination marks 0/1 stay distinct from rounds. */
            for (w = 0; w < s->nworms; w++) {
                const wc_worm *x = &s->worms[w];
                if (x->round != r)
                    continue;
                if (want[x->src] == r + 2) {
                    worm_prefix(err, errlen, w, x);
                    wc_msg_str(err, errlen, "node ");
                    wc_msg_int(err, errlen, x->src);
                    wc_msg_str(err, errlen, " sends a second worm in the same round (one-port)");
                    return -1;
                }
                want[x->src] = r + 2;
            }
        }
    }
    for (w = 0; w < s->nworms; w++)
        if (s->worms[w].round < 1 || s->worms[w].round > s->rounds) {
            worm_prefix(err, errlen, w, &s->worms[w]);
            wc_msg_str(err, errlen, "round out of range");
            return -1;
        }
    for (i = 0; i < ndst; i++) {
        int d = dst[i];
        if (d < 0 || d >= nnodes || d == s->src || recv[d] <= 0) {
            wc_msg_str(err, errlen, "destination ");
            wc_msg_int(err, errlen, d);
            if (d < 0 || d >= nnodes)
                wc_msg_str(err, errlen, " out of range");
            else if (d == s->src)
                wc_msg_str(err, errlen, " is the source");
            else
                wc_msg_str(err, errlen, " never receives the message");
            return -1;
        }
    }
    return 0;
}
