# tests/wall-clock.sh: psim's output without its wall-clock figures, the
# only part of it that differs between two runs of one scenario (psim(1),
# REPORT).  Sourced by tests/golden.sh (the golden reports) and
# tests/same-reports.sh, so that both drop the same fields the same way
# (either sets SRCDIR or SRC: the CSV's fields are tests/csv.awk's).
# Each figure becomes "-" (a string in JSON, so the JSON stays JSON); the
# line or the column stays, so that a report that loses or gains one shows.

# no_wall_clock: standard input to standard output, a text or JSON report
# or psim's error output: JSON's "wall_s" values (simulation.wall_s, a
# job's too), the text's "engine wall clock N s", and a sweep's progress
# lines (their order and elapsed seconds vary), which go.
no_wall_clock() {
	sed -e 's/"wall_s": [0-9.e+-]*/"wall_s": "-"/g' \
	    -e 's/engine wall clock [0-9.]* s/engine wall clock - s/g' \
	    -e '/^psim: sweep: [0-9]*\/[0-9]* points done, /d'
}

# no_wall_clock_csv: the same for a CSV report or a sweep's results.csv:
# the column named wall_s in the first line (psim writes it last, but
# columns are found by name: HACKING.md) holds "-".  Fields are split as
# RFC 4180 has it (a comma inside double quotes is not a separator) and
# written back as they were.  A CSV without that column passes unchanged.
no_wall_clock_csv() {
	awk "$(cat "${SRCDIR:-$SRC}/tests/csv.awk")"'
	{
		n = csv_split($0, f)
		if (NR == 1)
			for (i = 1; i <= n; i++)
				if (f[i] == "wall_s" || f[i] == "\"wall_s\"") col = i
		if (NR == 1 || !col || col > n) { print; next }
		f[col] = "-"; out = f[1]
		for (i = 2; i <= n; i++) out = out "," f[i]
		print out
	}'
}
