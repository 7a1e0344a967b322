#!/bin/sh
# plots/spot-goodput.sh, made by `make plots`: the seed's 10 workers as
# spot instances, goodput (useful steps per simulated second) against the
# mean time to preemption, for ring all-reduce (which restarts from its
# checkpoint), a synchronous PS (which waits for the replacement) and an
# asynchronous PS (which trains on): where the second seed question's
# answer flips.  Writes plots/spot-goodput.{png,svg}.
#
# Every point is the mean of 5 replicates (seeds 1 to 5) with its 95%
# interval, and every run is long enough to mean something: 12 simulated
# hours, and longer until it has seen 20 fault events (at a 43 h mean
# time to preemption, about 75 hours; at 85 h, 150; at 341 h, 680).
# All three skip their steady states (run.fast_forward; the asynchronous
# PS's by fastforward-async.c, since issue 37).  PSIM_PLOT_KEEP=DIR keeps
# the sweeps' directories there.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
. "$here/common.sh"
plot_dir spot-goodput

# mean time to preemption from 10 min to 341 h, in seconds: between 11 h
# and 43 h ring all-reduce passes the asynchronous PS, the flip the plot
# is about
mttp=600,1200,2400,4800,9600,19200,38400,76800,153600,307200,614400,1228800
# (a synchronous job that cannot finish at the short lifetimes is a
# failed point, psim's exit status 1, and no point on the plot)
for k in ring async-ps8 sync-ps8; do
	"$psim" sweep -o "$out/$k" --vary faults.preemption.mttp=$mttp \
	    --set run.steps=null --set run.duration=12h \
	    --set run.min_fault_events=20 --set run.replicates=5 \
	    --plot x=faults.preemption.mttp,y=goodput_steps_per_s_mean,logx \
	    "$s/spot-250m-10w-10g-$k.json" || [ $? = 1 ]
done

# ring all-reduce without faults (its checkpoints still taken): the
# level its goodput climbs back to, where the flip must be below
ring0=$("$psim" run -f csv --set faults.preemption.mttp=87600h \
    --set run.steps=1000 "$s/spot-250m-10w-10g-ring.json" | awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "goodput_steps_per_s") c = i }
    NR == 2 { printf "%.3f", $c }')

gnuplot <<GP
set grid
set key bottom right box opaque
set logscale x
set xrange [0.1:500]
set xlabel "mean time to preemption per worker, hours"
set ylabel "goodput, useful steps per simulated second"
set title "10 spot workers, 1 GB gradient, 10 Gbps: 14 min replacements, 2 min restarts\\n(mean of 5 runs of 12 h or 20 faults, whichever is longer; 95% intervals)"
set yrange [0:0.52]
set arrow from graph 0, first $ring0 to graph 1, first $ring0 nohead dashtype 2
set label "ring all-reduce without faults: $ring0 steps/s" at graph 0.02, first $ring0 + 0.014
do for [t in "png svg"] {
	set terminal t noenhanced size 800,500
	set output "$here/spot-goodput.".t
	plot "$out/ring/plot.dat" index 0 using (\$1/3600):2:3 with yerrorlines title "ring (restarts from a checkpoint)", \
	     "$out/async-ps8/plot.dat" index 0 using (\$1/3600):2:3 with yerrorlines title "async PS, 8 servers (trains on)", \
	     "$out/sync-ps8/plot.dat" index 0 using (\$1/3600):2:3 with yerrorlines title "sync PS, 8 servers (waits)"
}
GP
echo "plots: wrote $here/spot-goodput.png and .svg"
