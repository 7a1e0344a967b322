#!/bin/sh
# plots/seed-timeline.sh, made by `make plots`: a Gantt chart of the seed's
# first two steps from psim run --timeline, ring all-reduce above and the
# PS over 8 machines below: each host's compute spans, and the messages it
# receives, from their send to their receive (overlapping ones overdraw),
# on one time axis.
# Writes plots/seed-timeline.{png,svg}.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
out=${TMPDIR:-/tmp}/psim-plots-timeline.$$
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

# spans TRACE CAT: "host start_s half_duration_s" per event of CAT (the
# writer puts one event a line)
spans() {
	awk -v cat="\"cat\":\"$2\"" 'index($0, cat) && /"ph":"X"/ {
		match($0, /"pid":[0-9]+/); pid = substr($0, RSTART + 6, RLENGTH - 6)
		match($0, /"ts":[0-9.]+/); ts = substr($0, RSTART + 5, RLENGTH - 5)
		match($0, /"dur":[0-9.]+/); dur = substr($0, RSTART + 6, RLENGTH - 6)
		printf "%d %.9f %.9f\n", pid, (ts + dur / 2) / 1e6, dur / 2e6
	}' "$1"
}
for sc in ring ps8; do
	"$psim" run --set run.steps=2 --timeline "$out/$sc.trace" \
	    "$s/seed-250m-10w-10g-$sc.json" >/dev/null
	spans "$out/$sc.trace" compute >"$out/$sc.compute"
	spans "$out/$sc.trace" comm >"$out/$sc.comm"
done
# one x range for both panels, so that their times compare at a glance:
# from 0 to the later of the two runs' last event
xmax=$(cat "$out"/*.compute "$out"/*.comm |
    awk '$2 + $3 > m { m = $2 + $3 } END { printf "%.3f", m * 1.02 }')

gnuplot <<GP
set grid x
set xrange [0:$xmax]
set lmargin 9
set rmargin 22
set key outside right top
set xlabel "simulated s"
set ylabel "host"
set yrange [-0.7:*] reverse
set style fill solid 0.6 noborder
do for [t in "png svg"] {
	set terminal t noenhanced size 900,700
	set output "$here/seed-timeline.".t
	set multiplot layout 2,1
	set title "ring all-reduce, 10 workers: the first two steps"
	plot "$out/ring.compute" using 2:(\$1-0.18):3:(0.16) with boxxyerror lc rgb "#4477aa" title "compute", \
	     "$out/ring.comm" using 2:(\$1+0.18):3:(0.16) with boxxyerror lc rgb "#ee6677" title "message received"
	set title "PS over 8 machines (hosts 10-17), 10 workers: the first two steps"
	plot "$out/ps8.compute" using 2:(\$1-0.18):3:(0.16) with boxxyerror lc rgb "#4477aa" title "compute", \
	     "$out/ps8.comm" using 2:(\$1+0.18):3:(0.16) with boxxyerror lc rgb "#ee6677" title "message received"
	unset multiplot
}
GP
echo "plots: wrote $here/seed-timeline.png and .svg"
