#!/bin/sh
# Real gradients: the arithmetic of every strategy against serial SGD and
# serial sums, the protocols (async, ssp, backup) against what they
# promise, and proxy mode against sizes-only timing.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/tests/data/numerics.json
run() { "$PSIM" run --format json "$@" "$S"; }
# (runs whose figures are compared go through save, their checks through
# ran: two failed runs give two empty figures, which compare alike)
below() {	# below NAME VALUE LIMIT: 0 <= VALUE < LIMIT
	if [ -n "$2" ] && awk -v v="$2" -v l="$3" 'BEGIN { exit !(v >= 0 && v < l) }'
	then ok "$1"; else not_ok "$1" "got '$2', want below $3"; fi
}

# Synchronous data parallelism is large-batch SGD: n workers of batch b
# follow one process with batch n b (psim's own serial replay, and the
# final loss of an actual one-worker run), and every all-reduce sums
# exactly what the workers held.
for alg in $(strategies FAMILY_ALLREDUCE); do
	for n in 2 3 5 8; do
		run --set strategy.algorithm="\"$alg\"" \
		    --set placement.workers=$n >"$TMP/a.json"
		below "$alg, n=$n: parameters follow serial SGD (batch $n x 32)" \
		    "$(json "$TMP/a.json" numerics.serial_deviation)" 1e-5
		below "$alg, n=$n: reduced sums equal the serial sum" \
		    "$(json "$TMP/a.json" numerics.reduce_error)" 1e-6
	done
done
for ps in "--set strategy.shards=1" "--set strategy.shards=3" \
    "--set strategy.shards=3 --set strategy.chunks=4" \
    "--set strategy.shards=4 --set strategy.colocate=true"; do
	# shellcheck disable=SC2086
	"$PSIM" run --format json --set 'strategy={"name": "ps"}' $ps "$S" \
	    >"$TMP/p.json"
	below "ps $ps: parameters follow serial SGD" \
	    "$(json "$TMP/p.json" numerics.serial_deviation)" 1e-5
done
for k in 0 2; do
	"$PSIM" run --format json --set 'strategy={"name": "bytesps"}' \
	    --set placement.servers=$k "$S" >"$TMP/b.json"
	below "bytesps with $k CPU hosts: parameters follow serial SGD" \
	    "$(json "$TMP/b.json" numerics.serial_deviation)" 1e-5
done
save "$TMP/one.json" run --set placement.workers=1 --set model.batch=128
save "$TMP/four.json" run
save "$TMP/ps.json" "$PSIM" run --format json \
    --set 'strategy={"name": "ps", "shards": 2}' "$S"
check "4 workers of batch 32 end where 1 worker of batch 128 does" \
    ran "$TMP/four.json" "$TMP/one.json" -- near \
    "$(json "$TMP/four.json" numerics.final_loss)" \
    "$(json "$TMP/one.json" numerics.final_loss)" 1e-5
check "a synchronous PS ends where ring all-reduce does" \
    ran "$TMP/ps.json" "$TMP/four.json" -- near \
    "$(json "$TMP/ps.json" numerics.final_loss)" \
    "$(json "$TMP/four.json" numerics.final_loss)" 1e-5
check "training works: the loss falls 10x from the start" \
    ran "$TMP/four.json" -- awk \
    -v a="$(json "$TMP/four.json" numerics.initial_loss)" \
    -v b="$(json "$TMP/four.json" numerics.final_loss)" 'BEGIN { exit !(b < a / 10) }'
save "$TMP/long.json" run --set run.steps=300
check "300 steps reach the teacher's loss (the noise floor) within 15%" \
    ran "$TMP/long.json" -- near \
    "$(json "$TMP/long.json" numerics.final_loss)" \
    "$(json "$TMP/long.json" numerics.teacher_loss)" 0.15

# Proxy: a small model trains, the wire carries 25M parameters; the
# timing is that of sizes only.
big="--set model.params=25M --set numerics.mode=\"proxy\""
# shellcheck disable=SC2086
save "$TMP/proxy.json" run $big
# shellcheck disable=SC2086
save "$TMP/off.json" run $big --set 'numerics.mode="off"'
for k in step_time_s.mean step_time_s.max breakdown_s.communication; do
	check "proxy: $k equals the sizes-only run's" \
	    ran "$TMP/proxy.json" "$TMP/off.json" -- same \
	    "$(json "$TMP/proxy.json" $k)" "$(json "$TMP/off.json" $k)"
