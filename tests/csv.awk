# tests/csv.awk: CSV in awk, for the tests (tests/lib.sh's CSV_AWK) and
# tests/wall-clock.sh: csv_split(line, f) into the raw fields (quotes
# kept, a comma inside quotes kept, as RFC 4180 has it), csv_unq(field)
# its text, csv_find(f, n, name) the column of that name.
function csv_split(line, f,    n, i, c, q, s) {
	n = 0; s = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (c == "\"") q = !q
		if (c == "," && !q) { f[++n] = s; s = "" } else s = s c
	}
	f[++n] = s
	return n
}
function csv_unq(s) {
	if (s ~ /^".*"$/) { s = substr(s, 2, length(s) - 2); gsub(/""/, "\"", s) }
	return s
}
function csv_find(f, n, name,    i) {
	for (i = 1; i <= n; i++) if (csv_unq(f[i]) == name) return i
	print "csv: no column " name > "/dev/stderr"; exit 2
}