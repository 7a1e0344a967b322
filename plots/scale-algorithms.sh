#!/bin/sh
# plots/scale-algorithms.sh, made by `make plots`: one step of the seed's
# model (1 GB gradient, 1 s compute, 10 Gbps NICs on a star) from 16 to
# 4096 workers, for every all-reduce algorithm and the PS over 8
# machines: the step time, and the bandwidth each worker's NIC would need
# to move its step's bytes within the compute's second.  Ring and 2d-ring
# stay flat (their rounds skipped once they repeat: a 4096-worker ring
# step is simulated in a third of a second); trees and recursive doubling
# grow with log n, the PS with n; all-to-all (n(n - 1) transfers at
# once) stops at 256.  Hierarchical is the ring on a star (every worker
# its own group) and is left out.  Writes plots/scale-algorithms.{png,svg}.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
. "$here/common.sh"
plot_dir scale-algorithms
one="--set run.steps=1 --set run.warmup=0"
algs=ring,2d-ring,halving-doubling,recursive-doubling,double-binary-tree,binomial-tree

# shellcheck disable=SC2086
"$psim" sweep -o "$out/allreduce" --vary placement.workers=16..4096:x2 \
    --vary strategy.algorithm=$algs $one "$s/seed-250m-10w-10g-ring.json"
# shellcheck disable=SC2086
"$psim" sweep -o "$out/a2a" --vary placement.workers=16..256:x2 \
    --set strategy.algorithm=all-to-all $one "$s/seed-250m-10w-10g-ring.json"
# shellcheck disable=SC2086
"$psim" sweep -o "$out/ps8" --vary placement.workers=16..4096:x2 $one \
    "$s/seed-250m-10w-10g-ps8.json" 2>/dev/null

# DIR [ALGORITHM]: the rows of DIR/results.csv (of that algorithm):
# workers, step time, a worker's NIC need
rows() {
	if [ $# -gt 1 ]; then
		csv_col "$1/results.csv" strategy.algorithm placement.workers \
		    step_time_mean_s worker_required_gbps |
		    awk -F '\t' -v a="$2" '$1 == a { print $2, $3, $4 }'
	else
		csv_col "$1/results.csv" placement.workers step_time_mean_s \
		    worker_required_gbps | tr '\t' ' '
	fi | sort -n
}
for a in $(echo "$algs" | tr , ' '); do
	rows "$out/allreduce" "$a" >"$out/$a.dat"
done
rows "$out/a2a" >"$out/all-to-all.dat"
rows "$out/ps8" >"$out/ps8.dat"
for f in "$out"/*.dat; do
	[ "$(wc -l <"$f")" -ge 5 ] || { echo "scale-algorithms: $f: too few points" >&2; exit 1; }
done

gnuplot <<GP
set grid
set logscale x 2
set logscale y 10
set xlabel "workers"
set key outside bottom center horizontal maxrows 2 width 1
do for [t in "png svg"] {
	set terminal t noenhanced size 1200,600
	set output "$here/scale-algorithms.".t
	set multiplot layout 1,2 title "one step, 1 GB gradient, 1 s compute, 10 Gbps NICs on a star"
	set ylabel "step time (simulated s)"
	plot for [a in "ring 2d-ring halving-doubling recursive-doubling double-binary-tree binomial-tree all-to-all ps8"] \
	    "$out/".a.".dat" using 1:2 with linespoints title (a eq "ps8" ? "PS over 8 machines" : a)
	set ylabel "NIC bandwidth a worker needs (Gbps)"
	plot for [a in "ring 2d-ring halving-doubling recursive-doubling double-binary-tree binomial-tree all-to-all ps8"] \
	    "$out/".a.".dat" using 1:3 with linespoints title (a eq "ps8" ? "PS over 8 machines" : a)
	unset multiplot
}
GP
echo "plots: wrote $here/scale-algorithms.png and .svg"
