/* SPDX-License-Identifier: Apache-2.0 */
/* Multidestination worms and multicast schemes made of them
 * (the CS838 lecture notes, 1999, "Intermediate
 * reception capability"): a worm leaves its source and is absorbed, in
 * order, by every node of its destination list; a scheme is a set of worms
 * sent in rounds.  Freestanding: caller-owned storage, no allocation, no
 * stdio (messages are built with the wc_msg helpers below). */
#ifndef WC_WORM_H
#define WC_WORM_H

#define WC_WORM_MAX_DST 64   /* destinations one worm may carry */

typedef struct {
    int src;                 /* node that injects the worm */
    int round;               /* round it is sent in, from 1 */
    int ndst;
    int dst[WC_WORM_MAX_DST];/* absorbed in this order; the last one ejects it */
} wc_worm;

typedef struct {
    int src;                 /* original source of the multicast */
    int nworms;
    int cap;                 /* capacity of worms[] */
    int rounds;              /* highest round used (0 when empty) */
    wc_worm *worms;
} wc_scheme;

enum wc_worm_err {
    WC_WORM_OK = 0,
    WC_WORM_ECAP = -1,       /* caller's worm array (or a worm) is full */
    WC_WORM_EARG = -2,       /* bad argument (node id, round, empty worm) */
    WC_WORM_EWORK = -3,      /* caller's work area too small */
    WC_WORM_ETOPO = -4,      /* the scheme does not apply to this network */
    WC_WORM_ECHECK = -5      /* a scheme failed its own check (a bug) */
};
const char *wc_worm_strerror(int err);

/* Start an empty scheme over caller storage. */
void wc_scheme_init(wc_scheme *s, int src, wc_worm *storage, int cap);

/* Append a worm with ndst destinations (1..WC_WORM_MAX_DST) sent by from
 * in round; returns its index or WC_WORM_ECAP / WC_WORM_EARG. */
int wc_scheme_add(wc_scheme *s, int from, int round, const int *dst, int ndst);

/* Scheme rules checked for a multicast from s->src to dst[0..ndst-1] on a
 * network of nnodes nodes:
 *  - every destination receives exactly once, no other node receives (the
 *    source never does);
 *  - a worm sent in round r comes from the source or from a node that
 *    received in a round before r;
 *  - one-port (one_port != 0): a node sends at most one worm per round.
 * BRCP conformance of each worm is wc_brcp_check()'s business.
 * work: at least 2*nnodes ints.  Returns 0, or -1 with a message in err
 * naming the first offending worm. */
int wc_scheme_check(const wc_scheme *s, int nnodes, const int *dst, int ndst,
                    int one_port, int *work, int nwork, char *err, int errlen);

/* Message building without stdio: each appends to buf (always
 * NUL-terminated, truncated at len-1 characters) and returns buf. */
char *wc_msg_str(char *buf, int len, const char *s);
char *wc_msg_int(char *buf, int len, long v);
#endif
