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
# Each row is what a separate psim run gives (but for its wall-clock
# time).  (A run that failed and a row that is not there are two empty
# lines, which cmp alike: a point counts when its run exited 0 and its
# row is there.)
same=0
for n in 4 8; do
	for a in ring halving-doubling all-to-all; do
		save one.csv "$PSIM" run --format csv --set run.steps=2 \
		    --set placement.workers=$n --set strategy.algorithm=$a "$S"
		tail -1 one.csv | sed 's/,[^,]*$//' >one
		grep "^\"$n\",\"$a\",ok,," sw/results.csv | sed 's/^[^,]*,[^,]*,ok,,//; s/,[^,]*$//' >row
		ran one.csv -- test -s row >/dev/null && cmp -s one row &&
		    same=$((same + 1))
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

# A rerun resumes only the same sweep: the same psim, scenario bytes, the
# files it reads, --set values and points (sweep.txt).  Before, a rerun
# with another --set or another scenario reused the old points' numbers.
cp sw/results.csv before.csv
"$PSIM" sweep -o sw -j 2 --vary placement.workers=4,8 \
    --vary strategy.algorithm=ring,halving-doubling,all-to-all \
    --set run.steps=2 --set cluster.nic=100Gbps "$S" 2>err8
check "another --set into the same directory: exit 2" test $? -eq 2
check "another --set: says which line differs" \
    grep -q 'sw holds another sweep: its sweep.txt has "point placement.workers=4_strategy.algorithm=ring" where this sweep has "set cluster.nic=100Gbps"' err8
check "another --set: results.csv untouched" cmp -s before.csv sw/results.csv
"$PSIM" sweep -o sw -j 2 --vary placement.workers=4,8 \
    --vary strategy.algorithm=ring,halving-doubling,all-to-all \
    --set run.steps=2 "$SRCDIR/scenarios/seed-250m-10w-10g-all-to-all.json" 2>err8
check "another scenario: exit 2, the scenario's bytes differ" \
    grep -q 'its sweep.txt has "scenario 497 bytes, fnv1a64 [0-9a-f]*" where this sweep has "scenario 550 bytes' err8
"$PSIM" sweep -o sw -j 2 --vary placement.workers=4,8,16 \
    --vary strategy.algorithm=ring,halving-doubling,all-to-all \
    --set run.steps=2 "$S" 2>err8
check "another grid: exit 2" test $? -eq 2
mkdir notsweep && : >notsweep/mine.txt
"$PSIM" sweep -o notsweep --vary placement.workers=2,4 "$S" 2>err8
check "a directory that is not a sweep's: exit 2" test $? -eq 2
check "a directory that is not a sweep's: says so" \
    grep -q "notsweep is not empty and holds no sweep.txt" err8
check "a directory that is not a sweep's: nothing written" \
    test "$(ls notsweep)" = mine.txt
# the files the scenario reads are part of it: a trace that changed is
# another sweep
cp "$SRCDIR/scenarios/spot-250m-10w-10g-ring.json" spot.json
F=$TMP/spot.json
cp "$SRCDIR/tests/data/faults-one.csv" tr.csv
"$PSIM" sweep --plan -o trsw --set faults.preemption='{"trace":"tr.csv"}' \
    --vary placement.workers=2,4 "$F" >/dev/null 2>err9
check "a trace: the plan's directory records it" \
    grep -q "^input $TMP/tr.csv [0-9]* bytes, fnv1a64 " trsw/sweep.txt
echo >>tr.csv
"$PSIM" sweep --plan -o trsw --set faults.preemption='{"trace":"tr.csv"}' \
    --vary placement.workers=2,4 "$F" >/dev/null 2>err9
check "a trace that changed: another sweep (exit 2)" test $? -eq 2

# Point names: distinct points, distinct files; repeated keys and values
# are errors.  (Before: 'a b', 'a-b' and 'a:b' were one file; two --vary
# of one key made rows labelled 2 that ran 6; 2,,4 dropped the empty
# value.)
"$PSIM" sweep --plan -o names --vary 'name=a b,a-b,a:b,a_b' "$S" >plan 2>&1
check "names: four points, four files" \
    test "$(grep -o "json '/[^']*' --set" plan | sort -u | wc -l)" -eq 4
