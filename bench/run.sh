#!/bin/sh
# bench/run.sh: psim's scale benchmark (see bench/README.md).
#
# For N in 16 64 256 1024 (and 4096 with BENCH_FULL=1) it runs
#   ring      psim, ring all-reduce of a 1 GB gradient (250M fp32) on a
#             star of 10 Gbps NICs
#   ps8       psim, the same gradient through an 8-shard parameter server
#             on 8 dedicated hosts
#   baseline  bench/baseline.c: bare SimGrid moving the ring's messages
# and a 25B-parameter ring at N=16, each under /usr/bin/time -f '%e %M',
# and writes the table into bench/RESULTS.md (between its bench:begin and
# bench:end markers; the rest of the file, the analysis, is kept).
#
# Environment:
#   BENCH_FULL=1      also N=4096 (hours for the ring: see BENCH_TIMEOUT)
#   BENCH_NS="16 64"  the worker counts, instead of the above
#   BENCH_REPEAT=R    runs per case, the minimum wall time is kept
#                     (default 3 below N=1024, 2 from N=1024 on)
#   BENCH_TIMEOUT=S   a case still running after S seconds is stopped and
#                     reported as not finished, with the peak memory it had
#                     reached (default 300)
#   BENCH_PROFILE=1   also perf-profile psim's ring at BENCH_PROFILE_N
#                     (default 1024) and add the top functions
#   BENCH_RESULTS=f   write the table into f, not bench/RESULTS.md
#   PSIM=path         the psim binary (default src/psim of the build)
#   CC                the compiler for baseline.c (default cc)
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
out=$here/out
results=${BENCH_RESULTS:-$here/RESULTS.md}
if [ -z "${PSIM:-}" ]; then
	if [ -x src/psim ]; then PSIM=$(pwd)/src/psim; else PSIM=$top/src/psim; fi
fi
ring_sc=$top/scenarios/seed-250m-10w-10g-ring.json
ps_sc=$top/scenarios/seed-250m-10w-10g-ps8.json
ns=${BENCH_NS:-16 64 256 1024}
[ "${BENCH_FULL:-0}" = 1 ] && [ -z "${BENCH_NS:-}" ] && ns="$ns 4096"
tmo=${BENCH_TIMEOUT:-300}

die() { echo "bench: $*" >&2; exit 1; }

[ -x "$PSIM" ] || die "no psim binary at $PSIM (make first, or set PSIM)"
if [ ! -x /usr/bin/time ]; then
	echo "bench: installing GNU time (Debian package 'time')" >&2
	{ apt-get update -qq && apt-get install -y -qq time; } >/dev/null ||
	    die "/usr/bin/time missing; apt-get install time"
fi
command -v timeout >/dev/null || die "timeout (coreutils) missing"
mkdir -p "$out" || die "cannot create $out"

# The baseline, built as its README says.
${CC:-cc} -O2 -o "$here/baseline" "$here/baseline.c" \
    $(pkg-config --cflags --libs simgrid) || die "baseline.c did not build"

# JSON report: simulation.messages and simulation.wall_s (engine seconds).
json_sim() {
	awk -v key="\"$2\":" '/"simulation"/ { s = 1 }
	    s && index($0, key) { gsub(/[",]/, "", $2); print $2; exit }' "$1"
}

# The engine seconds (simgrid_run) a run's output gives.
engine_of() {
	case $1 in
	baseline-*) awk '{ print $6 }' "$2" ;;
	*) json_sim "$2" wall_s ;;
	esac
}

lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# measure NAME REPEAT CMD...: runs CMD REPEAT times under /usr/bin/time,
# each run's stdout to $out/NAME.run, the fastest one's kept as
# $out/NAME.out; sets wall and eng (the minimum process and engine
# seconds over the runs, separately: the machine is shared), mem (peak
# RSS in MB, the largest seen) and ok (0 if a run failed or timed out,
# then wall is how long it had run).
measure() {
	name=$1 rep=$2
	shift 2
	wall= eng= mem=0 ok=1 i=0
	while [ "$i" -lt "$rep" ]; do
		i=$((i + 1))
		/usr/bin/time -f '%e %M' -o "$out/$name.time" \
		    timeout "$tmo" "$@" >"$out/$name.run" 2>"$out/$name.err"
		rc=$?
		# GNU time puts a note before the numbers of a failed child.
		w=$(tail -n 1 "$out/$name.time" | awk '{ print $1 }')
		m=$(tail -n 1 "$out/$name.time" | awk '{ print $2 }')
		m=$(awk -v k="$m" 'BEGIN { printf "%.1f", k / 1024 }')
		lt "$mem" "$m" && mem=$m
		if [ "$rc" -ne 0 ]; then
			ok=0 wall=$w
			echo "bench: $name: exit $rc after $w s" \
			    "(timeout $tmo s: 124)" >&2
			return
		fi
		e=$(engine_of "$name" "$out/$name.run")
		if [ -z "$wall" ] || lt "$w" "$wall"; then
			wall=$w
			cp "$out/$name.run" "$out/$name.out"
		fi
		if [ -z "$eng" ] || lt "$e" "$eng"; then eng=$e; fi
	done
}

rows=$out/rows.md
: >"$rows"
# row N CASE STEPS MESSAGES WALL ENGINE MEM RATIO_WALL RATIO_ENGINE
row() {
	mps=-
	if [ "$6" != - ]; then
		mps=$(awk -v m="$4" -v w="$5" 'BEGIN {
		    if (w > 0) printf "%.0f", m / w; else print "-" }')
	fi
	echo "| $1 | $2 | $3 | $4 | $5 | $6 | $7 | $mps | $8 | $9 |" >>"$rows"
	echo "bench: N=$1 $2: steps $3, $4 messages, $5 s ($6 s engine)," \
	    "$7 MB" >&2
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
	    if (a == "-" || b == "-" || b <= 0) print "-"
	    else printf "%.2f", a / b }'
}

