/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast: the project's host CLI.  Dispatches to subcommands listed in
 * commands.def. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_rtl.h"

#define WC_CMD(name, help) int wc_cmd_##name(int argc, char **argv);
#include "commands.def"
#undef WC_CMD

struct cmd { const char *name; int (*fn)(int, char **); const char *help; };
static const struct cmd cmds[] = {
#define WC_CMD(name, help) { #name, wc_cmd_##name, help },
#include "commands.def"
#undef WC_CMD
    { NULL, NULL, NULL }
};

static void usage(FILE *f, int where)
{
    const struct cmd *c;
    wc_rtl_where w;
    char err[600];
    fprintf(f, "usage: wormcast [--root DIR] [--build-dir DIR] COMMAND [options]   (wormcast COMMAND --help for its options)\n\ncommands:\n");
    for (c = cmds; c->name; c++)
        fprintf(f, "  %-8s %s\n", c->name, c->help);
    fprintf(f, "\nwormcast help COMMAND prints the options of COMMAND and examples, as wormcast COMMAND --help.\n");
    fprintf(f, "\nglobal options, for the RTL engines of sim and msg (docs/rtl-engine.md):\n"
               "  --root DIR       the RTL sources to verilate: a checkout or PREFIX/share/wormcast (sets WORMCAST_ROOT)\n"
               "  --build-dir DIR  where Verilated models are built and kept (sets WORMCAST_BUILD)\n");
    if (!where)
        return;
    if (wc_rtl_where_get(&w, err, sizeof err))
        fprintf(f, "now: %s\n", err);
    else
        fprintf(f, "now: root %s (%s)\n     build %s (%s)\n", w.root, w.root_from, w.build, w.build_from);
}

static const struct cmd *find_cmd(const char *name)
{
    const struct cmd *c;
    for (c = cmds; c->name; c++)
        if (!strcmp(name, c->name))
            return c;
    return NULL;
}

/* --root DIR / --build-dir DIR (or =DIR) before the command: they set the
 * environment variables of the same meaning, which the loader reads and
 * the build scripts it runs inherit.  Index of the command, or -1. */
static int global_options(int argc, char **argv)
{
    static const struct { const char *opt, *env; } g[] = { { "--root", "WORMCAST_ROOT" },
                                                           { "--build-dir", "WORMCAST_BUILD" } };
    int i = 1, k, seen[2] = { 0, 0 };
    while (i < argc && !strncmp(argv[i], "--", 2)) {
        const char *v = NULL;
        size_t n;
        for (k = 0; k < 2; k++) {
            n = strlen(g[k].opt);
            if (!strncmp(argv[i], g[k].opt, n) && (argv[i][n] == '=' || !argv[i][n]))
                break;
        }
        if (k == 2)
            return i; /* --help and friends */
        if (argv[i][n] == '=')
            v = argv[i] + n + 1;
        else if (i + 1 < argc)
            v = argv[++i];
        if (!v || !*v) {
            fprintf(stderr, "wormcast: %s needs a directory\n", g[k].opt);
            return -1;
        }
        if (seen[k]++) {
            fprintf(stderr, "wormcast: %s given twice\n", g[k].opt);
            return -1;
        }
        if (setenv(g[k].env, v, 1)) {
            fprintf(stderr, "wormcast: cannot set %s\n", g[k].env);
            return -1;
        }
        i++;
    }
    return i;
}

int main(int argc, char **argv)
{
    const struct cmd *c;
    int i = global_options(argc, argv);
    if (i < 0)
        return 2;
    if (i >= argc || !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
        usage(i >= argc ? stderr : stdout, i < argc);
        return i >= argc ? 2 : 0;
    }
    /* wormcast help [COMMAND]: the usage, or COMMAND --help */
    if (!strcmp(argv[i], "help")) {
        static char help_opt[] = "--help";
        char *hargv[2];
        if (i + 1 >= argc) {
            usage(stdout, 1);
            return 0;
        }
        if (i + 2 < argc) {
            fprintf(stderr, "wormcast help: one command at a time, got '%s' after '%s'\n", argv[i + 2], argv[i + 1]);
            return 2;
        }
        if (!(c = find_cmd(argv[i + 1]))) {
            fprintf(stderr, "wormcast help: unknown command '%s' (wormcast --help lists them)\n", argv[i + 1]);
            return 2;
        }
        hargv[0] = argv[i + 1];
        hargv[1] = help_opt;
        return c->fn(2, hargv);
    }
    if ((c = find_cmd(argv[i])))
        return c->fn(argc - i, argv + i);
    fprintf(stderr, "wormcast: unknown command '%s' (wormcast --help lists the commands)\n", argv[i]);
    return 2;
}
