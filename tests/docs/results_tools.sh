#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The results pages' tools on small inputs of their own: results-page.sh's
# placeholders (a row, a ratio, a number over a row, a difference, a
# blank-separated .txt table, a cell as text) and its blocks (filled by
# tools/NAME-doc.sh, refused without one); fpga-board-row.sh replacing
# and adding a build's row; csv-merge.sh replacing and adding rows by
# key.  And the check can fail: a figure changed in a committed CSV makes
# its page differ from what the template gives.
# usage: tests/docs/results_tools.sh   (from anywhere)
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# placeholders
cat > "$t/a.csv" <<'CSV'
# a comment before the header
k,v,w
x,1500,3
y,20.5,4
CSV
cat > "$t/b.txt" <<'TXT'
# columns: NAME N
# another comment
p 7
q 12345
TXT
cat > "$t/p.md.in" <<'TPL'
row {{a.csv v k=x ,}}; ratio {{a.csv v/w k=x .1}}; over {{1000 ; a.csv v k=y .2}}; diff {{a.csv v k=x minus a.csv v k=y ,.1}}
txt {{b.txt N NAME=q ,}}; max {{max b.txt N - ,}}; text {{a.csv k v>=1000 s}}
TPL
want='row 1,500; ratio 500.0; over 48.78; diff 1,479.5
txt 12,345; max 12,345; text x'
got=$(tools/results-page.sh "$t/p.md.in" - 2>&1)
[ "$got" = "$want" ] && ok "results-page.sh: a row, a ratio, a number over a row, a difference, a .txt table, text" \
  || bad "results-page.sh gave: $got"

# blocks: the fpga-boards block from a one-row CSV, between its markers
{ grep '^#' docs/results/fpga_boards.csv; grep -v '^#' docs/results/fpga_boards.csv | head -n 1
  echo 'core,hx8k,MHZ=30+FPGA_ECP5_SYNTH=a;b,hx8k,3403,907,3792,7680,20,30.52,2,27,PASS,61,,,2026-11-27,'; } > "$t/fpga_boards.csv"
printf '%s\n' before '<!-- fpga-boards: begin (it, from fpga_boards.csv) -->' stale '<!-- fpga-boards: end -->' after > "$t/q.md.in"
got=$(tools/results-page.sh "$t/q.md.in" - 2>&1)
grep -qx '| `core` | HX8K breakout | `MHZ=30`, `FPGA_ECP5_SYNTH="a b"` | 3,403 | 907 | 20 | 3,792 / 7,680 | 30.52 MHz (seed 2) | 27 MHz | PASS | 61 s | 2026-11-27 |' <<<"$got" \
  && ! grep -q stale <<<"$got" && [ "$(head -n 1 <<<"$got")" = before ] && [ "$(tail -n 1 <<<"$got")" = after ] \
  && ok "results-page.sh fills a block from its script, the rest of the page kept" || bad "the block came out as: $got"
printf '%s\n' '<!-- no-such: begin (x, from a.csv) -->' '<!-- no-such: end -->' > "$t/r.md.in"
tools/results-page.sh "$t/r.md.in" - > /dev/null 2>&1 && bad "a block without a script was accepted" \
  || ok "results-page.sh refuses a block whose script does not exist"

# fpga-board-row.sh: the same key replaced, a new key added
cp "$t/fpga_boards.csv" "$t/rec.csv"
printf '%s\n' 'hx8k core: 3500 LUT4, 910 FF, 3800/7680 logic cells, 20/32 RAM, fmax 31.00 MHz at target 27 MHz: PASS (70 s)' \
  '  critical path: a -> b (10.5 ns logic, 20.0 ns routing)' > "$t/sum"
tools/fpga-board-row.sh "$t/rec.csv" fpga/boards/hx8k core 'MHZ=30+FPGA_ECP5_SYNTH=a;b' "$t/sum" > /dev/null
tools/fpga-board-row.sh "$t/rec.csv" fpga/boards/hx8k core - "$t/sum" > /dev/null
rows=$(grep -vc '^#' "$t/rec.csv")
r1=$(grep '^core,hx8k,MHZ=30' "$t/rec.csv" | cut -d, -f1-16)
[ "$rows" = 3 ] && [ "$r1" = 'core,hx8k,MHZ=30+FPGA_ECP5_SYNTH=a;b,hx8k,3500,910,3800,7680,20,31.00,,27,PASS,70,10.5,20.0' ] \
  && grep -q '^core,hx8k,-,hx8k,3500,' "$t/rec.csv" && ok "fpga-board-row.sh replaces its key's row and adds a new key's" \
  || bad "fpga-board-row.sh left: $(cat "$t/rec.csv" | grep -v '^#')"

# csv-merge.sh
printf '%s\n' '# keep me' 'k,v,w' 'x,1,2' 'y,3,4' > "$t/d.csv"
printf '%s\n' 'k,v,w' 'y,5,6' 'z,7,8' > "$t/n.csv"
tools/csv-merge.sh k "$t/d.csv" "$t/n.csv"
[ "$(cat "$t/d.csv")" = "$(printf '%s\n' '# keep me' 'k,v,w' 'x,1,2' 'y,5,6' 'z,7,8')" ] \
  && ok "csv-merge.sh replaces rows by key and adds new ones" || bad "csv-merge.sh gave: $(cat "$t/d.csv")"

# the check can fail: one figure of fpga_boards.csv changed
mkdir -p "$t/res"
cp docs/results/fpga.md.in docs/results/fpga.md docs/results/fpga_*.csv docs/results/fpga_area.txt docs/results/router_load.csv "$t/res/"
tools/results-page.sh "$t/res/fpga.md.in" - | cmp -s - "$t/res/fpga.md" || bad "fpga.md does not match its template before the mutation"
# (the HX8K router_xy row's LUT4, one more, whatever it is now)
awk -F, -v OFS=, '$1 == "router_xy" && $2 == "hx8k" && $3 == "-" {$5 = $5 + 1} 1' "$t/res/fpga_boards.csv" > "$t/res/b.csv"
cmp -s "$t/res/b.csv" "$t/res/fpga_boards.csv" && bad "fpga_boards.csv has no HX8K router_xy row to change"
mv "$t/res/b.csv" "$t/res/fpga_boards.csv"
tools/results-page.sh "$t/res/fpga.md.in" - | cmp -s - "$t/res/fpga.md" \
  && bad "a changed figure of fpga_boards.csv went unnoticed" || ok "a changed figure of fpga_boards.csv makes fpga.md differ"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
