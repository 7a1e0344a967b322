#!/bin/sh
# t0011-hacking-paths.sh: HACKING.md stays a short, true map (issue 34,
# item 8): at most 250 lines, every path it names there, and no pointer
# to a file outside the repository.
#
# What counts as a path named, in any word of the file (words are split
# at anything that is not a letter, digit, "_", ".", "/", "*" or "-";
# a sentence's final dots dropped):
#  - a word that starts with one of the repository's folders (src/,
#    tests/, man/, validation/, bench/, scenarios/, platforms/, plots/,
#    completion/, debian/, .ci/), or with one of src/'s layer folders
#    (drive/run.c is src/drive/run.c), relative to the repository;
#  - a file name without a folder that ends in .c, .h, .cc, .def, .sh,
#    .py, .js or .css (worker.c): some file of that name in the tree;
#  - a top-level file, NAME.md, Makefile.am or configure.ac;
#  - a test's number, t2005: some tests/t2005-*.sh.
# A name may be a glob (strategy-*.c), which must match at least one
# file; the placeholders NAME and NNNN (src/cmd/cmd-NAME.c,
# tests/tNNNN-NAME.sh) stand for any name and any four digits.  Built
# files (src/psim, config.h, seed-scenario.c) are looked for in the build
# tree too.  A release tarball has no debian/ and no .ci/: their paths
# are skipped there.  The checks are shell functions, run first on a
# small fake file that names missing paths, to prove they fail.
#
# Run by hand from a build directory:
#   PSIM=$PWD/src/psim SRCDIR=/path/to/source sh tests/t0011-hacking-paths.sh
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
LC_ALL=C
export LC_ALL
BUILDDIR=$(cd "$(dirname "$PSIM")/.." && pwd)
DOC=$SRCDIR/HACKING.md
MAX_LINES=250

# --- The checks. -------------------------------------------------------

# doc_paths FILE: the paths FILE names, one a line, as "KIND WORD":
# KIND is path (relative to the repository), file (a name anywhere in
# the tree), top (a top-level file) or test (a test's number).
doc_paths() {
	tr -cs 'A-Za-z0-9_./*-' '\n' <"$1" | awk '
	{ w = $0; sub(/\.+$/, "", w) }
	w == "" { next }
	w ~ /^(src|tests|man|validation|bench|scenarios|platforms|plots|completion|debian|\.ci)\// {
		print "path " w; next }
	w ~ /^(base|model|scenario|results|engine|report|drive|cmd)\// {
		print "path src/" w; next }
	w ~ /\// { next }
	w ~ /^[A-Za-z0-9_*][A-Za-z0-9_.*-]*\.(c|h|cc|def|sh|py|js|css)$/ {
		print "file " w; next }
	w ~ /^([A-Za-z0-9_-]+\.md|Makefile\.am|configure\.ac)$/ {
		print "top " w; next }
	w ~ /^t[0-9][0-9][0-9][0-9]$/ { print "test " w }' | sort -u
}

# tree_names ROOT...: the name of every file and folder under the ROOTs
# (.git left out), one a line.
tree_names() {
	find "$@" -name .git -prune -o -print 2>/dev/null |
	    sed 's|.*/||' | sort -u
}

# glob_of WORD: WORD with its placeholders made globs.
glob_of() {
	printf '%s\n' "$1" | sed -e 's/NNNN/[0-9][0-9][0-9][0-9]/g' \
	    -e 's/NAME/*/g'
}

# exists GLOB ROOT...: whether GLOB (relative) matches something under
# one of the ROOTs.
exists() {
	ex_glob=$1; shift
	for ex_root in "$@"; do
		for ex_hit in "$ex_root"/$ex_glob; do
			[ -e "$ex_hit" ] && return 0
		done
	done
	return 1
}

# missing_paths DOC ROOT...: each path DOC names that is not under any of
# the ROOTs (the first the repository), one a line, as doc_paths has it.
missing_paths() {
	mp_doc=$1; shift
	tree_names "$@" >"$TMP/names"
	doc_paths "$mp_doc" | while read -r mp_kind mp_word; do
		mp_glob=$(glob_of "$mp_word")
		case $mp_kind in
		path)	exists "$mp_glob" "$@" || echo "$mp_word" ;;
		top)	exists "$mp_glob" "$1" || echo "$mp_word" ;;
		test)	exists "tests/$mp_word-*.sh" "$1" || echo "$mp_word" ;;
		file)	# the glob as an anchored regular expression
			mp_re=$(printf '%s\n' "$mp_glob" | sed -e 's/[.]/\\./g' \
			    -e 's/[*]/.*/g' -e 's/^/^/' -e 's/$/$/')
			grep -q "$mp_re" "$TMP/names" || echo "$mp_word" ;;
		esac
	done
}

