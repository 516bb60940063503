#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ABC for SymbiYosys's abc engines (tools/formal.sh sets ABC to this).
# The PyPI Yosys's sby asks for `pdr -v -l`; Debian's yosys-abc (the
# yosys package) predates -l, which only adds a per-frame log line, so
# the option is dropped and the same PDR runs.  Called as sby calls ABC:
# yosys-abc -c 'COMMANDS'.
if [ "$1" != "-c" ] || [ $# -ne 2 ]; then
  echo "formal-abc.sh: expected -c 'COMMANDS' (got: $*)" >&2
  exit 2
fi
cmds=$(printf '%s' "$2" | sed 's/pdr -v -l/pdr -v/')
exec yosys-abc -c "$cmds"
