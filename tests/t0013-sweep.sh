#!/bin/sh
# psim sweep: a grid of runs, each in its own process, gathered in one CSV;
# resumable; a bad point fails alone.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios/seed-250m-10w-10g-ring.json
cd "$TMP" || exit 1

"$PSIM" sweep -o sw -j 2 --vary placement.workers=4,8 \
    --vary strategy.algorithm=ring,halving-doubling,all-to-all \
    --set run.steps=2 "$S" 2>err
check "a 2 x 3 sweep succeeds" test $? -eq 0
check "it gives a header and 6 rows" test "$(wc -l <sw/results.csv)" -eq 7
check "the header names the varied keys first" \
    grep -q '^"placement.workers","strategy.algorithm",status,error,psim_report_version' sw/results.csv
# Each row is what a separate psim run gives (but for its wall-clock time).
same=0
for n in 4 8; do
	for a in ring halving-doubling all-to-all; do
		"$PSIM" run --format csv --set run.steps=2 --set placement.workers=$n \
		    --set strategy.algorithm=$a "$S" | tail -1 | sed 's/,[^,]*$//' >one
		grep "^\"$n\",\"$a\",ok,," sw/results.csv | sed 's/^[^,]*,[^,]*,ok,,//; s/,[^,]*$//' >row
		cmp -s one row && same=$((same + 1))
	done
done
check "the 6 rows equal 6 separate psim runs" test $same -eq 6
check "each point keeps its JSON report" \
    test "$(ls sw/*.json | wc -l)" -eq 6

# Run again: nothing is redone, the same rows come back.
touch -d '2000-01-01' sw/*.json
"$PSIM" sweep -o sw -j 2 --vary placement.workers=4,8 \
    --vary strategy.algorithm=ring,halving-doubling,all-to-all \
    --set run.steps=2 "$S" 2>err2
check "rerun: every point was done before" grep -q "6 of 6 points done before" err2
check "rerun: no report was rewritten" test -z "$(find sw -name '*.json' -newer err)"
check "rerun: still 6 rows" test "$(wc -l <sw/results.csv)" -eq 7

# A point with a bad value fails alone; the sweep goes on and says so.
"$PSIM" sweep -o bad -j 2 --vary placement.workers=2,0,3 "$S" 2>err3
check "a failed point: exit status 1" test $? -eq 1
check "a failed point: recorded with its error" \
    grep -q '^"0",failed,".*/placement/workers: expected an integer' bad/results.csv
check "a failed point: the others ran" test "$(grep -c ',ok,,' bad/results.csv)" -eq 2

# Plots: the data and a readable gnuplot script always; the images when
# gnuplot is there (skipped, not passed, without it).
"$PSIM" sweep -o pl --vary placement.workers=2,4,8 \
    --vary strategy.algorithm=all-to-all,ring --set run.steps=2 \
    --plot x=placement.workers,y=worker_required_gbps,series=strategy.algorithm \
    "$S" 2>err5
check "plot: the data, a block per series" test "$(grep -c '^# strategy.algorithm = ' pl/plot.dat)" -eq 2
check "plot: all-to-all at 8 workers needs 56 Gbps" \
    sh -c "sed -n '/all-to-all/,/^\$/p' pl/plot.dat | grep -qx '8 56'"
check "plot: a gnuplot script" grep -q '^plot "pl/plot.dat" index 0 using 1:2' pl/plot.gp
if command -v gnuplot >/dev/null 2>&1; then
	check "plot: a PNG" test -s pl/plot.png
	check "plot: an SVG" grep -q '<svg' pl/plot.svg
else
	skip "plot: a PNG" "gnuplot not installed"
	skip "plot: an SVG" "gnuplot not installed"
fi
"$PSIM" sweep -o pl2 --vary placement.workers=2,4 --plot x=placement.workers,y=nothing "$S" 2>err6
check "plot: a bad spec is a usage error" test $? -eq 2
check "plot: it says what is expected" grep -q "y up to 8 columns of the CSV report" err6
"$PSIM" sweep -o pl3 --vary placement.workers=2,4 --set run.steps=2 \
    --plot x=placement.workers,y=compute_s+worker_required_gbps "$S" 2>/dev/null
check "plot: two figures, a column each" grep -qx '4 1 [0-9.]*' pl3/plot.dat
check "plot: a line each" test "$(grep -c 'using 1:[23] with' pl3/plot.gp)" -eq 4

# Beyond one machine: --plan prints a command per point; run one by one,
# then merged, they give the sweep's CSV.
"$PSIM" sweep --plan -o planned --vary placement.workers=4,8 \
    --vary strategy.algorithm=ring,halving-doubling,all-to-all \
    --set run.steps=2 "$S" >plan.sh
