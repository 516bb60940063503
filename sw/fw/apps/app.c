/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers of the firmware apps (see app.h). */
#include <limits.h>
#include "app.h"
#include "node.h"
#include "rt.h"
#include "wc_hcube.h"

static const app_mode modes[] = {
    { "fpfs", WC_NIC_MODE_FPFS, MC_FWD_NIC },
    { "fcfs", WC_NIC_MODE_FCFS, MC_FWD_NIC },
    { "host", WC_NIC_MODE_HOST, MC_FWD_HOST },
    /* the unicasts do not care who would forward: keep the default mode */
    { "unicast", WC_NIC_MODE_FPFS, MC_FWD_UNICAST },
};

const app_mode *app_mode_parse(const char *s)
{
    unsigned i;
    for (i = 0; s && i < sizeof modes / sizeof modes[0]; i++)
        if (wc_token_is(s, modes[i].name))
            return &modes[i];
    return 0;
}

const char *app_list_next(const char *s)
{
    while (s && *s && *s != ',')
        s++;
    return s && *s == ',' && s[1] ? s + 1 : 0;
}

const char *app_arg_list(const char *key, const char *def)
{
    const char *v = wc_arg(key);
    return v && *v ? v : def;
}

long app_arg_num(const char *app, const char *key, long def, long lo, long hi)
{
    const char *v = wc_arg(key), *end;
    long x;
    if (!v)
        return def;
    if (wc_parse_long(v, &x, &end) || *end || x < lo || x > hi) {
        wc_printf("%s: %s=%s: expected a whole number in %d..%d\n", app, key, v, (int)lo, (int)hi);
        wc_exit(APP_E_SETUP);
    }
    return x;
}

char *app_tree_name(const mc_tree *t, char *buf)
{
    static const char *const fixed[] = { "binomial", "kbin:", "kbin:opt", "postal:", "hcube:" };
    const char *w = t->kind >= 0 && t->kind < MC_TREE_KINDS ? fixed[t->kind] : "?";
    char *b = buf, d[12];
    unsigned v = t->kind == MC_TREE_KBIN ? (unsigned)t->k : (unsigned)t->lat;
    int n = 0;
    while (*w)
        *b++ = *w++;
    if (t->kind == MC_TREE_KBIN || t->kind == MC_TREE_POSTAL) {
        /* postal's o is 1 unless the name said o/lat */
        if (t->kind == MC_TREE_POSTAL && t->o != 1) {
            unsigned o = (unsigned)t->o;
            do d[n++] = (char)('0' + o % 10); while (o /= 10);
            d[n++] = '/';
            while (n)
                *b++ = d[--n];
        }
        do d[n++] = (char)('0' + v % 10); while (v /= 10);
        while (n)
            *b++ = d[--n];
    }
    if (t->kind == MC_TREE_HCUBE)
        for (w = wc_hcube_algo_name(t->algo); *w;)
            *b++ = *w++;
    if (t->kind == MC_TREE_HCUBE && !t->high_first)
        for (w = ":low"; *w;)
            *b++ = *w++;
    *b = '\0';
    return buf;
}

void app_die(const char *what, int rc)
{
    wc_printf("node %u: %s: %s (%d)\n", mc_self(), what, mc_strerror(rc), rc);
    wc_exit(APP_E_RUNTIME);
}

uint8_t *app_start(mc_group *ctl, unsigned ctl_root, uint32_t *arena, unsigned words, unsigned send_bytes,
                   unsigned buf_bytes, long limit_def)
{
    unsigned front = send_bytes ? MC_BUF_WORDS(send_bytes) : 0;
    mc_cfg cfg;
    mc_tree bin;
    memset(&cfg, 0, sizeof cfg);
    cfg.nic_mode = WC_NIC_MODE_FPFS;
    cfg.pool = arena + front;
    cfg.pool_bytes = 4u * (words - front);
    cfg.buf_bytes = buf_bytes;
    /* limit=0: no limit */
    cfg.wait_limit = (uint64_t)app_arg_num("app", "limit", limit_def, 0, LONG_MAX);
    cfg.timeout = (uint32_t)app_arg_num("app", "timeout", 0, 0, LONG_MAX);
    APP_TRY("init", mc_init(&cfg));
    mc_tree_parse("binomial", &bin);
    APP_TRY("control group", mc_group_world(ctl, APP_GID_CTL, ctl_root, &bin));
    APP_TRY("first barrier", mc_barrier(ctl));
    return MC_BUF_DATA(arena);
}

void app_switch_mode(mc_group *ctl, unsigned nic_mode)
{
    if (mc_get_nic_mode() == nic_mode)
        return;
    /* nobody may still be forwarding in the old mode when a node switches,
     * and nobody may send in the new mode before every node switched */
    APP_TRY("barrier before a mode switch", mc_barrier(ctl));
    APP_TRY("mode switch", mc_nic_mode(nic_mode));
    APP_TRY("barrier after a mode switch", mc_barrier(ctl));
}

static uint32_t pattern_seed(uint32_t seed, uint32_t a, uint32_t b)
{
    uint32_t s = seed * 0x9e3779b9u ^ a * 0x85ebca6bu ^ b * 0xc2b2ae35u;
    return s ? s : 1u;
}

void app_pattern(uint8_t *buf, unsigned len, uint32_t seed, uint32_t a, uint32_t b)
{
    uint32_t s = pattern_seed(seed, a, b), *w = (uint32_t *)(void *)buf;
    unsigned i, n = len / 4;
    for (i = 0; i < n; i++)
        w[i] = app_rand(&s);
    if (len % 4) {
        uint32_t v = app_rand(&s);
        for (i = 4 * n; i < len; i++, v >>= 8)
            buf[i] = (uint8_t)v;
    }
}

unsigned app_pattern_check(const uint8_t *buf, unsigned len, uint32_t seed, uint32_t a, uint32_t b)
{
    uint32_t s = pattern_seed(seed, a, b);
    const uint32_t *w = (const uint32_t *)(const void *)buf;
    unsigned i, k, n = len / 4, bad = 0;
    for (i = 0; i < n; i++) {
        uint32_t x = w[i] ^ app_rand(&s);
        for (k = 0; x && k < 4; k++, x >>= 8)
            bad += (x & 0xffu) != 0;
    }
    if (len % 4) {
        uint32_t v = app_rand(&s);
        for (i = 4 * n; i < len; i++, v >>= 8)
            bad += buf[i] != (uint8_t)v;
    }
    return bad;
}
