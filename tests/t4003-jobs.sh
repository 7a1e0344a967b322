#!/bin/sh
# Several jobs on one cluster (issue 14): jobs on disjoint hosts and
# links run as they do alone; jobs whose flows cross one uplink share it
# as max-min fairness says (the closed form worked out here); a later
# start; the errors; determinism; a sweep's row per job; the README's
# figures of the shipped scenarios.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
WITHIN=$S/jobs-two-rings-within-racks.json
ACROSS=$S/jobs-two-rings-across-racks.json
PSRING=$S/jobs-ps-beside-ring.json
cd "$TMP" || exit 1

# job_part FILE JOB: job JOB's object of a jobs JSON report, indented as
# a single job's report is; jobj FILE JOB KEY: lib.sh's json() of it;
# job_body FILE JOB: it without the job's own keys and wall_s, the lines
# of a single job's report of it.
job_part() {
	awk -v job="$2" '
	/^      "job": / { cur = $2; gsub(/[",]/, "", cur) }
	/^    }/ { cur = "" }
	cur == job { print substr($0, 5) }' "$1"
}
jobj() {
	job_part "$1" "$2" >part.json
	json part.json "$3"
}
job_body() {
	job_part "$1" "$2" | sed '1,/^  "slowed_by": /d' | grep -v '"wall_s"'
}

# (checks that set runs, or figures, against each other go through ran,
# on runs kept with save: two failed runs' reports are alike, empty)

# 1. Disjoint hosts and links (each ring in a rack of its own): each
# job's report is the one of it alone, figure for figure.
save within.json "$PSIM" run -f json "$WITHIN"
desc=$(sed -n 's/^  "description": \(".*"\),$/\1/p' "$WITHIN")
for j in A B; do
	if [ $j = A ]; then hosts='"host-0", "host-1", "host-2", "host-3"'
	else hosts='"host-4", "host-5", "host-6", "host-7"'; fi
	cat >alone-$j.json <<EOF
{
  "name": "jobs-two-rings-within-racks",
  "description": $desc,
  "seed": 1,
  "cluster": { "topology": "two-tier", "hosts": 8, "racks": 2,
    "nic": "10Gbps", "latency": "1us", "oversubscription": 4 },
  "network": "ideal",
  "model": { "params": "250M", "dtype": "fp32", "compute": "1s", "batch": 32 },
  "placement": { "workers": 4, "worker_hosts": [$hosts] },
  "strategy": { "name": "allreduce", "algorithm": "ring" },
  "run": { "steps": 5 }
}
EOF
	save alone-$j.out "$PSIM" run -f json alone-$j.json
	sed '1d;$d' alone-$j.out | grep -v '"wall_s"' >alone-$j.body
	job_body within.json $j >together-$j.body
	check "disjoint: job $j's report is its report alone, every figure" \
	    ran alone-$j.out within.json -- sh -c \
	    "test -s alone-$j.body && diff alone-$j.body together-$j.body"
	check "disjoint: job $j's alone_step_time_s is its step time" \
	    ran within.json -- same \
	    "$(jobj within.json $j alone_step_time_s)" \
	    "$(jobj within.json $j step_time_s.mean)"
	check "disjoint: job $j's slowdown is 0" test \
	    "$(jobj within.json $j step_slowdown)" = 0
done
check "disjoint: the report says the jobs share no link" sh -c \
    "'$PSIM' run '$WITHIN' | grep -q '^  the jobs share no link$'"

# 2. One bottleneck: two rings of 4 workers, each across the two racks
# (host-0, host-1 | host-4, host-5 and host-2, host-3 | host-6, host-7),
# so that each round puts one flow of each job on each uplink direction.
# Max-min fairness gives each cross-rack flow min(B, U / f) with f flows
# on an uplink of U = 4 B / oversubscription; the ring's round goes at
# its slowest flow: step = compute + 2(n-1) (2 lat + (M/n) / min(B, U/f)).
step() {	# step OVERSUBSCRIPTION FLOWS
	awk -v o="$1" -v f="$2" 'BEGIN { n = 4; M = 1e9; B = 1.25e9;
	    U = 4 * B / o; r = U / f < B ? U / f : B;
	    printf "%.12g", 1 + 2 * (n - 1) * (2e-6 + M / n / r) }'
}
for o in 4 8; do
	"$PSIM" run -f json --set cluster.oversubscription=$o "$ACROSS" \
	    >across-$o.json
	for j in A B; do
		check_near "max-min, ${o}:1 uplinks: job $j's step, 2 flows on each" \
		    "$(jobj across-$o.json $j step_time_s.mean)" "$(step $o 2)" 0.01
		check_near "max-min, ${o}:1 uplinks: job $j alone, 1 flow" \
		    "$(jobj across-$o.json $j alone_step_time_s)" "$(step $o 1)" 0.01
	done
	# a chunk M/n on each of 2(n-1) rounds of 5 steps, per job
	check "max-min, ${o}:1 uplinks: each uplink carries both jobs' bytes, alike" \
	    grep -q '{"name": "rack-0-uplink_UP", "bandwidth_gbps": [0-9.]*, "bytes": 15000000000, "bytes_by_job": {"A": 7500000000, "B": 7500000000}}' across-$o.json
done
check "max-min: the step at 4:1 is 3.400012 s, 2.200012 s alone" test \
    "$(step 4 2) $(step 4 1)" = "3.400012 2.200012"
check "who slows whom: B's ring shares the uplink with A's, +54.5%" sh -c \
    "'$PSIM' run '$ACROSS' | grep -qF 'job \"B\" (ring) shares rack-0-uplink_DOWN with job \"A\" (ring): A'\''s step +54.5%'"
check "explain says the same" sh -c \
    "'$PSIM' explain '$ACROSS' | grep -qF 'job \"B\" (ring) shares rack-0-uplink_DOWN with job \"A\" (ring): A'\''s step +54.5%'"
check "explain puts the other jobs first among a job's departures" sh -c \
    "'$PSIM' explain '$ACROSS' | grep -q '^ *+54.5  the other jobs'"

# 3. A later start: job B begins at 30 s, its first step then (no
# warm-up, so that a first step counted from 0 would show).
save start.json "$PSIM" run -f json --set jobs.0.run.warmup=0 \
    --set jobs.1.run.warmup=0 --set jobs.1.start=30s "$WITHIN"
check "start: job B's start_s is 30" test "$(jobj start.json B start_s)" = 30
check "start: B's steps take A's time, the first one too" ran start.json -- same \
    "$(jobj start.json B step_time_s.max)" "$(jobj start.json A step_time_s.max)" \
    "$(jobj start.json B step_time_s.mean)" "$(jobj start.json A step_time_s.mean)"
check_near "start: B ends 30 s after A" \
    "$(jobj start.json B simulated_time_s)" \
    "$(awk -v a="$(jobj start.json A simulated_time_s)" 'BEGIN { printf "%.12g", a + 30 }')" 1e-12
check_near "start: B's throughput counts from its start" \
    "$(jobj start.json B throughput_samples_per_s)" \
    "$(jobj start.json A throughput_samples_per_s)" 1e-9

# 4. Errors: one line each, the JSON path, exit 2.
expect_error() {	# expect_error NAME COMMAND... <<EXPECTED
	name=$1; shift
	cat >expect
	"$@" >out 2>err
	status=$?
	if [ "$status" -ne 2 ]; then
		not_ok "$name" "exit status $status, want 2; stderr: $(cat err)"
	elif ! cmp -s expect err; then
		not_ok "$name" "$(diff expect err)"
	elif [ -s out ]; then
		not_ok "$name" "unexpected stdout: $(cat out)"
	else
		ok "$name"
	fi
}
cp "$WITHIN" w.json
expect_error "two jobs may not claim one host" "$PSIM" run \
    --set 'jobs.1.placement.worker_hosts=["host-4","host-5","host-6","host-3"]' \
    w.json <<'E'
psim: w.json: /jobs/1/placement/worker_hosts/3: expected a host no other job has, found "host-3", job "A"'s (/jobs/0) too
E
expect_error "validate finds it too" "$PSIM" validate \
    --set 'jobs.0.placement.worker_hosts=["host-4","host-1","host-2","host-3"]' \
    w.json <<'E'
psim: w.json: /jobs/1/placement/worker_hosts/0: expected a host no other job has, found "host-4", job "A"'s (/jobs/0) too
E
expect_error "a host the cluster has not" "$PSIM" run \
    --set 'jobs.1.placement.worker_hosts=["host-4","host-5","host-6","host-8"]' \
    w.json <<'E'
psim: w.json: /jobs/1/placement/worker_hosts/3: no host "host-8" in the generated two-tier cluster (host-0 to host-7)
E
expect_error "more workers than free hosts" "$PSIM" run \
    --set 'jobs.1.placement={"workers": 5}' w.json <<'E'
psim: w.json: /cluster/hosts: expected a host for each of the jobs' 9 workers and servers, found 8 in the generated two-tier cluster (host-0 to host-7)
E
expect_error "unknown keys in a job, and in its blocks" "$PSIM" run \
    --set jobs.0.colour=1 --set jobs.1.run.stpes=3 w.json <<'E'
psim: w.json: /jobs/0/colour: unknown key "colour"; expected one of: name, model, placement, strategy, run, start
psim: w.json: /jobs/1/run/stpes: unknown key "stpes"; did you mean "steps"?
E
expect_error "a job's own errors under /jobs/i" "$PSIM" run \
    --set jobs.1.model.params=-5 --set jobs.0.start=-1 w.json <<'E'
psim: w.json: /jobs/0/start: expected 0 or a duration between 1ns and 8760h, got -1
psim: w.json: /jobs/1/model/params: expected a whole parameter count between 1 and 1e15, got -5
E
expect_error "jobs beside a single job's keys" "$PSIM" run \
    --set 'model={"params": "1M"}' --set 'run={"steps": 2}' w.json <<'E'
psim: w.json: /model: expected each job's model in /jobs, found one beside /jobs from --set model={"params": "1M"}; a job's is jobs.N.model={"params": "1M"} (jobs.0.model={"params": "1M"} for the first)
psim: w.json: /run: expected each job's run in /jobs, found one beside /jobs from --set run={"steps": 2}; a job's is jobs.N.run={"steps": 2} (jobs.0.run={"steps": 2} for the first)
E
expect_error "two jobs of one name" "$PSIM" run --set jobs.1.name=A w.json <<'E'
psim: w.json: /jobs/1/name: expected a name no other job has, found "A", job 0's too
E
expect_error "no jobs" "$PSIM" run --set 'jobs=[]' w.json <<'E'
psim: w.json: /jobs: expected an array of 1 to 64 jobs, found 0
E
grep -v '"hosts": 8' w.json >nohosts.json
expect_error "the hosts the jobs share must be given" "$PSIM" run \
    nohosts.json <<'E'
psim: nohosts.json: /cluster/hosts: expected the number of hosts the jobs share with /jobs, found none
E
expect_error "not with faults or numerics" "$PSIM" run \
    --set 'faults={"preemption": {"mttp": "1h"}}' \
    --set 'numerics={"mode": "proxy"}' w.json <<'E'
psim: w.json: /numerics: expected no numerics with /jobs (not supported for several jobs), found a numerics block
psim: w.json: /faults: expected no faults with /jobs (not supported for several jobs), found a faults block
E
expect_error "not with replicates or a duration" "$PSIM" run \
    --set jobs.0.run.replicates=3 --set jobs.1.run.duration=1h w.json <<'E'
psim: w.json: /jobs/0/run/replicates: expected 1 with /jobs (no replicates of several jobs), found 3
psim: w.json: /jobs/1/run/duration: expected none with /jobs (several jobs run their steps), found 3600 s
E
for what in "run --timeline tl.json" trace advise "sweep --plot x=cluster.hosts,y=step_time_mean_s -v cluster.hosts=8"; do
	case $what in
	run*) label="psim run --timeline" ;;
	sweep*) label="psim sweep --plot" ;;
	advise) label="psim advise"; what="advise --target step_time<=9s --space cluster.hosts=8..9" ;;
	*) label="psim $what" ;;
	esac
	expect_error "$label takes one job" "$PSIM" $what w.json <<E
