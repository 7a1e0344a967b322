#!/bin/sh
# Hostile values (issue 12): a number far outside what any cluster, model
# or run needs is one line naming its JSON path and its range, exit 2, no
# report and no generated platform file left behind, instead of a
# deadlock, a report of zeros, nan or inf, or a SimGrid abort; so is a
# run whose faults let no step finish.  Values at the ends of the ranges
# still run.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
RING=$S/seed-250m-10w-10g-ring.json
PS8=$S/seed-250m-10w-10g-ps8.json
SPOT=$S/spot-250m-10w-10g-sync-ps8.json
SPOTRING=$S/spot-250m-10w-10g-ring.json
# the generated platform goes to TMPDIR: a directory of this test's own,
# so that a leftover file is this test's and no other run's
mkdir "$TMP/tmp"

# A hang is a failure, not a stuck make check, and memory is bounded
# where the tools are there (not under AddressSanitizer, which maps
# terabytes of shadow memory).
LIMIT=
command -v timeout >/dev/null 2>&1 && LIMIT="timeout 20"
if command -v prlimit >/dev/null 2>&1 &&
    ! { ldd "$PSIM" 2>/dev/null | grep -q asan; }; then
	LIMIT="$LIMIT prlimit --as=4000000000"
fi

# psim_run ARGS...: psim run under the limits, with the status in
# $TMP/rc, stdout in $TMP/out and stderr in $TMP/err
psim_run() {
	# shellcheck disable=SC2086
	TMPDIR=$TMP/tmp $LIMIT "$PSIM" run "$@" >"$TMP/out" 2>"$TMP/err"
	echo $? >"$TMP/rc"
}

