/* SPDX-License-Identifier: Apache-2.0 */
/* Host driver of the NIC (docs/nic.md, "Host interface"): ring set-up,
 * group table entries, receive buffers, send descriptors and completion
 * polling.  The same code drives the C model in `wormcast msg` and will
 * run as RV32 firmware on the node core, so it is freestanding C99 with
 * caller-owned state and no allocation; registers and memory are reached
 * through callbacks (MMIO on the core, a simulated bus and host memory in
 * the simulator, where a register write is a queued Wishbone cycle).
 *
 * Ring indices are free-running 16-bit counters as in the NIC registers;
 * entry = index & (size - 1).  The driver never reads the NIC's consumer
 * indices: it counts completions instead (a send ring entry is free once
 * its CK_SEND is consumed, a receive ring entry once its CK_RECV is),
 * which is conservative because the NIC reads descriptors before it
 * completes them, and needs no register read on the fast path. */
#ifndef WC_NIC_DRV_H
#define WC_NIC_DRV_H
#include <stdint.h>
#include "wc_defs.h"

typedef struct {
    void *ctx;
    /* write NIC register reg (word offset, WC_NICR_*) */
    void (*reg_write)(void *ctx, unsigned reg, uint32_t val);
    /* read NIC register reg; may be NULL when the caller checks results
     * itself (wc_nic_drv_group then returns 0 without reading) */
    uint32_t (*reg_read)(void *ctx, unsigned reg);
    /* 32-bit little-endian word of host memory at byte address addr (4-aligned) */
    uint32_t (*mem_read)(void *ctx, uint32_t addr);
    void (*mem_write)(void *ctx, uint32_t addr, uint32_t val);
} wc_nic_drv_io;

typedef struct {
    uint32_t sq_base, rq_base, cq_base;  /* byte addresses: 16-, 8-, 16-aligned */
    unsigned sq_size, rq_size, cq_size;  /* entries, powers of two in 1..32768 */
    uint32_t timeout;                    /* NICR_TIMEOUT, cycles (0: leave the reset value) */
    uint32_t int_enable;                 /* NICR_INT_ENABLE */
    unsigned cq_batch;                   /* consumed completions per CQ_HEAD write, >= 1 */
} wc_nic_drv_cfg;

typedef struct {
    wc_nic_drv_io io;
    wc_nic_drv_cfg c;
    uint16_t sq_tail, rq_tail, cq_head;  /* producer (sq, rq) and consumer (cq) indices */
    uint16_t sq_pub, rq_pub;             /* last values written to SQ_TAIL / RQ_TAIL */
    uint16_t cq_pub;                     /* last value written to CQ_HEAD */
    uint16_t sq_done, rq_done;           /* CK_SEND / CK_RECV consumed */
} wc_nic_drv;

/* A send descriptor (docs/nic.md, "Send descriptor"). */
typedef struct {
    unsigned op;        /* WC_OP_UNICAST / MULTISEND / MULTICAST */
    unsigned tag;       /* 12 bits, returned in the completion */
    unsigned len;       /* bytes, 1..WC_NIC_MAX_MSG */
    unsigned dst;       /* destination, destination count or group id */
    uint32_t addr;      /* message byte address, 4-aligned */
    uint32_t word3;     /* multisend: list address; host-mode forward: source; else 0 */
} wc_nic_sdesc;

/* A completion entry, decoded (raw words in w[]). */
typedef struct {
    unsigned status, kind, tag;     /* CD0_* */
    unsigned src, group;            /* CD1_* (receives) */
    uint32_t addr;                  /* word 2: receive buffer (receives) */
    unsigned len;                   /* CD3_LEN */
    uint32_t w[4];
} wc_nic_cqe;

/* Check cfg and write the ring registers, the timeout and the interrupt
 * enables (the NIC stays disabled).  0, or -1 on a bad configuration
 * (size not a power of two, misaligned base, cq_batch 0). */
int wc_nic_drv_init(wc_nic_drv *d, const wc_nic_drv_cfg *cfg, const wc_nic_drv_io *io);

/* Install group gid: parent (WC_NIC_NO_PARENT at the root) and n children
 * in send order.  n = 0 at a non-root node installs a leaf entry.  With a
 * reg_read callback, returns the NIC's NICR_GT_RESULT (a WC_NIC_ST_*
 * code); without one, 0.  -1 for arguments the NIC could not even take
 * (n above WC_NIC_MAX_CHILDREN, a root without children). */
int wc_nic_drv_group(wc_nic_drv *d, unsigned gid, unsigned parent, const uint16_t *child, unsigned n);

/* Enable the NIC in mode WC_NIC_MODE_FPFS / FCFS / HOST. */
void wc_nic_drv_enable(wc_nic_drv *d, unsigned mode);

/* Free entries of the send and receive rings. */
unsigned wc_nic_drv_sq_space(const wc_nic_drv *d);
unsigned wc_nic_drv_rq_space(const wc_nic_drv *d);

/* Write a send descriptor / receive buffer into the next ring entry
 * without telling the NIC (-1 when the ring is full, or for a bad
 * descriptor: len or op out of range, misaligned address); several may be
 * queued, then one *_commit publishes them with a single register write. */
int wc_nic_drv_sq_put(wc_nic_drv *d, const wc_nic_sdesc *s);
void wc_nic_drv_sq_commit(wc_nic_drv *d);
int wc_nic_drv_rq_put(wc_nic_drv *d, uint32_t addr, uint32_t cap);
void wc_nic_drv_rq_commit(wc_nic_drv *d);
/* put + commit */
int wc_nic_drv_post_send(wc_nic_drv *d, const wc_nic_sdesc *s);
int wc_nic_drv_post_recv(wc_nic_drv *d, uint32_t addr, uint32_t cap);

/* Is completion cq_head + k written (CD0_VALID) yet?  Lets a host that
 * acts late (a modelled reaction time) see when entries arrived. */
int wc_nic_drv_cq_ready(const wc_nic_drv *d, unsigned k);

/* Consume the next completion into *e: 1, or 0 if none is ready.  Clears
 * its VALID word and tells the NIC through CQ_HEAD every cq_batch
 * entries. */
int wc_nic_drv_poll(wc_nic_drv *d, wc_nic_cqe *e);

/* Write CQ_HEAD if entries were consumed since the last write (call when
 * the ring is idle so the NIC's view never lags for long). */
void wc_nic_drv_cq_flush(wc_nic_drv *d);
#endif
