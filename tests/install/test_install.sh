#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The RTL engine works wherever the tool and its build are
# (docs/rtl-engine.md):
#  (a) a wormcast built in another BUILD directory runs --engine rtl from
#      another working directory;
#  (b) an installed copy (make install) runs --engine lockstep from / with
#      its models in the per-user cache, refuses an unwritable cache with a
#      message naming it, and make uninstall removes what was installed;
#  (c) a wrong --root or WORMCAST_ROOT is refused with a message naming it;
#  (d) an engine that breaks the ABI (version, kind, size, no entry symbol)
#      is refused with a message naming the shared object, a failed build
#      names its logs, build output stays off the tool's stdout, and two
#      processes that need the same model build it once.
# (d) runs fake engines from a fake source root: no Verilator.  (a) and (b)
# verilate one small router each into TDIR, kept between runs.
# usage: tests/install/test_install.sh WORMCAST TDIR
set -u
wc=$1 T=$2
repo=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$T"
pass=0 fail=0
ok()  { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
# the environment of a user who set nothing
clean_env=(env -u WORMCAST_ROOT -u WORMCAST_BUILD -u MAKEFLAGS -u MFLAGS -u MAKELEVEL)
# expect NAME RC PATTERN CMD...: exit status RC and PATTERN (grep -E) in stdout+stderr
expect() {
  local name=$1 want=$2 pat=$3; shift 3
  local out rc; out=$("$@" 2>&1); rc=$?
  if [ "$rc" -eq "$want" ] && grep -qE -- "$pat" <<<"$out"; then ok "$name"
  else bad "$name (exit $rc, wanted $want and /$pat/):"; sed 's/^/    /' <<<"$out" | tail -15; fi
}
run_rtl=(sim --topo mesh:2x2 --warmup 100 --cycles 1000 --seed 5)

# ---- (a) a build elsewhere, run from elsewhere ----------------------------
bld=$T/bld
if "${clean_env[@]}" make -C "$repo" --no-print-directory BUILD="$bld" -j "${JOBS:-2}" all > "$T/bld.log" 2>&1; then
  ok "(a) make BUILD=$bld"
  expect "(a) its root and build directory" 0 "build $bld \(the build directory of the checkout" \
    "${clean_env[@]}" "$bld/bin/wormcast" --help
  expect "(a) sim --engine rtl from $tmp" 0 "delivered [1-9]" \
    bash -c 'cd "$1" && shift && "$@"' _ "$tmp" "${clean_env[@]}" "$bld/bin/wormcast" "${run_rtl[@]}" --engine rtl
  if ls "$bld"/rtl/router_*/libwcrouter.so > /dev/null 2>&1; then ok "(a) the model went to $bld/rtl"
  else bad "(a) no model under $bld/rtl"; fi
else
  bad "(a) make BUILD=$bld failed:"; tail -20 "$T/bld.log"
fi

# ---- (b) an installed copy -----------------------------------------------
prefix=$T/prefix share=$T/prefix/share/wormcast xdg=$T/xdg
if "${clean_env[@]}" make -C "$repo" --no-print-directory PREFIX="$prefix" install > "$T/install.log" 2>&1 &&
   [ -x "$prefix/bin/wormcast" ] && [ -x "$prefix/bin/wormcast-flit" ] && [ -x "$share/verif/net/build-engine.sh" ] && [ -f "$share/defs/wc_engine_abi.h" ] &&
   [ -f "$prefix/share/doc/wormcast/README.md" ] && [ -f "$prefix/share/doc/wormcast/LICENSE" ]; then
  ok "(b) make install PREFIX=$prefix: binaries (wormcast, wormcast-flit), RTL sources and build script, docs"
  inst=("${clean_env[@]}" XDG_CACHE_HOME="$xdg" "$prefix/bin/wormcast")
  expect "(b) the installed copy uses its share directory" 0 "root $share \(the installed copy" "${inst[@]}" --help
  expect "(b) ... and the per-user cache" 0 "build $xdg/wormcast \(the per-user cache" "${inst[@]}" --help
  expect "(b) sim --engine lockstep from /" 0 "0 mismatches" \
    bash -c 'cd / && "$@"' _ "${inst[@]}" "${run_rtl[@]}" --engine lockstep
  if ls "$xdg"/wormcast/rtl/router_*/libwcrouter.so > /dev/null 2>&1 && [ ! -e "$share/build" ]; then
    ok "(b) the model went to the cache, nothing into $share"
  else bad "(b) model not in $xdg/wormcast/rtl or something written into $share"; fi
  : > "$tmp/afile"
  expect "(b) a cache that cannot be created is refused, naming it" 2 \
    "RTL models go to $tmp/afile/wormcast \(the per-user cache.*set --build-dir DIR or WORMCAST_BUILD" \
    bash -c 'cd / && "$@"' _ "${clean_env[@]}" XDG_CACHE_HOME="$tmp/afile" "$prefix/bin/wormcast" "${run_rtl[@]}" --engine lockstep
  if [ "$(id -u)" != 0 ]; then # permissions do not stop root
    mkdir -p "$tmp/ro"; chmod 555 "$tmp/ro"
    expect "(b) a read-only cache is refused, naming it" 2 "RTL models go to $tmp/ro/wormcast.*Permission denied" \
      "${clean_env[@]}" XDG_CACHE_HOME="$tmp/ro" "$prefix/bin/wormcast" "${run_rtl[@]}" --engine lockstep
  fi
  expect "(b) --build-dir wins over the cache" 0 "build $tmp/mine \(--build-dir" "${inst[@]}" --build-dir "$tmp/mine" --help
  if "${clean_env[@]}" make -C "$repo" --no-print-directory PREFIX="$prefix" uninstall > "$T/uninstall.log" 2>&1 &&
     [ ! -e "$prefix/bin/wormcast" ] && [ ! -e "$share" ] && [ ! -e "$prefix/share/doc/wormcast" ]; then
    ok "(b) make uninstall removes what was installed"
  else bad "(b) make uninstall left files:"; find "$prefix" | head; fi
else
  bad "(b) make install PREFIX=$prefix failed or is incomplete:"; tail -20 "$T/install.log"
fi

# ---- (c) a wrong root ----------------------------------------------------
expect "(c) --root that does not exist" 2 "RTL source root $tmp/nowhere \(--root or WORMCAST_ROOT\): No such file" \
  "${clean_env[@]}" "$wc" --root "$tmp/nowhere" "${run_rtl[@]}" --engine rtl
expect "(c) --root without RTL sources" 2 "RTL source root $tmp \(--root or WORMCAST_ROOT\) holds no RTL sources" \
  "${clean_env[@]}" "$wc" --root "$tmp" "${run_rtl[@]}" --engine lockstep
expect "(c) WORMCAST_ROOT without RTL sources" 2 "RTL source root $tmp .*holds no RTL sources" \
  "${clean_env[@]}" WORMCAST_ROOT="$tmp" "$wc" "${run_rtl[@]}" --engine rtl
expect "(c) --root without a value" 2 "wormcast: --root needs a directory" "$wc" --root
expect "(c) --build-dir twice" 2 "wormcast: --build-dir given twice" "$wc" --build-dir a --build-dir=b sim
expect "(c) a C-model run needs no root" 0 "delivered [1-9]" \
  "${clean_env[@]}" "$wc" --root "$tmp/nowhere" "${run_rtl[@]}" --engine c

# ---- (d) engines that break the ABI -------------------------------------
# A source root whose build script compiles a fake engine: FAKE_ENGINE
# says how it breaks the ABI; every build appends a line to builds.log.
fake=$tmp/fake
mkdir -p "$fake/rtl/router" "$fake/verif/net"
cat > "$tmp/fake_engine.c" <<'EOF'
#include "wc_engine_abi.h"
#ifndef FAKE_KIND
#define FAKE_KIND WC_ENGINE_ROUTER_NET
#endif
#ifndef FAKE_SIZE
#define FAKE_SIZE sizeof(wc_engine_net_abi)
#endif
#ifndef FAKE_NOSYM
static const wc_engine_net_abi table = { { FAKE_VERSION, FAKE_KIND, FAKE_SIZE } };
const wc_engine_net_abi *wc_engine_router_net(void) { return &table; }
#else
int wc_engine_something_else;
#endif
EOF
cat > "$fake/verif/net/build-engine.sh" <<EOF
#!/usr/bin/env bash
set -eu
echo "\$1 \$2" >> "$tmp/builds.log"
echo "noise from the build"
case \${FAKE_ENGINE:-} in
  fail)    echo "fake build fails" >&2; exit 1 ;;
  slow)    sleep 2; d=(-DFAKE_VERSION=WC_ENGINE_ABI_VERSION+1) ;;
  version) d=(-DFAKE_VERSION=WC_ENGINE_ABI_VERSION+1) ;;
  kind)    d=(-DFAKE_VERSION=WC_ENGINE_ABI_VERSION -DFAKE_KIND=WC_ENGINE_NICS) ;;
  size)    d=(-DFAKE_VERSION=WC_ENGINE_ABI_VERSION -DFAKE_SIZE=8) ;;
  nosym)   d=(-DFAKE_NOSYM) ;;
