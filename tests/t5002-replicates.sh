#!/bin/sh
# run.replicates: the scenario under n seeds (seed + i), each run's
# figures and their mean, sd and Student-t 95% interval (issue 13).
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
RING=$S/seed-250m-10w-10g-ring.json
JIT='cluster.compute_jitter={"lognormal": 0.3}'

# run I's FIGURE from a report's replicates.runs
run_fig() {	# run_fig FILE I FIGURE
	awk -v i="$2" -v f="\"$3\": " '/^      \{"seed": / {
	    if (n++ == i) { sub(".*" f, ""); sub(/[,}].*/, ""); print } }' "$1"
}
stat_fig() {	# stat_fig FILE FIGURE KEY
	awk -v f="\"$2\": {" -v k="\"$3\": " 'index($0, f) {
	    sub(".*" k, ""); sub(/[,}].*/, ""); print }' "$1"
}

# (checks that set figures against each other go through ran, on runs
# kept with save: a failed run's figures are all "", which compare alike)
save "$TMP/r6.json" "$PSIM" run -f json --set run.replicates=6 \
    --set run.steps=12 --set "$JIT" "$RING"
check "replicates: n" grep -q '^    "n": 6,$' "$TMP/r6.json"
check "replicates: the seeds, seed + i" \
    grep -q '^    "seeds": \[1, 2, 3, 4, 5, 6\],$' "$TMP/r6.json"
check "replicates: a row per run" \
    test "$(grep -c '^      {"seed": ' "$TMP/r6.json")" -eq 6
check "replicate 0 is the report itself" ran "$TMP/r6.json" -- same \
    "$(run_fig "$TMP/r6.json" 0 step_time_mean_s)" \
    "$(json "$TMP/r6.json" step_time_s.mean)"
# Replicate 3 alone (seed 4) gives its row to the last digit.
save "$TMP/s4.json" "$PSIM" run -f json --set run.steps=12 --set "$JIT" \
    --set seed=4 "$RING"
check "a replicate alone equals its row in the batch" \
    ran "$TMP/r6.json" "$TMP/s4.json" -- same \
    "$(run_fig "$TMP/r6.json" 3 step_time_mean_s)" \
    "$(json "$TMP/s4.json" step_time_s.mean)"
check "the seeds differ: replicate 3's step is not replicate 0's" \
    ran "$TMP/r6.json" -- test \
    "$(run_fig "$TMP/r6.json" 3 step_time_mean_s)" != \
    "$(run_fig "$TMP/r6.json" 0 step_time_mean_s)"
# The statistics, recomputed here from the rows: t(0.975, 5) = 2.5706.
i=0; : >"$TMP/v"
while [ $i -lt 6 ]; do
	run_fig "$TMP/r6.json" $i step_time_mean_s >>"$TMP/v"
	i=$((i + 1))
done
set -- $(awk '{ x[NR] = $1; s += $1 } END { m = s / NR;
    for (i = 1; i <= NR; i++) q += (x[i] - m) ^ 2; sd = sqrt(q / (NR - 1));
    printf "%.12g %.12g %.12g", m, sd, 2.5706 * sd / sqrt(NR) }' "$TMP/v")
check_near "stats: the mean of the rows" \
    "$(stat_fig "$TMP/r6.json" step_time_mean_s mean)" "$1" 1e-9
check_near "stats: their sample sd" \
    "$(stat_fig "$TMP/r6.json" step_time_mean_s sd)" "$2" 1e-9
check_near "stats: ci95 = t(0.975, n-1) sd / sqrt(n)" \
    "$(stat_fig "$TMP/r6.json" step_time_mean_s ci95)" "$3" 1e-4
# ci95 shrinks about as 1/sqrt(n): 4 runs against 24 (the t factor
# included: 3.1824/2 against 2.0687/sqrt(24), so about 3.8x).
"$PSIM" run -f json --set run.replicates=4 --set run.steps=12 --set "$JIT" \
    "$RING" >"$TMP/r4.json"
"$PSIM" run -f json --set run.replicates=24 --set run.steps=12 --set "$JIT" \
    "$RING" >"$TMP/r24.json"
ratio=$(awk -v a="$(stat_fig "$TMP/r4.json" step_time_mean_s ci95)" \
    -v b="$(stat_fig "$TMP/r24.json" step_time_mean_s ci95)" \
    'BEGIN { print a / b }')
