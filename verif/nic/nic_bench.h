/* SPDX-License-Identifier: Apache-2.0 */
/* One NIC on a bench board: the bench plays the router (it injects flits
 * on the ejection link and collects what the NIC injects, returning a
 * credit per flit), the host memory (a Wishbone slave answering the DMA
 * master, combinationally or after wait states, with bus errors in chosen
 * ranges) and the host (register accesses on the slave bus).  The C model
 * (cmodel/wc_nic.h) is the NIC; every input is computed from its outputs.
 *
 * Two programs drive this board: tests/nic/test_nic_model.c runs the
 * directed scenarios of nic_scen.c on the C model alone, and the lockstep
 * bench verif/nic/ runs the same scenarios (and its random stimulus) with
 * a second model attached as the DUT: each cycle the DUT sees the C
 * model's outputs and the inputs the bench computed, compares its own
 * outputs and is clocked with the same inputs.  All state is in the
 * nic_bench the caller owns. */
#ifndef NIC_BENCH_H
#define NIC_BENCH_H
#include <stdint.h>
#include "wc_nic.h"
#include "wc_nic_pkt.h"
#include "wc_rng.h"

#define NB_RXQ  8192                     /* flits queued for the ejection link */
#define NB_TXP  4096                     /* packets kept from the injection link */
#define NB_CRQ  512                      /* credits waiting to go back (> any B) */
#define NB_NERR 4                        /* bus error ranges */
#define NB_NWHERE 12                     /* named memory regions */

typedef struct {
    uint32_t f[WC_NIC_MAX_PKT_FLITS + 8];
    unsigned n;
} nb_pkt;

/* The other model of a lockstep run (NULL callbacks: the C model alone). */
typedef struct {
    void *ctx;
    /* a fresh NIC with this node id: hold the DUT in reset for edges
     * clock edges, release it */
    void (*reset)(void *ctx, unsigned node, int edges);
    /* one cycle: compare the DUT's outputs with want, then drive in and
     * clock it; nonzero stops the bench (the DUT has reported why) */
    int (*cycle)(void *ctx, const wc_nic_out *want, const wc_nic_in *in);
} nb_dut;

typedef struct nic_bench nic_bench;

/* Called every cycle after the C model's outputs are known and before
 * the bench computes the inputs: the random environment reacts to the
 * packets the NIC finished sending, queues packets on the ejection link
 * and sets the link and memory knobs. */
typedef void (*nb_hook)(void *ctx, nic_bench *b, const wc_nic_out *o);

struct nic_bench {
    wc_nic *nic;
    wc_nic_cfg cfg;
    unsigned self;
    long cyc;                   /* cycles since this NIC left reset */
    long total;                 /* cycles over every NIC of the run */

    /* host memory */
    uint8_t *mem;
    uint32_t memsize;
    int wait_max;               /* each word waits 0..wait_max cycles */
    int wait_left;              /* -1: no word being answered */
    uint32_t err_lo[NB_NERR], err_hi[NB_NERR];  /* words in [lo, hi) get ERR */
    uint32_t where_lo[NB_NWHERE], where_hi[NB_NWHERE];
    const char *where_name[NB_NWHERE];  /* what lives there, for reports */
    long dma_read_words, dma_write_words, dma_errs;

    /* ejection link (router -> NIC) */
    uint64_t rxq[NB_RXQ];       /* {type, data}; data above bit 31 is the bench's */
    int rxh, rxn;
    int rx_cap;                 /* flits the bench lets go without a credit back; 0: no limit */
    int rx_out;                 /* flits sent, credit not yet back */
    double p_bubble;            /* chance of an idle cycle before a flit */
    long rx_flits;              /* over the board's life, as the other counters */
    uint32_t rx_h[5];           /* head and NH0..NH3 of the worm being delivered */
    int rx_k;                   /* flits of it delivered */

    /* injection link (NIC -> router) */
    nb_pkt tx[NB_TXP];
    int ntx;                    /* packets completed (index modulo NB_TXP) */
    nb_pkt cur;
    int cur_open;
    int credit_min, credit_max; /* a credit returns this many cycles after its flit */
    long credit_stall;          /* no credit returns before this cycle */
    long crq[NB_CRQ];           /* due cycles of the credits owed, in order */
    int crh, crn;
    long tx_flits, tx_framing;  /* flits seen; flits breaking worm framing */
    int tx_k;                   /* index in its packet of this cycle's flit, -1 none */
    int reset_at_edge;          /* this cycle's register write soft-resets the NIC */
    /* the directed scenarios' peers: a REQ the NIC sends is answered
     * with a GRANT naming its sequence (docs/nic-flow.md), queued on the
     * ejection link as the REQ's tail leaves */
    int auto_grant;
    int ag_seen;                /* packets of tx looked at for REQs */
    long ag_grants;             /* GRANTs queued so far */
    int reset_edges;            /* edges with rst_ni low at nb_start (0: 4) */

    /* host register bus: the request the host holds this cycle */
    int sreq, swe, hold;        /* hold: keep STB through the ACK cycle (B4 classic) */
    int gt_wait;                /* the last access was a group commit: cycles its check may take */
    unsigned sreg;
    uint32_t sdat, sbase;       /* sbase: the NIC's base address (bits 7:2 select) */
    uint32_t seen_dat;
    int seen_ack;
    long reg_accesses;

