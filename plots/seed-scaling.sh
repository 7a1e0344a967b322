#!/bin/sh
# plots/seed-scaling.sh, made by `make plots`: scaling efficiency, the
# throughput of n workers over n times one worker's, against n, for the
# seed's model (1 GB gradient, 1 s compute, 10 Gbps NICs): all-to-all
# falls off at once, a PS over 8 machines once n outgrows its servers,
# ring all-reduce stays near its 1 / (1 + 1.6 s / 1 s) floor.
# Writes plots/seed-scaling.{png,svg}.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
out=${TMPDIR:-/tmp}/psim-plots-scaling.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
n="placement.workers=1..64:x2"
plot="x=placement.workers,y=throughput_samples_per_s"

"$psim" sweep -o "$out/allreduce" --vary "$n" \
    --vary strategy.algorithm=all-to-all,ring --set run.steps=3 \
    --plot "$plot,series=strategy.algorithm" "$s/seed-250m-10w-10g-ring.json"
"$psim" sweep -o "$out/ps8" --vary "$n" --set run.steps=3 --plot "$plot" \
    "$s/seed-250m-10w-10g-ps8.json"
# one worker alone: 32 samples per 1 s step
one=32

gnuplot <<GP
set key top right box opaque
set grid
set logscale x 2
set xlabel "workers"
set ylabel "scaling efficiency: throughput / (n x one worker's)"
set title "1 GB gradient, 1 s compute, 10 Gbps NICs"
set yrange [0:1.05]
do for [t in "png svg"] {
	set terminal t noenhanced size 800,500
	set output "$here/seed-scaling.".t
	plot "$out/allreduce/plot.dat" index 1 using 1:(\$2 / (\$1 * $one)) with linespoints title "ring all-reduce", \
	     "$out/ps8/plot.dat" index 0 using 1:(\$2 / (\$1 * $one)) with linespoints title "PS over 8 machines", \
	     "$out/allreduce/plot.dat" index 0 using 1:(\$2 / (\$1 * $one)) with linespoints title "all-to-all exchange"
}
GP
echo "plots: wrote $here/seed-scaling.png and .svg"
