#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The option parser shared by every wormcast command (sw/cli/cli_args.c):
# both value forms, unknown, repeated, missing and swallowed options, the
# one strict integer parser, numbers, choices, lists, and options that
# make no sense together.  Every error exits 2 with nothing on stdout and
# one line "wormcast CMD: MESSAGE" on stderr naming the option and value.
# Usage: cli.sh WORMCAST
set -u
wc=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }

# expect_err TEXT CMD ARGS...: exit 2, no stdout, stderr starts with
# "wormcast CMD: " and holds TEXT (a fixed string)
expect_err() {
  local want=$1 cmd=$2; shift   # CMD stays the first argument
  "$wc" "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && head -1 "$tmp/err" | grep -q "^wormcast $cmd: " &&
     grep -qF -- "$want" "$tmp/err"; then ok "$* -> $want"
  else bad "$*: exit $rc, stdout $(wc -c <"$tmp/out") bytes, stderr: $(cat "$tmp/err") (want: $want)"; fi
}
# same_out ARGS-A -- ARGS-B: both exit 0 with the same stdout
same_out() {
  local a=() b=()
  while [ "$1" != -- ]; do a+=("$1"); shift; done; shift; b=("$@")
  local oa ob; oa=$("$wc" "${a[@]}" 2>&1); local ra=$?; ob=$("$wc" "${b[@]}" 2>&1); local rb=$?
  if [ $ra -eq 0 ] && [ $rb -eq 0 ] && [ -n "$oa" ] && [ "$oa" = "$ob" ]; then ok "${a[*]} == ${b[*]}"
  else bad "${a[*]} (exit $ra) vs ${b[*]} (exit $rb): outputs differ"; fi
}

# a FIFO as an input file must be refused after a bounded wait (10 s,
# cmodel/topo/wc_file.h), not waited on for ever: started now, checked at
# the end
mkfifo "$tmp/net.fifo" "$tmp/tree.fifo"
"$wc" sim --topo "file:$tmp/net.fifo" --cycles 100 > "$tmp/f1.out" 2> "$tmp/f1.err" & fifo1=$!
"$wc" fpfs --tree "$tmp/tree.fifo" --m 2 > "$tmp/f2.out" 2> "$tmp/f2.err" & fifo2=$!

# both value forms
same_out kopt --n 16 --m 4 -- kopt --n=16 --m=4
same_out netgen --topo mesh:2x2 --width 40 -- netgen --topo=mesh:2x2 --width=40
same_out tree --topo cube:3 --algo ucube --src 0 --dst 3,5 --format text -- tree --format=text --dst=3,5 --src=0 --algo=ucube --topo=cube:3

# usage errors
expect_err "unknown option '--k'" kopt --n 8 --m 2 --k 3
expect_err "unknown option '--k'" kopt --n 8 --m 2 --k=3
expect_err "usage: wormcast kopt --n N --m M" kopt --n 8 --m 2 --k 3
expect_err "unexpected argument 'cube:3' (options start with --)" topo cube:3
expect_err "--n given twice" kopt --n 8 --n 9 --m 2
expect_err "--csv given twice" sim --topo mesh:4x4 --csv --csv
expect_err "--m needs a value" kopt --n 8 --m
expect_err "--topo needs a value (the next argument '--routes' is an option)" topo --topo --routes
expect_err "--routes takes no value, got '--routes=1'" topo --topo cube:3 --routes=1
expect_err "--topo is required" netgen --width 40
# netgen --nic: the flags of the NIC it names, only with --params nic|node
o=$("$wc" netgen --topo mesh:2x2 --params node --nic NSLOT=8,JSEND=2,PAYLOAD=64 2>&1)
case $o in
  *-GPAYLOAD=64\ -GNSLOT=8\ -GJSEND=2\ *) ok "netgen --params node --nic sets the flags it names: $o" ;;
  *) bad "netgen --params node --nic: '$o'" ;;
esac
expect_err "--nic needs --params nic or node" netgen --topo mesh:2x2 --nic NSLOT=8
expect_err "--nic: 'NNODES=4' is not K=V" netgen --topo mesh:2x2 --params nic --nic NNODES=4
expect_err "NIC: NGROUPS must be" netgen --topo mesh:2x2 --params nic --nic NGROUPS=1
o=$("$wc" netgen --topo mesh:2x2 --params nic --nic MAXCHILD=3 2>&1)
case $o in
  *-GTXWIN=16\ -GMAXCHILD=3) ok "netgen --params nic --nic MAXCHILD=3 sets the flag: $o" ;;
  *) bad "netgen --params nic --nic MAXCHILD=3: '$o'" ;;
