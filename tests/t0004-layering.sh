#!/bin/sh
# Layering (issues 10 and 22), read from the built tree: a pure module
# neither links an engine object or SimGrid nor sees an engine or SimGrid
# header, every layer (a folder of src/) includes only from the layers
# Makefile.am's table allows it, and no function in src/ is longer than
# MAX_FUNCTION_LINES.
#
#  - Links: from a pure module's object in src/*/lib*.a, the objects the
#    linker would pull in (each undefined symbol resolved to the archive
#    member that defines it, transitively; a symbol no member defines is
#    external: libc, libm, cJSON or SimGrid).  It fails when that closure
#    holds an engine object or any undefined SimGrid symbol, and prints
#    the chain of symbols that leads there.
#  - Headers: the compiler's dependency output (src/*/.deps/*.Po, every
#    header the source includes, directly or not).  The detail follows
#    the #include lines of src/ to show through which headers.
#  - Function length: BSD style, the line with `name(` at column 0 to the
#    `}` at column 0, both included.
# The checks are shell functions; the self-tests first run them on a fake
# archive, a fake .Po and a generated long function, to prove they fail.
#
# Run by hand from a build directory:
#   PSIM=$PWD/src/psim SRCDIR=/path/to/source sh tests/t0004-layering.sh
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

# --- What the layers are: src/'s folders (HACKING.md).  The layer
# table is the one in Makefile.am's comment ("#   LAYER  what it may
# include"), whose include paths the build gives each layer: read from
# there, checked here against what every object really included.
# Pure layers: they parse, compute and print, and never touch the engine.
PURE_LAYERS="base model scenario results report"
# and the pure modules of the drive layer (run.c, the driver, is not).
PURE_DRIVE="sweep merge plot advise"
# Undefined symbols that are SimGrid's (an awk regular expression).
SIMGRID_SYMBOLS='^_*(sg_|simgrid_|xbt_|s4u|SIMIX|MSG_)|^_Z.*simgrid'
MAX_FUNCTION_LINES=120

BUILDDIR=$(cd "$(dirname "$PSIM")/.." && pwd)

# --- The checks. -------------------------------------------------------

# symbol_table ARCHIVE: one line per global symbol of each member,
# "module member type symbol"; module is the member's name without .o and
# without automake's per-target prefix (libscenario_a-scenario.o or
# src_scenario_libscenario_a-scenario.o are module scenario).
symbol_table() {
	st_canon=$(basename "$1" | sed 's/[^A-Za-z0-9_]/_/g')
	(cd "$(dirname "$1")" && nm -P -A -g "$(basename "$1")") |
	awk -v canon="$st_canon" '
	{
		# "libscenario.a[scenario.o]: cross_check T 1a0 400", or
		# "libscenario.a[scenario.o]: free U"
		i = index($1, "["); member = substr($1, i + 1)
		sub(/\]:$/, "", member)
		module = member; sub(/\.o$/, "", module)
		sub("^([A-Za-z0-9_]*_)?" canon "-", "", module)
		print module, member, $3, $2
	}'
}

# modules TABLE: the modules of the archive.
modules() {
	awk '{ print $1 }' "$1" | sort -u
}

# matching "GLOB...": the names on standard input that one of the GLOBs
# (a space-separated list) matches.
matching() {
	set -f
	while read -r m_name; do
		for m_glob in $1; do
			case $m_name in $m_glob) echo "$m_name"; break ;; esac
		done
	done
	set +f
}

# members TABLE MODULE...: the archive members of those modules.
members() {
	m_table=$1; shift
	awk -v want=" $* " 'index(want, " " $1 " ") { print $2 }' "$m_table" |
	sort -u
}

