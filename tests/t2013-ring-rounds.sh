#!/bin/sh
# run.fast_forward inside a step: a ring all-reduce skips the rounds of a
# phase once two of them have ended, each at one instant, a period apart
# (ring.c says why that is exact).  On 30 ring scenarios drawn from a
# fixed seed (5 to 128 workers, star, two tiers, multi-GPU machines and
# a platform file, the three network models, several steps or a
# duration) every number of the JSON report but the wall clock and the
# fast-forward counts agrees to 1e-9 with fast_forward true and false;
# on a star the rounds are skipped, and the messages left unsimulated
# are the rule's count: 3 rounds run a phase, 2 (n - 4) n skipped a
# step.  So do the ring of hierarchical all-reduce's group leaders and
# 2d-ring's rings, side by side; under faults too, up to the next fault
# event.  Where a ring must not skip (numerics, buckets) nothing is
# skipped.  All-to-all on a symmetric star
# simulates worker 0's flows and those to it only (strategy-all-to-all.c
# says why that is exact): the same report under every network model, a
# transport's cap, crosstraffic off, fp16; (n - 1)(n - 2) messages a step
# left unsimulated; none where a backbone or a straggler breaks the
# symmetry; and 4096 workers fit in memory.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
RING=$S/seed-250m-10w-10g-ring.json

# pair NAME ARGS...: the run with fast_forward true and false, the
# same report; the messages left unsimulated in $TMP/skipped
pair() { ff_pair fast_forwarded_messages messages "$@"; }

# The rule's count on a star: each phase runs rounds 0-2 and skips the
# other n - 4 for each of the n workers, so a step leaves 2 (n - 4) n
# messages unsimulated (the step-level skip stays off with 2 steps).
for n in 5 10 64 256; do
	pair "star of $n, 2 steps" -s placement.workers=$n -s run.steps=2 \
	    -s run.warmup=1 "$RING"
	check "... 2 x 2 (n - 4) n = $((4 * (n - 4) * n)) messages skipped" \
	    test "$(cat "$TMP/skipped")" = "$((4 * (n - 4) * n))"
done
pair "star of 4: no round to skip" -s placement.workers=4 -s run.steps=2 \
    -s run.warmup=1 "$RING"
check "... none skipped" test "$(cat "$TMP/skipped")" = 0

