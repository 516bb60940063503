/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>
#include "wc_rtl.h"
#include "wc_netgen.h"

struct wc_rtl {
    void *dl, *h;
    int fw, flat;
    void *(*new_)(void);
    void (*free_)(void *);
    int (*trace_open)(void *, const char *);
    void (*trace_close)(void *);
    void (*reset)(void *, int);
    void (*cfg)(void *, int, unsigned, unsigned);
    void (*set_ext)(void *, int, int, int, uint64_t, int);
    void (*set_ext2)(void *, int, int, uint64_t, int);
    void (*get2)(void *, int, int *, uint64_t *, int *);
    void (*get_abs)(void *, int, int, int *, uint64_t *);
    void (*get_abs2)(void *, int, int *, uint64_t *);
    void (*eval)(void *);
    void (*get)(void *, int, int, int *, uint64_t *, int *);
    unsigned (*drops)(void *, int);
    void (*tick)(void *);
};

static char root_buf[PATH_MAX];

const char *wc_root(void)
{
    const char *env = getenv("WORMCAST_ROOT");
    char exe[PATH_MAX];
    ssize_t k;
    char *s;
    int up;
    if (env && *env)
        return env;
    if (root_buf[0])
        return root_buf;
    k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k <= 0)
        return ".";
    exe[k] = 0;
    /* <root>/<build>/bin/wormcast */
    for (up = 0; up < 3; up++) {
        s = strrchr(exe, '/');
        if (!s)
            return ".";
        *s = 0;
    }
    snprintf(root_buf, sizeof root_buf, "%s", exe);
    return root_buf;
}