# closure TABLE "ENGINE MEMBERS" ROOT_MEMBER...: what the roots pull in
# from the archive, breadth first (so each chain is a shortest one).
# Prints
#   reach MEMBER...           the closure, roots first
#   engine CHAIN              an engine member entered from a non-engine
#                             one: root -> symbol -> member -> ... -> member
#   behind FROM -> SYM -> M   an engine member M reached from another
#                             engine member FROM (the last link of its chain)
#   simgrid-from MEMBER...    the members that reference SimGrid themselves
#   simgrid N CHAIN -> SYM    N SimGrid symbols in all; a chain from each
#                             non-engine member that references SimGrid,
#                             or else the shortest chain
closure() {
	c_table=$1 c_engine=$2; shift 2
	awk -v roots="$*" -v engine=" $c_engine " -v sgre="$SIMGRID_SYMBOLS" '
	BEGIN { gsub(/[ \t\n]+/, " ", engine) }
	function is_engine(m) { return index(engine, " " m " ") > 0 }
	{
		member = $2; type = $3; sym = $4
		if (type == "U" || type == "w" || type == "v")
			und[member, ++nund[member]] = sym
		else if (!(sym in def))
			def[sym] = member
	}
	END {
		n = split(roots, r, " ")
		for (i = 1; i <= n; i++) {
			q[++nq] = r[i]; seen[r[i]] = 1; chain[r[i]] = r[i]
		}
		for (h = 1; h <= nq; h++) {
			m = q[h]
			for (j = 1; j <= nund[m]; j++) {
				s = und[m, j]
				if (s in def) {
					d = def[s]
					if (d in seen) continue
					seen[d] = 1; q[++nq] = d
					chain[d] = chain[m] " -> " s " -> " d
					parent[d] = m; via[d] = s
				} else if (s ~ sgre) {
					if (!(s in sgsym)) { sgsym[s] = 1; nsg++ }
					if (!(m in sgfirst)) {
						sgfirst[m] = s; sgorder[++nsgm] = m
					}
				}
			}
		}
		line = "reach"
		for (h = 1; h <= nq; h++) line = line " " q[h]
		print line
		for (h = 1; h <= nq; h++) {
			m = q[h]
			if (!is_engine(m)) continue
			if (!(m in parent) || !is_engine(parent[m]))
				print "engine " chain[m]
			else
				print "behind " parent[m] " -> " via[m] " -> " m
		}
		if (nsgm == 0) exit
		line = "simgrid-from"
		for (i = 1; i <= nsgm; i++) line = line " " sgorder[i]
		print line
		shown = 0
		for (i = 1; i <= nsgm; i++) {
			m = sgorder[i]
			if (is_engine(m)) continue
			print "simgrid " nsg " " chain[m] " -> " sgfirst[m]
			shown = 1
		}
		if (!shown)
			print "simgrid " nsg " " chain[sgorder[1]] " -> " sgfirst[sgorder[1]]
	}' "$c_table"
}

# link_detail: closure's output made readable (empty when all is well).
link_detail() {
	awk '
	{ kind = $1; rest = $0; sub(/^[^ ]+ /, "", rest) }
	kind == "engine" { e[++ne] = rest }
	kind == "behind" { b[++nb] = rest }
	kind == "simgrid-from" { from = rest }
	kind == "simgrid" { nsg = $2; sub(/^[0-9]+ /, "", rest); g[++ng] = rest }
	END {
		if (ne > 0) {
			print ne + nb " engine objects; entered by:"
			for (i = 1; i <= ne; i++) print "  " e[i]
			if (nb > 0) print "and behind them:"
			for (i = 1; i <= nb; i++) print "  " b[i]
		}
		if (ng > 0) {
			print nsg " SimGrid symbols, referenced by " from "; e.g.:"
			for (i = 1; i <= ng; i++) print "  " g[i]
		}
	}'
}

# po_headers PO: the files a .Po file lists (the targets dropped).
po_headers() {
	sed -e 's/\\$//' "$1" | awk '
	{
		for (i = 1; i <= NF; i++)
			if ($i !~ /:$/ && !($i in seen)) { seen[$i] = 1; print $i }
	}'
}

