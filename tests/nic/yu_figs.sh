#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Yu, Buntinas and Panda Figs. 4-5 and 7-8 at cycle level
# (docs/results/yu.md): the sweeps docs/results/yu_{fig4,fig5,skew}.sweep
# through wormcast sweep, then one row per point with the modes side by
# side and the improvement factors, into OUTDIR/yu_{fig4,fig5,skew}.csv,
# and the plots OUTDIR/yu_{fig4,fig5,skew}.png.
# Usage: yu_figs.sh WORMCAST OUTDIR SWEEPDIR
set -eu
wc=$1 out=$2 sdir=$3
here=$(dirname "$0")
"$here/../../tools/run-sweep.sh" "$wc" "$sdir" "$out"/yu_{fig4,fig5,skew}.sweep

# the latency of a --once operation is lat_max: its last destination has
# the whole message.  Quoted fields (none here, but a topology may be one)
# are blanked before splitting.
. "$here/../../tools/csvcol.sh"

# Fig. 4: multisend against unicasts, factor = unicasts / multisend
{
  echo "memwait,dests,size,multisend,unicasts,factor"
  awk -F, "$CSV_BY_NAME"'
    { k = $c["memwait"] "," $c["dests"] "," $c["size"]; v[k, $c["op"]] = $c["lat_max"]
      if (!(k in seen)) { seen[k] = 1; ks[++n] = k } }
    END { for (i = 1; i <= n; i++) { k = ks[i]; printf "%s,%d,%d,%.4f\n", k, v[k, "multisend"], v[k, "unicasts"], v[k, "unicasts"] / v[k, "multisend"] } }
  ' "$sdir/yu_fig4/yu_fig4.csv"
} > "$out/yu_fig4.csv"

# Fig. 5: every mode on every tree.  The paper's NIC-based tree is the
# postal tree of the measured latency: the best postal tree (binomial is
# postal:1) stands for it.  Factors: host binomial / NIC best postal (the
# paper's pairing), both on the binomial tree, best against best.
{
  echo "hostdelay,nodes,size,nic_binomial,nic_postal,nic_postal_tree,host_binomial,host_best,host_best_tree,factor_paper,factor_binomial,factor_best"
  awk -F, "$CSV_BY_NAME"'
    { split($c["axis_topo"], t, ":"); k = $c["hostdelay"] "," 2 ^ t[2] "," $c["size"]; m = $c["axis_mode"]; v = $c["lat_max"] + 0
      tr = $c["axis_tree"]; if (m == "fpfs" && tr == "binomial") nb[k] = v; if (m == "host" && tr == "binomial") hb[k] = v
      if (!((k, m) in best) || v < best[k, m]) { best[k, m] = v; bt[k, m] = tr }
      if (!(k in seen)) { seen[k] = 1; ks[++n] = k } }
    END { for (i = 1; i <= n; i++) { k = ks[i]; np = best[k, "fpfs"]; hp = best[k, "host"]
            printf "%s,%d,%d,%s,%d,%d,%s,%.4f,%.4f,%.4f\n", k, nb[k], np, bt[k, "fpfs"], hb[k], hp, bt[k, "host"], hb[k] / np, hb[k] / nb[k], hp / np } }
  ' "$sdir/yu_fig5/yu_fig5.csv"
} > "$out/yu_fig5.csv"
# Figs. 7-8: per system size, message size and skew, the hosts' average
# time in the multicast (host_avg) averaged over the draws, each mode;
# factor = host-based / NIC-based; avg_skew = SKEW / 3 (the paper's x axis);
# the least and largest draw of each mode's time for the plot's error bars
{
  echo "nodes,size,skew,avg_skew,draws,host_based,nic_based,factor,host_based_latency,nic_based_latency,host_based_min,host_based_max,nic_based_min,nic_based_max"
  awk -F, "$CSV_BY_NAME"'
    { split($c["axis_topo"], t, ":"); k = 2 ^ t[2] "," $c["size"] "," $c["axis_skew"]; m = $c["axis_mode"]
      v = $c["host_avg"] + 0
      a[k, m] += v; l[k, m] += $c["lat_max"]; d[k, m]++
      if (d[k, m] == 1 || v < lo[k, m]) lo[k, m] = v
      if (d[k, m] == 1 || v > hi[k, m]) hi[k, m] = v
      if (!(k in seen)) { seen[k] = 1; ks[++n] = k } }
    END { for (i = 1; i <= n; i++) { k = ks[i]; split(k, f, ",")
            hb = a[k, "host"] / d[k, "host"]; nb = a[k, "fpfs"] / d[k, "fpfs"]
            printf "%s,%.1f,%d,%.1f,%.1f,%.4f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f\n", k, f[3] / 3, d[k, "host"], hb, nb, hb / nb,
                   l[k, "host"] / d[k, "host"], l[k, "fpfs"] / d[k, "fpfs"],
                   lo[k, "host"], hi[k, "host"], lo[k, "fpfs"], hi[k, "fpfs"] } }
  ' "$sdir/yu_skew/yu_skew.csv"
} > "$out/yu_skew.csv"
gnuplot -e "outdir='$out'" "$here/yu_figs.gp"
echo "yu: $out/yu_fig4.csv $out/yu_fig5.csv $out/yu_skew.csv and their .png"