check "names: a byte outside [A-Za-z0-9.+-] is %XX" \
    grep -q "names/name=a%20b.json" plan
for v in 'placement.workers=2,2,3' 'placement.workers=2,2.0' \
    'placement.workers=2,,4' 'placement.workers=2,'; do
	"$PSIM" sweep --plan -o rep --vary "$v" "$S" >/dev/null 2>err10
	check "--vary $v: exit 2" test $? -eq 2
done
check "an empty value: says which" grep -q "placement.workers=2,: value 2 is empty" err10
"$PSIM" sweep --plan -o rep --vary placement.workers=2,3,2 "$S" >/dev/null 2>err10
check "a repeated value: names both" \
    grep -q "values 1 and 3 (2 and 2) are the same point" err10
"$PSIM" sweep --plan -o rep --vary placement.workers=2,4 \
    --vary placement.workers=6,8 "$S" >/dev/null 2>err10
check "a key varied twice: exit 2" test $? -eq 2
check "a key varied twice: says so" \
    grep -q "placement.workers is varied twice; give all its values in one option" err10
"$PSIM" sweep --plan -o rep --vary placement.workers=2,4 \
    --set placement.workers=3 "$S" >/dev/null 2>err10
check "a key varied and set: exit 2 and why" \
    grep -q "placement.workers is both varied and set (--set placement.workers=3)" err10
check "refused grids leave no directory" test ! -e rep
# A set key that needs a varied one (strategy.apply needs a
# strategy.server_cpu): the base loads with the first point's values.
PS8=$SRCDIR/scenarios/seed-250m-10w-10g-ps8.json
"$PSIM" sweep -o cpu -j 2 --set strategy.apply=each \
    --vary strategy.server_cpu=none,e5-2697v4 "$PS8" >/dev/null 2>err11
check "a set key that needs a varied one: the sweep runs" test $? -eq 0
check "... both points in results.csv" \
    test "$(grep -c 'strategy.server_cpu=' cpu/results.csv)" -eq 2
"$PSIM" sweep --plan -o cpu2 --set strategy.optimizer=lamb \
    --vary strategy.server_cpu=none,e5-2697v4 "$PS8" >/dev/null 2>err11
check "a base wrong with the first point too: exit 2, the base's error" \
    grep -q '/strategy/optimizer: only used with /strategy/server_cpu' err11

# Ranges take units: one grammar for sweep, cross and advise.
"$PSIM" sweep --plan -o u1 --vary faults.preemption.mttp=1h..4h:x2 "$F" >plan
check "1h..4h:x2 is 1h, 2h, 4h" \
    test "$(grep -o "mttp=[0-9.]*h'" plan | tr '\n' ' ')" = "mttp=1h' mttp=2h' mttp=4h' "
"$PSIM" sweep --plan -o u2 --vary faults.preemption.mttp=1h..2h:30min "$F" >plan
check "1h..2h:30min is 1h, 1.5h, 2h" test "$(grep -c "mttp=1h'\|mttp=1.5h'\|mttp=2h'" plan)" -eq 3
"$PSIM" sweep --plan -o u3 --vary cluster.nic=1Gbps..8Gbps:x2 "$S" >plan
check "1Gbps..8Gbps:x2: four bandwidths" test "$(grep -c "nic=[1248]Gbps'" plan)" -eq 4
"$PSIM" sweep --plan -o u4 --vary model.params=100K..10M:x10 "$S" >plan
check "100K..10M:x10: in A's unit" test "$(grep -c "params=\(100\|1000\|10000\)K'" plan)" -eq 3
"$PSIM" sweep --plan -o u5 --vary cluster.nic=1Gbps..8h "$S" >/dev/null 2>err11
check "ends in two kinds of unit: exit 2 and why" \
    grep -q "A, B and STEP in one unit" err11

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
# (the same failed points would give the same rows: every point ok)
check "merge: the same CSV as the sweep (but for wall-clock times)" sh -c \
    'cmp merged swept && test "$(grep -c ",ok,," swept)" -eq 6'
"$PSIM" sweep --plan -o planned --vary placement.workers=4,8 \
    --vary strategy.algorithm=ring,halving-doubling,all-to-all \
    --set run.steps=2 "$S" >plan2.sh
