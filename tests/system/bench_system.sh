#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench part of the system (docs/system.md, docs/results/system.md).
# Writes $OUT (build/bench/system.txt) and, beside it, system_mcast.csv
# (every measurement), system_latency16.csv (16 nodes, per mode, for
# the plot of docs/results/system.md) and the console output of every run
# (system_runs/):
#  1. simulation speed of a 16-node system (cube:4, mcast_stress) on the C
#     system model and on the Verilated RTL, against 500,000 and 50,000
#     node-cycles per second;
#  2. mcast_bench on 4, 8 and 16 nodes, every size, mode and tree, on the
#     C system model, and with the core's fastest multiply/divide
#     (MD_STEPS=4) on 16 nodes;
#  3. a subset on the Verilated RTL in lockstep with the C model: zero
#     mismatches and csv lines identical to a C run of the same arguments,
#     or the bench fails;
#  4. the goals: NIC-based against host-based (16 nodes, 4 B and 16 KiB),
#     the optimal k-binomial tree against the best k and against the
#     binomial tree where Kesavan and Panda's step model predicts 1.5x;
#  5. host-based time split into core instructions, DMA and network, from
#     variants of the same multicast on the NIC model (wormcast msg) with
#     hosts that act in the cycle a completion appears.
# Inputs from mk/system.mk: WC, NODE_FW (directory of the node apps), OUT.
set -u
dir=$(dirname "$OUT")
# every run's console output stays in system_runs/ beside OUT
work=$dir/system_runs
rm -rf "$work" && mkdir -p "$work" || exit 1
ELF=$NODE_FW/mcast_bench.elf
fail() { echo "bench-system: FAILED: $*" >&2; exit 1; }
[ -f "$ELF" ] || fail "no $ELF (make node-fw)"

# ---- 1. speed ---------------------------------------------------------------
speed() {  # ENGINE CYCLES: node-cycles/s of the summary line
  "$WC" run --quiet --topo cube:4 --fw "$NODE_FW/mcast_stress.elf" --engine "$1" --cycles "$2" > "$work/speed" 2>&1
  grep -o '[0-9]* node-cycles/s' "$work/speed" | awk '{print $1}'
}
c_speed=$(speed c 2000000)
r_speed=$(speed rtl 40000)
[ -n "$c_speed" ] && [ -n "$r_speed" ] || fail "speed runs: $(tail -3 "$work/speed")"

# ---- 2, 3. mcast_bench runs -------------------------------------------------
# bench NAME ENGINE TOPO [run options]: the csv lines of the root into
# $work/NAME.csv; a run that does not pass stops the bench.
bench() {
  local name=$1 engine=$2 topo=$3
  shift 3
  if ! nice "$WC" run --quiet --topo "$topo" --fw "$ELF" --engine "$engine" --cycles 4000000000 "$@" \
       > "$work/$name.log" 2>&1; then
    fail "$name: wormcast run --topo $topo --engine $engine $*: $(grep -v '^\[' "$work/$name.log" | tail -3)"
  fi
  grep -o 'csv,.*' "$work/$name.log" | sed 's/^csv,//' > "$work/$name.csv"
  [ -s "$work/$name.csv" ] || fail "$name: no csv lines in the output"
  grep -o '[0-9]* cycles,' "$work/$name.log" | tail -1 | tr -d ' cycles,' > "$work/$name.cycles"
}
# the full tables, C system model: defaults of mcast_bench (sizes 4..16384
# in powers of 4, modes fpfs,fcfs,host,unicast, every tree), one repetition
c_lane() {
  local n
  for n in 4 3 2; do bench full$n c cube:$n --arg reps=1; done
  bench md4 c cube:4 --md-steps 4 --arg reps=1 --arg modes=fpfs,host
}
c_lane > "$work/c_lane.err" 2>&1 &
c_pid=$!

# the RTL subset: lockstep, then the C model alone with the same arguments
LS_SETS=(
  "cube:4|modes=fpfs,host|sizes=4,16384|trees=binomial,kbin:opt"
  "cube:3|modes=fpfs,host|sizes=4,16384|trees=kbin:opt"
  "cube:2|modes=fpfs,fcfs,host,unicast|sizes=4,16384|trees=binomial,kbin:opt"
)
ls_report=
i=0
for set in "${LS_SETS[@]}"; do
  IFS='|' read -r topo a1 a2 a3 <<<"$set"
  args=(--arg reps=1 --arg "$a1" --arg "$a2" --arg "$a3")
  bench ls$i lockstep "$topo" "${args[@]}"
  grep -q MISMATCH "$work/ls$i.log" && fail "lockstep $topo: $(grep MISMATCH "$work/ls$i.log")"
  bench lsc$i c "$topo" "${args[@]}"
  cmp -s "$work/ls$i.csv" "$work/lsc$i.csv" ||
    fail "lockstep $topo ${args[*]}: the RTL run's csv lines differ from the C model's:
