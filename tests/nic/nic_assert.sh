#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The NIC's RTL assertions fire: verif/nic/tb_nic_assert.v drives each unit
# (and the whole NIC) legally and then with one illegal input; every case
# must print exactly its expected $error message(s), and the legal "clean"
# case none, under Icarus.  (The Verilated builds compile the same
# assertions in; make test-nic-lockstep shows they stay quiet on legal
# traffic.)
# usage: tests/nic/nic_assert.sh BUILDDIR
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=${1:?usage: nic_assert.sh BUILDDIR}/tests/nic
mkdir -p "$out"
vvp=$out/tb_nic_assert.vvp
iverilog -g2012 -Irtl/include -s tb_nic_assert -o "$vvp" verif/nic/tb_nic_assert.v rtl/nic/*.v \
  rtl/router/wc_rr_arb.v || { echo "nic_assert: iverilog failed to compile the bench"; exit 1; }

# case | expected messages (scope: message), separated by ';'
cases=(
  "clean|"
  "regs_ack_clr|u_regs.protocol: acknowledgement flag of stream 3 cleared but not pending"
  "regs_ack_offered|u_regs.protocol: acknowledgement flag of stream 3 cleared, stream 2 offered"
  "regs_kind_bad|u_regs.protocol: control packet kind 5 set for stream 2"
  "regs_node_range|u_regs.protocol: unicast stream table written at node 7 of 6"
  "regs_exp_port|u_regs.protocol: unicast stream 2 advanced while the receive port reads node 3"
  "rxa_bad_slot|u_rxa.protocol: payload written to slot 3 of 3;u_rxa.protocol: event names slot 3 of 3"
  "slots_alloc_twice|u_slots.protocol: slot 2 allocated twice (in use, not evictable)"
  "slots_free_unused|u_slots.protocol: slot 1 released but not in use"
  "slots_dma_twice|u_slots.protocol: slot 0 written to host memory but not in use or written before"
  "rxp_rq_overflow|u_rxp.protocol: receive buffer fetched into a full prefetch FIFO;u_rxp.protocol: 3 receive buffers held in a FIFO of 2"
  "rxp_wq_empty|u_rxp.protocol: write queue popped while empty"
  "rxp_rxw_closed|u_rxp.protocol: host write finished for context 1, which is not open"
  "jobs_create_fwd|u_jobs.u_jtab.protocol: send job 2 created or initialised but not a free send job"
  "jobs_hostdone|u_jobs.u_jtab.protocol: message of job 3 reported in host memory, not a live forwarding job waiting for it"
  "jtab_fwd_busy|u_jobs.u_jtab.protocol: forwarding job 3 started but not a free forwarding job, or the sequencer busy"
  "jrel_init_live|u_jrel.protocol: INIT of job 0 child 0, which is live"
  "jsel_cand_pass|u_jsel.protocol: job 0 has a candidate and a pass under way;u_jsel.protocol: jobs 0001 are due a pass and have a candidate"
  "jrto_foreign_rtt|u_jrto.protocol: a round trip or Karn's rule for job 1 child 2, not the probe's"
  "tx_credit|u_tx.protocol: credit overflow (the router returned more than B = 2);u_tx.protocol: 3 credits for a router buffer of 2"
  "tx_sel_overwrite|u_tx.protocol: selection overwritten before it went to the emitter"
  "tx_crc_changed|u_tx.protocol: CRC flit 354126ed, the packet's CRC is 7d08e27a (its payload CRC changed while it was sent)"
  "tx_stage_unasked|u_tx.protocol: staging of buffer 0 finished for no waiting selection"
  "dma_ack_err|u_dma.protocol: ACK and ERR together"
  "dma_ack_idle|u_dma.protocol: ACK without a request"
  "dma_cq_full|u_dma.protocol: completion pushed into a full completion FIFO;u_dma.protocol: 5 entries in a completion FIFO of 4"
  "sq_dma_idle|u_sq.protocol: DMA read delivered in send-queue state 0"
  "sq_push_idle|u_sq.protocol: descriptor completion pushed in state 0"
  "nic_credit|u_nic.u_tx.protocol: credit overflow (the router returned more than B = 2);u_nic.u_tx.protocol: 3 credits for a router buffer of 2"
  "nic_dma_ack|u_nic.u_dma.protocol: ACK without a request"
)
pass=0 fail=0
for c in "${cases[@]}"; do
  name=${c%%|*} want=${c#*|}
  log=$out/nic_assert.$name.log
  vvp -n "$vvp" "+case=$name" > "$log" 2>&1
  errs=$(grep '^ERROR: ' "$log" | sed 's/^ERROR: [^:]*:[0-9]*: tb_nic_assert\.//')
  why=""
  grep -q "^tb_nic_assert: case $name done" "$log" || why="the bench did not finish"
  IFS=';' read -r -a msgs <<< "$want"
  for m in "${msgs[@]}"; do
    grep -qxF -- "$m" <<< "$errs" || why="${why:+$why; }no error '$m'"
  done
  while IFS= read -r e; do
    [ -n "$e" ] || continue
    hit=0
    for m in "${msgs[@]}"; do [ "$e" = "$m" ] && hit=1; done
    [ $hit = 1 ] || why="${why:+$why; }unexpected error '$e'"
  done <<< "$errs"
  if [ -z "$why" ]; then
    echo "ok   $name: ${want:-no error}"
    pass=$((pass + 1))
  else
    echo "FAIL $name: $why (log: $log)"
    fail=$((fail + 1))
  fi
done
echo "nic_assert: $pass passed, $fail failed"
[ $fail = 0 ]
