#!/bin/sh
# Layered models: presets with their published parameter counts, layers
# given by hand, the compute split into a forward pass and per-layer
# backward passes, and the errors.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
D=$SRCDIR/tests/data
# (checks that set figures against each other go through ran, on runs
# kept with save: a failed run's figures are all "", which compare alike)

for p in "resnet50 25557032 107" "resnet101 44549160 209" \
    "resnet152 60192808 311" "inception-v3 27161264 194" "vgg16 138357544 16" "bert-large 335141888 197"; do
	set -- $p
	"$PSIM" run --format json --set model.preset=$1 --set run.steps=1 --set run.warmup=0 \
	    --set placement.workers=2 "$D/resnet50.json" >"$TMP/p.json"
	check "preset $1: $2 parameters" test "$(json "$TMP/p.json" model.params)" = $2
	check "preset $1: $3 layers" test "$(json "$TMP/p.json" model.layers)" = $3
done

# Layer by layer or in one block, the compute and the step are the same.
save "$TMP/l.json" "$PSIM" run --format json "$D/resnet50.json"
cat >"$TMP/flat.json" <<EOF2
{ "model": { "params": 25557032, "compute": "300ms" },
  "cluster": { "nic": "10Gbps" }, "placement": { "workers": 16 },
  "strategy": { "name": "allreduce", "algorithm": "ring" },
  "run": { "steps": 3, "warmup": 1 }, "network": "ideal" }
EOF2
save "$TMP/f.json" "$PSIM" run --format json "$TMP/flat.json"
check "resnet50 layer by layer: the same step as one block of compute" \
    ran "$TMP/l.json" "$TMP/f.json" -- near "$(json "$TMP/l.json" step_time_s.mean)" "$(json "$TMP/f.json" step_time_s.mean)" 1e-9
check_near "resnet50: compute is the 300 ms given" \
    "$(json "$TMP/l.json" breakdown_s.compute)" 0.3 1e-9
check "resnet50 on a ring: no one waits" test "$(json "$TMP/l.json" breakdown_s.wait)" = 0

# Layers by hand, one with its own backward time: still 1 s in all.
cat >"$TMP/hand.json" <<EOF2
{ "model": { "compute": "1s", "backward_share": 0.5, "layers": [
    { "name": "embed", "params": "3M" },
    { "name": "body", "params": "1M", "backward": "100ms" },
    { "name": "head", "params": "1M" } ] },
  "cluster": { "nic": "10Gbps" }, "placement": { "workers": 2 },
  "strategy": { "name": "ps", "partition": "round-robin", "shards": 2 },
  "run": { "steps": 2, "warmup": 1 }, "network": "ideal" }
EOF2
"$PSIM" run --format json "$TMP/hand.json" >"$TMP/h.json"
check "layers by hand: 5M parameters" test "$(json "$TMP/h.json" model.params)" = 5000000
check_near "layers by hand: the compute adds up to 1 s" \
    "$(json "$TMP/h.json" breakdown_s.compute)" 1 1e-9
# round-robin over the layers: shard 0 holds embed + head (4M parameters,
# 16 MB), shard 1 the body; shard 0's server receives it from 2 workers.
check_near "layers stand in for PS variables" \
    "$(json "$TMP/h.json" server_traffic.bytes_received_per_step)" 32e6 1e-12

# Layers with FLOPs share the backward time by their backward FLOPs
# (twice the forward's; the first layer's once, it needs no input
# gradient): of 2 s of backward, the last layer takes 2/3, so its bucket
# leaves at 1 s + 1.333 s, not at 1 s + 1 s as by parameters.
cat >"$TMP/fl.json" <<EOF2
{ "model": { "compute": "3s", "layers": [
    { "name": "a", "params": "1M", "flops": "1G" },
    { "name": "b", "params": "1M", "flops": "1G" } ] },
  "cluster": { "nic": "10Gbps" }, "placement": { "workers": 2 },
  "strategy": { "name": "allreduce", "algorithm": "ring", "bucket": "4MB" },
  "run": { "steps": 1, "warmup": 0 }, "network": "ideal" }
EOF2
first_message() {	# (nothing when the run fails: not the last run's)
	rm -f "$TMP/tl.json"
	"$PSIM" run --timeline "$TMP/tl.json" "$@" >/dev/null || return
	grep -m1 '"message"' "$TMP/tl.json" | sed 's/.*"ts":\([0-9.]*\).*/\1/'
}
check_near "layers with flops: the last layer's gradient is ready at 2.333 s" \
    "$(first_message "$TMP/fl.json")" 2333333.333 1e-9
