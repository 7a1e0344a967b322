#!/bin/sh
# bench/algorithms.sh: one step of every all-reduce algorithm, the
# 8-shard PS and BytePS (8 CPU hosts) from 16 to 1024 workers, each on
# the seed's cluster (1 GB gradient, 10 Gbps star, realistic network):
# wall clock and peak memory (/usr/bin/time), messages, messages per
# wall second, and the simulated step time.  A case that has not ended
# after BENCH_TIMEOUT seconds (default 60) is stopped, and the larger
# worker counts of that case are not run.  Writes the table on stdout
# (bench/RESULTS.md keeps it) and, with -r FILE, the simulated step
# times to full precision as tab-separated lines "case N step_time_s":
# the reference a lever that changes the flows SimGrid sees is held to
# (bench/reference-steps.tsv).
#
#   bench/algorithms.sh [-r FILE] [N ...]     (default: 16 64 256 1024)
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
scen=$here/../scenarios/seed-250m-10w-10g-ring.json
tmo=${BENCH_TIMEOUT:-60}
ref=
if [ "${1:-}" = -r ]; then
	ref=$2
	shift 2
	: >"$ref"
fi
[ $# -gt 0 ] || set -- 16 64 256 1024
tmp=$(mktemp -d "${TMPDIR:-/tmp}/psim-alg.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
command -v /usr/bin/time >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq time; } >/dev/null

cases="ring double-binary-tree halving-doubling binomial-tree hierarchical
2d-ring recursive-doubling all-to-all ps8 bytesps"

# the --set arguments of a case
sets() {
	case $1 in
	ps8)	echo "-s strategy={\"name\":\"ps\",\"shards\":8} -s placement.servers=8" ;;
	bytesps) echo "-s strategy={\"name\":\"bytesps\"} -s placement.servers=8" ;;
	*)	echo "-s strategy.algorithm=$1" ;;
	esac
}

echo "| case | N | messages | wall s | messages / wall s | peak MB | simulated step s |"
echo "|---|---|---|---|---|---|---|"
for c in $cases; do
	for n in "$@"; do
		# (the word splitting of sets' output is meant: no spaces inside)
		# shellcheck disable=SC2046
		if timeout "$tmo" /usr/bin/time -f '%e %M' -o "$tmp/time" \
		    "$psim" run -f json -s placement.workers="$n" \
		    -s run.steps=1 -s run.warmup=0 $(sets "$c") "$scen" \
		    >"$tmp/r.json" 2>"$tmp/err"; then
			python3 - "$tmp/r.json" "$tmp/time" "$c" "$n" "$ref" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wall, kb = open(sys.argv[2]).read().split()
msgs, wall = r["simulation"]["messages"], float(wall)
step = r["step_time_s"]["mean"]
print("| %s | %s | %d | %.2f | %.0f | %.1f | %.9g |" % (sys.argv[3],
      sys.argv[4], msgs, wall, msgs / max(wall, 0.01), int(kb) / 1024, step))
if sys.argv[5]:
    with open(sys.argv[5], "a") as f:
        f.write("%s\t%s\t%r\n" % (sys.argv[3], sys.argv[4], step))
PY
		else
			echo "| $c | $n | - | > $tmo (stopped) | - | - | - |"
			break
		fi
	done
done
