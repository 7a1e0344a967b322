#!/bin/sh
# The same scenario twice gives byte-identical reports, apart from the
# engine's wall-clock time.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios

for s in ps8 ring all-to-all ps-worker0; do
	# (two failed runs would give two empty files, which cmp alike)
	for i in 1 2; do
		save "$TMP/$s.$i.json" "$PSIM" run --format json \
		    "$S/seed-250m-10w-10g-$s.json"
		grep -v '"wall_s"' "$TMP/$s.$i.json" >"$TMP/$s.$i"
	done
	check "$s: two runs, identical JSON" \
	    ran "$TMP/$s.1.json" "$TMP/$s.2.json" -- cmp "$TMP/$s.1" "$TMP/$s.2"
	check "$s: only wall_s differs (it is the only wall-clock figure)" \
	    test "$("$PSIM" run --format json "$S/seed-250m-10w-10g-$s.json" |
	        grep -c '"wall_s"')" -eq 1
done
for i in 1 2; do
	save "$TMP/t.$i.txt" "$PSIM" run "$S/seed-250m-10w-10g-ps8.json"
	grep -v 'wall clock' "$TMP/t.$i.txt" >"$TMP/t.$i"
done
check "text report: identical but for the wall-clock line" \
    ran "$TMP/t.1.txt" "$TMP/t.2.txt" -- cmp "$TMP/t.1" "$TMP/t.2"

done_testing
