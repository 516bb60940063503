/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast fis: the ForwardInSwitch schedule of liu-et-al-agent-based-
 * multicast-forwardinswitch.txt, Sections 4-5, for one switch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_fis.h"
#include "wc_json.h"

static void fis_usage(FILE *f)
{
    fprintf(f, "usage: wormcast fis --local L --remote C1,C2,... --ll LL --lr LR\n"
               "  L       local nodes on the switch, including the agent holding the message (>= 1)\n"
               "  C1,...  task costs of the remote agents (child subtrees), >= 0; \"\" for none\n"
               "  LL, LR  latency local->remote and remote->remote (>= 1; the paper assumes LR > LL)\n"
               "prints {\"T\":T,\"schedule\":[{\"t\":T0,\"from\":..,\"to\":..},...],\"tasks\":[...]}\n"
               "nodes: L0 is the agent, L1.. the other locals, R1.. the remotes in the order given\n");
}

static void put_node(int id, int nl)
{
    if (id < nl)
        printf("\"L%d\"", id);
    else
        printf("\"R%d\"", id - nl + 1);
}

int wc_cmd_fis(int argc, char **argv)
{
    int i, nl = -1, ll = -1, lr = -1, nr = 0, have_remote = 0, cost[WC_FIS_MAXR], T;
    wc_fis_send sends[WC_FIS_MAXR + 4096];
    wc_fis_sched s;

    for (i = 1; i < argc; i++) {
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fis_usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--local")) {
            if (wc_cli_int("fis", "--local", val, 1, 4096, &nl) < 0)
                return 2;
            i++;
        } else if (!strcmp(argv[i], "--ll")) {
            if (wc_cli_int("fis", "--ll", val, 1, 1000000L, &ll) < 0)
                return 2;
            i++;
        } else if (!strcmp(argv[i], "--lr")) {
            if (wc_cli_int("fis", "--lr", val, 1, 1000000L, &lr) < 0)
                return 2;
            i++;
        } else if (!strcmp(argv[i], "--remote")) {
            const char *p = val;
            char item[32];
            if (!val) {
                fprintf(stderr, "wormcast fis: --remote needs a value (\"\" for none)\n");
                return 2;
            }
            have_remote = 1;
            nr = 0;
            while (*p) {
                size_t n = strcspn(p, ",");
                if (n == 0 || n >= sizeof item) {
                    fprintf(stderr, "wormcast fis: --remote: empty or overlong cost in '%s'\n", val);
                    return 2;
                }
                if (nr == WC_FIS_MAXR) {
                    fprintf(stderr, "wormcast fis: --remote: more than %d remote agents\n", WC_FIS_MAXR);
                    return 2;
                }
                memcpy(item, p, n);
                item[n] = 0;
                if (wc_cli_int("fis", "--remote", item, 0, 1000000L, &cost[nr]) < 0)
                    return 2;
                nr++;
                p += n;
                if (*p == ',' && !*++p) {
                    fprintf(stderr, "wormcast fis: --remote: trailing ',' in '%s'\n", val);
                    return 2;
                }
            }
            i++;
        } else {
            fprintf(stderr, "wormcast fis: unknown option '%s'\n", argv[i]);
            fis_usage(stderr);
            return 2;
        }
    }
    if (nl < 0 || ll < 0 || lr < 0 || !have_remote) {
        fprintf(stderr, "wormcast fis: %s is required\n",
                nl < 0 ? "--local" : !have_remote ? "--remote" : ll < 0 ? "--ll" : "--lr");
        fis_usage(stderr);
        return 2;
    }
    if (lr <= ll)
        fprintf(stderr, "wormcast fis: note: LR <= LL is outside the paper's regime (Section 4 assumes "
                        "L_r > L_l); the schedule is feasible but may not be optimal\n");
    s.send = sends;
    s.cap = (int)(sizeof sends / sizeof sends[0]);
    T = wc_fis_optimal(nl, cost, nr, ll, lr, &s);
    if (T < 0) {
        fprintf(stderr, "wormcast fis: no schedule found (arguments out of range)\n");
        return 1;
    }
    printf("{\"T\":%d,\"schedule\":[", T);
    for (i = 0; i < s.nsend; i++) {
        printf("%s{\"t\":%d,\"from\":", i ? "," : "", s.send[i].t);
        put_node(s.send[i].from, nl);
        printf(",\"to\":");
        put_node(s.send[i].to, nl);
        printf("}");
    }
    printf("],\"tasks\":[");
    for (i = 0; i < nr; i++)
        printf("%s{\"agent\":\"R%d\",\"cost\":%d,\"recv\":%d,\"start\":%d,\"end\":%d}", i ? "," : "",
               i + 1, cost[i], s.recv[i], s.task_start[i], s.task_start[i] + cost[i]);
    printf("]}\n");
    return 0;
}