# header_violations PO: "simgrid PATH" or "engine NAME" for each SimGrid
# or engine header the .Po lists.  Paths are taken relative to SRCDIR and
# BUILDDIR first, so a tree that lives under a directory named simgrid
# still passes.
header_violations() {
	po_headers "$1" | awk -v src="$SRCDIR/" -v build="$BUILDDIR/" '
	{
		p = $0
		if (index(p, src) == 1) p = substr(p, length(src) + 1)
		else if (index(p, build) == 1) p = substr(p, length(build) + 1)
		if (p ~ /(^|\/)simgrid\//) { print "simgrid " $0; next }
		name = p; sub(/.*\//, "", name)
		if (p ~ /(^|\/)src\/engine\/[^\/]+$/)
			print "engine " name
	}'
}

# po_source PO: the source file a .Po file is for (its first prerequisite).
po_source() {
	po_headers "$1" | sed 1q
}

# include_chain DIR FILE TARGET: through which #include lines of DIR's
# files (and its folders') FILE reaches TARGET (a header name, or "simgrid" for any
# <simgrid/...> header): "report.c -> metrics.h -> sim.h -> <simgrid/...>".
include_chain() {
	(cd "$1" && grep -H '^[ 	]*#[ 	]*include' -- *.c *.h */*.c */*.h \
	    2>/dev/null) |
	awk -v from="$2" -v target="$3" '
	{
		f = $0; sub(/:.*/, "", f); sub(/.*\//, "", f)
		inc = $0; sub(/^[^:]*:[ \t]*#[ \t]*include[ \t]*/, "", inc)
		if (inc ~ /^"/) { sub(/^"/, "", inc); sub(/".*/, "", inc) }
		else if (inc ~ /^<simgrid\//) sub(/>.*/, ">", inc)
		else next
		edge[f, ++nedge[f]] = inc
	}
	END {
		q[1] = from; chain[from] = from; seen[from] = 1; nq = 1
		for (h = 1; h <= nq; h++) {
			f = q[h]
			for (j = 1; j <= nedge[f]; j++) {
				t = edge[f, j]
				if (t in seen) continue
				seen[t] = 1; chain[t] = chain[f] " -> " t
				if (t == target ||
				    (target == "simgrid" && t ~ /^<simgrid\//)) {
					print chain[t]; exit
				}
				q[++nq] = t
			}
		}
	}'
}

# header_detail PO: header_violations made readable, with the chains.
header_detail() {
	hd_src=$(basename "$(po_source "$1")")
	header_violations "$1" >"$TMP/hv"
	for hd_h in $(awk '$1 == "engine" { print $2 }' "$TMP/hv"); do
		hd_chain=$(include_chain "$SRCDIR/src" "$hd_src" "$hd_h")
		echo "engine header: ${hd_chain:-$hd_src -> ... -> $hd_h}"
	done
	hd_n=$(grep -c '^simgrid ' "$TMP/hv")
	if [ "$hd_n" -gt 0 ]; then
		hd_chain=$(include_chain "$SRCDIR/src" "$hd_src" simgrid)
		[ -n "$hd_chain" ] ||
			hd_chain="$hd_src -> ... -> $(sed -n 's/^simgrid //p' "$TMP/hv" | sed 1q)"
		echo "$hd_n SimGrid headers, e.g.: $hd_chain"
	fi
}

# long_functions MAX FILE...: "FILE:LINE: FUNCTION: N lines" for each function
# longer than MAX lines.  A function starts at a column-0 line that has a
# name followed by "(" and is followed by a column-0 "{" with only
# indented lines between (continued parameters); it ends at the next
# column-0 "}".
long_functions() {
	lf_max=$1; shift
	awk -v max="$lf_max" '
	FNR == 1 { cand = ""; infn = 0 }
	infn && /^\}/ {
		n = FNR - start + 1
		if (n > max) print FILENAME ":" start ": " name ": " n " lines"
		infn = 0; next
	}
	infn { next }
	/^\{/ { if (cand != "") { infn = 1; name = cand; start = cstart }
		cand = ""; next }
	/^[^ \t]/ {
		cand = ""
		if (match($0, /^[A-Za-z_][A-Za-z0-9_ \t*]*\(/)) {
			s = substr($0, 1, RLENGTH - 1)
			sub(/[ \t]+$/, "", s); sub(/.*[^A-Za-z0-9_]/, "", s)
			if (s != "") { cand = s; cstart = FNR }
		}
	}' "$@"
}

# include_circles DIR: the circles among the modules of folder DIR, one
# a line, their names in order ("a b c").  A module is a .c and its .h
# (a private NAME-impl.h is NAME's); module A uses B when a file of A has
# `#include "B.h"`.  Two modules are in one circle when each uses the
# other, directly or not (a transitive closure, Warshall's).
include_circles() {
	for f in $(ls "$1"/*.[ch] | sort); do
		m=$(basename "$f"); m=${m%.*}; m=${m%-impl}
		echo "$m $m"
		sed -n 's/^#include "\([^"]*\)\.h".*/\1/p' "$f" |
		while read -r h; do echo "$m ${h%-impl}"; done
	done | awk '
	{ if (!($1 in id)) { id[$1] = ++n; name[n] = $1 }
	  from[++e] = $1; to[e] = $2 }
	END {
		for (i = 1; i <= e; i++)
			if (to[i] in id && to[i] != from[i])
				r[id[from[i]], id[to[i]]] = 1
		for (k = 1; k <= n; k++) for (i = 1; i <= n; i++)
			if (r[i, k]) for (j = 1; j <= n; j++)
				if (r[k, j]) r[i, j] = 1
		for (i = 1; i <= n; i++) {
			if (done[i] || !r[i, i]) continue
			line = ""
			for (j = 1; j <= n; j++) if (r[i, j] && r[j, i]) {
				done[j] = 1; line = line " " name[j]
			}
			print substr(line, 2)
		}
	}'
}

# layer_table MAKEFILE_AM: "LAYER ALLOWED..." for each row of the layer
# table in Makefile.am's comment ("#   LAYER  LAYER... (a note)"; "no
# psim header" for none, "every layer" for all those above it).
layer_table() {
	sed -n 's/^#   \([a-z][a-z]*\)  *\([a-z].*\)$/\1 \2/p' "$1" | awk '
	{
		line = $0; sub(/ *\(.*\)$/, "", line)
		sub(/ *no psim header$/, "", line)
		row[NR] = line; name[NR] = $1
	}
	END {
		for (i = 1; i <= NR; i++) {
			if (row[i] ~ / every layer$/) {
				row[i] = name[i]
				for (j = 1; j < i; j++) row[i] = row[i] " " name[j]
			}
			print row[i]
		}
	}'
}

# layer_violations PO LAYER "ALLOWED...": "LAYER/FILE includes DIR/HEADER"
# for each header of src/ the .Po lists that is neither LAYER's own nor
# an allowed layer's.
layer_violations() {
	lv_src=$(basename "$(po_source "$1")")
	po_headers "$1" | awk -v src="$SRCDIR/" -v build="$BUILDDIR/" \
	    -v layer="$2" -v allowed=" $2 $3 " -v file="$lv_src" '
	{
		p = $0
		if (index(p, src) == 1) p = substr(p, length(src) + 1)
		else if (index(p, build) == 1) p = substr(p, length(build) + 1)
		if (p !~ /^src\/[^\/]+\/[^\/]+\.(h|def)$/) next
		split(p, part, "/")
		if (!index(allowed, " " part[2] " "))
			print layer "/" file " includes " part[2] "/" part[3]
	}'
}

# upward_calls TABLE LAYERS: "FROM -> SYMBOL -> TO" for each symbol an
# object of one layer uses that an object of another layer defines, when
# that layer is not one the first may use (LAYERS: layer_table's lines).
# The include paths stop an #include upward; this stops a call upward
# that a hand-written prototype would let through.
upward_calls() {
	awk '
	NR == FNR { allowed[$1] = " " $0 " "; next }
	{
		layer = $2; sub(/^lib/, "", layer); sub(/_a-.*/, "", layer)
		if ($3 == "U") { und[++n] = layer " " $2 " " $4 }
		else if ($3 != "w" && $3 != "v" && !($4 in def)) {
			def[$4] = layer; defm[$4] = $2
		}
	}
	END {
		for (i = 1; i <= n; i++) {
			split(und[i], u, " ")
			if (!(u[3] in def) || def[u[3]] == u[1]) continue
			if (!index(allowed[u[1]], " " def[u[3]] " "))
				print u[2] " -> " u[3] " -> " defm[u[3]]
		}
	}' "$2" "$1"
}

# --- Self-tests: the checks can fail. ----------------------------------
# A fake archive: pure.o -> mid.o (pure) -> sim.o (engine, calls SimGrid)
# -> plat.o (engine); direct.o calls SimGrid itself; clean.o is clean.
# Once with plain member names, once with automake's per-target ones.
ST=$TMP/self
mkdir "$ST"
CC=${CC:-cc}
cat >"$ST/pure.c" <<'EOC'
int mid_fn(int);
int pure_entry(int x) { return mid_fn(x) + 1; }
EOC
cat >"$ST/mid.c" <<'EOC'
int fake_step(void);
int mid_fn(int x) { return x + fake_step(); }
EOC
cat >"$ST/sim.c" <<'EOC'
void *sg_actor_self(void);
int plat_fn(void);
int fake_step(void) { return sg_actor_self() != 0 && plat_fn(); }
EOC
cat >"$ST/plat.c" <<'EOC'
int sg_host_count(void);
int plat_fn(void) { return sg_host_count(); }
EOC
cat >"$ST/direct.c" <<'EOC'
int sg_host_count(void);
int direct_entry(void) { return sg_host_count(); }
EOC
cat >"$ST/clean.c" <<'EOC'
#include <string.h>
int clean_entry(const char *s) { return (int)strlen(s); }
EOC
fake="pure mid sim plat direct clean"
if (cd "$ST" && for o in $fake; do $CC -c $o.c || exit 1; done &&
    ar rc libfake.a pure.o mid.o sim.o plat.o direct.o clean.o &&
    mkdir am && for o in $fake; do
	cp $o.o am/src_libfake_a-$o.o || exit 1; done &&
    cd am && ar rc libfake.a src_libfake_a-*.o) >"$ST/cc.out" 2>&1; then
	for style in plain am; do
		case $style in
		plain) a=$ST/libfake.a p= ;;
		am) a=$ST/am/libfake.a p=src_libfake_a- ;;
		esac
		symbol_table "$a" >"$ST/table"
		engine=$(members "$ST/table" $(modules "$ST/table" | matching "si* plat"))
		fake_closure() {
			closure "$ST/table" "$engine" \
			    $(members "$ST/table" $(modules "$ST/table" | matching "$1"))
		}
		fake_closure pure >"$ST/closure"
		check "self-test ($style names): the closure reports the chain to the engine" \
		    grep -qxF "engine ${p}pure.o -> mid_fn -> ${p}mid.o -> fake_step -> ${p}sim.o" "$ST/closure"
		check "self-test ($style names): and what lies behind it" \
		    grep -qxF "behind ${p}sim.o -> plat_fn -> ${p}plat.o" "$ST/closure"
		check "self-test ($style names): and the chain to SimGrid" \
		    grep -qxF "simgrid 2 ${p}pure.o -> mid_fn -> ${p}mid.o -> fake_step -> ${p}sim.o -> sg_actor_self" "$ST/closure"
		fake_closure direct >"$ST/closure"
		check "self-test ($style names): a SimGrid call of a pure module's own" \
		    test "$(sed 1d "$ST/closure")" = "simgrid-from ${p}direct.o
simgrid 1 ${p}direct.o -> sg_host_count"
		check "self-test ($style names): a clean module passes" \
		    test -z "$(fake_closure clean | link_detail)"
	done
else
	skip "self-test: the closure on a fake archive" "cannot build it: $(sed 1q "$ST/cc.out")"
fi

# (gcc wraps the first line when the source's path is long.)
cat >"$ST/bad.Po" <<EOF
src/report/libreport_a-bad.o: \\
 $SRCDIR/src/report/bad.c /usr/include/stdc-predef.h src/report/report.h \\
 /usr/include/simgrid/actor.h $SRCDIR/src/engine/metrics.h \\
 /usr/include/x86_64-linux-gnu/sys/platform.h
src/report/report.h:
/usr/include/simgrid/actor.h:
EOF
printf 'src/base/libbase_a-ok.o: src/base/ok.c /usr/include/stdio.h src/base/units.h\nsrc/base/units.h:\n' \
    >"$ST/ok.Po"
header_violations "$ST/bad.Po" >"$ST/hv.out"
check "self-test: a .Po with a SimGrid header and an engine header fails" \
    test "$(cat "$ST/hv.out")" = "simgrid /usr/include/simgrid/actor.h
engine metrics.h"
check "self-test: a .Po with neither passes" \
    test -z "$(header_violations "$ST/ok.Po")"
check "self-test: the source a .Po is for, its first line wrapped" \
    test "$(po_source "$ST/bad.Po")" = "$SRCDIR/src/report/bad.c"
printf '#include "b.h"\n' >"$ST/a.c"
printf '#include <stdio.h>\n#include "c.h"\n' >"$ST/b.h"
printf '#include <simgrid/actor.h>\n' >"$ST/c.h"
check "self-test: the include chain to a SimGrid header" \
    test "$(include_chain "$ST" a.c simgrid)" = "a.c -> b.h -> c.h -> <simgrid/actor.h>"

printf '#   low    no psim header\n#   mid    low (a note)\n#   top    every layer\nx\n' \
    >"$ST/Makefile.am"
check "self-test: the layer table read from Makefile.am" \
    test "$(layer_table "$ST/Makefile.am")" = "low
mid low
top low mid"
printf 'src/model/libmodel_a-x.o: %s/src/model/x.c %s/src/model/x.h \\\n %s/src/base/y.h %s/src/engine/sim.h /usr/include/stdio.h\n' \
    "$SRCDIR" "$SRCDIR" "$SRCDIR" "$SRCDIR" >"$ST/model.Po"
check "self-test: a header of a layer not allowed is caught, the others not" \
    test "$(layer_violations "$ST/model.Po" model base)" = "model/x.c includes engine/sim.h"

printf 'low\nmid low\n' >"$ST/layers"
printf '%s\n' "libmid_a-m.o libmid_a-m.o T mid_fn" "libmid_a-m.o libmid_a-m.o U low_fn" \
    "low libfake_a-x.o T nothing" "l liblow_a-l.o T low_fn" \
    "l liblow_a-l.o U mid_fn" "l liblow_a-l.o U printf" >"$ST/utable"
check "self-test: a call upward is caught, a call downward and outside psim not" \
    test "$(upward_calls "$ST/utable" "$ST/layers")" = "liblow_a-l.o -> mid_fn -> libmid_a-m.o"

mkdir "$ST/circ"
printf '#include "b.h"\n' >"$ST/circ/a.c"
printf '#include "c.h"\n' >"$ST/circ/b.c"
printf '#include "a.h"\n#include "d.h"\n' >"$ST/circ/c.h"
printf '#include "b-impl.h"\n' >"$ST/circ/d.c"
printf '#include "b.h"\n' >"$ST/circ/b-impl.h"
printf '#include "a.h"\n#include "stdio.h"\n' >"$ST/circ/e.c"
check "self-test: a circle of three modules through a header is caught, a module that only uses them not, a private -impl.h is its module's" \
    test "$(include_circles "$ST/circ")" = "a b c d"
rm "$ST/circ/c.h"
check "self-test: without it, no circle" \
    test -z "$(include_circles "$ST/circ")"

# A prototype, a 130-line function and a 120-line one (name line, "{",
# body, "}").
{
	printf 'static int\nlong_one(int);\n\n'
	printf 'static int\nlong_one(int x,\n    int y)\n{\n'
	i=0; while [ $i -lt 125 ]; do echo "	x++;"; i=$((i + 1)); done
	printf '	return x;\n}\n\nint\nshort_one(void)\n{\n'
	i=0; while [ $i -lt 117 ]; do echo "	;"; i=$((i + 1)); done
	printf '}\n\nstatic const int table[] =\n{\n	1,\n};\n'
} >"$ST/long.c"
check "self-test: a 130-line function is caught and a 120-line one is not" \
    test "$(long_functions 120 "$ST/long.c")" = "$ST/long.c:5: long_one: 130 lines"

# --- The real tree. ----------------------------------------------------
ARCHIVES=$(ls "$BUILDDIR"/src/*/lib*.a 2>/dev/null)
if [ -z "$ARCHIVES" ]; then
	not_ok "the built libraries are there" "no $BUILDDIR/src/*/lib*.a (build first)"
	done_testing; exit
fi
for a in $ARCHIVES; do symbol_table "$a"; done >"$TMP/table"
engine=$(awk '$2 ~ /^libengine_a-/ { print $2 }' "$TMP/table" | sort -u)
awk -v pure=" $PURE_LAYERS " -v drive=" $PURE_DRIVE " '
{
	layer = $2; sub(/^lib/, "", layer); sub(/_a-.*/, "", layer)
	if (index(pure, " " layer " ") ||
	    (layer == "drive" && index(drive, " " $1 " ")))
		print layer, $1, $2
}' "$TMP/table" | sort -u >"$TMP/pure"
check "the pure modules are found (base to report, and drive's $PURE_DRIVE)" \
    test "$(wc -l <"$TMP/pure")" -ge 30

while read -r layer mod root; do
	closure "$TMP/table" "$engine" $root >"$TMP/closure"
	link_detail <"$TMP/closure" >"$TMP/detail"
	if [ -s "$TMP/detail" ]; then
		not_ok "$layer/$mod: links no engine object and no SimGrid symbol" \
		    "$(cat "$TMP/detail")"
	else
		ok "$layer/$mod: links no engine object and no SimGrid symbol (pulls in:$(sed -n 's/^reach [^ ]*//p' "$TMP/closure"))"
	fi

	po=$BUILDDIR/src/$layer/.deps/${root%.o}.Po
	if [ ! -f "$po" ] || ! grep -q ':' "$po"; then
		skip "$layer/$mod: sees no SimGrid and no engine header" \
		    "no dependency output ($po)"
		continue
	fi
	header_detail "$po" >"$TMP/detail"
	if [ -s "$TMP/detail" ]; then
		not_ok "$layer/$mod: sees no SimGrid and no engine header" \
		    "$(cat "$TMP/detail")"
	else
		ok "$layer/$mod: sees no SimGrid and no engine header"
	fi
done <"$TMP/pure"

# Every folder of src/ is a layer of the table, and every object of a
# layer included only its own layer's headers and those of the layers
# the table allows it.
layer_table "$SRCDIR/Makefile.am" >"$TMP/layers"
for d in "$SRCDIR"/src/*/; do
	d=$(basename "$d")
	check "src/$d is a layer of Makefile.am's table" \
	    grep -q "^$d\( \|$\)" "$TMP/layers"
done
while read -r layer allowed; do
	: >"$TMP/lv"
	npo=0
	for po in "$BUILDDIR/src/$layer/.deps/"*.Po; do
		[ -f "$po" ] && grep -q ':' "$po" || continue
		npo=$((npo + 1))
		layer_violations "$po" "$layer" "$allowed" >>"$TMP/lv"
	done
	# (no dependency output, no object read: a skip, not a pass)
	if [ $npo -eq 0 ]; then
		skip "$layer includes only from: ${allowed:-no other layer}" \
		    "no dependency output in $BUILDDIR/src/$layer/.deps"
	elif [ -s "$TMP/lv" ]; then
		not_ok "$layer includes only from: ${allowed:-no other layer}" \
		    "$(sort -u "$TMP/lv")"
	else
		ok "$layer includes only from: ${allowed:-no other layer}"
	fi
done <"$TMP/layers"

upward_calls "$TMP/table" "$TMP/layers" >"$TMP/up"
if [ -s "$TMP/up" ]; then
	not_ok "no object calls a function of a layer above its own" \
	    "$(sort -u "$TMP/up")"
else
	ok "no object calls a function of a layer above its own"
fi

(cd "$SRCDIR" && long_functions $MAX_FUNCTION_LINES src/*/*.c) >"$TMP/long"
if [ -s "$TMP/long" ]; then
	not_ok "no function in src/ is longer than $MAX_FUNCTION_LINES lines" \
	    "$(cat "$TMP/long")"
else
	ok "no function in src/ is longer than $MAX_FUNCTION_LINES lines"
fi

# No circle among the modules of a layer (issue 34): every folder of
# src/.
for d in "$SRCDIR"/src/*/; do
	d=${d%/}; layer=${d##*/}
	include_circles "$d" >"$TMP/circles"
	name="src/$layer: no include circle among its modules"
	if [ -s "$TMP/circles" ]; then not_ok "$name" "$(cat "$TMP/circles")"
	else ok "$name"; fi
done

# Each layer's library builds every file of its folder (issue 34):
# src/sources.am is what build-aux/sources.sh writes from src/ now.
sh "$SRCDIR/build-aux/sources.sh" - >"$TMP/sources.am"
if cmp -s "$TMP/sources.am" "$SRCDIR/src/sources.am"; then
	ok "src/sources.am lists every file of src/'s layers"
else
	not_ok "src/sources.am lists every file of src/'s layers" \
	    "run build-aux/sources.sh, then autoreconf: $(diff "$SRCDIR/src/sources.am" "$TMP/sources.am" | head -5)"
fi
check "... and Makefile.am builds each layer from it" \
    test "$(grep -c '^src_[a-z]*_lib[a-z]*_a_SOURCES = \$([A-Z]*_C) \$([A-Z]*_H)$' "$SRCDIR/Makefile.am")" = 8

done_testing