esac
expect_err "NIC: MAXCHILD must be 1..16 (got 17)" netgen --topo mesh:2x2 --params nic --nic MAXCHILD=17
expect_err "--nic: MAXCHILD takes a positive number (got '0')" netgen --topo mesh:2x2 --params nic --nic MAXCHILD=0
expect_err "--m is required" kopt --n 8

# the one integer parser: decimal, the whole string, in range
expect_err "--width expects an integer in 32..62, got '40x' (not an integer)" netgen --topo mesh:4x4 --width 40x
expect_err "--width expects an integer in 32..62, got '63' (out of range)" netgen --topo mesh:4x4 --width 63
expect_err "--buffer expects an integer in 1..4096, got '0x10' (not an integer)" netgen --topo mesh:4x4 --buffer 0x10
expect_err "--n expects an integer in 2..2^30-1, got ' 8' (not an integer)" kopt --n " 8" --m 2
expect_err "--n expects an integer in 2..2^30-1, got '' (not an integer)" kopt --n "" --m 2
expect_err "--n expects an integer in 2..2^30-1, got '1e3' (not an integer)" kopt --n 1e3 --m 2
expect_err "--n expects an integer in 2..2^30-1, got '99999999999999999999' (out of range)" kopt --n 99999999999999999999 --m 2
expect_err "--packet expects an integer in 1..2^20, got '8.5' (not an integer)" sim --topo mesh:4x4 --packet 8.5
expect_err "--src expects an integer in 0..2^31-1, got '-1' (out of range)" tree --topo cube:3 --algo ucube --src -1 --dst 1
expect_err "--cycles expects an integer in 1..2^40, got '1099511627777' (out of range)" sim --topo mesh:4x4 --cycles 1099511627777

# numbers, choices, lists
expect_err "--rate expects a number >= 0, got '-0.1' (out of range)" sim --topo mesh:4x4 --rate -0.1
expect_err "--rate expects a number >= 0, got 'nan' (not a number)" sim --topo mesh:4x4 --rate nan
expect_err "--rate expects a number >= 0, got '0.1x' (not a number)" sim --topo mesh:4x4 --rate 0.1x
expect_err "--fault-rate expects a number in 0..0.5, got 'inf' (out of range)" msg --topo cube:3 --fault-rate inf
expect_err "--engine expects c, rtl, lockstep, sc or lockstep-sc, got 'lockstep-c'" sim --topo mesh:4x4 --engine lockstep-c
expect_err "--dst: '' is not a node id (an empty item in '1,,2')" tree --topo cube:3 --algo ucube --src 0 --dst 1,,2
expect_err "--dst: '' is not a node id (a trailing ',' in '1,2,')" worm --topo cube:3 --scheme chain --src 0 --dst 1,2,
expect_err "--wave-routers: 'x' is not a router (not an integer)" sim --topo mesh:4x4 --wave /tmp/w --wave-routers 1,x
expect_err "--size expects MIN-MAX bytes with 1 <= MIN <= MAX <= 16384, got '1-2-3'" msg --topo cube:3 --size 1-2-3
expect_err "--mem-size expects bytes in 4k..1024M (suffix k or M), got '2G'" msg --topo cube:3 --mem-size 2G
expect_err "--hotspot expects NODE:FRACTION (FRACTION 0..1), got '3:1.5'" sim --topo mesh:4x4 --traffic hotspot --hotspot 3:1.5
out=$("$wc" fis --local 2 --remote "" --ll 2 --lr 3 2>&1); rc=$?
[ $rc -eq 0 ] && [[ $out == *'"tasks":[]}' ]] && ok "fis --remote \"\" is no remote agent" || bad "fis --remote \"\": exit $rc: $out"
out=$("$wc" msg --topo cube:3 --mem-size 64k --messages 0 --quiet 2>&1); rc=$?
[[ $out != *"--mem-size expects"* ]] && ok "msg --mem-size 64k parses (the run judges the size: exit $rc)" || bad "msg --mem-size 64k: $out"