static double mtime(const char *path)
{
    struct stat st;
    if (stat(path, &st))
        return -1;
    return (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec * 1e-9;
}

static const char *const router_dirs[] = { "rtl/router", "rtl/include", "verif/net", NULL };
static const char *const nic_dirs[] = { "rtl/nic", "rtl/router", "rtl/include", "verif/net", "cmodel", "defs", NULL };

/* newest mtime of the RTL and harness sources a model depends on */
static double sources_mtime(const char *root, const char *const *dirs)
{
    double newest = 0;
    size_t d;
    for (d = 0; dirs[d]; d++) {
        char path[PATH_MAX];
        DIR *dir;
        struct dirent *e;
        snprintf(path, sizeof path, "%s/%s", root, dirs[d]);
        dir = opendir(path);
        if (!dir)
            continue;
        while ((e = readdir(dir))) {
            char f[PATH_MAX + 256];
            double m;
            if (e->d_name[0] == '.')
                continue;
            snprintf(f, sizeof f, "%s/%s", path, e->d_name);
            m = mtime(f);
            if (m > newest)
                newest = m;
        }
        closedir(dir);
    }
    return newest;
}

#define SYM(field, name) \
    do { *(void **)&m->field = dlsym(m->dl, name); \
         if (!m->field) { snprintf(err, (size_t)errlen, "RTL model %s lacks %s", so, name); goto fail; } } while (0)

static int build_if_stale(const char *so, const char *cmd, const char *what, const char *dir,
                          const char *const *dirs, char *err, int errlen)
{
    if (mtime(so) >= sources_mtime(wc_root(), dirs))
        return 0;
    fprintf(stderr, "wormcast: verilating %s into %s (once) ...\n", what, dir);
    if (system(cmd) != 0) {
        snprintf(err, (size_t)errlen, "building the RTL model failed (see %s/*.log)", dir);
        return -1;
    }
    return 0;
}

static void sanitize(char *key)
{
    size_t i;
    for (i = 0; key[i]; i++)
        if (!((key[i] >= 'a' && key[i] <= 'z') || (key[i] >= 'A' && key[i] <= 'Z') ||
              (key[i] >= '0' && key[i] <= '9') || key[i] == '_'))
            key[i] = '_';
}

wc_rtl *wc_rtl_open(const wc_topo *t, int W, int B, int flat, int trace, char *err, int errlen)
{
    const char *root = wc_root();
    char key[600], dir[PATH_MAX], so[PATH_MAX + 32], cmd[3 * PATH_MAX + 600], exe[PATH_MAX], what[1000];
    wc_rtl *m;
    ssize_t k;
    k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[k > 0 ? k : 0] = 0;
    if (flat) {
        snprintf(key, sizeof key, "%s_w%d_b%d%s", t->name, W, B, trace ? "_fst" : "");
        sanitize(key);
        snprintf(dir, sizeof dir, "%s/build/rtl/%s", root, key);
        snprintf(so, sizeof so, "%s/libwcrtl.so", dir);
        snprintf(cmd, sizeof cmd, "'%s/verif/net/build-rtl.sh' '%s' '%s' '%s' %d %d %d", root, exe, dir,
                 t->name, W, B, trace ? 1 : 0);
        snprintf(what, sizeof what, "the whole %s network (W=%d, B=%d%s)", t->name, W, B, trace ? ", FST" : "");
    } else {
        wc_param prm[WC_ROUTER_NPARAMS];
        char gp[400] = "";
        int i, len = 0;
        wc_router_params(t, W, B, prm);
        len = snprintf(key, sizeof key, "router");
        for (i = 0; i < WC_ROUTER_NPARAMS; i++) {
            len += snprintf(key + len, sizeof key - (size_t)len, "_%s%ld", prm[i].name, prm[i].value);
            snprintf(gp + strlen(gp), sizeof gp - strlen(gp), " -G%s=%ld", prm[i].name, prm[i].value);
        }
        snprintf(dir, sizeof dir, "%s/build/rtl/%s", root, key);
        snprintf(so, sizeof so, "%s/libwcrouter.so", dir);
        snprintf(cmd, sizeof cmd, "'%s/verif/net/build-router.sh' '%s' '%s'", root, dir, gp);
        snprintf(what, sizeof what, "the %s router (%s)", t->name, gp + 1);
    }
    if (build_if_stale(so, cmd, what, dir, router_dirs, err, errlen))
        return NULL;
    m = calloc(1, sizeof *m);
    m->fw = W + 2;
    m->flat = flat;
    m->dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!m->dl) {
        snprintf(err, (size_t)errlen, "cannot load RTL model: %s", dlerror());
        free(m);
        return NULL;
    }
    if (flat) {
        SYM(new_, "wcrtl_new");
        SYM(free_, "wcrtl_free");
        SYM(trace_open, "wcrtl_trace_open");
        SYM(trace_close, "wcrtl_trace_close");
        SYM(reset, "wcrtl_reset");
        SYM(cfg, "wcrtl_cfg");
        SYM(set_ext, "wcrtl_set_ext");
        SYM(eval, "wcrtl_eval");
        SYM(get, "wcrtl_get");
        SYM(get_abs, "wcrtl_get_abs");
        SYM(drops, "wcrtl_drops");
        SYM(tick, "wcrtl_tick");
        m->h = m->new_();
    } else {
        void *(*net_new)(int, int, int, const int *);
        int *peer = malloc((size_t)t->nrouters * (size_t)t->nports * sizeof *peer), i;
        SYM(free_, "wcrtl_net_free");
        SYM(reset, "wcrtl_net_reset");
        SYM(cfg, "wcrtl_net_cfg");
        SYM(set_ext2, "wcrtl_net_set_ext");
        SYM(eval, "wcrtl_net_eval");
        SYM(get2, "wcrtl_net_get");
        SYM(get_abs2, "wcrtl_net_get_abs");
        SYM(drops, "wcrtl_net_drops");
        SYM(tick, "wcrtl_net_tick");
        *(void **)&net_new = dlsym(m->dl, "wcrtl_net_new");
        if (!net_new) {
            snprintf(err, (size_t)errlen, "RTL model %s lacks wcrtl_net_new", so);
            free(peer);
            goto fail;
        }
        for (i = 0; i < t->nrouters * t->nports; i++) {
            wc_endpoint e = t->peer[i];
            peer[i] = e.router >= 0 ? e.router * t->nports + e.port : e.router == WC_PEER_NODE ? -2 : -1;
        }
        m->h = net_new(t->nrouters, t->nports, W + 2, peer);
        free(peer);
    }
    return m;
fail:
    dlclose(m->dl);
    free(m);
    return NULL;
}

void wc_rtl_close(wc_rtl *m)
{
    if (!m)
        return;
    m->free_(m->h);
    dlclose(m->dl);
    free(m);
}

