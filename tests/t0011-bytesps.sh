#!/bin/sh
# BytePS: a summation service on each of n workers and on k CPU hosts,
# the bytes split as the paper's optimum (x = (n-k)M/(n^2+kn-2k) on each
# worker), pushes and pulls pipelined in chunks.  Its closed form
# 2n(n-1)M/((n^2+kn-2k)B) is 2(n-1)/n M/B (ring) for k = 0 and M/B for
# k = n; the simulation meets both within 2%.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
D=$SRCDIR/tests/data

run() {	# run K -> JSON
	"$PSIM" run --format json --set placement.servers=$1 "$D/bytesps.json"
}
step() { awk -v s="$(json "$1" step_time_s.mean)" 'BEGIN { print s - 1 }'; }

run 0 >"$TMP/k0.json"
check_near "k = 0: like ring all-reduce, 2(n-1)/n M/B" "$(step "$TMP/k0.json")" 1.44 0.02
run 10 >"$TMP/k10.json"
check_near "k = n: M/B" "$(step "$TMP/k10.json")" 0.8 0.02
check "k = n: no summation on the workers (10 shards, on the CPU hosts)" \
    test "$(json "$TMP/k10.json" shards)" = 10

# k = 2: each CPU host takes (M - 10x)/2 with x = 8M/116, from 10 workers.
run 2 >"$TMP/k2.json"
check_near "k = 2: a CPU host receives n (M - n x)/k per step" \
    "$(grep '"role": "server 0 ' "$TMP/k2.json" | sed 's/.*"bytes_received": \([0-9.e+]*\).*/\1/' |
        awk '{ print $1 / 2 }')" \
    "$(awk 'BEGIN { x = 8e9 / 116; printf "%.12g", 10 * (1e9 - 10 * x) / 2 }')" 1e-6
paper=$(awk 'BEGIN { n = 10; k = 2; printf "%.12g", 2*n*(n-1)*1e9 / ((n*n + k*n - 2*k) * 1.25e9) }')
check "k = 2: fair-shared TCP flows stay above the paper's ideal schedule" \
    awk -v s="$(step "$TMP/k2.json")" -v p="$paper" 'BEGIN { exit !(s > p) }'
check "k = 2: and below no CPU hosts at all" \
    awk -v s="$(step "$TMP/k2.json")" -v r="$(step "$TMP/k0.json")" 'BEGIN { exit !(s < r) }'

# Chunks pipeline a plain PS too: with P chunks over 8 dedicated shards the
# 2 s of push-then-pull tend to the 1 s both take at once, plus 1/P.
for P in 1 4 16; do
	"$PSIM" run --format json --set network=ideal --set run.steps=2 \
	    --set strategy.chunks=$P "$SRCDIR/scenarios/seed-250m-10w-10g-ps8.json" >"$TMP/c.json"
	check_near "ps over 8, $P chunks: 1 s + 1 s / P" \
	    "$(json "$TMP/c.json" breakdown_s.communication)" \
	    "$(awk -v p=$P 'BEGIN { print 1 + 1 / p }')" 0.01
	check_near "ps over 8, $P chunks: the closed form agrees" \
	    "$(json "$TMP/c.json" analytic.communication_s)" \
	    "$(json "$TMP/c.json" breakdown_s.communication)" 0.01
done

done_testing