# options that make no sense together name both
expect_err "--sweep takes no --rate (the sweep sets the rate)" sim --topo mesh:4x4 --sweep --rate 0.3
expect_err "--sweep takes no --mcast-once" sim --topo mesh:4x4 --sweep 0.1:0.2:0.1 --mcast-once 3
expect_err "--sweep takes no --wave" sim --topo mesh:4x4 --sweep --wave /tmp/w
expect_err "--mcast-once takes no --rate" sim --topo mesh:4x4 --mcast-once all --rate 0.1
expect_err "--mcast-once takes no --traffic" sim --topo mesh:4x4 --mcast-once all --traffic transpose
expect_err "--mcast-once takes no --warmup" sim --topo mesh:4x4 --mcast-once all --warmup 10
expect_err "--mcast-once takes no --cycles" sim --topo mesh:4x4 --mcast-once all --cycles 10
expect_err "(--mcast-once) takes no --multicast or --malformed traffic" sim --topo mesh:4x4 --mcast-once all --multicast 0.1
expect_err "--mcast-once takes no --mcast-dests" sim --topo mesh:4x4 --mcast-once 3 --mcast-dests 3
expect_err "--hotspot needs --traffic hotspot" sim --topo mesh:4x4 --hotspot 3:0.5
expect_err "--sets needs --mcast-once" sim --topo mesh:4x4 --sets 3
expect_err "--mcast-dests needs --multicast" sim --topo mesh:4x4 --mcast-dests 3
expect_err "--mcast-scheme applies to multicast traffic: give --multicast or --mcast-once" sim --topo mesh:4x4 --mcast-scheme worm
expect_err "--rtl-flat chooses the form of the RTL; engine c has none" sim --topo mesh:4x4 --rtl-flat
expect_err "--wave-dir needs --engine lockstep" sim --topo mesh:4x4 --engine rtl --wave-dir /tmp/w
expect_err "--no-wave needs --engine lockstep" sim --topo mesh:4x4 --no-wave
expect_err "--no-wave takes no --wave-dir" sim --topo mesh:4x4 --engine lockstep --no-wave --wave-dir /tmp/w
expect_err "--wave-routers needs --wave" sim --topo mesh:4x4 --wave-routers 0,1
expect_err "--once takes no --messages" msg --topo cube:3 --group 0:all --once multicast --messages 5
expect_err "--once takes no --mix" msg --topo cube:3 --group 0:all --once multisend --mix unicast
expect_err "--min-cycles keeps random traffic going; --once posts one operation" msg --topo cube:3 --group 0:all --once unicasts --min-cycles 100
expect_err "--once takes no --groups-per-node" msg --topo cube:3 --once multicast --groups-per-node 2
expect_err "--groups-per-node and --group exclude each other" msg --topo cube:3 --group 0:1,2 --groups-per-node 2
# --group R:random:N: N distinct other nodes drawn with --seed
expect_err "--group: random:8: cube:3 has 7 nodes besides the root" msg --topo cube:3 --group 0:random:8 --once multicast --size 4
expect_err "--group: root 9 is not a node of cube:3 (0..7)" msg --topo cube:3 --group 9:random:2 --once multicast --size 4
expect_err "--group expects an integer in 1..4095, got '0'" msg --topo cube:3 --group 0:random:0 --once multicast --size 4
r1=$("$wc" msg --topo cube:4 --group 3:random:5 --seed 9 --once multicast --size 600 --csv --quiet | tail -1 | cut -d, -f1-34)
r2=$("$wc" msg --topo cube:4 --group 3:random:5 --seed 9 --once multicast --size 600 --csv --quiet | tail -1 | cut -d, -f1-34)
r3=$("$wc" msg --topo cube:4 --group 3:random:5 --seed 10 --once multicast --size 600 --csv --quiet | tail -1 | cut -d, -f5-34)
if [ -n "$r1" ] && [ "$r1" = "$r2" ] && [ "$(cut -d, -f5-34 <<<"$r1")" != "$r3" ]; then ok "--group R:random:N: the same set for a seed, another for another"
else bad "--group 3:random:5: seed 9 twice '$r1' / '$r2', seed 10 '$r3'"; fi
# every other node drawn: the same set as all (the order is the tree's, ascending)
r_all=$("$wc" msg --topo cube:3 --group 2:all --once multicast --size 900 --csv --quiet | tail -1 | cut -d, -f6-34)
r_rnd=$("$wc" msg --topo cube:3 --group 2:random:7 --seed 5 --once multicast --size 900 --csv --quiet | tail -1 | cut -d, -f6-34)
if [ -n "$r_all" ] && [ "$r_all" = "$r_rnd" ]; then ok "--group 2:random:7 on cube:3 = --group 2:all"
else bad "--group 2:random:7 vs 2:all: '$r_rnd' vs '$r_all'"; fi
# a drawn set: N destinations, each delivered once
exp=$("$wc" msg --topo cube:4 --group 3:random:5 --seed 9 --once multicast --size 600 --csv --quiet | tail -1 | cut -d, -f8,9)
if [ "$exp" = "5,5" ]; then ok "--group 3:random:5: 5 expected, 5 delivered"; else bad "--group 3:random:5: expected,delivered $exp"; fi
expect_err "--check takes no --format" worm --topo cube:3 --check 0:1 --format dot
# msg's waveforms of the RTL NICs: refused before anything is verilated
expect_err "--wave needs --engine rtl or lockstep" msg --topo cube:3 --wave "$tmp/w"
expect_err "--wave needs --engine rtl or lockstep" msg --topo cube:3 --engine sc --wave "$tmp/w"
expect_err "--wave-nics needs --wave" msg --topo cube:3 --engine rtl --wave-nics 1
expect_err "--wave-nics: 'x' is not a NIC (not an integer)" msg --topo cube:3 --engine rtl --wave "$tmp/w" --wave-nics 1,x
expect_err "--wave-nics: NIC 8 is not a node of cube:3 (0..7)" msg --topo cube:3 --engine rtl --wave "$tmp/w" --wave-nics 8
expect_err "--wave-nics: NIC 2 named twice" msg --topo cube:3 --engine lockstep --wave "$tmp/w" --wave-nics 2,2
expect_err "cannot write the waveform $tmp/none/w.nic0.fst: No such file or directory" \
  msg --topo cube:3 --engine rtl --wave "$tmp/none/w"