sed 's/, "flops": "1G"//' "$TMP/fl.json" >"$TMP/fp.json"
check_near "layers without flops: shared by parameters, ready at 2 s" \
    "$(first_message "$TMP/fp.json")" 2000000 1e-9
sed '0,/, "flops": "1G"/s///' "$TMP/fl.json" >"$TMP/fm.json"
"$PSIM" run "$TMP/fm.json" 2>"$TMP/err" >/dev/null
check "flops on some layers only: exit 2" test $? -eq 2
check "flops on some layers only: which layer lacks them" grep -qx \
    "psim: $TMP/fm.json: /model/layers/0/flops: missing; give flops for every layer or for none (1 of the 2 layers give them)" "$TMP/err"
# VGG-16's fc6 holds 74% of the parameters and under 1% of the FLOPs:
# by FLOPs its gradient is ready near the start of backprop, and buckets
# hide more of the communication than the same layers shared by
# parameters do.
save "$TMP/vf.json" "$PSIM" run --format json --set model.preset=vgg16 \
    --set strategy.bucket=25MB --set cluster.nic=100Gbps "$D/resnet50.json"
# VGG-16's layers by hand, without FLOPs
printf '{ "model": { "compute": "300ms", "layers": [' >"$TMP/vp.json"
for n in 1792 36928 73856 147584 295168 590080 590080 1180160 2359808 \
    2359808 2359808 2359808 2359808 102764544 16781312; do
	printf '{ "params": %s }, ' $n
done >>"$TMP/vp.json"
cat >>"$TMP/vp.json" <<EOF2
{ "params": 4097000 } ] },
  "cluster": { "nic": "10Gbps" }, "placement": { "workers": 16 },
  "strategy": { "name": "allreduce", "algorithm": "ring", "bucket": "25MB" },
  "run": { "steps": 3, "warmup": 1 }, "network": "ideal" }
EOF2
save "$TMP/vpr.json" "$PSIM" run --format json --set cluster.nic=100Gbps "$TMP/vp.json"
check "vgg16 by hand: the preset's 138,357,544 parameters" \
    test "$(json "$TMP/vpr.json" model.params)" = 138357544
check "vgg16: by FLOPs buckets hide more than by parameters ($(json "$TMP/vf.json" overlap_ratio) > $(json "$TMP/vpr.json" overlap_ratio))" \
    ran "$TMP/vf.json" "$TMP/vpr.json" -- awk -v a="$(json "$TMP/vf.json" overlap_ratio)" \
    -v b="$(json "$TMP/vpr.json" overlap_ratio)" 'BEGIN { exit !(a > b + 0.1) }'

# Gradient buckets overlapped with backprop (ResNet-50, 16 workers, ring,
# 50 us NIC latency).  bucket SIZE: the run, kept in $TMP/b-SIZE.json;
# b SIZE KEY: its figure
bucket() {
	save "$TMP/b-$1.json" "$PSIM" run --format json --set strategy.bucket=$1 \
	    --set cluster.latency=50us "$D/resnet50.json"
}
b() { json "$TMP/b-$1.json" "$2"; }
save "$TMP/none.json" "$PSIM" run --format json --set cluster.latency=50us \
    "$D/resnet50.json"
bucket 200MB
check "one bucket as large as the gradient: the step of no buckets" \
    ran "$TMP/b-200MB.json" "$TMP/none.json" -- \
    near "$(b 200MB step_time_s.mean)" "$(json "$TMP/none.json" step_time_s.mean)" 1e-9
check "one bucket: nothing hidden" test "$(b 200MB overlap_ratio)" = 0
# exposed NAME SIZE OP THAN: buckets of SIZE leave OP (< or >) exposed
# than buckets of THAN; closed NAME SIZE: their step is the closed form's
exposed() {
	check "$1" ran "$TMP/b-$2.json" "$TMP/b-$4.json" -- \
	    awk -v a="$(b "$2" breakdown_s.exposed_communication)" \
	    -v b="$(b "$4" breakdown_s.exposed_communication)" \
	    "BEGIN { exit !(a $3 b) }"
}
closed() {
	check "$1" ran "$TMP/b-$2.json" -- \
	    near "$(b "$2" step_time_s.mean)" "$(b "$2" analytic.step_time_s)" 0.02
}
prev=200MB
for size in 25MB 5MB; do
	bucket $size
	exposed "buckets of $size hide more than bigger ones ($(b $size breakdown_s.exposed_communication) < $(b $prev breakdown_s.exposed_communication) s exposed)" \
	    $size '<' $prev
	closed "buckets of $size: the simulated step is the pipeline's closed form" \
	    $size
	prev=$size
