#!/bin/sh
# Stragglers: slow hosts and compute jitter drawn from the scenario's
# seed.  A synchronous step waits for the slowest worker.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios/seed-250m-10w-10g-ring.json
run() { "$PSIM" run --format json --set network=ideal "$@" "$S"; }

run --set 'cluster.slow_hosts=[{"host": "host-3", "factor": 2}]' >"$TMP/slow.json"
check_near "a host twice as slow: the step is its 2 s plus the ring's 1.44 s" \
    "$(json "$TMP/slow.json" step_time_s.mean)" 3.44018 1e-6
check_near "a host twice as slow: mean compute (9 x 1 + 2) / 10" \
    "$(json "$TMP/slow.json" breakdown_s.compute)" 1.1 1e-9
check_near "a host twice as slow: the other nine wait 1 s each" \
    "$(json "$TMP/slow.json" breakdown_s.wait)" 0.9 1e-6

# (two failed runs give two empty reports, which cmp alike, and "" is not
# a step time: the runs' statuses first, through save and ran)
save "$TMP/l1.json" run --set 'cluster.compute_jitter={"lognormal": 0.2}' --set run.steps=200
save "$TMP/l2.json" run --set 'cluster.compute_jitter={"lognormal": 0.2}' --set run.steps=200
grep -v wall_s "$TMP/l1.json" >"$TMP/l1"
grep -v wall_s "$TMP/l2.json" >"$TMP/l2"
check "jitter: the same seed gives the same report" \
    ran "$TMP/l1.json" "$TMP/l2.json" -- cmp "$TMP/l1" "$TMP/l2"
save "$TMP/l3.json" run --set 'cluster.compute_jitter={"lognormal": 0.2}' \
    --set run.steps=200 --set seed=7
check "jitter: another seed, other step times" \
    ran "$TMP/l1.json" "$TMP/l3.json" -- test \
    "$(json "$TMP/l1.json" step_time_s.mean)" != "$(json "$TMP/l3.json" step_time_s.mean)"
check_near "lognormal jitter keeps the mean compute (1 s over 1990 draws)" \
    "$(json "$TMP/l1.json" breakdown_s.compute)" 1 0.03
check "lognormal jitter: the step waits for the slowest of 10 (p95 above the mean)" \
    awk -v p="$(json "$TMP/l1.json" step_time_s.p95)" -v m="$(json "$TMP/l1.json" step_time_s.mean)" \
    'BEGIN { exit !(p > m && m > 2.44018) }'
run --set 'cluster.compute_jitter={"exponential": "100ms"}' --set run.steps=200 >"$TMP/e.json"
check_near "exponential jitter adds its mean, 100 ms, to the compute" \
    "$(json "$TMP/e.json" breakdown_s.compute)" 1.1 0.03

# On a platform file too: a straggler named by the platform's host name.
"$PSIM" run --format json --set 'cluster.slow_hosts=[{"host": "node2.lab", "factor": 3}]' \
    "$SRCDIR/tests/data/user-platform.json" >"$TMP/p.json"
check_near "a slow host on a platform file: compute (3 + 1 + 1) / 3" \
    "$(json "$TMP/p.json" breakdown_s.compute)" "$(awk 'BEGIN { printf "%.12g", 5 / 3 }')" 1e-9

"$PSIM" run --set 'cluster.slow_hosts=[{"host": "host-99", "factor": 2}]' "$S" \
    >/dev/null 2>"$TMP/err"
check "a slow host that runs no worker: exit 2" test $? -eq 2
check "a slow host that runs no worker: says which" grep -qx \
    "psim: $S: /cluster/slow_hosts/0/host: no worker on host \"host-99\"" "$TMP/err"
"$PSIM" validate --set 'cluster.slow_hosts=[{"host": "host-99", "factor": 2}]' "$S" \
    >/dev/null 2>&1
check "psim validate finds it too" test $? -eq 2
"$PSIM" run --set 'cluster.compute_jitter={"gaussian": 1}' "$S" >/dev/null 2>"$TMP/err"
check "an unknown jitter: did you mean" grep -q 'unknown key "gaussian"' "$TMP/err"

done_testing
