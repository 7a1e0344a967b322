#!/bin/sh
# run.fast_forward: a run that skips the steps of a steady state gives
# the report of the run of every step.  On 36 scenarios drawn from a
# fixed seed (all-reduce algorithms, star, two tiers and a platform
# file, 2 to 16 workers, the three network models, run.steps or
# run.duration), every number of the JSON report but the wall clock
# agrees to 1e-9 with fast_forward true and false, and most of them do
# skip steps; so do 24 synchronous parameter servers (dedicated and
# colocated shards, chunks, the four partitions, BytePS's CPU hosts,
# machines reducing inside first).  Where steps differ (jitter, backup
# workers, numerics, buckets, an elastic ring) nothing is
# skipped (the asynchronous PS: t3005); the steps
# --timeline-steps keeps are run, their events the same; the text report
# says how many were skipped.  t3003 does the same under faults.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
RING=$S/seed-250m-10w-10g-ring.json

SAME=$SRCDIR/tests/same-report.py

# pair NAME ARGS...: the run with fast_forward true and false, the
# same report; the steps skipped in $TMP/skipped
pair() { ff_pair fast_forwarded_steps steps "$@"; }

# 36 scenarios from a fixed seed: --set lists, one a line
python3 - >"$TMP/corpus" <<'EOF'
import random
r = random.Random(23)
algs = ["ring", "recursive-doubling", "halving-doubling", "2d-ring",
        "hierarchical", "all-to-all", "binomial-tree", "ring"]
for i in range(36):
    alg = algs[i % len(algs)]
    n = r.choice([2, 3, 4, 5, 6, 8, 9, 12, 16])
    sets = ["strategy.algorithm=" + alg, "placement.workers=%d" % n,
            "model.params=%dM" % r.choice([1, 10, 50, 250]),
            "model.compute=%gs" % r.choice([0.5, 1, 2]),
            "cluster.nic=%dGbps" % r.choice([10, 25, 100]),
            "cluster.latency=%dus" % r.choice([1, 5, 50]),
            "network=" + r.choice(["realistic", "ideal", "cm02"])]
    if alg == "2d-ring" and n not in (4, 6, 8, 9, 12, 16):
        sets[0] = "strategy.algorithm=ring"
    if r.random() < 0.3 and n >= 4:
        sets += ["cluster.topology=two-tier", "cluster.racks=2",
                 "cluster.oversubscription=%d" % r.choice([1, 2, 4])]
    if r.random() < 0.3:
        sets += ["run.duration=%ds" % r.choice([60, 300, 900]),
                 "run.steps=null"]
    else:
        sets += ["run.steps=%d" % r.choice([12, 40, 150])]
    print(" ".join("-s " + s for s in sets))
EOF
corpus_pairs "$TMP/corpus" "$RING"
check "most of the corpus skips steps ($engaged of 36)" test "$engaged" -ge 24
pair "a platform file" -s run.steps=60 "$S/lab-2x4-ring.json"
check "... skips" test "$(cat "$TMP/skipped")" -gt 40
pair "a day of ring by run.duration" -s run.duration=1d -s run.steps=null "$RING"
check "... all but a few of its 33,700 steps skipped" test "$(cat "$TMP/skipped")" -gt 33000

# 24 synchronous parameter servers from a fixed seed: a base, then --set
# lists (variables sum to the parameters)
sed 's/"strategy": { "name": "ps", "shards": 8 }/"strategy": { "name": "bytesps" }/' \
    "$S/seed-250m-10w-10g-ps8.json" >"$TMP/bytesps.json"
python3 - >"$TMP/ps-corpus" <<'EOF'
import random
r = random.Random(29)
for i in range(24):
    n = r.choice([2, 3, 4, 6, 8, 10, 16])
    P = r.choice([1, 10, 50, 250])
    sets = ["placement.workers=%d" % n, "model.params=%dM" % P,
            "model.compute=%gs" % r.choice([0.5, 1, 2]),
            "cluster.nic=%dGbps" % r.choice([10, 25, 100]),
            "cluster.latency=%dus" % r.choice([1, 5, 50]),
            "network=" + r.choice(["realistic", "ideal", "cm02"])]
    kind = i % 4
    if kind == 0:	# dedicated shards
        sets += ["strategy.shards=%d" % r.choice([1, 2, 4, 8]),
                 "strategy.chunks=%d" % r.choice([1, 1, 2, 4])]
    elif kind == 1:	# shards on workers
        sets += ["strategy.colocate=true",
                 "strategy.shards=%d" % r.randint(1, n),
                 "strategy.partition=" + r.choice(["even", "round-robin",
                     "balanced", "mxnet"]),
                 "strategy.variables=[%s]" % ",".join('"%dK"' % (P * f)
                     for f in (400, 240, 200, 100, 60))]
    elif kind == 2:	# BytePS (small: every flow is in flight at once)
        sets += ["placement.workers=%d" % r.choice([2, 3, 4, 5]),
                 "placement.servers=%d" % r.randint(0, 3)]
    else:		# multi-GPU machines, each reducing inside first
        g = r.choice([2, 4])
        sets += ["cluster.gpus_per_host=%d" % g,
                 "placement.workers=%d" % (g * r.choice([2, 3, 4])),
                 "strategy.colocate=true", "strategy.shards=2",
                 "strategy.local_reduce=true", "cluster.intra_bw=100Gbps"]
    if r.random() < 0.3 and n >= 4 and kind != 3:
        sets += ["cluster.topology=two-tier", "cluster.racks=2",
                 "cluster.oversubscription=%d" % r.choice([1, 2, 4])]
    if r.random() < 0.3 and kind != 2:
        sets += ["run.duration=%ds" % r.choice([60, 300, 900]),
                 "run.steps=null"]
    else:
        sets += ["run.steps=%d" % r.choice([12, 40, 150])]
    print(("bytesps " if kind == 2 else "ps ") +
          " ".join("-s " + s for s in sets))
