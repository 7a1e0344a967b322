#!/bin/sh
# t0009-completion.sh: psim keys is the parser's own list, and the bash
# completion (completion/psim.bash) completes from it.
#
# The list cannot drift: for every object psim keys lists keys of (the
# top level, model, jobs.N, ...), psim validate with an unknown key in
# it says the keys the parser expects there, and they are the ones
# listed; a listed key with no keys of its own given one is no unknown
# key (the parser reads no keys in it); and each key psim keys --values
# gives values to refuses a wrong value with exactly those values.  (t0002
# checks the list against psim-scenario.5.)
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

Z=zzzzzzzz	# no key's or value's name is near it (no did-you-mean)
for what in "" --values; do
	if ! "$PSIM" keys $what >"$TMP/keys$what" 2>"$TMP/err" ||
	    [ ! -s "$TMP/keys$what" ]; then
		not_ok "psim keys $what" "$(cat "$TMP/err")"
	fi
done
mv "$TMP/keys--values" "$TMP/values"

# The objects: every listed path's parent ("" the top level).
sed -n 's/\.[^.]*$//p' "$TMP/keys" | sort -u >"$TMP/objects"
{ echo; cat "$TMP/objects"; } >"$TMP/objects-all"

# prefix PATH: in $args the --set arguments that make PATH's arrays (N:
# their element 0) and PATH itself (an empty object) exist, and in $at
# PATH with its indices as 0; nothing for the top level.
prefix() {
	args="" at=""
	rest=$1
	while [ -n "$rest" ]; do
		c=${rest%%.*}
		[ "$c" = "$rest" ] && rest="" || rest=${rest#*.}
		if [ "$c" = N ]; then
			args="$args -s $at=[{}]"
			c=0
		fi
		at=${at:+$at.}$c
	done
	[ -n "$at" ] && args="$args -s $at={}"
}

# The keys the parser takes in each object, from its unknown-key error,
# against psim keys' keys of it; each listed key without keys of its own
# (a leaf) given a key: no unknown-key error.  On the seed, the top level
# on a file of jobs (whose list is the whole top level).
jobs=$SRCDIR/scenarios/jobs-ps-beside-ring.json
bad=""
leaves=""
nobj=0
while IFS= read -r obj; do
	nobj=$((nobj + 1))
	prefix "$obj"
	dot=${at:+$at.}
	slash=$(echo "/$at" | tr . /)
	slash=${slash%/}
	grep -E "^${obj:+$(echo "$obj" | sed 's/\./\\./g')\\.}[^.]+\$" \
	    "$TMP/keys" | sed 's/.*\.//' | sort >"$TMP/listed"
	sets=""
	while read -r k; do
		grep -q "^$obj${obj:+.}$k\." "$TMP/keys" && continue
		sets="$sets -s $dot$k.$Z=1"
	done <"$TMP/listed"
	file=""
	[ -z "$obj" ] && file=$jobs
	# shellcheck disable=SC2086
	"$PSIM" validate $args -s "$dot$Z=1" ${file:+"$file"} \
	    >/dev/null 2>"$TMP/err"
	# (the first: a file of jobs says it again for each job, without jobs)
	sed -n "s|^psim: [^:]*: $slash/$Z: unknown key \"$Z\"; expected one of: ||p" \
	    "$TMP/err" | head -1 | tr ',' '\n' | tr -d ' ' | sort >"$TMP/parser"
	if [ ! -s "$TMP/parser" ] || ! cmp -s "$TMP/listed" "$TMP/parser"; then
		bad="$bad
${obj:-(top)}: listed $(tr '\n' ' ' <"$TMP/listed"), parser $(tr '\n' ' ' <"$TMP/parser")"
	fi
	# (apart: an object may take one key only, compute_jitter)
	# shellcheck disable=SC2086
	"$PSIM" validate $args $sets ${file:+"$file"} >/dev/null 2>"$TMP/err"
	leaves="$leaves$(grep ": $slash/[^/]*/$Z: unknown key" "$TMP/err")"
done <"$TMP/objects-all"
if [ -z "$bad" ]; then ok "each of the $nobj objects: its keys listed are the parser's"
else not_ok "each object: its keys listed are the parser's" "$bad"; fi
if [ -z "$leaves" ]; then ok "the parser reads no keys in a listed key with none listed"
else not_ok "the parser reads no keys in a listed key with none listed" "$leaves"; fi

# Each value list, from the parser's error at a wrong value (in the
# setting where the parser reads the key).
bad=""
nval=0
for key in $(sed -n 's/=.*//p' "$TMP/values" | grep -v '\.N\.' | uniq); do
	nval=$((nval + 1))
	case $key in
	strategy.algorithm) ctx="-s strategy.name=allreduce" ;;
	cluster.intra_bw) ctx="-s cluster.gpus_per_host=2" ;;
	strategy.apply|strategy.optimizer)
		ctx="-s strategy.server_cpu=e5-2697v4" ;;
	network.*) ctx="-s network={}" ;;
	*) ctx="" ;;
	esac
	# shellcheck disable=SC2086
	"$PSIM" validate $ctx -s "$key=$Z" >/dev/null 2>"$TMP/err"
	grep "^psim: [^:]*: /$(echo "$key" | tr . /): " "$TMP/err" | sed \
	    -e 's/.*expected one of //' \
	    -e 's/.*expected true or false.*/true, false/' \
	    -e 's/.* a link (\(.*\)), got .*/\1/' \
	    -e 's/.* a machine (\(.*\)), got .*/\1/' \
	    -e 's/.* a processor (\(.*\)), got .*/\1/' \
	    -e 's/.* a transport[a-z ]* (\(.*\)), got .*/\1/' \
	    -e 's/.*expected "\(none\)", a published spread (\(.*\)), {.*/\1, \2/' |
	    tr ',' '\n' | tr -d ' ' >"$TMP/parser"
	sed -n "s/^$key=//p" "$TMP/values" >"$TMP/listed"
	if [ ! -s "$TMP/parser" ] || ! cmp -s "$TMP/listed" "$TMP/parser"; then
		bad="$bad
