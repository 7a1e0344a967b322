#!/bin/sh
# Bad input: each problem is one line naming the file, the JSON path, what
# was expected and what was found; all problems of a file together; exit 2;
# never an abort.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
cd "$SRCDIR/tests/data" || exit 1

# expect_error NAME FILE [ARGS...] <<EXPECTED: exact stderr, exit 2, no stdout
expect_error() {
	name=$1; file=$2; shift 2
	cat >"$TMP/expect"
	"$PSIM" run "$@" "$file" >"$TMP/out" 2>"$TMP/err"
	status=$?
	if [ "$status" -ne 2 ]; then
		not_ok "$name" "exit status $status, want 2; stderr: $(cat "$TMP/err")"
	elif ! cmp -s "$TMP/expect" "$TMP/err"; then
		not_ok "$name" "$(diff "$TMP/expect" "$TMP/err")"
	elif [ -s "$TMP/out" ]; then
		not_ok "$name" "unexpected stdout: $(cat "$TMP/out")"
	else
		ok "$name"
	fi
}

expect_error "malformed JSON gives file:line:col" bad-syntax.json <<'E'
psim: bad-syntax.json:4:3: syntax error: not valid JSON: , or } expected
E

expect_error "every problem of a file, together" bad-many.json <<'E'
psim: bad-many.json: /netwrok: unknown key "netwrok"; did you mean "network"?
psim: bad-many.json: /model/params: expected a whole parameter count between 1 and 1e15, got -5
psim: bad-many.json: /model/dtype: unknown value "fp64"; did you mean "fp32"? (valid: fp32, fp16, bf16)
psim: bad-many.json: /model/batch: expected a whole number of samples between 1 and 2147483648, got 0
psim: bad-many.json: /model/compute: expected a duration such as "1s" or a flop count such as "2.5T", got "1 parsec"
psim: bad-many.json: /cluster/latencyy: unknown key "latencyy"; did you mean "latency"?
psim: bad-many.json: /cluster/nic: expected a bandwidth such as "10Gbps", got 10
psim: bad-many.json: /strategy/shards: expected an integer from 1 to 1048576, got 0
psim: bad-many.json: /run/steps: expected an integer from 1 to 1000000, got "five"
psim: bad-many.json: /cluster/hosts: 4 hosts cannot hold 4 workers and 2 servers
E

# the valid ones: the registry's all-reduce rows, as psim lists them
valid=$(strategies FAMILY_ALLREDUCE | paste -sd, - | sed 's/,/, /g')
expect_error "unknown algorithm lists the valid ones" bad-algorithm.json <<E
psim: bad-algorithm.json: /strategy/algorithm: unknown algorithm "rign"; did you mean "ring"? (valid: $valid)
E

expect_error "unknown strategy lists the valid ones" bad-strategy.json <<'E'
psim: bad-strategy.json: /strategy/name: unknown value "gossip"; expected one of ps, allreduce, bytesps
E

expect_error "more workers and servers than hosts" bad-hosts.json <<'E'
psim: bad-hosts.json: /cluster/hosts: 12 hosts cannot hold 10 workers and 4 servers
E

expect_error "missing platform file" bad-platform-missing.json <<'E'
psim: bad-platform-missing.json: /cluster/platform: cannot open "no-such-platform.xml": No such file or directory
E

expect_error "a host name the platform lacks" bad-platform-host.json <<'E'
psim: bad-platform-host.json: /placement/worker_hosts/1: no host "gamma" in platform "two-hosts.xml"
E

expect_error "a platform SimGrid cannot parse is an error, not an abort" \
    bad-platform-xml.json <<'E'
psim: bad-platform-xml.json: /cluster/platform: cannot load "bad-platform-xml.xml": Parse error at bad-platform-xml.xml:6: cannot parse number:fast
E

# (a path: a bare name is looked up among the shipped scenarios too, t0010)
expect_error "missing scenario file" ./no-such-scenario.json <<'E'
psim: ./no-such-scenario.json: No such file or directory
E

expect_error "--set values are validated like the file" \
    "$SRCDIR/scenarios/seed-250m-10w-10g-ring.json" \
    --set cluster.nic=-3Gbps --set placement.workers=0 --set strategy.shards=2 <<E
