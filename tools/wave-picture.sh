#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerate docs/img/lockstep_wave.png: a 2x2 mesh in lockstep, one
# packet's path from terminal 0 through router 0 to terminal 1, RTL beside
# the C model, rendered by GTKWave on a virtual display.
# Needs (Debian): gtkwave xvfb imagemagick.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
"$root/build/bin/wormcast" sim --topo mesh:2x2 --engine lockstep --rate 0.3 --warmup 0 --cycles 60 --seed 2 \
  --quiet --wave "$tmp/m22" --wave-routers 0,1 >/dev/null
sed "s|@FST@|$tmp/m22.fst|" "$root/docs/img/lockstep_wave.gtkw" > "$tmp/pic.gtkw"
cat > "$tmp/grab.sh" <<EOS
#!/bin/bash
gtkwave -a $tmp/pic.gtkw --rcvar 'splash_disable on' >/dev/null 2>&1 &
sleep 6
import -window root $tmp/shot.png
kill %1
EOS
chmod +x "$tmp/grab.sh"
xvfb-run -s "-screen 0 1600x1000x24" "$tmp/grab.sh"
convert "$tmp/shot.png" -crop 1500x640+0+0 "$root/docs/img/lockstep_wave.png"
rm -rf "$tmp"
echo "wrote docs/img/lockstep_wave.png"
