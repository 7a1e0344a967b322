# tests/lib.sh: a small TAP library for psim's shell tests (after git's
# t/test-lib.sh).  Sourced by tests/tNNNN-*.sh; PSIM and SRCDIR come from
# make check (or default to the build tree).
: "${SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PSIM:=$SRCDIR/src/psim}"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/psim-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
tap_n=0
failed=0

ok() {	# ok NAME: the last check passed
	tap_n=$((tap_n + 1)); echo "ok $tap_n - $1"
}
not_ok() {	# not_ok NAME [DETAIL]
	tap_n=$((tap_n + 1)); failed=$((failed + 1)); echo "not ok $tap_n - $1"
	[ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/# /'
}
check() {	# check NAME COMMAND...: passes when COMMAND succeeds
	ck_name=$1; shift
	if "$@" >"$TMP/check.out" 2>&1; then ok "$ck_name"
	else not_ok "$ck_name" "$(cat "$TMP/check.out")"; fi
}
todo() {	# todo NAME DETAIL: a known failure, shown, not counted (TAP TODO)
	tap_n=$((tap_n + 1)); echo "not ok $tap_n - $1 # TODO"
	[ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/# /'
}
skip() {	# skip NAME REASON
	tap_n=$((tap_n + 1)); echo "ok $tap_n - $1 # SKIP $2"
}
# json FILE EXPR: a value from a JSON report (python3-free: awk on the
# flat "key": value lines psim writes; EXPR is "section.key" or "key").
json() {
	awk -v want="$2" '
	/^  "[a-z_]+": \{/ { match($0, /"[a-z_]+"/); sect = substr($0, RSTART + 1, RLENGTH - 2); next }
	/^  [}\]]/ { sect = "" }
	{
		if (match($0, /"[a-z_0-9]+": /) == 0) next
		key = substr($0, RSTART + 1, RLENGTH - 4)
		val = substr($0, RSTART + RLENGTH)
		sub(/,$/, "", val); gsub(/^"|"$/, "", val)
		full = (sect != "" && $0 ~ /^    "/) ? sect "." key : key
		if (full == want) { print val; exit }
	}' "$1"
}
# strategies FAMILY: the names of the strategies of FAMILY (FAMILY_PS or
# FAMILY_ALLREDUCE), one a line, in the registry's order: the rows of
# src/model/strategies.def, psim's own list (a row starts with "STRATEGY(" at
# the start of a line; its third field is the name, its fourth the
# family).  Tests of every algorithm loop over these, so that a new row
# is tested without an edit here.
strategies() {
	awk -v fam="$1" '
	function flush(f) {
		if (row == "") return
		split(row, f, ",")
		gsub(/[ \t"]/, "", f[3]); gsub(/[ \t]/, "", f[4])
		if (f[4] == fam) print f[3]
		row = ""
	}
	/^STRATEGY\(/ { flush(); row = $0; next }
	row != "" { row = row " " $0 }
	END { flush() }' "$SRCDIR/src/model/strategies.def"
}
# A test over every algorithm must never loop over none: without the
# rows (strategies.def moved?) every test stops here, loudly.
if [ -z "$(strategies FAMILY_ALLREDUCE 2>/dev/null)" ]; then
	echo "Bail out! no all-reduce rows in $SRCDIR/src/model/strategies.def"
	exit 1
fi
# CSV reports and results.csv, by column name, never by position:
# CSV_AWK and csv_col, from tests/csv.sh.
CSV_DIR=$SRCDIR/tests
. "$SRCDIR/tests/csv.sh"
# csv_without FILE NAME: the CSV, header and rows, without column NAME
# (to compare two reports but for wall_s).
csv_without() {
	awk -v name="$2" "$CSV_AWK"'
	{ n = csv_split($0, f); if (NR == 1) c = csv_find(f, n, name)
		out = ""; sep = ""
		for (i = 1; i <= n; i++) if (i != c) { out = out sep f[i]; sep = "," }
		print out }' "$1"
}
# near GOT WANT REL: |GOT - WANT| <= REL * |WANT|, both given; else says
# what it got.  (A failed run's value is "": awk takes it for 0, and 0
# is near a WANT of "".)
near() {
	awk -v g="$1" -v w="$2" -v r="$3" 'BEGIN {
		d = g - w; if (d < 0) d = -d; a = w < 0 ? -w : w
		if (g != "" && w != "" && d <= r * a) exit 0
		printf "got %s, want %s (relative tolerance %s)\n", g, w, r
		exit 1 }'
}
set_args() {	# set_args "KEY=VALUE ...": " --set KEY=VALUE" for each
	for sa_kv in $1; do printf ' --set %s' "$sa_kv"; done
}
# on_off NAME WHAT ARGS OFF REL: the test's run() with the --set list
# ARGS as "one", and with ARGS through the sed script OFF (its mechanism
# taken out) as "off"; the closed form of "one" within REL of its
# simulation, and WHAT (the mechanism) makes the step longer.
on_off() {
	oo_name=$1 oo_what=$2 oo_args=$3 oo_off=$4 oo_rel=$5
	# shellcheck disable=SC2086
	run one $oo_args
	# shellcheck disable=SC2086
	run off $(echo "$oo_args" | sed "$oo_off")
	check_near "$oo_name: the closed form agrees with the simulation" \
	    "$(json "$TMP/one.json" analytic.step_time_s)" \
	    "$(json "$TMP/one.json" step_time_s.mean)" "$oo_rel"
	check "$oo_name: $oo_what makes the step longer" awk \
	    -v a="$(json "$TMP/one.json" step_time_s.mean)" \
	    -v b="$(json "$TMP/off.json" step_time_s.mean)" \
	    'BEGIN { exit !(a > b) }'
}
check_near() {	# check_near NAME GOT WANT REL
	check "$1" near "$2" "$3" "$4"
}
# same A B [A B]...: each A and its B are one text, and not empty; else
# says what they were.  For figures read from reports: a key that the
# reports lack (misspelt in the test, or renamed) reads as "" from both.
same() {
	while [ $# -ge 2 ]; do
		if [ -z "$1" ] || [ "$1" != "$2" ]; then
			echo "got \"$1\" and \"$2\""
			return 1
		fi
		shift 2
	done
	[ $# -eq 0 ] || { echo "same: an A without its B"; return 1; }
}
# save FILE COMMAND...: COMMAND (psim, or a function that runs it) with
# its standard output in FILE, its exit status in FILE.rc and its error
# output in FILE.err (and on the standard error, as without save).
# Checks on what runs wrote go through ran: a psim that fails writes no
# report, and what is read from nothing compares alike ("" = "", two
# empty files cmp equal, awk takes "" for 0), so a check that compares
# two runs, or a run's figure with another of its own, would pass when
# the runs failed.
# refused NAME WANT SCENARIO ARGS...: psim run ARGS SCENARIO is refused:
# exit 2, one line on the standard error, which holds WANT.
refused() {
	rf_name=$1 rf_want=$2 rf_scen=$3; shift 3
	"$PSIM" run "$@" "$rf_scen" >/dev/null 2>"$TMP/refused.err"
	rf_st=$?
	check "$rf_name: exit 2" test $rf_st -eq 2
	check "$rf_name: says so" grep -qF "$rf_want" "$TMP/refused.err"
	check "$rf_name: one line" test "$(wc -l <"$TMP/refused.err")" -eq 1
}
save() {
	sv_out=$1; shift
	"$@" >"$sv_out" 2>"$sv_out.err"
	echo $? >"$sv_out.rc"
	cat "$sv_out.err" >&2
}
# ran FILE... -- COMMAND...: COMMAND, once every FILE was written by a
# command (save) that exited 0; else fails, saying which did not.  For
# check:  check NAME ran "$TMP/a.json" "$TMP/b.json" -- test "$a" = "$b"
ran() {
	rn_bad=0
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		rn_rc=$(cat "$1.rc" 2>/dev/null)
		if [ -z "$rn_rc" ]; then
			echo "$1: not written by save"
			rn_bad=1
		elif [ "$rn_rc" != 0 ]; then
			echo "$1: exit status $rn_rc"
			[ -s "$1.err" ] && head -5 "$1.err"
			rn_bad=1
		fi
		shift
	done
	if [ $# -lt 2 ]; then
		echo "ran: expected FILE... -- COMMAND..."
		return 1
	fi
	shift
	[ $rn_bad = 0 ] && "$@"
}
# ff_pair FIELD WHAT NAME ARGS...: psim run ARGS with run.fast_forward true
# and false gives the same report (tests/same-report.py); the true run's
# simulation.FIELD (the WHAT it skipped) in $TMP/skipped, -1 when not the
# same (0 would pass "nothing skipped")
ff_pair() {
	fp_field=$1 fp_what=$2 fp_name=$3
	shift 3
	if "$PSIM" run -f json -s run.fast_forward=true "$@" >"$TMP/on.json" 2>"$TMP/err" &&
	    "$PSIM" run -f json -s run.fast_forward=false "$@" >"$TMP/off.json" 2>>"$TMP/err" &&
	    python3 "$SRCDIR/tests/same-report.py" "$TMP/on.json" "$TMP/off.json" \
	    "$fp_field" >"$TMP/skipped" 2>>"$TMP/err"; then
		ok "$fp_name: $(cat "$TMP/skipped") $fp_what skipped, the same report"
	else
		not_ok "$fp_name: the same report" "$(cat "$TMP/skipped" "$TMP/err")"
		echo -1 >"$TMP/skipped"
	fi
}

# corpus_pairs FILE SCENARIO: the test's own pair() on SCENARIO with each
# line of FILE as its --set list; in $engaged, how many skipped anything
# (pair leaves the count in $TMP/skipped)
corpus_pairs() {
	engaged=0
	i=0
	while read -r sets; do
		i=$((i + 1))
		# shellcheck disable=SC2086
		pair "corpus $i ($(echo $sets | sed 's/-s //g'))" $sets "$2"
		[ "$(cat "$TMP/skipped")" -gt 0 ] && engaged=$((engaged + 1))
	done <"$1"
}

done_testing() {
	echo "1..$tap_n"
	[ "$failed" -eq 0 ]
}
