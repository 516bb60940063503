#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# wormcast sweep (sw/cli/cmd_sweep.c, docs/sweep.md): a spec expanded to
# its cross product in order, run through GNU parallel, the runs' CSV
# merged in job order with each run's own result; a failed job reported,
# and --resume rerunning only it; an --sshloginfile (':' is this machine)
# giving the same merged CSV; bad specs refused with a message naming the
# line, exit 2.
# Usage: sweep.sh WORMCAST
set -u
wc=$(readlink -f "$1")
here=$(dirname "$(readlink -f "$0")")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }

# a FIFO as the spec or the machine list must be refused after a bounded
# wait (10 s), not waited on for ever: started now, checked at the end
mkfifo fifo.sweep machines.fifo
printf 'figure f\nrun sim --topo mesh:2x2 --rate {a} --csv\naxis a 0.1\n' > fifo-ok.sweep
"$wc" sweep --spec fifo.sweep --dry-run > out11 2> err11 & p1=$!
"$wc" sweep --spec fifo-ok.sweep --out fifo-out --sshloginfile machines.fifo > out12 2> err12 & p2=$!

# a copy of a small network, so that a job can be made to fail and mended
net=$here/../topo/small.net
cp "$net" a.net
cat > s.sweep <<'EOF'
# two axes, the last varying fastest
figure tiny
run sim --topo {topo} --rate {rate} --packet 4 --cycles 3000 --warmup 500 --csv --quiet
axis topo mesh:4x4 file:a.net file:b.net
axis rate 0.05 0.1
EOF

# the job list, in order
"$wc" sweep --spec s.sweep --dry-run > dry.txt 2>&1
want="1: wormcast sim --topo mesh:4x4 --rate 0.05 --packet 4 --cycles 3000 --warmup 500 --csv --quiet
2: wormcast sim --topo mesh:4x4 --rate 0.1 --packet 4 --cycles 3000 --warmup 500 --csv --quiet
3: wormcast sim --topo file:a.net --rate 0.05 --packet 4 --cycles 3000 --warmup 500 --csv --quiet
4: wormcast sim --topo file:a.net --rate 0.1 --packet 4 --cycles 3000 --warmup 500 --csv --quiet
5: wormcast sim --topo file:b.net --rate 0.05 --packet 4 --cycles 3000 --warmup 500 --csv --quiet
6: wormcast sim --topo file:b.net --rate 0.1 --packet 4 --cycles 3000 --warmup 500 --csv --quiet"
if [ "$(cat dry.txt)" = "$want" ]; then ok "--dry-run: 6 jobs in order"; else bad "--dry-run: $(cat dry.txt)"; fi

# b.net is missing: jobs 5 and 6 fail, the sweep says so and merges nothing
"$wc" sweep --spec s.sweep --jobs 2 > out1 2> err1; rc=$?
if [ $rc -eq 1 ] && grep -q "4 of 6 jobs done, some failed" err1 && grep -q -- "--resume" err1 &&
   [ ! -e sweep/tiny/tiny.csv ] && grep -q "b.net" sweep/tiny/res/5.err; then
  ok "failed jobs: exit 1, 4 of 6 done, the failed run's error kept, no merged CSV"
else bad "failed jobs: exit $rc, $(cat err1), csv $(ls sweep/tiny)"; fi

# mended: --resume runs the two failed jobs only
cp a.net b.net
"$wc" sweep --spec s.sweep --jobs 2 --resume > out2 2> err2; rc=$?
csv=sweep/tiny/tiny.csv
if [ $rc -eq 0 ] && grep -q "2 runs now, 4 jobs were done before" err2 && [ "$(wc -l < "$csv")" -eq 7 ] &&
   [ "$(wc -l < sweep/tiny/joblog)" -eq 9 ]; then ok "--resume: only the 2 failed jobs ran, 6 rows merged"
else bad "--resume: exit $rc, $(cat err2), $(wc -l < "$csv" 2>/dev/null) lines"; fi

# each merged row is its job's own run: same as running the job alone
rows_ok=1
for j in 1 2 3 4 5 6; do
  cmd=$(sed -n "${j}p" dry.txt | sed 's/^[0-9]*: wormcast //')
  # shellcheck disable=SC2086
  alone=$("$wc" $cmd | tail -1 | cut -d, -f1-23)   # up to the mismatches: no speed column
  merged=$(awk -F, -v j=$j 'NR > 1 && $1 == j' "$csv" | cut -d, -f4-26)
  [ -n "$alone" ] && [ "$alone" = "$merged" ] || { rows_ok=0; bad "job $j: merged '$merged' vs alone '$alone'"; }
done
[ $rows_ok = 1 ] && ok "each merged row equals its job run alone"
# the header: job, the axes (both are names of sim's columns too: axis_),
# then the runs' columns
if head -1 "$csv" | grep -q '^job,axis_topo,axis_rate,topo,traffic,engine,rate,' &&
   [ "$(sed -n 4p "$csv" | cut -d, -f1-3)" = "3,file:a.net,0.05" ]; then ok "header: job, axes, then the runs' columns"
