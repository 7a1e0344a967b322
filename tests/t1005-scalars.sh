#!/bin/sh
# The scalar keys of src/scenario/scalars.def, one row each, read from
# the rows themselves: each is listed by psim keys, each bound of its
# range passes its range check and a value past it is refused at its
# path with its type's words (psim validate, exit 2), so that a row
# added is parsed, checked and listed by the generic loop with nothing
# else to do.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios/seed-250m-10w-10g-ring.json

# block key type min max what, a row a line (a row may span lines); a
# UNITS row: block key S_UNITS then its range's min and max as written,
# its words and whether 0 is allowed (from src/scenario/ranges.c)
awk -v ranges="$SRCDIR/src/scenario/ranges.c" '
BEGIN { while ((getline l < ranges) > 0) {
		if (l ~ /^const struct range /) { r = l; name = l
			sub(/^const struct range /, "", name); sub(/ .*/, "", name) }
		else if (r != "") r = r " " l
		if (r != "" && r ~ /};$/) { gsub(/[ \t]+/, " ", r)
			sub(/.*= \{ /, "", r); sub(/ \};$/, "", r)
			n = split(r, f, /, /); gsub(/"/, "", f[2]); gsub(/"/, "", f[5])
			gsub(/"/, "", f[6])
			range[name] = f[5] "\t" f[6] "\t" f[2] "\t" f[7]; r = "" } } }
/^(SCALAR|UNITS)\(/ { row = $0; while (row !~ /\)$/ && (getline l) > 0)
	row = row " " l; gsub(/[ \t]+/, " ", row); units = row ~ /^UNITS/
	sub(/^(SCALAR|UNITS)\(/, "", row); sub(/\)$/, "", row)
	n = split(row, f, /, /)
	for (i = 1; i <= n; i++) { gsub(/^"|"$/, "", f[i])
		if (f[i] ~ /^[0-9]+L? << [0-9]+$/) { split(f[i], b, /L? << /)
			f[i] = b[1] * 2 ^ b[2] }
		if (f[i] ~ /^[0-9]+L$/) sub(/L$/, "", f[i]) }
	if (units) print f[1] "\t" f[2] "\tS_UNITS\t" range[f[3]]
	else print f[1] "\t" f[2] "\t" f[3] "\t" f[4] "\t" f[5] "\t" f[8] }' \
	"$SRCDIR/src/scenario/scalars.def" >"$TMP/rows"
check "scalars.def has rows" test "$(wc -l <"$TMP/rows")" -ge 10
"$PSIM" keys >"$TMP/keys"

# refused: VALUE at block.key, with WORDS in the message
refused() {
	"$PSIM" validate --set "$2.$3=$4" "$S" >/dev/null 2>"$TMP/err"
	st=$?
	check "$2.$3=$4: exit 2" test $st -eq 2
	check "... $5" grep -qF "/$(echo "$2" | tr . /)/$3: $5" "$TMP/err"
}
# taken: VALUE passes block.key's range check (checks across keys may
# still speak: not in the words of a range)
taken() {
	"$PSIM" validate --set "$2.$3=$4" "$S" >/dev/null 2>"$TMP/err"
	check "$2.$3=$4: in its range" sh -c '! grep -Eq "/$1: expected (an integer|a number from|true or false|a size between|.* > )" "$2"' \
	    - "$(echo "$2" | tr . /)/$3" "$TMP/err"
}
while IFS='	' read -r block key type min max what what_zero; do
	check "$block.$key: in psim keys" grep -qx "$block.$key" "$TMP/keys"
	case $type in
	S_INT|S_LONG)
		taken - "$block" "$key" "$min"
		taken - "$block" "$key" "$max"
		refused - "$block" "$key" "$(awk -v m="$max" 'BEGIN { printf "%.0f", m + 1 }')" \
		    "expected an integer from $min to $max"
		refused - "$block" "$key" 1.5 "expected an integer" ;;
	S_NUMBER)
		taken - "$block" "$key" "$min"
		taken - "$block" "$key" "$max"
		refused - "$block" "$key" -1 "expected a number from" ;;
	S_POSITIVE)
		refused - "$block" "$key" "$min" "expected $what > $min, got $min"
		taken - "$block" "$key" "$max" ;;
	S_BOOL)
		taken - "$block" "$key" true
		taken - "$block" "$key" false
		refused - "$block" "$key" 1 "expected true or false" ;;
	S_UNITS)	# min max: as written, what: its words, zero ok
		taken - "$block" "$key" "\"$min\""
		taken - "$block" "$key" "\"$max\""
		over=$(echo "$max" | sed 's/^\([0-9.e]*\)/\10/')
		zero=; [ "$what_zero" = 1 ] && zero="0 or "
		refused - "$block" "$key" "\"$over\"" \
		    "expected $zero$what between $min and $max" ;;
	*)
		not_ok "$block.$key: a type the test knows" "$type" ;;
	esac
done <"$TMP/rows"

done_testing