done
bucket 10kB
exposed "tiny buckets: latency dominates and more is exposed again" 10kB '>' $prev
closed "tiny buckets: the simulated step is the pipeline's closed form" 10kB
"$PSIM" run --set strategy.bucket=25MB "$SRCDIR/scenarios/seed-250m-10w-10g-ring.json" \
    >/dev/null 2>"$TMP/err"
check "buckets need layers" grep -q \
    "/strategy/bucket: buckets fill layer by layer during backprop" "$TMP/err"

# A parameter server's buckets: each pushed as backprop fills it, pulled
# while the next is pushed (opposite directions on every NIC).  2
# workers, 1 server, 2 layers of 400 MB with 1 s of backward each: layer
# b's bucket is pushed at 2 s and pulled by 3.28 s, layer a's pushed at
# 3 s and pulled at 3 s + 2 (alpha + 800 MB / 1.25 GB/s).
cat >"$TMP/psb.json" <<EOF2
{ "model": { "compute": "3s", "layers": [
    { "name": "a", "params": "100M" }, { "name": "b", "params": "100M" } ] },
  "cluster": { "nic": "10Gbps" }, "placement": { "workers": 2, "servers": 1 },
  "strategy": { "name": "ps", "bucket": "400MB" },
  "run": { "steps": 2, "warmup": 1 }, "network": "ideal" }
EOF2
"$PSIM" run --format json "$TMP/psb.json" >"$TMP/psb.out"
want=$(awk 'BEGIN { printf "%.12g", 3 + 2 * (10e-6 + 0.8e9 / 1.25e9) }')
check_near "PS buckets: the last bucket's push and pull after the compute" \
    "$(json "$TMP/psb.out" step_time_s.mean)" "$want" 1e-9
check_near "PS buckets: the closed form agrees" \
    "$(json "$TMP/psb.out" analytic.step_time_s)" "$want" 1e-9
# ResNet-50 on 16 workers and 4 servers: buckets hide communication, and
# the closed form is the simulation's.
sed 's/"name": "allreduce", "algorithm": "ring"/"name": "ps"/' "$D/resnet50.json" >"$TMP/r50ps.json"
for b in none 25MB 5MB; do
	if [ $b = none ]; then set --; else set -- --set strategy.bucket=$b; fi
	save "$TMP/pb-$b.json" "$PSIM" run --format json --set placement.servers=4 \
	    "$@" "$TMP/r50ps.json"
	# (each bucket's push and pull pay a latency, 10 us, in the
	# closed form; the simulation overlaps some of them)
	check_near "ResNet-50 PS, buckets $b: the closed form agrees" \
	    "$(json "$TMP/pb-$b.json" analytic.step_time_s)" \
	    "$(json "$TMP/pb-$b.json" step_time_s.mean)" 1e-3
done
check "ResNet-50 PS: buckets of 25MB hide communication" \
    ran "$TMP/pb-25MB.json" "$TMP/pb-none.json" -- awk \
    -v a="$(json "$TMP/pb-25MB.json" step_time_s.mean)" \
    -v b="$(json "$TMP/pb-none.json" step_time_s.mean)" 'BEGIN { exit !(a < b - 0.1) }'
# With shards colocated on workers the closed form is not exact: below
# the simulation when every bucket is spread over all shards, above it
# when each bucket is a whole layer on one worker's shard.
save "$TMP/pbc.json" "$PSIM" run --format json --set strategy.colocate=true \
    --set strategy.shards=4 --set strategy.bucket=25MB "$TMP/r50ps.json"
check "ResNet-50 PS on workers, buckets: the closed form is below" \
    ran "$TMP/pbc.json" -- awk \
    -v a="$(json "$TMP/pbc.json" analytic.step_time_s)" \
    -v s="$(json "$TMP/pbc.json" step_time_s.mean)" 'BEGIN { exit !(a <= s && a > 0.8 * s) }'
"$PSIM" run --set strategy.colocate=true --set strategy.shards=4 \
    --set strategy.bucket=25MB "$TMP/r50ps.json" >"$TMP/pbc.txt"
check "... and says so" grep -q "not exact with shards on workers, either way" "$TMP/pbc.txt"
printf '%s' '{ "model": { "layers": [ {"params": "50M", "flops": "1G"},
    {"params": "50M", "flops": "1G"}, {"params": "50M", "flops": "1G"},
    {"params": "50M", "flops": "1G"} ], "compute": "1s" },
  "cluster": { "nic": "10Gbps", "latency": "5us" }, "placement": { "workers": 4 },
  "strategy": { "name": "ps", "colocate": true, "shards": 4,
    "partition": "balanced", "bucket": "1B" },
  "network": "ideal", "run": { "steps": 3, "warmup": 1 } }' >"$TMP/whole.json"
