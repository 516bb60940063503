# SPDX-License-Identifier: Apache-2.0
# Pictures of the docs drawn from Graphviz sources (docs/img/*.dot).
#   make results-docs-img  the pictures of the docs from their Graphviz sources (docs/img/*.dot)
#   make test-docs         every link of the docs resolves; no paper cited by a file outside the tree; port tables current; the results tools on inputs of their own
#   make ports-doc         the port and parameter tables of the reference pages, from the RTL's module headers
#   make check-results     the templated results pages (docs/results/*.md.in) match the committed CSVs
#   make test-results-current  the NIC results' cheap rows are what today's C model gives
#   make results-pages     every templated results page from the committed CSVs (make results ends with it)
DOCS_DOT := $(wildcard docs/img/*.dot)
RESULTS_TARGETS += results-docs-img
.PHONY: results-docs-img
results-docs-img:
	@for f in $(DOCS_DOT); do dot -Tpng "$$f" -o "$${f%.dot}.png" || exit 1; echo "results-docs-img: $${f%.dot}.png"; done

# The documentation points only at what exists: links, anchors of
# references.md, no citation of a file outside the tree, the index
TEST_TARGETS += test-docs
.PHONY: test-docs
test-docs:
	@tests/docs/check_docs.sh
	@tests/docs/results_tools.sh
	@tools/ports-doc.sh --check $(PORTS_DOCS) && echo "ok   the port and parameter tables of $(PORTS_DOCS) match the RTL"

# The pages that carry a top's port and parameter table (tools/ports-doc.sh)
PORTS_DOCS := docs/router.md docs/nic.md docs/core.md docs/system.md docs/fpga.md
.PHONY: ports-doc
ports-doc:
	@tools/ports-doc.sh $(PORTS_DOCS)

# A templated results page from its CSVs: $(call results_page,NAME) ends
# the recipe of the one results target that writes every CSV NAME.md.in
# quotes.  Pages that quote several targets' CSVs (system.md, hypercube.md,
# fpga.md, the index) are written by results-pages, which make results runs after
# every results target: a page written while another target of a
# parallel make is still writing a CSV it quotes would read half a file.
results_page = @tools/results-page.sh docs/results/$(1).md.in docs/results/$(1).md
RESULTS_PAGES = @for t in docs/results/*.md.in; do tools/results-page.sh "$$t" "$${t%.in}" || exit 1; done
.PHONY: results-pages
results-pages:
	$(RESULTS_PAGES)

# The committed NIC results against today's C model, on their cheap rows
# (seconds): a change of the NIC's timing must regenerate them
TEST_TARGETS += test-results-current
.PHONY: test-results-current
test-results-current: $(BUILD)/bin/wormcast
	@tests/docs/results_current.sh $(BUILD)/bin/wormcast

# The templated results pages (docs/results/*.md.in) against the committed
# CSVs, without re-running a simulation; test-docs checks the same
.PHONY: check-results
check-results:
	@for t in docs/results/*.md.in; do \
	  tools/results-page.sh "$$t" - | cmp -s - "$${t%.in}" || { echo "check-results: $${t%.in} is not what $$t and its CSVs give (tools/results-page.sh)" >&2; exit 1; }; \
	done; echo "ok   the templated results pages match their CSVs"