else bad "header: $(head -1 "$csv")"; fi

# nothing left: --resume runs nothing and merges the same
cp "$csv" before.csv
"$wc" sweep --spec s.sweep --jobs 2 --resume > /dev/null 2> err3; rc=$?
if [ $rc -eq 0 ] && grep -q "0 runs now, 6 jobs were done before" err3 && cmp -s before.csv "$csv"; then
  ok "--resume of a finished sweep: no runs, same CSV"
else bad "--resume finished: exit $rc, $(cat err3)"; fi

# a changed spec refuses --resume
sed 's/0.05 0.1/0.05 0.2/' s.sweep > s2.sweep
"$wc" sweep --spec s2.sweep --out sweep/tiny --resume > /dev/null 2> err4; rc=$?
if [ $rc -eq 2 ] && grep -q "not this spec's job list" err4; then ok "--resume with a changed spec: refused"
else bad "--resume changed: exit $rc, $(cat err4)"; fi

# machines from an --sshloginfile (':' is this machine, two slots): same rows
printf '2/:\n' > machines
"$wc" sweep --spec s.sweep --out ssh --sshloginfile machines > /dev/null 2> err5; rc=$?
if [ $rc -eq 0 ] && [ "$(cut -d, -f1-26 ssh/tiny.csv)" = "$(cut -d, -f1-26 "$csv")" ]; then
  ok "--sshloginfile: same merged rows"
else bad "--sshloginfile: exit $rc, $(cat err5)"; fi

