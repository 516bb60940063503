/* SPDX-License-Identifier: Apache-2.0 */
/* The loader of the RTL engines: finds the sources and the build
 * directory (wc_rtl_where_get), builds a model when its sources are newer
 * than it (verif/net/build-engine.sh, run with an argument vector, under
 * a lock on the model's directory so that parallel wormcast processes
 * build it once), loads it with dlopen and checks the engine ABI
 * (defs/wc_engine_abi.h) before calling anything in it. */
#define _DEFAULT_SOURCE /* flock */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "wc_engine_abi.h"
#include "wc_err.h"
#include "wc_netgen.h"
#include "wc_rtl.h"

/* ---- where ------------------------------------------------------------ */

#define BUILD_SCRIPT "verif/net/build-engine.sh"
#define HOW_ROOT "set --root DIR or WORMCAST_ROOT to a Wormcast checkout or an installed PREFIX/share/wormcast"
#define HOW_BUILD "set --build-dir DIR or WORMCAST_BUILD to a writable directory"

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int has_sources(const char *root)
{
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/%s", root, BUILD_SCRIPT);
    if (access(p, X_OK))
        return 0;
    snprintf(p, sizeof p, "%s/rtl/router", root);
    return is_dir(p);
}

/* The binary's own path: the installed share directory is found next to
 * it, and the flat build runs its netgen. */
static int self_exe(char *buf, size_t n)
{
    ssize_t k = readlink("/proc/self/exe", buf, n - 1);
    if (k <= 0 || (size_t)k >= n - 1)
        return -1;
    buf[k] = 0;
    return 0;
}

/* An absolute form of a path given by the user (it may not exist yet). */
static int absolute(const char *path, char *out, size_t n)
{
    char cwd[PATH_MAX];
    if (path[0] == '/')
        return snprintf(out, n, "%s", path) < (int)n ? 0 : -1;
    if (!getcwd(cwd, sizeof cwd))
        return -1;
    return snprintf(out, n, "%s/%s", cwd, path) < (int)n ? 0 : -1;
}

static int find_root(wc_rtl_where *w, char *err, int errlen)
{
    const char *env = getenv("WORMCAST_ROOT");
    char exe[PATH_MAX], share[PATH_MAX + 32], *slash;
    if (env && *env) {
        w->root_from = "--root or WORMCAST_ROOT";
        if (absolute(env, w->root, sizeof w->root))
            return wc_err(err, errlen, "RTL source root '%s' (%s): path too long", env, w->root_from);
        if (!is_dir(w->root))
            return wc_err(err, errlen, "RTL source root %s (%s): %s; %s", w->root, w->root_from,
                          access(w->root, F_OK) ? strerror(errno) : "not a directory", HOW_ROOT);
        if (!has_sources(w->root))
            return wc_err(err, errlen, "RTL source root %s (%s) holds no RTL sources (no %s); %s", w->root,
                          w->root_from, BUILD_SCRIPT, HOW_ROOT);
        /* canonical, so that the checkout this binary was built from is
         * recognised however it is named */
        if (realpath(w->root, exe))
            snprintf(w->root, sizeof w->root, "%s", exe);
        return 0;
    }
    share[0] = 0;
    if (!self_exe(exe, sizeof exe) && (slash = strrchr(exe, '/'))) {
        *slash = 0;
        snprintf(share, sizeof share, "%s/../share/wormcast", exe);
        if (has_sources(share) && realpath(share, w->root)) {
            w->root_from = "the installed copy next to the binary";
            return 0;
        }
    }
#ifdef WC_SRC_ROOT
    if (has_sources(WC_SRC_ROOT) && realpath(WC_SRC_ROOT, w->root)) {
        w->root_from = "the checkout wormcast was built from";
        return 0;
    }
#define TRIED_SRC " nor in " WC_SRC_ROOT " (the checkout wormcast was built from)"
#else
#define TRIED_SRC ""
#endif
    return wc_err(err, errlen, "cannot find the RTL sources: not in %s (an installed copy)" TRIED_SRC "; %s",
                  share[0] ? share : "BIN/../share/wormcast", HOW_ROOT);
#undef TRIED_SRC
}

