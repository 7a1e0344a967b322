#!/bin/sh
# bench/fast-forward.sh: run.fast_forward, paired.  The seed's ring (10
# workers, 1 GB, 10 Gbps, 2.56 s a step) by run.duration, with
# fast_forward true and false, each run's wall clock and peak memory
# (/usr/bin/time), its steps and the steps it skipped; a 30-day run with
# fast_forward only (1,000,000 steps, run.steps' cap; without it, about
# 8 minutes); the same on spot workers (faults), 30 days at a 40 h mean
# time to preemption; the seed's synchronous PS (8 dedicated shards) as
# the ring, and on spot workers; the asynchronous PS on spot workers
# (async: fastforward-async.c); and the rounds of one large step
# (rounds: one step of the seed's ring at 1024 and 4096 workers and of
# every all-reduce algorithm at 1024, with fast_forward true, and the
# ring at 1024 with false too, their reports compared to 1e-9).  Writes
# the tables on stdout: bench/RESULTS.md keeps them.
#
#   bench/fast-forward.sh [ring] [spot] [ps] [spot-ps] [async] [rounds]
#                                        (default: all but rounds)
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
ring=$here/../scenarios/seed-250m-10w-10g-ring.json
spot=$here/../scenarios/spot-250m-10w-10g-ring.json
ps=$here/../scenarios/seed-250m-10w-10g-ps8.json
spotps=$here/../scenarios/spot-250m-10w-10g-sync-ps8.json
async=$here/../scenarios/spot-250m-10w-10g-async-ps8.json
tmp=$(mktemp -d "${TMPDIR:-/tmp}/psim-ff.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
command -v /usr/bin/time >/dev/null 2>&1 || apt-get install -y -q time >/dev/null

# row DURATION FF: the table's row of the run in $tmp
row() {
	python3 - "$tmp/r.json" "$tmp/time" "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wall, kb = open(sys.argv[2]).read().split()
s = r["simulation"]
print("| %s | %s | %d | %d | %d | %.2f | %.1f |" % (sys.argv[3], sys.argv[4],
      r["steps"], s["fast_forwarded_steps"], s["messages"], float(wall),
      int(kb) / 1024))
PY
}

# table SCENARIO DURATIONS [--set ...]: the pairs by run.duration (the
# longest with fast_forward only: without it, hours)
table() {
	scen=$1 durations=$2
	shift 2
	echo "| run.duration | fast_forward | steps | skipped | messages | wall s | peak MB |"
	echo "|---|---|---|---|---|---|---|"
	last=${durations##* }
	for d in $durations; do
		for ff in true false; do
			[ "$d" = "$last" ] && [ "$ff" = false ] && continue
			/usr/bin/time -f '%e %M' -o "$tmp/time" "$psim" run \
			    -f json -s run.duration=$d -s run.steps=null \
			    -s run.fast_forward=$ff "$@" "$scen" >"$tmp/r.json"
			row "$d" "$ff"
		done
	done
}

# rounds: one step at scale, the messages simulated and skipped
rounds() {
	echo "| workers | algorithm | fast_forward | messages | never simulated | simulated | wall s | peak MB |"
	echo "|---|---|---|---|---|---|---|---|"
	for run in "1024 ring true" "1024 ring false" "4096 ring true" \
	    "1024 recursive-doubling true" "1024 halving-doubling true" \
	    "1024 binomial-tree true" "1024 2d-ring true" \
	    "1024 hierarchical true" "1024 double-binary-tree true" \
	    "256 all-to-all true" "256 all-to-all false" "1024 all-to-all true" \
	    "4096 all-to-all true"; do
		set -- $run
		/usr/bin/time -f '%e %M' -o "$tmp/time" timeout 600 "$psim" \
		    run -f json -s placement.workers=$1 -s run.steps=1 \
		    -s run.warmup=0 -s strategy.algorithm=$2 \
		    -s run.fast_forward=$3 "$ring" >"$tmp/r-$1-$2-$3.json" ||
		    { echo "| $1 | $2 | $3 | not finished in 600 s | | | | |"; continue; }
		python3 - "$tmp/r-$1-$2-$3.json" "$tmp/time" "$1" "$2" "$3" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wall, kb = open(sys.argv[2]).read().split()
s = r["simulation"]
m, f = s["messages"], s["fast_forwarded_messages"]
print("| %s | %s | %s | %d | %d | %d | %.2f | %.1f |" % (sys.argv[3],
      sys.argv[4], sys.argv[5], m, f, m - f, float(wall), int(kb) / 1024))
PY
	done
	python3 - "$tmp/r-1024-ring-true.json" "$tmp/r-1024-ring-false.json" <<'PY'
import json, sys
def flat(x, p=""):
    if isinstance(x, dict):
        for k, v in x.items():
            if k not in ("overrides", "wall_s", "fast_forwarded_messages"):
                yield from flat(v, p + "." + k)
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from flat(v, "%s[%d]" % (p, i))
    else:
        yield p, x
a, b = (dict(flat(json.load(open(f)))) for f in sys.argv[1:3])
worst = 0
for k in a:
    if isinstance(a[k], (int, float)) and not isinstance(a[k], bool):
        if a[k] != b[k]:
            worst = max(worst, abs(a[k] - b[k]) / max(abs(a[k]), abs(b[k])))
    elif a[k] != b[k]:
        worst = float("inf")
print()
print("1024-worker ring, fast_forward true against false: %d figures, "
      "largest relative difference %.3g" % (len(a), worst))
PY
}

[ $# -gt 0 ] || set -- ring spot ps spot-ps async
for part; do
	case $part in
	rounds)	rounds ;;
	ring)	table "$ring" "1h 6h 1d 30d" ;;
	spot)	echo "Spot workers: scenarios/spot-250m-10w-10g-ring.json at a 40 h mean time"
		echo "to preemption (checkpoints every 100 steps, 14 min replacements):"
		echo
		table "$spot" "12h 2d 30d" -s faults.preemption.mttp=40h ;;
	ps)	echo "The synchronous PS: scenarios/seed-250m-10w-10g-ps8.json (8 dedicated"
		echo "shards, 3.06 s a step), no faults:"
		echo
		table "$ps" "1h 6h 1d 30d" ;;
	spot-ps) echo "The synchronous PS on spot workers: scenarios/spot-250m-10w-10g-sync-ps8.json"
		echo "at a 40 h mean time to preemption (servers checkpoint every 100 steps):"
		echo
		table "$spotps" "12h 2d 30d" -s faults.preemption.mttp=40h ;;
	async)	echo "The asynchronous PS on spot workers: scenarios/spot-250m-10w-10g-async-ps8.json"
		echo "at a 40 h mean time to preemption (each shard checkpoints every 100"
		echo "steps' gradients):"
		echo
		table "$async" "12h 3d 30d" -s faults.preemption.mttp=40h ;;
	*)	echo "fast-forward.sh: no part $part (ring, spot, ps, spot-ps, async, rounds)" >&2
		exit 2 ;;
	esac
	echo
done