done
below "proxy: the small model follows serial SGD through 25M-element messages" \
    "$(json "$TMP/proxy.json" numerics.serial_deviation)" 1e-5
check "numerics off: no loss curve" test "$(json "$TMP/off.json" loss_curve)" = null

# The target loss: the first curve point at or below it.
run --set run.target_loss=0.05 >"$TMP/t.json"
want=$(awk '/"loss_curve"/ { on = 1; next } on && /"loss": / {
	match($0, /"simulated_time_s": [^,]+/); t = substr($0, RSTART + 20, RLENGTH - 20)
	match($0, /"loss": [^}]+/); l = substr($0, RSTART + 8, RLENGTH - 8)
	if (l + 0 <= 0.05) { print t; exit } }' "$TMP/t.json")
check "time to target: the first curve point with loss <= 0.05 ($want s)" \
    test -n "$want" -a "$(json "$TMP/t.json" time_to_target_s)" = "$want"

# run.stop_at_target: the job ends with the step that reached the target
# (and any step under way then): the same time to it, fewer steps, the
# serial replay of the steps run.
# the step of the first curve point at or below 0.05 in report $1
first() {
	awk '/"loss_curve"/ { on = 1; next } on && /"loss": / {
	    match($0, /"step": [0-9]+/); s = substr($0, RSTART + 8, RLENGTH - 8)
	    match($0, /"loss": [^}]+/); l = substr($0, RSTART + 8, RLENGTH - 8)
	    if (l + 0 <= 0.05) { print s; exit } }' "$1"
}
for st in "" "--set strategy={\"name\":\"ps\",\"shards\":2}" \
    "--set strategy={\"name\":\"ps\",\"shards\":2,\"sync\":\"async\"}"; do
	# shellcheck disable=SC2086
	save "$TMP/u.json" run $st --set run.target_loss=0.05
	# shellcheck disable=SC2086
	save "$TMP/st.json" run $st --set run.target_loss=0.05 \
	    --set run.stop_at_target=true
	name=${st:-ring}
	[ -n "$st" ] || cp "$TMP/st.json" "$TMP/st-ring.json"
	check "stop_at_target, $name: the same time to the target" ran \
	    "$TMP/st.json" "$TMP/u.json" -- test \
	    "$(json "$TMP/st.json" time_to_target_s)" = \
	    "$(json "$TMP/u.json" time_to_target_s)"
	check "stop_at_target, $name: ended within a step of it, not at 20" \
	    ran "$TMP/st.json" -- awk -v n="$(json "$TMP/st.json" steps)" \
	    -v u="$(json "$TMP/u.json" steps)" -v t="$(first "$TMP/u.json")" \
	    'BEGIN { exit !(u == 20 && t > 0 && n >= t && n <= t + 2) }'
done
below "stop_at_target, ring: the serial replay is of the steps run" \
    "$(json "$TMP/st-ring.json" numerics.serial_deviation)" 1e-5
"$PSIM" run --set run.stop_at_target=true "$S" >/dev/null 2>"$TMP/e"
check "stop_at_target without a target: exit 2, at its path" test $? = 2 -a \
    -n "$(grep '/run/stop_at_target: expected run.target_loss' "$TMP/e")"
"$PSIM" run --set run.target_loss=0.05 --set run.stop_at_target=true \
    --set 'strategy={"name":"ps","sync":"ssp"}' "$S" >/dev/null 2>"$TMP/e"
check "stop_at_target with ssp and no faults: exit 2" test $? = 2 -a \
    -n "$(grep '/run/stop_at_target: expected sync or async' "$TMP/e")"

# The protocols.
PS='--set strategy={"name":"ps","shards":2}'
# shellcheck disable=SC2086
save "$TMP/s1.json" "$PSIM" run --format json $PS --set placement.workers=1 "$S"
# shellcheck disable=SC2086
save "$TMP/a1.json" "$PSIM" run --format json $PS --set placement.workers=1 \
    --set strategy.sync='"async"' "$S"
check "async with one worker trains exactly as sync with one worker" \
    ran "$TMP/a1.json" "$TMP/s1.json" -- same \
    "$(json "$TMP/a1.json" numerics.final_loss)" "$(json "$TMP/s1.json" numerics.final_loss)"
# shellcheck disable=SC2086
"$PSIM" run --format json $PS --set strategy.sync='"async"' \
    --set run.steps=50 "$S" >"$TMP/a4.json"
