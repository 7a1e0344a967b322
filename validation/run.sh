#!/bin/sh
# validation/run.sh: run the published cases of validation/cases.tsv
# with psim and write validation/results.csv (case, quantity, published,
# psim, psim_nominal, error, source; error = psim / published - 1;
# psim_nominal is psim run --nominal: links at their nominal rates and
# hosts free, every host-side mechanism the case names off) and its table
# in VALIDATION.md, between the "validate:" markers.  make validate runs
# it.
#
#   PSIM     the psim to run (default: psim on the PATH)
#   JOBS     runs at once (default 2)
#   CASES    the cases file (default: cases.tsv beside this script)
#   OUT      the results file (default: results.csv beside it)
#   DOC      the document whose table to rewrite (default ../VALIDATION.md;
#            empty: none)
#   SETS     more KEY=VALUE overrides for every run (make check's slice
#            runs the cases small)
set -u
DIR=$(cd "$(dirname "$0")" && pwd)
# csv_split(LINE, F): a CSV line's fields, quoted ones too
CSV_SPLIT='function csv_split(line, f,    n, i, c, q, s) {
	n = 0; s = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (c == "\"") { q = !q; continue }
		if (c == "," && !q) { f[++n] = s; s = ""; continue }
		s = s c
	}
	f[++n] = s
	return n
}'

PSIM=${PSIM:-psim}
JOBS=${JOBS:-2}
CASES=${CASES:-$DIR/cases.tsv}
OUT=${OUT:-$DIR/results.csv}
DOC=${DOC-$DIR/../VALIDATION.md}
SETS=${SETS:-}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/psim-validate.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM HUP

# Every run a case needs, once: "scenario key=value ..." -> its number.
awk -F '\t' '!/^#/ && NF >= 5 {
	n = split($5, w, " ")
	run = ""
	for (i = 2; i <= n + 1; i++) {
		if (i == n + 1 || w[i] == "/") {
			if (!(run in seen)) { seen[run] = ++runs; print runs "\t" run }
			run = ""
		} else
			run = run (run == "" ? "" : " ") w[i]
	}
}' "$CASES" >"$TMP/runs"
[ -s "$TMP/runs" ] || { echo "run.sh: no cases in $CASES" >&2; exit 2; }

# One run: psim run --format csv, each KEY=VALUE as --set; and the same
# with --nominal.
cat >"$TMP/one.sh" <<'EOS'
id=$1; shift; scen=$1; shift
set -- $SETS "$@"
args=
for kv in "$@"; do args="$args --set $kv"; done
for how in "" --nominal; do
	f=$TMP/$id${how:+.nominal}
	if ! "$PSIM" run --format csv $how $args "$DIR/$scen" >"$f.csv" \
	    2>"$f.err"; then
		echo "run.sh: psim run $how$args $DIR/$scen:" >&2
		cat "$f.err" >&2
		exit 255
	fi
done
EOS
export PSIM DIR TMP SETS
tr '\t' ' ' <"$TMP/runs" | xargs -P "$JOBS" -L 1 sh "$TMP/one.sh" || exit 1