static int find_build(wc_rtl_where *w, char *err, int errlen)
{
    const char *env = getenv("WORMCAST_BUILD"), *cache = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char mk[PATH_MAX + 16];
    int n;
    if (env && *env) {
        w->build_from = "--build-dir or WORMCAST_BUILD";
        if (absolute(env, w->build, sizeof w->build))
            return wc_err(err, errlen, "build directory '%s' (%s): path too long", env, w->build_from);
        return 0;
    }
#if defined(WC_SRC_ROOT) && defined(WC_BUILD_DIR)
    if (realpath(WC_SRC_ROOT, mk) && !strcmp(w->root, mk)) {
        w->build_from = "the build directory of the checkout wormcast was built from";
        n = snprintf(w->build, sizeof w->build, "%s", WC_BUILD_DIR);
        return n < (int)sizeof w->build ? 0 : wc_err(err, errlen, "build directory path too long; %s", HOW_BUILD);
    }
#endif
    snprintf(mk, sizeof mk, "%s/Makefile", w->root);
    if (!access(mk, F_OK)) {
        w->build_from = "the build directory of the checkout";
        n = snprintf(w->build, sizeof w->build, "%s/build", w->root);
    } else if (cache && cache[0] == '/') {
        w->build_from = "the per-user cache $XDG_CACHE_HOME/wormcast";
        n = snprintf(w->build, sizeof w->build, "%s/wormcast", cache);
    } else if (home && home[0] == '/') {
        w->build_from = "the per-user cache $HOME/.cache/wormcast";
        n = snprintf(w->build, sizeof w->build, "%s/.cache/wormcast", home);
    } else
        return wc_err(err, errlen, "no directory to build RTL models in (neither XDG_CACHE_HOME nor HOME is set); %s",
                      HOW_BUILD);
    return n < (int)sizeof w->build ? 0 : wc_err(err, errlen, "build directory path too long; %s", HOW_BUILD);
}

int wc_rtl_where_get(wc_rtl_where *w, char *err, int errlen)
{
    memset(w, 0, sizeof *w);
    if (find_root(w, err, errlen))
        return -1;
    return find_build(w, err, errlen);
}

/* wc_root() and wc_build_dir() hand out strings that outlive the call;
 * the process's environment they derive from is process-wide too. */
static wc_rtl_where where_cache;
static int where_state; /* 0 not looked up, 1 found, -1 none */

static const wc_rtl_where *where_once(void)
{
    if (!where_state)
        where_state = wc_rtl_where_get(&where_cache, NULL, 0) ? -1 : 1;
    return where_state > 0 ? &where_cache : NULL;
}

const char *wc_root(void)
{
    const wc_rtl_where *w = where_once();
    return w ? w->root : ".";
}

const char *wc_build_dir(void)
{
    const wc_rtl_where *w = where_once();
    return w ? w->build : "build";
}

/* ---- building --------------------------------------------------------- */

