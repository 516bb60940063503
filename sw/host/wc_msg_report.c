/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast msg: names, the verdict on a run, and what a stalled run
 * leaves to look at. */
#include <stdio.h>
#include <stdlib.h>
#include "wc_msg_int.h"

const char *wc_msg_mode_name(int mode)
{
    return mode == WC_NIC_MODE_FPFS ? "fpfs" : mode == WC_NIC_MODE_FCFS ? "fcfs" : mode == WC_NIC_MODE_HOST ? "host" : "?";
}

const char *wc_msg_engine_name(int e) { return wc_engine_kind_name(e); }

void wc_msg_mix_str(unsigned mix, char *buf, int len)
{
    snprintf(buf, (size_t)len, "%s%s%s%s%s", mix & WC_MSG_UNICAST ? "unicast" : "",
             (mix & WC_MSG_UNICAST) && (mix & (WC_MSG_MULTISEND | WC_MSG_MULTICAST)) ? "," : "",
             mix & WC_MSG_MULTISEND ? "multisend" : "",
             (mix & WC_MSG_MULTISEND) && (mix & WC_MSG_MULTICAST) ? "," : "",
             mix & WC_MSG_MULTICAST ? "multicast" : "");
}

int wc_msg_ok(const wc_msg_result *r)
{
    return !r->lost && !r->duplicated && !r->out_of_order && !r->corrupt && !r->send_errors &&
           !r->bad_completions && !r->stall && r->mismatch_cycle < 0 && !r->failure[0] && !r->rtl_assert[0] &&
           r->lat_n > 0;
}

unsigned long long msg_sum_reg(const msim *s, unsigned reg)
{
    unsigned long long t = 0;
    int n;
    for (n = 0; n < s->N; n++)
        t += wc_engine_nic_reg(s->I[0]->e, n, reg);
    return t;
}

typedef struct {
    msim *s;
    uint8_t *inv;           /* [N] nodes involved */
    long shown;
} missing_ctx;

static int show_missing(void *ctx, uint64_t key, long id)
{
    missing_ctx *c = ctx;
    const msgrec *m = &c->s->m[id];
    int dst = (int)wc_score_key_receiver(key);
    c->inv[dst] = c->inv[m->src] = 1;
    if (c->shown++ < 12) {
        char grp[32] = "";
        if (m->gid)
            snprintf(grp, sizeof grp, " in group %d", m->gid);
        fprintf(stderr, "  message %ld: %s of %d bytes from node %d%s posted at cycle %ld, not at node %d\n", m->seq,
                m->kind == K_UNI ? "unicast" : m->kind == K_MS ? "multisend" : "multicast", m->len, m->src, grp,
                m->posted, dst);
    }
    return 0;
}

/* Where the undelivered messages are stuck: the first few of them, and
 * the registers of every node that sends or should receive one. */
void msg_stall_report(msim *s)
{
    const wc_engine *E = s->I[0]->e;
    wc_score_counts c;
    missing_ctx mc;
    char err[128];
    int n, listed = 0;
    wc_score_get(s->sb, &c);
    fprintf(stderr, "wormcast msg: STALL: no completion for %ld cycles at cycle %ld: %ld of %ld expected deliveries "
            "missing, %ld sends not completed\n", s->o->watchdog, s->cyc, c.pending - c.pending_failed,
            c.expected, s->sends_pending);
    /* under faults a NIC's recovery (timeouts, retransmissions, each
     * packet possibly lost again) can outlast the watchdog: slow is not
     * stuck */
    if (s->o->fault_rate > 0)
        fprintf(stderr, "wormcast msg: with --fault-rate %g the NICs may still be retransmitting: a longer --watchdog "
                "(now %ld) tells a slow recovery from a stuck one\n", s->o->fault_rate, s->o->watchdog);
    /* the run ends here: the NICs may be clocked alone */
    if (wc_engine_nic_snapshot(s->I[0]->e, err, sizeof err)) {
        fprintf(stderr, "  (no register dump: %s)\n", err);
        return;
    }
    mc.s = s;
    mc.shown = 0;
    if (!(mc.inv = calloc((size_t)s->N, 1))) {
        fprintf(stderr, "  (no details: out of memory)\n");
        return;
    }
    wc_score_missing(s->sb, show_missing, &mc);
    for (n = 0; n < s->N; n++)
        if (s->h[n].inflight || s->h[n].fwd_inflight)
            mc.inv[n] = 1;
    fprintf(stderr, "  node: host sends/forwards/bus queue | NIC STATUS SQ tail/head RQ tail/head CQ head/tail "
            "slots tx rx retx timeouts nobuf dups crc dst\n");
    for (n = 0; n < s->N && listed < 32; n++) {
        const host *h = &s->h[n];
        if (!mc.inv[n])
            continue;
        listed++;
#define R_(x) (unsigned)wc_engine_nic_reg(E, n, WC_NICR_##x)
        fprintf(stderr, "  %4d: %d/%d/%d | 0x%x %u/%u %u/%u %u/%u %u %u %u %u %u %u %u %u %u\n", n, h->inflight,
                h->fwd_inflight, h->qn, R_(STATUS), R_(SQ_TAIL), R_(SQ_HEAD), R_(RQ_TAIL), R_(RQ_HEAD), R_(CQ_HEAD),
                R_(CQ_TAIL), R_(SLOTS), R_(TX_PKTS), R_(RX_PKTS), R_(RETX), R_(TIMEOUTS), R_(ERR_NOBUF), R_(DUPS),
                R_(ERR_CRC), R_(ERR_DST));
#undef R_
        wc_engine_nic_dump(E, n, stderr);
    }
    free(mc.inv);
}
