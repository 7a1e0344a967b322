#!/bin/sh
# t0002-man.sh: the man pages are clean mdoc, psim(1) documents every key
# of the JSON report and lists the CSV report's columns, and
# psim-scenario(5) every key a scenario accepts; psim(1)'s EXAMPLES run
# and give what the page says they give.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

MAN1=$SRCDIR/man/psim.1
MAN5=$SRCDIR/man/psim-scenario.5

# lint PAGE: groff's mdoc checks, all warnings on, print nothing.
lint() {
	name="$(basename "$1") lints clean with groff -mdoc -ww"
	if ! command -v groff >/dev/null 2>&1; then
		skip "$name" "groff not installed"
		return
	fi
	if groff -mdoc -ww -z "$1" >"$TMP/lint" 2>&1 && [ ! -s "$TMP/lint" ]
	then ok "$name"
	else not_ok "$name" "$(cat "$TMP/lint")"; fi
}

# undocumented PAGE KEYFILE: the keys of KEYFILE that PAGE has no
# ".It Cm KEY" entry for, one a line.
undocumented() {
	while read -r key; do
		grep -Eq "^\.It Cm $key( |\$)" "$1" || echo "$key"
	done <"$2"
}

# documents NAME PAGE KEYFILE: PAGE has an entry for every key, and
# there are keys to check at all.
documents() {
	if [ ! -s "$3" ]; then
		not_ok "$1" "no keys found to check"
		return
	fi
	undocumented "$2" "$3" >"$TMP/missing"
	if [ ! -s "$TMP/missing" ]; then ok "$1"
	else not_ok "$1" "undocumented: $(tr '\n' ' ' <"$TMP/missing")"; fi
}

lint "$MAN1"
lint "$MAN5"

# The report's keys: top-level ones are the lines indented by two
# spaces; nested ones are every other "key": in it.
if "$PSIM" run --format json "$SRCDIR/scenarios/seed-250m-10w-10g-ring.json" \
    >"$TMP/report.json" 2>"$TMP/run.err"
then ok "psim run --format json on the ring scenario"
else not_ok "psim run --format json on the ring scenario" "$(cat "$TMP/run.err")"
fi
"$PSIM" run --format csv "$SRCDIR/scenarios/seed-250m-10w-10g-ring.json" \
    >"$TMP/report.csv" 2>"$TMP/run.err" ||
	not_ok "psim run --format csv on the ring scenario" "$(cat "$TMP/run.err")"
sed -n 's/^  "\([a-z_0-9]*\)": .*/\1/p' "$TMP/report.json" | sort -u \
    >"$TMP/top-keys"
grep -o '"[a-z_0-9]*": ' "$TMP/report.json" | tr -d '": ' | sort -u \
    >"$TMP/all-keys"
documents "psim.1 documents every top-level JSON report key" \
    "$MAN1" "$TMP/top-keys"
documents "psim.1 documents every nested JSON report key" \
    "$MAN1" "$TMP/all-keys"

# The report of several jobs: its keys too.
if "$PSIM" run --format json "$SRCDIR/scenarios/jobs-ps-beside-ring.json" \
    >"$TMP/jobs.json" 2>"$TMP/jobs.err"
then ok "psim run --format json on a scenario of jobs"
else not_ok "psim run --format json on a scenario of jobs" "$(cat "$TMP/jobs.err")"
fi
grep -o '"[a-z_0-9]*": ' "$TMP/jobs.json" | tr -d '": ' | grep -v '^ps$' |
    grep -v '^ring$' | sort -u >"$TMP/jobs-keys"
documents "psim.1 documents every key of a report of jobs" \
    "$MAN1" "$TMP/jobs-keys"

