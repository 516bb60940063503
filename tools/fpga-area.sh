#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One design's synthesis for one family, for make fpga-area (mk/fpga-area.mk,
# where the columns are defined): Yosys only, no place and route.  Writes
# OUT.txt, one line
#   DESIGN FAMILY LUT4 FF RAM DSP CARRY DPRAM SITES SECS CPU
# and beside it OUT.ys (the Yosys commands), OUT.log and OUT.stat.
# A synthesis still running after FPGA_AREA_TIMEOUT seconds (default 3600)
# is stopped and reported as a line of dashes with the seconds it ran and
# a comment saying so: a design too big to map is still in the table.  So
# is one that Yosys gives up on without an error of the design (a crash,
# out of memory: the YoWASP Yosys has 4 GiB at most), with the last pass
# it reached and its last words (OUT.err); an ERROR of Yosys fails the run.
# Yosys's own cells ($..., but $scopeinfo, which only marks where a
# flattened module was) mean the mapping is incomplete: they fail the run.
# usage: tools/fpga-area.sh OUT DESIGN ice40|ecp5 YOSYS "SYNTH" TOP "YOSYS COMMANDS" SOURCES...
# (SYNTH names the top as @TOP@ where it needs it, else gets -top TOP;
# the commands run after reading the sources, e.g. chparam on the top.
# The YoWASP Yosys sees the working tree only: relative paths.)
set -u
[ $# -ge 8 ] || { echo "fpga-area.sh: usage: OUT DESIGN ice40|ecp5 YOSYS SYNTH TOP COMMANDS SOURCES..." >&2; exit 2; }
out=$1 design=$2 family=$3 ys=$4 synth=$5 top=$6 pre=$7
shift 7
case $family in ice40|ecp5) ;; *) echo "fpga-area.sh: family '$family' is neither ice40 nor ecp5" >&2; exit 2 ;; esac
case $out in /*) echo "fpga-area.sh: OUT must be a path inside the tree (got $out)" >&2; exit 2 ;; esac
case $design in ''|*[!a-z0-9_]*) echo "fpga-area.sh: design name '$design' is not [a-z0-9_]+" >&2; exit 2 ;; esac
for f in "$@"; do [ -f "$f" ] || { echo "fpga-area.sh: no source $f" >&2; exit 2; }; done
limit=${FPGA_AREA_TIMEOUT:-3600}
case $limit in ''|*[!0-9]*) echo "fpga-area.sh: FPGA_AREA_TIMEOUT='$limit' is not a number of seconds" >&2; exit 2 ;; esac
case $synth in *@TOP@*) synth=${synth//@TOP@/$top} ;; *) synth="$synth -top $top" ;; esac
mkdir -p "$(dirname "$out")"
rm -f "$out.txt" "$out.stat" "$out.err"
# -defer: only the parameter set asked for is elaborated (the defaults of
# every module alone took Yosys minutes: mk/nicrtl.mk, test-synth-nic)
echo "read_verilog -sv -defer -Irtl/include -Ifpga/top $*; ${pre}${pre:+; }$synth; tee -q -o $out.stat.tmp stat" > "$out.ys"
echo "fpga-area: $design for $family (at most $limit s)"
t0=$(date +%s)
# (CPU: user and system seconds of Yosys, which on a shared machine says
# more than the wall time)
/usr/bin/time -o "$out.cpu" -f "%U %S" timeout "$limit" "$ys" -q -l "$out.log" -p "$(cat "$out.ys")" > "$out.err" 2>&1
rc=$?
secs=$(( $(date +%s) - t0 ))
cpu=$(awk '/^[0-9.]+ [0-9.]+$/ {printf "%d", $1 + $2 + 0.5}' "$out.cpu")
cpu=${cpu:--}
# the last pass Yosys began, for a run that did not end
lastpass() { grep -E '^[0-9]+(\.[0-9]+)*\. [A-Z]' "$out.log" 2>/dev/null | tail -1 | sed 's/ *$//'; }
# notmapped WHY: the line of dashes, with the reason as a comment
notmapped() {
  { echo "# $design $family: not mapped: $1"
    echo "$design $family - - - - - - - $secs $cpu"; } > "$out.txt.tmp"
  mv "$out.txt.tmp" "$out.txt"
  echo "fpga-area: $design $family: not mapped: $1"
  exit 0
}
[ $rc -ne 124 ] || notmapped "stopped after $secs s (FPGA_AREA_TIMEOUT=$limit), in pass $(lastpass)"
if [ $rc -ne 0 ] || [ ! -s "$out.stat.tmp" ]; then
  if grep -q "ERROR" "$out.log" "$out.err"; then
    echo "fpga-area.sh: yosys failed on $design for $family (exit $rc), see $out.log:" >&2
    grep -h -m 3 "ERROR" "$out.log" "$out.err" >&2
    exit 1
  fi
  notmapped "Yosys ended (exit $rc) after $secs s without an error of the design, in pass $(lastpass); it said: $(grep -v '^ *$' "$out.err" | tail -1 | cut -c1-160)"
fi
mv "$out.stat.tmp" "$out.stat"
# (the column order of stat's cell lines differs between Yosys versions:
# tools/fpga-stat.sh; a flattened design has one module, so each cell
# line is counted once)
line=$(awk -v d="$design" -v f="$family" -v s="$secs" -v cpu="$cpu" '
  { for (i = 1; i <= 2; i++) { c = $i; n = $(3 - i); if (n !~ /^[0-9]+$/) continue
      # ($scopeinfo: where a flattened module was, not logic)
      if (c ~ /^\$/ && c != "$scopeinfo") bad = bad " " c
      if (f == "ice40") {
        if (c == "SB_LUT4") l += n; if (c ~ /^SB_DFF/) ff += n; if (c ~ /^SB_RAM40_4K/) r += n
        if (c == "SB_MAC16") m += n; if (c == "SB_CARRY") k += n
      } else {
        if (c == "LUT4") l += n; if (c == "TRELLIS_FF") ff += n; if (c == "DP16KD") r += n
        if (c == "MULT18X18D") m += n; if (c == "CCU2C") k += n; if (c == "TRELLIS_DPR16X4") dp += n
      } } }
  /Number of cells|^ *[0-9]+ +cells$/ { cells = 1 }
  END {
    if (!cells) { print "ERROR no cell count"; exit }
    if (bad != "") { print "ERROR unmapped cells:" bad; exit }
    # LUT sites a placement needs at least (mk/fpga.mk, fpga-system-synth):
    # a CCU2C takes two, a TRELLIS_DPR16X4 four and two for its write port
    sites = f == "ecp5" ? l + 2 * k + 6 * dp : "-"
    printf "%s %s %d %d %d %d %d %d %s %d %s\n", d, f, l, ff, r, m, k, dp, sites, s, cpu }' "$out.stat")
case $line in ERROR*) echo "fpga-area.sh: $design $family: ${line#ERROR } (see $out.stat)" >&2; exit 1 ;; esac
echo "$line" > "$out.txt"
echo "fpga-area: $line"
