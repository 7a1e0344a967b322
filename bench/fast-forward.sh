#!/bin/sh
# bench/fast-forward.sh: run.fast_forward, paired.  The seed's ring (10
# workers, 1 GB, 10 Gbps, 2.56 s a step) by run.duration, with
# fast_forward true and false, each run's wall clock and peak memory
# (/usr/bin/time), its steps and the steps it skipped; a 30-day run with
# fast_forward only (1,000,000 steps, run.steps' cap; without it, about
# 8 minutes); the same on spot workers (faults), 30 days at a 40 h mean
# time to preemption; the seed's synchronous PS (8 dedicated shards) as
# the ring, and on spot workers.  Writes the tables on stdout: bench/RESULTS.md keeps them.
#
#   bench/fast-forward.sh [ring] [spot] [ps] [spot-ps]    (default: all)
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
ring=$here/../scenarios/seed-250m-10w-10g-ring.json
spot=$here/../scenarios/spot-250m-10w-10g-ring.json
ps=$here/../scenarios/seed-250m-10w-10g-ps8.json
spotps=$here/../scenarios/spot-250m-10w-10g-sync-ps8.json
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

[ $# -gt 0 ] || set -- ring spot ps spot-ps
for part; do
	case $part in
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
	*)	echo "fast-forward.sh: no part $part (ring, spot, ps, spot-ps)" >&2
		exit 2 ;;
	esac
	echo
done
