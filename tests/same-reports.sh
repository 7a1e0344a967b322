#!/bin/sh
# tests/same-reports.sh [REV]: is this tree's psim byte-identical to REV's
# (default HEAD)?  For refactoring: a behaviour-preserving change must give
# the same reports, the same errors and the same exit statuses.
#
# It builds REV in a scratch git worktree, then runs both binaries on
#   - every shipped scenario and every tests/data scenario: run (text,
#     JSON, CSV), explain, validate, platform; a variant list of --set
#     values (every strategy, sync mode, fault kind, topology);
#   - a sweep with a plot and a merge of a plan (results.csv, plot.dat,
#     plot.gp), and psim trace;
#   - every psim command the shell tests (tests/t*.sh of this tree) run,
#     through a wrapper that records each call's arguments, output, error
#     output and exit status.
# Wall-clock fields are removed (tests/wall-clock.sh: JSON "wall_s", the
# CSV's wall_s column, the text's "engine wall clock", a sweep's progress
# lines, whose order and times vary), and the tests' scratch directories and the
# two binaries' paths named alike.  Prints the differences and exits 1 if there are any.
#
#   tests/same-reports.sh            # this tree against the last commit
#   tests/same-reports.sh b9e7f49    # against a commit
#   KEEP=1 tests/same-reports.sh     # keep the scratch directory
#   CASES=1 tests/same-reports.sh    # the cases only, not the shell
#                                    # tests' calls (minutes, not half
#                                    # an hour: between steps of a change)
set -u
SRC=$(cd "$(dirname "$0")/.." && pwd)
REV=${1:-HEAD}
NEW=$SRC/src/psim
[ -x "$NEW" ] || { echo "same-reports: build this tree first ($NEW)" >&2; exit 2; }
W=$(mktemp -d "${TMPDIR:-/tmp}/psim-same.XXXXXX")
cleanup() {
	git -C "$SRC" worktree remove --force "$W/old" >/dev/null 2>&1
	[ -n "${KEEP:-}" ] && echo "same-reports: kept $W" >&2 || rm -rf "$W"
}
trap cleanup EXIT

echo "same-reports: building $REV" >&2
git -C "$SRC" worktree add --detach -q "$W/old" "$REV" || exit 2
(cd "$W/old" && autoreconf -fi >/dev/null 2>&1 && ./configure -q >/dev/null &&
    make -s -j"$(nproc)" src/psim >/dev/null 2>&1) ||
	{ echo "same-reports: cannot build $REV" >&2; exit 2; }
OLD=$W/old/src/psim
# Every all-reduce algorithm: the registry's rows (tests/lib.sh's
# strategies, in a subshell, which removes lib.sh's scratch directory).
ALGORITHMS=$(SRCDIR=$SRC; . "$SRC/tests/lib.sh"; strategies FAMILY_ALLREDUCE) ||
	{ echo "same-reports: $ALGORITHMS" >&2; exit 2; }

# Remove what changes from run to run of one binary: the wall clock
# (tests/wall-clock.sh, which the golden reports drop too), the scratch
# directories and the binaries' paths.
. "$SRC/tests/wall-clock.sh"
normalize() {
	no_wall_clock |
	sed -e "s#$W/old/src/psim#PSIM#g" -e "s#$SRC/src/psim#PSIM#g" \
	    -e 's#/tmp/psim-[a-z]*\.[A-Za-z0-9]*#TMP#g' \
	    -e "s#$W/[a-z]*#RUN#g"
}
# CSV reports and results.csv: the wall_s column too.
normalize_csv() {
	normalize | no_wall_clock_csv
}

# The wrapper the shell tests run as PSIM: it records every call.
cat >"$W/wrap.sh" <<'EOF'
#!/bin/sh
n=$(mktemp "$LOG/call.XXXXXXXX")
printf '%s\n' "$@" >"$n.args"
"$REAL" "$@" >"$n.out" 2>"$n.err"
rc=$?
echo $rc >"$n.rc"
cat "$n.out"; cat "$n.err" >&2
exit $rc
EOF
chmod +x "$W/wrap.sh"

