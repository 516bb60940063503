#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes a results page from its template, taking every measured number
# from the page's CSV files, so that a page cannot quote a figure its
# data do not hold.  A placeholder is
#   {{[max|min] FILE COLUMN[/DIVISOR] FILTER FORMAT}}
# FILE a CSV beside the template (or FILE.txt, fields separated by
# blanks under a comment line "# columns: NAME ..."; its other comment
# lines skipped), COLUMN one of its header's names,
# DIVISOR a number the value is divided by (ours against a paper's
# figure) or another column of the same row (one algorithm against
# another), FILTER comma-separated terms NAME=V, NAME<=V or NAME>=V (`-`
# for none), FORMAT `.N` (N decimals), `,` (integer, thousands
# separated), `,.N` (both), `s` (the cell as it is, text; no divisor,
# max or min).  Without max or min exactly one row must
# match.  Anything else in the template is copied as it is.
# A block of lines a script writes from a data file beside the template
# (a table with a row per measurement) sits between the lines
#   <!-- NAME: begin (... from FILE) -->   and   <!-- NAME: end -->
# the template leaves it empty, and tools/NAME-doc.sh FILE, which prints
# the block, fills it (fpga-area-doc.sh, fpga-boards-doc.sh).
# Usage: results-page.sh TEMPLATE OUT     (OUT - for standard output)
set -eu
[ $# -eq 2 ] || { echo "usage: results-page.sh TEMPLATE OUT" >&2; exit 2; }
tpl=$1 out=$2
[ -r "$tpl" ] || { echo "results-page: cannot read template $tpl" >&2; exit 2; }
dir=$(dirname "$tpl")
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk -v dir="$dir" -v tpl="$tpl" '
function die(msg) { printf "results-page: %s:%d: %s\n", tpl, NR, msg > "/dev/stderr"; failed = 1; exit 2 }
function load(f,    path, line, n, i, h, r) {
  if (f in rows) return
  path = dir "/" f
  if (f ~ /\.txt$/) {
    # a table of fields separated by blanks, its header a comment line
    # "# columns: NAME ...", its other comment lines skipped
    sep[f] = " "; r = 0; n = 0
    while ((getline line < path) > 0) {
      if (line ~ /^# columns: /) { n = split(substr(line, 12), h, " "); for (i = 1; i <= n; i++) col[f, h[i]] = i; continue }
      if (line ~ /^#/ || line !~ /[^ ]/) continue
      r++; cell[f, r] = line
    }
    if (n == 0) die("no # columns: line in " path)
    close(path); rows[f] = r; return
  }
  sep[f] = ","
  # a CSV may open with comment lines before its header
  do { if ((getline line < path) <= 0) die("cannot read " path) } while (line ~ /^#/)
  n = split(line, h, ","); for (i = 1; i <= n; i++) col[f, h[i]] = i
  r = 0
  while ((getline line < path) > 0) { r++; cell[f, r] = line }
  close(path); rows[f] = r
}
function commas(s,    neg, ip, fp, o) {
  neg = (s ~ /^-/); if (neg) s = substr(s, 2)
  ip = s; fp = ""
  if (index(s, ".")) { ip = substr(s, 1, index(s, ".") - 1); fp = substr(s, index(s, ".")) }
  o = ""
  while (length(ip) > 3) { o = "," substr(ip, length(ip) - 2) o; ip = substr(ip, 1, length(ip) - 3) }
  return (neg ? "-" : "") ip o fp
}
function fmt(v, f,    d, s) {
  if (f == ",") return commas(sprintf("%.0f", v))
  if (f ~ /^,\.[0-9]+$/) { d = substr(f, 3); return commas(sprintf("%." d "f", v)) }
  if (f ~ /^\.[0-9]+$/) { d = substr(f, 2); return sprintf("%." d "f", v) }
  die("bad format " f)
}
# the value a placeholder names, without its format: [max|min] FILE
# COLUMN[/DIVISOR] FILTER
function value(spec,    w, n, agg, f, c, div, dcol, k, t, i, r, v, got, best, op, name, val, cells, p) {
  n = split(spec, w, " ")
  agg = ""; if (w[1] == "max" || w[1] == "min") { agg = w[1]; for (i = 1; i < n; i++) w[i] = w[i + 1]; n-- }
  if (n != 3) die("placeholder {{" spec "}} needs FILE COLUMN FILTER FORMAT")
  f = w[1]; c = w[2]; div = 1; dcol = ""
  if (index(c, "/")) { div = substr(c, index(c, "/") + 1); c = substr(c, 1, index(c, "/") - 1) }
  load(f)
  if (!((f, c) in col)) die("no column " c " in " f)
  if (div !~ /^[0-9.]+$/) { dcol = div; if (!((f, dcol) in col)) die("no column " dcol " in " f) }
  else div += 0
  k = (w[3] == "-") ? 0 : split(w[3], t, ",")
  got = 0
  for (r = 1; r <= rows[f]; r++) {
    split(cell[f, r], cells, sep[f])
    for (i = 1; i <= k; i++) {
      if (match(t[i], /<=|>=|=/) == 0) die("bad filter " t[i])
      op = substr(t[i], RSTART, RLENGTH); name = substr(t[i], 1, RSTART - 1); val = substr(t[i], RSTART + RLENGTH)
      if (!((f, name) in col)) die("no column " name " in " f)
      p = cells[col[f, name]]
      if (op == "=" && p != val) break
      if (op == "<=" && p + 0 > val + 0) break
      if (op == ">=" && p + 0 < val + 0) break
    }
    if (i <= k) continue
    if (got == 0) lastraw = cells[col[f, c]]
    v = cells[col[f, c]] / (dcol == "" ? div : cells[col[f, dcol]]); got++
    if (got == 1 || (agg == "max" && v > best) || (agg == "min" && v < best)) best = v
  }
  if (got == 0) die("no row of " f " matches " w[3])
  if (agg == "" && got > 1) die(got " rows of " f " match " w[3] ": add a filter or max/min")
  return best
}
# {{A FORMAT}}, or {{A ; B FORMAT}} for the value of A over that of B
# (two rows, or two files; A may be a number: 1000 ; B for ns from MHz),
# or {{A minus B FORMAT}} for their difference
function expand(spec,    n, f, a, b, i) {
  sub(/^ +/, "", spec); sub(/ +$/, "", spec)
  n = length(spec); i = n
  while (i > 0 && substr(spec, i, 1) != " ") i--
  if (i == 0) die("placeholder {{" spec "}} needs FILE COLUMN FILTER FORMAT")
  f = substr(spec, i + 1); spec = substr(spec, 1, i - 1)
  if ((i = index(spec, " ; ")) > 0) {
    a = substr(spec, 1, i - 1); a = (a ~ /^[0-9.]+$/) ? a + 0 : value(a); b = value(substr(spec, i + 3))
    if (b == 0) die("division by zero in {{" spec "}}")
    return fmt(a / b, f)
  }
  if ((i = index(spec, " minus ")) > 0) return fmt(value(substr(spec, 1, i - 1)) - value(substr(spec, i + 7)), f)
  if (f == "s") {
    if (spec ~ /^(max|min) / || index(spec, " ; ") || spec ~ /^[^ ]+ [^ ]*\//) die("format s takes one cell: FILE COLUMN FILTER s")
    value(spec); return lastraw
  }
  return fmt(value(spec), f)
}
{
  line = $0; o = ""
  while ((i = index(line, "{{")) > 0) {
    j = index(substr(line, i + 2), "}}"); if (j == 0) die("unclosed {{")
    o = o substr(line, 1, i - 1) expand(substr(line, i + 2, j - 1))
    line = substr(line, i + j + 3)
  }
  print o line
}
' "$tpl" > "$tmp"
# the blocks: each begin line names its script and data file, whose
# lines replace the block's
tools=$(dirname "$0")
if grep -q '^<!-- [a-z0-9-]*: begin ' "$tmp"; then
  blk=$(mktemp)
  trap 'rm -f "$tmp" "$blk" "$blk.page"' EXIT
  while IFS= read -r b; do
    name=${b#<!-- }; name=${name%%:*}
    file=${b##*from }; file=${file%) -->}
    case $b in *" from "*") -->") ;; *) echo "results-page: $tpl: the block $name names no data file: $b" >&2; exit 2 ;; esac
    [ -x "$tools/$name-doc.sh" ] || { echo "results-page: $tpl: no script $tools/$name-doc.sh for the block $name" >&2; exit 2; }
    "$tools/$name-doc.sh" "$dir/$file" > "$blk"
    awk -v n="$name" -v t="$blk" '
      index($0, "<!-- " n ": begin ") == 1 { print; while ((getline l < t) > 0) print l; close(t); skip = 1; next }
      $0 == "<!-- " n ": end -->" { skip = 0; seen = 1 }
      !skip
      END { if (skip || !seen) { print "results-page: no end line for the block " n > "/dev/stderr"; exit 2 } }' "$tmp" > "$blk.page"
    mv "$blk.page" "$tmp"
  done < <(grep '^<!-- [a-z0-9-]*: begin ' "$tmp")
fi
if [ "$out" = - ]; then cat "$tmp"; else cp "$tmp" "$out"; fi
