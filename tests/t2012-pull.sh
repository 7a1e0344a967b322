#!/bin/sh
# TensorFlow's synchronous parameter server (strategy.pull "forward";
# psim-scenario(5), HOST COSTS; issue 35): the step ends at a barrier
# once every shard has applied every push, and the next step's forward
# pass reads each bucket's parameters when it reaches its layers.
# Checked against a step worked out by hand, which the closed form
# follows too, against the default (each bucket's parameters back as
# soon as the shard has it from every worker), and against the ledgers.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

# Two layers (a: 5M parameters, 20 MB; b: 25M, 100 MB), a step of 1 s
# half forward, half backward, shared by parameters; 2 workers and one
# server on 10 Gbps without latency, a bucket a layer.
cat >"$TMP/p.json" <<EOF
{ "model": { "compute": "1s", "backward_share": 0.5, "layers": [
    { "name": "a", "params": "5M" }, { "name": "b", "params": "25M" } ] },
  "cluster": { "nic": "10Gbps", "latency": "0s" },
  "placement": { "workers": 2, "servers": 1 },
  "strategy": { "name": "ps", "shards": 1, "bucket": "1B" },
  "network": { "model": "ideal" }, "run": { "steps": 4, "warmup": 1 } }
EOF
run() {	# run NAME SET...: the JSON report into $TMP/NAME.json
	r_n=$1; shift
	save "$TMP/$r_n.json" "$PSIM" run --format json "$@" "$TMP/p.json"
}
step() { json "$TMP/$1.json" step_time_s.mean; }

# By hand.  Both workers push a bucket into the server's NIC at once and
# it sends both back: a bucket of M bytes takes 2 M / B each way.
# eager: layer b's bucket is ready 0.5 + 0.25 * 5/6 s into the step,
# pushed, then pulled while layer a's (ready 1 s in) is pushed behind it,
# then pulled: the step ends at the last pull.
# forward: from the barrier (the last push out) a's parameters come in
# first, then b's; each layer's forward (0.5 s shared 1:5) waits for its
# own; backward as before, each push behind the one before; the next
# barrier is the step's end.
EAGER=$(awk 'BEGIN { B = 1.25e9; pa = 2 * 20e6 / B; pb = 2 * 100e6 / B
	rb = 0.5 + 0.5 * 5 / 6; e = rb + pb; p = e + pb
	e = (e > 1 ? e : 1) + pa; p = (p > e ? p : e) + pa
	printf "%.12g", p }')
FORWARD=$(awk 'BEGIN { B = 1.25e9; pa = 2 * 20e6 / B; pb = 2 * 100e6 / B
	fa = 0.5 / 6; fb = 0.5 * 5 / 6
	f = pa + fa; f = (f > pa + pb ? f : pa + pb) + fb
	e = f + fb + pb; r = f + fb + fa; e = (e > r ? e : r) + pa
	printf "%.12g", e }')

run eager
run forward --set strategy.pull=forward
check "both run" ran "$TMP/eager.json" "$TMP/forward.json" -- true
check_near "eager: the step worked out by hand" "$(step eager)" "$EAGER" 1e-9
check_near "forward: the step worked out by hand" "$(step forward)" \
    "$FORWARD" 1e-9
check "forward differs from eager here" awk -v a="$(step eager)" \
    -v b="$(step forward)" 'BEGIN { exit !(a - b > 0.01) }'
for r in eager forward; do
	check_near "$r: the closed form follows the same schedule" \
	    "$(json "$TMP/$r.json" analytic.step_time_s)" "$(step $r)" 1e-9
done
# The forward pass's wait for parameters is communication, not compute:
# the breakdown keeps the 1 s of compute and adds up to the step.
check_near "forward: compute is the 1 s given" \
    "$(json "$TMP/forward.json" breakdown_s.compute)" 1 1e-9
check_near "forward: compute, exposed communication and wait add up" \
    "$(awk -v c="$(json "$TMP/forward.json" breakdown_s.compute)" \
    -v e="$(json "$TMP/forward.json" breakdown_s.exposed_communication)" \
    -v w="$(json "$TMP/forward.json" breakdown_s.wait)" \
    'BEGIN { printf "%.12g", c + e + w }')" "$(step forward)" 1e-9