psim: w.json: /jobs: expected a single job for $label (several jobs on one cluster are not supported there), found 2 jobs
E
done
expect_error "psim cross takes one job" "$PSIM" cross -k jobs.0.run.steps=2..4 \
    -c jobs.0.strategy.algorithm=ring,all-to-all w.json <<'E'
psim: w.json: /jobs: expected a single job for psim cross (several jobs on one cluster are not supported there), found 2 jobs
E
check "--timeline wrote nothing" test ! -e tl.json

# 5. Determinism: the same scenario, the same report.
for f in json csv text; do
	save det1.$f "$PSIM" run -f $f "$PSRING"
	save det2.$f "$PSIM" run -f $f "$PSRING"
done
check "determinism: JSON but wall_s" ran det1.json det2.json -- sh -c \
    "grep -v wall_s det1.json >d1 && grep -v wall_s det2.json >d2 && cmp d1 d2"
check "determinism: CSV but its last column (wall_s)" ran det1.csv det2.csv -- sh -c \
    "sed 's/,[^,]*\$//' det1.csv >c1 && sed 's/,[^,]*\$//' det2.csv >c2 && cmp c1 c2"
check "determinism: text but the engine's wall clock" ran det1.text det2.text -- sh -c \
    "grep -v 'wall clock' det1.text >t1 && grep -v 'wall clock' det2.text >t2 && cmp t1 t2"