# cases BIN OUT: every case, one file each in OUT.
cases() {
	cbin=$1 out=$2
	mkdir -p "$out"
	i=0
	one() {	# one KIND ARGS...: a call, its output normalized
		kind=$1; shift
		i=$((i + 1))
		f=$out/$(printf '%04d' $i)
		printf '%s\n' "$*" >"$f.args"
		(cd "$W/cwd" && "$cbin" "$@" >"$f.out" 2>"$f.err"; echo $? >"$f.rc")
		if [ "$kind" = csv ]; then normalize_csv <"$f.out" >"$f.o"
		else normalize <"$f.out" >"$f.o"; fi
		normalize <"$f.err" >"$f.e"
		rm -f "$f.out" "$f.err"
	}
	rm -rf "$W/cwd"; mkdir -p "$W/cwd"
	for s in "$SRC"/scenarios/*.json "$SRC"/tests/data/*.json; do
		one text run "$s"
		one json run -f json "$s"
		one csv run -f csv "$s"
		one text explain "$s"
		one text validate "$s"
		one text platform "$s"
		one text trace "$s"
	done
	seed=$SRC/scenarios/seed-250m-10w-10g-ps8.json
	ring=$SRC/scenarios/seed-250m-10w-10g-ring.json
	for a in $ALGORITHMS; do
		for n in 3 8; do
			one json run -f json -s run.steps=2 -s network=ideal \
			    -s placement.workers=$n -s strategy.algorithm=$a "$ring"
		done
		one json run -f json -s run.steps=2 -s cluster.topology=two-tier \
		    -s cluster.racks=2 -s placement.workers=8 \
		    -s strategy.algorithm=$a "$ring"
		one json run -f json -s run.steps=2 -s cluster.gpus_per_host=4 \
		    -s placement.workers=8 -s strategy.algorithm=$a "$ring"
		one json run -f json -s run.steps=2 -s model.preset=resnet50 \
		    -s strategy.bucket=25MB -s strategy.algorithm=$a "$ring"
		one json run -f json -s run.steps=3 -s numerics.mode=proxy \
		    -s placement.workers=5 -s strategy.algorithm=$a "$ring"
		one json run -f json -s run.steps=6 -s faults.preemption.mttp=20s \
		    -s faults.checkpoint.every=2 -s placement.workers=4 \
		    -s strategy.algorithm=$a "$ring"
	done
	for sync in sync async ssp backup; do
		one json run -f json -s run.steps=4 -s strategy.sync=$sync \
		    -s placement.workers=4 -s placement.servers=2 \
		    -s strategy.shards=2 -s numerics.mode=proxy "$seed"
		one json run -f json -s run.steps=8 -s strategy.sync=$sync \
		    -s faults.preemption.mttp=30s -s placement.workers=4 \
		    -s placement.servers=2 -s strategy.shards=2 "$seed"
	done
	for p in even round-robin balanced mxnet; do
		one json run -f json -s run.steps=2 -s strategy.partition=$p \
		    -s model.preset=vgg16 "$seed"
	done
	one json run -f json -s run.steps=2 -s strategy.colocate=true \
	    -s placement.servers=0 -s strategy.shards=10 "$seed"
	one json run -f json -s run.steps=2 -s strategy.chunks=4 "$seed"
	one json run -f json -s run.steps=2 -s strategy.wire_dtype=fp16 "$seed"
	one json run -f json -s run.steps=2 -s cluster.topology=two-tier \
	    -s cluster.racks=3 -s cluster.oversubscription=4 "$seed"
	for k in 0 1 3; do
		one json run -f json -s run.steps=2 -s placement.workers=4 \
		    -s 'strategy={"name":"bytesps"}' -s placement.servers=$k "$seed"
	done
	one text run -s nothing.here=1 "$seed"
	one text run -s placement.workers=0 "$seed"
	one text run -s strategy.algorithm=nope "$ring"
	one text run -s cluster.nic=10Gbs "$seed"
	one text run -s faults.preemption.trace=/nonexistent.csv "$seed"
	one text run -f nope "$seed"
	one text run --nope "$seed"
	one text run /nonexistent.json
	one text nope
	one text --help
	one text --version
	for c in run validate platform explain sweep merge trace; do
		one text $c --help
	done
	one text sweep -o "$W/cwd/sw" -j 2 --vary placement.workers=2,4 \
	    --vary strategy.algorithm=ring,all-to-all -s run.steps=2 \
	    --plot x=placement.workers,y=step_time_mean_s+compute_s,series=strategy.algorithm \
	    "$ring"
	one csv cat "$W/cwd/sw/results.csv" 2>/dev/null
	one text cat "$W/cwd/sw/plot.dat"
	one text cat "$W/cwd/sw/plot.gp"
	one text sweep --plan -o "$W/cwd/pl" --vary placement.workers=2,3 \
	    -s run.steps=2 "$ring"
}
# cat through the same path as psim, so "one" can read files.
cat >"$W/cat.sh" <<'EOF'
#!/bin/sh
if [ "$1" = cat ]; then shift; exec cat "$@"; fi
exec "$REAL" "$@"
EOF
chmod +x "$W/cat.sh"

# tests BIN OUT: the shell tests' calls, recorded by the wrapper.
tests() {
	mkdir -p "$2/log"
	# two at a time, as make -j2 check would
	ls "$SRC"/tests/t*.sh | LOG=$2/log REAL=$1 PSIM=$W/wrap.sh \
	    SRCDIR=$SRC xargs -P "$(nproc)" -n 1 sh >/dev/null 2>&1
	# One line per call: its arguments, then the digest of what it gave.
	for a in "$2"/log/*.args; do
		c=${a%.args}
		args=$(normalize <"$a" | tr '\n' ' ')
		case "$args" in *"-f csv"*|*"--format csv"*|*"format=csv"*)
			o=$(normalize_csv <"$c.out" | md5sum) ;;
		*)	o=$(normalize <"$c.out" | md5sum) ;;
		esac
		e=$(normalize <"$c.err" | md5sum)
		echo "$args| rc $(cat "$c.rc") out ${o%% *} err ${e%% *}"
	done | sort >"$2/calls"
}

status=0
for side in old new; do
	[ $side = old ] && bin=$OLD || bin=$NEW
	echo "same-reports: running the $side binary" >&2
	export REAL=$bin; cases "$W/cat.sh" "$W/out-$side/cases"
	if [ -n "${CASES:-}" ]; then : >"$W/out-$side/calls"
	else tests "$bin" "$W/out-$side"; fi
done
if ! diff -r "$W/out-old/cases" "$W/out-new/cases" >"$W/cases.diff"; then
	echo "same-reports: the cases differ:"
	for f in $(diff -rq "$W/out-old/cases" "$W/out-new/cases" | awk '{print $2}'); do
		b=${f%.*}
		echo "--- $(cat "$b.args" | cut -c1-300)"
		diff "$f" "$W/out-new/cases/${f##*/}" | head -20
	done
	status=1
fi
if ! diff "$W/out-old/calls" "$W/out-new/calls" >"$W/calls.diff"; then
	echo "same-reports: the shell tests' calls differ:"
	head -40 "$W/calls.diff"
	status=1
fi
n=$(ls "$W/out-new/cases" | grep -c '\.rc$')
m=$(wc -l <"$W/out-new/calls")
[ $status -eq 0 ] && echo "same-reports: $n cases and $m test calls, byte-identical to $REV"
exit $status