# Each run's figures: efficiency (compute over step) and throughput, with
# the mechanisms and without (nominal).
for f in "$TMP"/*.csv; do
	id=$(basename "$f" .csv)
	awk -F, -v id="$id" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	NR == 2 { printf "%s\t%.17g\t%.17g\n", id,
	    $c["compute_s"] / $c["step_time_mean_s"],
	    $c["throughput_samples_per_s"] }' "$f"
done >"$TMP/figures"

# The results, in the cases' order.
awk -F '\t' -v out="$OUT" '
FILENAME == ARGV[1] { id[$2] = $1; next }
FILENAME == ARGV[2] { eff[$1] = $2; thr[$1] = $3; next }
function measure(m, a, b, sfx) {
	if (m == "eff") return eff[a sfx]
	if (m == "speedup") return thr[a sfx] / thr[b sfx] - 1
	if (m == "faster") return thr[a sfx] > thr[b sfx] ? 1 : 0
	print "run.sh: unknown measure " m > "/dev/stderr"; exit 2
}
function q(s) { gsub(/"/, "\"\"", s); return "\"" s "\"" }
function runof(w, from, to,    r, i) {
	r = ""
	for (i = from; i <= to; i++) r = r (r == "" ? "" : " ") w[i]
	return id[r]
}
!/^#/ && NF >= 5 {
	n = split($5, w, " ")
	for (s = 2; s <= n && w[s] != "/"; s++) ;
	a = runof(w, 2, s - 1); b = s < n ? runof(w, s + 1, n) : ""
	v = measure(w[1], a, b, ""); vn = measure(w[1], a, b, ".nominal")
	if (!header++)
		print "case,quantity,published,psim,psim_nominal,error,source" > out
	printf "%s,%s,%s,%.4f,%.4f,%+.4f,%s\n", $1, q($2), $3, v, vn,
	    v / $3 - 1, q($4) > out
}' "$TMP/runs" "$TMP/figures" "$CASES" || exit 1

# The summary: the median and largest |error| of the figures, and the
# orderings reproduced.
# A quantity may hold a comma: fields are split as CSV.
awk "$CSV_SPLIT"'NR > 1 { csv_split($0, f)
	if (f[2] ~ /^faster:/) { o++; ok += f[4] + 0 == 1 }
	else { v = f[6] + 0; e[++n] = v < 0 ? -v : v } }
END {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (e[j] < e[i]) { t = e[i]; e[i] = e[j]; e[j] = t }
	med = n == 0 ? 0 : n % 2 ? e[(n + 1) / 2] : (e[n / 2] + e[n / 2 + 1]) / 2
	printf "%d figures: median |error| %.1f%%, largest %.1f%%", n,
	    100 * med, 100 * e[n]
	if (o) printf "; %d of %d orderings reproduced", ok, o
	printf "\n"
}' "$OUT" >"$TMP/summary"
cat "$TMP/summary"

# VALIDATION.md's table, between its markers.
[ -n "$DOC" ] || exit 0
awk -v res="$OUT" -v sum="$TMP/summary" "$CSV_SPLIT"'
/<!-- validate:begin -->/ { print; skip = 1
	print "| case | quantity | published | psim | psim nominal | error |"
	print "|---|---|---:|---:|---:|---:|"
	while ((getline line < res) > 0) {
		if (first++ == 0) continue
		csv_split(line, col)
		printf "| %s | %s | %s | %s | %s | %+.1f%% |\n", col[1], col[2],
		    col[3], col[4], col[5], 100 * col[6]
	}
	getline s < sum
	print ""
	print s "."
	next }
/<!-- validate:end -->/ { skip = 0 }
!skip' "$DOC" >"$TMP/doc" && cat "$TMP/doc" >"$DOC"

# What psim explain says of each efficiency psim misses by more than
# 15%: the published figure beside psim's and its nominal one, and what
# each mechanism the scenario names takes of the difference.
awk -F '\t' '!/^#/ && NF >= 5 { print $2 "\t" $3 "\t" $4 "\t" $5 "\t" $1 }' \
    "$CASES" >"$TMP/specs"
i=0
: >"$TMP/explain"
while IFS='	' read -r quantity published source spec name; do
	i=$((i + 1))
	set -- $spec
	[ "$1" = eff ] || continue
	err=$(awk "$CSV_SPLIT"'NR == n + 1 { csv_split($0, f); print f[6] }' \
	    n=$i "$OUT")
	awk -v e="$err" 'BEGIN { exit !(e > 0.15 || e < -0.15) }' || continue
	scen=$2; shift 2
	args="--set published.efficiency=$published"
	for kv in $SETS "$@"; do args="$args --set $kv"; done
	{
		printf '**%s, %s** (`psim explain%s validation/%s`):\n\n' \
		    "$name" "$quantity" "$(printf '%s' "$args" |
		    sed 's/--set published.efficiency=[^ ]*//')" "$scen"
		"$PSIM" explain $args --set "published.source=$source" \
		    "$DIR/$scen" | sed -n '/Against the real machines/,$p' |
		    sed 's/^[0-9]*\. //; s/^ *//; s/^/    /'
		echo
	} >>"$TMP/explain"
done <"$TMP/specs"
awk -v ex="$TMP/explain" '
/<!-- explain:begin -->/ { print; skip = 1
	while ((getline line < ex) > 0) print line
	next }
/<!-- explain:end -->/ { skip = 0 }
!skip' "$DOC" >"$TMP/doc" && cat "$TMP/doc" >"$DOC"
