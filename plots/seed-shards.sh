#!/bin/sh
# plots/seed-shards.sh, made by `make plots`: the seed's 10 workers on
# 10 Gbps NICs, step time against the number of PS shards (each on a
# machine of its own), with ring all-reduce for reference: how far
# sharding takes a parameter server, and what it costs in machines.
# Writes plots/seed-shards.{png,svg}.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
out=${TMPDIR:-/tmp}/psim-plots-shards.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

"$psim" sweep -o "$out/ps" --vary strategy.shards=1..16:1 --set run.steps=3 \
    --plot x=strategy.shards,y=step_time_mean_s "$s/seed-250m-10w-10g-ps8.json"
ring=$("$psim" run --format csv --set run.steps=3 \
    "$s/seed-250m-10w-10g-ring.json" | awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "step_time_mean_s") c = i }
    NR == 2 { print $c }')

gnuplot <<GP
set grid
set key top right box opaque
set xlabel "PS shards (dedicated machines)"
set ylabel "step time, simulated s (1 s of it compute)"
set title "10 workers, 1 GB gradient, 10 Gbps NICs: PS shards against ring"
set yrange [0:*]
do for [t in "png svg"] {
	set terminal t noenhanced size 800,500
	set output "$here/seed-shards.".t
	plot "$out/ps/plot.dat" index 0 using 1:2 with linespoints title "parameter server over k machines", \
	     $ring with lines dashtype 2 linewidth 2 title "ring all-reduce (no extra machines)"
}
GP
echo "plots: wrote $here/seed-shards.png and .svg"