    /* don't-care inputs (data without valid, read data without ack...)
     * get random values, which neither model may look at */
    int garbage;
    wc_rng rng;

    /* checks and groups */
    int npass, nfail;
    int gpass, gfail;
    int g_pass0, g_fail0, g_skip;
    const char *group;
    char note[200];             /* what the stimulus is doing, for reports */
    const char *scen;           /* the directed scenario running, NULL none */
    int advisory;               /* checks print but do not fail (scenarios off their parameters) */
    int quiet;

    /* lockstep */
    nb_dut dut;
    int stopped;                /* the DUT differed: no more cycles until the next NIC */
    long stop_cyc;
    nb_hook hook;
    void *hook_ctx;
};

/* A board with memsize bytes of host memory (zeroed).  NULL on no memory. */
nic_bench *nb_new(uint32_t memsize);
void nb_free(nic_bench *b);

/* A fresh C model (and a DUT reset) with cfg and node id; the links,
 * queues, bus and memory error ranges are cleared, memory is kept.
 * Returns 0, or -1 with the reason printed. */
int nb_start(nic_bench *b, const wc_nic_cfg *cfg, unsigned node);

/* One clock cycle; nothing once stopped. */
void nb_step(nic_bench *b);
void nb_run(nic_bench *b, int n);

/* Register access on the slave bus: request in one cycle, ACK and read
 * data in the next (checked). */
uint32_t nb_reg(nic_bench *b, unsigned reg, int we, uint32_t v);
void nb_wr(nic_bench *b, unsigned reg, uint32_t v);
uint32_t nb_rd(nic_bench *b, unsigned reg);

/* Host memory, little-endian words (the bench's side: no bus cycles). */
void nb_w32(nic_bench *b, uint32_t a, uint32_t v);
uint32_t nb_r32(const nic_bench *b, uint32_t a);

/* Bus errors on [lo, hi) in slot i (lo == hi: none). */
void nb_set_err(nic_bench *b, int i, uint32_t lo, uint32_t hi);

/* Queue a worm of n flit data words on the ejection link (head, bodies,
 * tail; a single flit goes as WC_FT_SINGLE), or one raw {type, data}
 * flit.  Returns 0, or -1 if the queue is full (nothing queued). */
int nb_inject(nic_bench *b, const uint32_t *f, unsigned n);
int nb_inject_flit(nic_bench *b, uint64_t typed_flit);
int nb_rx_room(const nic_bench *b);

/* The link partners forget what is in flight (a soft reset of the NIC:
 * its credits start again at B, its worm in progress is cut) and the
 * router drops what it had queued for the NIC.  With reset_at_edge set
 * before a register write, nb_step does this at the edge of the request
 * cycle, the edge at which the write resets the NIC. */
void nb_link_reset(nic_bench *b);

/* Name a memory region for reports ("send ring"); nb_where describes an
 * address: "send ring + 0x10". */
void nb_name_region(nic_bench *b, uint32_t lo, uint32_t hi, const char *name);
const char *nb_where(const nic_bench *b, uint32_t a, char *buf, int n);

/* Forget the packets the NIC sent so far (tx restarts at index 0). */
void nb_tx_clear(nic_bench *b);

/* Build one packet's flits (exits on a header wc_nic_pkt_build refuses). */
unsigned nb_build(unsigned dst, unsigned src, unsigned group, unsigned type, unsigned seq,
                  unsigned off, unsigned len, unsigned msglen, const uint8_t *payload, uint32_t *f);
/* Recompute NH3 after editing a packet. */
void nb_fix_crc(uint32_t *f, unsigned n);
/* Parse sent packet i (0 <= i < ntx, the last NB_TXP kept; any other i
 * gives -WC_NIC_ST_BADOP). */
int nb_parse_tx(const nic_bench *b, int i, wc_nic_hdr *h, uint8_t *payload);

/* Checks and named groups of checks: "ok|FAIL <group> (n checks)", and
 * at the end "N passed, M failed" over the checks. */
void nb_check(nic_bench *b, int cond, const char *file, int line, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* The message arguments are evaluated only when the check fails (some
 * read registers, which takes bus cycles). */
#define NB_CHECK(b, cond, ...) do { \
        if (cond) nb_check((b), 1, __FILE__, __LINE__, " "); \
        else nb_check((b), 0, __FILE__, __LINE__, __VA_ARGS__); \
    } while (0)
void nb_group_begin(nic_bench *b, const char *desc);
void nb_group_end(nic_bench *b);
#define NB_GROUP(b, desc, ...) do { nb_group_begin((b), (desc)); __VA_ARGS__; nb_group_end(b); } while (0)
int nb_summary(const nic_bench *b);

/* The directed scenarios (nic_scen.c), written for wc_nic_cfg_default(16)
 * at node 5; with other parameters the bench sets advisory.  only: run
 * the scenarios whose name contains it (NULL: all).  Returns the number
 * of scenarios run. */
int nic_scen_run(nic_bench *b, const wc_nic_cfg *cfg, const char *only);
/* Name of scenario i, NULL past the last. */
const char *nic_scen_name(int i);
#endif
