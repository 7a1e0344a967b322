#!/bin/sh
# t4007-golden.sh: every shipped scenario's reports (psim run's JSON, CSV
# and text, at the scenario's own seed, the wall clock dropped) are byte
# for byte the golden ones in tests/golden/ (tests/golden.sh writes both).
# A difference prints as a unified diff.  When it is meant: make
# golden-update, read git diff tests/golden, and say in the commit message
# why the numbers moved.  No scenario is shortened (see tests/golden.sh).
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
G=$SRCDIR/tests/golden
NOW=$TMP/now
# A diff longer than this is cut in the log; git diff after make
# golden-update has it all.
MAXLINES=60

if PSIM=$PSIM sh "$SRCDIR/tests/golden.sh" write "$NOW" 2>"$TMP/err"
then ok "psim run on every shipped scenario, three reports each"
else not_ok "psim run on every shipped scenario, three reports each" \
    "$(cat "$TMP/err")"
fi

# csv_changes WANT GOT: a CSV diff's long lines by column, "row R,
# COLUMN: WANT -> GOT", when the headers are the same.
csv_changes() {
	awk "$CSV_AWK"'
	FNR == NR { want[FNR] = $0; next }
	FNR == 1 { if ($0 != want[1]) { print "(the header changed)"; exit }
		n = csv_split($0, h); next }
	{ delete g; delete w; csv_split($0, g); csv_split(want[FNR], w)
		for (i = 1; i <= n; i++) if (g[i] != w[i])
			print "row " FNR - 1 ", " csv_unq(h[i]) ": " w[i] " -> " g[i] }
	' "$1" "$2"
}

# same NAME: NAME's three reports against the golden ones.
same() {
	: >"$TMP/why"
	for ext in json csv txt; do
		want=$G/$1.$ext got=$NOW/$1.$ext
		if [ ! -f "$want" ]; then
			echo "no tests/golden/$1.$ext: make golden-update, then git add it" >>"$TMP/why"
		elif [ ! -f "$got" ]; then
			echo "no $1.$ext report from this build (the run failed)" >>"$TMP/why"
		elif ! cmp -s "$want" "$got"; then
			diff -u --label "tests/golden/$1.$ext" \
			    --label "psim run scenarios/$1.json (this build)" \
			    "$want" "$got" >"$TMP/diff"
			head -n $MAXLINES "$TMP/diff" >>"$TMP/why"
			lines=$(wc -l <"$TMP/diff")
			[ "$lines" -gt $MAXLINES ] && echo "... $((lines - MAXLINES)) more diff lines" >>"$TMP/why"
			[ $ext = csv ] && csv_changes "$want" "$got" |
			    head -n $MAXLINES >>"$TMP/why"
		fi
	done
	if [ ! -s "$TMP/why" ]; then ok "$1: JSON, CSV and text reports as golden"
	else not_ok "$1: JSON, CSV and text reports as golden" "$(cat "$TMP/why")"; fi
}

n=0
for s in "$SRCDIR"/scenarios/*.json; do
	n=$((n + 1))
	same "$(basename "$s" .json)"
done
# A test of every scenario must never test none.
check "there are shipped scenarios ($n)" test "$n" -gt 0

# A golden file whose scenario went (removed or renamed) is stale.
stale=""
for g in "$G"/*.json "$G"/*.csv "$G"/*.txt; do
	[ -f "$g" ] || continue
	name=$(basename "$g"); name=${name%.*}
	[ -f "$SRCDIR/scenarios/$name.json" ] || stale="$stale ${g#"$SRCDIR"/}"
done
if [ -z "$stale" ]; then ok "no golden report without its scenario"
else not_ok "no golden report without its scenario" \
    "stale (make golden-update removes them):$stale"; fi

done_testing