check "plan: one command per point" test "$(wc -l <plan.sh)" -eq 6
sh plan.sh
"$PSIM" merge planned 2>err7
check "merge: exit 0 when every point ran" test $? -eq 0
sed 's/,[^,]*$//' planned/results.csv >merged
sed 's/,[^,]*$//' sw/results.csv >swept
check "merge: the same CSV as the sweep (but for wall-clock times)" cmp merged swept
"$PSIM" sweep --plan -o planned --vary placement.workers=4,8 \
    --vary strategy.algorithm=ring,halving-doubling,all-to-all \
    --set run.steps=2 "$S" >plan2.sh
check "plan again: nothing left to run" test ! -s plan2.sh
"$PSIM" merge nowhere 2>err8
check "merge: a directory without points.tsv is an error" test $? -eq 2

# Values with units go on the x axis as labels, in order.
"$PSIM" sweep -o units --vary cluster.nic=5Gbps,10Gbps --set run.steps=2 \
    --plot x=cluster.nic,y=step_time_mean_s "$S" 2>/dev/null
check "plot: values with units become axis labels" \
    grep -q 'using 0:2:xtic(1)' units/plot.gp

# A row longer than any fixed line buffer (a 20 kB description in the
# overrides column): results.csv keeps each point's row whole.
long=$(head -c 20000 /dev/zero | tr '\0' x)
"$PSIM" sweep -o long --vary placement.workers=2,4 --set run.steps=2 \
    --set "description=\"$long\"" "$S" 2>/dev/null
check "a 20 kB row: results.csv has it whole, once per point" awk -F ',ok,,' '
    NR > 1 { rows++; bad += NF != 2 || length($0) < 20000 }
    END { exit !(rows == 2 && bad == 0) }' long/results.csv

# Ranges.
"$PSIM" sweep -o range --vary placement.workers=2..8:x2 --set run.steps=2 "$S" 2>/dev/null
check "a range: 2..8:x2 is 2, 4, 8" test "$(cut -d, -f1 range/results.csv | tr '\n' ' ')" = \
    '"placement.workers" "2" "4" "8" '
"$PSIM" sweep --vary placement.workers=8..2 "$S" 2>err4
check "a bad range: exit 2" test $? -eq 2
check "a bad range: says what is expected" grep -q "expected PATH=V1,V2" err4

# Too many points: refused before any directory is made, saying the limit
# (before: 1..1e9 was cut at 10,000 points without a word).
"$PSIM" sweep -o huge --vary placement.workers=1..1e9 "$S" 2>err5
check "a range of 1e9 values: exit 2" test $? -eq 2
check "a range of 1e9 values: names the limit" \
    grep -q "more than 10000 values; a sweep runs at most 10000 points" err5
check "a range of 1e9 values: no directory" test ! -e huge
"$PSIM" sweep -o huge --vary placement.workers=1..200 \
    --vary cluster.nic=1..100 "$S" 2>err6
check "a grid of 20,000 points: exit 2 and why" \
    grep -q "2 --vary options make 20000 points; a sweep runs at most 10000" err6
check "a grid of 20,000 points: no directory" test ! -e huge
"$PSIM" sweep --plan -o edge --vary placement.workers=1..10000 "$S" >plan
check "exactly 10,000 values are taken" test "$(wc -l <plan)" -eq 10000

# Stopped by a signal: the points under way are ended and their partial
# files removed, results.csv keeps the points done, the sweep dies of the
# signal, and the same command goes on.  (Before: *.csv.tmp were left.)
"$PSIM" sweep -o stop -j 2 --set run.steps=2 \
    --vary placement.workers=2,300,310,320,330,340 "$S" 2>err7 &
pid=$!
i=0
while [ ! -s stop/placement.workers=2.csv ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -TERM $pid
wait $pid
check "SIGTERM: the sweep dies of it (143)" test $? -eq 143
check "SIGTERM: it says how far it got" grep -q "stopped by signal 15 with" err7
check "SIGTERM: no partial files" test -z "$(find stop -name '*.tmp')"
rows=$(($(wc -l <stop/results.csv) - 1))
check "SIGTERM: results.csv has a row per point done" \
    test "$rows" -eq "$(find stop -name '*.json' | wc -l)" -a "$rows" -ge 1
# a sweep killed outright (SIGKILL) leaves a point's partial files; the
# rerun removes them and runs the point
: >stop/placement.workers=340.csv.tmp
: >stop/placement.workers=340.json.tmp
"$PSIM" sweep -o stop -j 2 --set run.steps=2 \
    --vary placement.workers=2,300,310,320,330,340 "$S" 2>/dev/null
check "rerun after a stop: all 6 points" test "$(wc -l <stop/results.csv)" -eq 7
check "rerun after a stop: no partial files left" test -z "$(find stop -name '*.tmp')"

done_testing