esac
cc -shared -fPIC -I"$repo/defs" "\${d[@]}" \
  "$tmp/fake_engine.c" -o "\$2/libwcrouter.so"
EOF
chmod +x "$fake/verif/net/build-engine.sh"
fakerun() { # VARIANT [args]: the fake engine of VARIANT in its own build directory
  local v=$1; shift
  "${clean_env[@]}" FAKE_ENGINE="$v" "$wc" --root "$fake" --build-dir "$tmp/b-$v" "${run_rtl[@]}" --engine rtl "$@"
}
so_re="$tmp/b-[a-z]+/rtl/router_[A-Za-z0-9_]+/libwcrouter.so"
v=$(sed -n 's/^#define WC_ENGINE_ABI_VERSION \([0-9]*\)u$/\1/p' "$repo/defs/wc_engine_abi.h")
expect "(d) another ABI version is refused, naming the .so" 2 \
  "RTL model $so_re was built for engine ABI version $((v + 1)), this wormcast needs version $v" fakerun version
expect "(d) another kind is refused" 2 "RTL model $so_re is a NICs engine .* needs a router network engine" fakerun kind
expect "(d) another table size is refused" 2 "RTL model $so_re is a router network engine with a 8-byte table" fakerun size
expect "(d) no entry symbol is refused" 2 "RTL model $so_re is not a Wormcast router network engine \(it exports no wc_engine_router_net\)" fakerun nosym
expect "(d) a failed build names its logs" 2 "building the RTL model failed: .*build-engine.sh exited with status 1 \(see $tmp/b-fail/rtl/router_.*/\*.log\)" fakerun fail
out=$(fakerun version 2>/dev/null)
if grep -q "noise from the build" <<<"$out"; then bad "(d) build output reached stdout"; else ok "(d) build output stays off stdout"; fi
# two processes, one model: one builds, the other waits and loads it
: > "$tmp/builds.log"
fakerun slow > "$tmp/p1.out" 2>&1 & p1=$!
fakerun slow > "$tmp/p2.out" 2>&1 & p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
nb=$(wc -l < "$tmp/builds.log")
if [ "$nb" -eq 1 ] && [ $r1 -eq 2 ] && [ $r2 -eq 2 ] && grep -q "was built for engine ABI version" "$tmp/p1.out" &&
   grep -q "was built for engine ABI version" "$tmp/p2.out" && cat "$tmp/p1.out" "$tmp/p2.out" | grep -q "waiting for another wormcast"; then
  ok "(d) two processes build one model once (the second waited, then loaded it)"
else
  bad "(d) parallel builds: $nb builds, exits $r1 $r2:"; sed 's/^/    /' "$tmp/p1.out" "$tmp/p2.out"
fi
# sources newer than the model rebuild it; otherwise it is reused
: > "$tmp/builds.log"
fakerun version > /dev/null 2>&1
touch "$fake/verif/net/build-engine.sh"
fakerun version > /dev/null 2>&1
if [ "$(wc -l < "$tmp/builds.log")" -eq 1 ]; then ok "(d) staleness: a newer source rebuilds, an unchanged one does not"
else bad "(d) staleness: $(wc -l < "$tmp/builds.log") builds for one touch"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
