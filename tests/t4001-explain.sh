#!/bin/sh
# psim explain: the seed answer's reasoning, with the seed's numbers:
# 72 Gbps for all-to-all, 8 and 10 Gbps for a PS over 8, 14.4 for ring.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios

"$PSIM" explain "$S/seed-250m-10w-10g-all-to-all.json" >"$TMP/a"
check "explain all-to-all: 250M x 4 bytes = 1 GB" \
    grep -q "^1\. The gradient: 250M parameters x 4 bytes (fp32) = 1 GB" "$TMP/a"
check "explain all-to-all: 9 GB each way" \
    grep -q "sends 9 GB and receives 9 GB per step" "$TMP/a"
check "explain all-to-all: 72 Gbps" grep -q "needs 72 Gbps" "$TMP/a"
"$PSIM" explain "$S/seed-250m-10w-10g-ps8.json" >"$TMP/p"
check "explain ps over 8: 8 Gbps per worker, 10 per server" \
    grep -q "a worker's NIC needs 8 Gbps and a server's 10 Gbps" "$TMP/p"
check "explain ps over 8: the servers' NICs saturate first" \
    grep -q "server 0's NIC saturates first" "$TMP/p"
"$PSIM" explain "$S/seed-250m-10w-10g-ring.json" >"$TMP/r"
check "explain ring: 14.4 Gbps" grep -q "needs 14.4 Gbps" "$TMP/r"
check "explain ring: simulated beside the formula, and why they differ" \
    grep -q "^6\. Why they differ (+[0-9.]*%):$" "$TMP/r"
check "explain ring: the gap is the realistic network's" \
    grep -q "^ *+[0-9.]*  the realistic network (LV08" "$TMP/r"
"$PSIM" explain --set network=ideal "$S/seed-250m-10w-10g-ring.json" >"$TMP/i"
check "explain, ideal network: no difference to speak of" \
    grep -q "^6\. Why they differ ([-+]0\.0%)" "$TMP/i"
"$PSIM" explain --bogus >/dev/null 2>&1
check "explain: bad options exit 2" test $? -eq 2

# The gap, measured: each departure from the closed form taken away in
# turn.  Before, one fixed sentence per network model blamed LV08 for the
# straggler's +95%, the spot run's preemptions and even the async PS's
# -10%.  The parts add up to the gap, largest first.
gap_parts() {	# gap_parts FILE: "gap sum-of-parts largest-part-words"
	awk '/^6\. Why they differ/ { g = $5; gsub(/[(%):+]/, "", g) }
	    /^ +[-+][0-9.]+  / { sum += $1; if (!w) w = $2 " " $3 }
	    END { printf "%s %.1f %s", g, sum, w }' "$1"
}
# (a failed explain gives a gap of "" and parts adding up to 0.0: its
# status first, through save and ran)
save "$TMP/st" "$PSIM" explain "$S/straggler-ring.json"
set -- $(gap_parts "$TMP/st")
check "explain straggler-ring: the parts add up to the gap" \
    ran "$TMP/st" -- near "$2" "$1" 0.01
check "explain straggler-ring: the straggler comes first, not LV08" \
    test "$3 $4" = "stragglers and"
save "$TMP/sp" "$PSIM" explain "$S/spot-250m-10w-10g-ring.json"
set -- $(gap_parts "$TMP/sp")
check "explain spot ring: the parts add up to the gap" \
    ran "$TMP/sp" -- near "$2" "$1" 0.01
check "explain spot ring: the preemptions come first" test "$3" = "faults:"
"$PSIM" explain "$S/spot-250m-10w-10g-async-ps8.json" >"$TMP/as"
check "explain async spot PS: faults shorten its steps (a negative part)" \
    grep -q "^ *-[0-9.]*  faults:" "$TMP/as"
# The stragglers' part, against two plain runs on the ideal network: the
# step with them, less the step without them, over the closed form's.
save "$TMP/si" "$PSIM" explain --set network=ideal "$S/straggler-ring.json"
save "$TMP/s1" "$PSIM" run --format json --set network=ideal "$S/straggler-ring.json"
save "$TMP/s0" "$PSIM" run --format json --set network=ideal \
    --set 'cluster.slow_hosts=[]' "$S/straggler-ring.json"
want=$(awk -v a="$(json "$TMP/s1" step_time_s.mean)" \
    -v b="$(json "$TMP/s0" step_time_s.mean)" \
    -v c="$(json "$TMP/s1" analytic.step_time_s)" \
    'BEGIN { printf "%.1f", 100 * (a - b) / c }')
check "explain: the stragglers' part is the step they add ($want points)" \
    ran "$TMP/si" "$TMP/s1" "$TMP/s0" -- grep -q "^ *+$want  stragglers" "$TMP/si"

done_testing
