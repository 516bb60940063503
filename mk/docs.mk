# SPDX-License-Identifier: Apache-2.0
# Pictures of the docs drawn from Graphviz sources (docs/img/*.dot).
#   make results-docs-img  the pictures of the docs from their Graphviz sources (docs/img/*.dot)
DOCS_DOT := $(wildcard docs/img/*.dot)
RESULTS_TARGETS += results-docs-img
.PHONY: results-docs-img
results-docs-img:
	@for f in $(DOCS_DOT); do dot -Tpng "$$f" -o "$${f%.dot}.png" || exit 1; echo "results-docs-img: $${f%.dot}.png"; done
