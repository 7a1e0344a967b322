#!/bin/sh
# plots/spot-checkpoint.sh, made by `make plots`: ring all-reduce on 10
# spot workers, goodput against the checkpoint interval: frequent
# checkpoints cost their transfer, rare ones lose more steps at each
# preemption.  The dashed line is Young's optimum, sqrt(2 C M) for a
# checkpoint of C seconds and a job preempted every M seconds on average:
# C = 8 GB over a 10 Gbps NIC = 6.4 s, M = 1.64 h / 10 workers = 590 s,
# so 87 s, 34 steps of 2.56 s.  Writes plots/spot-checkpoint.{png,svg}.
#
# Every point is the mean of 5 replicates (seeds 1 to 5) of 12 simulated
# hours (about 70 preemptions each), with its 95% interval; about 12
# seconds on 2 cores (steady states are fast-forwarded).  PSIM_PLOT_KEEP=DIR keeps the sweep's directory.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
. "$here/common.sh"
plot_dir spot-checkpoint

# (a point whose job cannot finish is a failed point, psim's exit status
# 1, and no point on the plot)
"$psim" sweep -o "$out/ring" \
    --vary faults.checkpoint.every=5,10,20,35,60,100,200,500 \
    --set run.steps=null --set run.duration=12h \
    --set run.min_fault_events=20 --set run.replicates=5 \
    --plot x=faults.checkpoint.every,y=goodput_steps_per_s_mean,logx \
    "$s/spot-250m-10w-10g-ring-checkpoints.json" || [ $? = 1 ]
young=$(awk 'BEGIN { printf "%.1f", sqrt(2 * 6.4 * 1.64 * 3600 / 10) / 2.56 }')

gnuplot <<GP
set grid
set key bottom center box opaque
set logscale x
set xlabel "steps between checkpoints"
set ylabel "goodput, useful steps per simulated second"
set title "10 spot workers, ring all-reduce, 8 GB checkpoints over 10 Gbps\\n(mean of 5 runs of 12 h; 95% intervals)"
set yrange [0:*]
set arrow from $young, graph 0 to $young, graph 1 nohead dashtype 2
set label "Young: sqrt(2 C M) = $young steps" at $young * 1.1, graph 0.1
do for [t in "png svg"] {
	set terminal t noenhanced size 800,500
	set output "$here/spot-checkpoint.".t
	plot "$out/ring/plot.dat" index 0 using 1:2:3 with yerrorlines title "ring all-reduce, restarts from the last checkpoint"
}
GP
echo "plots: wrote $here/spot-checkpoint.png and .svg"
