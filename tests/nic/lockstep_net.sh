#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Networks of NICs in lockstep: Verilated routers and NICs against the C
# model, every NIC output and router port compared every cycle and every
# register after the run, over random mixes of unicast, multisend and
# multicast messages of 1 byte to 16 KiB, FPFS and FCFS, at least CYCLES
# cycles each; one run with link faults; then each NIC mutation of the C
# model must be caught.
# usage: lockstep_net.sh WORMCAST [CYCLES] [PART]
#   PART runs one piece alone (make runs the pieces in parallel):
#   TOPO/MODE (cube:4/fpfs ...), faults, trees or mutations; default all.
set -u
wc=$1 cycles=${2:-200000} part=${3:-}
pass=0 fail=0
want() { [ -z "$part" ] || [ "$part" = "$1" ]; }
. "$(dirname "$0")/../../tools/csvcol.sh"
for topo in cube:4 irregular:8,8,2,1; do
  for mode in fpfs fcfs; do
    want "$topo/$mode" || continue
    t0=$SECONDS
    out=$("$wc" msg --topo "$topo" --mode "$mode" --engine lockstep --messages 100 --min-cycles "$cycles" \
          --size 1-16384 --seed 5 --quiet --csv 2>/tmp/lsn.$$.err); rc=$?
    line="$topo $mode: $(col "$out" cycles) cycles, $(col "$out" messages) messages, $(col "$out" delivered)/$(col "$out" expected) deliveries, $(col "$out" mismatch) mismatches ($((SECONDS - t0)) s)"
    line="$line, $(col "$out" retx) resent, $(col "$out" timeouts) timeouts, $(col "$out" err_nobuf) no-buffer drops"
    # clean links: nothing resent, timed out or dropped (docs/nic-flow.md)
    if [ $rc -eq 0 ] && [ "$(col "$out" mismatch)" = 0 ] && [ "$(col "$out" cycles)" -ge "$cycles" ] &&
       [ "$(col "$out" retx)" = 0 ] && [ "$(col "$out" timeouts)" = 0 ] && [ "$(col "$out" err_nobuf)" = 0 ]; then
      pass=$((pass+1)); echo "ok   $line"
    else
      fail=$((fail+1)); echo "FAIL $line (exit $rc)"; grep -i "mismatch\|error" /tmp/lsn.$$.err | head -3
    fi
  done
done
# the RTL recovering from link faults (drops and bit flips at 1e-2 per
# packet), still in lockstep with the C model
if want faults; then
t0=$SECONDS
out=$("$wc" msg --topo cube:4 --engine lockstep --messages 100 --min-cycles $((cycles / 2)) --size 1-16384 \
      --fault-rate 0.01 --seed 6 --quiet --csv 2>/tmp/lsn.$$.err); rc=$?
line="cube:4 fpfs with faults at 1e-2: $(col "$out" cycles) cycles, $(col "$out" delivered)/$(col "$out" expected) deliveries, $(col "$out" faults_dropped) dropped and $(col "$out" faults_flipped) flipped packets, $(col "$out" retx) retransmitted, $(col "$out" mismatch) mismatches ($((SECONDS - t0)) s)"
if [ $rc -eq 0 ] && [ "$(col "$out" mismatch)" = 0 ] && [ "$(col "$out" retx)" -gt 0 ] && [ "$(col "$out" faults_flipped)" -gt 0 ]; then
  pass=$((pass+1)); echo "ok   $line"
else
  fail=$((fail+1)); echo "FAIL $line (exit $rc)"; grep -i "mismatch\|error\|stall" /tmp/lsn.$$.err | head -3
fi
fi
# group tables from other trees than the binomial one (--tree): the RTL
# forwards along a postal tree in lockstep with the C model
if want trees; then
t0=$SECONDS
out=$("$wc" msg --topo cube:4 --engine lockstep --mix multicast --messages 100 --size 1-16384 --tree postal \
      --seed 5 --quiet --csv 2>/tmp/lsn.$$.err); rc=$?
line="cube:4 fpfs multicasts over postal:3 trees: $(col "$out" cycles) cycles, $(col "$out" delivered)/$(col "$out" expected) deliveries, $(col "$out" mismatch) mismatches ($((SECONDS - t0)) s)"
if [ $rc -eq 0 ] && [ "$(col "$out" mismatch)" = 0 ] && [ "$(col "$out" tree)" = postal:3 ] &&
   [ "$(col "$out" expected)" -gt 0 ] && [ "$(col "$out" delivered)" = "$(col "$out" expected)" ]; then
  pass=$((pass+1)); echo "ok   $line"
else
  fail=$((fail+1)); echo "FAIL $line (exit $rc)"; grep -i "mismatch\|error\|stall" /tmp/lsn.$$.err | head -3
fi
fi
# every mutation the C model has (the CLI's range error names the count);
# mutations 3 and 7 break the answers to duplicate and early packets, and
# 11 the timeout, which clean links no longer need: those runs have faults.  Mutation 9
# ignores MAXCHILD, which changes nothing at the NIC's default MAXCHILD
# that msg runs (make test-nic-mutation catches it with MAXCHILD=3).
# Mutation 14 breaks only the counters a host reads, and the msg hosts
# read none over the bus (make test-nic-mutation catches it on s_dat_o,
# where the random host reads and clears them).  Mutation 19 needs a WAIT
# for a stream whose NAK is still pending, which these runs do not make
# (make test-nic-mutation and the regs unit bench catch it); mutation 20
# needs a stream set pending in the cycle its ack is taken, which takes
# more messages than the others.  Mutation 21 needs an event that makes
# the grant scanner's own stream wait and that stream admitted in the
# next cycle, and these runs' receivers seldom make a stream wait (make
# test-nic-mutation and the rxp unit bench catch it).
# --no-wave: the waveform of a mismatch would re-run each of them with
# the traced NICs (tests/system/rtl_assert.sh checks that waveform).
nmut=$("$wc" msg --topo cube:3 --engine lockstep-c --mutate 999 2>&1 | sed -n 's/.*NIC mutations are 1\.\.\([0-9]*\).*/\1/p')
want mutations && [ -z "$nmut" ] && { fail=$((fail+1)); echo "FAIL the CLI does not name the NIC mutations"; }
want mutations &&
for k in $(seq 1 "${nmut:-0}"); do
  case $k in 9|14|19|21) continue;; esac
  f=0; case $k in 3|7|11) f=0.01;; esac
  nm=40; case $k in 20) nm=200;; esac
  err=$("$wc" msg --topo cube:4 --engine lockstep --mutate $k --messages $nm --size 1-4096 --seed 5 --fault-rate $f \
        --no-wave --quiet 2>&1 >/dev/null); rc=$?
  if [ $rc -ne 0 ] && grep -q "LOCKSTEP MISMATCH" <<<"$err"; then
    pass=$((pass+1)); echo "ok   C-model mutation $k caught: $(grep -o 'cycle [0-9]* node [0-9]* nic [a-z_]*' <<<"$err" | head -1)"
  else
    fail=$((fail+1)); echo "FAIL C-model mutation $k not caught (exit $rc)"
  fi
done
rm -f /tmp/lsn.$$.err
[ $((pass + fail)) -gt 0 ] || { echo "lockstep_net.sh: no part named '$part'" >&2; exit 2; }
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