# The CSV report's columns: psim.1's list under "CSV report", in its
# order (the columns, then "for each of" the replicated ones its _mean and
# _ci95, then the last ones), is the header psim writes, which is the
# table's (src/report/figures.def).
awk '
/^\.Ss CSV report/ { on = 1; part = 0; next }
on && /^\.Ss/ { exit }
on && /^then for each of/ { part = 1; next }
on && /^two columns/ { part = 2; next }
on && /^\.Ic / {
	for (i = 2; i <= NF; i++) {
		if ($i !~ /^[a-z_0-9]+$/) continue
		if (part == 0) print $i
		else if (part == 1) rep[++nrep] = $i
		else last[++nlast] = $i
	}
}
END {
	for (i = 1; i <= nrep; i++) print rep[i] "_mean\n" rep[i] "_ci95"
	for (i = 1; i <= nlast; i++) print last[i]
}' "$MAN1" >"$TMP/man-columns"
head -1 "$TMP/report.csv" | tr ',' '\n' >"$TMP/csv-columns"
if [ -s "$TMP/man-columns" ] && cmp -s "$TMP/man-columns" "$TMP/csv-columns"
then ok "psim.1 lists the CSV report's columns, in order"
else not_ok "psim.1 lists the CSV report's columns, in order" \
    "$(diff "$TMP/man-columns" "$TMP/csv-columns")"
fi

# The scenario's keys: psim-scenario.5 documents every key path psim
# keys lists (the tables the parser checks the keys against), and no
# other.  The page's paths: each ".It Cm KEY" (or "KEY , KEY") of a key
# section of DESCRIPTION, under the keys whose lists hold it, the
# elements of an "array" as N.  The page documents some places once:
# a job's model, placement, strategy and run are a single job's, and the
# servers' and the links' fault processes take preemption's keys (the
# prose says so); and the items under a key whose value is one of a list
# (strategy.sync's) are its values, psim keys --values'.
awk '
/^\.Sh / { on = ($0 ~ /^\.Sh DESCRIPTION/); next }
!on { next }
/^\.Ss / {
	sect = substr($0, 5); depth = 0; last = ""
	base = sect == "Top-level keys" ? "" : sect
	if (arr[base]) base = base ".N"
	keyed = sect == "Top-level keys" || seen[sect]
	next
}
/^\.Bl / { if (keyed) { depth++; parent[depth] = depth == 1 ? base : last }
	next }
/^\.El/ { if (keyed) depth--; next }
/^\.It Cm / && keyed && depth > 0 {
	line = substr($0, 8); type = ""
	if ((i = index(line, " Pq ")) > 0) {
		type = substr(line, i + 4); line = substr(line, 1, i - 1)
	}
	n = split(line, names, / , /)
	for (k = 1; k <= n; k++) {
		path = (parent[depth] != "" ? parent[depth] "." : "") names[k]
		print path
		seen[path] = 1
		if (type ~ /^Ar array/) arr[path] = 1
	}
	last = arr[path] ? path ".N" : path
}' "$MAN5" >"$TMP/man-paths"
"$PSIM" keys >"$TMP/keys" 2>"$TMP/keys.err" ||
	not_ok "psim keys" "$(cat "$TMP/keys.err")"
"$PSIM" keys --values >"$TMP/values" 2>"$TMP/keys.err" ||
	not_ok "psim keys --values" "$(cat "$TMP/keys.err")"
for m in jobs.N.model=model jobs.N.placement=placement \
    jobs.N.strategy=strategy jobs.N.run=run \
    faults.servers=faults.preemption faults.links=faults.preemption; do
	sed -n "s/^${m#*=}\./${m%=*}./p" "$TMP/man-paths"
done >"$TMP/mirrored"
cat "$TMP/man-paths" "$TMP/mirrored" | while read -r p; do
	grep -qxF "${p%.*}=${p##*.}" "$TMP/values" || echo "$p"
done | sort -u >"$TMP/man-keys"
sort "$TMP/keys" >"$TMP/keys-sorted"
if [ -s "$TMP/keys" ] && [ "$(sort -u "$TMP/keys" | wc -l)" -eq \
    "$(wc -l <"$TMP/keys")" ]
