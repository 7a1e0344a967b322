#!/bin/sh
# plots/seed-bandwidth.sh: the seed story's central figure, made by
# `make plots`: the NIC bandwidth at which a worker's bytes of a step
# take the 1 s of compute, against the number of workers, for all-to-all (the answer's
# 72 Gbps at 10 workers, growing with n), a PS on worker 0 (the same
# growth, on one machine), a PS over 8 dedicated machines (flat for its
# workers, growing as n for each of its 8 servers: the price of the
# flat line) and ring all-reduce (flat).  Writes plots/seed-bandwidth.{png,svg}.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
out=${TMPDIR:-/tmp}/psim-plots.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
n="placement.workers=2..64:x2"
plot="x=placement.workers,y=worker_required_gbps"

"$psim" sweep -o "$out/allreduce" --vary "$n" \
    --vary strategy.algorithm=all-to-all,ring --set run.steps=2 \
    --plot "$plot,series=strategy.algorithm" "$s/seed-250m-10w-10g-ring.json"
"$psim" sweep -o "$out/ps8" --vary "$n" --set run.steps=2 \
    --plot "$plot+server_required_gbps" "$s/seed-250m-10w-10g-ps8.json"
"$psim" sweep -o "$out/worker0" --vary "$n" --set run.steps=2 --plot "$plot" \
    "$s/seed-250m-10w-10g-ps-worker0.json"

gnuplot <<GP
set key top left box opaque Left reverse
set yrange [1:6000]
set grid
set logscale x 2
set logscale y
set xlabel "workers"
set ylabel "Gbps a NIC needs (1 GB gradient, 1 s compute)"
set title "Why a sharded parameter server (or ring all-reduce) scales"
set arrow from 10, graph 0 to 10, graph 1 nohead dashtype 2
set label "the seed: 10 workers, 72 Gbps" at 10.5, graph 0.05
do for [t in "png svg"] {
	set terminal t noenhanced size 800,520
	set output "$here/seed-bandwidth.".t
	plot "$out/worker0/plot.dat" index 0 using 1:2 with lines linewidth 6 linecolor rgb "#bbbbbb" title "PS on worker 0 (worker 0's NIC)", \
	     "$out/allreduce/plot.dat" index 0 using 1:2 with linespoints title "all-to-all exchange", \
	     "$out/ps8/plot.dat" index 0 using 1:2 with linespoints title "PS over 8 machines: a worker", \
	     "$out/ps8/plot.dat" index 0 using 1:3 with linespoints dashtype 2 title "PS over 8 machines: a shard's server", \
	     "$out/allreduce/plot.dat" index 1 using 1:2 with linespoints title "ring all-reduce", \
	     10 with lines dashtype 3 title "a 10 Gbps NIC"
}
GP
echo "plots: wrote $here/seed-bandwidth.png and .svg"
