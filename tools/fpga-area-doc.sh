#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The area table of a results page from make fpga-area's file (area.txt's
# format: mk/fpga-area.mk): what was measured, a row per design and
# family, each design's parameters, printed: tools/results-page.sh puts
# them between a template's markers
#   <!-- fpga-area: begin (... from FILE) -->  and  <!-- fpga-area: end -->
# usage: tools/fpga-area-doc.sh AREA_TXT
set -euo pipefail
[ $# -eq 1 ] || { echo "fpga-area-doc.sh: usage: AREA_TXT" >&2; exit 2; }
data=$1
[ -f "$data" ] || { echo "fpga-area-doc.sh: no area file $data (make fpga-area, then copy build/fpga/area.txt)" >&2; exit 2; }
awk -v src="$(basename "$data")" '
  # 12345 -> 12,345
  function th(n,   s) { if (n !~ /^[0-9]+$/) return n; s = ""
    while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) }
    return n s }
  function fam(f) { return f == "ice40" ? "iCE40" : f == "ecp5" ? "ECP5" : f }
  # "# ice40: Yosys 0.23 (...); synth: synth_ice40" -> Yosys 0.23 (...), `synth_ice40`
  function tl(s,   i) { i = index(s, "; synth: "); return i ? substr(s, 1, i - 1) ", `" substr(s, i + 9) "`" : s }
  /^# commit: / { commit = substr($0, 11) }
  /^# local changes: / { dirty = " (" substr($0, 18) ")" }
  /^# ice40: / { tool["ice40"] = tl(substr($0, 10)) }
  /^# ecp5: / { tool["ecp5"] = tl(substr($0, 9)) }
  # "# design D: WHAT; TOP PARAMS" -> WHAT (`TOP`, PARAMS)
  /^# design / { d = $3; sub(/:$/, "", d); w = substr($0, index($0, ": ") + 2)
    i = match(w, /; [^;]*$/); p = substr(w, i + 2); w = substr(w, 1, i - 1)
    top = p; sub(/ .*/, "", top); p = substr(p, length(top) + 2)
    what[d] = w " (`" top "`" (p != "" ? ", `" p "`" : "") ")"; order[nd++] = d }
  # "# D F: not mapped: WHY" (tools/fpga-area.sh)
  /^# [a-z0-9_]+ [a-z0-9]+: not mapped/ { k = $2 " " $3; sub(/:$/, "", k); why[k] = substr($0, index($0, "not mapped")) }
  /^#/ || !NF { next }
  NF != 11 { printf "fpga-area-doc.sh: %s line %d has %d fields, not 11\n", FILENAME, FNR, NF > "/dev/stderr"; bad = 1; exit }
  { n++; row[n] = $0 }
  END {
    if (bad) exit 1
    if (!n || commit == "" || tool["ice40"] == "" || tool["ecp5"] == "") {
      print "fpga-area-doc.sh: " FILENAME " lacks lines or its commit and tool header" > "/dev/stderr"; exit 1 }
    printf "Synthesis only (`make fpga-area`, no place and route), at commit `%s`%s.\n", commit, dirty
    printf "iCE40: %s.  ECP5: %s.\n", tool["ice40"], tool["ecp5"]
    print "LUT4 counts LUT4 cells only; on ECP5 a CCU2C carry cell takes two LUT sites"
    print "and a TRELLIS_DPR16X4 distributed RAM six (four and its write port), which"
    print "*LUT sites* adds (what a placement needs at least); an iCE40 carry shares a"
    print "logic cell with a LUT4.  Block RAM: SB_RAM40_4K (4 Kbit) or DP16KD (18 Kbit);"
    print "DSP: SB_MAC16 or MULT18X18D.  The time is the synthesis'"'"'s wall time and"
    printf "CPU time on a shared 2-core machine.  Data: [%s](%s).\n\n", src, src
    print "| design | family | LUT4 | FF | block RAM | DSP | carry | distributed RAM | LUT sites | synthesis |"
    print "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    for (i = 1; i <= n; i++) {
      split(row[i], a, " ")
      t = sprintf("%s s (CPU %s s)", th(a[10]), th(a[11]))
      if (a[3] == "-") {
        notes[++nn] = sprintf("`%s` on %s: %s.", a[1], fam(a[2]), why[a[1] " " a[2]] != "" ? why[a[1] " " a[2]] : "not mapped")
        printf "| `%s` | %s | not mapped (%d) | | | | | | | %s |\n", a[1], fam(a[2]), nn, t
        continue }
      printf "| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", a[1], fam(a[2]), th(a[3]), th(a[4]), th(a[5]),
        th(a[6]), th(a[7]), th(a[8]), th(a[9]), t }
    if (nn) { print ""; for (i = 1; i <= nn; i++) printf "- (%d) %s\n", i, notes[i] }
    print ""
    print "The designs (the top module, the parameters set on it):"
    print ""
    for (i = 0; i < nd; i++) printf "- `%s`: %s\n", order[i], what[order[i]] }' "$data"