# psim_case N CASE SCENARIO REPEAT STEPS WARMUP SETS...
psim_case() {
	n=$1 cs=$2 sc=$3 rep=$4 st=$5 wu=$6
	shift 6
	measure "psim-$cs-$n" "$rep" "$PSIM" run --format json \
	    --set placement.workers="$n" --set run.steps="$st" \
	    --set run.warmup="$wu" "$@" "$sc"
	if [ "$ok" = 1 ]; then
		msgs=$(json_sim "$out/psim-$cs-$n.out" messages)
		pwall=$wall
	else
		msgs=- eng=- pwall="> $wall (stopped)"
	fi
}

for n in $ns; do
	if [ "$n" -ge 1024 ]; then
		rep=${BENCH_REPEAT:-2} st=1 wu=0
	else
		rep=${BENCH_REPEAT:-3} st=2 wu=1
	fi

	# The baseline with the SimGrid options psim uses (src/engine/sim-engine.c,
	# engine_init): the full solver on the realistic network, 32 KiB
	# actor stacks.
	measure "baseline-$n" "$rep" "$here/baseline" "$n" "$st" \
	    --cfg=network/optim:Full --cfg=contexts/stack-size:32
	if [ "$ok" = 1 ]; then
		set -- $(cat "$out/baseline-$n.out")
		bmsgs=$2 beng=$eng bwall=$wall bshow=$wall bmem=$mem bone=1
	else
		bmsgs=- beng=- bwall=- bshow="> $wall (stopped)" bmem=$mem
		bone=-
	fi

	psim_case "$n" ring "$ring_sc" "$rep" "$st" "$wu" \
	    --set strategy.name=allreduce --set strategy.algorithm=ring
	rw=$wall
	[ "$ok" = 1 ] || rw=-
	# A stopped ring: the messages it would have moved.
	want="($((n * 2 * (n - 1) * st)) due)"
	[ "$msgs" = - ] && msgs=$want
	[ "$bmsgs" = - ] && bmsgs=$want
	row "$n" "psim ring" "$st" "$msgs" "$pwall" "$eng" "$mem" \
	    "$(ratio "$rw" "$bwall")" "$(ratio "$eng" "$beng")"
	row "$n" "baseline ring" "$st" "$bmsgs" "$bshow" "$beng" "$bmem" \
	    "$bone" "$bone"

	psim_case "$n" ps8 "$ps_sc" "$rep" "$st" "$wu" \
	    --set strategy.name=ps --set strategy.shards=8 \
	    --set placement.servers=8
	row "$n" "psim ps8" "$st" "$msgs" "$pwall" "$eng" "$mem" - -

	# The same ring on the "ideal" network (no reverse cross-traffic, so
	# each flow is its own max-min component): psim, and the baseline
	# with the SimGrid options psim uses for it (src/engine/sim-engine.c).
	measure "baseline-ideal-$n" "$rep" "$here/baseline" "$n" "$st" \
	    --cfg=network/model:CM02 --cfg=network/latency-factor:1 \
	    --cfg=network/bandwidth-factor:1 --cfg=network/crosstraffic:0 \
	    --cfg=network/TCP-gamma:1e300 --cfg=contexts/stack-size:32
	if [ "$ok" = 1 ]; then
		set -- $(cat "$out/baseline-ideal-$n.out")
		bmsgs=$2 beng=$eng bwall=$wall bshow=$wall bmem=$mem bone=1
	else
		bmsgs=- beng=- bwall=- bshow="> $wall (stopped)" bmem=$mem
		bone=-
	fi
	psim_case "$n" ring-ideal "$ring_sc" "$rep" "$st" "$wu" \
	    --set strategy.name=allreduce --set strategy.algorithm=ring \
	    --set network=ideal
	rw=$wall
	[ "$ok" = 1 ] || rw=-
	row "$n" "psim ring, ideal" "$st" "$msgs" "$pwall" "$eng" "$mem" \
	    "$(ratio "$rw" "$bwall")" "$(ratio "$eng" "$beng")"
	row "$n" "baseline ring, ideal" "$st" "$bmsgs" "$bshow" "$beng" \
	    "$bmem" "$bone" "$bone"
done