save "$TMP/whole-r.json" "$PSIM" run --format json "$TMP/whole.json"
# (each layer's 3 pushes of 200 MB into its server at 1.25 GB/s, chained
# with the pulls: 4 x 0.48 + 0.48 s after backprop's first bucket; the
# simulation overlaps one bucket's pulls with the next one's pushes)
check "whole layers, each on one worker's shard: the closed form is above" \
    ran "$TMP/whole-r.json" -- awk \
    -v a="$(json "$TMP/whole-r.json" analytic.step_time_s)" \
    -v s="$(json "$TMP/whole-r.json" step_time_s.mean)" 'BEGIN { exit !(a > 1.1 * s) }' 
# On machines of 4 GPUs (local reduce) and with BytePS the closed form
# is the simulation's.
"$PSIM" run --format json --set placement.servers=4 --set cluster.gpus_per_host=4 \
    --set strategy.bucket=25MB "$TMP/r50ps.json" >"$TMP/pbg.json"
check_near "ResNet-50 PS, 4 machines of 4 GPUs, buckets: the closed form agrees" \
    "$(json "$TMP/pbg.json" analytic.step_time_s)" \
    "$(json "$TMP/pbg.json" step_time_s.mean)" 1e-6
sed 's/"name": "ps"/"name": "bytesps"/' "$TMP/r50ps.json" >"$TMP/r50bps.json"
"$PSIM" run --format json --set placement.servers=4 --set cluster.gpus_per_host=4 \
    --set strategy.bucket=25MB "$TMP/r50bps.json" >"$TMP/pbb.json"
check_near "ResNet-50 BytePS, 4 machines of 4 GPUs, buckets: the closed form agrees" \
    "$(json "$TMP/pbb.json" analytic.step_time_s)" \
    "$(json "$TMP/pbb.json" step_time_s.mean)" 1e-6
"$PSIM" run --set strategy.sync=async --set strategy.bucket=25MB \
    --set placement.servers=4 "$TMP/r50ps.json" >/dev/null 2>"$TMP/err"
check "PS buckets: sync only" grep -qF \
    '/strategy/bucket: a parameter server'"'"'s buckets are modelled with sync "sync" only, not "async"' "$TMP/err"
"$PSIM" run --set 'strategy.variables=[1000,25556032]' --set strategy.partition=balanced \
    --set strategy.bucket=25MB --set placement.servers=2 "$TMP/r50ps.json" >/dev/null 2>"$TMP/err"
check "PS buckets: the variables are the layers" grep -qF \
    '/strategy/variables: with /strategy/bucket the variables are the layers; leave them out' "$TMP/err"

# Errors.
printf '%s' '{ "model": { "preset": "resnet5", "compute": "1s" }, "cluster": { "nic": "10Gbps" }, "placement": { "workers": 2 }, "strategy": { "name": "allreduce", "algorithm": "ring" } }' >"$TMP/e1.json"
"$PSIM" run "$TMP/e1.json" 2>"$TMP/err" >/dev/null
check "an unknown preset: did you mean" grep -qx \
    "psim: $TMP/e1.json: /model/preset: unknown preset \"resnet5\"; did you mean \"resnet50\"? (valid: resnet50, resnet101, resnet152, inception-v3, vgg16, alexnet, bert-large)" "$TMP/err"
printf '%s' '{ "model": { "params": "1M", "compute": "2T", "layers": [ { "params": 5, "backward": "1s", "size": 3 }, 7 ] }, "cluster": { "nic": "10Gbps" }, "placement": { "workers": 2 }, "strategy": { "name": "allreduce", "algorithm": "ring" } }' >"$TMP/e2.json"
"$PSIM" run "$TMP/e2.json" 2>"$TMP/err" >/dev/null
check "bad layers: exit 2" test $? -eq 2
cat >"$TMP/want" <<EOF2
psim: $TMP/e2.json: /model/layers/0/size: unknown key "size"; expected one of: name, params, flops, backward
psim: $TMP/e2.json: /model/layers/1: expected a layer object, got a number
psim: $TMP/e2.json: /model/params: the layers add up to 5 parameters but /model/params is 1000000
psim: $TMP/e2.json: /model/layers: a layer's backward time needs /model/compute as a duration
EOF2
check "bad layers: every problem, with its path" cmp "$TMP/want" "$TMP/err"

done_testing
