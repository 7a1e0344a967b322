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
# A duration in days: with an hour of compute a step, 1d is exactly
# ceil(86400 / (3600 + 1.44018)) = 24 steps, 23h is 23, and 86400s is 1d.
# (Before, run.steps=100 ended the run first, so any reading of 1d of
# 245 s or more passed.)
HSTEP=$(awk 'BEGIN { printf "%.12g", 3600 + 18 * (1e-5 + 1e8 / 1.25e9) }')
for d in 1d 23h 86400s; do
	"$PSIM" run -f csv $IDEAL --set model.compute=1h --set run.duration=$d \
	    --set run.steps=null "$RING" >"$TMP/days.csv"
	secs=$(case $d in 1d) echo 86400;; 23h) echo 82800;; *) echo 86400;; esac)
	want=$(awk -v d=$secs -v t="$HSTEP" 'BEGIN { n = int(d / t);
	    if (n * t < d) n++; print n }')
	check "run.duration=$d: ceil($secs s / $HSTEP s) = $want steps" \
	    test "$(csv_col "$TMP/days.csv" steps)" = "$want"
done

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
check "the CSV has goodput_steady_steps_per_s (and its _mean)" awk \
    -v g="$(csv_col "$TMP/d60.csv" goodput_steady_steps_per_s)" \
    -v m="$(csv_col "$TMP/d60.csv" goodput_steady_steps_per_s_mean \
    >/dev/null && echo has)" 'BEGIN { exit !(g > 0.4 && m == "has") }' 
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

# rare faults: the draws go on past the first horizon (a 20 min run and
# a few steps) until they bring the faults the run waits for; they
# stopped at 4 horizons, and this run then went on for a million steps
"$PSIM" run -f json --set run.steps=null --set run.duration=20min \
    --set run.min_fault_events=2 --set faults.preemption.mttp=100000 \
    "$SPOT" >"$TMP/rare.json"
check "run.min_fault_events=2 at a 100000 s mttp: 2 faults" \
    test "$(json "$TMP/rare.json" faults.fault_events)" = 2
check "run.min_fault_events=2 at a 100000 s mttp: past 20 min" awk -v t="$(json \
    "$TMP/rare.json" simulated_time_s)" 'BEGIN { exit !(t > 1200) }'
# a trace that runs out first: the run ends with what the trace had
# (its preemptions, the 24 h trace at 1/20 of its time)
"$PSIM" run -f json --set run.steps=null --set run.min_fault_events=1000 \
    --set 'faults.preemption={"trace": "spot-p3-10w-24h.csv",
    "time_scale": 0.05}' "$SPOT" >"$TMP/short.json"
want=$(grep -c ',preempt,' "$S/spot-p3-10w-24h.csv")
check "run.min_fault_events past a trace's end: its $want preemptions" \
    test "$(json "$TMP/short.json" faults.fault_events)" = "$want"
check "run.min_fault_events past a trace's end: ends after its last event" \
    awk -v t="$(json "$TMP/short.json" simulated_time_s)" -v e="$(tail -1 \
    "$S/spot-p3-10w-24h.csv" | cut -d, -f1)" 'BEGIN { exit !(t >= e * 0.05) }'

# the same scenario and seed: byte-identical reports (but the wall clock)
# (two failed runs would give two empty files, which cmp alike: save, ran)
for i in 1 2; do
	save "$TMP/same$i.out" "$PSIM" run -f json $IDEAL --set run.duration=1h \
	    --set run.steps=null --set faults.preemption.mttp=1h "$SPOT"
	grep -v '"wall_s"' "$TMP/same$i.out" >"$TMP/same$i.json"
done
check "the same scenario and seed: the same report" \
    ran "$TMP/same1.out" "$TMP/same2.out" -- cmp "$TMP/same1.json" "$TMP/same2.json"