: > "$tmp/file"
expect_err "cannot write the waveform $tmp/file/w.nic3.fst: Not a directory" \
  msg --topo cube:3 --engine lockstep --wave "$tmp/file/w" --wave-nics 3
expect_err "--wave-dir needs --engine lockstep" msg --topo cube:3 --engine rtl --wave-dir "$tmp/w"
expect_err "--no-wave needs --engine lockstep" msg --topo cube:3 --engine lockstep-c --no-wave
expect_err "--no-wave takes no --wave-dir" msg --topo cube:3 --engine lockstep --no-wave --wave-dir "$tmp/w"

# messages that named the wrong problem
expect_err "--nic: NSLOT=99999999 is out of range" netgen --topo mesh:2x2 --params nic --nic NSLOT=99999999
expect_err "--nic: NSLOT given twice" netgen --topo mesh:2x2 --params nic --nic NSLOT=8,JSEND=2,NSLOT=9
expect_err "--dst: '99999999999999999999' is not a node id (out of range 0..2^31-1)" tree --topo cube:3 --algo ucube --src 0 --dst 1,99999999999999999999
expect_err "--check source expects an integer in 0..7, got '99' (out of range)" worm --topo cube:3 --check 99:1
expect_err "--check: '9' is not a node id (out of range 0..7)" worm --topo cube:3 --check 0:1,9
"$wc" sim --topo mesh:2x2 --mcast-once 2 --mcast-batch 5 > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q "^wormcast sim: --mcast-batch 5 needs as many distinct sources: mesh:2x2 has 4 nodes" "$tmp/err" &&
  ok "--mcast-once 2 --mcast-batch 5 on 4 nodes: the one true complaint" || bad "--mcast-batch 5: exit $rc, $(cat "$tmp/err")"

expect_err "--mutate 3 breaks multidestination worms, and this run sends none" sim --topo mesh:4x4 --engine lockstep --mutate 3
expect_err "--mutate 4 breaks multidestination worms" sim --topo mesh:4x4 --engine lockstep --mutate 4 --multicast 0.2
expect_err "--mutate 5 breaks the traversal stage of the two-stage hop" sim --topo mesh:4x4 --engine lockstep --mutate 5
expect_err "--mutate 7 routes illegal turns, which a network of conformant routers never makes" sim --topo mesh:4x4 --engine lockstep --mutate 7
expect_err "--router-stages expects an integer in 1..2, got '3'" sim --topo mesh:4x4 --router-stages 3
expect_err "--router-stages expects an integer in 1..2, got '0'" msg --topo cube:3 --router-stages 0
expect_err "--router-stages expects an integer in 1..2, got '4'" run --topo mesh:2x2 --router-stages 4
expect_err "the SystemC engine builds its network from the topology's name" sim --topo mesh:4x4 --engine sc --router-stages 2
expect_err "--mutate-rtl breaks the inputs of the RTL; engine c runs none" sim --topo mesh:4x4 --mutate-rtl 1
expect_err "--mutate-rtl expects an integer in 0..1, got '2'" sim --topo mesh:4x4 --engine rtl --mutate-rtl 2