psim: $SRCDIR/scenarios/seed-250m-10w-10g-ring.json: /cluster/nic: expected a bandwidth between 1bps and 100Tbps, got "-3Gbps"
psim: $SRCDIR/scenarios/seed-250m-10w-10g-ring.json: /placement/workers: expected an integer from 1 to 1048576, got 0
psim: $SRCDIR/scenarios/seed-250m-10w-10g-ring.json: /strategy/shards: only used with strategy "ps"
E

expect_error "colocated shards need no servers" \
    "$SRCDIR/scenarios/seed-250m-10w-10g-ps-worker0.json" \
    --set placement.servers=2 --set strategy.shards=11 <<E
psim: $SRCDIR/scenarios/seed-250m-10w-10g-ps-worker0.json: /placement/servers: colocated shards live on workers, so expected 0 dedicated servers, got 2
psim: $SRCDIR/scenarios/seed-250m-10w-10g-ps-worker0.json: /strategy/shards: colocated shards go one per worker, so expected at most 10, got 11
E

expect_error "warm-up must leave steps to measure" \
    "$SRCDIR/scenarios/seed-250m-10w-10g-ring.json" --set run.steps=2 \
    --set run.warmup=2 <<E
psim: $SRCDIR/scenarios/seed-250m-10w-10g-ring.json: /run/warmup: expected fewer warm-up steps than the 2 steps, got 2 (set run.warmup below run.steps, e.g. --set run.warmup=0, or leave it out: 1, or 0 in a one-step run)
E

# Odd inputs must fail cleanly (exit 2 with a message), never crash.
for text in '' '[]' '{"model": 3}' '{"model": {"params": "1e400"}}' \
    '{"strategy": {"name": "ps", "variables": [1, "x", -2]}}' \
    '{"cluster": {"nic": "10Gbps", "topology": "two-tier", "racks": 0}}' \
    '{"model": {"params": "nan", "compute": "inf s"}}'; do
	printf '%s' "$text" >"$TMP/odd.json"
	"$PSIM" run "$TMP/odd.json" >/dev/null 2>"$TMP/err"
	status=$?
	if [ "$status" -eq 2 ] && [ -s "$TMP/err" ] &&
	    ! grep -qi 'abort\|backtrace' "$TMP/err"; then
		ok "odd input fails cleanly: $text"
	else
		not_ok "odd input fails cleanly: $text" "exit $status: $(cat "$TMP/err")"
	fi
done

"$PSIM" run --format yaml >/dev/null 2>"$TMP/err"
check "unknown --format is a usage error" test $? -eq 2
"$PSIM" frobnicate >/dev/null 2>"$TMP/err"
check "unknown command exits 2" test $? -eq 2
check "unknown command names the commands" grep -q "commands: run, validate, platform, explain" "$TMP/err"
"$PSIM" run --bogus >/dev/null 2>"$TMP/err"
check "unknown option exits 2" test $? -eq 2
check "unknown option is named" grep -qx "psim: run: unknown option --bogus" "$TMP/err"
# An unknown short option in a cluster: the letter, not the word before.
"$PSIM" run -Zs x >/dev/null 2>"$TMP/err"
check "unknown short option in a cluster exits 2" test $? -eq 2
check "unknown short option in a cluster is named" grep -qx "psim: run: unknown option -Z" "$TMP/err"
"$PSIM" trace -Q >/dev/null 2>"$TMP/err"
check "unknown short option is named, every command" grep -qx "psim: trace: unknown option -Q" "$TMP/err"
"$PSIM" run --set >/dev/null 2>"$TMP/err"
check "missing option value is named" grep -qx "psim: run: option --set needs a value" "$TMP/err"
"$PSIM" validate --format json >/dev/null 2>"$TMP/err"
check "validate takes no --format" grep -qx "psim: validate: unknown option --format" "$TMP/err"
"$PSIM" run a.json b.json >/dev/null 2>"$TMP/err"
check "two scenario files are a usage error" test $? -eq 2


# numerics and the PS protocols
expect_error "numerics real takes its size from the model" numerics.json \
    --set model.params=1000 <<'E'
psim: numerics.json: /model/params: numerics mode "real" sends the linear model's own 17 parameters; leave this out, or use mode "proxy"
E
expect_error "a target loss needs numerics; all-reduce has no sync modes" \
    numerics.json --set 'numerics.mode="proxy"' --set model.params=1M \
    --set 'numerics.mode="off"' --set run.target_loss=0.1 \
    --set 'strategy.sync="async"' <<'E'
