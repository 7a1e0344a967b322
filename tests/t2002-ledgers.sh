#!/bin/sh
# Byte ledgers: per step a ring worker sends 2(n-1)/n M, an all-to-all
# worker (n-1) M, a PS worker M; each of k shards receives n M / k; over a
# run bytes sent equal bytes received, every message crosses exactly one
# NIC uplink, and the message counts are the schedules' own.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
M=1000000000

run() {	# run SCENARIO SETS... > JSON (ideal network, 3 steps)
	sc=$1; shift
	"$PSIM" run --format json --set network=ideal --set run.steps=3 "$@" "$sc"
}
# hosts_field JSON ROLE-REGEX FIELD: that field of every matching host
hosts_field() {
	grep "\"role\": \"$2" "$1" | sed "s/.*\"$3\": \([0-9.e+]*\).*/\1/"
}
# sum of link bytes whose name matches a pattern
link_sum() {
	grep '"name": "[^"]*'"$2"'"' "$1" | sed 's/.*"bytes": \([0-9.e+]*\).*/\1/' |
	    awk '{ s += $1 } END { printf "%.0f", s }'
}
conserved() {	# conserved NAME JSON: JSON from save (a failed run's "" = "")
	check "$1: bytes sent = bytes received" ran "$2" -- same \
	    "$(json "$2" conservation.bytes_sent)" "$(json "$2" conservation.bytes_received)"
	check "$1: every remote byte crosses one NIC uplink" test \
	    "$(json "$2" conservation.bytes_sent)" = "$(link_sum "$2" '_UP')"
	check "$1: and one NIC downlink" test \
	    "$(json "$2" conservation.bytes_received)" = "$(link_sum "$2" '_DOWN')"
}

for n in 2 5 10; do
	save "$TMP/r.json" run "$S/seed-250m-10w-10g-ring.json" --set placement.workers=$n
	want=$(awk -v n=$n -v M=$M 'BEGIN { printf "%.0f", 2*(n-1)/n*M }')
	for b in $(hosts_field "$TMP/r.json" worker bytes_sent); do
		check_near "ring n=$n: a worker sends 2(n-1)/n M per step" \
		    "$(awk -v b=$b 'BEGIN { print b / 3 }')" "$want" 1e-9
	done
	check "ring n=$n: 2n(n-1) messages per step" test \
	    "$(json "$TMP/r.json" simulation.messages)" = $((3 * 2 * n * (n - 1)))
	conserved "ring n=$n" "$TMP/r.json"
done

save "$TMP/a.json" run "$S/seed-250m-10w-10g-all-to-all.json" --set placement.workers=4
for b in $(hosts_field "$TMP/a.json" worker bytes_sent); do
	check_near "all-to-all n=4: a worker sends (n-1) M per step" \
	    "$(awk -v b=$b 'BEGIN { print b / 3 }')" 3e9 1e-12
done
check "all-to-all n=4: n(n-1) messages per step" test \
    "$(json "$TMP/a.json" simulation.messages)" = 36
conserved "all-to-all" "$TMP/a.json"

for k in 1 3 8; do
	save "$TMP/p.json" run "$S/seed-250m-10w-10g-ps8.json" --set placement.servers=$k \
	    --set strategy.shards=$k
	for b in $(hosts_field "$TMP/p.json" worker bytes_sent); do
		check_near "ps k=$k: a worker sends M per step" \
		    "$(awk -v b=$b 'BEGIN { print b / 3 }')" $M 1e-12
	done
	for b in $(hosts_field "$TMP/p.json" server bytes_received); do
		# 250M parameters over 3 shards: 83333334 or 83333333 each.
		check_near "ps k=$k: a shard receives n M / k per step" \
		    "$(awk -v b=$b 'BEGIN { print b / 3 }')" \
		    "$(awk -v k=$k -v M=$M 'BEGIN { print 10 * M / k }')" 1e-7
	done
	check "ps k=$k: 2nk messages per step" test \
	    "$(json "$TMP/p.json" simulation.messages)" = $((3 * 2 * 10 * k))
	conserved "ps k=$k" "$TMP/p.json"
done

# Gradients sent as fp16 (compression on the wire): half the bytes.
run "$S/seed-250m-10w-10g-ring.json" --set strategy.wire_dtype=fp16 >"$TMP/h.json"
check "fp16 on the wire: the model is still 1 GB" test \
    "$(json "$TMP/h.json" model.gradient_bytes)" = 1000000000
