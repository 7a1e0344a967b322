#!/bin/sh
# Text from the user that would garble a terminal or a CSV file: a
# scenario name with ESC sequences and a C1 control, a description with
# bytes that are not UTF-8.  Before, the text and CSV reports wrote them
# raw (the terminal ran the ESC codes) and the JSON report copied the
# stray bytes (not valid JSON text).  Now text, CSV and errors spell them
# out, and JSON escapes controls and writes U+FFFD for each bad byte.
# Then scenarios on standard input, and JSON that cJSON would take but
# psim must not: repeated keys, too deep, broken --set values.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

# (bytes that are not UTF-8 are not JSON, so the description gets them
# from --set, whose value is taken as it is)
printf '{"name": "red\\u001b[31mX\\u001b[0m \\u009b2J",
  "description": "set below",
  "model": {"params": "1M", "compute": "1s"}, "cluster": {"nic": "10Gbps"},
  "placement": {"workers": 2},
  "strategy": {"name": "allreduce", "algorithm": "ring"},
  "run": {"steps": 2, "warmup": 1}}\n' >"$TMP/esc.json"
esc=$(printf '\033')
BAD="description=$(printf 'bad \377\376 byte, ok caf\303\251')"

# (what a report must not hold, a failed run's empty output does not
# hold either: those checks go through ran, on runs kept with save)
save "$TMP/text" "$PSIM" run --set "$BAD" "$TMP/esc.json"
check "text: no ESC byte reaches the terminal" \
    ran "$TMP/text" -- sh -c "! grep -q '$esc' '$TMP/text'"
check "text: the name, its controls spelled out" \
    grep -qF 'red\x1b[31mX\x1b[0m \u009b2J: ring all-reduce' "$TMP/text"
check "text: bad bytes spelled out, good UTF-8 kept" \
    grep -qF "bad \\xff\\xfe byte, ok $(printf 'caf\303\251')" "$TMP/text"

save "$TMP/csv" "$PSIM" run -f csv --set "$BAD" "$TMP/esc.json"
check "csv: no ESC byte" ran "$TMP/csv" -- sh -c "! grep -q '$esc' '$TMP/csv'"
check "csv: the name field spelled out" \
    grep -qF '"red\x1b[31mX\x1b[0m \u009b2J"' "$TMP/csv"
check "csv: still two lines" test "$(wc -l <"$TMP/csv")" -eq 2

save "$TMP/json" "$PSIM" run -f json --set "$BAD" "$TMP/esc.json"
bad=$(printf '[\376\377]')
check "json: no byte that is not UTF-8 (0xFE, 0xFF)" \
    ran "$TMP/json" -- sh -c "! LC_ALL=C grep -q '$bad' '$TMP/json'"
check "json: no raw ESC byte" ran "$TMP/json" -- sh -c "! grep -q '$esc' '$TMP/json'"
check "json: controls as \\u escapes" \
    grep -qF '"scenario": "red\u001b[31mX\u001b[0m \u009b2J"' "$TMP/json"
check "json: each bad byte as U+FFFD" \
    grep -qF '"description": "bad \ufffd\ufffd byte' "$TMP/json"

# An error message that echoes the user's value stays one printable line.
"$PSIM" run --set 'strategy.algorithm="a\u001b[2Jb\nc"' "$TMP/esc.json" \
    >/dev/null 2>"$TMP/err"
check "error: exit 2" test $? -eq 2
check "error: one line, no ESC byte" \
    test "$(wc -l <"$TMP/err")" -eq 1 -a -z "$(grep "$esc" "$TMP/err")"
check "error: the value spelled out" grep -qF '"a\x1b[2Jb\nc"' "$TMP/err"
# A scenario on standard input: psim run -, named <stdin> in errors.
"$PSIM" run -f json - <"$SRCDIR/scenarios/seed-250m-10w-10g-ps8.json" >"$TMP/stdin.json"
check "run -: reads the scenario from standard input" \
    test "$(json "$TMP/stdin.json" workers)" = 10
printf '{"name":' | "$PSIM" run - 2>"$TMP/err" >/dev/null
check "run -: a syntax error names <stdin>" \
    grep -q '^psim: <stdin>:1:9: syntax error: not valid JSON' "$TMP/err"
printf '{"model":{"params":"1M","compute":"1s"},"cluster":{"nic":"10Gbps"},"placement":{"workers":2},"strategy":{"name":"ps"}}' |
    "$PSIM" run -f json - >"$TMP/noname.json"
check "run -: a scenario without a name is called stdin" \
    grep -q '"scenario": "stdin"' "$TMP/noname.json"
