#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Waveforms that read like the network (sw/host/wc_wave.c, wormcast-flit):
#  1. wormcast-flit decodes heads (destination, kind, address flits, the
#     user field), bodies, tails and single flits as defs/wc_defs.def lays
#     them out, passes what is not a flit through, and as GTKWave's filter
#     answers each line before the next arrives;
#  2. the layout of `wormcast sim --wave` has one group per node and one
#     per link, named "router A -> router B, DIR" after the topology, and
#     none for an unconnected port; a link into a recorded router from one
#     not recorded is there too; every row names a signal of the dump and
#     every flit row goes through the decoder;
#  3. absorption channels appear only when a worm was absorbed; the C
#     model's values (lockstep) sit in one closed group at the end and
#     nowhere else.
# usage: tests/wave/wave.sh WORMCAST FLIT SCRATCH   (from the repository root)
set -u
wc=$1 flit=$2 out=$3
rm -rf "$out"; mkdir -p "$out"
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

# 1. the decoder
expect_flit() { # VALUE DECODING [OPTIONS]
  local got; got=$("$flit" ${3:-} "$1" 2>&1)
  [ "$got" = "$1  $2" ] && ok "wormcast-flit $1: $2" || bad "wormcast-flit $1: '$got', expected '$2'"
}
expect_flit 0x100a00009 "H dst 9 user 10"                      # the tutorial's mismatch: a head from node 10
expect_flit 0x100500009 "H dst 9 src 5" --user=src
expect_flit 0x300000003 "HT dst 3"
expect_flit 0x100000003 "H dst 3 src 0" --user=src                # a source of 0 shown once the field is named
expect_flit 0x100009005 "H dst 5 multi +2"                     # HEAD_KIND 1, HEAD_NADDR 2
expect_flit 0x10000300c "H dst 12 kind 3 naddr 0"
expect_flit 0x2a "B 0000002a"
expect_flit 0x2deadbeef "T deadbeef"
expect_flit 0x0 "B 00000000"                                   # a body flit of zeros
expect_flit 0x0 "-" --valid                                    # {valid, flit}: no flit on the link
expect_flit 0x300000000 "-" --valid
expect_flit 0x400000000 "B 00000000" --valid
expect_flit 0x500000003 "H dst 3" --valid
expect_flit 0x7ffffff00f00 "H dst 3840 user 4095 hi 3fff" --width=46
"$flit" 0x400000000 > /dev/null 2>&1
check "wormcast-flit refuses a value wider than W + 2 bits (exit 2)" "[ $? -eq 2 ]"
"$flit" --width=8 1 > /dev/null 2>&1
check "wormcast-flit refuses a width below 32 (exit 2)" "[ $? -eq 2 ]"
got=$(printf '500A00009\nXXXXXXXXX\n000000000\n' | "$flit" "--width=32 --valid --user=src" | tr '\n' '|')
check "as a filter: one line back a line, x passed through, options in one argument ('$got')" \
      "[ '$got' = 'H dst 9 src 10|XXXXXXXXX|-|' ]"
# GTKWave waits for each answer before it sends the next value
coproc F { "$flit"; }
echo 200000001 >&"${F[1]}"
if IFS= read -r -t 5 line <&"${F[0]}" && [ "$line" = "T 00000001" ]; then ok "as a filter: answers a line at once"
else bad "as a filter: no answer within 5 s to one line (got '${line:-}')"; fi
exec {F[1]}>&-; wait "$F_PID" 2>/dev/null

# names LAYOUT: the signals its rows name; dump_names DUMP: those of the dump
names() { sed -n 's/^+{[^}]*} //p; /^net\./p' "$1" | sed 's/\[[0-9]*:0\]$//' | sort -u; }
dump_names() {
  case $1 in *.fst) fst2vcd "$1" 2>/dev/null ;; *) cat "$1" ;; esac |
    awk '/^\$enddefinitions/ { exit } /^\$scope/ { p[++d] = $3 } /^\$upscope/ { d-- }
         /^\$var/ { n = p[1]; for (i = 2; i <= d; i++) n = n "." p[i]; print n "." $5 }' | sort -u
}
dump_of() { [ -s "$1.fst" ] && echo "$1.fst" || echo "$1.vcd"; }

