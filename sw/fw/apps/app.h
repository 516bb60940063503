/* SPDX-License-Identifier: Apache-2.0 */
/* What the firmware apps share: argument lists, forwarding mode names,
 * the message pattern, failure exits.  Every node runs the same ELF; the
 * node id and wc_arg decide what each does. */
#ifndef WC_APP_H
#define WC_APP_H
#include <stdint.h>
#include "mc.h"

/* The control group every app spans the system with (barriers, reports);
 * the apps' own groups take the ids above. */
#define APP_GID_CTL 1

/* Exit codes of the apps (main's return value; crt0 reports code<<1|1). */
enum { APP_PASS = 0, APP_E_SETUP = 2, APP_E_CHECK = 3, APP_E_RUNTIME = 4 };

/* One measured or exercised forwarding: the NIC mode every node runs and
 * the mc_send mode the root uses. */
typedef struct {
    const char *name;       /* fpfs, fcfs, host, unicast */
    unsigned nic_mode;
    int fwd;
} app_mode;

/* "fpfs", "fcfs", "host", "unicast" (ended by NUL or ','); NULL if unknown. */
const app_mode *app_mode_parse(const char *s);

/* The next element of a comma-separated list after the one at s, or NULL. */
const char *app_list_next(const char *s);
/* wc_arg(key) or, when absent, def. */
const char *app_arg_list(const char *key, const char *def);
/* The whole-number argument key (wc_parse_long's syntax) in lo..hi, or
 * def when it is absent.  A value that is no number or out of range
 * stops the node with a console line naming app, the argument and the
 * range, and exit code APP_E_SETUP: a mistyped count=abc or count=-1 must
 * not run the default or a wrapped value. */
long app_arg_num(const char *app, const char *key, long def, long lo, long hi);

/* The tree's name as mc_tree_parse reads it, in buf (24 bytes); buf. */
char *app_tree_name(const mc_tree *t, char *buf);

/* Report a runtime error of this node and stop it. */
void app_die(const char *what, int rc) __attribute__((noreturn));
#define APP_TRY(what, expr) do { int rc_ = (expr); if (rc_ != MC_OK) app_die(what, rc_); } while (0)

/* Start the runtime: the first MC_BUF_WORDS(send_bytes) words of arena
 * (none if send_bytes is 0) are the send buffer this returns, the rest is
 * the pool of receive buffers of buf_bytes; the NICs start in FPFS, the
 * timeout and wait limit come from the arguments timeout= and limit=
 * (limit_def when absent).  Then ctl spans the system, rooted at ctl_root,
 * and every node has passed a first barrier.  Exits on failure. */
uint8_t *app_start(mc_group *ctl, unsigned ctl_root, uint32_t *arena, unsigned words, unsigned send_bytes,
                   unsigned buf_bytes, long limit_def);

/* Switch every node to nic_mode between two barriers of the group ctl that
 * spans the system (a no-op when the mode is already set). */
void app_switch_mode(mc_group *ctl, unsigned nic_mode);

/* xorshift32: the same sequence on every node for the same seed. */
static inline uint32_t app_rand(uint32_t *s)
{
    uint32_t x = *s ? *s : 0x9e3779b9u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* The bytes of message (seed, a, b): what the root writes and what every
 * member checks, byte for byte (the last word partly). */
void app_pattern(uint8_t *buf, unsigned len, uint32_t seed, uint32_t a, uint32_t b);
/* Number of bytes that differ from the pattern. */
unsigned app_pattern_check(const uint8_t *buf, unsigned len, uint32_t seed, uint32_t a, uint32_t b);
#endif