static double mtime(const char *path)
{
    struct stat st;
    if (stat(path, &st))
        return -1;
    return (double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec * 1e-9;
}

/* The RTL and harness sources a model depends on, relative to the root:
 * a directory stands for the files in it. */
static const char *const router_srcs[] = { "rtl/router", "rtl/include", "verif/net", "defs/wc_engine_abi.h",
                                           "defs/wc_nic_port.h", "defs/wc_vl_hook.h", NULL };
static const char *const node_srcs[] = { "rtl/soc", "rtl/core", "rtl/nic", "rtl/router", "rtl/include", "verif/net",
                                         "defs/wc_engine_abi.h", "defs/wc_nic_port.h", "defs/wc_node_port.h",
                                         "defs/wc_vl_hook.h", NULL };
static const char *const nic_srcs[] = { "rtl/nic", "rtl/router", "rtl/include", "verif/net", "defs/wc_engine_abi.h",
                                        "defs/wc_nic_port.h", "defs/wc_vl_hook.h", NULL };

static double sources_mtime(const char *root, const char *const *srcs)
{
    double newest = 0, m;
    size_t d;
    for (d = 0; srcs[d]; d++) {
        char path[PATH_MAX + 64];
        DIR *dir;
        struct dirent *e;
        snprintf(path, sizeof path, "%s/%s", root, srcs[d]);
        if (!(dir = opendir(path))) {
            if ((m = mtime(path)) > newest)
                newest = m;
            continue;
        }
        while ((e = readdir(dir))) {
            char f[PATH_MAX + 320];
            if (e->d_name[0] == '.')
                continue;
            snprintf(f, sizeof f, "%s/%s", path, e->d_name);
            if ((m = mtime(f)) > newest)
                newest = m;
        }
        closedir(dir);
    }
    return newest;
}

int wc_mkdirs(const char *dir, char *err, int errlen)
{
    char p[PATH_MAX], *s;
    if (snprintf(p, sizeof p, "%s", dir) >= (int)sizeof p)
        return wc_err(err, errlen, "%s: path too long", dir);
    for (s = p + 1;; s++) {
        if (*s && *s != '/')
            continue;
        {
            char c = *s;
            *s = 0;
            if (mkdir(p, 0777) && errno != EEXIST)
                return wc_err(err, errlen, "cannot create %s: %s", p, strerror(errno));
            if (!is_dir(p))
                return wc_err(err, errlen, "cannot create %s: %s is not a directory", dir, p);
            *s = c;
            if (!c)
                return 0;
        }
    }
}

/* Run argv (argv[0] a path) with stdout sent to stderr, so that a build
 * never mixes into the tool's own output (CSV, JSON); its exit status. */
static int run(char *const argv[], char *err, int errlen)
{
    pid_t pid;
    int st;
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid < 0)
        return wc_err(err, errlen, "cannot start %s: %s", argv[0], strerror(errno));
    if (pid == 0) {
        dup2(2, 1);
        execv(argv[0], argv);
        fprintf(stderr, "wormcast: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return wc_err(err, errlen, "waiting for %s: %s", argv[0], strerror(errno));
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    if (WIFEXITED(st))
        return wc_err(err, errlen, "%s exited with status %d", argv[0], WEXITSTATUS(st));
    return wc_err(err, errlen, "%s was killed by signal %d", argv[0], WTERMSIG(st));
}

/* One model: where it lives, how to build it, what it must export. */
typedef struct {
    const char *key;          /* directory name under BUILD/rtl */
    const char *so;           /* file name of the shared object */
    const char *what;         /* for messages: "the mesh:4x4 router (...)" */
    const char *const *srcs;  /* what it is built from (staleness) */
    char **args;              /* build-engine.sh arguments after OUTDIR */
    const char *sym;          /* entry symbol */
    uint32_t kind, size;      /* wc_engine_kind and table size expected */
} model;

/* How long a first build takes, for the line that announces it (measured
 * on two shared cores: a router network 15-30 s, the NICs of 16 nodes
 * about 6 minutes, the node SoC about 10). */
static const char *build_time(uint32_t k)
{
    return k == WC_ENGINE_ROUTER_NET ? "under a minute" : k == WC_ENGINE_NICS ? "about 6 minutes"
         : k == WC_ENGINE_NODES ? "about 10 minutes" : "minutes";
}

static const char *kind_name(uint32_t k)
{
    return k == WC_ENGINE_ROUTER_NET ? "router network" : k == WC_ENGINE_FLAT_NET ? "flat network"
         : k == WC_ENGINE_NICS ? "NICs" : k == WC_ENGINE_NODES ? "node SoCs" : k == WC_ENGINE_SC_NET ? "SystemC"
         : "unknown";
}

/* The engine's table of a loaded object, its ABI checked: NULL with a
 * message ending in fix (how to rebuild it) when it is not the one this
 * tool was compiled for. */
static const void *entry_table(void *dl, const char *so, const model *md, const char *fix, char *err, int errlen)
{
    const wc_engine_abi_head *head;
    const void *(*entry)(void);
    *(void **)&entry = dlsym(dl, md->sym);
    if (!entry) {
        wc_err(err, errlen, "RTL model %s is not a Wormcast %s engine (it exports no %s); %s", so,
               kind_name(md->kind), md->sym, fix);
        return NULL;
    }
    head = (const wc_engine_abi_head *)entry();
    if (!head || head->abi_version != WC_ENGINE_ABI_VERSION) {
        wc_err(err, errlen, "RTL model %s was built for engine ABI version %u, this wormcast needs version %u; "
               "%s", so, head ? head->abi_version : 0, WC_ENGINE_ABI_VERSION, fix);
        return NULL;
    }
    if (head->kind != md->kind || head->size != md->size) {
        wc_err(err, errlen, "RTL model %s is a %s engine with a %u-byte table, this wormcast needs a %s engine with a "
               "%u-byte table (both of ABI version %u); %s", so, kind_name(head->kind), head->size,
               kind_name(md->kind), md->size, WC_ENGINE_ABI_VERSION, fix);
        return NULL;
    }
    if (md->kind == WC_ENGINE_NICS) {
        const wc_engine_nics_abi *t = (const wc_engine_nics_abi *)head;
        if (t->in_size != sizeof(wc_nic_in) || t->out_size != sizeof(wc_nic_out)) {
            wc_err(err, errlen, "RTL model %s passes NIC ports of %u/%u bytes, this wormcast of %u/%u (both of ABI "
                   "version %u); %s", so, t->in_size, t->out_size, (unsigned)sizeof(wc_nic_in),
                   (unsigned)sizeof(wc_nic_out), WC_ENGINE_ABI_VERSION, fix);
            return NULL;
        }
    }
    if (md->kind == WC_ENGINE_SC_NET) {
        const wc_engine_sc_abi *t = (const wc_engine_sc_abi *)head;
        if (t->in_size != sizeof(wc_nic_in) || t->out_size != sizeof(wc_nic_out) || t->cfg_size != sizeof(wc_nic_cfg) ||
            t->spec_size != sizeof(wc_engine_sc_spec)) {
            wc_err(err, errlen, "SystemC engine %s passes structs of %u/%u/%u/%u bytes, this wormcast of %u/%u/%u/%u "
                   "(wc_nic_in, wc_nic_out, wc_nic_cfg, wc_engine_sc_spec; both of ABI version %u); %s", so, t->in_size,
                   t->out_size, t->cfg_size, t->spec_size, (unsigned)sizeof(wc_nic_in), (unsigned)sizeof(wc_nic_out),
                   (unsigned)sizeof(wc_nic_cfg), (unsigned)sizeof(wc_engine_sc_spec), WC_ENGINE_ABI_VERSION, fix);
            return NULL;
        }
    }
    if (md->kind == WC_ENGINE_NODES) {
        const wc_engine_nodes_abi *t = (const wc_engine_nodes_abi *)head;
        if (t->in_size != sizeof(wc_node_in) || t->out_size != sizeof(wc_node_out)) {
            wc_err(err, errlen, "RTL model %s passes node ports of %u/%u bytes, this wormcast of %u/%u (both of ABI "
                   "version %u); %s", so, t->in_size, t->out_size, (unsigned)sizeof(wc_node_in),
                   (unsigned)sizeof(wc_node_out), WC_ENGINE_ABI_VERSION, fix);
            return NULL;
        }
    }
    return head;
}

/* Build if stale, under the directory's lock, then load and check the
 * ABI.  The dlopen handle and the engine's table, or NULL with a message. */
static void *load(const model *md, const void **table, char *err, int errlen)
{
    wc_rtl_where w;
    char dir[PATH_MAX], so[PATH_MAX + 64], lock[PATH_MAX + 16], script[PATH_MAX + 64], why[PATH_MAX + 128];
    char *argv[24];
    void *dl = NULL;
    int fd = -1, i, n = 0;
    if (wc_rtl_where_get(&w, err, errlen))
        return NULL;
    if (snprintf(dir, sizeof dir, "%s/rtl/%s", w.build, md->key) >= (int)sizeof dir)
        return wc_err(err, errlen, "RTL model directory under %s: path too long", w.build), NULL;
    snprintf(so, sizeof so, "%s/%s", dir, md->so);
    snprintf(lock, sizeof lock, "%s/.lock", dir);
    if (!wc_mkdirs(dir, why, sizeof why) && (fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666)) < 0)
        snprintf(why, sizeof why, "cannot write %s: %s", lock, strerror(errno));
    if (fd < 0)
        return wc_err(err, errlen, "RTL models go to %s (%s): %s; %s", w.build, w.build_from, why, HOW_BUILD), NULL;
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        fprintf(stderr, "wormcast: waiting for another wormcast building %s ...\n", dir);
        while (flock(fd, LOCK_EX))
            if (errno != EINTR) {
                wc_err(err, errlen, "cannot lock %s: %s", lock, strerror(errno));
                goto out;
            }
    }
    if (mtime(so) < sources_mtime(w.root, md->srcs)) {
        snprintf(script, sizeof script, "%s/%s", w.root, BUILD_SCRIPT);
        argv[n++] = script;
        argv[n++] = md->args[0]; /* the kind */
        argv[n++] = dir;
        for (i = 1; md->args[i] && n < (int)(sizeof argv / sizeof argv[0]) - 1; i++)
            argv[n++] = md->args[i];
        argv[n] = NULL;
        time_t t0 = time(NULL);
        fprintf(stderr, "wormcast: verilating %s into %s: once, %s; later runs load it ...\n", md->what, dir,
                build_time(md->kind));
        if (run(argv, why, sizeof why)) {
            wc_err(err, errlen, "building the RTL model failed: %s (see %s/*.log)", why, dir);
            goto out;
        }
        fprintf(stderr, "wormcast: verilated in %.0f s\n", difftime(time(NULL), t0));
    }
    if (!(dl = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
        wc_err(err, errlen, "cannot load the RTL model: %s", dlerror());
        goto out;
    }
    snprintf(why, sizeof why, "remove %s to rebuild it", dir);
    if (!(*table = entry_table(dl, so, md, why, err, errlen)))
        goto fail;
    goto out;
fail:
    dlclose(dl);
    dl = NULL;
out:
    close(fd); /* releases the lock */
    return dl;
}

static void sanitize(char *key)
{
    size_t i;
    for (i = 0; key[i]; i++)
        if (!((key[i] >= 'a' && key[i] <= 'z') || (key[i] >= 'A' && key[i] <= 'Z') ||
              (key[i] >= '0' && key[i] <= '9') || key[i] == '_'))
            key[i] = '_';
}

/* ---- networks ----------------------------------------------------------- */

struct wc_rtl {
    void *dl, *h;
    const wc_engine_net_abi *ops;
};

wc_rtl *wc_rtl_open(const wc_topo *t, int W, int B, int flat, int trace, char *err, int errlen)
{
    char key[600], what[1000], gp[WC_ROUTER_NPARAMS][64], wbuf[16], bbuf[16], exe[PATH_MAX], topo[512];
    char *args[WC_ROUTER_NPARAMS + 8], sbuf[16];
    model md = { key, "libwcrouter.so", what, router_srcs, args, WC_ENGINE_ROUTER_NET_SYM, WC_ENGINE_ROUTER_NET,
                 sizeof(wc_engine_net_abi) };
    wc_rtl *m;
    int *peer, i, len;
    if (flat) {
        if (self_exe(exe, sizeof exe))
            return wc_err(err, errlen, "cannot find the wormcast binary (/proc/self/exe) to generate the network top"), NULL;
        snprintf(key, sizeof key, "%s_w%d_b%d_s%d%s", t->name, W, B, t->stages, trace ? "_fst" : "");
        sanitize(key);
        snprintf(topo, sizeof topo, "%s", t->name);
        snprintf(wbuf, sizeof wbuf, "%d", W);
        snprintf(bbuf, sizeof bbuf, "%d", B);
        i = 0;
        args[i++] = "flat";
        args[i++] = exe;
        args[i++] = topo;
        args[i++] = wbuf;
        args[i++] = bbuf;
        args[i++] = trace ? "1" : "0";
        snprintf(sbuf, sizeof sbuf, "%d", t->stages);
        args[i++] = sbuf;
        args[i] = NULL;
        md.so = "libwcrtl.so";
        md.sym = WC_ENGINE_FLAT_NET_SYM;
        md.kind = WC_ENGINE_FLAT_NET;
        snprintf(what, sizeof what, "the whole %s network (W=%d, B=%d, %d-stage hop%s)", t->name, W, B, t->stages,
                 trace ? ", FST" : "");
    } else {
        wc_param prm[WC_ROUTER_NPARAMS];
        wc_router_params(t, W, B, prm);
        len = snprintf(key, sizeof key, "router");
        args[0] = "router";
        for (i = 0; i < WC_ROUTER_NPARAMS; i++) {
            len += snprintf(key + len, sizeof key - (size_t)len, "_%s%ld", prm[i].name, prm[i].value);
            snprintf(gp[i], sizeof gp[i], "-G%s=%ld", prm[i].name, prm[i].value);
            args[i + 1] = gp[i];
        }
        args[i + 1] = NULL;
        len = snprintf(what, sizeof what, "the %s router (", t->name);
        for (i = 0; i < WC_ROUTER_NPARAMS; i++)
            len += snprintf(what + len, sizeof what - (size_t)len, "%s%s", i ? " " : "", gp[i]);
        snprintf(what + len, sizeof what - (size_t)len, ")");
    }
    if (!(m = wc_alloc(1, sizeof *m, "the RTL network", err, errlen)))
        return NULL;
    if (!(m->dl = load(&md, (const void **)&m->ops, err, errlen))) {
        free(m);
        return NULL;
    }
    if (!(peer = wc_alloc((size_t)t->nrouters * (size_t)t->nports, sizeof *peer, "the RTL network's links", err, errlen))) {
        wc_rtl_close(m);
        return NULL;
    }
    for (i = 0; i < t->nrouters * t->nports; i++) {
        wc_endpoint e = t->peer[i];
        peer[i] = e.router >= 0 ? e.router * t->nports + e.port : e.router == WC_PEER_NODE ? -2 : -1;
    }
    m->h = m->ops->create(t->nrouters, t->nports, W + 2, peer, err, errlen);
    free(peer);
    if (!m->h) {
        wc_rtl_close(m);
        return NULL;
    }
    return m;
}

/* Both kinds of model close alike: the instance, the shared object, the handle. */
static void unload(void *m, void *dl, void *h, void (*destroy)(void *))
{
    if (h)
        destroy(h);
    dlclose(dl);
    free(m);
}

void wc_rtl_close(wc_rtl *m)
{
    if (m)
        unload(m, m->dl, m->h, m->ops->destroy);
}

int wc_rtl_trace(wc_rtl *m, const char *path) { return m->ops->trace_open(m->h, path); }
void wc_rtl_reset(wc_rtl *m, int cycles) { m->ops->reset(m->h, cycles); }
void wc_rtl_cfg(wc_rtl *m, int router, unsigned addr, unsigned data) { m->ops->cfg(m->h, router, addr, data); }
void wc_rtl_set_ext(wc_rtl *m, int idx, int valid, uint64_t flit, int credit)
{
    m->ops->set_ext(m->h, idx, valid, flit, credit);
}
void wc_rtl_eval(wc_rtl *m) { m->ops->eval(m->h); }
void wc_rtl_get(wc_rtl *m, int idx, int *valid, uint64_t *flit, int *credit)
{
    m->ops->get(m->h, idx, valid, flit, credit);
}
void wc_rtl_get_abs(wc_rtl *m, int idx, int *valid, uint64_t *flit) { m->ops->get_abs(m->h, idx, valid, flit); }
unsigned wc_rtl_drops(wc_rtl *m, int r) { return m->ops->drops(m->h, r); }
void wc_rtl_tick(wc_rtl *m) { m->ops->tick(m->h); }
const char *wc_rtl_failure(const wc_rtl *m) { return m->ops->failure(m->h); }

/* ---- NICs ------------------------------------------------------------ */

struct wc_rtl_nic {
    void *dl, *h;
    const wc_engine_nics_abi *ops;
};

/* The plain and the traced build are two models of one configuration,
 * each in its own directory (the traced one's key ends in _fst, as the
 * flat networks' do): a waveform never slows the runs that ask for none,
 * and the NIC bench links the plain one's archive. */
wc_rtl_nic *wc_rtl_nic_open(const wc_nic_cfg *c, int count, int trace, char *err, int errlen)
{
    char key[400], what[600], gp[WC_NIC_NPARAMS][40];
    char *args[WC_NIC_NPARAMS + 2];
    wc_param prm[WC_NIC_NPARAMS];
    model md = { key, "libwcnic.so", what, nic_srcs, args, WC_ENGINE_NICS_SYM, WC_ENGINE_NICS,
                 sizeof(wc_engine_nics_abi) };
    wc_rtl_nic *m;
    size_t i;
    int len = snprintf(key, sizeof key, "nic"), wl = snprintf(what, sizeof what, "the NIC (");
    wc_nic_params(c, prm);
    args[0] = trace ? "nic-fst" : "nic";
    for (i = 0; i < WC_NIC_NPARAMS; i++) {
        len += snprintf(key + len, sizeof key - (size_t)len, "_%s%ld", prm[i].name, prm[i].value);
        snprintf(gp[i], sizeof gp[i], "-G%s=%ld", prm[i].name, prm[i].value);
        wl += snprintf(what + wl, sizeof what - (size_t)wl, "%s%s", i ? " " : "", gp[i]);
        args[i + 1] = gp[i];
    }
    args[i + 1] = NULL;
    if (trace)
        snprintf(key + len, sizeof key - (size_t)len, "_fst");
    snprintf(what + wl, sizeof what - (size_t)wl, trace ? ", FST)" : ")");
    if (!(m = wc_alloc(1, sizeof *m, "the RTL NICs", err, errlen)))
        return NULL;
    if (!(m->dl = load(&md, (const void **)&m->ops, err, errlen))) {
        free(m);
        return NULL;
    }
    if (!(m->h = m->ops->create(count, err, errlen))) {
        wc_rtl_nic_close(m);
        return NULL;
    }
    return m;
}

void wc_rtl_nic_close(wc_rtl_nic *m)
{
    if (m)
        unload(m, m->dl, m->h, m->ops->destroy);
}

void wc_rtl_nic_reset(wc_rtl_nic *m, int cycles) { m->ops->reset(m->h, cycles); }
void wc_rtl_nic_get(wc_rtl_nic *m, int i, wc_nic_out *o) { m->ops->get(m->h, i, o); }
void wc_rtl_nic_set(wc_rtl_nic *m, int i, const wc_nic_in *in) { m->ops->set(m->h, i, in); }
void wc_rtl_nic_tick(wc_rtl_nic *m) { m->ops->tick(m->h); }
const char *wc_rtl_nic_failure(const wc_rtl_nic *m) { return m->ops->failure(m->h); }
int wc_rtl_nic_trace(wc_rtl_nic *m, int i, const char *path) { return m->ops->trace_open(m->h, i, path); }
void wc_rtl_nic_trace_close(wc_rtl_nic *m) { m->ops->trace_close(m->h); }

/* ---- node SoCs -------------------------------------------------------- */

struct wc_rtl_node {
    void *dl, *h;
    const wc_engine_nodes_abi *ops;
};

wc_rtl_node *wc_rtl_node_open(const wc_node_soc_cfg *c, int count, char *err, int errlen)
{
    char key[400], what[600], gp[WC_NODE_NPARAMS][40];
    char *args[WC_NODE_NPARAMS + 2];
    wc_param prm[WC_NODE_NPARAMS];
    model md = { key, "libwcnode.so", what, node_srcs, args, WC_ENGINE_NODES_SYM, WC_ENGINE_NODES,
                 sizeof(wc_engine_nodes_abi) };
    wc_rtl_node *m;
    size_t i, a = 0;
    int len = snprintf(key, sizeof key, "node"), wl = snprintf(what, sizeof what, "the node SoC (");
    wc_node_params(c, prm);
    args[a++] = "node";
    for (i = 0; i < sizeof prm / sizeof prm[0]; i++) {
        len += snprintf(key + len, sizeof key - (size_t)len, "_%s%ld", prm[i].name, prm[i].value);
        snprintf(gp[i], sizeof gp[i], "-G%s=%ld", prm[i].name, prm[i].value);
        wl += snprintf(what + wl, sizeof what - (size_t)wl, "%s%s", i ? " " : "", gp[i]);
        args[a++] = gp[i];
    }
    args[a] = NULL;
    snprintf(what + wl, sizeof what - (size_t)wl, ")");
    if (!(m = wc_alloc(1, sizeof *m, "the RTL nodes", err, errlen)))
        return NULL;
    if (!(m->dl = load(&md, (const void **)&m->ops, err, errlen))) {
        free(m);
        return NULL;
    }
    if (m->ops->ram_bytes != c->ram_bytes) {
        wc_err(err, errlen, "RTL node model has %u bytes of RAM, %u asked for", m->ops->ram_bytes, c->ram_bytes);
        wc_rtl_node_close(m);
        return NULL;
    }
    if (!(m->h = m->ops->create(count, err, errlen))) {
        wc_rtl_node_close(m);
        return NULL;
    }
    return m;
}

void wc_rtl_node_close(wc_rtl_node *m)
{
    if (m)
        unload(m, m->dl, m->h, m->ops->destroy);
}

void wc_rtl_node_load(wc_rtl_node *m, int i, uint32_t addr, const uint32_t *w, uint32_t n)
{
    m->ops->load(m->h, i, addr, w, n);
}
void wc_rtl_node_reset(wc_rtl_node *m, int cycles) { m->ops->reset(m->h, cycles); }
void wc_rtl_node_get(wc_rtl_node *m, int i, wc_node_out *o) { m->ops->get(m->h, i, o); }
void wc_rtl_node_set(wc_rtl_node *m, int i, const wc_node_in *in) { m->ops->set(m->h, i, in); }
void wc_rtl_node_tick(wc_rtl_node *m) { m->ops->tick(m->h); }
const char *wc_rtl_node_failure(const wc_rtl_node *m) { return m->ops->failure(m->h); }
int wc_rtl_node_trace(wc_rtl_node *m, int i, const char *path) { return m->ops->trace_open(m->h, i, path); }
void wc_rtl_node_trace_close(wc_rtl_node *m) { m->ops->trace_close(m->h); }

/* ---- RTL assertions ------------------------------------------------------ */

void wc_rtl_failure_text(const char *raw, char *out, size_t n)
{
    static const char tag[] = "%Error: ", mid[] = ": Assertion failed in ";
    const char *p = strstr(raw, tag), *a, *inst, *msg;
    size_t loc_len, inst_len, msg_len;
    if (p && (a = strstr(p, mid))) {
        p += sizeof tag - 1;
        loc_len = (size_t)(a - p);
        inst = a + sizeof mid - 1;
        inst_len = strcspn(inst, ":\n");
        msg = inst[inst_len] == ':' ? inst + inst_len + 1 : inst + inst_len;
        msg += strspn(msg, " ");
        /* %m in the message repeats the instance */
        if (!strncmp(msg, inst, inst_len) && msg[inst_len] == ':')
            msg += inst_len + 1 + strspn(msg + inst_len + 1, " ");
        msg_len = strcspn(msg, "\n");
        snprintf(out, n, "%.*s: %.*s (%.*s)", (int)inst_len, inst, (int)msg_len, msg, (int)loc_len, p);
        return;
    }
    /* another kind of error: its first line, as Verilator wrote it */
    p = p ? p + sizeof tag - 1 : raw;
    snprintf(out, n, "%.*s", (int)strcspn(p, "\n"), p);
}

/* ---- the SystemC engine -------------------------------------------------- */

const wc_engine_sc_abi *wc_sc_load(char *err, int errlen)
{
    /* loaded once and never unloaded (RTLD_NODELETE): the SystemC kernel
     * keeps the modules of its one simulation to the end of the process */
    static const wc_engine_sc_abi *table;
    static const model md = { "sc", "libwcsc.so", "the SystemC engine", NULL, NULL, WC_ENGINE_SC_SYM,
                              WC_ENGINE_SC_NET, sizeof(wc_engine_sc_abi) };
    wc_rtl_where w;
    char so[PATH_MAX + 32], mk[PATH_MAX + 16], how[2 * PATH_MAX + 64], fix[2 * PATH_MAX + 96];
    void *dl;
    if (table)
        return table;
    if (wc_rtl_where_get(&w, err, errlen))
        return NULL;
    snprintf(so, sizeof so, "%s/sc/%s", w.build, md.so);
    /* make's BUILD when the build directory is not the checkout's own */
    snprintf(mk, sizeof mk, "%s/build", w.root);
    if (strcmp(mk, w.build))
        snprintf(how, sizeof how, "`make sc BUILD=%s` in %s", w.build, w.root);
    else
        snprintf(how, sizeof how, "`make sc` in %s", w.root);
    snprintf(fix, sizeof fix, "rebuild it with %s", how);
    snprintf(mk, sizeof mk, "%s/Makefile", w.root);
    if (access(so, R_OK) && !access(mk, F_OK))
        return wc_err(err, errlen, "the SystemC engine %s is missing (build directory: %s): build it with %s (it "
                      "needs libsystemc-dev)", so, w.build_from, how), NULL;
    if (access(so, R_OK))
        return wc_err(err, errlen, "the SystemC engine %s is missing (build directory: %s): it is built in a Wormcast "
                      "checkout by `make sc` (it needs libsystemc-dev); %s to that checkout's build directory", so,
                      w.build_from, HOW_BUILD), NULL;
    if (!(dl = dlopen(so, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)))
        return wc_err(err, errlen, "cannot load the SystemC engine: %s; %s", dlerror(), fix), NULL;
    if (!(table = entry_table(dl, so, &md, fix, err, errlen)))
        dlclose(dl);
    return table;
}
