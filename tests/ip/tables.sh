#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# wormcast topo --tables loads into the RTL table router and routes as
# the network's routes say.  For each network: the routers' parameters
# (wormcast netgen --params router), the tables as $readmemh images and as
# a cfg_* write sequence, and from `wormcast topo --routes` every hop of
# every host pair as a case "input port, destination, output port" of
# the router it crosses.  tests/ip/tb_tables.v (Icarus) configures one
# wc_router from an image (every router) or from the write sequence
# (every router), sends a worm for each case and checks where it leaves.
# Then one entry of an image is changed: the bench must catch it.
# usage: tables.sh WORMCAST SCRATCH_DIR   (from the repository root)
set -u
wc=$1 tmp=$2
rm -rf "$tmp"; mkdir -p "$tmp"
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }

# run_tb VVP ARGS...: 0 when the bench routed every case
run_tb() {
  local vvp=$1; shift
  vvp -n "$vvp" "$@" > "$tmp/tb.log" 2>&1
  grep -q "^tb_tables: [0-9]* cases routed" "$tmp/tb.log" && ! grep -q "^FAIL" "$tmp/tb.log"
}

for topo in irregular:16,8,4,1 file:docs/examples/ring8.net; do
  d=$tmp/$(tr -c 'a-z0-9\n' _ <<<"$topo")
  mkdir -p "$d"
  params=$("$wc" netgen --topo "$topo" --params router) || { bad "$topo: netgen --params router"; continue; }
  gp() { sed -n "s/.*-G$1=\([0-9]*\).*/\1/p" <<<"$params"; }
  P=$(gp P) NN=$(gp NNODES) CAW=$(gp CAW) W=$(gp W) B=$(gp B)
  "$wc" topo --topo "$topo" --tables memh --out "$d/memh" 2>/dev/null || { bad "$topo: --tables memh"; continue; }
  "$wc" topo --topo "$topo" --tables cfg > "$d/cfg.txt" || { bad "$topo: --tables cfg"; continue; }
  "$wc" topo --topo "$topo" --routes > "$d/topo.json" || { bad "$topo: --routes"; continue; }
  nr=$(sed -n 's/.*"nrouters": \([0-9]*\).*/\1/p' "$d/topo.json")
  # the cases: links give each hop's input port at the next router
  awk -v dir="$d" '
    /"a": \[/ { gsub(/[^0-9 ]/, " "); n = split($0, v, " +"); m = 0; for (i = 1; i <= n; i++) if (v[i] != "") x[++m] = v[i]
                peer[x[1] "," x[2]] = x[3] "," x[4]; peer[x[3] "," x[4]] = x[1] "," x[2]; delete x }
    /"node": [0-9]+, "router"/ { gsub(/[^0-9 ]/, " "); n = split($0, v, " +"); m = 0; for (i = 1; i <= n; i++) if (v[i] != "") x[++m] = v[i]
                hostport[x[1]] = x[2] "," x[3]; delete x }
    /"src": [0-9]+, "dst": [0-9]+, "hops": \[\[/ {
      line = $0; gsub(/[^0-9 ]/, " ", line); n = split(line, v, " +"); m = 0
      for (i = 1; i <= n; i++) if (v[i] != "") y[++m] = v[i]
      src = y[1]; dst = y[2]; split(hostport[src], hp, ","); in_r = hp[1]; in_p = hp[2]
      for (i = 3; i + 1 <= m; i += 2) {
        r = y[i]; p = y[i + 1]
        if (r != in_r) { bad = 1 }
        key = r " " in_p " " dst
        if (!(key in done)) { done[key] = 1; printf "%x %x %x\n", in_p, dst, p > (dir "/cases" r ".txt") }
        split(peer[r "," p], q, ","); in_r = q[1]; in_p = q[2]
      }
      delete y
    }
    END { exit bad }' "$d/topo.json" || bad "$topo: a route does not follow its links"
  ncases=$(cat "$d"/cases*.txt | wc -l)
  if ! iverilog -g2012 -Irtl/include -o "$d/tb.vvp" -s tb_tables -Ptb_tables.P="$P" -Ptb_tables.NNODES="$NN" \
       -Ptb_tables.CAW="$CAW" -Ptb_tables.W="$W" -Ptb_tables.B="$B" tests/ip/tb_tables.v rtl/router/*.v 2> "$d/iv.log"; then
    bad "$topo: the bench does not compile: $(head -3 "$d/iv.log")"; continue
  fi
  okm=0 okc=0 failed=""
  for ((r = 0; r < nr; r++)); do
    [ -f "$d/cases$r.txt" ] || continue
    if run_tb "$d/tb.vvp" +memh="$d/memh/router$r.memh" +cases="$d/cases$r.txt"; then okm=$((okm+1))
    else failed+=" memh:r$r($(grep -m1 FAIL "$tmp/tb.log"))"; fi
    if run_tb "$d/tb.vvp" +cfg="$d/cfg.txt" +router=$r +cases="$d/cases$r.txt"; then okc=$((okc+1))
    else failed+=" cfg:r$r($(grep -m1 FAIL "$tmp/tb.log"))"; fi
  done
  [ -z "$failed" ] && ok "$topo: $nr table routers (P=$P, NNODES=$NN) configured from the \$readmemh images ($okm) and the cfg writes ($okc) route all $ncases hops of every host pair" \
    || bad "$topo:$failed"
  # the bench has teeth: the entry of router 0's image that its first case
  # reads (phase by the input's down_only bit), sent to the next port, must
  # be caught (the image's line 1 is its comment)
  read -r ip dst op < "$d/cases0.txt"
  ent=$((16#$dst)); [ "$(sed -n "$((2 * NN + 16#$ip + 2))p" "$d/memh/router0.memh")" = 01 ] && ent=$((NN + 16#$dst))
  awk -v l=$((ent + 2)) -v P="$P" 'function hex(s,  i, n) { n = 0; for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return n }
    NR == l { v = hex($1); p = v % 64; printf "%02x\n", (v - p) + (p + 1) % P; next } { print }' "$d/memh/router0.memh" > "$d/bad.memh"
  if run_tb "$d/tb.vvp" +memh="$d/bad.memh" +cases="$d/cases0.txt"; then bad "$topo: a wrong table entry went unnoticed"
  else ok "$topo: a wrong table entry is caught ($(grep -m1 FAIL "$tmp/tb.log" | cut -c1-90))"; fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
