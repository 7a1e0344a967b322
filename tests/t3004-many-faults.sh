#!/bin/sh
# Long fault runs within SimGrid's limits (issue 38, class 1).  Every
# worker killed while it waited for a comm stayed alive inside SimGrid
# (its stack and its guard page: two memory mappings) because its exit
# callback made a simcall; after about 30,000 the process reached the
# kernel's vm.max_map_count and SimGrid aborted ("Failed to protect
# stack", exit 134).  And a job that could never finish a checkpoint
# cycle between two losses restarted until then, instead of being told.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios

# 100,000 fault events replayed: two workers of a ring, each preempted
# every 200 s for 30 s, at times that fall anywhere in a step (which is
# mostly communication: 10 GB of gradient at 10 Gbps against 1 s of
# compute), both up at 0.
awk 'BEGIN { print "time_s,event,host"
	print "0,return,host-0"; print "0,return,host-1"
	for (k = 0; k < 50000; k++) {
		t = 1000 + 100 * k + (k * 7919) % 40
		printf "%d,preempt,host-%d\n%d,return,host-%d\n", t, k % 2,
		    t + 30, k % 2
	} }' >"$TMP/churn.csv"
check "the trace holds 100,000 events" \
    test "$(grep -c 'preempt\|return' "$TMP/churn.csv")" -eq 100002
cat >"$TMP/churn.json" <<EOF
{ "model": { "params": "2.5G", "compute": "1s" },
  "cluster": { "nic": "10Gbps", "latency": "0s" },
  "placement": { "workers": 2 },
  "strategy": { "name": "allreduce", "algorithm": "ring" },
  "network": { "model": "ideal" },
  "faults": { "preemption": { "trace": "$TMP/churn.csv" }, "restart": "10s",
              "checkpoint": { "every": 10 } },
  "run": { "duration": "1400h", "warmup": 1 } }
EOF
save "$TMP/churn.out" "$PSIM" run -f json "$TMP/churn.json"
check "100,000 fault events: the run ends (exit 0)" \
    test "$(cat "$TMP/churn.out.rc")" -eq 0
check "100,000 fault events: every preemption played" ran "$TMP/churn.out" \
    -- test "$(json "$TMP/churn.out" faults.preemptions)" = 50000
check "100,000 fault events: and every restart" ran "$TMP/churn.out" \
    -- test "$(json "$TMP/churn.out" faults.restarts)" = 50000
check "100,000 fault events: through the whole run.duration" \
    ran "$TMP/churn.out" -- test "$(json "$TMP/churn.out" simulated_time_s)" \
    -ge 5040000

# No checkpoint cycle fits between two losses: said at once, in one line,
# with the numbers (the 250M-parameter spot ring at 1000 times the size:
# 100 steps of 1,600 s against a loss every 590 s).
"$PSIM" run --set model.params=250G "$S/spot-250m-10w-10g-ring.json" \
    >"$TMP/out" 2>"$TMP/err"
check "no cycle fits: exit 2" test $? -eq 2
check "no cycle fits: one line, no report" \
    test "$(wc -l <"$TMP/err")" -eq 1 -a ! -s "$TMP/out"
check "no cycle fits: says so at the preemptions' mean lifetime" grep -q \
    "/faults/preemption/mttp: the job cannot finish: 100 steps between checkpoints take about 44.47 h without faults and a restart with its restore at least 1720 s more, and its 10 workers, each living 5904 s on average, lose one every 590.4 s: a stretch that long without a loss takes about e^274 tries" \
    "$TMP/err"
# The issue's own: a 1560 s step, a checkpoint every 100 steps, a loss
# every 10 minutes.
"$PSIM" run --set model.compute=1560s --set model.params=1M \
    --set faults.preemption.mttp=100min --set faults.checkpoint.every=100 \
    "$S/spot-250m-10w-10g-ring.json" >"$TMP/out" 2>"$TMP/err"
check "a 1560 s step, checkpoints every 100, a loss every 10 min: exit 2" \
    test $? -eq 2
check "... the verdict" grep -q "the job cannot finish: 100 steps between checkpoints" \
    "$TMP/err"
# Where a cycle does fit, even if it takes many tries, the run goes on.
"$PSIM" run -f json --set faults.checkpoint.every=10 \
    "$S/spot-250m-10w-10g-ring.json" >"$TMP/ok.json"
check "a cycle that fits: the run ends (exit 0)" test $? -eq 0
# run.duration asks for no end: the report says what was done.
"$PSIM" run --set model.params=250G --set run.duration=48h \
    --set run.steps=null "$S/spot-250m-10w-10g-ring.json" >"$TMP/dur.txt"
check "no cycle fits, by run.duration: a report (exit 0)" test $? -eq 0

done_testing
