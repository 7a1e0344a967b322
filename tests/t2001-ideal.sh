#!/bin/sh
# With network "ideal", simulated communication time matches the textbook
# alpha-beta formulas, computed here independently of psim's own analytic
# code: within 1%.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios

# M = 1e9 bytes, B = 10 Gbps = 1.25e9 B/s, alpha = 2 x 5 us (NIC up + down).
M=1e9 B=1.25e9 A=10e-6
run() {	# run SCENARIO SETS... > JSON
	sc=$1; shift
	"$PSIM" run --format json --set network=ideal --set run.steps=3 \
	    --set run.warmup=1 "$@" "$sc"
}

for n in 2 3 10 16; do
	run "$S/seed-250m-10w-10g-ring.json" --set placement.workers=$n >"$TMP/r.json"
	want=$(awk -v n=$n -v M=$M -v B=$B -v a=$A \
	    'BEGIN { printf "%.12g", 2*(n-1)*a + 2*(n-1)/n*M/B }')
	check_near "ring n=$n: communication = 2(n-1)a + 2(n-1)/n M/B" \
	    "$(json "$TMP/r.json" breakdown_s.communication)" "$want" 0.01
	check_near "ring n=$n: psim's analytic agrees" \
	    "$(json "$TMP/r.json" analytic.communication_s)" "$want" 0.001
	check_near "ring n=$n: step = 1 s compute + communication" \
	    "$(json "$TMP/r.json" step_time_s.mean)" \
	    "$(awk -v w=$want 'BEGIN { print 1 + w }')" 0.01
done

# n not dividing the gradient (1e9 B / 7, 250M elements / 7): the
# elements of the 7 chunks differ by one, their wire sizes do not: each
# goes as ceil(1e9 / 7) = 142857143 B (patterns.h, part_bytes), so every
# transfer of a round ends at one instant and the closed form's chunk is
# the simulated one, exactly.  (Chunks of their elements' size, 142857144
# B for the longest, were 8e-9 off the closed form.)
for n in 7 13; do
	run "$S/seed-250m-10w-10g-ring.json" --set placement.workers=$n >"$TMP/r.json"
	chunk=$(awk -v n=$n 'BEGIN { c = 1e9 / n; printf "%d", c == int(c) ? c : int(c) + 1 }')
	check "ring n=$n: each worker sends 2(n-1) chunks of ceil(M/n) B" test \
	    "$(json "$TMP/r.json" worker_traffic.bytes_sent_per_step)" = \
	    "$(awk -v n=$n -v c=$chunk 'BEGIN { printf "%d", 2 * (n - 1) * c }')"
	want=$(awk -v n=$n -v c=$chunk -v B=$B -v a=$A \
	    'BEGIN { printf "%.12g", 2*(n-1)*(a + c/B) }')
	check_near "ring n=$n: communication = 2(n-1)(a + ceil(M/n)/B), to 1e-10" \
	    "$(json "$TMP/r.json" breakdown_s.communication)" "$want" 1e-10
	check_near "ring n=$n: the closed form is the simulation, to 1e-10" \
	    "$(json "$TMP/r.json" analytic.communication_s)" \
	    "$(json "$TMP/r.json" breakdown_s.communication)" 1e-10
done

# Sharded PS, k dedicated servers, even split: each way
# max(M/B, n M/(k B)) plus latency, so 2 (alpha + max(...)).
for nk in "10 8" "10 4" "10 1" "4 8" "16 16"; do
	set -- $nk
	n=$1 k=$2
	run "$S/seed-250m-10w-10g-ps8.json" --set placement.workers=$n \
	    --set placement.servers=$k --set strategy.shards=$k >"$TMP/p.json"
	want=$(awk -v n=$n -v k=$k -v M=$M -v B=$B -v a=$A 'BEGIN {
	    v = M; if (n * M / k > v) v = n * M / k
	    printf "%.12g", 2 * (a + v / B) }')
	check_near "ps n=$n k=$k: communication = 2(a + max(M, nM/k)/B)" \
	    "$(json "$TMP/p.json" breakdown_s.communication)" "$want" 0.01
	check_near "ps n=$n k=$k: psim's analytic agrees" \
	    "$(json "$TMP/p.json" analytic.communication_s)" "$want" 0.001
