#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerate the waveform pictures of the docs from their layouts
# (docs/img/NAME.gtkw, @FST@ the dump, @FLIT@ the flit decoder), rendered
# by GTKWave on a virtual display:
#   lockstep_wave.png       a 2x2 mesh in lockstep, one packet from
#                           terminal 0 through router 0 to terminal 1
#   irc_forward_absorb.png  a broadcast worm on a 4x1 mesh in lockstep:
#                           router 1 absorbs for node 1 and forwards
# Needs (Debian): gtkwave xvfb imagemagick.  usage: tools/wave-picture.sh [NAME...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
wc=$root/build/bin/wormcast flit=$root/build/bin/wormcast-flit
for t in xvfb-run gtkwave import convert; do
  command -v $t > /dev/null || { echo "wave-picture.sh: $t not found (Debian: apt-get install xvfb gtkwave imagemagick)" >&2; exit 2; }
done
[ -x "$wc" ] && [ -x "$flit" ] || { echo "wave-picture.sh: build $wc and $flit first (make)" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- lockstep_wave irc_forward_absorb
for name in "$@"; do
  case $name in
    lockstep_wave) "$wc" sim --topo mesh:2x2 --engine lockstep --rate 0.3 --warmup 0 --cycles 60 --seed 2 \
                     --quiet --wave "$tmp/w" --wave-routers 0,1 > /dev/null; crop=1500x640+0+0 ;;
    irc_forward_absorb) "$wc" sim --topo mesh:4x1 --mcast-once all --mcast-scheme worm --sets 1 --seed 5 \
                     --engine lockstep --quiet --wave "$tmp/w" > /dev/null; crop=1500x700+0+0 ;;
    *) echo "wave-picture.sh: no picture $name" >&2; exit 2 ;;
  esac
  sed "s|@FST@|$tmp/w.fst|; s|@FLIT@|$flit --width=32 --valid --user=src|" "$root/docs/img/$name.gtkw" > "$tmp/pic.gtkw"
  cat > "$tmp/grab.sh" <<EOS
#!/bin/bash
gtkwave -a $tmp/pic.gtkw --rcvar 'splash_disable on' >/dev/null 2>&1 &
sleep 6
import -window root $tmp/shot.png
kill %1
EOS
  chmod +x "$tmp/grab.sh"
  xvfb-run -a -s "-screen 0 1600x1000x24" "$tmp/grab.sh"
  convert "$tmp/shot.png" -crop $crop "$root/docs/img/$name.png"
  echo "wrote docs/img/$name.png"
done