# Virtual payloads: 100x the parameters, same messages, same memory.
psim_case 16 ring-25B "$ring_sc" "${BENCH_REPEAT:-3}" 2 1 \
    --set strategy.name=allreduce --set strategy.algorithm=ring \
    --set model.params=25B
row 16 "psim ring, 25B params (100 GB)" 2 "$msgs" "$pwall" "$eng" "$mem" \
    - -

# The profile: self time grouped by what it is, then the top functions.
prof=$out/profile.md
: >"$prof"
if [ "${BENCH_PROFILE:-0}" = 1 ]; then
	pn=${BENCH_PROFILE_N:-1024}
	if perf record -e cpu-clock -g -o "$out/perf.data" "$PSIM" run \
	    --format json --set placement.workers="$pn" --set run.steps=1 \
	    --set run.warmup=0 "$ring_sc" >/dev/null 2>"$out/perf.err"; then
		perf report -i "$out/perf.data" --no-children \
		    -F overhead,dso,sym --stdio -g none 2>/dev/null |
		    grep -E '^ +[0-9]' | sed 's/ *$//' >"$out/perf.txt"
		{
			echo
			echo "perf record -e cpu-clock -g, psim ring at N=$pn," \
			    "1 step; self time by group:"
			echo
			echo '| group | share |'
			echo '|---|---|'
			awk '{
			    p = $1; sub(/%/, "", p); d = $2
			    sym = $0; sub(/^.*\[[.k]\] /, "", sym)
			    if (d == "psim" && sym ~ /^(route_get|metrics_)/)
				g = "psim ledger (metrics.c: route_get, metrics_received, metrics_sent)"
			    else if (d == "psim")
				g = "psim, the rest (strategy, the engine)"
			    else if (sym ~ /lmm::/)
				g = "SimGrid max-min solver (kernel::lmm)"
			    else if (sym ~ /ActionHeap|next_occurring_event_lazy/)
				g = "SimGrid action heap (ActionHeap, next_occurring_event_lazy)"
			    else if (d ~ /simgrid/ && sym ~ /^0x/)
				g = "SimGrid, unresolved addresses (see the analysis)"
			    else if (sym ~ /resource::Action::/)
				g = "SimGrid action bookkeeping (resource::Action)"
			    else if (sym ~ /[Cc]ontext/)
				g = "context switches (kernel::context, raw_swapcontext)"
			    else if (d ~ /^libc/ && sym ~ /malloc|free|unlink_chunk|consolidate/)
				g = "malloc/free (libc)"
			    else if (d ~ /simgrid/)
				g = "SimGrid, the rest (s4u, activities, simcalls, routing)"
			    else if (d ~ /stdc\+\+/)
				g = "C++ runtime (libstdc++: dynamic_cast, ...)"
			    else
				g = "other (kernel, loader, libc, libm)"
			    share[g] += p
			} END {
			    for (g in share)
				if (share[g] >= 0.05)
				    printf "| %s | %.1f%% |\n", g, share[g]
			}' "$out/perf.txt" | sort -t'|' -k3 -rn
			echo
			echo "Top functions (self):"
			echo
			echo '```'
			head -n 20 "$out/perf.txt"
			echo '```'
		} >"$prof"
	else
		echo "bench: perf record failed; see $out/perf.err" >&2
	fi
fi

gen=$out/generated.md
{
	echo '<!-- bench:begin: written by bench/run.sh, do not edit -->'
	echo "Run $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) cores," \
	    "SimGrid $(pkg-config --modversion simgrid)," \
	    "psim $(git -C "$top" rev-parse --short HEAD 2>/dev/null ||
	    echo '?')."
	echo "Wall: /usr/bin/time %e of the whole process; engine:" \
	    "simgrid_run alone (psim's simulation.wall_s, the baseline's own" \
	    "clock); both the minimum over the repeats; peak: %M, the" \
	    "largest.  Steps: 2 with 1 warm-up below N=1024, 1 step from" \
	    "N=1024 on; messages/s from the process wall time; ratios of" \
	    "psim's ring to the baseline.  A case stopped at the timeout" \
	    "($tmo s) shows how long it ran, the messages a full run would" \
	    "move and the memory it had reached."
	echo
	echo '| N | case | steps | messages | wall s | engine s | peak MB |' \
	    'messages / wall s | psim/baseline wall | psim/baseline engine |'
	echo '|---|---|---|---|---|---|---|---|---|---|'
	cat "$rows"
	cat "$prof"
	echo '<!-- bench:end -->'
} >"$gen"

if [ -f "$results" ] && grep -q '^<!-- bench:begin' "$results" &&
    grep -q '^<!-- bench:end' "$results"; then
	awk -v gen="$gen" '
	    /^<!-- bench:begin/ { while ((getline l < gen) > 0) print l; skip = 1; next }
	    /^<!-- bench:end/ { skip = 0; next }
	    !skip' "$results" >"$results.tmp" && mv "$results.tmp" "$results"
else
	{ echo '# psim scale benchmark: results'; echo; cat "$gen"; } \
	    >"$results"
fi
echo "bench: results in $results" >&2
