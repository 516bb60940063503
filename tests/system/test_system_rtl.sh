#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test part of the system in RTL (docs/system.md): Verilated nodes and
# routers in lockstep with the C system model, every cycle (every router
# port, NIC output, core bus request, RAM grant, interrupt line and retire
# record), and each mutation of the C model caught against the RTL; the
# waveforms of traced nodes and of a mismatch, with their GTKWave layouts.
# Inputs from mk/system.mk: WC (the tool), SYS_FW (test images).
set -u
. "$(dirname "$0")/lib.sh"

# layout_ok GTKW FST: the layout opens FST, names enough signals of every
# group, and every one of them is a signal of FST as Verilator wrote it
# (the scope path and the [msb:lsb] of the fst2vcd declarations).
layout_ok() {
  local gtkw=$1 fst=$2 n g
  command -v fst2vcd > /dev/null || { echo "fst2vcd not found (Debian package gtkwave)"; return 1; }
  grep -qF "[dumpfile] \"$(realpath "$fst")\"" "$gtkw" || { echo "$gtkw does not open $fst"; return 1; }
  fst2vcd "$fst" 2> /dev/null | awk '/^\$enddefinitions/ { exit }
    /^\$scope/ { p[++d] = $3 } /^\$upscope/ { d-- }
    /^\$var/ { n = p[1]; for (i = 2; i <= d; i++) n = n "." p[i]; n = n "." $5; if ($6 ~ /^\[/) n = n $6; print n }' |
    sort -u > "$out/fst.names"
  grep -v '^[@[*^-]' "$gtkw" | sort -u > "$out/gtkw.names"
  n=$(wc -l < "$out/gtkw.names")
  [ "$n" -ge 60 ] || { echo "$gtkw names $n signals"; return 1; }
  for g in "core: state and pc" "core: instruction bus" "core: data bus" "core: retire" "core: interrupt" \
           "RAM arbiter" "NIC: register slave" "NIC: DMA master" "NIC: completion" "NIC: network port" \
           "router local port" "devices: console"; do
    grep -q -- "^-$g" "$gtkw" || { echo "$gtkw has no group '$g'"; return 1; }
  done
  comm -23 "$out/gtkw.names" "$out/fst.names" > "$out/missing"
  [ -s "$out/missing" ] && { echo "$gtkw names signals $fst lacks:"; head -5 "$out/missing"; return 1; }
  echo "$n signals"
}

R=$SYS_FW/ring.elf
expect "hello, RTL nodes alone" 0 "^PASS: cube:4" -- --topo cube:4 --fw "$SYS_FW/hello.elf" --engine rtl
expect "hello, RTL nodes 2 and 5 traced" 0 "^PASS: cube:4" -- --topo cube:4 --fw "$SYS_FW/hello.elf" --engine rtl \
  --wave "$out/hello" --wave-nodes 2,5
for n in 2 5; do
  if why=$(layout_ok "$out/hello.node$n.gtkw" "$out/hello.node$n.fst"); then ok "--wave: node $n's FST and layout ($why)"
  else bad "--wave: node $n: $why"; fi
done
for t in cube:4 mesh:4x4; do
  expect "ring with interrupts on $t, lockstep with the RTL" 0 "^PASS" -- --topo $t --fw "$R" --engine lockstep
done
# The first mutation also leaves the waveform of the mismatching node,
# traced over the 2,000 cycles up to the mismatching one; the others skip
# it (--no-wave), the re-run would double their time.
w=(--wave-dir "$out/waves")
for m in "node 1:ram grant" "node 2:core irq_ext" "core 1:core (ibus|dbus)" "core 2:core (ibus|dbus)" "nic 1:nic"; do
  u=${m%% *}; rest=${m#* }; k=${rest%%:*}; sig=${m#*:}
  expect "lockstep --mutate-$u $k caught against the RTL" 1 "MISMATCH: cycle [0-9]+ node [0-9]+ $sig" -- \
    --topo cube:4 --fw "$R" --engine lockstep --mutate-$u $k "${w[@]}"
  if [ "${w[0]}" = --wave-dir ]; then
    c=$(sed -n 's/^MISMATCH: cycle \([0-9]*\) node \([0-9]*\) .*/\1/p' "$out/o")
    n=$(sed -n 's/^MISMATCH: cycle \([0-9]*\) node \([0-9]*\) .*/\2/p' "$out/o")
    f=$out/waves/mismatch.node$n
    if grep -qF "waveform of the mismatch: $f.fst, layout $f.gtkw" "$out/o"; then
      ok "the mismatch names its waveform: $(grep -F "waveform of the mismatch" "$out/o")"
    else bad "no 'waveform of the mismatch: $f.fst, layout $f.gtkw' line"; tail -3 "$out/o"; fi
    if why=$(layout_ok "$f.gtkw" "$f.fst"); then ok "mismatch waveform of node $n: FST and layout ($why)"
    else bad "mismatch waveform of node $n: $why"; fi
    # cycle C at time 10*C: the trace runs from C-1999 to the mismatching cycle
    first=$((c > 1999 ? (c - 1999) * 10 : 0)) last=$((c * 10))
    span=$(fst2vcd "$f.fst" 2> /dev/null | sed -n 's/^#\([0-9]*\)$/\1/p' | sed -n '1p;$p' | tr '\n' ' ')
    [ "$span" = "$first $last " ] && ok "the trace spans times $first..$last (cycles $((first / 10))..$c)" ||
      bad "the trace spans times '$span', want '$first $last '"
  fi
  w=(--no-wave)
done

finish