check "plan again: nothing left to run" test ! -s plan2.sh
"$PSIM" merge nowhere 2>err8
check "merge: a directory without points.tsv is an error" test $? -eq 2
# points of one job and of several (issue 38: the first point's header
# marked the other failed): refused, both named
cp -r planned mixed
"$PSIM" run -f csv "$SRCDIR/scenarios/jobs-ps-beside-ring.json" \
    >'mixed/placement.workers=8_strategy.algorithm=ring.csv'
"$PSIM" merge mixed >/dev/null 2>err8
check "merge: points of one job and of several: exit 2" test $? -eq 2
check "merge: ... one line naming a point of each" sh -c 'test $(wc -l <err8) -eq 1 &&
    grep -q "of one job (placement.workers=4_strategy.algorithm=ring.csv, the first) and of several jobs (placement.workers=8_strategy.algorithm=ring.csv, the first)" err8'

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
check "a bad range: says what is expected" grep -q "expected A..B\[:STEP|xFACTOR\], A <= B" err4

# psim merge reads what a plan left, whatever it is: a damaged points.tsv
# is refused with its line (before: a segfault and an empty results.csv);
# a point's report that is not psim's CSV is a failed point (before: its
# bytes went into results.csv).
cp -r planned damaged
head -c 400 /dev/urandom >"damaged/placement.workers=4_strategy.algorithm=ring.csv"
"$PSIM" merge damaged 2>err12
check "merge: a damaged report is a failed point (exit 1)" test $? -eq 1
check "merge: and says so" \
    grep -q '^"4","ring",failed,"its CSV report is not text"$' damaged/results.csv
printf 'x\n' >"damaged/placement.workers=4_strategy.algorithm=ring.csv"
"$PSIM" merge damaged 2>err12
check "merge: a foreign header is a failed point" \
    grep -q '^"4","ring",failed,"its CSV report.s header is not psim.s"$' damaged/results.csv
cp damaged/results.csv before.csv
printf 'placement.workers\tstrategy.algorithm\nbad row\n' >damaged/points.tsv
"$PSIM" merge damaged 2>err12
check "merge: a bad row of points.tsv: exit 2" test $? -eq 2
check "merge: names the file and line" \
    grep -q "damaged/points.tsv:2: expected a point's name and its settings" err12
check "merge: results.csv left as it was" cmp -s before.csv damaged/results.csv
cp -r planned fifo
rm "fifo/placement.workers=4_strategy.algorithm=ring.csv"
mkfifo "fifo/placement.workers=4_strategy.algorithm=ring.csv"
timeout 20 "$PSIM" merge fifo 2>/dev/null
check "merge: a point's CSV that is a FIFO: no hang, exit 1" test $? -eq 1
printf 'placement.workers\nplacement.workers=2\tplacement.workers=3\n' >damaged/points.tsv
"$PSIM" merge damaged 2>err12
check "merge: a name that is not its settings': exit 2" test $? -eq 2

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


# Two sweeps into one directory (issue 38): the second is refused in one
# line while the first runs, and a sweep killed outright (SIGKILL, which
# it cannot catch) takes its points with it.
"$PSIM" sweep -o lock -j 2 --set run.fast_forward=false --set run.steps=5000 \
    --vary placement.workers=8,9 "$S" 2>/dev/null &
pid=$!
i=0
while [ "$(find lock -name '*.csv.tmp' 2>/dev/null | wc -l)" -lt 2 ] &&
    [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
"$PSIM" sweep -o lock -j 2 --set run.fast_forward=false --set run.steps=5000 \
    --vary placement.workers=8,9 "$S" >out8 2>err8
check "a second sweep into a directory being written: exit 2" test $? -eq 2
check "a second sweep: one line, naming the lock" sh -c \
    "test \$(wc -l <err8) -eq 1 && grep -q 'lock is being written by another psim sweep; wait for it to end' err8"
kill -KILL $pid
wait $pid 2>/dev/null
i=0
while [ -n "$(pgrep -f 'lock/placement.workers=' 2>/dev/null)" ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
check "SIGKILL: no point left running" test -z "$(pgrep -f 'lock/placement.workers=')"
"$PSIM" sweep -o lock -j 2 --set run.fast_forward=false --set run.steps=5000 \
    --vary placement.workers=8,9 "$S" -P >/dev/null 2>err9
check "SIGKILL: the lock went with it" test $? -eq 0

done_testing
