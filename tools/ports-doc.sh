#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The port and parameter tables of the reference pages, from the module
# headers of the RTL (every parameter and port is documented there, by
# the comment above it or beside it: the guide's rule).  A page holds a
# table between
#   <!-- ports MODULE FILE: begin ... -->   and   <!-- ports MODULE: end -->
# and this script writes what lies between them: a parameter table (name,
# default, meaning; a default from defs/wc_defs.def shown with its value)
# and a port table (name, direction, bits, meaning).
# usage: tools/ports-doc.sh [--check] PAGE...
#   --check  writes nothing; exit 1 naming each page whose tables differ
#            from its RTL (make test-docs)
set -u
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
cd "$(dirname "$0")/.."
stale=""

# table MODULE FILE: the Markdown of its parameters and ports
table() {
  awk -v mod="$1" -v defs=rtl/include/wc_defs.vh '
    BEGIN {
      while ((getline l < defs) > 0)
        if (l ~ /^`define WC_[A-Z0-9_]+ /) { split(l, f, " "); def[f[2]] = f[3] }
    }
    function esc(s) { gsub(/\|/, "\\|", s); return s }
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
    # the meaning of a declaration: its own comment, else the block above
    function meaning(tail) { return tail != "" ? tail : cmt != "" ? cmt : sect }
    # the width of a range: [X-1:0] is X bits, [X:0] X+1; numbers worked out
    function bits(r,   x, k, t, m) {
      gsub(/`/, "", r)
      # each macro of defs by its value, whole names only
      t = ""
      while (match(r, /WC_[A-Z0-9_]+/)) {
        m = substr(r, RSTART, RLENGTH)
        t = t substr(r, 1, RSTART - 1) (m in def ? def[m] : m); r = substr(r, RSTART + RLENGTH)
      }
      r = t r
      if (r ~ /^\[.*-1:0\]$/) { x = substr(r, 2, length(r) - 6) }
      else if (r ~ /^\[.*:0\]$/) {
        x = substr(r, 2, length(r) - 4)
        if (x ~ /^[0-9]+$/) x = x + 1
        else if (match(x, /-[0-9]+$/)) { k = substr(x, RSTART + 1) - 1; x = substr(x, 1, RSTART - 1) (k ? "-" k : "") }
        else if (match(x, /\+[0-9]+$/)) { k = substr(x, RSTART + 1) + 1; x = substr(x, 1, RSTART - 1) "+" k }
        else x = x "+1"
      }
      else return "`" r "`"
      if (x ~ /^[0-9]+-1$/) x = x - 1
      if (x ~ /^[0-9]+\+1$/) x = x + 1
      return x ~ /^[0-9]+$/ ? x : "`" x "`"
    }
    # rows of consecutive declarations that share their meaning become one
    function add(kind, name, a, b, m,   k) {
      k = kind == "p" ? np : nq
      if (k && m != "" && rm[kind, k] == m) {
        rn[kind, k] = rn[kind, k] ", `" name "`"; ra[kind, k] = ra[kind, k] "\t" a; rb[kind, k] = rb[kind, k] "\t" b
        return
      }
      k++; rn[kind, k] = "`" name "`"; ra[kind, k] = a; rb[kind, k] = b; rm[kind, k] = m
      if (kind == "p") np = k; else nq = k
    }
    # the values of a row: one when they are all the same
    function list(v,   n, x, j) {
      n = split(v, x, "\t")
      for (j = 2; j <= n; j++) if (x[j] != x[1]) { gsub(/\t/, ", ", v); return v }
      return x[1]
    }
    $0 ~ "^module " mod "( |$)" { on = 1; part = "param"; next }
    !on { next }
    /^\) \($/ || /^\)\($/ { part = "port"; cmt = ""; sect = ""; next }
    /^\);/ { exit }
    /^[ \t]*$/ { cmt = ""; next }
    # a rule of dashes: a section title, the meaning of what follows where
    # nothing closer says
    /^[ \t]*\/\/ *-+/ {
      sect = $0; sub(/^[ \t]*\/\/ *-+ */, "", sect); sub(/ *-+ *$/, "", sect)
      sub(/^./, toupper(substr(sect, 1, 1)), sect); cmt = ""; next
    }
    /^[ \t]*\/\// {
      c = $0; sub(/^[ \t]*\/\/ ?/, "", c)
      cmt = (cont ? cmt " " : "") trim(c); cont = 1; next
    }
    {
      cont = 0
      line = $0; tail = ""
      if (match(line, /\/\/.*/)) { tail = trim(substr(line, RSTART + 2)); line = substr(line, 1, RSTART - 1) }
      line = trim(line); sub(/,$/, "", line)
      if (part == "param" && line ~ /^parameter /) {
        sub(/^parameter +/, "", line)
        name = line; sub(/ *=.*/, "", name); n = split(name, w, / +/); name = w[n]
        val = line; sub(/^[^=]*= */, "", val); val = trim(val)
        if (val ~ /^`WC_/) { m = substr(val, 2); val = "`" m "`" (m in def ? " (" def[m] ")" : "") }
        else val = "`" val "`"
        add("p", name, val, "", meaning(tail))
      } else if (part == "port" && line ~ /^(input|output|inout) /) {
        n = split(line, w, / +/); dir = w[1]; name = w[n]
        rng = "1"
        if (match(line, /\[[^]]*\]/)) rng = bits(substr(line, RSTART, RLENGTH))
        m = meaning(tail)
        if (m == "" && name == "clk_i") m = "clock; every register samples on its rising edge"
        if (m == "" && name == "rst_ni") m = "synchronous reset, active low"
        add("q", name, dir == "input" ? "in" : dir == "output" ? "out" : "inout", rng, m)
      }
    }
    END {
      if (np) {
        print "| parameter | default | meaning |"; print "| --- | --- | --- |"
        for (i = 1; i <= np; i++) printf "| %s | %s | %s |\n", rn["p", i], esc(list(ra["p", i])), esc(rm["p", i])
        print ""
      }
      print "| port | dir | bits | meaning |"; print "| --- | --- | --- | --- |"
      for (i = 1; i <= nq; i++) {
        printf "| %s | %s | %s | %s |\n", rn["q", i], list(ra["q", i]), esc(list(rb["q", i])), esc(rm["q", i])
      }
    }' "$2"
}

for page in "$@"; do
  tmp=$(mktemp)
  awk '
    /^<!-- ports [a-z_0-9]+ [^ ]+: begin/ {
      print; split($0, f, " "); mod = f[3]; file = f[4]; sub(/:$/, "", file)
      print "@@TABLE " mod " " file; skip = 1; next
    }
    /^<!-- ports [a-z_0-9]+: end -->/ { skip = 0 }
    !skip { print }' "$page" > "$tmp.in"
  : > "$tmp"
  while IFS= read -r l; do
    if [[ $l == "@@TABLE "* ]]; then
      set -- $l
      [ -f "$3" ] || { echo "ports-doc.sh: $page: no file $3" >&2; rm -f "$tmp" "$tmp.in"; exit 2; }
      table "$2" "$3" >> "$tmp"
    else printf '%s\n' "$l" >> "$tmp"; fi
  done < "$tmp.in"
  rm -f "$tmp.in"
  if cmp -s "$tmp" "$page"; then rm -f "$tmp"
  elif [ $check = 1 ]; then stale+=" $page"; rm -f "$tmp"
  else mv "$tmp" "$page"; echo "ports-doc: $page"; fi
done
[ -z "$stale" ] || { echo "ports-doc.sh: the port tables of$stale differ from the RTL: run make ports-doc" >&2; exit 1; }
