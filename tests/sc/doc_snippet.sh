# SPDX-License-Identifier: Apache-2.0
# Sourced by the SystemC tests: docs/systemc.md shows example programs,
# and a test checks that each is shown as the file has it.
#   doc_shows PAGE FENCE_LANG FIRST_LINE FILE
# succeeds when the page has a fenced block (```FENCE_LANG) starting with
# FIRST_LINE whose text is FILE's from its line FIRST_LINE to the end.
# The block is picked by its first line, so other blocks on the page
# (other examples, other languages) do not matter.
doc_shows() {
  local page=$1 lang=$2 first=$3 file=$4 fence='```'
  diff <(awk -v open="$fence$lang" -v shut="$fence" -v first="$first" '
           $0 == open { inb = 1; buf = ""; n = 0; next }
           inb && $0 == shut { inb = 0; if (top == first) printf "%s", buf; next }
           inb { if (n++ == 0) top = $0; buf = buf $0 "\n" }' "$page") \
       <(awk -v first="$first" '$0 == first { on = 1 } on' "$file") > /dev/null
}
