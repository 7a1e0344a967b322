#!/bin/sh
# Recursive doubling, halving-doubling (Rabenseifner), binomial-tree and
# 2d-ring all-reduce: with network "ideal", the step's communication within 2% of
# the closed forms (MPICH's fold step included for n not a power of two),
# computed here; the busiest worker's bytes per step; conservation.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios/seed-250m-10w-10g-ring.json
# (checks that set figures against each other go through ran, on runs
# kept with save: a failed run's figures are all "", which compare alike)

# formula ALGORITHM N -> "seconds bytes_sent_by_the_busiest_worker"
# M = 1e9 bytes, B = 1.25e9 B/s, alpha = 10 us.
formula() {
	awk -v alg="$1" -v n="$2" 'BEGIN {
		M = 1e9; B = 1.25e9; a = 10e-6
		p = 1; L = 0; while (p * 2 <= n) { p *= 2; L++ }
		f = (n > p)		# a fold step before and after
		c = 0; while (2 ^ c < n) c++	# ceil(lg n)
		if (alg == "recursive-doubling") {
			t = (L + 2 * f) * (a + M / B); v = (L + f) * M
		} else if (alg == "halving-doubling") {
			t = (2 * L + 2 * f) * a + 2 * (p - 1) / p * M / B + 2 * f * M / B
			v = 2 * (p - 1) / p * M + f * M
		} else if (alg == "2d-ring") {	# the squarest rows x cols grid
			for (r = 1; r * r <= n; r++) if (n % r == 0) rows = r
			cols = n / rows
			t = 2 * (cols - 1) * (a + M / cols / B) + \
			    2 * (rows - 1) * (a + M / cols / rows / B)
			v = 2 * (n - 1) / n * M
		} else {
			t = 2 * c * (a + M / B); v = c * M
		}
		printf "%.12g %.12g\n", t, v
	}'
}

for alg in recursive-doubling halving-doubling binomial-tree 2d-ring; do
	for n in 2 3 4 7 8 16; do
		save "$TMP/r.json" "$PSIM" run --format json --set network=ideal \
		    --set run.steps=2 --set strategy.algorithm=$alg \
		    --set placement.workers=$n "$S"
		set -- $(formula $alg $n)
		# The step is the slowest worker's: compute (1 s) + communication.
		check_near "$alg n=$n: step - compute = closed form" \
		    "$(awk -v s="$(json "$TMP/r.json" step_time_s.mean)" 'BEGIN { print s - 1 }')" \
		    "$1" 0.02
		check_near "$alg n=$n: psim's analytic agrees" \
		    "$(json "$TMP/r.json" analytic.communication_s)" "$1" 0.001
		check_near "$alg n=$n: the busiest worker's bytes per step" \
		    "$(json "$TMP/r.json" worker_traffic.bytes_sent_per_step)" "$2" 1e-6
		check "$alg n=$n: bytes sent = bytes received" ran "$TMP/r.json" -- same \
		    "$(json "$TMP/r.json" conservation.bytes_sent)" \
		    "$(json "$TMP/r.json" conservation.bytes_received)"
	done
	"$PSIM" run --format json --set strategy.algorithm=$alg \
	    --set placement.workers=1 "$S" >"$TMP/one.json"
	check "$alg: one worker has nothing to exchange" test \
	    "$(json "$TMP/one.json" simulation.messages)" = 0
	"$PSIM" run --format json --set strategy.algorithm=$alg "$S" >"$TMP/real.json"
	check "$alg: runs on the realistic network" test \
	    "$(json "$TMP/real.json" algorithm)" = $alg
done

# Every all-reduce algorithm against its own closed form, for the n the
# issue names (the independent formulas are checked above and in t2001).
for alg in $(strategies FAMILY_ALLREDUCE); do
	for n in 2 3 4 7 8 16; do
		"$PSIM" run --format json --set network=ideal --set run.steps=2 \
		    --set strategy.algorithm=$alg --set placement.workers=$n \
		    "$S" >"$TMP/x.json"
		check_near "$alg n=$n: the step is its closed form's (2%)" \
		    "$(json "$TMP/x.json" step_time_s.mean)" \
		    "$(json "$TMP/x.json" analytic.step_time_s)" 0.02
	done