# 30 ring scenarios from a fixed seed: --set lists, one a line
python3 - >"$TMP/corpus" <<'EOF'
import random
r = random.Random(31)
for i in range(30):
    n = r.choice([5, 6, 8, 12, 16, 24, 32, 48, 64, 100, 128])
    sets = ["placement.workers=%d" % n,
            "model.params=%dM" % r.choice([1, 10, 50, 250]),
            "model.compute=%gs" % r.choice([0.5, 1, 2]),
            "cluster.nic=%dGbps" % r.choice([10, 25, 100]),
            "cluster.latency=%dus" % r.choice([1, 5, 50]),
            "network=" + r.choice(["realistic", "ideal", "cm02"])]
    kind = i % 3
    if kind == 1 and n % 4 == 0:
        sets += ["cluster.topology=two-tier", "cluster.racks=%d" %
                 r.choice([2, 4]), "cluster.oversubscription=%d" %
                 r.choice([1, 2, 4])]
    elif kind == 2 and n % 4 == 0:
        sets += ["cluster.gpus_per_host=4", "cluster.hosts=%d" % (n // 4),
                 "cluster.intra_bw=%dGbps" % r.choice([100, 400])]
    if r.random() < 0.3:
        sets += ["run.duration=%ds" % r.choice([20, 60]), "run.steps=null"]
    else:
        sets += ["run.steps=%d" % r.choice([2, 3, 6])]
    print(" ".join("-s " + s for s in sets))
EOF
corpus_pairs "$TMP/corpus" "$RING"
check "most of the corpus skips rounds ($engaged of 30)" test "$engaged" -ge 15
pair "a platform file" -s run.steps=3 "$S/lab-2x4-ring.json"

# Hierarchical all-reduce: its leaders' ring skips rounds too, between
# the groups' trees (machines of 4 GPUs, racks of hosts, or none).
for g in "-s cluster.gpus_per_host=4 -s cluster.hosts=16" \
    "-s cluster.topology=two-tier -s cluster.racks=8" ""; do
	# shellcheck disable=SC2086
	pair "hierarchical, 64 workers ${g:-on a star}" \
	    -s strategy.algorithm=hierarchical -s placement.workers=64 \
	    -s run.steps=3 $g "$RING"
	check "... rounds skipped" test "$(cat "$TMP/skipped")" -gt 0
done

# 2d-ring: its rows' rings, then its columns', skip together (8 x 8:
# rings of 8, each phase runs 3 rounds of 7 and skips 4, for all 64
# workers: 4 phases x 4 x 64 = 1024 messages a step).
pair "2d-ring, 8 x 8 on a star, 2 steps" -s strategy.algorithm=2d-ring \
    -s placement.workers=64 -s run.steps=2 -s run.warmup=1 "$RING"
check "... 2 x 4 x 4 x 64 = 2048 messages skipped" \
    test "$(cat "$TMP/skipped")" = 2048
pair "2d-ring, 10 x 10 on two tiers" -s strategy.algorithm=2d-ring \
    -s placement.workers=100 -s cluster.topology=two-tier \
    -s cluster.racks=10 -s run.steps=3 "$RING"

# Under faults a ring skips rounds too, all ending before the fault
# controller's next event (tests/t3003 holds whole corpora to it).
pair "spot ring of 16, 2 simulated hours" -s placement.workers=16 \
    -s run.steps=null -s run.duration=2h "$S/spot-250m-10w-10g-ring.json"
check "... rounds skipped" test "$(cat "$TMP/skipped")" -gt 0

# All-to-all on a symmetric star: worker 0's flows stand for all.
A2A=$S/seed-250m-10w-10g-all-to-all.json
for n in 3 10 40; do
	pair "all-to-all, star of $n, 2 steps" -s placement.workers=$n \
	    -s run.steps=2 -s run.warmup=1 "$A2A"
	check "... 2 (n - 1)(n - 2) = $((2 * (n - 1) * (n - 2))) messages skipped" \
	    test "$(cat "$TMP/skipped")" = "$((2 * (n - 1) * (n - 2)))"
done
pair "all-to-all of 256, 1 step" -s placement.workers=256 -s run.steps=1 \
    -s run.warmup=0 -s model.params=10M "$A2A"
for net in '{"model": "ideal"}' '{"model": "cm02"}' \
    '{"model": "realistic", "crosstraffic": false}' \
    '{"model": "realistic", "flow_cap": "5Gbps"}' \
    '{"model": "ideal", "transport": "gloo-tcp"}'; do
	pair "all-to-all of 12 on $net" -s placement.workers=12 \
	    -s "network=$net" -s run.steps=2 -s run.warmup=1 "$A2A"
done
pair "all-to-all of 12, fp16 on the wire, 2 idle hosts" \
    -s placement.workers=12 -s cluster.hosts=14 -s strategy.wire_dtype=fp16 \
    -s run.steps=2 -s run.warmup=1 "$A2A"
# (under a 4 GB limit, so that the second is refused on any machine;
# not under ASan, whose shadow memory a limit on the address space
# forbids)
if command -v prlimit >/dev/null 2>&1 &&
    ! { ldd "$PSIM" 2>/dev/null | grep -q asan; }; then
	prlimit --as=4000000000 "$PSIM" run -s placement.workers=4096 \
	    -s run.steps=1 -s run.warmup=0 "$A2A" >"$TMP/big.txt" 2>"$TMP/err"
	check "all-to-all of 4096 on a symmetric star runs within 4 GB" \
	    grep -q "; 16773120 messages; 16764930 messages never simulated; " \
	    "$TMP/big.txt"
	prlimit --as=4000000000 "$PSIM" run -s placement.workers=4096 \
	    -s cluster.switch_bw=10Tbps "$A2A" >/dev/null 2>"$TMP/err"
	check "... with a backbone, its 16.8 M flows at once are refused" \
	    grep -q "keeps 33546240 messages in flight at once" "$TMP/err"
else
	skip "all-to-all of 4096 within 4 GB" "no prlimit, or an ASan build"
	skip "... with a backbone, refused" "no prlimit, or an ASan build"
fi

# Where a ring must not skip rounds: none left unsimulated by rounds (the
# step-level skip stays off with 3 steps).
none() {
	name=$1; shift
	if "$PSIM" run -f json -s placement.workers=16 -s run.steps=3 "$@" \
	    >"$TMP/r.json" 2>"$TMP/err"; then
		check "$name: no round skipped" test \
		    "$(json "$TMP/r.json" simulation.fast_forwarded_messages)" = 0
	else
		not_ok "$name: runs" "$(cat "$TMP/err")"
	fi
}
none "numerics" -s numerics.mode=proxy -s model.params=1M "$RING"
none "buckets" "$S/resnet50-16w-10g-ring-buckets.json"
none "fast_forward false" -s run.fast_forward=false "$RING"
none "all-to-all with a backbone" -s cluster.switch_bw=100Gbps "$A2A"
none "all-to-all with a straggler" \
    -s 'cluster.slow_hosts=[{"host": "host-3", "factor": 1.5}]' "$A2A"
none "all-to-all with compute jitter" \
    -s 'cluster.compute_jitter={"lognormal": 0.1}' "$A2A"
"$PSIM" run -s placement.workers=16 -s run.steps=2 -s run.warmup=1 "$RING" >"$TMP/t.txt" 2>&1
check "the text report says how many messages were never simulated" \
    grep -q "; 960 messages; 768 messages never simulated; " "$TMP/t.txt"
done_testing
