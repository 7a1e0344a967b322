#!/bin/sh
# tests/golden.sh MODE: the golden reports in tests/golden/.  For every
# shipped scenario, scenarios/NAME.json, at its own seed: psim run's JSON,
# CSV and text reports, NAME.json, NAME.csv and NAME.txt, without the
# wall clock (tests/wall-clock.sh).  A run is deterministic, so anything
# else that changes in them is a change in psim's answers or its reports.
#
#   tests/golden.sh write DIR   # the reports of this build, into DIR
#                               # (t4007-golden.sh compares them)
#   tests/golden.sh update      # rewrite tests/golden/ (make golden-update);
#                               # git diff tests/golden shows what changed
#
# PSIM is the binary (default: the build tree's src/psim).  Two runs a
# scenario: the CSV report with the JSON one beside it (-j), then the
# text report.  They run in the source tree with the scenario's relative
# path, scenarios/NAME.json, because the text report names a platform
# file by the path it was given (lab-2x4-ring's "../platforms/lab-2x4.xml"
# as scenarios/../platforms/lab-2x4.xml), which must not depend on where
# the tree is.  Nothing is written there.
#
# Every scenario runs in full, with no --set: the slowest, straggler-*
# (300 steps that train a proxy mlp), take about 2.5 s of CPU each, and
# all twenty about 30 s together.
set -u
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
: "${PSIM:=$SRCDIR/src/psim}"
. "$SRCDIR/tests/wall-clock.sh"
GOLDEN=$SRCDIR/tests/golden

# write DIR: every scenario's three reports into DIR.  A run that fails
# is named on the standard error, its reports left out; the others go
# on.  Exits 1 if any failed.
write() {
	mkdir -p "$1" || exit 2
	dir=$(cd "$1" && pwd)
	raw=$(mktemp -d "${TMPDIR:-/tmp}/psim-golden.XXXXXX") || exit 2
	status=0
	cd "$SRCDIR" || exit 2
	for s in scenarios/*.json; do
		name=$(basename "$s" .json)
		if "$PSIM" run -f csv -o "$raw/csv" -j "$raw/json" "$s" \
		    2>"$raw/err" &&
		    "$PSIM" run -f text -o "$raw/txt" "$s" 2>>"$raw/err"; then
			no_wall_clock_csv <"$raw/csv" >"$dir/$name.csv"
			no_wall_clock <"$raw/json" >"$dir/$name.json"
			no_wall_clock <"$raw/txt" >"$dir/$name.txt"
		else
			echo "golden: psim run $s failed:" >&2
			sed 's/^/golden:   /' "$raw/err" >&2
			status=1
		fi
	done
	rm -rf "$raw"
	return $status
}

case ${1:-} in
write)
	[ $# -eq 2 ] || { echo "usage: $0 write DIR" >&2; exit 2; }
	write "$2"
	;;
update)
	# Into a scratch folder first: a run that fails leaves tests/golden/
	# as it was.  Then the old files go, so that a removed scenario's go.
	new=$(mktemp -d "${TMPDIR:-/tmp}/psim-golden-new.XXXXXX") || exit 2
	trap 'rm -rf "$new"' EXIT
	write "$new" || { echo "golden: tests/golden/ left as it was" >&2; exit 1; }
	mkdir -p "$GOLDEN" &&
	    rm -f "$GOLDEN"/*.json "$GOLDEN"/*.csv "$GOLDEN"/*.txt &&
	    cp "$new"/* "$GOLDEN"/ || exit 1
	echo "golden: $(ls "$new" | wc -l) files in $GOLDEN"
	# what changed, if this is a git checkout (git diff for the lines)
	git -C "$SRCDIR" status --short -- tests/golden 2>/dev/null
	;;
*)
	echo "usage: $0 write DIR | update" >&2
	exit 2
	;;
esac