check "ci95 shrinks with n: 4 runs against 24 is 2x to 8x ($ratio)" \
    awk -v r="$ratio" 'BEGIN { exit !(r > 2 && r < 8) }'
# A deterministic scenario: every run the same, ci95 0.
"$PSIM" run -f json --set run.replicates=3 "$RING" >"$TMP/d.json"
check "deterministic: ci95 is 0" \
    test "$(stat_fig "$TMP/d.json" step_time_mean_s ci95)" = 0
"$PSIM" run --set run.replicates=3 --set "$JIT" "$RING" >"$TMP/t"
check "text: mean +- half-width (95%, n runs)" \
    grep -q "^    step time  *[0-9.]* $(printf '\302\261') [0-9.e-]* s (95%, 3 runs)$" "$TMP/t"
"$PSIM" run --set run.replicates=1001 "$RING" 2>"$TMP/e"
check "run.replicates above 1000: exit 2" test $? -eq 2
check "run.replicates above 1000: the range" \
    grep -q "/run/replicates: expected an integer from 1 to 1000, got 1001" "$TMP/e"
check "no replicates: no replicates block" ran "$TMP/s4.json" -- \
    sh -c "! grep -q '\"replicates\"' '$TMP/s4.json'"
# Sweeps carry them: results.csv has <column>_mean and <column>_ci95,
# equal to each point's JSON stats; --plot of a _mean draws error bars.
"$PSIM" sweep -o "$TMP/sw" --set run.replicates=3 --set run.steps=8 \
    --set "$JIT" --vary placement.workers=2,4 \
    --plot x=placement.workers,y=goodput_steps_per_s_mean "$RING" \
    2>/dev/null
check "sweep: results.csv has the _mean and _ci95 columns" \
    csv_col "$TMP/sw/results.csv" goodput_steps_per_s_mean \
    goodput_steps_per_s_ci95
for n in 2 4; do
	# row n's figure NAME
	fig() {
		csv_col "$TMP/sw/results.csv" placement.workers "$1" |
		    awk -F '\t' -v n=$n '$1 == n { print $2 }'
	}
	pj=$TMP/sw/placement.workers=$n.json
	check_near "sweep, $n workers: goodput mean = the point's JSON" \
	    "$(fig goodput_steps_per_s_mean)" \
	    "$(stat_fig "$pj" goodput_steps_per_s mean)" 1e-9
	check_near "sweep, $n workers: ci95 = the point's JSON" \
	    "$(fig goodput_steps_per_s_ci95)" \
	    "$(stat_fig "$pj" goodput_steps_per_s ci95)" 1e-9
done
check "sweep --plot of a _mean: error bars from its _ci95" \
    grep -q 'using 1:2:3 with yerrorlines' "$TMP/sw/plot.gp"
check "sweep --plot: the data has the mean and the half-width" \
    test "$(awk 'NF == 3 && $1 == 2' "$TMP/sw/plot.dat" | wc -l)" -eq 1
"$PSIM" run -f csv "$RING" >"$TMP/nr.csv"
check "without replicates the _mean and _ci95 fields are empty" \
    grep -q ',,,,,,' "$TMP/nr.csv"
# A run that saw fewer than 20 fault events says so.
"$PSIM" run "$S/spot-250m-10w-10g-async-ps8.json" >"$TMP/few"
check "few fault events: the text says it is mostly chance" \
    grep -q "only 12 fault events in this run: what faults cost here is" "$TMP/few"
"$PSIM" run -f json "$S/spot-250m-10w-10g-async-ps8.json" >"$TMP/few.json"
check "few fault events: JSON faults.few_events" \
    grep -q '"few_events": true' "$TMP/few.json"
"$PSIM" run -f json "$S/spot-250m-10w-10g-ring.json" >"$TMP/many.json"
check "33 fault events: not few" grep -q '"few_events": false' "$TMP/many.json"
check "fault_events = preemptions + server and link failures" test \
    "$(json "$TMP/many.json" faults.fault_events)" = \
    "$(awk -v a="$(json "$TMP/many.json" faults.preemptions)" \
    -v b="$(json "$TMP/many.json" faults.server_failures)" \
    -v c="$(json "$TMP/many.json" faults.link_failures)" 'BEGIN { print a + b + c }')"
done_testing
