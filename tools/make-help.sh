#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make help: the entry points and every test, bench, soak, lint, results
# and FPGA target, each with one line from the comments the makefiles
# carry.  A target's line is, first found:
#   1. a header line '#   make TARGET   what it does' (Makefile, mk/*.mk),
#      or '#   make PREFIX-*   ...' for targets made in pieces;
#   2. the first sentence of the comment block right above the target's
#      rule (a static pattern rule 'PIECES: prefix-%:' serves its pieces)
#      or above the line that adds it to its list (TEST_TARGETS += ...).
# Targets made in pieces (test-lockstep-cube4, -mesh4, ...) that share a
# line are shown as one, 'test-lockstep-{cube4,mesh4,...}'.
# usage: tools/make-help.sh [--check] KIND="TARGET..." ...
#   KIND is a heading (test, bench, ...); --check exits 1, naming them,
#   when a target has no line.
set -u
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
files=(Makefile $(ls mk/*.mk))

# TARGET<TAB>line for every target the makefiles describe
descs=$(awk '
  function sentence(s,   t, r, p) {
    gsub(/[ \t]+/, " ", s); sub(/^ /, "", s)
    # what a block says of its tier first ("(make test, seconds) ...",
    # "make soak: ...") is not what the target does
    sub(/^\((make [a-z]+|soak)[^)]*\) */, "", s); sub(/^make [a-z]+: */, "", s)
    # up to the first full stop or semicolon that ends a sentence (not
    # that of "et al." or "Figs.")
    r = s; p = 0; cut = 0
    while (match(r, /(\. [A-Z(]|; )/)) {
      t = substr(r, 1, RSTART)
      if (t !~ /(al|Fig|Figs|e\.g|i\.e|cf|vs|Sec)\.$/) { p += RSTART - 1; cut = 1; break }
      p += RSTART; r = substr(r, RSTART + 1)
    }
    if (cut) s = substr(s, 1, p)
    sub(/[.:;,]$/, "", s)
    if (length(s) > 98) { t = substr(s, 1, 95); sub(/ [^ ]*$/, "", t); s = t "..." }
    return s
  }
  FNR == 1 { blk = ""; cur = ""; pa = "" }
  pa != "" { if ($0 !~ /^\t/) alias[pa] = pb; pa = "" }
  /^# SPDX/ { next }
  # header lines "#   make NAME   text" and their continuation lines
  /^#[ \t]+make [a-z][a-z0-9_*%-]*[ \t]/ {
    line = $0; sub(/^#[ \t]+make /, "", line)
    name = line; sub(/[ \t].*/, "", name)
    text = line; sub(/^[^ \t]*/, "", text)
    # the arguments after the name (BOARD=x, PROG=...) belong to it
    while (text ~ /^[ \t]*(\[?[A-Z_]+=[^ \t]*\]?|\|)/) sub(/^[ \t]*[^ \t]+/, "", text)
    if (text ~ /^[ \t][ \t]/ || text ~ /^[ \t]*\(/) {
      cur = ""
      if (!(name in hdr)) { sub(/^[ \t]+/, "", text); hdr[name] = text; cur = name }
      blk = blk " " text
      next
    }
  }
  /^#/ {
    c = $0; sub(/^#[ \t]?/, "", c)
    if (cur != "" && $0 ~ /^#       +[^ \t]/) hdr[cur] = hdr[cur] " " c
    else cur = ""
    if (c ~ /^-+ /) { sub(/^-+ /, "", c); sub(/ -+$/, "", c); c = c "." }
    blk = blk " " c; next
  }
  {
    cur = ""
    # a rule line right after a comment block
    if (blk != "" && $0 ~ /^[^\t#][^=]*:([^=]|$)/) {
      tl = $0; sub(/:.*/, "", tl)
      n = split(tl, ts, /[ \t]+/)
      for (i = 1; i <= n; i++) if (ts[i] != "" && !(ts[i] in rule)) rule[ts[i]] = blk
      # a static pattern rule: $(PIECES): prefix-%: ...
      if (match($0, /: *[a-z][a-z0-9-]*%:/)) {
        p = substr($0, RSTART, RLENGTH); gsub(/[: ]/, "", p)
        if (!(p in rule)) rule[p] = blk
      }
    }
    # "T: U" and nothing else: T is another name of U
    # (without a recipe: known on the next line)
    if ($0 ~ /^[a-z][a-z0-9-]*: *[a-z][a-z0-9-]* *$/) {
      pa = $0; sub(/:.*/, "", pa); pb = $0; sub(/^[^:]*: */, "", pb); sub(/ *$/, "", pb)
    }
    if (blk != "" && $0 ~ /^[A-Z_]+_TARGETS[ \t]*\+?=/) {
      tl = $0; sub(/^[^=]*=/, "", tl)
      n = split(tl, ts, /[ \t]+/)
      for (i = 1; i <= n; i++) if (ts[i] != "" && !(ts[i] in list)) list[ts[i]] = blk
    }
    # the block stands over the rules that follow it up to the first
    # recipe, blank line or assignment
    if (!($0 ~ /^\.PHONY/ || $0 ~ /^[^\t#][^=]*:([^=]|$)/)) blk = ""
  }
  END {
    for (k in hdr) print "H\t" k "\t" sentence(hdr[k])
    for (k in rule) print "R\t" k "\t" sentence(rule[k])
    for (k in list) print "L\t" k "\t" sentence(list[k])
    for (k in alias) print "A\t" k "\t" alias[k]
  }' "${files[@]}")

# the line of one target in DESC ("" if none); PAT the prefix of the
# pattern it came from ("" for its own line)
desc_of() {
  local t=$1 kind k d a
  DESC="" PAT=""
  a=$(awk -F'\t' -v t="$t" '$1 == "A" && $2 == t {print $3; exit}' <<<"$descs")
  [ -n "$a" ] && t=$a
  for kind in H R L; do
    # exact name first, then a pattern that matches it (prefix-* or prefix-%)
    d=$(awk -F'\t' -v k="$kind" -v t="$t" '$1 == k && $2 == t {print $3; exit}' <<<"$descs")
    [ -n "$d" ] && { DESC=$d; return; }
    while IFS=$'\t' read -r _ k d; do
      [[ $k == *[*%]* ]] || continue
      local pre=${k%%[*%]*}
      [[ $t == "$pre"* ]] && { DESC=$d PAT=$pre; return; }
    done < <(awk -F'\t' -v k="$kind" '$1 == k' <<<"$descs")
  done
}

missing=()
show() {   # show HEADING TARGET...
  local heading=$1; shift
  [ $# -gt 0 ] || return 0
  echo
  echo "$heading:"
  local t i j n label
  declare -A seen=() done_=()
  local -a names=() lines=() pats=() group=()
  for t in "$@"; do
    [ -n "${seen[$t]:-}" ] && continue; seen[$t]=1
    desc_of "$t"
    [ -n "$DESC" ] || { missing+=("$t"); DESC="(no description)"; }
    names+=("$t"); lines+=("$DESC"); pats+=("$PAT")
  done
  # the pieces of one pattern: one entry, 'prefix-{a,b,...}'
  n=${#names[@]}
  for ((i = 0; i < n; i++)); do
    [ -n "${done_[$i]:-}" ] && continue
    label=${names[$i]}
    if [ -n "${pats[$i]}" ]; then
      group=()
      for ((j = i; j < n; j++)); do
        [ "${pats[$j]}" = "${pats[$i]}" ] || continue
        group+=("${names[$j]#"${pats[$i]}"}"); done_[$j]=1
      done
      [ ${#group[@]} -gt 1 ] && label="${pats[$i]}{$(IFS=,; echo "${group[*]}")}"
    fi
    done_[$i]=1
    if [ ${#label} -gt 26 ]; then printf '  %s\n  %-26s  %s\n' "$label" "" "${lines[$i]}"
    else printf '  %-26s  %s\n' "$label" "${lines[$i]}"; fi
  done
}

echo "usage: make [TARGET...] [V=1] [BUILD=DIR] [JOBS=N]   (V=1: every command in full)"
echo
echo "entry points:"
# the Makefile's own header: '#   make NAME   text'
awk '/^#   make/ { line = substr($0, 9); name = "(no target)"
         if (line ~ /^ [a-z]/) { name = line; sub(/^ /, "", name); sub(/ .*/, "", name); line = substr(line, length(name) + 2) }
         sub(/^ +/, "", line); printf "  %-26s  %s\n", name, line }
     /^[^#]/ { exit }' Makefile
for arg in "$@"; do
  heading=${arg%%=*}
  # shellcheck disable=SC2086
  show "$heading targets" ${arg#*=}
done
echo
echo "One target of a tier runs alone: make test-unit; make test runs them all, JOBS at a time."
if [ $check = 1 ] && [ ${#missing[@]} -gt 0 ]; then
  echo "make-help: no description for: ${missing[*]}" >&2
  exit 1
fi
exit 0
