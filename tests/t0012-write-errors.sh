#!/bin/sh
# Output that cannot be written is never lost in silence (issue 38): every
# command writing to a full stdout (/dev/full) exits 1 with one line on
# stderr that says so, and a stdout psim writes nothing to may be closed.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

if ! [ -c /dev/full ] || ( echo x >/dev/full ) 2>/dev/null; then
	skip "writes to a full stdout" "no /dev/full that fails writes here"
	done_testing
	exit 0
fi
S=$SRCDIR/scenarios
small="--set placement.workers=4 --set run.steps=2 --set run.warmup=0"

full() {	# full NAME ARGS...: psim ARGS >/dev/full: 1, one line, says so
	f_name=$1; shift
	"$PSIM" "$@" >/dev/full 2>"$TMP/full.err"
	f_rc=$?
	check "$f_name: exit 1" test "$f_rc" -eq 1
	check "$f_name: one line on stderr" test "$(wc -l <"$TMP/full.err")" -eq 1
	check "$f_name: says stdout cannot be written" \
	    grep -q "^psim: .*cannot write stdout" "$TMP/full.err"
}

full "psim --help" --help
full "psim --version" --version
full "psim help" help
full "psim help run (not a terminal: the text)" help run
# Every command's --help, from psim's own list of them.
for c in $("$PSIM" keys --commands); do
	[ "$c" = help ] && continue
	full "psim $c --help" "$c" --help
done
# shellcheck disable=SC2086
full "psim run" run $small "$S/seed-250m-10w-10g-ring.json"
# shellcheck disable=SC2086
full "psim run --format json" run --format json $small \
    "$S/seed-250m-10w-10g-ring.json"
# shellcheck disable=SC2086
full "psim run --format csv" run --format csv $small \
    "$S/seed-250m-10w-10g-ring.json"
# shellcheck disable=SC2086
full "psim explain" explain $small "$S/seed-250m-10w-10g-ring.json"
full "psim keys" keys
full "psim platform" platform "$S/seed-250m-10w-10g-ring.json"
full "psim validate" validate "$S/seed-250m-10w-10g-ring.json"
full "psim transport" transport
full "psim trace" trace "$S/spot-250m-10w-10g-ring.json"
# (its plan in $TMP: without -o it goes in the current directory)
full "psim sweep -P" sweep -P -o "$TMP/plan" -v placement.workers=2,4 \
    "$S/seed-250m-10w-10g-ring.json"
# shellcheck disable=SC2086
full "psim animate" animate $small "$S/seed-250m-10w-10g-ring.json"

# A closed stdout is an error only when psim writes to it.
# shellcheck disable=SC2086
"$PSIM" run $small -o "$TMP/r.txt" "$S/seed-250m-10w-10g-ring.json" >&- \
    2>"$TMP/closed.err"
check "run -o FILE with stdout closed: exit 0" test $? -eq 0
check "run -o FILE with stdout closed: nothing on stderr" \
    test ! -s "$TMP/closed.err"
check "run -o FILE with stdout closed: the report written" \
    grep -q "step time" "$TMP/r.txt"
"$PSIM" keys >&- 2>"$TMP/closed.err"
check "keys with stdout closed: exit 1" test $? -eq 1
check "keys with stdout closed: says so" \
    grep -q "^psim: cannot write stdout" "$TMP/closed.err"

done_testing
