#!/bin/sh
# A shipped scenario by its name (issue 26): an operand that names no
# file and has no '/' is looked up as DATADIR/scenarios/NAME, then
# NAME.json, DATADIR being $PSIM_DATADIR (here the source tree, as it is
# laid out like $(pkgdatadir)) or the installed one.  A file of that name
# in the current directory wins; a name found nowhere is exit 2, naming
# the name and where psim looked; every command that takes a scenario
# looks up the same way (cmd_scenario_file).
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
PSIM_DATADIR=$SRCDIR
export PSIM_DATADIR
SC=$SRCDIR/scenarios
SEED=seed-250m-10w-10g-ps8
mkdir "$TMP/here" && cd "$TMP/here" || exit 1

# expect_exit NAME STATUS COMMAND...: COMMAND exits STATUS; its stdout in
# $TMP/out, its stderr in $TMP/err.
expect_exit() {
	ee_name=$1; ee_want=$2; shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	ee_status=$?
	if [ "$ee_status" -eq "$ee_want" ]; then ok "$ee_name"
	else not_ok "$ee_name" "exit status $ee_status, want $ee_want; stderr: $(cat "$TMP/err")"; fi
}

# --- found by name, with and without .json ---
expect_exit "validate NAME: found" 0 "$PSIM" validate "$SEED"
check "validate NAME: the shipped file, by its path" \
    test "$(cat "$TMP/out")" = "$SC/$SEED.json: ok"
expect_exit "validate NAME.json: found" 0 "$PSIM" validate "$SEED.json"
check "validate NAME.json: the same file" \
    test "$(cat "$TMP/out")" = "$SC/$SEED.json: ok"
expect_exit "run NAME" 0 "$PSIM" run --set run.steps=2 "$SEED"
check "run NAME: the scenario's report" \
    grep -q "^$SEED: ps (sync, 8 shards), 10 workers, 8 servers\$" "$TMP/out"
check "run NAME: its step time" grep -q '^  step time  *3.06[0-9] s  *3 s$' "$TMP/out"
# the paths inside a shipped scenario are from its folder, as in the tree
expect_exit "run lab-2x4-ring: its ../platforms/lab-2x4.xml holds" 0 \
    "$PSIM" run --set run.steps=2 lab-2x4-ring
check "run lab-2x4-ring: the platform from the scenarios' folder" \
    grep -q "platform $SC/../platforms/lab-2x4.xml," "$TMP/out"

# --- every command that takes a scenario looks it up ---
expect_exit "platform NAME" 0 "$PSIM" platform "$SEED"
check "platform NAME: the XML" grep -q '<platform version=' "$TMP/out"
expect_exit "trace NAME" 0 "$PSIM" trace --until 1h spot-250m-10w-10g-ring
check "trace NAME: the schedule" test "$(head -n 1 "$TMP/out")" = "time_s,event,host"
expect_exit "sweep --plan NAME" 0 "$PSIM" sweep -P -o plan -v run.steps=1,2 "$SEED"
# (the plan's paths are real paths: SRCDIR need not be one, as in distcheck)
check "sweep --plan NAME: each point runs the shipped file" \
    test "$(grep -c "'$(cd "$SC" && pwd -P)/$SEED.json'" "$TMP/out")" -eq 2
expect_exit "animate NAME NAME.json" 0 "$PSIM" animate -o page.html "$SEED" \
    seed-250m-10w-10g-ring.json
check "animate NAME NAME.json: the page" test -s page.html
for c in "cross -k run.steps=1..2 $SEED" "advise -t step_time<=1 -S cluster.nic=10Gbps,25Gbps"; do
	# shellcheck disable=SC2086 # the command and its options
	expect_exit "${c%% *} NAME not found: exit 2" 2 "$PSIM" $c no-such-scenario
	check "${c%% *} NAME not found: said how" \
	    grep -q "^psim: no-such-scenario: No such file or directory, nor a shipped scenario" "$TMP/err"
