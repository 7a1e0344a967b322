#!/bin/sh
# A CPU parameter server's own work (strategy.server_cpu; psim-scenario(5),
# HOST COSTS; issue 35, item 2): the sums of the pushes and the update run
# on the CPU of the machine that holds the shard, at the processor's
# memory bandwidth.  Checked against the step without it plus the work
# summed by hand from hardware.def's row (one server, all pushes in at
# once: exact), against the closed form wherever chunks, shards, shards
# on workers or a CPU slower than the links make it a pipeline, and
# against the run of every step.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

# The row's figures, from hardware.def itself.
row=$(sed -n '/^CPU("e5-2697v4"/p' "$SRCDIR/src/model/hardware.def")
ONE=$(echo "$row" | sed 's/^CPU("[^"]*", *\([^,]*\),.*/\1/')
ALL=$(echo "$row" | sed 's/^CPU("[^"]*", *[^,]*, *\([^,]*\),.*/\1/')
check "hardware.def has the e5-2697v4 row" test -n "$ONE" -a -n "$ALL"

# 4 workers and 1 server, 25 M parameters, 10 Gbps without latency.
cat >"$TMP/c.json" <<EOF
{ "model": { "params": 25e6, "compute": "0.1s" },
  "cluster": { "hosts": 5, "nic": "10Gbps", "latency": "0s" },
  "placement": { "workers": 4, "servers": 1 },
  "strategy": { "name": "ps", "shards": 1 },
  "network": { "model": "ideal" }, "run": { "steps": 4, "warmup": 1 } }
EOF
run() {	# run NAME SET...: the JSON report into $TMP/NAME.json; a run
	# that fails is a failed check (its figures would read as "")
	r_n=$1; shift
	"$PSIM" run --format json "$@" "$TMP/c.json" >"$TMP/$r_n.json" \
	    2>"$TMP/$r_n.err"
	r_st=$?
	[ $r_st -eq 0 ] || not_ok "$r_n ($*): psim run exits 0, not $r_st" \
	    "$(cat "$TMP/$r_n.err")"
}
step() { json "$TMP/$1.json" step_time_s.mean; }
cpu() {	# cpu RATE BYTES: seconds for 25e6 parameters of BYTES each
	awk -v r="$1" -v b="$2" 'BEGIN { printf "%.15g", b * 25e6 / r }'
}