psim: numerics.json: /strategy/sync: only used with strategy "ps"
psim: numerics.json: /run/target_loss: a loss needs real gradients: add /numerics (mode "proxy" or "real")
E
expect_error "ssp needs its bound; hidden layers are for the mlp" numerics.json \
    --set 'strategy={"name": "ps", "sync": "ssp"}' --set 'numerics.hidden=[3]' <<'E'
psim: numerics.json: /strategy/staleness: missing; expected an integer >= 0
psim: numerics.json: /numerics/hidden: only used with model "mlp"
E
expect_error "backup: fewer than the workers, no chunks; lr, momentum, mode" \
    numerics.json --set 'strategy={"name": "ps", "sync": "backup", "backup_workers": 4, "chunks": 2}' \
    --set numerics.lr=0 --set numerics.momentum=1 --set 'numerics.mode="fake"' <<'E'
psim: numerics.json: /strategy/chunks: pipelined chunks are modelled for sync "sync" only, got sync "backup"
psim: numerics.json: /numerics/mode: unknown value "fake"; expected one of off, real, proxy
psim: numerics.json: /numerics/lr: expected a learning rate > 0, got 0
psim: numerics.json: /numerics/momentum: expected a number from 0 to 0.999999, got 1
psim: numerics.json: /strategy/backup_workers: expected fewer backup workers than the 4 workers, got 4
E
expect_error "a model too big for real buffers points to proxy" numerics.json \
    --set 'numerics.model="mlp"' --set numerics.hidden='[20000]' \
    --set numerics.features=100000 <<'E'
psim: numerics.json: /numerics/max_memory: the 2000040001 parameters of the mlp model on 4 workers and its data need about 252 GB, over the limit of 4.29 GB; use a smaller model (mode "proxy" trains a small one while the wire carries /model/params) or raise /numerics/max_memory
E


# faults
expect_error "faults: one preemption process, a checkpoint for all-reduce" \
    faults-ring.json --set 'faults={"preemption": {"mttp": "1h", "weibull": {"shape": 2}}}' <<'E'
psim: faults-ring.json: /faults/preemption: expected one of "mttp" (exponential), "weibull" or "trace", got 2 of them
psim: faults-ring.json: /faults/preemption/weibull/scale: missing; expected a duration such as "1s" or "5us"
psim: faults-ring.json: /faults/checkpoint: missing; synchronous all-reduce restarts from its last checkpoint, so expected {"every": STEPS}
E
expect_error "faults: a bad trace line is named" faults-ring.json \
    --set 'faults.preemption={"trace": "bad-trace.csv"}' <<'E'
psim: faults-ring.json: /faults/preemption/trace: bad-trace.csv:3: expected event preempt or return, got "crash"
E
# an unterminated quote was taken (issue 38): RFC 4180 or an error
expect_error "faults: a trace line's broken quote is named" faults-ring.json \
    --set 'faults.preemption={"trace": "quote-trace.csv"}' <<'E'
psim: faults-ring.json: /faults/preemption/trace: quote-trace.csv:3: a field's quotes are not RFC 4180's: a quoted field needs its closing quote and nothing but a comma after it, and a quote inside a field needs the field quoted and the quote doubled
E
expect_error "faults: not yet with bytesps" faults-ring.json \
    --set 'strategy={"name": "bytesps"}' <<'E'
psim: faults-ring.json: /faults: preemptions are modelled for "ps" and "allreduce", not yet for "bytesps"
E

expect_error "faults: a checkpoint on notice needs a notice" faults-ring.json \
    --set faults.checkpoint.on_notice=true --set faults.spares=-1 <<'E'
psim: faults-ring.json: /faults/spares: expected an integer from 0 to 100000000, got -1
psim: faults-ring.json: /faults/checkpoint/on_notice: a checkpoint on notice needs /faults/notice and an all-reduce
E

expect_error "faults: elastic is for ring, without numerics" faults-ring.json \
    --set 'faults.elastic={"min_workers": 9}' --set 'strategy.algorithm="binomial-tree"' <<'E'
psim: faults-ring.json: /faults/elastic: elastic training is modelled for algorithm "ring" only
E

expect_error "faults: the storage host must be a host of its own" faults-ring.json \
    --set 'faults.checkpoint.storage="host-2"' <<'E'
psim: faults-ring.json: /faults/checkpoint/storage: host "host-2" is a worker or a server; the storage must be a host of its own
E
"$PSIM" validate --set cluster.hosts=4 faults-ring.json >/dev/null 2>"$TMP/err"
check "validate: no host left for the storage (exit 2)" test $? -eq 2

done_testing