"$PSIM" sweep -v placement.workers=2,3 - </dev/null 2>"$TMP/err"
check "sweep -: refused, exit 2" test $? -eq 2
check "sweep -: says why" grep -q "every point reads the scenario again" "$TMP/err"
# JSON that cJSON takes but should not be taken, each one line, exit 2.
one_error() {	# one_error NAME PATTERN COMMAND...: exit 2, one line, PATTERN
	name=$1 pat=$2
	shift 2
	"$@" >/dev/null 2>"$TMP/err"
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	    grep -qF -- "$pat" "$TMP/err"; then
		ok "$name"
	else
		not_ok "$name" "exit $rc: $(head -c 300 "$TMP/err")"
	fi
}
printf '{"model": {"params": "1M", "compute": "1s", "params": "2M"},
  "cluster": {"nic": "10Gbps"}, "placement": {"workers": 2},
  "strategy": {"name": "ps"}}\n' >"$TMP/dup.json"
one_error "a key given twice is an error (before: the first won)" \
    '/dup.json: /model: key "params" is given twice; a key may appear once' \
    "$PSIM" validate "$TMP/dup.json"
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "{\"a\":"; printf "1";
    for (i = 0; i < 10000; i++) printf "}"; print "" }' >"$TMP/deep.json"
one_error "10,000 nested objects: the nesting limit, not 'not valid JSON'" \
    'objects and arrays nested more than 1000 deep; psim reads no deeper' \
    "$PSIM" validate "$TMP/deep.json"
S=$SRCDIR/scenarios/seed-250m-10w-10g-ring.json
one_error "--set with broken JSON is not taken as a string" \
    '--set strategy={"name":: the value starts as JSON ({) but is not valid JSON' \
    "$PSIM" validate --set 'strategy={"name":' "$S"
one_error "--set a..b=1: one error, nothing added to the scenario" \
    '--set a..b=1: bad path: expected keys joined by dots' \
    "$PSIM" validate --set a..b=1 "$S"
one_error "checkpoint.every 0: one error, no spurious 'missing'" \
    '/faults/checkpoint/every: expected an integer from 1 to 100000000, got 0' \
    "$PSIM" validate --set faults.checkpoint.every=0 \
    "$SRCDIR/scenarios/spot-250m-10w-10g-ring.json"
# Overrides in the report: the header says what --set changed, before the
# file's description (which it no longer matches); JSON and CSV carry them.
PS8=$SRCDIR/scenarios/seed-250m-10w-10g-ps8.json
"$PSIM" run --set strategy.shards=4 --set cluster.nic=25Gbps "$PS8" >"$TMP/ov"
check "text: the overrides under the header" \
    grep -qx '  overrides: --set strategy.shards=4 --set cluster.nic=25Gbps' "$TMP/ov"
check "text: the description marked as the file's" \
    grep -q "^  the file's description: The seed answer" "$TMP/ov"
"$PSIM" run -f json --set strategy.shards=4 "$PS8" >"$TMP/ov.json"
check "json: overrides, in order" \
    grep -qx '  "overrides": \["strategy.shards=4"\],' "$TMP/ov.json"
"$PSIM" run -f json "$PS8" >"$TMP/none.json"
check "json: no overrides, an empty array" grep -qx '  "overrides": \[\],' "$TMP/none.json"
"$PSIM" run -f csv --set strategy.shards=4 --set run.steps=2 "$PS8" >"$TMP/ov.csv"
check "csv: the overrides column" \
    grep -q ',"strategy.shards=4; run.steps=2",[0-9.]*$' "$TMP/ov.csv"
# --set run.steps=1 failed on every shipped scenario (each set warmup 1)
for f in "$SRCDIR"/scenarios/seed-*.json "$SRCDIR"/scenarios/lab-2x4-ring.json; do
	"$PSIM" validate --set run.steps=1 "$f" >/dev/null 2>&1 ||
	    echo "$f" >>"$TMP/steps1"
done
check "--set run.steps=1 works on the shipped scenarios" test ! -e "$TMP/steps1"

# A UTF-8 byte order mark was "syntax error ... 1:1: a value expected"
# (issue 38, class 5): the cause, named.
printf '\357\273\277' >"$TMP/bom.json"
cat "$SRCDIR/scenarios/seed-250m-10w-10g-ring.json" >>"$TMP/bom.json"
"$PSIM" run "$TMP/bom.json" >"$TMP/out" 2>"$TMP/err"
check "a byte order mark: exit 2, one line, no report" \
    test $? -eq 2 -a "$(wc -l <"$TMP/err")" -eq 1 -a ! -s "$TMP/out"
check "a byte order mark: named" grep -q \
    "^psim: $TMP/bom.json:1:1: starts with a UTF-8 byte order mark (EF BB BF)" \
    "$TMP/err"
# 60,000 levels: the depth named, in one line
awk 'BEGIN { printf "{\"model\": "; for (i = 0; i < 60000; i++) printf "["
	for (i = 0; i < 60000; i++) printf "]"; print "}" }' >"$TMP/deep.json"
"$PSIM" run "$TMP/deep.json" >"$TMP/out" 2>"$TMP/err"
check "60,000 levels: exit 2, one line" \
    test $? -eq 2 -a "$(wc -l <"$TMP/err")" -eq 1
check "60,000 levels: the depth named" \
    grep -q "nested more than 1000 deep; psim reads no deeper" "$TMP/err"

done_testing
