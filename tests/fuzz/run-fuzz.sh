#!/bin/sh
# run-fuzz.sh [-s SEED] [-n RUNS] [-t SECONDS] [-T PER_RUN] [-o DIR] [-v]
#     PSIM SRCDIR
#
# psim run on the shipped scenarios, mutated: each run takes one of
# SRCDIR/scenarios/*.json and either (one run in 8) an input class of
# its own (a device, a FIFO, a 9 MB array, a NUL, a sweep that repeats a
# key or resumes with another --set, a damaged merge; and issue 38's:
# a preemption every 10 s, output to a full disk, two sweeps into one
# directory, a platform link's odd value, odd traces, a BOM, deep
# nesting, numbers beyond a double, a slow host twice, a year's run, a
# merge of points whose CSV headers differ: input() below) or
# one to three mutations, each a --set of a
# key to an odd value (0, -1, 1e308, 1e-308, huge integers, strings,
# objects, arrays, null) or a key dropped from the file.  It runs under
# timeout PER_RUN (20 s) and prlimit --as (4 GB).  A finding is
#   - an exit other than 0 (a report) or 2 (errors in the scenario),
#     a signal, or the time limit (unless psim said on stderr, in a
#     note, that the value would take that long);
#   - "simgrid:", a SimGrid/xbt CRITICAL line or an assertion on stderr;
#   - nan or inf in the report;
#   - a file left in TMPDIR (the generated platform) after an exit.
# Each finding is written to DIR (default ./fuzz-findings) as
# run-SEED-N.sh, a script that reruns it, with what happened in its
# comments.  Every input class runs once first.  The runs are a
# function of SEED (a 31-bit LCG, no awk rand): -n RUNS gives the same
# runs on every machine; -t SECONDS (300)
# stops early; -v prints every run.  Exit 1 when there is a finding (make fuzz-run).
set -u
seed=1 runs=0 seconds=300 per_run=20 out=$PWD/fuzz-findings verbose=0
while getopts s:n:t:T:o:v opt; do
	case $opt in
	s) seed=$OPTARG ;;
	n) runs=$OPTARG ;;
	t) seconds=$OPTARG ;;
	T) per_run=$OPTARG ;;
	o) out=$OPTARG ;;
	v) verbose=1 ;;
	*) echo "usage: $0 [-s SEED] [-n RUNS] [-t SECONDS] [-T PER_RUN]" \
	    "[-o DIR] [-v] PSIM SRCDIR" >&2; exit 64 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "usage: $0 [options] PSIM SRCDIR" >&2; exit 64; }
