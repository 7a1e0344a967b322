#!/bin/sh
# run.duration: a run as long as a simulated time, not a number of steps,
# and goodput over its steady state (issue 13).
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
RING=$S/seed-250m-10w-10g-ring.json
SPOT=$S/spot-250m-10w-10g-ring.json
IDEAL="--set network=ideal"
# The ring's step on the ideal network: 1 s of compute, then 2(n-1)
# rounds of alpha + (M/n)/B: 1 + 18 * (10us + 1e8 B / 1.25e9 B/s).
STEP=$(awk 'BEGIN { printf "%.12g", 1 + 18 * (1e-5 + 1e8 / 1.25e9) }')

# every step begun before the duration passed is finished: ceil(d / t)
for d in 600 3600; do
	"$PSIM" run -f json $IDEAL --set run.duration=${d}s \
	    --set run.steps=null "$RING" >"$TMP/d$d.json"
	want=$(awk -v d=$d -v t="$STEP" 'BEGIN { n = int(d / t);
	    if (n * t < d) n++; print n }')
	check "run.duration=${d}s: ceil(${d} s / $STEP s) = $want steps" \
	    test "$(json "$TMP/d$d.json" steps)" = "$want"
	check_near "run.duration=${d}s: simulated time is steps x the step" \
	    "$(json "$TMP/d$d.json" simulated_time_s)" \
	    "$(awk -v n=$want -v t="$STEP" 'BEGIN { printf "%.12g", n * t }')" 1e-9
	check_near "run.duration=${d}s: goodput is steps / simulated time" \
	    "$(json "$TMP/d$d.json" goodput_steps_per_s)" \
	    "$(awk -v n=$want -v s="$(json "$TMP/d$d.json" simulated_time_s)" \
	    'BEGIN { printf "%.12g", n / s }')" 1e-9
	check_near "run.duration=${d}s: steady goodput is goodput, fault-free" \
	    "$(json "$TMP/d$d.json" goodput_steady_steps_per_s)" \
	    "$(json "$TMP/d$d.json" goodput_steps_per_s)" 1e-9
done
check "a duration in days: 1d is 24h" test "$("$PSIM" run -f csv $IDEAL \
    --set run.duration=1d --set run.steps=100 "$RING" | cut -d, -f8 |
    tail -1)" = 100

# with run.steps too, whichever comes first
"$PSIM" run -f json $IDEAL --set run.duration=600s --set run.steps=100 \
    "$RING" >"$TMP/s100.json"
check "run.steps=100 before run.duration=600s: 100 steps" \
    test "$(json "$TMP/s100.json" steps)" = 100
"$PSIM" run -f json $IDEAL --set run.duration=60s --set run.steps=100 \
    "$RING" >"$TMP/d60.json"
check "run.duration=60s before run.steps=100: 25 steps" \
    test "$(json "$TMP/d60.json" steps)" = 25
check_near "steady goodput on a run of steps is goodput, fault-free" \
    "$(json "$TMP/s100.json" goodput_steady_steps_per_s)" \
    "$(json "$TMP/s100.json" goodput_steps_per_s)" 1e-9

# the CSV and the text carry the steady goodput
"$PSIM" run -f csv $IDEAL --set run.duration=60s "$RING" >"$TMP/d60.csv"
check "the CSV has goodput_steady_steps_per_s" awk -F, 'NR == 1 {
    for (i = 1; i <= NF; i++) c[$i] = i } NR == 2 {
    exit !(c["goodput_steady_steps_per_s"] > 0 &&
    $c["goodput_steady_steps_per_s"] > 0.4 &&
    c["goodput_steady_steps_per_s_mean"] > 0) }' "$TMP/d60.csv"
check "the text has a steady goodput line" sh -c \
    "'$PSIM' run $IDEAL --set run.duration=60s '$RING' |
    grep -q '^  steady goodput  *0.4098 steps/s'"