$key: listed $(tr '\n' ' ' <"$TMP/listed"), parser $(tr '\n' ' ' <"$TMP/parser")"
	fi
done
if [ -z "$bad" ]; then ok "each of the $nval lists of values is the parser's"
else not_ok "each list of values is the parser's" "$bad"; fi
sed 's/=.*//' "$TMP/values" | uniq | while read -r key; do
	grep -qxF "$key" "$TMP/keys" || echo "$key"
done >"$TMP/unlisted"
if [ ! -s "$TMP/unlisted" ]; then ok "psim keys --values gives values to listed keys only"
else not_ok "psim keys --values gives values to listed keys only" "$(cat "$TMP/unlisted")"; fi

# The completion, in plain bash (no bash-completion), with this build's
# psim first on PATH.
if ! command -v bash >/dev/null 2>&1; then
	skip "bash completion" "bash not installed"
	done_testing
	exit
fi
# completes LINE: the completions of LINE, the cursor at its end, one a
# line; COMP_WORDS as bash splits it (at "=" too).
completes() {
	(cd "$SRCDIR" && PATH="$(dirname "$PSIM"):$PATH" bash --norc \
	    --noprofile -c '
		. completion/psim.bash || exit 1
		type _init_completion >/dev/null 2>&1 && exit 1
		COMP_LINE=$1 COMP_POINT=${#1}
		read -r -a COMP_WORDS <<<"${1//=/ = }"
		[[ $1 == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_psim psim "${COMP_WORDS[COMP_CWORD]}" \
		    "${COMP_WORDS[COMP_CWORD - 1]}" || exit 1
		((${#COMPREPLY[@]})) && printf "%s\n" "${COMPREPLY[@]}"
		exit 0' sh "$1")
}
# completion NAME LINE WANT...: LINE completes to the WANTs, no other.
completion() {
	name=$1 line=$2
	shift 2
	printf '%s\n' "$@" | sort >"$TMP/want"
	if completes "$line" >"$TMP/got" 2>&1 &&
	    sort "$TMP/got" | cmp -s - "$TMP/want"
	then ok "$name"
	else not_ok "$name" "\"$line\": got $(tr '\n' ' ' <"$TMP/got"), want $*"; fi
}

completion "a key: psim run --set strategy.sh -> strategy.shards=" \
    "psim run --set strategy.sh" strategy.shards=
completion "a key after -s" "psim run -s run.ste" run.steps=
completion "a key after --set=" "psim validate --set=strategy.sh" \
    strategy.shards=
completion "a key after --vary" "psim sweep --vary placement.work" \
    placement.workers= placement.worker_hosts=
completion "a key after advise's --space" "psim advise --space cluster.ni" \
    cluster.nic=
completion "a key after cross's --key" "psim cross --key placement.ser" \
    placement.servers= placement.server_hosts=
completion "a key path one level at a time" "psim run -s faults.pre" \
    faults.preemption.
completion "an array's element by its index" \
    "psim run -s jobs.1.strategy.sh" jobs.1.strategy.shards=
completion "an array's element 0 when none is typed" "psim run -s jobs." \
    jobs.0.
completion "an enumerated value: strategy.sync=a -> async" \
    "psim run --set strategy.sync=a" async
completion "a value of a job's key" "psim run --set jobs.1.strategy.name=a" \
    allreduce
completion "a key that takes a value or an object" "psim run -s netw" \
    network= network.
completion "the commands: psim r -> run" "psim r" run
# shellcheck disable=SC2046
completion "every command" "psim " $("$PSIM" keys --commands)
completion "an option: psim sweep --v -> --vary" "psim sweep --v" --vary
completion "the help's command: psim help ru -> run" "psim help ru" run
completion "keys --options' command" "psim keys --options adv" advise
(cd "$SRCDIR" && ls scenarios/seed-250m-10w-10g-p*.json) >"$TMP/scen"
# shellcheck disable=SC2046
completion "a scenario file" "psim run scenarios/seed-250m-10w-10g-p" \
    $(cat "$TMP/scen")
completion "merge's folder" "psim merge scen" scenarios
completion "sweep's --out folder" "psim sweep -o platf" platforms
completion "run's --output file" "psim run -o READ" README.md
# (issue 38: these gave nothing)
completion "an option's values: --format" "psim run --format j" json
completion "an option's values after its short form" "psim run -f " \
    text json csv
completion "animate's --steps: ranges of steps in their form A..B" \
    "psim animate --steps " 0..0 0..4 0..9 0..49
completion "run's --timeline-steps: the same" \
    "psim run --timeline-steps 0..4" 0..4 0..49
completion "advise's --target: a figure and its comparison" \
    "psim advise -t good" "goodput<=" "goodput>="
# (the shipped ones: the source tree's, as t0010 has them)
PSIM_DATADIR=$SRCDIR completion "a shipped scenario by name" \
    "psim run seed-250m-10w-10g-ps" \
    seed-250m-10w-10g-ps-worker0 seed-250m-10w-10g-ps1 seed-250m-10w-10g-ps8
# One run of psim a TAB, whatever is completed (before: psim keys two or
# three times): a psim on PATH that counts its runs.
mkdir -p "$TMP/count"
printf '#!/bin/sh\necho "$*" >>"%s/runs"\nexec "%s" "$@"\n' "$TMP" "$PSIM" \
    >"$TMP/count/psim"
chmod +x "$TMP/count/psim"
for line in "psim run --set strategy.sh" "psim run --set strategy.sync=a" \
    "psim advise -t good" "psim run seed-" "psim keys --options adv" \
    "psim sweep --v" "psim r"; do
	: >"$TMP/runs"
	(cd "$SRCDIR" && PATH="$TMP/count:$PATH" bash --norc --noprofile -c '
		. completion/psim.bash || exit 1
		COMP_LINE=$1 COMP_POINT=${#1}
		read -r -a COMP_WORDS <<<"${1//=/ = }"
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_psim psim "${COMP_WORDS[COMP_CWORD]}" \
		    "${COMP_WORDS[COMP_CWORD - 1]}"' sh "$line") >/dev/null 2>&1
	check "\"$line\": one run of psim" test "$(wc -l <"$TMP/runs")" -eq 1
done

done_testing
