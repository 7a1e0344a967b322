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

# The closed form's wait: the expected slowest of n draws (order
# statistics; unit-stats checks the quadrature), against the runs' mean
# over 1000 steps.  Exponential: exactly 100 ms x (H(10) - 1), H the
# harmonic numbers; the runs' own wait within 4 standard errors of it.
plus() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN { printf "%.12g", a + b }'; }
for j in '{"lognormal": 0.2}' '{"exponential": "100ms"}'; do
	save "$TMP/o.json" run --set "cluster.compute_jitter=$j" --set run.steps=1000
	check_near "jitter $j: the closed form's compute + wait is the runs'" \
	    "$(plus "$(json "$TMP/o.json" breakdown_s.compute)" "$(json "$TMP/o.json" breakdown_s.wait)")" \
	    "$(plus "$(json "$TMP/o.json" analytic.compute_s)" "$(json "$TMP/o.json" analytic.wait_s)")" 0.01
done
check_near "exponential jitter: the closed form waits 100 ms x (H(10) - 1)" \
    "$(json "$TMP/o.json" analytic.wait_s)" \
    "$(awk 'BEGIN { for (i = 1; i <= 10; i++) h += 1 / i; printf "%.12g", 0.1 * (h - 1) }')" 1e-9
check_near "exponential jitter: the runs wait as long (1000 steps)" \
    "$(json "$TMP/o.json" breakdown_s.wait)" "$(json "$TMP/o.json" analytic.wait_s)" 0.05
PS=$SRCDIR/scenarios/seed-250m-10w-10g-ps8.json
save "$TMP/b.json" "$PSIM" run --format json --set network=ideal \
    --set 'cluster.compute_jitter={"exponential": "100ms"}' \
    --set strategy.sync=backup --set strategy.backup_workers=3 --set run.steps=1000 "$PS"
check_near "backup workers: the closed form waits for the 7th of 10, 100 ms x (H(10) - H(3) - 1)" \
    "$(json "$TMP/b.json" analytic.wait_s)" \
    "$(awk 'BEGIN { for (i = 4; i <= 10; i++) h += 1 / i; printf "%.12g", 0.1 * (h - 1) }')" 1e-9
save "$TMP/a.json" "$PSIM" run --format json --set network=ideal \
    --set 'cluster.compute_jitter={"lognormal": 0.2}' --set strategy.sync=async "$PS"
check "asynchronous PS: no wait for the slowest in the closed form" \
    ran "$TMP/a.json" -- test "$(json "$TMP/a.json" analytic.wait_s)" = null

# A published spread by name (hardware.def SPREAD, psim-scenario(5) HOST
# COSTS): the lognormal of its row's sigma, drawn alike; --nominal takes
# it out, as it takes every host cost, while a scenario's own jitter
# stays.
sigma=$(awk -F', *' '/^SPREAD\("k80",/ { print $2 }' "$SRCDIR/src/model/hardware.def")
check "the k80 spread's sigma read from hardware.def" test -n "$sigma"
save "$TMP/k80.json" run --set cluster.compute_jitter=k80 --set run.steps=50
save "$TMP/sig.json" run --set "cluster.compute_jitter={\"lognormal\": $sigma}" --set run.steps=50
check "a published spread is the lognormal of its sigma: the same steps" \
    same "$(json "$TMP/k80.json" step_time_s.mean)" "$(json "$TMP/sig.json" step_time_s.mean)" \
    "$(json "$TMP/k80.json" analytic.wait_s)" "$(json "$TMP/sig.json" analytic.wait_s)"
check "a published spread waits for the slowest of 10 (0.56% a step: above 0.5% of 1 s)" \
    awk -v w="$(json "$TMP/k80.json" analytic.wait_s)" 'BEGIN { exit !(w > 0.005 && w < 0.01) }'
save "$TMP/nom.json" run --set cluster.compute_jitter=k80 --set run.steps=50 --nominal
check "--nominal takes a published spread out" \
    ran "$TMP/nom.json" -- test "$(json "$TMP/nom.json" analytic.wait_s)" = null
save "$TMP/own.json" run --set "cluster.compute_jitter={\"lognormal\": $sigma}" --set run.steps=50 --nominal
check "--nominal keeps a scenario's own jitter" \
    same "$(json "$TMP/own.json" step_time_s.mean)" "$(json "$TMP/sig.json" step_time_s.mean)"
"$PSIM" run --set cluster.compute_jitter=k81 "$S" >/dev/null 2>"$TMP/err"
check "an unknown spread: exit 2, the spreads named" grep -qx \
    "psim: $S: /cluster/compute_jitter: expected \"none\", a published spread (k80, v100), {\"lognormal\": SIGMA} or {\"exponential\": MEAN}, got \"k81\"" "$TMP/err"

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