int wc_rtl_trace(wc_rtl *m, const char *path) { return m->flat ? m->trace_open(m->h, path) : -1; }
void wc_rtl_reset(wc_rtl *m, int cycles) { m->reset(m->h, cycles); }
void wc_rtl_cfg(wc_rtl *m, int router, unsigned addr, unsigned data) { m->cfg(m->h, router, addr, data); }
void wc_rtl_set_ext(wc_rtl *m, int idx, int valid, uint64_t flit, int credit)
{
    if (m->flat)
        m->set_ext(m->h, idx, m->fw, valid, flit, credit);
    else
        m->set_ext2(m->h, idx, valid, flit, credit);
}
void wc_rtl_eval(wc_rtl *m) { m->eval(m->h); }
void wc_rtl_get(wc_rtl *m, int idx, int *valid, uint64_t *flit, int *credit)
{
    if (m->flat)
        m->get(m->h, idx, m->fw, valid, flit, credit);
    else
        m->get2(m->h, idx, valid, flit, credit);
}
void wc_rtl_get_abs(wc_rtl *m, int idx, int *valid, uint64_t *flit)
{
    if (m->flat)
        m->get_abs(m->h, idx, m->fw, valid, flit);
    else
        m->get_abs2(m->h, idx, valid, flit);
}
unsigned wc_rtl_drops(wc_rtl *m, int r) { return m->drops(m->h, r); }
void wc_rtl_tick(wc_rtl *m) { m->tick(m->h); }

/* ---- NICs ------------------------------------------------------------ */

struct wc_rtl_nic {
    void *dl, *h;
    void (*free_)(void *);
    void (*reset)(void *, int);
    void (*get)(void *, int, wc_nic_out *);
    void (*set)(void *, int, const wc_nic_in *);
    void (*tick)(void *);
};

wc_rtl_nic *wc_rtl_nic_open(const wc_nic_cfg *c, int count, char *err, int errlen)
{
    const char *root = wc_root();
    char key[400], gp[400], dir[PATH_MAX], so[PATH_MAX + 32], cmd[3 * PATH_MAX + 600], what[600];
    const struct { const char *name; int v; } prm[] = {
        { "NNODES", c->nnodes }, { "W", c->W }, { "B", c->B }, { "PAYLOAD", c->payload },
        { "NSLOT", c->nslot }, { "JSEND", c->jsend }, { "JFWD", c->jfwd }, { "NCTX", c->nctx },
        { "NGROUPS", c->ngroups }, { "TXWIN", c->txwin },
    };
    void *(*nnew)(int);
    wc_rtl_nic *m;
    size_t i;
    int len = snprintf(key, sizeof key, "nic"), gl = 0;
    gp[0] = 0;
    for (i = 0; i < sizeof prm / sizeof prm[0]; i++) {
        len += snprintf(key + len, sizeof key - (size_t)len, "_%s%d", prm[i].name, prm[i].v);
        gl += snprintf(gp + gl, sizeof gp - (size_t)gl, " -G%s=%d", prm[i].name, prm[i].v);
    }
    snprintf(dir, sizeof dir, "%s/build/rtl/%s", root, key);
    snprintf(so, sizeof so, "%s/libwcnic.so", dir);
    snprintf(cmd, sizeof cmd, "'%s/verif/net/build-nic-net.sh' '%s' '%s'", root, dir, gp);
    snprintf(what, sizeof what, "the NIC (%s)", gp + 1);
    if (build_if_stale(so, cmd, what, dir, nic_dirs, err, errlen))
        return NULL;
    m = calloc(1, sizeof *m);
    m->dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!m->dl) {
        snprintf(err, (size_t)errlen, "cannot load the NIC RTL model: %s", dlerror());
        free(m);
        return NULL;
    }
    SYM(free_, "wcnic_free");
    SYM(reset, "wcnic_reset");
    SYM(get, "wcnic_get");
    SYM(set, "wcnic_set");
    SYM(tick, "wcnic_tick");
    *(void **)&nnew = dlsym(m->dl, "wcnic_new");
    if (!nnew) {
        snprintf(err, (size_t)errlen, "RTL model %s lacks wcnic_new", so);
        goto fail;
    }
    m->h = nnew(count);
    return m;
fail:
    dlclose(m->dl);
    free(m);
    return NULL;
}

void wc_rtl_nic_close(wc_rtl_nic *m)
{
    if (!m)
        return;
    m->free_(m->h);
    dlclose(m->dl);
    free(m);
}

void wc_rtl_nic_reset(wc_rtl_nic *m, int cycles) { m->reset(m->h, cycles); }
void wc_rtl_nic_get(wc_rtl_nic *m, int i, wc_nic_out *o) { m->get(m->h, i, o); }
void wc_rtl_nic_set(wc_rtl_nic *m, int i, const wc_nic_in *in) { m->set(m->h, i, in); }
void wc_rtl_nic_tick(wc_rtl_nic *m) { m->tick(m->h); }
