#!/bin/sh
# plots/seed-nic.sh, made by `make plots`: the seed's five strategies on
# 10 workers, step time against the NIC bandwidth: how fast the network
# must be before each stops waiting on it (1 s of each step is compute).
# Writes plots/seed-nic.{png,svg}.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
out=${TMPDIR:-/tmp}/psim-plots-nic.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT
nics=cluster.nic=1Gbps,2.5Gbps,5Gbps,10Gbps,25Gbps,40Gbps,100Gbps,200Gbps,400Gbps

for sc in all-to-all ps-worker0 ps8 ring; do
	"$psim" sweep -o "$out/$sc" --vary "$nics" --set run.steps=3 \
	    --plot x=cluster.nic,y=step_time_mean_s \
	    "$s/seed-250m-10w-10g-$sc.json"
done

gnuplot <<GP
set grid
set key top right box opaque
set logscale y
set xlabel "NIC bandwidth"
set ylabel "step time, simulated s (1 s of it compute)"
set title "10 workers, 1 GB gradient: when does the network stop mattering?"
do for [t in "png svg"] {
	set terminal t noenhanced size 800,500
	set output "$here/seed-nic.".t
	plot "$out/ps-worker0/plot.dat" index 0 using 0:2:xtic(1) with linespoints title "PS on worker 0", \
	     "$out/all-to-all/plot.dat" index 0 using 0:2 with linespoints title "all-to-all exchange", \
	     "$out/ps8/plot.dat" index 0 using 0:2 with linespoints title "PS over 8 machines", \
	     "$out/ring/plot.dat" index 0 using 0:2 with linespoints title "ring all-reduce", \
	     1 with lines dashtype 2 title "compute alone"
}
GP
echo "plots: wrote $here/seed-nic.png and .svg"