# The same bytes either way: a worker sends and receives the gradient's
# wire bytes a step, the server twice that.
for k in worker_traffic.bytes_sent_per_step \
    worker_traffic.bytes_received_per_step \
    server_traffic.bytes_sent_per_step; do
	check "forward moves the bytes eager does: $k" same \
	    "$(json "$TMP/forward.json" $k)" "$(json "$TMP/eager.json" $k)"
done
check "a worker receives the gradient's wire bytes a step" same \
    "$(json "$TMP/forward.json" worker_traffic.bytes_received_per_step)" \
    "$(json "$TMP/forward.json" model.wire_bytes)"

# Multi-GPU machines, shards on the workers, each machine's GPUs summed
# and broadcast inside it (local_reduce), ResNet-50's layers: the same
# bytes as eager, every step at least its compute.
MG='"model": { "preset": "resnet50", "batch": 32, "compute": "200ms" },
  "cluster": { "nic": "10Gbps", "gpus_per_host": 2, "intra_bw": "PCIe3-x16" },
  "placement": { "workers": 8 },
  "strategy": { "name": "ps", "colocate": true, "shards": 4,
    "partition": "balanced", "local_reduce": true, "bucket": "1B" },
  "network": { "model": "ideal" }, "run": { "steps": 4, "warmup": 1 }'
echo "{ $MG }" >"$TMP/mg.json"
save "$TMP/mge.json" "$PSIM" run --format json "$TMP/mg.json"
save "$TMP/mgf.json" "$PSIM" run --format json --set strategy.pull=forward \
    "$TMP/mg.json"
check "local_reduce: both run" ran "$TMP/mge.json" "$TMP/mgf.json" -- true
for k in worker_traffic.bytes_sent_per_step \
    worker_traffic.bytes_received_per_step; do
	check "local_reduce: forward moves the bytes eager does: $k" same \
	    "$(json "$TMP/mgf.json" $k)" "$(json "$TMP/mge.json" $k)"
done
check "local_reduce: a step is at least its compute" awk \
    -v s="$(step mgf)" 'BEGIN { exit !(s >= 0.2 - 1e-12) }'
check_near "local_reduce: compute is the 200 ms given" \
    "$(json "$TMP/mgf.json" breakdown_s.compute)" 0.2 1e-9

# "eager" is the default, and --nominal turns "forward" off.
run named --set strategy.pull=eager
grep -v '"overrides"\|"wall_s"' "$TMP/named.json" >"$TMP/a"
grep -v '"overrides"\|"wall_s"' "$TMP/eager.json" >"$TMP/b"
check "strategy.pull eager: the default's report" cmp -s "$TMP/a" "$TMP/b"
"$PSIM" run --format json --nominal --set strategy.pull=forward \
    "$TMP/p.json" | grep -v '"overrides"\|"wall_s"' >"$TMP/a"
check "run --nominal: the barrier off" cmp -s "$TMP/a" "$TMP/b"

# Errors.
refused "forward without buckets" \
    "/strategy/pull: \"forward\" reads each bucket's parameters when the forward pass reaches its layers: it needs /strategy/bucket" \
    "$TMP/p.json" --set 'strategy={"name": "ps", "pull": "forward"}'
refused "forward with an asynchronous PS (its buckets, one line)" \
    "/strategy/bucket: a parameter server's buckets are modelled with sync \"sync\" only, not \"async\"" \
    "$TMP/p.json" --set strategy.sync=async --set strategy.pull=forward
refused "pull with all-reduce" '/strategy/pull: only used with strategy "ps"' \
    "$TMP/p.json" --set placement.servers=0 \
    --set 'strategy={"name": "allreduce", "algorithm": "ring", "pull": "forward"}'
refused "an unknown value" \
    '/strategy/pull: unknown value "later"; did you mean "eager"? (valid: eager, forward)' \
    "$TMP/p.json" --set strategy.pull=later

# psim explain beside a published efficiency: what the barrier takes,
# with TensorFlow's own source.
"$PSIM" explain --set 'published={"efficiency": 0.5, "source": "a test"}' \
    --set strategy.pull=forward "$TMP/p.json" >"$TMP/ex.txt"
check "explain: the barrier, with its key" grep -q \
    "the step's barrier, parameters read in the next forward pass (strategy.pull): " \
    "$TMP/ex.txt"
check "explain: its source is tf_cnn_benchmarks" grep -q \
    "measured alone: tensorflow/benchmarks scripts/tf_cnn_benchmarks/tf_cnn_benchmarks.py@615c4ff" \
    "$TMP/ex.txt"

done_testing
