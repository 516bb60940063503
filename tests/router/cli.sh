#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# wormcast sim / netgen: bad input is a clear error and a non-zero exit.
set -u
wc=$1
pass=0 fail=0
expect_err() { # name pattern args...
  local name=$1 pat=$2; shift 2
  local err; err=$("$wc" "$@" 2>&1 >/dev/null); local rc=$?
  if [ $rc -ne 0 ] && grep -q -- "$pat" <<<"$err"; then pass=$((pass+1)); echo "ok   $name"
  else fail=$((fail+1)); echo "FAIL $name (exit $rc): $err"; fi
}
expect_err "missing topology" "--topo is required" sim
expect_err "unknown topology" "unknown" sim --topo torus:4
expect_err "unknown traffic" "--traffic expects uniform, transpose, bitcomp, bitrev, shuffle, hotspot or neighbor, got 'zigzag'" sim --topo mesh:4x4 --traffic zigzag
expect_err "unknown engine" "--engine expects c, rtl or lockstep, got 'gpu'" sim --topo mesh:4x4 --engine gpu
expect_err "bad rate" "--rate expects a number" sim --topo mesh:4x4 --rate fast
expect_err "rate too high" "out of range" sim --topo mesh:4x4 --rate 20 --packet 8
expect_err "bad buffer" "--buffer expects an integer in 1..4096" sim --topo mesh:4x4 --buffer 0
expect_err "transpose on non-power-of-two" "power-of-two node count" sim --topo mesh:3x3 --traffic transpose
expect_err "transpose with odd bits" "even number of address bits" sim --topo cube:3 --traffic transpose
expect_err "hotspot node outside" "hotspot node 99" sim --topo mesh:4x4 --traffic hotspot --hotspot 99:0.5
expect_err "bad hotspot" "NODE:FRACTION" sim --topo mesh:4x4 --hotspot x
expect_err "bad sweep" "START:STOP:STEP" sim --topo mesh:4x4 --sweep 1:0
expect_err "unknown option" "unknown option '--frobnicate'" sim --topo mesh:4x4 --frobnicate
expect_err "wave router outside" "has no router 99" sim --topo mesh:4x4 --wave-routers 99 --wave /tmp/x
expect_err "netgen without topology" "--topo is required" netgen
expect_err "unknown command" "unknown command 'fly'" fly
# a good run reports what the issue asks for
out=$("$wc" sim --topo mesh:4x4 --rate 0.1 --warmup 100 --cycles 3000 --quiet)
for k in "offered" "accepted" "latency    avg" "p99" "max" "cycles/s"; do
  if grep -q "$k" <<<"$out"; then pass=$((pass+1)); echo "ok   report shows $k"; else fail=$((fail+1)); echo "FAIL report lacks $k"; fi
done
hdr=$("$wc" sim --topo mesh:4x4 --rate 0.1 --warmup 100 --cycles 1000 --quiet --csv | head -1)
if [ "$hdr" = "topo,traffic,engine,rate,packet,buffer,offered,accepted,lat_avg,lat_p99,lat_max,measured,injected,delivered,lost,duplicated,out_of_order,corrupt,drops,malformed,saturated,deadlock,mismatches,cycles,cycles_per_s,mcasts,mcast_lat_avg,mcast_lat_p99,mcast_lat_max" ]; then
  pass=$((pass+1)); echo "ok   csv header"; else fail=$((fail+1)); echo "FAIL csv header: $hdr"; fi
for tr in uniform transpose bitcomp bitrev shuffle hotspot neighbor; do
  if "$wc" sim --topo mesh:8x8 --traffic $tr --rate 0.1 --warmup 100 --cycles 2000 --quiet >/dev/null; then
    pass=$((pass+1)); echo "ok   traffic $tr runs clean"; else fail=$((fail+1)); echo "FAIL traffic $tr"; fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