# bad values: one line, exit 2
refuse() {	# refuse NAME PATH EXPECTED SCENARIO ARGS...: exit 2, one line
	rn=$1 path=$2 want=$3 sc=$4; shift 4
	"$PSIM" run "$@" "$sc" >"$TMP/bad.out" 2>"$TMP/bad.err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$TMP/bad.out" ] &&
	    [ "$(wc -l <"$TMP/bad.err")" -eq 1 ] &&
	    grep -q "^psim: $sc: $path: $want" "$TMP/bad.err"
	then ok "$rn"
	else not_ok "$rn" "exit $rc: $(cat "$TMP/bad.err")"; fi
}
bad() {	# bad NAME VALUE EXPECTED
	refuse "run.duration=$2: $1" /run/duration "$3" "$RING" \
	    --set "run.duration=$2"
}
bad "negative" -1h "expected a duration between 1ms and 8760h, got \"-1h\""
bad "zero" 0 "expected a duration between 1ms and 8760h, got 0"
bad "too long" 1e300h "expected a duration between 1ms and 8760h, got"
bad "too short" 1us "expected a duration between 1ms and 8760h, got"
bad "not a duration" '"soon"' "expected a duration such as"
bad "not a string" '[1]' "expected a duration such as"
refuse "run.duration with ssp and no faults" /run/duration \
    "expected sync or async with run.duration and no faults, got ssp" \
    "$S/seed-250m-10w-10g-ps8.json" --set run.duration=1h \
    --set strategy.sync=ssp --set strategy.staleness=2
refuse "run.duration with backup workers and no faults" /run/duration \
    "expected sync or async with run.duration and no faults, got backup" \
    "$S/seed-250m-10w-10g-ps8.json" --set run.duration=1h \
    --set strategy.sync=backup --set strategy.backup_workers=1
refuse "run.duration with numerics" /run/duration \
    "expected numerics off with run.duration, got numerics.mode proxy" \
    "$S/straggler-sync-ps.json" --set run.duration=1h
refuse "run.min_fault_events without faults" /run/min_fault_events \
    "expected faults (faults.preemption, faults.servers or faults.links) to count, got none" \
    "$RING" --set run.min_fault_events=5
refuse "run.min_fault_events=0" /run/min_fault_events \
    "expected an integer from 1 to 100000, got 0" "$SPOT" \
    --set run.min_fault_events=0

# Where the clock cuts a run, it is the run of that many steps: a run by
# duration D that ran S steps gives the figures of run.steps=S to the
# last digit (the cut does not change the run), and S is the first count
# whose run ends at or after D (run.steps=S-1 ends before it; EDGE=0:
# not checked, for a run cut by its faults' count).  The end:
# the job's (faults.done_s) with faults, else the simulated time.
ended() {	# ended FILE: when the job had its steps
	d=$(json "$1" faults.done_s)
	[ -n "$d" ] && echo "$d" || json "$1" simulated_time_s
}
cut_check() {	# cut_check NAME D SCENARIO ARGS...
	cn=$1 d=$2 sc=$3; shift 3
	# (the three runs' figures are compared: save and ran, for a failed
	# run's "" would equal another's)
	save "$TMP/cut.json" "$PSIM" run -f json "$@" --set run.duration=$d \
	    --set run.steps=null "$sc"
	n=$(json "$TMP/cut.json" steps)
	save "$TMP/cut-n.json" "$PSIM" run -f json "$@" --set run.steps="$n" "$sc"
	save "$TMP/cut-less.json" "$PSIM" run -f json "$@" \
	    --set run.steps=$((n - 1)) "$sc"
	for k in simulated_time_s goodput_steps_per_s step_time_s.mean \
	    simulation.messages; do
		check "$cn, $d: $n steps, $k as run.steps=$n's" \
		    ran "$TMP/cut.json" "$TMP/cut-n.json" -- same \
		    "$(json "$TMP/cut.json" $k)" "$(json "$TMP/cut-n.json" $k)"
	done
	[ "${EDGE:-1}" = 1 ] || return 0
	check "$cn, $d: $n steps end at or after it, $((n - 1)) before" \
	    ran "$TMP/cut.json" "$TMP/cut-less.json" -- \
	    awk -v a="$(ended "$TMP/cut.json")" -v b="$(ended \
	    "$TMP/cut-less.json")" -v d="$(awk -v d=$d 'BEGIN { print \
	    d * (d ~ /h$/ ? 3600 : d ~ /min$/ ? 60 : 1) }')" 'BEGIN { exit !(a >= d && b < d) }'
}
cut_check "sync PS, no faults" 600s "$S/seed-250m-10w-10g-ps8.json" $IDEAL
cut_check "sync PS over 8 shards, spot workers" 1h \
    "$S/spot-250m-10w-10g-sync-ps8.json"
cut_check "async PS over 8 shards, spot workers" 30min \
    "$S/spot-250m-10w-10g-async-ps8.json"
