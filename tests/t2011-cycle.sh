#!/bin/sh
# A framework's coordination loop (strategy.cycle; psim-scenario(5), HOST
# COSTS; issue 35): Horovod's background thread sleeps a cycle, takes the
# buckets ready then, reduces them back to back, and sleeps again.
# Checked against a step worked out by hand (a loop slower than the
# compute: every bucket waits for the wake a cycle into the step, then
# all of them go at once), against the closed form, which follows the
# same loop, and against the run without it.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

# ResNet-50's layers, 4 workers in a ring on 10 Gbps without latency,
# buckets of 25 MB.
cat >"$TMP/c.json" <<EOF
{ "model": { "preset": "resnet50", "batch": 32, "compute": "0.3s" },
  "cluster": { "nic": "10Gbps", "latency": "0s" },
  "placement": { "workers": 4 },
  "strategy": { "name": "allreduce", "algorithm": "ring", "bucket": "25MB" },
  "network": { "model": "ideal" }, "run": { "steps": 6, "warmup": 1 } }
EOF
run() {	# run NAME SET...: the JSON report into $TMP/NAME.json
	r_n=$1; shift
	"$PSIM" run --format json "$@" "$TMP/c.json" >"$TMP/$r_n.json"
	echo $? >"$TMP/$r_n.rc"
}
step() { json "$TMP/$1.json" step_time_s.mean; }

run none
check "without a loop: runs" test "$(cat "$TMP/none.rc")" -eq 0
M=$(json "$TMP/none.json" model.wire_bytes)
check "the gradient's wire bytes are known" test -n "$M"
# A loop of 1 s, longer than the 0.3 s compute: nothing is ready at the
# first wake but at 1 s, when all buckets are; they go back to back, a
# ring of 4 moving 2 (n - 1) / n of each: the step is 1 s + 1.5 M / B.
run long --set strategy.cycle=1s
check "a loop of 1 s: runs" test "$(cat "$TMP/long.rc")" -eq 0
check_near "a loop of 1 s: each step is the wake at 1 s and then every bucket" \
    "$(step long)" "$(awk -v m="$M" 'BEGIN { printf "%.12g", 1 + 1.5 * m / 1.25e9 }')" 1e-9
check_near "a loop of 1 s: the closed form agrees" \
    "$(json "$TMP/long.json" analytic.step_time_s)" "$(step long)" 1e-9
# The closed form follows the loop wherever the buckets are ready.
for set in "strategy.cycle=5ms" "strategy.cycle=2ms strategy.bucket=5MB" \
    "strategy.cycle=50ms" "strategy.cycle=5ms strategy.algorithm=halving-doubling" \
    "strategy.cycle=5ms model.preset=vgg16 strategy.bucket=64MB placement.workers=8"; do
	on_off "$set" "the loop" "$(set_args "$set")" \
	    's/--set strategy.cycle=[^ ]*//' 1e-9
	check "$set: by less than a cycle for each bucket" awk -v a="$(step one)" \
	    -v b="$(step off)" -v n="$(json "$TMP/one.json" buckets)" \
	    -v c="$(echo "$set" | sed 's/.*cycle=\([0-9]*\)ms.*/\1/')" \
	    'BEGIN { exit !(a - b <= n * c / 1e3 + 1e-9) }'
done
# 0 is none, and --nominal turns it off.
run zero --set strategy.cycle=0
grep -v '"overrides"\|"wall_s"' "$TMP/zero.json" >"$TMP/a"
grep -v '"overrides"\|"wall_s"' "$TMP/none.json" >"$TMP/b"
check "strategy.cycle 0: the report of no loop" cmp -s "$TMP/a" "$TMP/b"
"$PSIM" run --format json --nominal --set strategy.cycle=5ms "$TMP/c.json" |
    grep -v '"overrides"\|"wall_s"' >"$TMP/a"
check "run --nominal: the loop off" cmp -s "$TMP/a" "$TMP/b"

# Errors.
refused "a loop without buckets" \
    "/strategy/cycle: a framework's coordination loop hands it the buckets backprop fills: it needs /strategy/bucket" "$TMP/c.json" \
    --set 'strategy={"name": "allreduce", "algorithm": "ring", "cycle": "5ms"}'
refused "a loop with a parameter server" \
    "/strategy/cycle: only used with an all-reduce's buckets" "$TMP/c.json" \
    --set 'strategy={"name": "ps", "bucket": "25MB", "cycle": "5ms"}'
refused "a negative cycle" \
    '/strategy/cycle: expected 0 or a duration between 1ns and 10s, got "-1ms"' "$TMP/c.json" \
    --set strategy.cycle=-1ms

# psim explain beside a published efficiency: what the loop takes.
"$PSIM" explain --set 'published={"efficiency": 0.5, "source": "a test"}' \
    --set strategy.cycle=50ms "$TMP/c.json" >"$TMP/ex.txt"
check "explain: the loop, with its source" grep -q \
    "the coordination loop, a wake every 50 ms (strategy.cycle): " "$TMP/ex.txt"
check "explain: the loop's source is Horovod's own" grep -q \
    "measured alone: horovod/horovod horovod/tensorflow/mpi_ops.cc@d54e3a88" "$TMP/ex.txt"

done_testing
