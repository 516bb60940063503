#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The documentation points only at what exists:
#  1. every relative link of README.md and docs/**/*.md names a file or
#     directory of the tree, and a link into references.md names one of
#     its anchors;
#  2. no file of the tree cites a paper by the file name of a copy kept
#     outside it (the papers are cited by authors, title, venue and year:
#     docs/references.md);
#  3. every page of docs/ is reachable from the index, docs/README.md;
#  4. every results page with a template (docs/results/NAME.md.in) is
#     what tools/results-page.sh writes from it and the committed CSVs,
#     byte for byte (the page quotes only what its data hold);
#  5. one figure, one number: a page of docs/results that quotes a factor
#     on a line naming Yu et al.'s Fig. 5 quotes one of the canonical
#     factors of yu_fig5.csv (the other experiments name themselves
#     otherwise, system.md).
# usage: tests/docs/check_docs.sh   (from anywhere)
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }

mds=$(git ls-files 'README.md' 'docs/*.md' 'docs/**/*.md' 2>/dev/null | sort -u)
[ -n "$mds" ] || mds=$(find README.md docs -name '*.md' | sort)
anchors=$(grep -o '<a id="[^"]*">' docs/references.md | sed 's/<a id="\(.*\)">/\1/')

# 1. links
n=0 broken=""
for md in $mds; do
  dir=$(dirname "$md")
  # [text](target) with a relative target (no scheme, no pure #anchor)
  while IFS= read -r t; do
    n=$((n+1))
    path=${t%%#*} frag=${t#"$path"}; frag=${frag#\#}
    [ -e "$dir/$path" ] || { broken+=" $md->$t"; continue; }
    if [ "$(basename "$path")" = references.md ] && [ -n "$frag" ] && ! grep -qx -- "$frag" <<<"$anchors"; then
      broken+=" $md->$t"
    fi
  done < <(grep -o '\]([^)]*)' "$md" | sed 's/^](//; s/)$//' | grep -Ev '^(https?:|mailto:|#)' | sed 's/ .*//')
done
[ -z "$broken" ] && ok "all $n relative links of $(wc -w <<<"$mds") pages resolve" || bad "broken links:$broken"

# 2. no citation of a file outside the tree: no file may cite a paper by
# its file name
left=$(git grep -lE 'kesavan-panda-optimal|lecture-multicast-irc|liu-et-al-agent|robinson-et-al-allport|yu-buntinas-panda-nic|shared/papers' \
         -- . ':!tests/docs/check_docs.sh' 2>/dev/null | tr '\n' ' ')
[ -z "$left" ] && ok "no file cites a paper by a file name outside the tree" \
  || bad "citations of files outside the tree in: $left"

# 3. the index reaches every page
missing=""
for f in docs/*.md docs/results/README.md; do
  b=${f#docs/}
  [ "$b" = README.md ] && continue
  grep -q "](\(\./\)\?$b)" docs/README.md || missing+=" $b"
done
[ -z "$missing" ] && ok "docs/README.md links every page of docs/" || bad "docs/README.md does not link:$missing"

# 4. the templated results pages are current
stale="" nt=0
for t in docs/results/*.md.in; do
  [ -e "$t" ] || continue
  nt=$((nt+1))
  page=${t%.in}
  if ! got=$(tools/results-page.sh "$t" - 2>&1); then stale+=" $page($got)"; continue; fi
  [ "$got" = "$(cat "$page" 2>/dev/null)" ] || stale+=" $page"
done
[ -z "$stale" ] && ok "all $nt templated results pages match their CSVs" \
  || bad "results pages differ from their templates and CSVs (tools/results-page.sh):$stale"

# 5. Yu Fig. 5's factor is quoted alike everywhere: the canonical factors
# (hosts of zero cost, host binomial / NIC best postal) rounded as pages
# print them
canon=$(awk -F, 'NR > 1 && $1 == 0 { printf "%.2f\n", $10 }' docs/results/yu_fig5.csv | sort -u)
odd=""
for md in docs/results/*.md; do
  while IFS= read -r f; do
    grep -qx -- "$f" <<<"$canon" || odd+=" $md:${f}x"
  done < <(grep -E 'Fig(s)?\. 5([^0-9]|$)' "$md" | grep -oE '[0-9]+\.[0-9]+x' | sed 's/x$//')
done
[ -z "$odd" ] && ok "every factor quoted beside Yu et al.'s Fig. 5 is one of yu_fig5.csv's canonical factors" \
  || bad "factors beside Yu et al.'s Fig. 5 that yu_fig5.csv's canonical runs do not give:$odd"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
