# plots/common.sh: sourced by the plot scripts.  plot_dir NAME sets out
# to the directory a script's sweeps go to: PSIM_PLOT_KEEP/NAME, kept,
# when PSIM_PLOT_KEEP is set (for the README's figures and a look at
# each point), else a temporary one removed on exit.
plot_dir() {
	if [ -n "$PSIM_PLOT_KEEP" ]; then
		out=$PSIM_PLOT_KEEP/$1
		rm -rf "$out"
	else
		out=${TMPDIR:-/tmp}/psim-plots-$1.$$
		trap 'rm -rf "$out"' EXIT
	fi
	mkdir -p "$out"
}
# csv_col FILE NAME...: CSV columns by name (tests/csv.sh)
CSV_DIR=$here/../tests
. "$CSV_DIR/csv.sh"

