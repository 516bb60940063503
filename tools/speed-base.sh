#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The wormcast of another revision, built in a git work tree under
# BUILD/speed-base/ beside this tree (kept for the next run): prints the
# path of its binary.  For comparing builds (tools/bench-speed.sh,
# tests/speed/same-output.sh).
# Usage: speed-base.sh REV
set -eu
[ $# -eq 1 ] || { echo "usage: speed-base.sh REV" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-build}
case $build in /*) ;; *) build=$here/$build ;; esac
sha=$(git -C "$here" rev-parse --verify --quiet "$1^{commit}") ||
  { echo "speed-base: '$1' is no revision of this repository" >&2; exit 2; }
short=$(git -C "$here" rev-parse --short "$sha")
wt=$build/speed-base/$short
if [ ! -e "$wt/.git" ]; then
  mkdir -p "$(dirname "$wt")"
  git -C "$here" worktree prune
  git -C "$here" worktree add --detach "$wt" "$sha" >/dev/null 2>&1 ||
    { echo "speed-base: cannot make a work tree of $1 in $wt" >&2; exit 1; }
fi
# the base's own build directory, whatever BUILD says here
BUILD=build nice make -C "$wt" -j2 build/bin/wormcast >/dev/null ||
  { echo "speed-base: $1 ($short) does not build in $wt" >&2; exit 1; }
echo "$wt/build/bin/wormcast"
