#!/bin/sh
# t0008-man.sh: the man pages are clean mdoc, psim(1) documents every key
# of the JSON report, and psim-scenario(5) every key a scenario accepts.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

MAN1=$SRCDIR/man/psim.1
MAN5=$SRCDIR/man/psim-scenario.5

# lint PAGE: groff's mdoc checks, all warnings on, print nothing.
lint() {
	name="$(basename "$1") lints clean with groff -mdoc -ww"
	if ! command -v groff >/dev/null 2>&1; then
		skip "$name" "groff not installed"
		return
	fi
	if groff -mdoc -ww -z "$1" >"$TMP/lint" 2>&1 && [ ! -s "$TMP/lint" ]
	then ok "$name"
	else not_ok "$name" "$(cat "$TMP/lint")"; fi
}

# undocumented PAGE KEYFILE: the keys of KEYFILE that PAGE has no
# ".It Cm KEY" entry for, one a line.
undocumented() {
	while read -r key; do
		grep -Eq "^\.It Cm $key( |\$)" "$1" || echo "$key"
	done <"$2"
}

# documents NAME PAGE KEYFILE: PAGE has an entry for every key, and
# there are keys to check at all.
documents() {
	if [ ! -s "$3" ]; then
		not_ok "$1" "no keys found to check"
		return
	fi
	undocumented "$2" "$3" >"$TMP/missing"
	if [ ! -s "$TMP/missing" ]; then ok "$1"
	else not_ok "$1" "undocumented: $(tr '\n' ' ' <"$TMP/missing")"; fi
}

lint "$MAN1"
lint "$MAN5"

# The report's keys: top-level ones are the lines indented by two
# spaces; nested ones are every other "key": in it.
if "$PSIM" run --format json "$SRCDIR/scenarios/seed-250m-10w-10g-ring.json" \
    >"$TMP/report.json" 2>"$TMP/run.err"
then ok "psim run --format json on the ring scenario"
else not_ok "psim run --format json on the ring scenario" "$(cat "$TMP/run.err")"
fi
sed -n 's/^  "\([a-z_0-9]*\)": .*/\1/p' "$TMP/report.json" | sort -u \
    >"$TMP/top-keys"
grep -o '"[a-z_0-9]*": ' "$TMP/report.json" | tr -d '": ' | sort -u \
    >"$TMP/all-keys"
documents "psim.1 documents every top-level JSON report key" \
    "$MAN1" "$TMP/top-keys"
documents "psim.1 documents every nested JSON report key" \
    "$MAN1" "$TMP/all-keys"

# The report of several jobs: its keys too.
if "$PSIM" run --format json "$SRCDIR/scenarios/jobs-ps-beside-ring.json" \
    >"$TMP/jobs.json" 2>"$TMP/jobs.err"
then ok "psim run --format json on a scenario of jobs"
else not_ok "psim run --format json on a scenario of jobs" "$(cat "$TMP/jobs.err")"
fi
grep -o '"[a-z_0-9]*": ' "$TMP/jobs.json" | tr -d '": ' | grep -v '^ps$' |
    grep -v '^ring$' | sort -u >"$TMP/jobs-keys"
documents "psim.1 documents every key of a report of jobs" \
    "$MAN1" "$TMP/jobs-keys"

# The scenario's keys: the strings of every keys[] array of the block
# parsers (scenario-parse.c, and the jobs' in scenario-jobs.c) and of the
# registry's table of /strategy keys (registry_keys[] in registry.c).
awk '/keys\[\] = \{/ { on = 1 } on { print } on && /NULL \};|^\};/ { on = 0 }' \
    "$SRCDIR/src/scenario/scenario-parse.c" "$SRCDIR/src/scenario/scenario-jobs.c" \
    "$SRCDIR/src/model/registry.c" | grep -o '"[^"]*"' | tr -d '"' |
    sort -u >"$TMP/scenario-keys"
documents "psim-scenario.5 documents every scenario key" \
    "$MAN5" "$TMP/scenario-keys"

done_testing