# Spot workers for 5 simulated hours: the preemptions are a Poisson count
# of mean workers x time / (mttp + replacement); 4 sd either way.
"$PSIM" run -f json $IDEAL --set run.duration=5h --set run.steps=null \
    --set faults.preemption.mttp=1h --set faults.replacement=1min \
    "$SPOT" >"$TMP/spot.json" 2>"$TMP/spot.err"
check "spot ring for run.duration=5h runs" test -s "$TMP/spot.json"
t=$(json "$TMP/spot.json" simulated_time_s)
p=$(json "$TMP/spot.json" faults.preemptions)
check "spot ring for 5h: it ran past 5h, and not by much" \
    awk -v t="$t" 'BEGIN { exit !(t >= 18000 && t < 18000 * 1.1) }'
check "spot ring for 5h: $p preemptions, near 10 x $t s / 61min" \
    awk -v p="$p" -v t="$t" 'BEGIN { m = 10 * t / 3660;
    d = p - m; if (d < 0) d = -d; exit !(p != "" && d <= 4 * sqrt(m)) }'
check "spot ring for 5h: goodput is its steps over the job's time" \
    near "$(json "$TMP/spot.json" goodput_steps_per_s)" \
    "$(awk -v n="$(json "$TMP/spot.json" steps)" \
    -v d="$(json "$TMP/spot.json" faults.done_s)" \
    'BEGIN { printf "%.12g", n / d }')" 1e-9
check "spot ring for 5h: a steady goodput" awk -v g="$(json \
    "$TMP/spot.json" goodput_steady_steps_per_s)" 'BEGIN { exit !(g > 0) }'

# the same scenario and seed: byte-identical reports (but the wall clock)
for i in 1 2; do
	"$PSIM" run -f json $IDEAL --set run.duration=1h --set run.steps=null \
	    --set faults.preemption.mttp=1h "$SPOT" |
	    grep -v '"wall_s"' >"$TMP/same$i.json"
done
check "the same scenario and seed: the same report" \
    cmp "$TMP/same1.json" "$TMP/same2.json"

# bad values: one line, exit 2
bad() {	# bad NAME VALUE EXPECTED
	"$PSIM" run --set "run.duration=$2" "$RING" >"$TMP/bad.out" \
	    2>"$TMP/bad.err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$TMP/bad.out" ] &&
	    [ "$(wc -l <"$TMP/bad.err")" -eq 1 ] &&
	    grep -q "^psim: $RING: /run/duration: $3" "$TMP/bad.err"
	then ok "run.duration=$2: $1"
	else not_ok "run.duration=$2: $1" "exit $rc: $(cat "$TMP/bad.err")"; fi
}
bad "negative" -1h "expected a duration between 1ms and 8760h, got \"-1h\""
bad "zero" 0 "expected a duration between 1ms and 8760h, got 0"
bad "too long" 1e300h "expected a duration between 1ms and 8760h, got"
bad "too short" 1us "expected a duration between 1ms and 8760h, got"
bad "not a duration" '"soon"' "expected a duration such as"
bad "not a string" '[1]' "expected a duration such as"
"$PSIM" run --set run.duration=1h "$S/seed-250m-10w-10g-ps8.json" \
    >"$TMP/ps.out" 2>"$TMP/ps.err"
check "run.duration with a PS: exit 2, one line" test $? -eq 2 -a \
    "$(wc -l <"$TMP/ps.err")" -eq 1
check "run.duration with a PS: says why" grep -q \
    '/run/duration: expected an all-reduce strategy with run.duration, got ps' \
    "$TMP/ps.err"
"$PSIM" run --set run.steps=null "$RING" >"$TMP/null.out" 2>"$TMP/null.err"
check "run.steps=null without run.duration: exit 2" test $? -eq 2
check "run.steps=null without run.duration: says what it expected" grep -q \
    '/run/steps: expected an integer from 1 to 1000000, got null' \
    "$TMP/null.err"

done_testing