$(diff "$work/ls$i.csv" "$work/lsc$i.csv")"
  ls_report+="  $topo reps=1 $a1 $a2 $a3: 0 mismatches over $(cat "$work/ls$i.cycles") cycles,"
  ls_report+=" $(wc -l < "$work/ls$i.csv") csv lines identical to the C model's"$'\n'
  i=$((i + 1))
done
wait $c_pid || fail "C model runs: $(cat "$work/c_lane.err")"

# every measurement: nodes,md_steps,mode,tree,k,bytes,packets,reps,min,avg,max,root_send
{
  echo "nodes,md_steps,mode,tree,k,bytes,packets,reps,min,avg,max,root_send"
  for n in 2 3 4; do sed "s/^/$((1 << n)),1,/" "$work/full$n.csv"; done
  sed 's/^/16,4,/' "$work/md4.csv"
} > "$dir/system_mcast.csv"

# ---- 5. the NIC model with hosts that cost nothing --------------------------
# wormcast msg: the same NIC, routers and tree (k-binomial over the chain
# root, then the others by id, as the firmware places it), memory with one
# wait state per DMA word (the node RAM's two cycles a word), the NIC's
# reset timeout (wormcast msg's default), hosts acting in the cycle a completion appears
msg() {  # TOPO MODE BYTES KBIN MEMWAIT: latency from the post to the last completion
  local out tree=(--kbin "$4")
  [ "$4" = bin ] && tree=()
  out=$("$WC" msg --topo "$1" --group 0:all --once multicast --mode "$2" --size "$3" "${tree[@]}" \
        --mem-wait "$5" --host-delay 0 --csv --quiet 2>&1) || fail "wormcast msg $*: $out"
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "lat_max") c = i } NR == 2 { print $c }' <<<"$out"
}
kopt() {  # NODES BYTES: k of the firmware's kbin:opt (Theorem 3) in the full run
  awk -F, -v n="$1" -v s="$2" '$1 == n && $2 == 1 && $3 == "fpfs" && $4 == "kbin:opt" && $6 == s { print $5 }' \
    "$dir/system_mcast.csv"
}
sizes=$(awk -F, '$1 == 16 && $2 == 1 && $3 == "fpfs" && $4 == "binomial" { print $6 }' "$dir/system_mcast.csv")
for s in $sizes; do
  k=$(kopt 16 "$s")
  echo "$s,$(msg cube:4 fpfs "$s" bin 1),$k,$(msg cube:4 fpfs "$s" "$k" 1),$(msg cube:4 host "$s" bin 0)," \
       "$(msg cube:4 host "$s" bin 1),$(msg cube:4 host "$s" bin 2)" | tr -d ' '
done > "$work/msg.csv"
# binomial against kbin:opt without the firmware, wherever a message has
# several packets
for n in 2 3 4; do
  for s in $sizes; do
    [ "$s" -gt 256 ] || continue
    echo "$((1 << n)),$s,$(msg cube:$n fpfs "$s" bin 1),$(msg cube:$n fpfs "$s" "$(kopt $((1 << n)) "$s")" 1)"
  done
done > "$work/kmsg.csv"
# a failed msg run left an empty field (its message is on stderr above)
grep -q ',,\|,$' "$work/msg.csv" "$work/kmsg.csv" && fail "wormcast msg runs: $(cat "$work/msg.csv" "$work/kmsg.csv")"

# Kesavan and Panda's steps: binomial m*ceil(log2 n), optimal L1 + (m-1)k
for n in 4 8 16; do
  for m in 1 4 16 64; do
    st=$("$WC" kopt --n $n --m $m | sed 's/.*"steps":\([0-9]*\).*/\1/')
    echo "$n,$m,$st"
  done
done > "$work/steps.csv"