check_near "async, 4 equal workers: mean staleness about n - 1 = 3" \
    "$(json "$TMP/a4.json" staleness.mean)" 3 0.05
check "async: 4 x 50 gradients applied" test \
    "$(json "$TMP/a4.json" updates_applied)" = 200
check "async: no serial replay (the trajectory is not serial SGD's)" test \
    "$(json "$TMP/a4.json" numerics.serial_deviation)" = null

slow='--set cluster.slow_hosts=[{"host":"host-3","factor":3}]'
for s in 0 2; do
	# shellcheck disable=SC2086
	"$PSIM" run --format json $PS $slow --set strategy.sync='"ssp"' \
	    --set strategy.staleness=$s --set run.steps=30 "$S" >"$TMP/ssp.json"
	check "ssp, s=$s, a host 3x slower: workers run exactly $s clocks ahead, no more" \
	    test "$(json "$TMP/ssp.json" max_clocks_ahead)" = $s
done
# shellcheck disable=SC2086
"$PSIM" run --format json $PS $slow --set strategy.sync='"async"' \
    --set run.steps=30 "$S" >"$TMP/as.json"
check "async, a host 3x slower: the fast workers run far ahead (staleness max > 3)" \
    awk -v m="$(json "$TMP/as.json" staleness.max)" 'BEGIN { exit !(m > 3) }'

B='--set strategy.sync="backup" --set strategy.backup_workers=1'
# shellcheck disable=SC2086
"$PSIM" run --format json $PS $B "$S" >"$TMP/b0.json"
check "backup, b=1, equal workers: one gradient (the last) dropped per step" \
    test "$(json "$TMP/b0.json" dropped_gradients)" = 20
for f in 10 100; do
	# shellcheck disable=SC2086
	save "$TMP/b$f.json" "$PSIM" run --format json $PS $B \
	    --set "cluster.slow_hosts=[{\"host\":\"host-3\",\"factor\":$f}]" \
	    "$S"
done
check "backup, b=1: the step time does not depend on a slow host's speed" \
    ran "$TMP/b10.json" "$TMP/b100.json" -- same \
    "$(json "$TMP/b10.json" step_time_s.mean)" "$(json "$TMP/b100.json" step_time_s.mean)"
# shellcheck disable=SC2086
save "$TMP/three.json" "$PSIM" run --format json $PS --set placement.workers=3 \
    --set cluster.hosts=6 "$S"
check "backup, b=1: the step is that of a synchronous PS of the 3 fast workers" \
    ran "$TMP/b10.json" "$TMP/three.json" -- near \
    "$(json "$TMP/b10.json" step_time_s.mean)" "$(json "$TMP/three.json" step_time_s.mean)" 1e-9
check "backup, b=1: the 10x slow host's 3 gradients (at 0.1, 0.2, 0.3 s) are dropped" \
    test "$(json "$TMP/b10.json" dropped_gradients)" = 3
check "backup, b=1: the 100x slow host's 1 gradient is dropped" \
    test "$(json "$TMP/b100.json" dropped_gradients)" = 1
check "backup: the loss is the same whichever way the slow host is slow" \
    ran "$TMP/b10.json" "$TMP/b100.json" -- same \
    "$(json "$TMP/b10.json" numerics.final_loss)" "$(json "$TMP/b100.json" numerics.final_loss)"

# Same seed, same report; another seed, other data.
for i in 1 2; do
	# shellcheck disable=SC2086
	save "$TMP/r$i.json" "$PSIM" run --format json $PS \
	    --set strategy.sync='"async"' "$S"
	grep -v wall_s "$TMP/r$i.json" >"$TMP/r$i"
done
check "async with numerics: the same seed gives the same report" \
    ran "$TMP/r1.json" "$TMP/r2.json" -- cmp "$TMP/r1" "$TMP/r2"
save "$TMP/seed9.json" run --set seed=9
check "another seed draws other data" ran "$TMP/seed9.json" "$TMP/four.json" -- test \
    "$(json "$TMP/seed9.json" numerics.final_loss)" != "$(json "$TMP/four.json" numerics.final_loss)"

# numerics.seed: the problem's own seed.  Given, another run seed (which
# draws nothing else in this scenario) trains the same problem to the
# same loss; a replicate's other problem is then the same too.
save "$TMP/ns9.json" run --set seed=9 --set numerics.seed=1
check "numerics.seed 1 under seed 9: seed 1's problem, its final loss" \
    ran "$TMP/ns9.json" "$TMP/four.json" -- same \
    "$(json "$TMP/ns9.json" numerics.final_loss)" "$(json "$TMP/four.json" numerics.final_loss)"
