// SPDX-License-Identifier: Apache-2.0
// The node factories of a program built without an RTL node (mk/sc.mk):
// it runs C-model nodes only and says so when asked for an RTL one.
#include "wc_sc_node.h"

namespace wc {

node *make_rtl_node(sc_core::sc_module_name, const std::string &) { return nullptr; }

std::string rtl_node_list() { return "none (this program links wc_sc_node_none.o; see make test-sc-node)"; }

} // namespace wc
