#!/bin/sh
# build-aux/sources.sh: write src/sources.am, the source files of each layer's
# library (src/LAYER/*.c and *.cc; *.h and *.def), which Makefile.am includes,
# so that a new file in a layer's folder is built without a hand edit of
# Makefile.am.  bootstrap runs it before autoreconf; tests/t0011 fails
# when src/sources.am is not what it writes (run it, then autoreconf).  Left
# out: src/cmd/psim.c (the program's main) and the files make generates
# (src/scenario/seed-scenario.c, src/report/animate-assets.c).
#
#   build-aux/sources.sh          # rewrite src/sources.am
#   build-aux/sources.sh -        # write it on the standard output
set -e
LC_ALL=C
export LC_ALL
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
# list VAR FILES...: VAR = the files that exist, one a line
list() {
	printf '%s =' "$1"
	shift
	for f; do
		[ -e "$f" ] || continue
		case $f in
		src/cmd/psim.c|src/scenario/seed-scenario.c|\
		src/report/animate-assets.c) continue ;;
		esac
		printf ' \\\n\t%s' "$f"
	done
	printf '\n'
}
gen() {
	echo "# src/sources.am: written by build-aux/sources.sh from the files in"
	echo "# src/; do not edit (Makefile.am includes it).  LAYER_C: a layer's"
	echo "# sources, LAYER_H its headers and tables."
	for layer in base model scenario results engine report drive cmd; do
		v=$(echo "$layer" | tr '[:lower:]' '[:upper:]')
		d=src/$layer
		list "${v}_C" "$d"/*.c "$d"/*.cc
		list "${v}_H" "$d"/*.h "$d"/*.def
	done
}
if [ "${1:-}" = - ]; then
	gen
else
	# (the file's time moves only when its text does: bootstrap reruns
	# autoreconf when src/sources.am is newer than configure)
	gen >src/sources.am.tmp
	if cmp -s src/sources.am.tmp src/sources.am; then rm -f src/sources.am.tmp
	else mv src/sources.am.tmp src/sources.am; fi
fi
