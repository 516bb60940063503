/* SPDX-License-Identifier: Apache-2.0 */
/* Emit the Verilog header and the Markdown tables from defs/wc_defs.def.
 * Usage: gendefs vh|md|h  (writes to stdout); h is a #define header for
 * code that cannot use the C enum (assembler, 32-bit addresses). Kept tiny on purpose: the .def
 * file is the source, this only reformats it. */
#include <stdio.h>
#include <string.h>

struct ent { int kind; const char *name; long a, b; const char *doc; };
enum { E_GROUP, E_CONST, E_FIELD, E_ADDR };
static const struct ent ents[] = {
#define WC_GROUP(n, d)        { E_GROUP, #n, 0, 0, d },
#define WC_CONST(n, v, d)     { E_CONST, #n, v, 0, d },
#define WC_FIELD(n, l, w, d)  { E_FIELD, #n, l, w, d },
#define WC_ADDR(n, a, d)      { E_ADDR, #n, a, 0, d },
#include "../defs/wc_defs.def"
};

int main(int argc, char **argv)
{
    size_t i, n = sizeof ents / sizeof ents[0];
    if (argc != 2 || (strcmp(argv[1], "vh") && strcmp(argv[1], "md") && strcmp(argv[1], "h"))) {
        fprintf(stderr, "usage: gendefs vh|md|h\n");
        return 2;
    }
    if (!strcmp(argv[1], "vh")) {
        printf("// SPDX-License-Identifier: Apache-2.0\n// Generated from defs/wc_defs.def by tools/gendefs. Do not edit.\n");
        printf("`ifndef WC_DEFS_VH\n`define WC_DEFS_VH\n");
        for (i = 0; i < n; i++) {
            const struct ent *e = &ents[i];
            if (e->kind == E_GROUP)
                printf("\n// %s\n", e->doc);
            else if (e->kind == E_CONST)
                printf("`define WC_%s %ld // %s\n", e->name, e->a, e->doc);
            else if (e->kind == E_ADDR)
                printf("`define WC_%s 32'h%08lX // %s\n", e->name, (unsigned long)e->a, e->doc);
            else
                printf("`define WC_%s_LSB %ld\n`define WC_%s_W %ld // %s\n",
                       e->name, e->a, e->name, e->b, e->doc);
        }
        printf("\n`endif\n");
    } else if (!strcmp(argv[1], "h")) {
        /* Plain #defines without integer suffixes so the GNU assembler and
         * the C preprocessor of linker scripts accept them too. */
        printf("/* SPDX-License-Identifier: Apache-2.0 */\n/* Generated from defs/wc_defs.def by tools/gendefs. Do not edit. */\n");
        printf("#ifndef WC_DEFS_MACROS_H\n#define WC_DEFS_MACROS_H\n");
        for (i = 0; i < n; i++) {
            const struct ent *e = &ents[i];
            if (e->kind == E_GROUP)
                printf("\n/* %s */\n", e->doc);
            else if (e->kind == E_CONST)
                printf("#define WC_%s %ld\n", e->name, e->a);
            else if (e->kind == E_ADDR)
                printf("#define WC_%s 0x%08lX\n", e->name, (unsigned long)e->a);
            else
                printf("#define WC_%s_LSB %ld\n#define WC_%s_W %ld\n",
                       e->name, e->a, e->name, e->b);
        }
        printf("\n#endif\n");
    } else {
        printf("<!-- Generated from defs/wc_defs.def by tools/gendefs. Do not edit. -->\n");
        printf("# Shared definitions\n");
        for (i = 0; i < n; i++) {
            const struct ent *e = &ents[i];
            if (e->kind == E_GROUP)
                printf("\n## %s\n\n%s\n\n| name | value / bits | meaning |\n|---|---|---|\n", e->name, e->doc);
            else if (e->kind == E_CONST)
                printf("| `%s` | %ld | %s |\n", e->name, e->a, e->doc);
            else if (e->kind == E_ADDR)
                printf("| `%s` | 0x%08lX | %s |\n", e->name, (unsigned long)e->a, e->doc);
            else
                printf("| `%s` | [%ld:%ld] | %s |\n", e->name, e->a + e->b - 1, e->a, e->doc);
        }
    }
    return 0;
}
