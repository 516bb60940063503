#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The TLM-2.0 virtual platform (sc/example/tlm_mcast.cpp, docs/systemc.md):
# NICs behind TLM sockets, a CPU per node running the host driver through
# b_transport, one multicast over the binomial tree.  Every destination
# receives the message once and intact, no NIC counts an error, a drop or
# a resend, and the register target refuses bad accesses with the TLM
# responses for them.  The completion cycle agrees with wormcast msg
# --once multicast on the same topology and group within one cycle (the
# one cycle is the set-up's: docs/systemc.md).  A loose quantum, a memory
# with wait states, and an RTL router and NIC among C ones pass too; a DMA
# error response must fail the run as a bus error; bad usage exits 2 with
# one line.  The smallest platform (sc/example/tlm_min.cpp) reads back
# what it wrote, the register accesses taking the NIC's cycles, and the
# page shows it as it is.
set -u
tlm=$1 tlm_min=$2 wc=$3 out=${BUILD:-build}/test-sc-tlm
rm -rf "$out"; mkdir -p "$out"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass+1)); echo "ok   $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
lat_of() { sed -n 's/.*: latency \([0-9]*\) cycles$/\1/p' "$1"; }
passes() { # name ndests
  local f="$out/$1.out" n=$2
  [ "$(tail -1 "$f")" = "PASS: $n destinations received the message once and intact; no NIC counted an error, a drop or a resend" ] \
    && [ "$(grep -c '^node [0-9]*: [0-9]* bytes from node 0 intact at cycle' "$f")" -eq "$n" ] \
    && [ "$(grep '^node [0-9]*: [0-9]* bytes from node 0 intact' "$f" | cut -d: -f1 | sort -u | wc -l)" -eq "$n" ] \
    && grep -q '^node 0: multicast of .* send complete at cycle' "$f"
}
run() { # name args...
  local name=$1; shift
  "$tlm" "$@" > "$out/$name.out" 2> "$out/$name.err"
  echo $? > "$out/$name.rc"
}
rc_of() { cat "$out/$1.rc"; }

run cube3 --topo cube:3 --size 1024
check "cube3: 7 destinations each got the 1024-byte multicast once, intact; no error counted" \
      "[ $(rc_of cube3) -eq 0 ] && passes cube3 7"
check "cube3: the register target refuses bad addresses, lengths and byte enables with their TLM responses" \
      "grep -q '^node 0: a read past the register window: TLM_ADDRESS_ERROR_RESPONSE' '$out/cube3.out' \
       && grep -q '^node 0: a misaligned read: TLM_ADDRESS_ERROR_RESPONSE' '$out/cube3.out' \
       && grep -q '^node 0: an 8-byte read: TLM_BURST_ERROR_RESPONSE' '$out/cube3.out' \
       && grep -q '^node 0: a 2-byte read: TLM_BURST_ERROR_RESPONSE' '$out/cube3.out' \
       && grep -q '^node 0: a write with byte 1 disabled: TLM_BYTE_ENABLE_ERROR_RESPONSE' '$out/cube3.out'"
sed 's/^/     /' "$out/cube3.out" | tail -2
for spec in "cube:3 1024 0" "mesh:2x2 3000 0"; do
  set -- $spec
  name=cmp-${1/:/}
  run "$name" --topo "$1" --size "$2" --mem-wait "$3"
  "$wc" msg --topo "$1" --group 0:all --once multicast --size "$2" --mem-wait "$3" > "$out/$name.msg" 2>&1
  a=$(lat_of "$out/$name.out"); b=$(sed -n 's/^  latency .* max \([0-9]*\) cycles.*/\1/p' "$out/$name.msg")
  check "$name: $1, $2 bytes: completion $a cycles after posting, wormcast msg --once multicast $b: within one cycle" \
        "[ $(rc_of $name) -eq 0 ] && [ -n '$a' ] && [ -n '$b' ] && [ \$(( $a - $b )) -ge -1 ] && [ \$(( $a - $b )) -le 1 ]"
done
run memwait --topo mesh:2x2 --size 3000 --mem-wait 2
check "memwait: 2 wait states on every DMA word: passes, and the delay is honoured (later than with none)" \
      "[ $(rc_of memwait) -eq 0 ] && passes memwait 3 && [ \$(lat_of '$out/memwait.out') -gt \$(lat_of '$out/cmp-mesh2x2.out') ]"
run quantum --topo cube:3 --size 1024 --quantum 100
check "quantum: the CPUs loosely timed, 100-cycle quantum: passes" "[ $(rc_of quantum) -eq 0 ] && passes quantum 7"
sed 's/^/     /' "$out/quantum.out" | tail -2 | head -1
run rtl --topo cube:4 --rtl-nodes 5 --size 5000 --quantum 10
check "rtl: cube:4 with node 5's router and NIC the Verilated RTL: 15 destinations, passes" \
      "[ $(rc_of rtl) -eq 0 ] && grep -q '^node 5: NIC RTL, router RTL' '$out/rtl.out' && passes rtl 15"
run dmaerr --topo cube:3 --size 1024 --dma-error 3
check "dmaerr: DMA writes into node 3's receive buffer answered with an error: the run fails with its bus error" \
      "[ $(rc_of dmaerr) -eq 1 ] && grep -q '^FAIL' '$out/dmaerr.out' \
       && grep -q \"^tlm_mcast: node 3: completion kind 2 status $(sed -n 's/^WC_CONST(NIC_ST_BUSERR, *\([0-9]*\),.*/\1/p' defs/wc_defs.def) \" '$out/dmaerr.err'"
sed 's/^/     /' "$out/dmaerr.err"
"$tlm_min" > "$out/min.out" 2>&1
rc=$?
# 1 cycle for the first access (the request waits for the next edge), 2
# for each of the others (Wishbone classic: the acknowledge, then a cycle
# with the request down)
check "tlm_min: NICR_TIMEOUT reads back what was written, NICR_ID the node; 3 accesses in 5 cycles" \
      "[ $rc -eq 0 ] && grep -q '^NICR_ID 0x[0-9a-f]*, NICR_TIMEOUT 5000; 3 register accesses took 50 ns' '$out/min.out'"
. "$(dirname "$0")/doc_snippet.sh"
doc_matches() { doc_shows docs/systemc.md cpp '#include "wc_sc_tlm.h"' sc/example/tlm_min.cpp; }
check "docs/systemc.md shows tlm_min.cpp as it is" doc_matches
bad() { # name expected-message args...
  local name=$1 msg=$2; shift 2
  "$tlm" "$@" > "$out/bad.out" 2> "$out/bad.err"
  local rc=$?
  check "bad usage, $name: exit 2, one line naming it" "[ $rc -eq 2 ] && [ \$(wc -l < '$out/bad.err') -eq 1 ] && grep -q -- '$msg' '$out/bad.err'"
}
bad "unknown option" "unknown option --bogus" --bogus 1
bad "size out of range" "--size 0" --size 0
bad "root out of range" "--root 8 is not a node" --topo cube:3 --root 8
bad "no RTL NIC for the topology's parameters" "no RTL" --topo cube:3 --rtl-nodes 2
bad "unknown topology" "" --topo ring:5
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