# ---- 4. tables and goals -------------------------------------------------------
report() {
  awk -F, -v cspeed="$c_speed" -v rspeed="$r_speed" -v lsrep="$ls_report" -v plot="$dir/system_latency16.csv" '
  function fmt(x) { return sprintf("%.2fx", x) }
  function verdict(ok) { return ok ? "MET" : "MISSED" }
  function pct(a, b) { return sprintf("%4.1f%%", 100 * a / b) }
  FILENAME ~ /steps/ { steps[$1, $2] = $3; next }
  FILENAME ~ /kmsg/ { kn[++nk] = $1; ks[nk] = $2; kb[nk] = $3; ko[nk] = $4; next }
  FILENAME ~ /msg/ {
    ms[++nms] = $1; m_fb[$1] = $2; m_k[$1] = $3; m_fo[$1] = $4; m_h0[$1] = $5; m_h1[$1] = $6; m_h2[$1] = $7
    next
  }
  FNR == 1 { next }
  {
    key = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4 SUBSEP $6
    lat[key] = $10; kk[key] = $5; pk[$6] = $7
    if (!(($1, $2, $3, $4) in seen_row)) { seen_row[$1, $2, $3, $4] = 1; rows[$1, $2, ++nrow[$1, $2]] = $3 SUBSEP $4 }
    if (!(($1, $2, $6) in seen_size)) { seen_size[$1, $2, $6] = 1; sz[$1, $2, ++nsz[$1, $2]] = $6 }
  }
  function L(n, md, mode, tree, s) { return lat[n, md, mode, tree, s] + 0 }
  # the best tree of mode: its latency, the tree in best_tree
  function best(n, md, mode, s, kbin_only,   r, v, b) {
    b = 0; best_tree = ""
    for (r = 1; r <= nrow[n, md]; r++) {
      split(rows[n, md, r], v, SUBSEP)
      if (v[1] != mode || (kbin_only && v[2] != "binomial" && v[2] !~ /^kbin:[0-9]+$/)) continue
      if (!((n, md, mode, v[2], s) in lat)) continue
      if (!b || L(n, md, mode, v[2], s) < b) { b = L(n, md, mode, v[2], s); best_tree = v[2] }
    }
    return b
  }
  function table(n, md,   r, i, v, s, line) {
    line = sprintf("%-8s %-9s", "mode", "tree")
    for (i = 1; i <= nsz[n, md]; i++) line = line sprintf(" %8s", sz[n, md, i])
    print line
    for (r = 1; r <= nrow[n, md]; r++) {
      split(rows[n, md, r], v, SUBSEP)
      line = sprintf("%-8s %-9s", v[1], v[2])
      for (i = 1; i <= nsz[n, md]; i++) {
        s = sz[n, md, i]
        line = line sprintf(" %8s", (n, md, v[1], v[2], s) in lat ? lat[n, md, v[1], v[2], s] : "-")
      }
      print line
    }
  }
  function kopt_line(n, md, s) { return kk[n, md, "fpfs", "kbin:opt", s] }
  # NIC-based against host-based at size s on 16 nodes
  function nic_host(md, s, goal,   f, h, fb, hb, ok1, ok2, ft, ht) {
    f = L(16, md, "fpfs", "kbin:opt", s); h = L(16, md, "host", "binomial", s)
    fb = best(16, md, "fpfs", s, 0); ft = best_tree; hb = best(16, md, "host", s, 0); ht = best_tree
    ok1 = h / f >= goal; ok2 = hb / fb >= goal
    printf("  %5d B, as Yu et al. pair them (NIC: fpfs kbin:opt k=%d; host: binomial): %d / %d = %s (goal >= %gx): %s\n",
           s, kopt_line(16, md, s), h, f, fmt(h / f), goal, verdict(ok1))
    printf("  %5d B, best tree of each (NIC: fpfs %s; host: %s): %d / %d = %s (goal >= %gx): %s\n",
           s, ft, ht, hb, fb, fmt(hb / fb), goal, verdict(ok2))
    return ok1 && ok2
  }
  function kbin_goals(md, ns,   n, i, j, s, o, b, r, worst, wn, ws, wt, pr, m, mb, ok, nn, list, line) {
    nn = split(ns, list, " ")
    print "  kbin:opt against the best k measured (fpfs; best of binomial and every kbin:K): opt / best"
    worst = 0
    for (i = 1; i <= nn; i++) {
      n = list[i]
      line = sprintf("    %2d nodes:", n)
      for (j = 1; j <= nsz[n, md]; j++) {
        s = sz[n, md, j]; o = L(n, md, "fpfs", "kbin:opt", s); b = best(n, md, "fpfs", s, 1)
        r = o / b; line = line sprintf(" %d:%.3f", s, r)
        if (r > worst) { worst = r; wn = n; ws = s; wt = best_tree }
      }
      print line
    }
    printf("    worst %.3f (%d nodes, %d B: kbin:opt k=%d, best %s); goal within 5%%: %s\n",
           worst, wn, ws, kopt_line(wn, md, ws), wt, verdict(worst <= 1.05))
    print "  kbin:opt against binomial (fpfs) where the step model predicts >= 1.5x: binomial / kbin:opt"
    printf("    %5s %6s %4s %9s %9s %9s %9s  %s\n", "nodes", "bytes", "pkts", "predicted", "binomial", "kbin:opt", "measured", "")
    ok = 1
    for (i = 1; i <= nn; i++) {
      n = list[i]
      for (j = 1; j <= nsz[n, md]; j++) {
        s = sz[n, md, j]; m = pk[s]
        if (!((n, m) in steps)) continue
        mb = m * log2c(n); pr = mb / steps[n, m]
        b = L(n, md, "fpfs", "binomial", s); o = L(n, md, "fpfs", "kbin:opt", s)
        printf("    %5d %6d %4d %9s %9d %9d %9s  %s\n", n, s, m, fmt(pr), b, o, fmt(b / o),
               pr >= 1.5 ? (b / o >= 1.5 ? "goal MET" : "goal MISSED") : "(no goal)")
        if (pr >= 1.5 && b / o < 1.5) ok = 0
      }
    }
    printf("    goal >= 1.5x wherever predicted: %s\n", verdict(ok))
  }
  function log2c(n,   l) { l = 0; while (2 ^ l < n) l++; return l }
  END {
    printf("# make bench-system: the Wormcast system (docs/results/system.md)\n\n")
    print "## Simulation speed: cube:4 (16 nodes), mcast_stress"
    printf("c_model_node_cycles_per_s %d (goal 500000: %s)\n", cspeed, cspeed >= 500000 ? "met" : "MISSED")
    printf("verilated_node_cycles_per_s %d (goal 50000: %s)\n\n", rspeed, rspeed >= 50000 ? "met" : "MISSED")

    print "## mcast_bench: what ran where"
    print "Latency: cycles of global mcycle from the root'"'"'s call to the completion the last member'"'"'s"
    print "runtime saw (root 0, every other node a member), one repetition per point."
    print "C system model, MD_STEPS=1: cube:2, cube:3, cube:4, sizes 4..16384 (powers of 4), modes"
    print "  fpfs, fcfs, host, unicast, trees binomial, every kbin:K, kbin:opt, postal:3."
    print "C system model, MD_STEPS=4 (the core'"'"'s fastest multiply/divide): cube:4, modes fpfs and host."
    print "Verilated RTL (nodes and routers) in lockstep with the C system model, every node and"
    print "router port compared every cycle, then the C model alone with the same arguments:"
    printf("%s", lsrep)
    print "The C system model is the RTL'"'"'s cycle-exact reference (lockstep above and make test-system-rtl),"
    print "so every figure below is the RTL'"'"'s.  A point depends a little on what ran before it in the"
    print "same run (ring positions, who polls when): the same point in the subset and in the full run"
    print "may differ by some tens of cycles."
    print ""
    for (n = 4; n <= 16; n *= 2) {
      printf("## Latency, %d nodes, MD_STEPS=1 (cycles)\n", n); table(n, 1); print ""
    }
    print "## Latency, 16 nodes, MD_STEPS=4 (cycles)"; table(16, 4); print ""

    print "## Goals, 16 nodes"
    for (md = 1; md <= 4; md += 3) {
      printf("MD_STEPS=%d%s:\n", md, md == 4 ? " (C model; the core'"'"'s fastest configuration)" : "")
      print " NIC-based (fpfs) against host-based: host / NIC"
      nic_host(md, 16384, 3); nic_host(md, 4, 1.5)
      print " k-binomial trees"
      kbin_goals(md, md == 1 ? "4 8 16" : "16")
      print ""
    }

    print "## Host-based time split, 16 nodes, binomial tree"
    print "core = system latency - the same multicast on the NIC model with hosts that act in the cycle"
    print "  a completion appears (wormcast msg --host-delay 0, one wait state per DMA word as the node RAM);"
    print "DMA = the DMA words on the critical path x 2 cycles: (msg at 2 wait states - msg at 0) per"
    print "  word-cycle, central difference around the node'"'"'s 1 wait state;"
    print "network = the rest (NIC pipeline, links, routers, acknowledgements)."
    printf("%6s %9s %9s | %8s %8s %8s | %15s %15s %15s %15s\n", "bytes", "host md1", "host md4",
           "msg w=0", "msg w=1", "msg w=2", "core md1", "core md4", "DMA", "network")
    for (i = 1; i <= nms; i++) {
      s = ms[i]; t1 = L(16, 1, "host", "binomial", s); t4 = L(16, 4, "host", "binomial", s)
      dma = m_h2[s] - m_h0[s]; net = m_h1[s] - dma
      printf("%6d %9d %9d | %8d %8d %8d | %7d (%s) %7d (%s) %7d (%s) %7d (%s)\n", s, t1, t4, m_h0[s], m_h1[s], m_h2[s],
             t1 - m_h1[s], pct(t1 - m_h1[s], t1), t4 - m_h1[s], pct(t4 - m_h1[s], t4), dma, pct(dma, t1), net, pct(net, t1))
    }
    print ""
    print "## The same comparison without any core time (wormcast msg, hosts acting in 0 cycles, 1 wait state)"
    print "fpfs on the firmware'"'"'s kbin:opt tree and on the binomial tree, host on the binomial tree;"
    print "offset = the system'"'"'s fpfs latency - msg'"'"'s on the same tree: the root'"'"'s and the last member'"'"'s"
    print "firmware, which the system adds to every NIC-based point."
    printf("%6s %4s %9s %9s %9s %12s %12s %s\n", "bytes", "kopt", "fpfs opt", "fpfs bin", "host bin", "host/fpfsopt",
           "host/fpfsbin", "offset (bin, opt)")
    for (i = 1; i <= nms; i++) {
      s = ms[i]
      printf("%6d %4d %9d %9d %9d %12s %12s %d, %d\n", s, m_k[s], m_fo[s], m_fb[s], m_h1[s], fmt(m_h1[s] / m_fo[s]),
             fmt(m_h1[s] / m_fb[s]), L(16, 1, "fpfs", "binomial", s) - m_fb[s], L(16, 1, "fpfs", "kbin:opt", s) - m_fo[s])
    }
    printf("at 16384 B: %s (goal >= 3x: %s); at 4 B: %s (goal >= 1.5x: %s)\n", fmt(m_h1[16384] / m_fo[16384]),
           verdict(m_h1[16384] / m_fo[16384] >= 3), fmt(m_h1[4] / m_fo[4]), verdict(m_h1[4] / m_fo[4] >= 1.5))
    print ""
    print "## kbin:opt against binomial without the firmware (wormcast msg, fpfs, 1 wait state)"
    printf("    %5s %6s %4s %9s %9s %9s %9s  %s\n", "nodes", "bytes", "pkts", "predicted", "binomial", "kbin:opt", "measured", "")
    for (i = 1; i <= nk; i++) {
      n = kn[i]; s = ks[i]; m = pk[s]; pr = m * log2c(n) / steps[n, m]
      printf("    %5d %6d %4d %9s %9d %9d %9s  %s\n", n, s, m, fmt(pr), kb[i], ko[i], fmt(kb[i] / ko[i]),
             pr >= 1.5 ? (kb[i] / ko[i] >= 1.5 ? ">= 1.5x" : "below 1.5x") : "")
    }

    # the plot: 16 nodes, MD_STEPS=1, each mode on its best tree, host also on binomial
    print "bytes,fpfs_best,fcfs_best,host_best,host_binomial,unicast,host_no_core,fpfs_no_core" > plot
    for (i = 1; i <= nsz[16, 1]; i++) {
      s = sz[16, 1, i]
      printf("%d,%d,%d,%d,%d,%d,%d,%d\n", s, best(16, 1, "fpfs", s, 0), best(16, 1, "fcfs", s, 0), best(16, 1, "host", s, 0),
             L(16, 1, "host", "binomial", s), L(16, 1, "unicast", "-", s), m_h1[s], m_fo[s]) > plot
    }
  }' "$work/steps.csv" "$work/kmsg.csv" "$work/msg.csv" "$dir/system_mcast.csv"
}
report > "$OUT" || fail "the report"
cat "$OUT"