done

# --- not found: exit 2, the name and where psim looked ---
expect_exit "NAME not found: exit 2" 2 "$PSIM" run no-such-scenario
check "NAME not found: one line naming it and both files tried" test \
    "$(cat "$TMP/err")" = "psim: no-such-scenario: No such file or directory, nor a shipped scenario (tried $SC/no-such-scenario and $SC/no-such-scenario.json)"
check "NAME not found: no report" test ! -s "$TMP/out"
expect_exit "NAME.json not found: exit 2" 2 "$PSIM" validate no-such.json
check "NAME.json not found: NAME.json tried, not NAME.json.json" test \
    "$(cat "$TMP/err")" = "psim: no-such.json: No such file or directory, nor a shipped scenario (tried $SC/no-such.json)"
expect_exit "NAME with a control byte not found: exit 2" 2 "$PSIM" validate "$(printf 'a\033b')"
check "NAME with a control byte: printed escaped" \
    grep -q '^psim: a\\x1bb: No such file' "$TMP/err"
PSIM_DATADIR= "$PSIM" validate no-such-scenario >"$TMP/out" 2>"$TMP/err"
check "PSIM_DATADIR empty: the installed folder, not the tree's" sh -c \
    "grep -q '/share/psim/scenarios/no-such-scenario and ' '$TMP/err' && ! grep -q '$SC' '$TMP/err'"

# --- a name with a '/' is a path, never looked up ---
expect_exit "./NAME.json: a path, not found" 2 "$PSIM" validate "./$SEED.json"
check "./NAME.json: no shipped scenario tried" \
    test "$(cat "$TMP/err")" = "psim: ./$SEED.json: No such file or directory"
expect_exit "scenarios/NAME.json: a path, not found here" 2 "$PSIM" validate "scenarios/$SEED.json"
check "scenarios/NAME.json: no shipped scenario tried" sh -c "! grep -q shipped '$TMP/err'"
expect_exit "- is standard input, not a name" 0 "$PSIM" validate - <"$SC/$SEED.json"

# --- a file in the current directory wins ---
cp "$SC/seed-250m-10w-10g-ring.json" "$SEED.json"
expect_exit "NAME.json here: validated" 0 "$PSIM" validate "$SEED.json"
check "NAME.json here: this one, not the shipped one" \
    test "$(cat "$TMP/out")" = "$SEED.json: ok"
expect_exit "NAME.json here: run" 0 "$PSIM" run --set run.steps=2 "$SEED.json"
check "NAME.json here: run runs it (ring all-reduce)" \
    grep -q "^seed-250m-10w-10g-ring: ring all-reduce, 10 workers" "$TMP/out"
echo '{ "cluster": ' >"$SEED"
expect_exit "NAME here, not valid: its own errors, exit 2" 2 "$PSIM" validate "$SEED"
check "NAME here, not valid: the error is this file's" \
    grep -q "^psim: $SEED:2:1: syntax error" "$TMP/err"
rm -f "$SEED"
ln -s nowhere "$SEED"
expect_exit "a dangling link named NAME here: exit 2" 2 "$PSIM" validate "$SEED"
check "a dangling link named NAME here: not looked up" \
    test "$(cat "$TMP/err")" = "psim: $SEED: No such file or directory"

# --- what is shipped: every scenario of the tree is installed ---
awk '/^dist_scenarios_DATA =/ { on = 1 } on { for (i = 1; i <= NF; i++)
	if ($i ~ /^scenarios\//) print $i; if ($NF != "\\") on = 0 }' \
    "$SRCDIR/Makefile.am" | sort >"$TMP/listed"
(cd "$SRCDIR" && ls scenarios/*.json) | sort >"$TMP/tree"
check "Makefile.am installs every scenarios/*.json" \
    sh -c "comm -13 '$TMP/listed' '$TMP/tree' >'$TMP/missing'; test ! -s '$TMP/missing'"

done_testing