then ok "psim keys lists $(wc -l <"$TMP/keys") key paths, each once"
else not_ok "psim keys lists key paths, each once" "$(sort "$TMP/keys" | uniq -d)"
fi
comm -23 "$TMP/keys-sorted" "$TMP/man-keys" >"$TMP/undocumented"
comm -13 "$TMP/keys-sorted" "$TMP/man-keys" >"$TMP/unknown"
if [ ! -s "$TMP/undocumented" ]; then
	ok "psim-scenario.5 documents every key path psim keys lists"
else
	not_ok "psim-scenario.5 documents every key path psim keys lists" \
	    "undocumented: $(tr '\n' ' ' <"$TMP/undocumented")"
fi
if [ ! -s "$TMP/unknown" ]; then
	ok "psim keys lists every key path psim-scenario.5 documents"
else
	not_ok "psim keys lists every key path psim-scenario.5 documents" \
	    "not a key: $(tr '\n' ' ' <"$TMP/unknown")"
fi


# psim(1)'s EXAMPLES, as the page has them: each ".Dl $ COMMAND", and each
# "$ COMMAND" of a literal display with the lines after it (continuations,
# a loop's body) up to the next "$ ".  Each runs in a scratch folder that
# has scenarios/ and platforms/ as in the tree, with psim on the PATH,
# and must exit 0, print to the standard output and nothing to the
# standard error, with every psim in it (a pipeline's too) exiting 0;
# then what its prose claims, where claims() knows how to check it.  An
# example that needs a program that is not installed (jq) is skipped.
EX=$TMP/examples
mkdir -p "$EX/run" "$TMP/bin"
ln -s "$SRCDIR/scenarios" "$EX/run/scenarios"
ln -s "$SRCDIR/platforms" "$EX/run/platforms"
awk -v dir="$EX" '
/^\.Sh / { on = ($0 == ".Sh EXAMPLES"); next }
!on { next }
/^\.Bd -literal/ { lit = 1; next }
/^\.Ed/ { lit = 0; next }
/^\.Dl \$ / { cmd[++n] = substr($0, 7); next }
lit && /^\$ / { cmd[++n] = substr($0, 3); next }
lit && n { cmd[n] = cmd[n] "\n" $0 }
END {
	for (i = 1; i <= n; i++) {
		gsub(/\\e/, "\\", cmd[i]); gsub(/\\-/, "-", cmd[i])
		gsub(/\\&/, "", cmd[i])
		print cmd[i] > (dir "/" i ".sh")
	}
}' "$MAN1"
# psim for the examples: the one under test, each failure written down
# (a pipeline's exit status is its last command's).
cat >"$TMP/bin/psim" <<'END'
#!/bin/sh
"$EXAMPLE_PSIM" "$@"
rc=$?
[ $rc -eq 0 ] || echo "psim $* exited $rc" >>"$EXAMPLE_FAILS"
exit $rc
END
chmod +x "$TMP/bin/psim"