# refused NAME PATH PATTERN ARGS...: exit 2, one line at PATH matching
# PATTERN (a grep -E pattern for what follows "PATH: "), no report, no
# platform file left
refused() {
	name=$1 path=$2 pat=$3
	shift 3
	psim_run "$@"
	rc=$(cat "$TMP/rc")
	if [ "$rc" != 2 ]; then
		not_ok "$name" "exit status $rc, want 2: $(head -c 600 "$TMP/err")"
	elif [ "$(wc -l <"$TMP/err")" -ne 1 ]; then
		not_ok "$name" "want one line: $(cat "$TMP/err")"
	elif ! grep -Eq "^psim: [^ ]+: $path: $pat" "$TMP/err"; then
		not_ok "$name" "want $path: $pat, got: $(cat "$TMP/err")"
	elif [ -s "$TMP/out" ]; then
		not_ok "$name" "a report was written: $(head -c 300 "$TMP/out")"
	elif [ -n "$(ls "$TMP/tmp")" ]; then
		not_ok "$name" "left behind: $(ls "$TMP/tmp")"
		rm -f "$TMP/tmp"/*
	else
		ok "$name"
	fi
}

# runs NAME ARGS...: exit 0 with a finite step time
runs() {
	name=$1
	shift
	psim_run --format json --set run.steps=2 "$@"
	rc=$(cat "$TMP/rc")
	t=$(json "$TMP/out" step_time_s.mean)
	if [ "$rc" != 0 ]; then
		not_ok "$name" "exit status $rc: $(head -c 600 "$TMP/err")"
	elif ! awk -v t="$t" 'BEGIN { exit !(t + 0 > 0 && t + 0 < 1e300) }'
	then
		not_ok "$name" "step time \"$t\""
	elif [ -n "$(ls "$TMP/tmp")" ]; then
		not_ok "$name" "left behind: $(ls "$TMP/tmp")"
		rm -f "$TMP/tmp"/*
	else
		ok "$name"
	fi
}

DUR='expected a duration between 1ns and 1e6s, got'

# model.compute 1e308s: a deadlock and a report of zeros
refused "compute 1e308s" /model/compute "$DUR \"1e308s\"\$" \
    "$RING" --set model.compute=1e308s
refused "compute 1e308s (ps)" /model/compute "$DUR \"1e308s\"\$" \
    "$PS8" --set model.compute=1e308s
# 1e24 flops on a 1 flop/s host: a step of 1e24 s
refused "compute in flops too long at the host's speed" /model/compute \
    "$DUR 1e\\+24 s \\(1e\\+24 flops at /cluster/speed 1 flop/s\\)\$" \
    "$RING" --set 'model.compute="1e24"' --set cluster.speed=1f
# a straggler 1e300 times slower: a report of zeros
refused "slow host factor 1e300" /cluster/slow_hosts/0/factor \
    'expected a slow-down factor between 1 and 1000, got 1e\+300$' \
    "$RING" --set 'cluster.slow_hosts=[{"host": "host-0", "factor": 1e300}]'
# latency 1e300s: a step of 2e303 s
refused "latency 1e300s" /cluster/latency \
    'expected 0 or a duration between 1ns and 10s, got "1e300s"$' \
    "$RING" --set cluster.latency=1e300s
# exponential jitter of mean 1e300s: inf flops, a report of zeros
refused "exponential jitter 1e300s" /cluster/compute_jitter/exponential \
    "$DUR \"1e300s\"\$" \
    "$RING" --set 'cluster.compute_jitter={"exponential": "1e300s"}'
# a NIC of 1e-300Gbps: step times of 1e301 s
refused "nic 1e-300Gbps" /cluster/nic \
    'expected a bandwidth between 1bps and 100Tbps, got "1e-300Gbps"$' \
    "$RING" --set cluster.nic=1e-300Gbps
refused "nic 1e-300Gbps (ps)" /cluster/nic \
    'expected a bandwidth between 1bps and 100Tbps' \
    "$PS8" --set cluster.nic=1e-300Gbps
# speed 1e-308f: SimGrid aborted on the generated XML and left it behind
refused "speed 1e-308f, no platform file left" /cluster/speed \
    'expected a speed between 1f and 1e18f, got "1e-308f"$' \
    "$RING" --set cluster.speed=1e-308f --set 'model.compute="1T"'
# lognormal sigma 100 or 1000: exp(-sigma^2/2) is 0, 0 s of compute
for sigma in 100 1000; do
	refused "lognormal sigma $sigma" /cluster/compute_jitter/lognormal \
	    "expected a deviation between 0 and 3, got $sigma\$" \
	    "$RING" --set "cluster.compute_jitter={\"lognormal\": $sigma}"
done
# batch 1e30: a throughput of 3e30 samples/s
refused "batch 1e30" /model/batch \
    'expected a whole number of samples between 1 and 2147483648, got 1e\+30$' \
    "$RING" --set model.batch=1e30
# batch 1e308 with numerics: the sample index overflowed
refused "batch 1e308 with numerics" /model/batch \
    'expected a whole number of samples between 1 and 2147483648' \
    "$RING" --set model.batch=1e308 --set numerics.mode=proxy
# batch 2^53 + 1 with numerics: a gradient over 9e15 samples, a hang
refused "batch 9007199254740993 with numerics" /model/batch \
    'expected a whole number of samples between 1 and 2147483648' \
    "$RING" --set model.batch=9007199254740993 --set numerics.mode=proxy
refused "batch 2.5" /model/batch 'expected a whole number of samples' \
    "$RING" --set model.batch=2.5
# in range, but larger than the training set it is drawn from
refused "a batch larger than the training set" /model/batch \
    'with /numerics each worker.s batch is drawn from the 65536 training samples, so expected at most 65536, got 2147483648$' \
    "$RING" --set model.batch=2147483648 --set numerics.mode=proxy
# faults.replacement 1e300s: 2.55e+302 s stalled
refused "replacement 1e300s" /faults/replacement \
    'expected 0 or a duration between 1ns and 8760h, got "1e300s"$' \
    "$SPOT" --set faults.replacement=1e300s
# mttp 1ns: 2^28 events, out of memory, or zeros and "bottleneck: compute"
refused "mttp 1ns" /faults/preemption/mttp \
    'expected a duration between 1s and 87600h, got "1ns"$' \
    "$SPOT" --set faults.preemption.mttp=1ns
refused "mttp 1ns (ring)" /faults/preemption/mttp \
    'expected a duration between 1s and 87600h' \
    "$SPOTRING" --set faults.preemption.mttp=1ns
# in range, but workers that live less than a step
refused "mttp shorter than a step" /faults/preemption/mttp \
    'the job cannot finish: a worker lives 1 s on average, less than a fault-free step \(about 2.6 s\); expected a longer mean lifetime$' \
    "$SPOTRING" --set faults.preemption.mttp=1s
# longer than a step, but ten ring workers are never all up through one:
# with 100 steps between checkpoints, said before the run (the tries a
# cycle takes); with one, after it
refused "no checkpoint cycle fits: said before the run" \
    /faults/preemption/mttp \
    'the job cannot finish: 100 steps between checkpoints take about 260 s without faults and a restart with its restore at least 121.6 s more, and its 10 workers, each living 3 s on average, lose one every 300 ms: a stretch that long without a loss takes about e\^1272 tries, and the job needs 20 of them' \
    "$SPOTRING" --set faults.preemption.mttp=3s
# a worker's link down sends the job back as its preemption does: links
# failing every 3 s on average never stay up through a stretch (make
# fuzz-run seed 1213: 1.1 million link failures in 100 s of wall clock,
# 2.6 GB, before)
refused "links lost faster than a cycle: said before the run" \
    /faults/links/mttp \
    "the job cannot finish: 30 steps between checkpoints take about 78 s without faults and a restart with its restore at least 72.8 s more, and its 10 workers' links, each failing every 3 s on average \\(and the workers\\), lose one every 299.8 ms: a stretch that long without a loss takes about e\\^503 tries" \
    "$S/spot-250m-10w-10g-ring-checkpoints.json" --set faults.links.mttp=3
# a restart is part of the stretch (any loss during it stops it): one of
# 1000 h cannot pass without a loss every 10 min (psim used to run it to
# the end of the faults it draws, 29 simulated years, and report that)
refused "a restart longer than the losses allow: said before the run" \
    /faults/preemption/mttp \
    'the job cannot finish: 100 steps between checkpoints take about 260 s without faults and a restart with its restore at least 1000 h more, and its 10 workers, each living 5904 s on average, lose one every 590.4 s: a stretch that long without a loss takes about e\^6098 tries' \
    "$SPOTRING" --set faults.restart=1000h
# a PS goes back to its checkpoint at a server's loss: 8 servers living
# 7 s each never stay up through a restart and 100 steps (it used to run
# 73 s to the end of the faults psim draws before saying so)
refused "servers lost faster than a cycle: said before the run" \
    /faults/servers/mttp \
    'the job cannot finish: 100 steps between checkpoints take about 260 s without faults and a restart with its restore at least 122.4 s more, and its 8 servers, each living 7 s on average, lose one every 875 ms: a stretch that long without a loss takes about e\^437 tries' \
    "$SPOT" --set faults.servers.mttp=7s
refused "no step done: an error, not a report of zeros" \
    /faults/preemption/mttp \
    'the job cannot finish: in [0-9.e+]+ simulated s, no step after the warm-up was done, through [0-9]+ preemptions, 0 server and 0 link failures: its hosts were never all up through a step$' \
    "$SPOTRING" --set faults.preemption.mttp=4s \
    --set faults.checkpoint.every=1 --set run.steps=10 --set faults.restart=0
# steps get done, but with 10 workers that live 15 min on average and
# take 14 min to replace (all up (15/29)^10 = 0.14% of the time), not 300
# of them before psim stops drawing faults (256 first horizons): it used
# to report "did not get its steps" and a goodput of 0, exit 0
refused "a job too slow to finish: an error, not a report" \
    /faults/preemption/mttp \
    'the job cannot finish: in [0-9.e+]+ simulated s, [0-9]+ of its 300 steps were done \(psim draws faults no further\), through [0-9]+ preemptions, 0 server and 0 link failures: its hosts were seldom all up for long enough; expected a longer mean lifetime, shorter replacements or restarts, or more frequent checkpoints$' \
    "$SPOTRING" --set faults.preemption.mttp=15min --set run.steps=300
# and the most preemptions a run can schedule
refused "too many faults to schedule" /faults/preemption/mttp \
    'about [0-9.e+]+ faults of 10 hosts in the run.s first [0-9.e+]+ s, more than the 4194304 psim can schedule' \
    "$SPOTRING" --set faults.preemption.mttp=10s --set faults.replacement=0 \
    --set run.steps=1000000

# The ends of the ranges run, with finite step times.
runs "compute 1e6s runs" "$RING" --set model.compute=1e6s
runs "compute 1ns runs" "$RING" --set model.compute=1ns
runs "nic 1bps runs" "$RING" --set cluster.nic=1bps --set model.params=1000
runs "nic 100Tbps runs" "$RING" --set cluster.nic=100Tbps
runs "latency 0 and 10s run" "$RING" --set cluster.latency=10s \
    --set cluster.latency=0
runs "latency 10s runs" "$PS8" --set cluster.latency=10s
runs "slow host factor 1000 runs" "$RING" \
    --set 'cluster.slow_hosts=[{"host": "host-0", "factor": 1000}]'
runs "lognormal sigma 3 runs" "$RING" \
    --set 'cluster.compute_jitter={"lognormal": 3}'
runs "exponential jitter 1e6s runs" "$RING" \
    --set 'cluster.compute_jitter={"exponential": "1e6s"}'
runs "1e24 flops at 1e18f runs" "$RING" --set 'model.compute="1e24"' \
    --set cluster.speed=1e18f
runs "batch 2^31 runs" "$RING" --set model.batch=2147483648
runs "batch of the whole training set runs" "$RING" \
    --set model.batch=65536 --set numerics.mode=proxy
runs "mttp 87600h, replacement 8760h run" "$PS8" \
    --set 'faults={"preemption": {"mttp": "87600h"}, "replacement": "8760h"}'
runs "replacement 8760h runs" "$SPOT" --set faults.replacement=8760h \
    --set run.steps=20

# psim trace --until: 1e300h ran out of memory (exit 1), -5h printed an
# empty trace with exit 0.
for u in -5h 0s; do
	"$PSIM" trace --until $u "$SPOTRING" >"$TMP/out" 2>"$TMP/err"
	check "trace --until $u: exit 2, one line, no trace" \
	    test $? -eq 2 -a ! -s "$TMP/out" -a "$(wc -l <"$TMP/err")" -eq 1
	check "trace --until $u: says what is expected" \
	    grep -q "^psim: trace: --until: expected a duration above 0, got \"$u\"" "$TMP/err"
done
$LIMIT "$PSIM" trace --until 1e300h "$SPOTRING" \
    >"$TMP/out" 2>"$TMP/err"
check "trace --until 1e300h: exit 2, no trace" test $? -eq 2 -a ! -s "$TMP/out"
check "trace --until 1e300h: the faults it would draw, and the limit" \
    grep -q -- "--until 1e300h: about 5.34e+300 faults of 10 hosts, more than the 4194304 psim draws" "$TMP/err"
"$PSIM" trace --until 100h "$SPOTRING" >"$TMP/out"
check "trace --until 100h still prints" test "$(wc -l <"$TMP/out")" -gt 100


# Numbers beyond a double's range were "got null" (cJSON prints an
# infinity so); a straggler listed twice took the last factor in silence
# (issue 38, class 5).
refused "params 1e999999" /model/params \
    "expected .*, got a number above 1.8e308, beyond what psim reads\$" \
    "$RING" --set model.params=1e999999
refused "params -1e999999" /model/params \
    "expected .*, got a number below -1.8e308, beyond what psim reads\$" \
    "$RING" --set model.params=-1e999999
refused "params of 400 digits" /model/params \
    "expected .*, got a number above 1.8e308" "$RING" \
    --set "model.params=$(awk 'BEGIN { while (i++ < 400) printf "9" }')"
sed 's/"params": *"[^"]*"/"params": 1e309/' "$RING" >"$TMP/big.json"
refused "params 1e309 in the file" /model/params \
    "expected .*, got a number above 1.8e308" "$TMP/big.json"
refused "a slow host listed twice" /cluster/slow_hosts/1 \
    "host \"host-1\" is listed twice \(also at /cluster/slow_hosts/0\); give it once, with one factor\$" \
    "$RING" --set 'cluster.slow_hosts=[{"host": "host-1", "factor": 2}, {"host": "host-1", "factor": 3}]'

# A valid value that makes a run very slow: accepted, with one note on
# stderr naming its path and the wall clock it costs (before: not a
# word; strategy.shards=4000 took 120 times as long as 400).  Estimates
# from bench/RESULTS.md's measurements, so within a factor of 2 here.
"$PSIM" validate --set strategy.shards=4000 "$PS8" >"$TMP/out" 2>"$TMP/err"
check "4000 shards: valid (exit 0)" test $? -eq 0
check "4000 shards: one note, its path and what it costs" grep -q \
    "^psim: $PS8: /strategy/shards: note: 4000 shards and 10 workers push 40000 messages at once each step, and SimGrid's work grows with the square of the messages one actor holds: about 48.12 s of wall clock a step simulated" \
    "$TMP/err"
check "4000 shards: one line" test "$(wc -l <"$TMP/err")" -eq 1
"$PSIM" validate --set strategy.shards=400 "$PS8" >"$TMP/out" 2>"$TMP/err"
check "400 shards (0.5 s a step): no note" test ! -s "$TMP/err"
# Many workers and few shards: each worker holds 8 pushes, each receiver
# 64 workers' (0.8 s a step measured at 4,096 workers, 4.6 s at 16,384).
"$PSIM" validate --set placement.workers=4096 "$PS8" >"$TMP/out" 2>"$TMP/err"
check "4096 workers, 8 shards (0.8 s a step): no note" test ! -s "$TMP/err"
"$PSIM" validate --set placement.workers=65536 "$PS8" >"$TMP/out" 2>"$TMP/err"
check "65536 workers, 8 shards: a note, about 11 s a step" grep -q \
    "note: 8 shards and 65536 workers push 524288 messages at once each step.*about 11.32 s of wall clock" \
    "$TMP/err"
A2A=$S/seed-250m-10w-10g-all-to-all.json
# (with a backbone: on a symmetric star the step simulates worker 0's
# flows only, and costs nothing to say)
"$PSIM" validate --set placement.workers=1000 --set cluster.switch_bw=10Tbps \
    "$A2A" >"$TMP/out" 2>"$TMP/err"
check "all-to-all on 1000 workers (make fuzz-run): a note, what it costs" grep -q \
    "^psim: $A2A: /placement/workers: note: 1000 workers each send to all 999 others at once each step, and SimGrid's work grows with the workers' cube: about 470 s of wall clock a step simulated" \
    "$TMP/err"
"$PSIM" validate --set placement.workers=200 --set cluster.switch_bw=10Tbps \
    "$A2A" >"$TMP/out" 2>"$TMP/err"
check "all-to-all on 200 workers (3.4 s a step): no note" test ! -s "$TMP/err"
"$PSIM" validate --set placement.workers=1000 "$A2A" >"$TMP/out" 2>"$TMP/err"
check "all-to-all on 1000 workers on a symmetric star: no note" test ! -s "$TMP/err"
# (make fuzz-run, seed 808: an mlp's batch of 65,536 a worker ran past
# the 20 s limit with nothing said)
"$PSIM" validate --set model.batch=65536 "$S/straggler-ssp-ps.json" \
    >"$TMP/out" 2>"$TMP/err"
check "numerics at a batch of 65536 (make fuzz-run): a note, what it costs" \
    grep -q "/model/batch: note: 8 workers each take a batch of 65536 samples through 32 hidden units every step, 300 steps: about 191.3 s of wall clock" \
    "$TMP/err"
"$PSIM" validate "$S/straggler-ssp-ps.json" >"$TMP/out" 2>"$TMP/err"
check "numerics at its batch of 32: no note" test ! -s "$TMP/err"
STR=$S/straggler-ring.json
"$PSIM" validate --set 'numerics.hidden=[32000]' "$STR" >"$TMP/out" 2>"$TMP/err"
check "hidden=[32000]: a note, its path and what it costs" grep -q \
    "^psim: $STR: /numerics/hidden: note: 32000 hidden units take each of the 65536 samples and 4096 test samples through tanh, and the test samples again at each of 300 test losses: about 2155 s of wall clock" \
    "$TMP/err"
# (make fuzz-run: 1e6 test samples ran past its 20 s limit unsaid; a test
# loss every step until the target: 1.2e-7 x 32 x 1,065,536 + 4.8e-8 x
# 32 x 1e6 x 300 = 465 s)
"$PSIM" validate --set numerics.test_samples=1e6 "$STR" >"$TMP/out" 2>"$TMP/err"
check "test_samples=1e6: the test losses counted in the note" grep -q \
    "^psim: $STR: /numerics/hidden: note: 32 hidden units take each of the 65536 samples and 1000000 test samples through tanh, and the test samples again at each of 300 test losses: about 464.9 s of wall clock" \
    "$TMP/err"
sed 's/"target_loss": 0.015/"warmup": 1/' "$STR" >"$TMP/notarget.json"
"$PSIM" validate --set numerics.test_samples=1e6 --set numerics.loss_every=100 \
    "$TMP/notarget.json" >"$TMP/out" 2>"$TMP/err"
check "test_samples=1e6, a loss every 100 steps and no target: 3 losses, no note" \
    test ! -s "$TMP/err"
"$PSIM" validate "$STR" >"$TMP/out" 2>"$TMP/err"
check "the shipped numerics (hidden [32]): no note" test ! -s "$TMP/err"
# every command that loads the scenario says it, before it works
"$PSIM" platform --set strategy.shards=4000 "$PS8" >"$TMP/out" 2>"$TMP/err"
check "psim platform: the note too, and its platform" sh -c \
    "grep -q '/strategy/shards: note: ' '$TMP/err' && grep -q '<platform' '$TMP/out'"

done_testing
