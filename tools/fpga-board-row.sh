#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Records one board build in the board builds' CSV
# (docs/results/fpga_boards.csv, its columns in its header comment): the
# row of the same design, board and options is replaced, or the build's
# row added at the end, from fpga/flow.sh's summary (summary.txt: the
# summary line, then the critical path's).  make fpga ... FPGA_RECORD=1
# runs it after each build, then make results-pages writes the page.
# usage: tools/fpga-board-row.sh CSV BOARD_DIR DESIGN OPTIONS SUMMARY
#   OPTIONS: the build's make variables beyond BOARD and TOP (NAME=V
#   joined by +, - for none)
set -euo pipefail
[ $# -eq 5 ] || { echo "fpga-board-row.sh: usage: CSV BOARD_DIR DESIGN OPTIONS SUMMARY" >&2; exit 2; }
csv=$1 bdir=$2 design=$3 opts=$4 sum=$5
board=$(basename "$bdir")
[ -f "$csv" ] || { echo "fpga-board-row.sh: no file $csv" >&2; exit 2; }
[ -f "$sum" ] || { echo "fpga-board-row.sh: no summary $sum (the build stopped before it)" >&2; exit 2; }
case $opts in *,*|*' '*|'') echo "fpga-board-row.sh: options '$opts': NAME=V joined by +, or -" >&2; exit 2 ;; esac
dev=$(sed -n 's/^DEVICE *:= *//p' "$bdir/board.mk")
row=$(awk -v design="$design" -v board="$board" -v opts="$opts" -v dev="$dev" -v day="$(date -u +%F)" '
  NR == 1 {
    # "B D: L LUT4, F FF, S/T logic cells | S/T LUT sites (LFE5U-85K, speed 6), R[/N] RAM,
    #  fmax X MHz [(seed N)] at target Y MHz: VERDICT (SECS s[, synthesis ...])"
    if (match($0, /LFE5U-[0-9]+K/)) dev = tolower(substr($0, RSTART + 6, RLENGTH - 6))
    lut = $3; ff = $5
    sites = ""; tot = ""
    if (match($0, /FF, [0-9]+\/[0-9]+ /)) { split(substr($0, RSTART + 4, RLENGTH - 5), a, "/"); sites = a[1]; tot = a[2] }
    ram = 0; if (match($0, /, [0-9]+(\/[0-9]+)? RAM/)) { ram = substr($0, RSTART + 2); sub(/[\/ ].*/, "", ram) }
    fmax = ""; if (match($0, /fmax [0-9.]+ MHz/)) { fmax = substr($0, RSTART + 5, RLENGTH - 9) }
    # a build that did not finish routing has no fmax of its own
    if ($0 ~ /unfinished/) fmax = ""
    seed = ""; if (match($0, /\(seed [0-9]+\)/)) seed = substr($0, RSTART + 6, RLENGTH - 7)
    tgt = ""; if (match($0, /at target [0-9.]+ MHz/)) tgt = substr($0, RSTART + 10, RLENGTH - 14)
    verdict = ($0 ~ /MHz: PASS/) ? "PASS" : "FAIL"
    secs = ""; if (match($0, /\([0-9]+ s[,)]/)) { secs = substr($0, RSTART + 1); sub(/ .*/, "", secs) }
  }
  NR == 2 && match($0, /\([0-9.]+ ns logic, [0-9.]+ ns routing\)/) {
    split(substr($0, RSTART + 1, RLENGTH - 2), p, " "); logic = p[1]; routing = p[4]
  }
  END {
    if (lut !~ /^[0-9]+$/ || ff !~ /^[0-9]+$/ || tgt == "") { print "fpga-board-row.sh: no summary line in " FILENAME > "/dev/stderr"; exit 1 }
    print design "," board "," opts "," dev "," lut "," ff "," sites "," tot "," ram "," fmax "," seed "," tgt "," verdict "," secs "," logic "," routing "," day ","
  }' "$sum")
hdr=$(grep -v '^#' "$csv" | head -n 1)
[ "$hdr" = "design,board,options,device,lut4,ff,sites,sites_total,ram,fmax,seed,target,verdict,secs,logic_ns,routing_ns,measured,note" ] \
  || { echo "fpga-board-row.sh: $csv has another header: $hdr" >&2; exit 2; }
# the row replaces its key's (design, board, options) or is added:
# tools/csv-merge.sh, as a one-row CSV of the same header
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf '%s\n%s\n' "$hdr" "$row" > "$tmp"
"$(dirname "$0")/csv-merge.sh" design,board,options "$csv" "$tmp"
echo "fpga-board-row: $csv: $row"
