/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast fis: the ForwardInSwitch schedule of Liu et al., GPC 2006, Sections 4-5, for one switch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wc_fis.h"
#include "cli_args.h"

static void put_node(int id, int nl)
{
    if (id < nl)
        printf("\"L%d\"", id);
    else
        printf("\"R%d\"", id - nl + 1);
}

int wc_cmd_fis(int argc, char **argv)
{
    int i, nl = -1, ll = -1, lr = -1, nr, *cost = NULL, T, st;
    const char *remote = NULL;
    char err[512];
    wc_fis_send sends[WC_FIS_MAXR + 4096];
    wc_fis_sched s;
    wc_opt opts[] = {
        WC_OPT_INT("--local", "L", &nl, 1, 4096,
                   "local nodes on the switch, including the agent holding the message"),
        WC_OPT_STRING("--remote", "C1,C2,...", &remote,
                      "task costs of the remote agents (child subtrees), 0..1000000 each;\n\"\" for none"),
        WC_OPT_INT("--ll", "LL", &ll, 1, 1000000L, "latency local->remote"),
        WC_OPT_INT("--lr", "LR", &lr, 1, 1000000L, "latency remote->remote (the paper assumes LR > LL)"),
        WC_OPT_END
    };
    wc_cli cli = { "fis", "--local L --remote C1,C2,... --ll LL --lr LR",
                   "the ForwardInSwitch schedule of one switch (Liu et al., Sections 4-5)",
                   "prints {\"T\":T,\"schedule\":[{\"t\":T0,\"from\":..,\"to\":..},...],\"tasks\":[...]}\n"
                   "nodes: L0 is the agent, L1.. the other locals, R1.. the remotes in the order given",
                   "--local --remote --ll --lr", opts, NULL, NULL };
    cli.keys = "T         the time the schedule ends: the last local reception or remote task end\n"
                   "schedule  the sends in time order: {t: send time, from, to: node names}\n"
                   "tasks     per remote agent: {agent, cost: its task, recv: when it has the message,\n"
                   "          start, end: its task}";
    cli.examples = "wormcast fis --local 4 --remote 3,5,2 --ll 2 --lr 5         # four locals, three child subtrees\n"
                   "wormcast fis --local 1 --remote 8,8,8,8,8 --ll 1 --lr 3     # the agent alone, five equal subtrees";

    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    if ((nr = wc_arg_list("--remote", "cost", remote, 0, 1000000L, 1, WC_FIS_MAXR, &cost, err, sizeof err)) < 0)
        return wc_cli_error(&cli, "%s", err);
    if (lr <= ll)
        fprintf(stderr, "wormcast fis: note: LR <= LL is outside the paper's regime (Section 4 assumes "
                        "L_r > L_l); the schedule is feasible but may not be optimal\n");
    s.send = sends;
    s.cap = (int)(sizeof sends / sizeof sends[0]);
    T = wc_fis_optimal(nl, cost, nr, ll, lr, &s);
    if (T < 0) {
        fprintf(stderr, "wormcast fis: no schedule found (arguments out of range)\n");
        free(cost);
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
    free(cost);
    return 0;
}