check "fp16 on the wire: 500 MB travel" test \
    "$(json "$TMP/h.json" model.wire_bytes)" = 500000000
check_near "fp16 on the wire: a ring worker sends 2(n-1)/n M/2 per step" \
    "$(json "$TMP/h.json" worker_traffic.bytes_sent_per_step)" 9e8 1e-12
check_near "fp16 on the wire: the closed form uses the wire size" \
    "$(json "$TMP/h.json" analytic.communication_s)" \
    "$(awk 'BEGIN { printf "%.12g", 18 * 10e-6 + 1.8 * 0.5e9 / 1.25e9 }')" 1e-9

# PS on worker 0: its NIC carries (n-1) M each way; its own shard stays on
# the host (loopback), so it is not counted as network traffic.
save "$TMP/w0.json" run "$S/seed-250m-10w-10g-ps-worker0.json"
check_near "ps on worker 0: worker 0 sends (n-1) M per step" \
    "$(awk -v b="$(hosts_field "$TMP/w0.json" 'worker 0 ' bytes_sent)" 'BEGIN { print b / 3 }')" 9e9 1e-12
check_near "ps on worker 0: and receives (n-1) M" \
    "$(awk -v b="$(hosts_field "$TMP/w0.json" 'worker 0 ' bytes_received)" 'BEGIN { print b / 3 }')" 9e9 1e-12
conserved "ps on worker 0" "$TMP/w0.json"

# Size-balanced placement of whole variables: [6, 1, 1, 1, 1] on 2 shards
# puts the 6 alone (6 vs 4), round-robin puts 6+1+1 against 1+1 (8 vs 2).
# [1, 1, 1, 1, 6]: balanced in order leaves 2+6 against 2 (8), largest
# first (MXNet's CommDevice) the 6 alone again (6).
vars='[600000000, 100000000, 100000000, 100000000, 100000000]'
late='[100000000, 100000000, 100000000, 100000000, 600000000]'
for p in "balanced 6" "round-robin 8" "balanced 8 late" "largest-first 6 late"; do
	set -- $p
	v=$vars
	[ "${3:-}" = late ] && v=$late
	"$PSIM" run --format json --set network=ideal --set run.steps=1 \
	    --set run.warmup=0 --set model.params=1G --set "strategy.variables=$v" \
	    --set strategy.partition=$1 --set placement.servers=2 \
	    --set strategy.shards=2 "$S/seed-250m-10w-10g-ps8.json" >"$TMP/v.json"
	check_near "partition $1${3:+ (6 last)}: the bigger shard holds $2/10 of 4 GB, from 10 workers" \
	    "$(json "$TMP/v.json" server_traffic.bytes_received_per_step)" \
	    "$(awk -v f=$2 'BEGIN { print 10 * 4e9 * f / 10 }')" 1e-12
done

# MXNet's rule over 4 shards, bound 1M parameters: 4M and 1M are split
# four ways; 900k goes whole to shard 9973 mod 4 = 1, 100k to shard
# 2 x 9973 mod 4 = 2.  Loads 1.25M, 2.15M, 1.35M, 1.25M parameters; each
# shard receives its load from 10 workers, 4 bytes each, per step.
"$PSIM" run --format json --set network=ideal --set run.steps=1 \
    --set run.warmup=0 --set placement.servers=4 --set strategy.shards=4 \
    --set strategy.partition=mxnet --set model.params=6M \
    --set 'strategy.variables=[4000000, 900000, 100000, 1000000]' \
    "$S/seed-250m-10w-10g-ps8.json" >"$TMP/mx.json"
i=0
for load in 1.25e6 2.15e6 1.35e6 1.25e6; do
	check_near "partition mxnet: shard $i receives 10 x 4 B x $load" \
	    "$(grep "\"role\": \"server $i " "$TMP/mx.json" |
	        sed 's/.*"bytes_received": \([0-9.e+]*\).*/\1/')" \
	    "$(awk -v l=$load 'BEGIN { print 40 * l }')" 1e-12
	i=$((i + 1))
done
check "partition mxnet: the big small variable's server is the hot spot" \
    test "$(json "$TMP/mx.json" server_traffic.host)" = host-11
"$PSIM" run --set strategy.bigarray_bound=5 "$S/seed-250m-10w-10g-ps8.json" \
    >/dev/null 2>"$TMP/err"
check "bigarray_bound needs partition mxnet" grep -q \
    '/strategy/bigarray_bound: only used with partition "mxnet"' "$TMP/err"

done_testing
