#!/bin/sh
# plots/spot-goodput.sh, made by `make plots`: the seed's 10 workers as
# spot instances, goodput (useful steps per simulated second) against the
# mean time to preemption, for ring all-reduce (which restarts from its
# checkpoint), a synchronous PS (which waits for the replacement) and an
# asynchronous PS (which trains on): where the second seed question's
# answer flips.  Writes plots/spot-goodput.{png,svg}.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
out=${TMPDIR:-/tmp}/psim-plots-spot.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

# mean time to preemption from 10 min to 40 h, in seconds
mttp=600,1200,2400,4800,9600,19200,38400,76800,153600
# (a synchronous job that cannot finish at the short lifetimes is a
# failed point, psim's exit status 1, and no point on the plot)
for k in ring async-ps8 sync-ps8; do
	"$psim" sweep -o "$out/$k" --vary faults.preemption.mttp=$mttp \
	    --set run.steps=1000 \
	    --plot x=faults.preemption.mttp,y=goodput_steps_per_s,logx \
	    "$s/spot-250m-10w-10g-$k.json" || [ $? = 1 ]
done

gnuplot <<GP
set grid
set key top left box opaque
set logscale x
set xlabel "mean time to preemption per worker, hours"
set ylabel "goodput, useful steps per simulated second"
set title "10 spot workers, 1 GB gradient, 10 Gbps: 14 min replacements, 2 min restarts"
set yrange [0:0.45]
do for [t in "png svg"] {
	set terminal t noenhanced size 800,500
	set output "$here/spot-goodput.".t
	plot "$out/ring/plot.dat" index 0 using (\$1/3600):2 with linespoints title "ring all-reduce (restarts from a checkpoint every 100 steps)", \
	     "$out/async-ps8/plot.dat" index 0 using (\$1/3600):2 with linespoints title "asynchronous PS, 8 servers (trains on)", \
	     "$out/sync-ps8/plot.dat" index 0 using (\$1/3600):2 with linespoints title "synchronous PS, 8 servers (waits for the replacement)"
}
GP
echo "plots: wrote $here/spot-goodput.png and .svg"