EOF
engaged=0
i=0
while read -r base sets; do
	i=$((i + 1))
	f=$S/seed-250m-10w-10g-ps8.json
	[ "$base" = bytesps ] && f=$TMP/bytesps.json
	# shellcheck disable=SC2086
	pair "PS corpus $i ($base $(echo $sets | sed 's/-s //g'))" $sets "$f"
	[ "$(cat "$TMP/skipped")" -gt 0 ] && engaged=$((engaged + 1))
done <"$TMP/ps-corpus"
check "most of the PS corpus skips steps ($engaged of 24)" test "$engaged" -ge 14
pair "6 hours of the seed's 8-shard PS by run.duration" -s run.duration=6h \
    -s run.steps=null "$S/seed-250m-10w-10g-ps8.json"
check "... all but a few of its 7,054 steps skipped" test "$(cat "$TMP/skipped")" -gt 7000

# Nothing skipped where steps differ or the strategy is not covered
for c in "stragglers:$S/straggler-ring.json:-s run.steps=60" \
	"an elastic ring:$S/spot-250m-10w-10g-ring.json:-s run.steps=300 -s faults.elastic.min_workers=2" \
	"backup workers:$S/seed-250m-10w-10g-ps8.json:-s run.steps=60 -s strategy.sync=backup -s strategy.backup_workers=1" \
	"buckets:$S/resnet50-16w-10g-ring-buckets.json:-s run.steps=30" \
	"double binary tree:$RING:-s strategy.algorithm=double-binary-tree -s run.steps=60"; do
	name=${c%%:*}; rest=${c#*:}; f=${rest%%:*}; sets=${rest#*:}
	# shellcheck disable=SC2086
	"$PSIM" run -f json $sets "$f" >"$TMP/r.json" 2>"$TMP/err"
	check "$name: nothing skipped" test "$(json "$TMP/r.json" simulation.fast_forwarded_steps)" = 0
done

# The timeline's steps are run, their events those of the full run
for ff in true false; do
	"$PSIM" run -f json -s run.steps=100 -s run.fast_forward=$ff \
		--timeline "$TMP/tl-$ff.json" --timeline-steps 50..51 "$RING" \
		>"$TMP/$ff.json" || not_ok "timeline run"
done
check "with --timeline-steps 50..51: the same report" \
	python3 "$SAME" "$TMP/true.json" "$TMP/false.json"
check "... steps skipped on both sides of them" \
	test "$(json "$TMP/true.json" simulation.fast_forwarded_steps)" -gt 80
check "... the trace's events the same, to 1e-9" python3 -c "
import json, sys
def key(e):
    return (e.get('cat', ''), e['name'], e['pid'], e['tid'],
            json.dumps(e.get('args'), sort_keys=True), e.get('ts', 0))
# (events that end within 1e-11 s of each other may come in either order)
a, b = (sorted(json.load(open(f))['traceEvents'], key=key)
        for f in sys.argv[1:3])
assert len(a) == len(b) and len(a) > 1000, (len(a), len(b))
for x, y in zip(a, b):
    assert x['name'] == y['name'] and x.get('args') == y.get('args'), (x, y)
    for k in ('ts', 'dur'):
        if k in x:
            assert abs(x[k] - y[k]) <= 1e-9 * abs(y[k]) + 1e-6, (x, y)
" "$TMP/tl-true.json" "$TMP/tl-false.json"

"$PSIM" run -s run.steps=100 "$RING" >"$TMP/text" 2>&1
"$PSIM" run -f json -s run.steps=100 "$RING" >"$TMP/r.json" 2>&1
n=$(json "$TMP/r.json" simulation.fast_forwarded_steps)
check "the text report says how many ($n)" grep -q "; $n steps fast-forwarded; " "$TMP/text"
check "... most of the 100" test "$n" -gt 80
"$PSIM" run -s run.fast_forward=1 "$RING" >/dev/null 2>"$TMP/err"
check "run.fast_forward=1: exit 2" test $? -eq 2
check "... expected true or false" grep -q "/run/fast_forward: expected true or false, got 1" "$TMP/err"

done_testing
