/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast: the project's host CLI.  Dispatches to subcommands listed in
 * commands.def. */
#include <stdio.h>
#include <string.h>

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

static void usage(FILE *f)
{
    const struct cmd *c;
    fprintf(f, "usage: wormcast COMMAND [options]   (wormcast COMMAND --help for its options)\n\ncommands:\n");
    for (c = cmds; c->name; c++)
        fprintf(f, "  %-8s %s\n", c->name, c->help);
}

int main(int argc, char **argv)
{
    const struct cmd *c;
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    for (c = cmds; c->name; c++)
        if (!strcmp(argv[1], c->name))
            return c->fn(argc - 1, argv + 1);
    fprintf(stderr, "wormcast: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