# --out on a directory that is not a sweep's: refused, nothing in it touched
mkdir -p mine/res && echo keep > mine/res/data && echo keep > mine/joblog
"$wc" sweep --spec s.sweep --out mine --jobs 2 > /dev/null 2> err7; rc=$?
if [ $rc -eq 2 ] && grep -q "^wormcast sweep: --out mine holds files but no sweep's job list" err7 &&
   [ "$(cat mine/res/data mine/joblog)" = "keep
keep" ] && [ ! -e mine/jobs.tsv ]; then ok "--out on a directory of other files: refused, its files kept"
else bad "--out user directory: exit $rc, $(cat err7), $(ls -R mine)"; fi
# an earlier sweep's directory is replaced, and says so; an empty one is used
"$wc" sweep --spec s.sweep --out ssh --sshloginfile machines > /dev/null 2> err8; rc=$?
if [ $rc -eq 0 ] && grep -q "ssh holds an earlier sweep: its job list, job log, res/ and merged CSV are replaced" err8 &&
   [ "$(wc -l < ssh/joblog)" -eq 7 ]; then ok "--out of an earlier sweep: replaced, with a note"
else bad "--out earlier sweep: exit $rc, $(cat err8)"; fi
mkdir empty
"$wc" sweep --spec s.sweep --out empty --jobs 2 > /dev/null 2> err9 && [ -s empty/tiny.csv ] &&
  ok "--out of an empty directory: used" || bad "--out empty directory: $(cat err9)"
echo x > afile
"$wc" sweep --spec s.sweep --out afile > /dev/null 2> err10; rc=$?
[ $rc -eq 2 ] && grep -q "afile exists and is not a directory" err10 && [ "$(cat afile)" = x ] &&
  ok "--out naming a file: refused" || bad "--out file: exit $rc, $(cat err10)"

# an axis the runs' header lacks keeps its name
cat > seed.sweep <<'EOF'
figure seeds
run sim --topo mesh:4x4 --rate 0.1 --seed {seed} --cycles 2000 --warmup 500 --csv --quiet
axis seed 1 2 3
EOF
"$wc" sweep --spec seed.sweep --jobs 2 > /dev/null 2>&1; rc=$?
if [ $rc -eq 0 ] && head -1 sweep/seeds/seeds.csv | grep -q '^job,seed,topo,' &&
   [ "$(cut -d, -f2 sweep/seeds/seeds.csv | tr '\n' ' ')" = "seed 1 2 3 " ] &&
   [ "$(cut -d, -f11 sweep/seeds/seeds.csv | sort -u | wc -l)" -gt 2 ]; then
  ok "an axis that is no column of the runs keeps its name (and the seeds differ)"
else bad "seed axis: exit $rc, $(head -2 sweep/seeds/seeds.csv 2>/dev/null)"; fi

# a run that prints no CSV
cat > nocsv.sweep <<'EOF'
figure nocsv
run sim --topo mesh:4x4 --rate {rate} --cycles 1000 --quiet
axis rate 0.1
EOF
"$wc" sweep --spec nocsv.sweep > /dev/null 2> err6; rc=$?
if [ $rc -eq 1 ] && grep -q "is no CSV (does the run line ask for --csv?)" err6; then ok "run without --csv: refused at the merge"
else bad "no csv: exit $rc, $(cat err6)"; fi

# bad specs: exit 2, the line named
bad_spec() {
  local want=$1; shift
  printf '%s\n' "$@" > bad.sweep
  "$wc" sweep --spec bad.sweep > out 2> err; local rc=$?
  if [ $rc -eq 2 ] && [ ! -s out ] && grep -q "^wormcast sweep: " err && grep -qF -- "$want" err; then ok "bad spec -> $want"
  else bad "bad spec ($*): exit $rc, $(cat err) (want: $want)"; fi
}
bad_spec "bad.sweep:2: unknown directive 'axes'" "figure f" "axes rate 1" "run sim --rate {rate} --csv"
bad_spec "run: '{seed}' in '{seed}' is not an axis" "figure f" "run sim --seed {seed} --csv" "axis rate 1"
bad_spec "axis rate is not used by the run line" "figure f" "run sim --topo mesh:2x2 --csv" "axis rate 1"
bad_spec "run: 'a;b' has shell syntax" "figure f" "run sim --topo a;b {rate}" "axis rate 1"
bad_spec "bad.sweep:2: axis rate: value 'a\$b'" "figure f" "axis rate a\$b" "run sim --rate {rate}"
bad_spec "bad.sweep:2: the run line names no command" "figure f" "run   # {a}" "axis a 1 2"
bad_spec "bad.sweep:2: the run line names no command" "figure f" "run" "axis a 1 2"
bad_spec "run: 'ls' is not a wormcast command" "figure f" "run ls {rate}" "axis rate 1"
bad_spec "run: a sweep's jobs cannot be sweeps" "figure f" "run sweep --spec {s}" "axis s a.sweep"
bad_spec "needs a 'figure', a 'run' and at least one 'axis' line" "run sim --rate {rate}" "axis rate 1"
bad_spec "bad.sweep:3: 'axis NAME VALUES...'" "figure f" "axis rate 1" "axis rate 2" "run sim {rate}"
bad_spec "bad.sweep:2: axis rate has no values" "figure f" "axis rate" "run sim {rate}"
bad_spec "more than 100000 jobs" "figure f" "run sim {a} {b}" "axis a $(seq -s' ' 1 400)" "axis b $(seq -s' ' 1 400)"
"$wc" sweep --spec missing.sweep > out 2> err; rc=$?
if [ $rc -eq 2 ] && grep -q "missing.sweep: cannot open: No such file" err; then ok "missing spec: named"
else bad "missing spec: exit $rc, $(cat err)"; fi

# (the FIFOs started at the top: their wait is over by now or soon)
wait $p1; rc1=$?; wait $p2; rc2=$?
[ $rc1 -eq 2 ] && grep -q "fifo.sweep: no data for 10 s (not a regular file" err11 && [ $rc2 -eq 2 ] &&
  grep -q "^wormcast sweep: --sshloginfile machines.fifo: no data for 10 s" err12 &&
  ok "a FIFO as --spec or --sshloginfile: refused after 10 s" || bad "FIFO: exit $rc1 $(cat err11), exit $rc2 $(cat err12)"
# a missing machine list: bad input, before anything runs
"$wc" sweep --spec s.sweep --out nomachines --sshloginfile /nonexistent > /dev/null 2> err13; rc=$?
[ $rc -eq 2 ] && grep -q "^wormcast sweep: --sshloginfile /nonexistent: cannot open" err13 && [ ! -e nomachines ] &&
  ok "a missing --sshloginfile: exit 2, nothing run" || bad "missing --sshloginfile: exit $rc, $(cat err13)"
# more slots than jobs: as many as there are jobs (parallel probes every
# slot before it starts: 4096 took 30 s)
"$wc" sweep --spec seed.sweep --out slots --jobs 4096 > /dev/null 2> err14; rc=$?
[ $rc -eq 0 ] && grep -q "sweep seeds: 3 jobs, 3 at once per machine" err14 &&
  ok "--jobs 4096 for 3 jobs: 3 slots" || bad "--jobs 4096: exit $rc, $(cat err14)"

# tools/run-sweep.sh (make results' figures): a second run with the same
# binary resumes and runs nothing; another binary starts the sweep over,
# since its model may print other figures
printf 'figure rs\nrun sim --topo mesh:2x2 --rate {a} --cycles 2000 --warmup 200 --csv --quiet\naxis a 0.05 0.1\n' > rs.sweep
rsw=$here/../../tools/run-sweep.sh
"$rsw" "$wc" rsd rs.sweep > /dev/null 2> err15; rc1=$?
"$rsw" "$wc" rsd rs.sweep > /dev/null 2> err16; rc2=$?
[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && grep -q "resuming" err16 && [ "$(wc -l < rsd/rs/joblog)" -eq 3 ] &&
  ok "run-sweep.sh: the same binary resumes, no run again" || bad "run-sweep.sh resume: exit $rc1 $rc2, $(cat err16)"
cp "$wc" wc2 && printf '\0' >> wc2 && chmod +x wc2
"$rsw" "$tmp/wc2" rsd rs.sweep > /dev/null 2> err17; rc=$?
[ $rc -eq 0 ] && grep -q "holds an earlier sweep" err17 && ! grep -q "resuming" err17 &&
  ok "run-sweep.sh: another binary runs the sweep again" || bad "run-sweep.sh, another binary: exit $rc, $(cat err17)"

echo "sweep: $pass passed, $fail failed"
[ $fail -eq 0 ]