run none
# sum: the first push copied (8 B a parameter), 3 added to it (12 B
# each), one update.
for opt in momentum:20 sgd:12 adam:28; do
	o=${opt%:*} u=${opt#*:}
	run sum --set strategy.server_cpu=e5-2697v4 --set strategy.optimizer=$o
	check_near "sum, $o: the step is longer by a copy, 3 sums and an update on one thread" \
	    "$(step sum)" "$(awk -v s="$(step none)" -v c="$(cpu "$ONE" $((44 + u)))" \
	    'BEGIN { printf "%.15g", s + c }')" 1e-9
	check_near "sum, $o: the closed form agrees" \
	    "$(json "$TMP/sum.json" analytic.step_time_s)" "$(step sum)" 1e-9
	check_near "sum, $o: the report's server CPU a step is that work" \
	    "$(json "$TMP/sum.json" breakdown_s.server_cpu)" \
	    "$(cpu "$ONE" $((44 + u)))" 1e-9
	check_near "sum, $o: and the closed form's" \
	    "$(json "$TMP/sum.json" analytic.server_cpu_s)" \
	    "$(cpu "$ONE" $((44 + u)))" 1e-9
	check "sum, $o: the NIC, not the CPU, is the bottleneck on 10 Gbps" \
	    test "$(json "$TMP/sum.json" bottleneck.kind)" = server-nic
done
check "without a server CPU: no server CPU figure" \
    test "$(json "$TMP/none.json" breakdown_s.server_cpu)" = null
# On 100 Gbps the server's NIC takes 32 ms a step, its CPU 119 ms: the
# CPU is the bottleneck, named with its host.
run fast --set strategy.server_cpu=e5-2697v4 --set cluster.nic=100Gbps
check "100 Gbps: the server's CPU is the bottleneck" \
    test "$(json "$TMP/fast.json" bottleneck.kind)" = server-cpu
check "100 Gbps: the bottleneck names the server's host" grep -q \
    '"resource": "host-4 CPU (server 0 (1 shard))"' "$TMP/fast.json"
check_near "100 Gbps: its utilization is its time over the step" \
    "$(json "$TMP/fast.json" bottleneck.utilization)" "$(awk \
    -v c="$(json "$TMP/fast.json" breakdown_s.server_cpu)" \
    -v s="$(step fast)" 'BEGIN { printf "%.15g", c / s }')" 1e-9
# each: 4 updates at once, as fast as the socket lets them (4 x 20 B at
# 63 GB/s takes longer than one at 13.4 GB/s).
run each --set strategy.server_cpu=e5-2697v4 --set strategy.apply=each
check_near "each: the step is longer by 4 updates at the socket's rate" \
    "$(step each)" "$(awk -v s="$(step none)" -v a="$(cpu "$ALL" 80)" \
    -v o="$(cpu "$ONE" 20)" 'BEGIN { printf "%.15g", s + (a > o ? a : o) }')" 1e-9
# async with one worker: each push one update, on one thread.
run async1 --set strategy.server_cpu=e5-2697v4 --set strategy.sync=async \
    --set placement.workers=1 --set cluster.hosts=2
run async0 --set strategy.sync=async --set placement.workers=1 --set cluster.hosts=2
check_near "async, one worker: each push is one update on one thread" \
    "$(step async1)" "$(awk -v s="$(step async0)" -v c="$(cpu "$ONE" 20)" \
    'BEGIN { printf "%.15g", s + c }')" 1e-9

# The closed form where the chunks are a pipeline, the CPU keeping up
# (10 Gbps) or not (100 Gbps), shards on servers or on workers.
for set in "strategy.chunks=8" "strategy.chunks=8 cluster.nic=100Gbps" \
    "strategy.chunks=8 cluster.nic=100Gbps strategy.apply=each strategy.optimizer=adam" \
    "placement.servers=2 cluster.hosts=6 strategy.shards=2 strategy.chunks=4" \
    "placement.servers=0 cluster.hosts=4 strategy.colocate=true strategy.shards=4" \
    "placement.servers=0 cluster.hosts=4 strategy.colocate=true strategy.shards=2 strategy.chunks=16 cluster.nic=100Gbps"; do
	on_off "$set" "the server CPU" \
	    "--set strategy.server_cpu=e5-2697v4$(set_args "$set")" \
	    's/strategy.server_cpu=[^ ]*/strategy.server_cpu=none/' 2e-3
done

# Two shards on one machine share its CPU: 2 machines of 2 GPUs and 4
# shards on the GPUs, two a machine, take twice one shard's time there
# (on links fast enough that the first shard's pulls do not hide the
# second's CPU; what remains of the links, 0.02 ms, is within 1e-3 of the
# 0.15 s step, one batch less 17% off).
cat >"$TMP/m.json" <<EOF
{ "model": { "params": 25e6, "compute": "0.1s" },
  "cluster": { "hosts": 2, "gpus_per_host": 2, "nic": "100Tbps",
               "intra_bw": "100Tbps", "latency": "0s", "intra_latency": "0s" },
  "placement": { "workers": 4 },
  "strategy": { "name": "ps", "shards": 4, "colocate": true,
                "local_reduce": false, "server_cpu": "e5-2697v4" },
  "network": { "model": "ideal" }, "run": { "steps": 3, "warmup": 1 } }
EOF
save "$TMP/m1.json" "$PSIM" run --format json "$TMP/m.json"
save "$TMP/m0.json" "$PSIM" run --format json --set strategy.server_cpu=none "$TMP/m.json"
check "two shards on one machine: both runs exit 0" ran "$TMP/m1.json" "$TMP/m0.json" -- true
# each shard: 6.25 M parameters, a copy, 3 sums and a momentum update
check_near "two shards on one machine: its CPU takes both batches, one after the other" \
    "$(json "$TMP/m1.json" step_time_s.mean)" "$(awk \
    -v s="$(json "$TMP/m0.json" step_time_s.mean)" -v r="$ONE" \
    'BEGIN { printf "%.15g", s + 2 * 64 * 6.25e6 / r }')" 1e-3
check_near "two shards on one machine: the closed form agrees" \
    "$(json "$TMP/m1.json" analytic.step_time_s)" \
    "$(json "$TMP/m1.json" step_time_s.mean)" 1e-3

# The run of every step gives the same report.
ff_pair fast_forwarded_steps steps "fast-forward with a server CPU" \
    -s strategy.server_cpu=e5-2697v4 -s run.steps=60 "$TMP/c.json"
check "fast-forward with a server CPU: steps skipped" test "$(cat "$TMP/skipped")" -gt 0

# none is no CPU, and --nominal turns it off.
grep -v '"overrides"\|"wall_s"' "$TMP/none.json" >"$TMP/b"
run zero --set strategy.server_cpu=none
grep -v '"overrides"\|"wall_s"' "$TMP/zero.json" >"$TMP/a"
check "strategy.server_cpu none: the report of a free CPU" cmp -s "$TMP/a" "$TMP/b"
"$PSIM" run --format json --nominal --set strategy.server_cpu=e5-2697v4 \
    "$TMP/c.json" | grep -v '"overrides"\|"wall_s"' >"$TMP/a"
check "run --nominal: the server CPU off" cmp -s "$TMP/a" "$TMP/b"

# Errors.
refused "a processor psim has no row of" \
    '/strategy/server_cpu: expected a processor (e5-2697v4, none), got "xeon"' \
    "$TMP/c.json" --set strategy.server_cpu=xeon
refused "apply without a server CPU" \
    "/strategy/apply: only used with /strategy/server_cpu" "$TMP/c.json" \
    --set strategy.apply=each
refused "an optimizer psim does not know" \
    '/strategy/optimizer: unknown value "lamb"; expected one of momentum, sgd, adam' \
    "$TMP/c.json" --set strategy.server_cpu=e5-2697v4 --set strategy.optimizer=lamb
refused "a server CPU with an all-reduce" \
    '/strategy/server_cpu: only used with strategy "ps"' "$TMP/c.json" \
    --set placement.servers=0 --set cluster.hosts=4 \
    --set 'strategy={"name": "allreduce", "algorithm": "ring", "server_cpu": "e5-2697v4"}'

# psim explain beside a published efficiency: what the CPU takes.
"$PSIM" explain --set 'published={"efficiency": 0.2, "source": "a test"}' \
    --set strategy.server_cpu=e5-2697v4 "$TMP/c.json" >"$TMP/ex.txt"
check "explain: the server CPU, with its source" grep -q \
    "the servers' e5-2697v4 CPU, pushes summed on one thread (strategy.server_cpu): " "$TMP/ex.txt"
check "explain: the CPU's source" grep -q "RRZE-HPC/kerncraft" "$TMP/ex.txt"

done_testing