# 2. the groups of a whole 2x2 mesh and of one router of it
"$wc" sim --topo mesh:2x2 --rate 0.3 --warmup 0 --cycles 80 --seed 2 --quiet --wave "$out/m22" > "$out/m22.out" 2>&1
check "sim --wave mesh:2x2 runs" "[ $? -eq 0 ] && [ -s $out/m22.gtkw ]"
g=$out/m22.gtkw
links=$(grep -c '^-router [0-9]* -> router [0-9]*, [-+][xy]$' "$g")
check "a group per link of the 2x2 mesh, each way ($((links / 2)) of 8, 'router 0 -> router 1, +x')" \
      "[ $links -eq 16 ] && grep -q '^-router 0 -> router 1, +x$' $g && grep -q '^-router 3 -> router 1, -y$' $g"
nodes=$(grep -c '^-node [0-3] (router [0-3] port 4)$' "$g")
check "a group per node ($((nodes / 2)) of 4)" "[ $nodes -eq 8 ]"
check "no group or row of an unconnected port (mesh:2x2 router 0: ports 1 and 3)" \
      "! grep -Eq 'router0\.port[13]\.|-router 0 -> router 0' $g"
names "$g" > "$out/m22.rows"; dump_names "$(dump_of "$out/m22")" > "$out/m22.dump"
check "every row names a signal of the dump ($(wc -l < "$out/m22.rows") signals)" \
      "[ -s $out/m22.rows ] && [ -z \"\$(comm -23 $out/m22.rows $out/m22.dump)\" ]"
nflit=$(grep -Ec '\.[a-z_]*_(flit|link)\[' "$g"); nfilt=$(grep -c '^\^>1 ' "$g")
fcmd=$(sed -n 's/^\^>1 \([^ ]*\).*/\1/p' "$g" | sort -u)
check "every flit row is the link's {valid, flit} through the decoder ($nfilt of $nflit, $fcmd)" \
      "[ $nflit -gt 0 ] && [ $nfilt -eq $nflit ] && [ -x '$fcmd' ] \
       && [ \"\$(grep -B1 '^+{[^}]*} net\.router[0-9]*\.port[0-9]\.[a-z]*_link\[34:0\]$' $g | grep -c '^\^>1 .* --width=32 --valid --user=src$')\" -eq $nflit ]"
check "no absorption rows without a multidestination worm" "! grep -q absorbs $g"
check "no expected values without lockstep" "! grep -Eq 'exp_|C model' $g"
"$wc" sim --topo mesh:2x2 --rate 0.3 --warmup 0 --cycles 80 --seed 2 --quiet --wave "$out/r0" --wave-routers 0 \
  > "$out/r0.out" 2>&1
g=$out/r0.gtkw
check "one router recorded: its links out and in, its node, nothing else" \
      "[ \"\$(grep -c '^-router\|^-node' $g)\" -eq 10 ] && grep -q '^-router 1 -> router 0, -x$' $g \
       && grep -q '+{flit 1 -> 0} net.router0.port0.in_link' $g && ! grep -q 'router1\.' $g"

# 3. absorption and the C model's values: a lockstep run with worms
"$wc" sim --topo mesh:4x4 --rate 0.2 --warmup 0 --cycles 300 --engine lockstep --multicast 0.3 \
  --mcast-scheme worm --mcast-dests 5 --quiet --wave "$out/ls" --wave-routers 0,1,4,5 > "$out/ls.out" 2>&1
check "lockstep with worms and --wave runs clean" "[ $? -eq 0 ] && grep -q '0 mismatches' $out/ls.out"
g=$out/ls.gtkw
check "the absorption channels worms used are in their node's group" \
      "grep -q '^+{router [0-9]* absorbs from input [0-9] ([-+][xy]) flit} net.router[0-9]*.port[0-9].abs_link' $g"
first=$(grep -n '^@c00200$' "$g" | cut -d: -f1); last=$(grep -n '^@1401200$' "$g" | cut -d: -f1)
nexp=$(grep -c 'exp_' "$g")
inside=$( [ -n "$first" ] && [ -n "$last" ] && sed -n "${first},${last}p" "$g" | grep -c 'exp_')
check "the C model's values in one closed group at the end ($inside of $nexp exp_ rows inside it)" \
      "[ \"\$(grep -c '^@c00200$' $g)\" = 1 ] && [ -n '$last' ] && [ '$last' -ge \$((\$(wc -l < $g) - 1)) ] \
       && [ $nexp -gt 0 ] && [ '$inside' = $nexp ] && grep -q '^-C model: the expected values' $g"
names "$g" > "$out/ls.rows"; dump_names "$(dump_of "$out/ls")" > "$out/ls.dump"
check "every row of the lockstep layout names a signal of the dump" \
      "[ -s $out/ls.rows ] && [ -z \"\$(comm -23 $out/ls.rows $out/ls.dump)\" ]"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