# too_long FILE MAX: says so when FILE has more than MAX lines.
too_long() {
	tl_n=$(wc -l <"$1")
	[ "$tl_n" -le "$2" ] || echo "$1: $tl_n lines, at most $2"
}

# outside FILE: the lines of FILE that point outside the repository.
outside() {
	grep -n -e '\.\./' -e 'DESIGN\.md' -e 'shared/' "$1"
}

# --- Self-tests: a fake tree and a fake HACKING.md. -------------------
ST=$TMP/self
mkdir -p "$ST/src/engine" "$ST/src/drive" "$ST/tests" "$ST/build/src"
for f in src/engine/simulation.c src/engine/worker.c \
    src/engine/strategy-ring.c src/drive/run.c tests/t2005-algorithms.sh \
    README.md build/src/psim; do
	: >"$ST/$f"
done
cat >"$ST/HACKING.md" <<'EOF'
The engine is src/engine/sim.c and src/engine/simulation.c; each
protocol is src/engine/strategy-*.c, a new one src/engine/strategy-NAME.c
with its test tests/tNNNN-NAME.sh (t2005 is one, t0099 is not).  See
drive/run.c and drive/nope.c, worker.c and sim.c, strategy-*.c and
nosuch-*.c, src/nowhere/, the built src/psim, README.md and NOTES.md.
EOF
check "self-test: every missing path is listed, no present one" \
    test "$(missing_paths "$ST/HACKING.md" "$ST" "$ST/build" | sort | tr '\n' ' ')" = \
    "NOTES.md nosuch-*.c sim.c src/drive/nope.c src/engine/sim.c src/nowhere/ t0099 "
check "self-test: the paths are read from each kind of word" \
    test "$(doc_paths "$ST/HACKING.md" | awk '{ n[$1]++ }
        END { print n["path"], n["file"], n["top"], n["test"] }')" = "9 4 2 2"
awk 'BEGIN { for (i = 1; i <= 250; i++) print "a line" }' >"$ST/250.md"
{ cat "$ST/250.md"; echo; } >"$ST/251.md"
check "self-test: 251 lines are too long, 250 are not" \
    test "$(too_long "$ST/251.md" 250; too_long "$ST/250.md" 250)" = \
    "$ST/251.md: 251 lines, at most 250"
printf 'see ../shared/DESIGN.md\nnothing here\nor DESIGN.md\n' >"$ST/out.md"
check "self-test: a pointer outside the repository is caught" \
    test "$(outside "$ST/out.md" | cut -d: -f1 | tr '\n' ' ')" = "1 3 "

# --- HACKING.md. -------------------------------------------------------
check "HACKING.md: at most $MAX_LINES lines" test -z "$(too_long "$DOC" $MAX_LINES)"
n=$(doc_paths "$DOC" | wc -l)
check "HACKING.md: it names paths ($n)" test "$n" -ge 100
missing_paths "$DOC" "$SRCDIR" "$BUILDDIR" >"$TMP/missing"
# a release tarball leaves out debian/ and .ci/
for d in debian .ci; do
	if [ ! -d "$SRCDIR/$d" ]; then
		grep -v "^$d/" "$TMP/missing" >"$TMP/m"
		mv "$TMP/m" "$TMP/missing"
		skip "HACKING.md: the paths under $d/" "no $d/ in $SRCDIR"
	fi
done
if [ -s "$TMP/missing" ]; then
	not_ok "HACKING.md: every path it names exists" \
	    "$(sed 's/^/not there: /' "$TMP/missing")"
else
	ok "HACKING.md: every path it names exists"
fi
out=$(outside "$DOC")
if [ -z "$out" ]; then ok "HACKING.md: no pointer outside the repository"
else not_ok "HACKING.md: no pointer outside the repository" "$out"; fi

# An algorithm as its recipe says: each row of strategies.def (its
# second field, PROTO) has its protocol in src/engine/strategy-NAME.c
# and its closed form in src/model/closed-NAME.c, NAME being PROTO with
# dashes, and nothing else defines closed_PROTO.
missing=""
for proto in $(sed -n 's/^STRATEGY([A-Z_0-9]*, *\([a-z_0-9]*\),.*/\1/p' \
    "$SRCDIR/src/model/strategies.def" | sort -u); do
	name=$(echo "$proto" | tr _ -)
	for f in "src/engine/strategy-$name.c" "src/model/closed-$name.c"; do
		[ -f "$SRCDIR/$f" ] || missing="$missing $f"
	done
	grep -q "^closed_$proto(" "$SRCDIR/src/model/closed-$name.c" \
	    2>/dev/null || missing="$missing closed_$proto"
done
check "each strategy's protocol and closed form, one file each" \
    test -z "$missing"
[ -z "$missing" ] || echo "# missing:$missing"
done_testing