done

# all-to-all: alpha + (n-1) M/B.
run "$S/seed-250m-10w-10g-all-to-all.json" --set placement.workers=5 >"$TMP/a.json"
check_near "all-to-all n=5: communication = a + (n-1)M/B" \
    "$(json "$TMP/a.json" breakdown_s.communication)" \
    "$(awk -v M=$M -v B=$B -v a=$A 'BEGIN { printf "%.12g", a + 4*M/B }')" 0.01

# Colocated PS over all n workers: 2(n-1)/n M/B plus latency, like ring.
run "$S/seed-250m-10w-10g-ps-worker0.json" --set strategy.shards=10 >"$TMP/c.json"
check_near "colocated PS over all 10 workers: 2(a + (n-1)/n M/B)" \
    "$(json "$TMP/c.json" analytic.communication_s)" \
    "$(awk -v M=$M -v B=$B -v a=$A 'BEGIN { printf "%.12g", 2*(a + 0.9*M/B) }')" 0.001
check_near "colocated PS over all 10 workers: simulated within 1%" \
    "$(json "$TMP/c.json" breakdown_s.communication)" \
    "$(awk -v M=$M -v B=$B -v a=$A 'BEGIN { printf "%.12g", 2*(a + 0.9*M/B) }')" 0.01

# A latency-bound ring: a tiny model, so the 2(n-1) alphas dominate.
run "$S/seed-250m-10w-10g-ring.json" --set placement.workers=16 \
    --set model.params=1000 --set cluster.latency=50us \
    --set model.compute=100us >"$TMP/l.json"
check_near "tiny ring: communication = 2(n-1)(a + M/(nB))" \
    "$(json "$TMP/l.json" breakdown_s.communication)" \
    "$(awk 'BEGIN { printf "%.12g", 30 * (100e-6 + 4000/16/1.25e9) }')" 0.01
check "tiny ring: the bottleneck is latency" \
    test "$(json "$TMP/l.json" bottleneck.kind)" = latency
check "tiny ring: the closed form's latency term dominates" \
    test "$(json "$TMP/l.json" analytic.dominant_term)" = latency

# psim runs ring on SimGrid's lazy max-min solver, which is wrong for
# some flow patterns (sim-engine.c): for ring it must agree with the full one,
# with the realistic model's reverse traffic and with a shared switch:
# every figure of the CSV report but the wall clock.
for sets in "--set network=realistic" "--set cluster.switch_bw=40Gbps" \
    "--set placement.workers=7 --set network=ideal"; do
	# (two failed runs would give two empty files, which cmp alike)
	for solver in lazy full; do
		save "$TMP/$solver.out" env PSIM_SOLVER=$solver "$PSIM" run \
		    --format csv --set run.steps=2 $sets \
		    "$S/seed-250m-10w-10g-ring.json"
		csv_without "$TMP/$solver.out" wall_s >"$TMP/$solver.csv"
	done
	check "ring: lazy and full solvers agree ($sets)" \
	    ran "$TMP/lazy.out" "$TMP/full.out" -- cmp "$TMP/lazy.csv" "$TMP/full.csv"
done

# And the case that made psim use the full solver: 8 shards, 4 workers.
run "$S/seed-250m-10w-10g-ps8.json" --set placement.workers=4 >"$TMP/p4.json"
check_near "ps 4 workers, 8 shards: every pull takes the full 0.8 s" \
    "$(json "$TMP/p4.json" step_time_s.max)" 2.60002 0.001
check_near "ps 4 workers, 8 shards: no worker waits" \
    "$(json "$TMP/p4.json" breakdown_s.wait)" 0.0000001 1000

done_testing
