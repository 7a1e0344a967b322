#!/bin/sh
# make validate's harness (validation/run.sh) and a fast slice of it: one
# published case per publication, run at 8 GPUs, whose figures must not
# drift from tests/data/validation-slice.csv; the checked-in
# validation/results.csv answers every case of validation/cases.tsv.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
V=$SRCDIR/validation

PSIM=$PSIM CASES=$V/slice.tsv OUT=$TMP/slice.csv DOC= \
    SETS=placement.workers=8 sh "$V/run.sh" >"$TMP/summary" 2>"$TMP/err"
check "the slice runs" test $? -eq 0
check "the slice's figures have not drifted" \
    cmp "$SRCDIR/tests/data/validation-slice.csv" "$TMP/slice.csv"
check "the summary counts the figures" grep -q "^9 figures: median |error|" "$TMP/summary"
# The summary reads results.csv as CSV: a quantity may hold a comma, and
# an ordering counts when psim's column is 1, not the published one.
printf 'x\tefficiency vgg16, ring\t0.5\tnowhere\teff horovod-16-ring.json model.preset=vgg16\n' >"$TMP/two.tsv"
printf 'y\tfaster: ps over ring, vgg16\t1\tnowhere\tfaster horovod-16-tfps.json model.preset=vgg16 / horovod-16-ring.json model.preset=vgg16\n' >>"$TMP/two.tsv"
PSIM=$PSIM CASES=$TMP/two.tsv OUT=$TMP/two.csv DOC= sh "$V/run.sh" >"$TMP/two" 2>"$TMP/err"
check "two cases run" test $? -eq 0
check "an ordering psim does not reproduce is not counted" \
    grep -q "; 0 of 1 orderings reproduced$" "$TMP/two"
check "a quantity with a comma: its error is the median" grep -qF \
    "1 figures: median |error| $(awk "$CSV_AWK"'NR == 2 { csv_split($0, f); printf "%.1f", 100 * f[6] }' "$TMP/two.csv")%" "$TMP/two"
# error = psim / published - 1, to the 4 decimals written
check "error is psim / published - 1" awk "$CSV_AWK"'NR > 1 {
	csv_split($0, f); e = f[4] / f[3] - 1
	if (e - f[6] > 2e-4 || f[6] - e > 2e-4) bad = 1 }
	END { exit bad }' "$TMP/slice.csv"
# The same scenario at 8 GPUs straight from psim: the efficiency is its
# compute over its step.
"$PSIM" run --format csv --set placement.workers=8 --set model.preset=vgg16 \
    "$V/horovod-16-ring.json" >"$TMP/r.csv"
check_near "an efficiency is psim's compute over its step" \
    "$(awk -F, '$1 == "horovod-16-ring" { print $4 }' "$TMP/slice.csv")" \
    "$(csv_col "$TMP/r.csv" compute_s step_time_mean_s | awk '{ printf "%.4f", $1 / $2 }')" 1e-12
# psim_nominal: the same with --nominal (the case's transport off).
"$PSIM" run --format csv --nominal --set placement.workers=8 \
    --set model.preset=inception-v3 "$V/horovod-64-ring-40g.json" >"$TMP/n.csv"
check_near "psim_nominal is psim run --nominal's" \
    "$(awk -F, '$1 == "horovod-64-ring-40g" { print $5 }' "$TMP/slice.csv")" \
    "$(csv_col "$TMP/n.csv" compute_s step_time_mean_s | awk '{ printf "%.4f", $1 / $2 }')" 1e-12
check "and differs from psim's where the case names a transport" awk -F, \
    '$1 == "horovod-64-ring-40g" { exit !($5 > $4 + 0.01) }' "$TMP/slice.csv"

# validation/results.csv: one row per case, in the cases' order, with the
# published figure and the source as cases.tsv has them.
awk -F '\t' '!/^#/ && NF >= 5 { print $1 "|" $2 "|" $3 }' "$V/cases.tsv" >"$TMP/want"
awk "$CSV_AWK"'NR > 1 { csv_split($0, f); print csv_unq(f[1]) "|" csv_unq(f[2]) "|" csv_unq(f[3]) }' \
    "$V/results.csv" >"$TMP/got"
check "results.csv answers every case of cases.tsv, in order" cmp "$TMP/want" "$TMP/got"
check "VALIDATION.md has results.csv's table" grep -q "^| horovod-512 | efficiency vgg16 | 0.68 | $(awk -F, '$1 == "horovod-512" && $2 ~ /vgg16/ { print $4 }' "$V/results.csv") |" "$SRCDIR/VALIDATION.md"

# A case whose run fails: an error, and no summary.
printf 'x\tefficiency\t0.5\tnowhere\teff horovod-16-ring.json model.preset=nope\n' >"$TMP/bad.tsv"
PSIM=$PSIM CASES=$TMP/bad.tsv OUT=$TMP/bad.csv DOC= sh "$V/run.sh" >"$TMP/out" 2>"$TMP/err"
check "a failing case: exit status not 0" test $? -ne 0
check "a failing case: psim's error shown" grep -q "/model/preset: expected one of" "$TMP/err"

done_testing