# claims CMD OUT: what the page says example CMD gives, checked on its
# output OUT (and the files it writes); prints what is wrong.
claims() {
	case $1 in
	*--timeline*)
		f=$(printf '%s\n' "$1" | sed -n 's/.*--timeline \([^ ]*\).*/\1/p')
		if [ ! -s "$EX/run/$f" ]; then echo "it wrote no $f"; return; fi
		head -c 16 "$EX/run/$f" | grep -q '^{"traceEvents":\[' ||
			echo "$f is not trace-event JSON"
		r=$(printf '%s\n' "$1" | sed -n 's/.*--timeline-steps \([0-9]*\.\.[0-9]*\).*/\1/p')
		[ -n "$r" ] || return
		steps=$(grep -o '"step":[0-9]*' "$EX/run/$f" | sort -u -t: -k2n |
		    sed 's/.*://' | tr '\n' ' ')
		[ "$steps" = "$(seq -s ' ' "${r%..*}" "${r#*..}") " ] ||
			echo "$f has the events of steps $steps, not of $r" ;;
	*strategy.shards=*json*)
		# "the number of dedicated servers follows the number of shards"
		k=$(printf '%s\n' "$1" | sed -n 's/.*strategy\.shards=\([0-9]*\).*/\1/p')
		[ "$(json "$2" shards)" = "$k" ] && [ "$(json "$2" servers)" = "$k" ] ||
			echo "shards $(json "$2" shards), servers $(json "$2" servers): want $k and $k" ;;
	*network=ideal*)
		# "the simulation with the textbook formula exactly"
		gap=$(sed -n 's/^  analytic gap *//p' "$2")
		awk -v g="$gap" 'BEGIN { exit !(g != "" && g + 0 < 1e-9 && g + 0 > -1e-9) }' ||
			echo "analytic gap \"$gap\", not 0" ;;
	*jq*)
		# every figure asked for is there: a null is one the report has
		# not (the mlp's time_to_target_s if it never reached the loss)
		! grep -n 'null' "$2" || echo "a null in the output" ;;
	"psim validate"*)
		grep -q ': ok$' "$2" || echo "no \"FILE: ok\"" ;;
	"psim platform"*)
		grep -q '<platform version=' "$2" || echo "no SimGrid platform XML"
		g=$(printf '%s\n' "$1" | sed -n 's/.*switch_bw=\([0-9]*\)Gbps.*/\1/p')
		[ -z "$g" ] || grep -q "bb_bw=\"$((g * 125000000))Bps\"" "$2" ||
			echo "no $g Gbps backbone (bb_bw) in the XML" ;;
	"psim run")
		head -1 "$2" | grep -q '^seed-250m-10w-10g-ps8: ' ||
			echo "not the built-in seed scenario's text report" ;;
	"psim run "*.json)
		name=$(basename "${1##* }" .json)
		head -1 "$2" | grep -q "^$name: " ||
			echo "not $name's text report" ;;
	esac
}

i=1
while [ -f "$EX/$i.sh" ]; do
	cmd=$(cat "$EX/$i.sh")
	name="psim.1 EXAMPLES $i: $(head -1 "$EX/$i.sh" | sed 's/ *[\\|]$//')"
	need=""
	for tool in jq gnuplot; do
		case $cmd in *"$tool "*|*"$tool") command -v $tool >/dev/null 2>&1 ||
			need="$need $tool";; esac
	done
	if [ -n "$need" ]; then
		skip "$name" "needs$need, not installed"
		i=$((i + 1)); continue
	fi
	: >"$EX/fails"
	(cd "$EX/run" && PATH=$TMP/bin:$PATH EXAMPLE_PSIM=$PSIM \
	    EXAMPLE_FAILS=$EX/fails sh "$EX/$i.sh" >"$EX/$i.out" 2>"$EX/$i.err")
	rc=$?
	if [ $rc -ne 0 ]; then why="exit status $rc"
	elif [ -s "$EX/fails" ]; then why=$(cat "$EX/fails")
	elif [ -s "$EX/$i.err" ]; then why="error output"
	elif [ ! -s "$EX/$i.out" ]; then why="no output"
	else why=$(claims "$cmd" "$EX/$i.out")
	fi
	if [ -z "$why" ]; then ok "$name"
	else not_ok "$name" "$(printf '%s\n%s\n' "$cmd" "$why"
	    head -20 "$EX/$i.err")"; fi
	i=$((i + 1))
done
check "psim.1 has EXAMPLES to run ($((i - 1)))" test $i -gt 1