psim=$1 srcdir=$2
case $psim in /*) ;; *) psim=$PWD/$psim ;; esac
mkdir -p "$out" && out=$(cd "$out" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/psim-run-fuzz.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# The keys that take numbers (most with units), then the others.
KEYS="seed model.params model.compute model.batch model.backward_share
model.dtype model.layers model.preset cluster.hosts cluster.nic
cluster.latency cluster.switch_bw cluster.speed cluster.racks
cluster.oversubscription cluster.gpus_per_host cluster.intra_bw
cluster.intra_latency cluster.compute_jitter.lognormal
cluster.compute_jitter.exponential cluster.topology cluster.slow_hosts
cluster.price_per_hour.workers cluster.price_per_hour.servers
placement.workers placement.servers strategy.shards strategy.chunks
strategy.bucket strategy.staleness strategy.backup_workers
strategy.bigarray_bound strategy.grid strategy.variables strategy.algorithm
strategy.sync strategy.partition strategy.wire_dtype strategy.colocate
run.steps run.warmup run.target_loss run.stop_at_target faults.notice faults.replacement
faults.restart faults.spares faults.checkpoint.every faults.checkpoint.size
faults.checkpoint.on_notice faults.preemption.mttp faults.preemption.offset
faults.preemption.time_scale faults.preemption.weibull.shape
faults.preemption.weibull.scale faults.servers.mttp
faults.servers.replacement faults.links.mttp faults.links.repair
faults.elastic.rendezvous faults.elastic.min_workers numerics.mode
numerics.samples numerics.test_samples numerics.noise numerics.lr
numerics.momentum numerics.loss_every numerics.max_memory
numerics.features numerics.hidden network strategy.server_cpu
strategy.apply strategy.optimizer strategy.cycle strategy.pull
strategy.local_reduce cluster.machine network.transport
cluster.compute_jitter"
# The values, one a line (a --set value: JSON, or else a string).
VALUES='0
-1
1
2
3
7
0.5
-0
1e308
-1e308
1e-308
4.9e-324
1e-5
1e400
65535
65536
2147483647
2147483648
-2147483649
4294967297
9007199254740993
9223372036854775807
18446744073709551616
1e18
"1"
""
"x"
"nan"
"inf"
"-inf"
"1e308Gbps"
"1e-308s"
"0s"
"-1s"
"1ns"
"1bps"
"1e9Gbps"
"1e308"
"10G"
"999999999999h"
"0.000001ns"
1000
100000
1e6
"1ms"
"1us"
"1kbps"
"100Gbps"
"1000h"
"1M"
"1T"
"e5-2697v4"
"each"
"adam"
"forward"
"p2.8xlarge"
"tf-grpc"
"k80"
{}
{"a":1}
{"lognormal":1e308}
[]
[1,2]
[0]
[1e308]
["a","a"]
true
false
null'
nkeys=$(echo $KEYS | wc -w)
nvalues=$(printf '%s\n' "$VALUES" | wc -l)
set -- "$srcdir"/scenarios/*.json
nscen=$#
SCENARIOS=$(printf '%s\n' "$@")

state=$seed
rnd() {		# rnd N: the next draw, in $r, in [0, N)
	state=$(((state * 1103515245 + 12345) % 2147483648))
	r=$(((state / 65536) % $1))
}
nth() {		# nth N: the Nth (from 1) line of stdin
	sed -n "${1}p"
}
q() {		# q STRING: STRING quoted for sh
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}
# drop FILE KEY: FILE without its first "KEY": VALUE (a scalar, or an
# object or array without another inside), with the comma before or
# after it
drop() {
	awk -v k="$2" 'BEGIN { RS = "\001" } {
		re = "\"" k "\"[ \t\n]*:[ \t\n]*(\"[^\"]*\"|[-+0-9.eE]+|true|false|null|\\{[^{}]*\\}|\\[[^][]*\\])"
		if (!sub(",[ \t\n]*" re, ""))
			sub(re "[ \t\n]*,?", "")
		printf "%s", $0
	}' "$1"
}

# input CLASS FILE: one of the input classes beyond --set values (issue
# 25), as a command in $cmd and its words in $what: a scenario, trace or
# platform that is a device, a FIFO or a directory; a 9 MB array; a NUL
# or a raw TAB in the JSON; a sweep varying a key twice or a value
# twice; a sweep resumed with another --set; a merge of a damaged
# directory.  Each must end in exit 0, 1 or 2 in one piece.
input() {
	d=$tmp/c$n
	rm -rf "$d" && mkdir "$d"
	p="timeout -k 5 $per_run prlimit --as=4000000000 $(q "$psim")"
	case $1 in
	0) what="scenario /dev/zero"; cmd="$p run /dev/zero" ;;
	1) what="scenario /dev/urandom"; cmd="$p run /dev/urandom" ;;
	2) mkfifo "$d/fifo"; what="scenario a FIFO"
	   cmd="$p run $(q "$d/fifo")" ;;
	3) what="trace a FIFO"; mkfifo "$d/fifo"
	   cmd="$p run --set 'faults.preemption={\"trace\":\"$d/fifo\"}' $(q "$srcdir/scenarios/spot-250m-10w-10g-ring.json")" ;;
	4) what="platform /dev/urandom"
	   printf '{"model":{"params":"1M","compute":"1s"},"cluster":{"platform":"/dev/urandom"},"placement":{"workers":2},"strategy":{"name":"allreduce","algorithm":"ring"}}' >"$d/p.json"
	   cmd="$p run $(q "$d/p.json")" ;;
	5) what="a 9 MB array"
	   awk 'BEGIN { printf "{\"x\": ["; for (i = 0; i < 1100000; i++) printf "1234567,"; print "1]}" }' >"$d/big.json"
	   cmd="$p run $(q "$d/big.json")" ;;
	6) what="a NUL in a key"
	   sed 's/"name"/"na\\u0000me"/' "$2" >"$d/nul.json"
	   cmd="$p run $(q "$d/nul.json")" ;;
	7) what="a raw TAB in a string"
	   sed 's/"name": "/"name": "\t/' "$2" >"$d/tab.json"
	   cmd="$p run $(q "$d/tab.json")" ;;
	8) what="sweep: a key varied twice, a value twice"
	   cmd="$p sweep --plan -o $(q "$d/sw") -v run.steps=1,1 $(q "$2"); $p sweep --plan -o $(q "$d/sw2") -v run.steps=1 -v run.steps=2 $(q "$2")" ;;
	9) what="sweep resumed with another --set"
	   cmd="$p sweep --plan -o $(q "$d/sw") -v run.steps=1,2 $(q "$2") && $p sweep --plan -o $(q "$d/sw") -s seed=7 -v run.steps=1,2 $(q "$2")" ;;
	10) what="merge of a damaged directory"
	   mkdir "$d/m"
	   printf 'run.steps\nrun.steps=1\trun.steps=1\n' >"$d/m/points.tsv"
	   head -c 300 /dev/urandom >"$d/m/run.steps=1.csv"
	   : >"$d/m/run.steps=1.json"
	   cmd="$p merge $(q "$d/m")" ;;
	# issue 38's classes
	11) what="faults: a preemption every 10 s for 2 simulated hours"
	   cmd="$p run -s faults.preemption.mttp=10s -s faults.replacement=1s -s run.duration=2h -s run.steps=null $(q "$srcdir/scenarios/spot-250m-10w-10g-async-ps8.json")" ;;
	12) rnd 7
	   c=$(printf 'run\ntrace\nplatform\nvalidate\nhelp\nexplain\nkeys\n' | nth $((r + 1)))
	   what="psim $c to a full disk (exit 1, or 2 for a scenario it refuses)"; want=12
	   cmd="$p $c $(q "$2") >/dev/full"
	   [ "$c" = help ] && cmd="$p help run >/dev/full"
	   [ "$c" = keys ] && cmd="$p keys >/dev/full" ;;
	13) what="two sweeps into one directory at once, no .tmp left"; want=0
	   cmd="$p sweep -o $(q "$d/cc") -v run.steps=1,2 $(q "$2") & $p sweep -o $(q "$d/cc") -v run.steps=1,2 $(q "$2"); wait; ! ls $(q "$d/cc")/*.tmp 2>/dev/null" ;;
	14) rnd 4
	   v=$(printf 'latency="1e300s"\nbandwidth="1e-300Bps"\nbandwidth="-1Gbps"\nlatency="nan"\n' | nth $((r + 1)))
	   what="a platform link with $v (refused: exit 2)"; want=2
	   awk -v v="$v" '/<link / && !done { sub(/(latency|bandwidth)="[^"]*"/, v); done = 1 } { print }' "$srcdir/tests/data/two-hosts.xml" >"$d/odd.xml"
	   printf '{"model":{"params":"1M","compute":"1s"},"cluster":{"platform":"%s"},"placement":{"workers":2},"strategy":{"name":"allreduce","algorithm":"ring"},"run":{"steps":2}}' "$d/odd.xml" >"$d/p.json"
	   cmd="$p run $(q "$d/p.json")" ;;
	15) rnd 4
	   case $r in
	   0) printf 'host-99,0,preempt\n' >"$d/t.csv"; what="a trace line for a host beyond the workers" ;;
	   1) printf '"host-1,0,preempt\n' >"$d/t.csv"; what="a trace with an unterminated quote" ;;
	   2) awk 'BEGIN { for (i = 0; i < 20000; i++) printf "host-%d,%d,preempt\n", i % 10, i * 10 }' >"$d/t.csv"; what="a trace of 20,000 preemptions" ;;
	   *) printf '\357\273\277host-1,0,preempt\n' >"$d/t.csv"; what="a trace with a UTF-8 BOM" ;;
	   esac
	   cmd="$p run -s run.duration=3h -s run.steps=null -s 'faults.preemption={\"trace\":\"$d/t.csv\"}' $(q "$srcdir/scenarios/spot-250m-10w-10g-ring.json")" ;;
	16) rnd 5
	   case $r in
	   0) printf '\357\273\277' >"$d/s.json"; cat "$2" >>"$d/s.json"; what="a scenario with a UTF-8 BOM" ;;
	   1) awk 'BEGIN { for (i = 0; i < 60000; i++) printf "["; for (i = 0; i < 60000; i++) printf "]"; print "" }' >"$d/s.json"; what="60,000 levels of nesting" ;;
	   2) sed 's/"model": {/"model": { "params": 1e309,/' "$2" >"$d/s.json"; what="a number above a double" ;;
	   3) awk 'BEGIN { printf "{\"model\": {\"params\": "; for (i = 0; i < 400; i++) printf "9"; print "}}" }' >"$d/s.json"; what="a 400-digit number" ;;
	   *) cp "$2" "$d/s.json"; what="slow host listed twice, a year of run.duration"
	      set_extra="-s 'cluster.slow_hosts=[{\"host\":\"host-1\",\"factor\":2},{\"host\":\"host-1\",\"factor\":3}]' -s run.duration=8760h -s run.steps=null" ;;
	   esac
	   cmd="$p run ${set_extra:-} $(q "$d/s.json")"; set_extra="" ;;
	*) what="merge of points whose CSV headers differ: the good one ok"; want=0
	   r1=$srcdir/scenarios/seed-250m-10w-10g-ring.json
	   cmd="$p sweep -o $(q "$d/mh") -v run.steps=1,2 $(q "$r1") && printf 'a,b\n1,2\n' >$(q "$d/mh")/run.steps=2.csv && { $p merge $(q "$d/mh"); [ \$? -eq 1 ]; } && grep -q '^\"1\",ok,' $(q "$d/mh")/results.csv" ;;
	esac
}

# aborted_or_left RC: what every run's end may add to $bad: SimGrid's
# abort text on stderr, and files left in TMPDIR by a run that was not
# killed at the time limit.
aborted_or_left() {
	if grep -Eq 'simgrid:|/CRITICAL\]|[Aa]ssertion' "$tmp/err"; then
		bad="$bad${bad:+; }SimGrid abort text on stderr"
	fi
	if [ "$1" -ne 124 ] && [ "$1" -ne 137 ] &&
	    [ -n "$(ls -A "$tmp/t")" ]; then
		bad="$bad${bad:+; }left in TMPDIR: $(ls -A "$tmp/t" | head -3 | tr '\n' ' ')"
	fi
}

# try_input CLASS FILE: run input class CLASS on FILE as run $n; a
# finding is an exit other than 0, 1 or 2 (or than the class's $want),
# SimGrid's abort text, or a file left in TMPDIR.
NCLASSES=18
try_input() {
	want=""
	input "$1" "$2"
	rm -rf "$tmp/t" && mkdir "$tmp/t"
	(export TMPDIR="$tmp/t"; eval "$cmd") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$verbose" -eq 1 ] && echo "run $n: exit $rc: $what"
	case $rc in
	0|1|2) bad="" ;;
	124|137) bad="timeout after ${per_run}s" ;;
	*) bad="exit $rc" ;;
	esac
	case $want in
	"") ;;
	12) [ "$rc" -eq 1 ] || [ "$rc" -eq 2 ] || bad="exit $rc, not 1 or 2" ;;
	*) [ "$rc" -eq "$want" ] || bad="exit $rc, not $want" ;;
	esac
	aborted_or_left "$rc"
	if [ -n "$bad" ]; then
		findings=$((findings + 1))
		echo "run $n: $bad: $what: $cmd" | tee "$out/run-$seed-$n.txt"
	fi
}

start=$(date +%s)
n=0 findings=0 ran=0 refused=0
# every input class once, on the seed's scenario, then the random runs
while [ "$n" -lt "$NCLASSES" ]; do
	rnd "$nscen"
	try_input "$n" "$(printf '%s\n' "$SCENARIOS" | nth $((r + 1)))"
	n=$((n + 1))
done
while :; do
	[ "$runs" -gt 0 ] && [ "$n" -ge "$runs" ] && break
	[ $(($(date +%s) - start)) -ge "$seconds" ] && break
	n=$((n + 1))
	rnd "$nscen"
	file=$(printf '%s\n' "$SCENARIOS" | nth $((r + 1)))
	rnd 8		# one run in 8: an input class, not --set values
	if [ "$r" -eq 0 ]; then
		rnd $NCLASSES
		try_input "$r" "$file"
		continue
	fi
	rnd 6		# one mutation (1/2), two (1/3) or three (1/6)
	nmut=$((r < 3 ? 1 : r < 5 ? 2 : 3))
	cp "$file" "$tmp/s.json"
	args="" what=""
	while [ "$nmut" -gt 0 ]; do
		nmut=$((nmut - 1))
		rnd "$nkeys"
		key=$(echo $KEYS | tr ' ' '\n' | nth $((r + 1)))
		rnd 5
		if [ "$r" -eq 0 ]; then
			leaf=${key##*.}
			drop "$tmp/s.json" "$leaf" >"$tmp/d.json"
			cmp -s "$tmp/s.json" "$tmp/d.json" &&
			    leaf="$leaf(absent)"
			mv "$tmp/d.json" "$tmp/s.json"
			what="$what drop:$leaf"
		else
			rnd "$nvalues"
			val=$(printf '%s\n' "$VALUES" | nth $((r + 1)))
			args="$args --set $(q "$key=$val")"
			what="$what $key=$val"
		fi
	done
	cp "$tmp/s.json" "$tmp/in-$n.json"
	rm -rf "$tmp/t" && mkdir "$tmp/t"
	cmd="TMPDIR=$tmp/t timeout -k 5 $per_run prlimit --as=4000000000 $(q "$psim") run $args $(q "$tmp/in-$n.json")"
	eval "$cmd" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] && ran=$((ran + 1))
	[ "$rc" -eq 2 ] && refused=$((refused + 1))
	[ "$verbose" -eq 1 ] && echo "run $n: exit $rc: $(basename "$file"):$what"
	bad=""
	case $rc in
	0|2) ;;
	# (a valid value that psim said would take long: not a finding)
	124|137) grep -q ': note: .* of wall clock' "$tmp/err" ||
	    bad="timeout after ${per_run}s" ;;
	*) if [ "$rc" -gt 128 ]; then bad="signal $((rc - 128))"
	   else bad="exit $rc"; fi ;;
	esac
	aborted_or_left "$rc"
	if [ "$rc" -eq 0 ] && grep -Eiwq -- '-?(nan|inf|infinity)' "$tmp/out"; then
		bad="$bad${bad:+; }nan or inf in the report"
	fi
	if [ -n "$bad" ]; then
		findings=$((findings + 1))
		f=$out/run-$seed-$n.sh
		cp "$tmp/in-$n.json" "$out/run-$seed-$n.json"
		{
			echo "#!/bin/sh"
			echo "# run-fuzz.sh -s $seed, run $n: $(basename "$file"):$what"
			echo "# found: $bad"
			sed -n '1,8s/^/# stderr: /p' "$tmp/err"
			grep -Eiw -- '-?(nan|inf|infinity)' "$tmp/out" |
			    sed -n '1,5s/^/# report: /p'
			echo "timeout -k 5 $per_run prlimit --as=4000000000 \${PSIM:-$(q "$psim")} run $args $(q "$out/run-$seed-$n.json")"
		} >"$f"
		echo "run $n: $bad: $(basename "$file"):$what ($f)"
	fi
	rm -f "$tmp/in-$n.json"
done
echo "run-fuzz: seed $seed, $n runs in $(($(date +%s) - start))s" \
    "($ran reports, $refused refused), $findings findings"
[ "$findings" -eq 0 ]
