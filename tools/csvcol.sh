# SPDX-License-Identifier: Apache-2.0
# Sourced by the test and bench scripts: col CSV NAME prints the field
# NAME of the row of a `wormcast ... --csv` output (header line, one row).
# A quoted field (a topology name such as "irregular:8,8,2,1") holds
# commas, so quoted fields are blanked before splitting.
col() { sed 's/"[^"]*"/quoted/g' <<<"$1" | awk -F, -v k="$2" 'NR==1 { for (i = 1; i <= NF; i++) if ($i == k) c = i } NR==2 { print $c }'; }
# The start of an awk program over a CSV with a header (awk -F,): quoted
# fields blanked as above, then c[NAME] is the column of NAME, from the
# header line on; the program's own rules see the data lines.
CSV_BY_NAME='{ gsub(/"[^"]*"/, "Q") } NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }'
