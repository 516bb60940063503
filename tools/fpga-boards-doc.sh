#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The board builds' table of a results page from its CSV
# (docs/results/fpga_boards.csv: a row per make fpga build, its columns
# in the file's header comment), printed: tools/results-page.sh puts it
# between a template's markers
#   <!-- fpga-boards: begin (... from FILE) -->  and  <!-- fpga-boards: end -->
# usage: tools/fpga-boards-doc.sh BOARDS_CSV
set -euo pipefail
[ $# -eq 1 ] || { echo "fpga-boards-doc.sh: usage: BOARDS_CSV" >&2; exit 2; }
data=$1
[ -f "$data" ] || { echo "fpga-boards-doc.sh: no file $data" >&2; exit 2; }
awk -F, -v src="$(basename "$data")" '
  # 12345 -> 12,345
  function th(n,   s) { if (n !~ /^[0-9]+$/) return n; s = ""
    while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) }
    return n s }
  function dev(d) { d = toupper(d); sub(/K$/, "F", d); return d }
  function board(b, d) { return b == "hx8k" ? "HX8K breakout" : b == "icebreaker" ? "iCEBreaker" : \
                                b == "ulx3s" ? "ULX3S (" dev(d) ", -6)" : b }
  # NAME=V+NAME=V, a blank in V written ; -> `NAME=V`, `NAME="V W"`
  function opts(o,   n, t, i, s, q) { if (o == "-") return ""; n = split(o, t, "+"); s = ""
    for (i = 1; i <= n; i++) { q = t[i]; if (q ~ /;/) { gsub(/;/, " ", q); sub(/=/, "=\"", q); q = q "\"" }
      s = s (i > 1 ? ", " : "") "`" q "`" }
    return s }
  /^#/ { next }
  !hdr { for (i = 1; i <= NF; i++) c[$i] = i; hdr = 1
    split("design board options device lut4 ff sites sites_total ram fmax seed target verdict secs measured note", need, " ")
    for (i in need) if (!(need[i] in c)) { printf "fpga-boards-doc.sh: %s has no column %s\n", FILENAME, need[i] > "/dev/stderr"; bad = 1; exit }
    ncol = NF; next }
  !NF { next }
  NF != ncol { printf "fpga-boards-doc.sh: %s line %d has %d fields, not %d\n", FILENAME, FNR, NF, ncol > "/dev/stderr"; bad = 1; exit }
  { n++; for (i = 1; i <= NF; i++) v[n, i] = $i }
  END {
    if (bad) exit 1
    if (!n) { print "fpga-boards-doc.sh: " FILENAME " has no rows" > "/dev/stderr"; exit 1 }
    print "| design | board | options | LUT4 | FF | block RAM | sites | fmax | target | | flow | measured |"
    print "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    for (r = 1; r <= n; r++) {
      s = v[r, c["sites"]]; t = v[r, c["sites_total"]]; f = v[r, c["fmax"]]
      sites = s == "" ? "" : th(s) (t != "" ? " / " th(t) : "")
      if (f == "") fm = (s != "" && t != "" && s + 0 > t + 0) ? "does not fit: " th(s) " of " th(t) (v[r, c["board"]] == "ulx3s" ? " LUT sites" : " logic cells") : "not placed"
      else fm = f " MHz" (v[r, c["seed"]] != "" ? " (seed " v[r, c["seed"]] ")" : "")
      printf "| `%s` | %s | %s | %s | %s | %s | %s | %s | %s MHz | %s | %s | %s |\n", v[r, c["design"]],
        board(v[r, c["board"]], v[r, c["device"]]), opts(v[r, c["options"]]), th(v[r, c["lut4"]]), th(v[r, c["ff"]]),
        th(v[r, c["ram"]]), sites, fm, v[r, c["target"]], v[r, c["verdict"]],
        v[r, c["secs"]] != "" ? th(v[r, c["secs"]]) " s" : "",
        v[r, c["measured"]] (v[r, c["note"]] != "" ? ", " v[r, c["note"]] : "") }
    print ""
    printf "Data: [%s](%s), a row per build.\n", src, src }' "$data"