done

# Double binary tree (NCCL): two complementary trees, each half the data,
# 16 chunks.  Its closed form is the trees' pipeline step by step; with
# P chunks on trees of depth D it is about 2(P + D - 1) steps of M/(PB),
# checked loosely here, and within 2% against the step-by-step form.
for n in 2 3 4 7 8 16; do
	save "$TMP/d.json" "$PSIM" run --format json --set network=ideal \
	    --set run.steps=2 --set strategy.algorithm=double-binary-tree \
	    --set placement.workers=$n "$S"
	check_near "double-binary-tree n=$n: the pipeline's closed form" \
	    "$(json "$TMP/d.json" step_time_s.mean)" \
	    "$(json "$TMP/d.json" analytic.step_time_s)" 0.02
	d=0; while [ $((1 << (d + 1))) -le $n ]; do d=$((d + 1)); done
	check "double-binary-tree n=$n: about 2(P + D) steps of M/(PB)" \
	    awk -v s="$(json "$TMP/d.json" step_time_s.mean)" -v d=$d -v n=$n \
	    'BEGIN { t = 2 * (16 + d + 1) * (1e9 / 16 / 1.25e9); if (n == 2) t /= 2
	             exit !(s - 1 <= t && s - 1 >= 0.75 * t) }'
	check "double-binary-tree n=$n: bytes sent = bytes received" ran "$TMP/d.json" -- same \
	    "$(json "$TMP/d.json" conservation.bytes_sent)" \
	    "$(json "$TMP/d.json" conservation.bytes_received)"
done
# With many chunks it moves 2M per worker like ring, in 2(P + D) hops
# rather than 2(n-1): on 16 workers and a tiny model it beats ring.
for alg in ring "double-binary-tree --set strategy.chunks=1"; do
	save "$TMP/${alg%% *}.csv" "$PSIM" run --format csv --set network=ideal \
	    --set model.params=1000 --set model.compute=1ms \
	    --set placement.workers=16 --set strategy.algorithm=$alg "$S"
	csv_col "$TMP/${alg%% *}.csv" step_time_mean_s >"$TMP/${alg%% *}"
done
check "tiny model on 16 workers: one-chunk double binary tree beats ring" \
    ran "$TMP/double-binary-tree.csv" "$TMP/ring.csv" -- awk -v d="$(cat "$TMP/double-binary-tree")" -v r="$(cat "$TMP/ring")" \
    'BEGIN { exit !(d > 0 && d < r) }'

# 2d-ring on an explicit 2 x 8 grid: 2*7 row steps, 2*1 column steps.
"$PSIM" run --format json --set network=ideal --set run.steps=2 \
    --set strategy.algorithm=2d-ring --set placement.workers=16 \
    --set 'strategy.grid=[2, 8]' "$S" >"$TMP/g.json"
check_near "2d-ring on 2 x 8: 14(a + M/8B) + 2(a + M/16B)" \
    "$(awk -v s="$(json "$TMP/g.json" step_time_s.mean)" 'BEGIN { print s - 1 }')" \
    "$(awk 'BEGIN { printf "%.12g", 14 * (10e-6 + 1e9 / 8 / 1.25e9) + 2 * (10e-6 + 1e9 / 16 / 1.25e9) }')" 0.02
"$PSIM" run --set strategy.algorithm=2d-ring --set 'strategy.grid=[3, 4]' \
    "$S" >/dev/null 2>"$TMP/err"
check "2d-ring: the grid must hold the workers" grep -qx \
    "psim: $S: /strategy/grid: a 3 x 4 grid holds 12 workers, but there are 10" "$TMP/err"