save "$TMP/ns-rep.json" run --set run.replicates=2 --set numerics.seed=5
save "$TMP/rep.json" run --set run.replicates=2
losses() {	# each replicate's final loss, one line
	python3 -c 'import json, sys
print(" ".join(repr(r["final_loss"]) for r in
               json.load(open(sys.argv[1]))["replicates"]["runs"]))' "$1"
}
check "with numerics.seed, the 2 replicates train one problem: one final loss" \
    ran "$TMP/ns-rep.json" -- awk -v l="$(losses "$TMP/ns-rep.json")" \
    'BEGIN { exit !(split(l, x, " ") == 2 && x[1] == x[2] && x[1] > 0) }'
check "without it, each replicate draws its own" \
    ran "$TMP/rep.json" -- awk -v l="$(losses "$TMP/rep.json")" \
    'BEGIN { exit !(split(l, x, " ") == 2 && x[1] != x[2] && x[2] > 0) }'
run --set numerics.seed=-1 >/dev/null 2>"$TMP/err"
check "numerics.seed -1: exit 2" test $? -eq 2
check "... naming /numerics/seed" grep -q "/numerics/seed: expected an integer from 0 to 4294967295, got -1" "$TMP/err"

# The shipped straggler scenarios and what the README says of them.
for s in sync-ps ring backup-ps async-ps ssp-ps; do
	save "$TMP/st-$s.json" "$PSIM" run --format json \
	    "$SRCDIR/scenarios/straggler-$s.json"
	# (a time: not null, nor the "" of a report without the key)
	check "straggler-$s reaches the target loss" ran "$TMP/st-$s.json" -- \
	    awk -v t="$(json "$TMP/st-$s.json" time_to_target_s)" \
	    'BEGIN { exit !(t + 0 > 0) }'
done
st() { json "$TMP/st-$1.json" "$2"; }
st_ran() {	# st_ran COMMAND...: ran, on the five straggler runs
	ran "$TMP/st-sync-ps.json" "$TMP/st-ring.json" "$TMP/st-backup-ps.json" \
	    "$TMP/st-async-ps.json" "$TMP/st-ssp-ps.json" -- "$@"
}
check "straggler: sync PS and ring follow one trajectory" st_ran same \
    "$(st sync-ps numerics.final_loss | cut -c1-7)" "$(st ring numerics.final_loss | cut -c1-7)"
check_near "straggler: sync PS steps in 0.55 s (the straggler's 0.3 s + push and pull)" \
    "$(st sync-ps step_time_s.mean)" 0.55 0.01
check "straggler: backup < ring < sync PS in step time" st_ran awk \
    -v b="$(st backup-ps step_time_s.mean)" -v r="$(st ring step_time_s.mean)" \
    -v s="$(st sync-ps step_time_s.mean)" 'BEGIN { exit !(b < r && r < s) }'
check "straggler: backup reaches the target first of all five" st_ran awk \
    -v b="$(st backup-ps time_to_target_s)" -v r="$(st ring time_to_target_s)" \
    -v s="$(st sync-ps time_to_target_s)" -v a="$(st async-ps time_to_target_s)" \
    -v p="$(st ssp-ps time_to_target_s)" \
    'BEGIN { exit !(b < r && b < s && b < a && b < p) }'
check "straggler: async applies over 5x the updates per second of sync" st_ran awk \
    -v a="$(st async-ps updates_per_s)" -v s="$(st sync-ps updates_per_s)" \
    'BEGIN { exit !(a > 5 * s) }'
check_near "straggler: async staleness 6.7 (below n - 1 = 7: one worker is slow)" \
    "$(st async-ps staleness.mean)" 6.7 0.02
check "straggler: ssp's staleness is below async's; no worker over 2 clocks ahead" st_ran awk \
    -v p="$(st ssp-ps staleness.mean)" -v a="$(st async-ps staleness.mean)" \
    -v m="$(st ssp-ps max_clocks_ahead)" 'BEGIN { exit !(p < a && m <= 2) }'
"$PSIM" run --format json --set numerics.lr=0.1 \
    "$SRCDIR/scenarios/straggler-async-ps.json" >"$TMP/div.json"
check "straggler: async at lr 0.1 diverges (the final loss is null)" test \
    "$(json "$TMP/div.json" numerics.final_loss)" = null

done_testing
