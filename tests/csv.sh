# tests/csv.sh: sourced by tests/lib.sh and plots/common.sh, with
# CSV_DIR the directory of csv.awk.
# CSV reports and results.csv, by column name, never by position (a
# figure added to figures.def may put its column anywhere): the awk
# functions of tests/csv.awk, csv_split(line, f) into the raw fields
# (quotes kept, a comma inside quotes kept) and csv_unq(field) its text.
CSV_AWK=$(cat "$CSV_DIR/csv.awk")
# csv_col FILE NAME...: each row's columns NAME..., tab-separated, found
# by name in the header line (FILE - for the standard input).
csv_col() {
	cc_file=$1; shift
	awk -v names="$*" "$CSV_AWK"'
	NR == 1 { n = csv_split($0, h); k = split(names, want, " ")
		for (j = 1; j <= k; j++) c[j] = csv_find(h, n, want[j]); next }
	{ csv_split($0, f); out = ""
		for (j = 1; j <= k; j++) out = out (j > 1 ? "\t" : "") csv_unq(f[c[j]])
		print out }' "$cc_file"
}
