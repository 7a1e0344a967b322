#!/bin/sh
# BytePS: a summation service on each of n workers and on k CPU hosts,
# the bytes split as the paper's optimum (x = (n-k)M/(n^2+kn-2k) on each
# worker), pushes and pulls pipelined in chunks.  Its closed form
# 2n(n-1)M/((n^2+kn-2k)B) is 2(n-1)/n M/B (ring) for k = 0 and M/B for
# k = n; the simulation meets it within 2% for every k up to n - 3 (64
# chunks add 1.6%) and at k = n.  Nearer n, a worker's pushes in flight
# to a CPU host (4 at most) hold it back: for 10 workers 3.9% above at
# k = 8 and 7.2% at k = 9; for 6, within 2% at k = 4 and 5% at k = 5.
# It is never slower with more CPU hosts.  (Before, this said 2% up to
# n - 2 and 5% at n - 1 and tested 6 workers only.)
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
D=$SRCDIR/tests/data

run() {	# run K -> JSON
	"$PSIM" run --format json --set placement.servers=$1 "$D/bytesps.json"
}
step() { awk -v s="$(json "$1" step_time_s.mean)" 'BEGIN { print s - 1 }'; }
# (checks that set runs against each other go through ran, on runs kept
# with save: a failed run's figures are all "", which awk takes for 0)

run 0 >"$TMP/k0.json"
check_near "k = 0: like ring all-reduce, 2(n-1)/n M/B" "$(step "$TMP/k0.json")" 1.44 0.02
run 10 >"$TMP/k10.json"
check_near "k = n: M/B" "$(step "$TMP/k10.json")" 0.8 0.02
check "k = n: no summation on the workers (10 shards, on the CPU hosts)" \
    test "$(json "$TMP/k10.json" shards)" = 10

# k = 2: each CPU host takes (M - 10x)/2 with x = 8M/116, from 10 workers.
save "$TMP/k2.json" run 2
check_near "k = 2: a CPU host receives n (M - n x)/k per step" \
    "$(grep '"role": "server 0 ' "$TMP/k2.json" | sed 's/.*"bytes_received": \([0-9.e+]*\).*/\1/' |
        awk '{ print $1 / 2 }')" \
    "$(awk 'BEGIN { x = 8e9 / 116; printf "%.12g", 10 * (1e9 - 10 * x) / 2 }')" 1e-6
paper() {	# paper N K: the paper's communication time, 1 GB at 10 Gbps
	awk -v n=$1 -v k=$2 'BEGIN { printf "%.12g", 2*n*(n-1)*1e9 / ((n*n + k*n - 2*k) * 1.25e9) }'
}
# With one push in flight to each service, a CPU host's larger pieces
# finished last every round: k = 2 was 1.372 s, 10.5% above the paper's
# 1.241 s and slower than k = 1 (1.355 s).
check_near "k = 2: within 2% of the paper's optimum" \
    "$(step "$TMP/k2.json")" "$(paper 10 2)" 0.02
save "$TMP/k1.json" run 1
check "k = 2: faster than k = 1" ran "$TMP/k2.json" "$TMP/k1.json" -- \
    awk -v a="$(step "$TMP/k2.json")" -v b="$(step "$TMP/k1.json")" 'BEGIN { exit !(a < b) }'

# Every k of 6 workers: the paper within 2% up to k = 4, 5% at k = 5
# (a worker keeps at most 4 pushes in flight to a CPU host; 5 would be
# exact), and each k faster than the one before.
prev=
for k in 0 1 2 3 4 5 6; do
	save "$TMP/n6-$k.json" "$PSIM" run --format json --set placement.workers=6 \
	    --set placement.servers=$k "$D/bytesps.json"
	got=$(json "$TMP/n6-$k.json" breakdown_s.communication)
	tol=0.02; [ $k = 5 ] && tol=0.05
	check_near "6 workers, k = $k: the paper's 2n(n-1)M/((n^2+kn-2k)B)" \
	    "$got" "$(paper 6 $k)" $tol
	check "6 workers, k = $k: the closed form (with 64 chunks)" \
	    ran "$TMP/n6-$k.json" -- \
	    near "$got" "$(json "$TMP/n6-$k.json" analytic.communication_s)" $tol
	[ -n "$prev" ] && check "6 workers, k = $k: faster than k = $((k - 1))" \
	    ran "$TMP/n6-$k.json" "$TMP/n6-$((k - 1)).json" -- \
	    awk -v a="$got" -v b="$prev" 'BEGIN { exit !(a < b) }'
	prev=$got
done

# Every k of 10 workers, each k's own tolerance as the header says.
for k in 0 1 2 3 4 5 6 7 8 9 10; do
	run $k >"$TMP/n10.json"
	tol=0.02; [ $k = 8 ] && tol=0.04; [ $k = 9 ] && tol=0.075
	check_near "10 workers, k = $k: the paper within $tol" \
	    "$(json "$TMP/n10.json" breakdown_s.communication)" "$(paper 10 $k)" $tol
done

# Chunks pipeline a plain PS too: with P chunks over 8 dedicated shards the
# 2 s of push-then-pull tend to the 1 s both take at once, plus 1/P.
for P in 1 4 16; do
	save "$TMP/c.json" "$PSIM" run --format json --set network=ideal \
	    --set run.steps=2 --set strategy.chunks=$P \
	    "$SRCDIR/scenarios/seed-250m-10w-10g-ps8.json"
	check_near "ps over 8, $P chunks: 1 s + 1 s / P" \
	    "$(json "$TMP/c.json" breakdown_s.communication)" \
	    "$(awk -v p=$P 'BEGIN { print 1 + 1 / p }')" 0.01
	check "ps over 8, $P chunks: the closed form agrees" ran "$TMP/c.json" -- \
	    near "$(json "$TMP/c.json" analytic.communication_s)" \
	    "$(json "$TMP/c.json" breakdown_s.communication)" 0.01
done

# Multi-GPU machines: BytePS sums inside each machine first (a binomial
# tree of 3 levels over 8 GPUs' 16 GB/s links and back), then runs the
# paper's optimum between the 4 machines and 4 CPU-only servers:
# 2n(n-1)M / ((n^2 + kn - 2k)B) = M/B with n = k = 4, pipelined in 64
# chunks, (P + 1) latencies of two NICs and two 1 us links.
for k in 4 2; do
	save "$TMP/mg.json" "$PSIM" run --format json --set cluster.gpus_per_host=8 \
	    --set placement.workers=32 --set placement.servers=$k "$D/bytesps.json"
	want=$(awk -v k=$k 'BEGIN { n = 4; o = 2 * n * (n - 1) / (n * n + k * n - 2 * k) * 0.8
		printf "%.12g", 6 * (2e-6 + 1e9 / 16e9) + 65 * 12e-6 + o + o / 64 }')
	check_near "BytePS, 4 machines of 8 GPUs and $k CPU hosts: the trees and the optimum" \
	    "$(json "$TMP/mg.json" breakdown_s.communication)" "$want" 0.01
	check "BytePS, 4 machines of 8 GPUs and $k CPU hosts: the closed form agrees" \
	    ran "$TMP/mg.json" -- near "$(json "$TMP/mg.json" analytic.communication_s)" \
	    "$(json "$TMP/mg.json" breakdown_s.communication)" 0.01
done
check "BytePS on multi-GPU machines: a summation service on each machine" \
    grep -q '"name": "host-1-gpu-0", "role": "worker 8 + 1 shard"' "$TMP/mg.json"

done_testing
