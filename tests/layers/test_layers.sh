#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make check-layers must pass on the tree and fail, naming the file and
# line, when an include that points up is planted in a copy of it.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok()  { echo "ok   $*"; pass=$((pass+1)); }
bad() { echo "FAIL $*"; fail=$((fail+1)); }

copy() { rm -rf "$tmp/t"; mkdir -p "$tmp/t"; (cd "$here" && git ls-files -co --exclude-standard -- '*.c' '*.h' '*.cpp' '*.hpp' '*.def' '*.S' '*.inc' tools/layers.conf tools/check-layers.sh | grep -v '^build/' | tar -cf - -T -) | tar -xf - -C "$tmp/t"; }

copy
if "$here/tools/check-layers.sh" "$tmp/t" > "$tmp/out" 2>&1; then ok "the tree follows its layers"; else bad "the tree breaks its layers:"; cat "$tmp/out"; fi

# file | line to plant | what the error must name
while IFS='|' read -r file inc; do
  copy
  sed -i "1a #include \"$inc\"" "$tmp/t/$file"
  if "$here/tools/check-layers.sh" "$tmp/t" > "$tmp/out" 2>&1; then
    bad "check-layers passed with #include \"$inc\" planted in $file"
  elif grep -q "$file:2: includes \"$inc\"" "$tmp/out"; then
    ok "upward include caught: $file -> $inc"
  else
    bad "check-layers failed without naming $file:2 for \"$inc\":"; cat "$tmp/out"
  fi
done <<'PLANTS'
sw/lib/wc_kbin.c|wc_sim.h
sw/lib/wc_fpfs.h|wc_nic.h
sw/lib/wc_hcube.c|../host/wc_msg.h
cmodel/wc_net.c|wc_msg.h
cmodel/topo/wc_topo.c|wc_rtl.h
sw/host/wc_sim.c|cli_args.h
verif/net/wc_rtl_shim.cpp|wc_rtl.h
sw/fw/rt.c|wc_nic.h
defs/wc_rng.h|wc_kbin.h
PLANTS

# a header in no layer directory that is not a generated one
copy
sed -i '1a #include "no_such_header.h"' "$tmp/t/cmodel/wc_router.c"
if "$here/tools/check-layers.sh" "$tmp/t" > "$tmp/out" 2>&1; then bad "an unresolvable include passed"
elif grep -q 'cmodel/wc_router.c:2: includes "no_such_header.h", which is in no layer' "$tmp/out"; then ok "unresolvable include caught"
else bad "unresolvable include not named:"; cat "$tmp/out"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
