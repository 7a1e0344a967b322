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
# the sweep's x is the value as given ("2.5Gbps"): its number, on a log
# axis, so that 25 to 40 Gbps is not drawn as far as 40 to 100
gb(s) = real(s[1:strstrt(s, "Gbps") - 1])
set grid
set key top right box opaque
set logscale xy
set xrange [0.8:500]
set yrange [0.7:*]
set xtics ("1" 1, "2.5" 2.5, "5" 5, "10" 10, "25" 25, "40" 40, "100" 100, "200" 200, "400" 400)
set xlabel "NIC bandwidth, Gbps (log scale)"
set ylabel "step time, simulated s (1 s of it compute)"
set title "10 workers, 1 GB gradient: when does the network stop mattering?"
do for [t in "png svg"] {
	set terminal t noenhanced size 800,500
	set output "$here/seed-nic.".t
	plot "$out/ps-worker0/plot.dat" index 0 using (gb(strcol(1))):2 with linespoints title "PS on worker 0", \
	     "$out/all-to-all/plot.dat" index 0 using (gb(strcol(1))):2 with linespoints title "all-to-all exchange", \
	     "$out/ps8/plot.dat" index 0 using (gb(strcol(1))):2 with linespoints title "PS over 8 machines", \
	     "$out/ring/plot.dat" index 0 using (gb(strcol(1))):2 with linespoints title "ring all-reduce", \
	     1 with lines dashtype 2 title "compute alone"
}
GP
echo "plots: wrote $here/seed-nic.png and .svg"
