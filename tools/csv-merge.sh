#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Merges a new run's CSV into a results CSV: each row of NEW replaces the
# row of DEST with the same key (the KEYS columns), or is added at the
# end; DEST's comment lines and other rows stay.  Both files must have
# the same header (NEW may open with comment lines too).
# usage: tools/csv-merge.sh KEY,COLUMNS DEST NEW
set -euo pipefail
[ $# -eq 3 ] || { echo "csv-merge.sh: usage: KEY,COLUMNS DEST NEW" >&2; exit 2; }
keys=$1 dest=$2 new=$3
[ -f "$dest" ] && [ -f "$new" ] || { echo "csv-merge.sh: no file $dest or $new" >&2; exit 2; }
hd=$(grep -v '^#' "$dest" | head -n 1) hn=$(grep -v '^#' "$new" | head -n 1)
[ "$hd" = "$hn" ] || { echo "csv-merge.sh: $new's header is not $dest's: $hn" >&2; exit 2; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk -F, -v keys="$keys" -v new="$new" '
  function key(   i, k) { k = ""; for (i = 1; i <= nk; i++) k = k SUBSEP $(kc[i]); return k }
  BEGIN {
    nk = split(keys, kn, ",")
    # the new rows by key, in their order
    while ((getline l < new) > 0) {
      if (l ~ /^#/) continue
      if (!h) { h = 1; nh = split(l, hc, ","); for (i = 1; i <= nh; i++) idx[hc[i]] = i
                for (i = 1; i <= nk; i++) { if (!(kn[i] in idx)) { print "csv-merge.sh: no column " kn[i] > "/dev/stderr"; exit 2 }; kc[i] = idx[kn[i]] }
                continue }
      $0 = l; n++; row[n] = l; k[n] = key(); at[key()] = n
    }
  }
  /^#/ || !hd { if (!/^#/) hd = 1; print; next }
  key() in at { if (!done[at[key()]]++) print row[at[key()]]; next }
  { print }
  END { for (i = 1; i <= n; i++) if (!done[i]) print row[i] }' "$dest" > "$tmp"
cat "$tmp" > "$dest"
