#!/bin/sh
# The closed form on a platform file of one's own follows the real routes:
# each round of flows is charged its busiest link (NIC, backbone,
# inter-rack link; split-duplex, shared or fat pipe), and on the ideal
# network the simulation shares links fairly whatever the routes'
# latencies, so the two agree.  platforms/lab-2x4.xml: two racks of four
# 25 Gbps hosts, 100 Gbps shared backbones, a 40 Gbps split-duplex link
# between the racks; a 1 GB gradient, 200 ms of compute.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios P=$SRCDIR/platforms

run() {	# run OUT PLATFORM [--set ...]: the lab ring scenario on PLATFORM
	out=$1 plat=$2; shift 2
	"$PSIM" run --format json --set network=ideal \
	    --set cluster.platform="\"$plat\"" "$@" "$S/lab-2x4-ring.json" \
	    >"$TMP/$out.json" 2>"$TMP/$out.err"
}
agree() {	# agree NAME OUT WANT: simulated and closed form = WANT
	check_near "$1: simulated step" \
	    "$(json "$TMP/$2.json" step_time_s.mean)" "$3" 0.001
	check_near "$1: closed-form step" \
	    "$(json "$TMP/$2.json" analytic.step_time_s)" "$3" 0.001
}
paced() {	# paced NAME OUT REGEX: what the closed form names
	check "$1: paced by $3" \
	    grep -Eq "\"paced_by\": \"$3\"" "$TMP/$2.json"
}

# Ring: each of 14 rounds moves a 125 MB chunk per worker.  rack-a's
# backbone carries 3 rack-local chunks and the two that cross: 625 MB at
# 12.5 GB/s, 50 ms a round, over a NIC's 40.  Before, the closed form
# saw only worker 0's NIC (0.760 s), and CM02's latency-weighted sharing
# let the rack-local flows outrun the cross-rack ones (0.947 s).
run lab "$P/lab-2x4.xml"
agree "lab ring" lab "$(awk 'BEGIN { print 0.2 + 14 * 0.05 }')"
paced "lab ring" lab "link rack-[ab]_backbone"

# All-to-all: rack-a's backbone carries 12 local and 32 crossing 1 GB
# flows, 44 GB at 12.5 GB/s = 3.52 s (the inter-rack link 16 GB at 5 GB/s
# = 3.2 s, a NIC 7 GB at 3.125 GB/s = 2.24 s).
run a2a "$P/lab-2x4.xml" --set strategy.algorithm=all-to-all
agree "lab all-to-all" a2a 3.72
paced "lab all-to-all" a2a "link rack-[ab]_backbone"

# PS sharded over the 8 workers: each phase, rack-a's backbone carries 12
# local and 32 crossing 125 MB shards, 5.5 GB: 0.44 s a phase.
run colo "$P/lab-2x4.xml" --set 'strategy={"name":"ps","shards":8,"colocate":true}'
agree "lab ps, 8 colocated shards" colo 1.08

# PS on 2 dedicated servers (node-5, node-6 in rack b) for 4 workers in
# rack a: all 4 x 2 pushes of 500 MB leave rack a over the 40 Gbps link,
# 4 GB at 5 GB/s = 0.8 s a phase (a server's NIC: 2 GB in 0.64 s).
run ps2 "$P/lab-2x4.xml" --set 'strategy={"name":"ps","shards":2}' \
    --set placement.workers=4 --set placement.servers=2
agree "lab ps, 2 servers" ps2 1.8
paced "lab ps, 2 servers" ps2 "link inter-rack_(UP|DOWN)"

# Each other algorithm: the closed form and the simulation within 1%.
for alg in $(strategies FAMILY_ALLREDUCE | grep -vx -e ring -e all-to-all); do
	run "$alg" "$P/lab-2x4.xml" --set strategy.algorithm=$alg
	check_near "lab $alg: simulated within 1% of the closed form" \
	    "$(json "$TMP/$alg.json" step_time_s.mean)" \
	    "$(json "$TMP/$alg.json" analytic.step_time_s)" 0.01
done

# Fat-pipe backbones bind no one: a round is a NIC's 40 ms.
sed 's/router_id=/bb_sharing_policy="FATPIPE" router_id=/' \
    "$P/lab-2x4.xml" >"$TMP/fat.xml"
run fat "$TMP/fat.xml"
agree "fat-pipe backbones" fat 0.76
paced "fat-pipe backbones" fat "worker [0-7]'s NIC"

# Shared (not split-duplex) NICs carry a host's chunk out and the one in:
# 250 MB at 3.125 GB/s, 80 ms a round.
sed 's/lat="2us" sharing_policy="SPLITDUPLEX"/lat="2us" sharing_policy="SHARED"/' \
    "$P/lab-2x4.xml" >"$TMP/shared.xml"
run shared "$TMP/shared.xml"
agree "shared NICs" shared 1.32
paced "shared NICs" shared "worker [0-7]'s NIC"

# A 10 Gbps link between the racks: one chunk each way, 100 ms a round.
sed 's/bandwidth="40Gbps"/bandwidth="10Gbps"/' "$P/lab-2x4.xml" \
    >"$TMP/slow.xml"
run slow "$TMP/slow.xml"
agree "10 Gbps between racks" slow 1.6
paced "10 Gbps between racks" slow "link inter-rack_(UP|DOWN)"

# Latency still counts: SimGrid's latency factor is 0 on this network, and
# psim pays each route's latency.  A 4 KB gradient: every ring round has a
# flow between the racks, 2+1+5+1+2 = 11 us, and 512 B chunks take well
# under a microsecond, so 14 rounds take about 14 x 11 us.
run tiny "$P/lab-2x4.xml" --set model.params=1K
check_near "tiny gradient: 14 route latencies of communication" \
    "$(json "$TMP/tiny.json" breakdown_s.communication)" 0.000154 0.05
check_near "tiny gradient: the closed form agrees" \
    "$(json "$TMP/tiny.json" breakdown_s.communication)" \
    "$(json "$TMP/tiny.json" analytic.communication_s)" 0.05
check "tiny gradient: the latency term dominates" \
    grep -q '"dominant_term": "latency"' "$TMP/tiny.json"

# On a generated two-tier cluster too, a tree's levels and halving's
# steps need not wait for each other: a flow starts when its two workers
# are free (analytic_round_schedule).  Summing whole rounds, the closed
# form was 5.6% above the simulated binomial tree over 3 racks at 4:1 and
# 6.2% above halving-doubling at 8:1.
for v in "binomial-tree 4 0.001" "halving-doubling 8 0.015" \
    "halving-doubling 4 0.01"; do
	set -- $v
	"$PSIM" run --format json --set network=ideal \
	    --set cluster.topology=two-tier --set cluster.racks=3 \
	    --set cluster.oversubscription=$2 --set strategy.algorithm=$1 \
	    "$S/seed-250m-10w-10g-ring.json" >"$TMP/tt.json"
	check_near "two-tier, 3 racks at $2:1, $1: the closed form" \
	    "$(json "$TMP/tt.json" analytic.step_time_s)" \
	    "$(json "$TMP/tt.json" step_time_s.mean)" $3
done

done_testing