# psim help COMMAND on a terminal opens psim(1) in less at COMMAND's
# entry through $LESS; with a space in its pattern (less splits $LESS at
# spaces) or a $ (which ends an option there), less 590 said "There is
# no -) option" (issue 38).  A fake man shows what psim hands it.
if command -v script >/dev/null 2>&1 &&
    [ "$(script -qc 'test -t 1 && echo tty' /dev/null </dev/null 2>/dev/null |
    tr -d '\r')" = tty ]; then
	mkdir -p "$TMP/bin"
	printf '#!/bin/sh\nprintf "LESS=[%%s]\\n" "$LESS"\n' >"$TMP/bin/man"
	chmod +x "$TMP/bin/man"
	for c in run transport keys; do
		PATH="$TMP/bin:$PATH" script -qc "\"$PSIM\" help $c" /dev/null \
		    </dev/null | tr -d '\r' >"$TMP/less.out"
		pat=$(sed -n 's/^LESS=\[\(.*\)\]$/\1/p' "$TMP/less.out")
		check "help $c: \$LESS opens psim(1) at $c" \
		    test -n "$pat" -a -z "$(printf '%s' "$pat" | tr -d -c ' $')"
		if command -v less >/dev/null 2>&1 && command -v col >/dev/null &&
		    MANWIDTH=80 man -l "$SRCDIR/man/psim.1" 2>/dev/null |
		    col -b >"$TMP/page.txt" && [ -s "$TMP/page.txt" ]; then
			printf q | LESS="$pat" script -qc \
			    "less -X '$TMP/page.txt'" /dev/null 2>&1 |
			    tr -d '\033' >"$TMP/less.screen"
			check "help $c: less takes it and finds the entry" sh -c \
			    "! grep -aq 'There is no\\|Pattern not found' '$TMP/less.screen' &&
			    grep -aq '     $c' '$TMP/less.screen'"
		else
			skip "help $c: less takes it" "no less, col or man here"
		fi
	done
else
	skip "psim help on a terminal" "no script(1) or no pseudo-terminal here"
fi

# Every all-reduce algorithm of the registry (src/model/strategies.def,
# lib.sh's strategies), and none other, in the places the docs list them
# (issue 34: a new algorithm was three hand edits of lists): the
# algorithm key's list and the STRATEGIES section of psim-scenario(5),
# psim(1)'s DESCRIPTION, the README's list of keys.
strategies FAMILY_ALLREDUCE | sort >"$TMP/algos"
awk '/^\.It Cm algorithm Pq/ { on = 1; next } on && /required there:$/ { list = 1; next }
    on && (/^\.It / || /^A parameter server takes no algorithm/) { exit }
    list && /^\.Cm [a-z0-9-]+ ?[,.]?$/ { print $2 }' "$MAN5" | sort >"$TMP/key"
check "psim-scenario(5)'s algorithm key lists the registry's algorithms" \
    cmp -s "$TMP/algos" "$TMP/key"
for a in $(cat "$TMP/algos"); do
	check "psim-scenario(5) STRATEGIES: an entry for $a" \
	    grep -qx "\.It Cm $a" "$MAN5"
done
sed -n 's/.*; \(ring, [a-z0-9, -]*\) all-reduce; or an \(all-to-all\) exchange.*/\1, \2/p' \
    "$MAN1" | sed 's/ or /, /g' | tr -d ' ' | tr ',' '\n' | sort >"$TMP/one"
check "psim(1)'s description names the registry's algorithms" \
    cmp -s "$TMP/algos" "$TMP/one"
awk '/^`algorithm` `ring`/ { on = 1 } on { print } on && /double-binary-tree`;/ { exit }' \
    "$SRCDIR/README.md" | tr '\n' ' ' | sed 's/`double-binary-tree`;.*/`double-binary-tree`/' |
    grep -o '`[a-z0-9-]*`' | tr -d '`' | grep -vx 'algorithm' | sort >"$TMP/readme"
check "the README's keys name the registry's algorithms" \
    cmp -s "$TMP/algos" "$TMP/readme"

done_testing
