#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# NIC figures for `make bench`, measured on the RTL (Verilated routers and
# NICs) of cube:4, 16 nodes, one operation at a time on an idle network,
# from node 0 to the 15 others:
#  1. multicast latency, NIC-based FPFS forwarding against host-based
#     forwarding over the same binomial tree, messages of 1, 4, 16 and 64
#     packets (256 bytes each);
#  2. peak receive slots in use at the intermediate nodes, FPFS against
#     FCFS (the packets a forwarder holds);
#  3. one multisend against 15 separate unicasts of the same message:
#     latency and host-memory words the sender's DMA read, with the host
#     bus as fast as a link (0 wait states) and at half that (1).
# Latency: posting of the descriptor(s) to the last destination's receive
# completion, in cycles.  Writes build/bench/nic.txt and prints it, and
# the CSVs docs/results/nic.md quotes into DIR (default build/bench):
# nic_mcast.csv (engine,packets,bytes,nic_fpfs,host), nic_buffers.csv
# (engine,packets,fpfs_peak,fcfs_peak,fpfs_lat,fcfs_lat), nic_multisend.csv
# (engine,packets,mem_wait,multisend,unicasts,ms_dma_rd,uni_dma_rd).
# usage: [ENGINE=c|rtl] bench-nic.sh WORMCAST [DIR]
set -eu
wc=$1 engine=${ENGINE:-rtl} out=${BUILD:-build}/bench/nic.txt dir=${2:-${BUILD:-build}/bench}
mkdir -p "$(dirname "$out")" "$dir"
echo "engine,packets,bytes,nic_fpfs,host" > "$dir/nic_mcast.csv"
echo "engine,packets,fpfs_peak,fcfs_peak,fpfs_lat,fcfs_lat" > "$dir/nic_buffers.csv"
echo "engine,packets,mem_wait,multisend,unicasts,ms_dma_rd,uni_dma_rd" > "$dir/nic_multisend.csv"
. "$(dirname "$0")/../../tools/csvcol.sh"
once() { # kind size extra-args...: prints the csv
  local kind=$1 size=$2; shift 2
  "$wc" msg --topo cube:4 --engine "$engine" --group 0:all --once "$kind" --size "$size" --quiet --csv "$@"
}
{
echo "# Wormcast NIC bench ($(date -u +%Y-%m-%dT%H:%MZ), engine $engine): cube:4, node 0 to the other 15"
echo "# 1. multicast latency in cycles: NIC-based FPFS vs host-based forwarding, same binomial tree"
printf '%-8s %-7s %10s %10s %8s\n' packets bytes nic_fpfs host speedup
for pk in 1 4 16 64; do
  b=$((pk * 256))
  a=$(col "$(once multicast $b --mode fpfs)" lat_max)
  h=$(col "$(once multicast $b --mode host)" lat_max)
  printf '%-8s %-7s %10s %10s %8s\n' $pk $b "$a" "$h" "$(awk -v a="$a" -v h="$h" 'BEGIN { printf "%.2fx", h / a }')"
  echo "$engine,$pk,$b,$a,$h" >> "$dir/nic_mcast.csv"
done
echo "# 2. peak receive slots in use at an intermediate node (packets held for forwarding)"
printf '%-8s %10s %10s %12s %12s\n' packets fpfs_peak fcfs_peak fpfs_latency fcfs_latency
for pk in 16 64; do
  b=$((pk * 256))
  f=$(once multicast $b --mode fpfs); c=$(once multicast $b --mode fcfs)
  printf '%-8s %10s %10s %12s %12s\n' $pk "$(col "$f" peak_inner)" "$(col "$c" peak_inner)" "$(col "$f" lat_max)" "$(col "$c" lat_max)"
  echo "$engine,$pk,$(col "$f" peak_inner),$(col "$c" peak_inner),$(col "$f" lat_max),$(col "$c" lat_max)" >> "$dir/nic_buffers.csv"
done
echo "# 3. one multisend vs 15 separate unicasts of the same message (latency, host words read by DMA)"
printf '%-8s %-9s %12s %12s %12s %12s\n' packets mem_wait multisend unicasts ms_dma_rd uni_dma_rd
for w in 0 1; do
  for pk in 1 16 64; do
    b=$((pk * 256))
    m=$(once multisend $b --mem-wait $w); u=$(once unicasts $b --mem-wait $w)
    printf '%-8s %-9s %12s %12s %12s %12s\n' $pk $w "$(col "$m" lat_max)" "$(col "$u" lat_max)" "$(col "$m" dma_reads)" "$(col "$u" dma_reads)"
    echo "$engine,$pk,$w,$(col "$m" lat_max),$(col "$u" lat_max),$(col "$m" dma_reads),$(col "$u" dma_reads)" >> "$dir/nic_multisend.csv"
  done
done
echo "# dma_rd counts every word read from host memory (descriptors and lists included); the"
echo "# unicasts read the message once per destination, the multisend once"
} | tee "$out"
echo "written to $out and the CSVs in $dir"