check "the CSV has a row per job, its columns first" awk -F, '
    NR == 1 { ok = $1 == "job" && $2 == "job_start_s" &&
      $3 == "alone_step_time_mean_s" && $4 == "step_slowdown" }
    NR > 1 { names = names $1 }
    END { exit !(ok && NR == 3 && names == "\"ring\"\"ps\"") }' det1.csv

# 6. A sweep: a row per job and point in results.csv, the job column.
save sweep.out "$PSIM" sweep -o sw -j 2 --vary cluster.oversubscription=1,4 \
    "$ACROSS" 2>/dev/null
# (the place is the contract here: the point's columns, then the job's)
check "sweep: the job column after the point's" test "$(head -1 \
    sw/results.csv | cut -d, -f4)" = job
csv_col sw/results.csv cluster.oversubscription job step_time_mean_s \
    >sweep.rows
check "sweep: a row per job per point" awk -F '\t' -v s1="$(step 1 2)" \
    -v s4="$(step 4 2)" '
    { rows++; got[$1 $2] = $3 }
    END { exit !(rows == 4 &&
      got["1A"] == s1 && got["1B"] == s1 &&
      got["4A"] == s4 && got["4B"] == s4) }' sweep.rows
"$PSIM" sweep -P -o plan --vary cluster.oversubscription=1,4 "$ACROSS" >plan.sh
sh plan.sh >/dev/null 2>&1
# (the same failed points would give the same rows: the sweep and the
# merge exit 0 only when every point ran)
save merge.out "$PSIM" merge plan 2>/dev/null
check "merge: the same rows as the sweep (but wall_s)" \
    ran sweep.out merge.out -- sh -c \
    "sed 's/,[^,]*\$//' sw/results.csv >m1 &&
    sed 's/,[^,]*\$//' plan/results.csv >m2 && cmp m1 m2"

# The README's figures of the shipped scenarios.
"$PSIM" run -f json "$ACROSS" >across.json
"$PSIM" run -f json "$PSRING" >psring.json
for j in A B; do
	check "README: within racks, job $j steps in 2.2 s" test \
	    "$(jobj within.json $j step_time_s.mean)" = 2.200012
	check "README: across racks, job $j steps in 3.4 s, +54.5%" test \
	    "$(jobj across.json $j step_time_s.mean) $(jobj across.json $j alone_step_time_s)" = \
	    "3.400012 2.200012"
done
check "README: the ring beside the PS steps in 3.4 s (2.2 s alone)" test \
    "$(jobj psring.json ring step_time_s.mean) $(jobj psring.json ring alone_step_time_s)" = \
    "3.400014 2.200012"
check "README: the PS beside the ring steps in 5.8 s, as alone" test \
    "$(jobj psring.json ps step_time_s.mean) $(jobj psring.json ps alone_step_time_s)" = \
    "5.800004 5.800004"

done_testing