# the FIFOs started at the top
wait $fifo1; rc1=$?; wait $fifo2; rc2=$?
[ $rc1 -eq 2 ] && grep -q "^wormcast sim: file:$tmp/net.fifo: no data for 10 s (not a regular file" "$tmp/f1.err" &&
  ok "--topo file:FIFO without a writer: refused after 10 s" || bad "file:FIFO: exit $rc1, $(cat "$tmp/f1.err")"
[ $rc2 -eq 2 ] && grep -q "tree.fifo: no data for 10 s" "$tmp/f2.err" &&
  ok "fpfs --tree FIFO without a writer: refused after 10 s" || bad "--tree FIFO: exit $rc2, $(cat "$tmp/f2.err")"
out=$("$wc" sim --topo file:<(cat "$(dirname "$0")/../topo/small.net") --cycles 2000 --warmup 200 --quiet 2>&1); rc=$?
[ $rc -eq 0 ] && ok "--topo file: of a pipe with a writer: read" || bad "file: of a pipe: exit $rc, $(tail -2 <<<"$out")"

# the general usage line
"$wc" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^usage: wormcast \[--root DIR\] \[--build-dir DIR\] COMMAND" "$tmp/err" && ok "wormcast alone: usage, exit 2" \
  || bad "wormcast alone: exit $rc"
"$wc" fly >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^wormcast: unknown command 'fly' (wormcast --help lists the commands)$" "$tmp/err" &&
  [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok "unknown command: one line, exit 2" \
  || bad "wormcast fly: exit $rc, $(wc -l <"$tmp/err") lines: $(head -3 "$tmp/err")"
# topo --tables: only table-routed networks, one image per router
expect_err "there are no tables to export" topo --topo mesh:4x4 --tables cfg
expect_err "give --out DIR, or --router R" topo --topo irregular:8,4,1,1 --tables memh
expect_err "--router 9: irregular:8,4,1,1 has routers 0..7" topo --topo irregular:8,4,1,1 --tables cfg --router 9
expect_err "--router needs --tables" topo --topo irregular:8,4,1,1 --router 1
expect_err "--tables takes no --routes" topo --topo irregular:8,4,1,1 --tables cfg --routes
# sim says why accepted exceeds offered with worms, and why a sweep stopped
o=$("$wc" sim --topo mesh:8x8 --multicast 0.2 --mcast-dests 8 --mcast-scheme worm --warmup 1000 --cycles 5000 --quiet 2>&1)
off=$(awk '/^  offered/ {print $2}' <<<"$o"); acc=$(awk '/^  accepted/ {print $2}' <<<"$o")
awk -v a="$acc" -v b="$off" 'BEGIN {exit !(a > b)}' && grep -q "above offered: a multidestination worm's flits" <<<"$o" &&
  ok "sim with worms: accepted $acc above offered $off, and the output says why" || bad "sim with worms: $o"
o=$("$wc" sim --topo cube:4 --sweep 0.2:1:0.2 --warmup 500 --cycles 2000 --quiet 2>&1)
grep -q "^# the sweep stopped at rate [0-9.]*: the network " <<<"$o" && ok "sim --sweep says why it stopped before its end" \
  || bad "sim --sweep past saturation: no line saying why it stopped: $(tail -4 <<<"$o")"
# wormcast help [COMMAND]
"$wc" help >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q "^usage: wormcast " "$tmp/out" && grep -q "^wormcast help COMMAND" "$tmp/out" &&
  ok "wormcast help: the usage on stdout, exit 0" || bad "wormcast help: exit $rc, $(head -2 "$tmp/err")"
expect_err "unknown command 'fly' (wormcast --help lists them)" help fly
expect_err "one command at a time, got 'sim' after 'kopt'" help kopt sim

echo "cli: option parser, integer parser, value kinds, conflicting options"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