# Hierarchical: reduce in each group (binomial tree), ring across the
# leaders, broadcast back.  hier NAME WANT SETS...
hier() {
	name=$1 want=$2
	shift 2
	"$PSIM" run --format json --set network=ideal --set run.steps=2 \
	    --set strategy.algorithm=hierarchical "$@" "$S" >"$TMP/h.json"
	check_near "hierarchical, $name" \
	    "$(awk -v s="$(json "$TMP/h.json" step_time_s.mean)" 'BEGIN { print s - 1 }')" \
	    "$want" 0.01
	check_near "hierarchical, $name: the closed form agrees" \
	    "$(json "$TMP/h.json" analytic.communication_s)" "$want" 0.001
}
# 4 machines of 4 GPUs: 2 tree levels of M over 16 GB/s links at 2 us,
# then 2*3 ring steps of M/4 through 10 Gbps NICs at 12 us.
hier "4 hosts x 4 GPUs" \
    "$(awk 'BEGIN { printf "%.12g", 4 * (2e-6 + 1e9 / 16e9) + 6 * (12e-6 + 0.25e9 / 1.25e9) }')" \
    --set cluster.gpus_per_host=4 --set placement.workers=16
# 2 racks of 5 hosts: 3 tree levels of M over the NICs, then a ring of 2.
hier "2 racks of 5" \
    "$(awk 'BEGIN { printf "%.12g", 6 * (10e-6 + 0.8) + 2 * (10e-6 + 0.4) }')" \
    --set cluster.topology=two-tier --set cluster.racks=2
# No groups on a plain star: a ring of 6.
hier "a plain star is a ring" \
    "$(awk 'BEGIN { printf "%.12g", 10 * (10e-6 + 1e9 / 6 / 1.25e9) }')" \
    --set placement.workers=6
# 2 machines of 8 NVLink GPUs: hierarchical crosses the NICs with M/2
# twice, the flat ring with M/16 thirty times: hierarchical wins.
for alg in ring hierarchical; do
	save "$TMP/$alg.csv" "$PSIM" run --format csv --set network=ideal \
	    --set cluster.gpus_per_host=8 --set cluster.intra_bw=150GBps \
	    --set placement.workers=16 --set strategy.algorithm=$alg "$S"
	csv_col "$TMP/$alg.csv" step_time_mean_s >"$TMP/$alg"
done
check "2 hosts x 8 NVLink GPUs: hierarchical beats the flat ring" \
    ran "$TMP/hierarchical.csv" "$TMP/ring.csv" -- awk -v h="$(cat "$TMP/hierarchical")" -v r="$(cat "$TMP/ring")" \
    'BEGIN { exit !(h < r) }'

# Behind a slow switch or oversubscribed rack uplinks, the closed forms
# charge each round its most loaded resource.  Rounds that need not wait
# for each other (the fold beside the core, a subtree beside another)
# overlap in the simulation, so the round sum is an upper bound, and a
# tight one.
for alg in recursive-doubling halving-doubling binomial-tree 2d-ring; do
	for o in "cluster.switch_bw=20Gbps" "cluster.oversubscription=4"; do
		save "$TMP/b.json" "$PSIM" run --format json --set network=ideal \
		    --set run.steps=2 --set strategy.algorithm=$alg \
		    --set cluster.topology=two-tier --set cluster.racks=3 \
		    --set "$o" "$S"
		check "$alg, $o: the closed form bounds the step within 15%" \
		    ran "$TMP/b.json" -- awk -v s="$(json "$TMP/b.json" step_time_s.mean)" \
		    -v a="$(json "$TMP/b.json" analytic.step_time_s)" \
		    'BEGIN { exit !(s <= a * 1.000001 && s >= 0.85 * a) }'
	done
done

# Halving-doubling moves what ring moves, in 2 lg n steps instead of 2(n-1):
# with a tiny model it is the faster one.
for alg in ring halving-doubling; do
	save "$TMP/$alg.csv" "$PSIM" run --format csv --set network=ideal \
	    --set model.params=1000 --set model.compute=1ms \
	    --set placement.workers=16 --set strategy.algorithm=$alg "$S"
	csv_col "$TMP/$alg.csv" step_time_mean_s >"$TMP/$alg"
done
check "tiny model on 16 workers: halving-doubling beats ring" \
    ran "$TMP/halving-doubling.csv" "$TMP/ring.csv" -- awk -v h="$(cat "$TMP/halving-doubling")" -v r="$(cat "$TMP/ring")" \
    'BEGIN { exit !(h < r) }'

done_testing