cut_check "ring, spot workers and checkpoints" 1h "$SPOT"

# an asynchronous PS without faults: each worker stops by itself, so
# they run different counts; every step began before D, and each worker's
# last one ended at or after it (else it would have begun another)
"$PSIM" run -f json --set strategy.sync=async --set run.duration=30s \
    --set run.steps=null --set 'cluster.compute_jitter={"lognormal":0.3}' \
    --timeline "$TMP/async.trace" -o "$TMP/async.json" \
    "$S/seed-250m-10w-10g-ps8.json"
check "async PS without faults by duration: every step in time" \
    python3 -c '
import collections, json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
first = collections.defaultdict(list); last = {}
for e in ev:
    if e.get("ph") != "X" or e["cat"] == "comm": continue
    if e["name"] == "compute": first[e["pid"]].append(e["ts"])
    else: last[e["pid"]] = max(last.get(e["pid"], 0), e["ts"] + e["dur"])
counts = sorted(len(v) for v in first.values())
assert len(first) == 10 and counts[0] < counts[-1], counts
assert counts[-1] == int(sys.argv[2]), (counts, sys.argv[2])
assert all(t < 30e6 for v in first.values() for t in v)
assert all(t >= 30e6 for t in last.values()), last
' "$TMP/async.trace" "$(json "$TMP/async.json" steps)"

# run.min_fault_events: the run goes on past its duration until it has
# seen that many faults, and is then cut as by the duration alone
"$PSIM" run -f json --set run.duration=30min --set run.min_fault_events=12 \
    --set run.steps=null "$S/spot-250m-10w-10g-async-ps8.json" >"$TMP/min.json"
check "run.min_fault_events=12 past run.duration=30min: at least 12 faults" \
    awk -v e="$(json "$TMP/min.json" faults.fault_events)" \
    -v t="$(json "$TMP/min.json" simulated_time_s)" \
    'BEGIN { exit !(e >= 12 && t > 1800) }'
check "run.min_fault_events=12: still few events (under 20)" \
    test "$(json "$TMP/min.json" faults.few_events)" = true
EDGE=0 cut_check "async PS, 8 fault events" 1s \
    "$S/spot-250m-10w-10g-async-ps8.json" --set run.min_fault_events=8
"$PSIM" run --set run.steps=null "$RING" >"$TMP/null.out" 2>"$TMP/null.err"
check "run.steps=null without run.duration: exit 2" test $? -eq 2
check "run.steps=null without run.duration: says what it expected" grep -q \
    '/run/steps: expected an integer from 1 to 1000000, got null' \
    "$TMP/null.err"


# One bad run.duration is one line: "steps": null beside it was also
# refused, as if no duration had been given (issue 38, class 5).
"$PSIM" run --set run.duration=banana --set run.steps=null \
    "$S/spot-250m-10w-10g-ring.json" >/dev/null 2>"$TMP/bad.err"
check "a bad run.duration with run.steps null: exit 2" test $? -eq 2
check "a bad run.duration with run.steps null: one line, the duration's" \
    test "$(wc -l <"$TMP/bad.err")" -eq 1 -a \
    "$(grep -c /run/duration "$TMP/bad.err")" -eq 1
# A run.duration past the most steps psim runs stopped there without a
# word: the report says so, text and JSON.
"$PSIM" run --set run.duration=8760h --set run.steps=null "$RING" \
    >"$TMP/cap.txt"
check "8760h of 2.56 s steps: the text says it stopped at the step cap" \
    grep -q "^stopped at the most steps psim runs (1000000) after 711.4 h simulated, short of run.duration's 8760 h" \
    "$TMP/cap.txt"
"$PSIM" run -f json --set run.duration=8760h --set run.steps=null "$RING" \
    >"$TMP/cap.json"
check "8760h: step_capped true" test "$(json "$TMP/cap.json" step_capped)" = true
check "8760h: the steps are the cap" \
    test "$(json "$TMP/cap.json" steps)" = 1000000
"$PSIM" run -f json --set run.duration=10h --set run.steps=null "$RING" \
    >"$TMP/nocap.json"
check "10h: step_capped false" \
    test "$(json "$TMP/nocap.json" step_capped)" = false
check "10h: no word of a cap" sh -c "! \"$PSIM\" run --set run.duration=10h \
    --set run.steps=null \"$RING\" | grep -q 'most steps psim runs'"

done_testing
