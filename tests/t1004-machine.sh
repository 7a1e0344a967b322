#!/bin/sh
# cluster.machine (psim-scenario(5), HOST COSTS; issue 35, item 3): GPUs
# behind PCIe switches that share one uplink to their CPU socket, two
# sockets joined by a link, the NIC under a switch or at a socket.
# Checked against steps and link loads worked out by hand from the
# machines' rows, the closed form against the simulation, --nominal
# against a flat machine, and the refusals.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"

# 100 MB of gradient (25M parameters), 1 s of compute, ideal network.
scen() {	# scen FILE MACHINE WORKERS ALGORITHM NIC
	cat >"$1" <<EOT
{ "model": { "params": 25000000, "compute": "1s" },
  "cluster": { "machine": "$2", "nic": "$5", "latency": "0s",
               "intra_latency": "0s" },
  "placement": { "workers": $3 },
  "strategy": { "name": "allreduce", "algorithm": "$4" },
  "network": "ideal", "run": { "steps": 3, "warmup": 1 } }
EOT
}
run() {	# run NAME SCENARIO SET...: the JSON report into $TMP/NAME.json
	r_n=$1; shift
	save "$TMP/$r_n.json" "$PSIM" run --format json "$@"
}
step() { json "$TMP/$1.json" step_time_s.mean; }
comm() { json "$TMP/$1.json" breakdown_s.communication; }
# link NAME LINK: the bytes a step put on LINK (the report's total over
# its 3 steps)
link() {
	awk -v l="$2" 'index($0, "{\"name\": \"" l "\", \"bytes\": ") {
		sub(/.*"bytes": /, ""); sub(/,.*/, ""); print $0 / 3; f = 1 }
	END { if (!f) print "none" }' "$TMP/$1.json"
}
# The machines' rows, as hardware.def has them (bytes/s).
row() { awk -v m="\"$1\"" -v f="$2" '$1 == "MACHINE(" m "," {
	gsub(/,/, ""); print $(f + 1) }' "$SRCDIR/src/model/hardware.def"; }
DIE=$(row p2.8xlarge 4) BOARD=$(row p2.8xlarge 5)
PCI=$(row pcie-8gpu-2switch 4) QPI=$(row pcie-8gpu-2switch 6)
check "p2.8xlarge's row read" test "$DIE" = 12.37e9 -a "$BOARD" = 11.596e9
check "pcie-8gpu-2switch's row read" test "$PCI" = 12e9 -a "$QPI" = 8e9

# One p2.8xlarge, all-to-all: every die sends its 100 MB to each of the 7
# others.  A board's uplink carries its 2 dies' sends to the 6 dies off
# the board, 1.2 GB each way; a die's own link 700 MB.  The uplinks bind:
# 1.2 GB at the board's rate.
scen "$TMP/a.json" p2.8xlarge 8 all-to-all 10Gbps
run a2a "$TMP/a.json"
run a2a-flat "$TMP/a.json" --nominal
WANT=$(awk -v b="$BOARD" 'BEGIN { printf "%.12g", 1.2e9 / b }')
check_near "all-to-all on a p2.8xlarge: the boards' uplinks, by hand" \
    "$(comm a2a)" "$WANT" 1e-6
check_near "all-to-all: the closed form loads the same links" \
    "$(json "$TMP/a2a.json" analytic.step_time_s)" "$(step a2a)" 1e-9
check_near "all-to-all: a board's uplink carries 1.2 GB up a step" \
    "$(link a2a host-0-sw-1-up_UP)" 1.2e9 1e-9
check_near "all-to-all: and 1.2 GB down" \
    "$(link a2a host-0-sw-3-up_DOWN)" 1.2e9 1e-9
check_near "all-to-all: the NIC carries nothing (one machine)" \
    "$(link a2a host-0-nic_UP)" 0 0
WANT=$(awk -v d="$DIE" 'BEGIN { printf "%.12g", 700e6 / d }')
check_near "--nominal: one flat switch, each die's link binds" \
    "$(comm a2a-flat)" "$WANT" 1e-6
check "--nominal: no switch uplink left" ran "$TMP/a2a-flat.json" -- \
    test "$(link a2a-flat host-0-sw-0-up_UP)" = none

# One pcie-8gpu-2switch, ring 0..7: hop 3 -> 4 climbs switch 0's uplink,
# crosses the sockets up and comes down switch 1's; hop 7 -> 0 the
# other way.  Every hop carries a 12.5 MB chunk in each of the 14 rounds;
# the sockets' link (8 GB/s) binds.
scen "$TMP/r.json" pcie-8gpu-2switch 8 ring 100Gbps
run ring "$TMP/r.json"
WANT=$(awk -v q="$QPI" 'BEGIN { printf "%.12g", 14 * 12.5e6 / q }')
check_near "ring on one pcie-8gpu-2switch: the sockets' link, by hand" \
    "$(json "$TMP/ring.json" analytic.communication_s)" "$WANT" 1e-9
check_near "ring: the simulation within 2% of it" "$(comm ring)" \
    "$WANT" 0.02
for l in host-0-sockets_UP host-0-sockets_DOWN host-0-sw-0-up_UP \
    host-0-sw-0-up_DOWN host-0-sw-1-up_UP host-0-sw-1-up_DOWN; do
	check_near "ring: $l carries one hop, 175 MB a step" \
	    "$(link ring "$l")" 175e6 1e-9
done

# Two of them, 16 GPUs: the NIC sits under switch 0, so hop 7 -> 8
# climbs switch 1's uplink, crosses the sockets down, comes down switch
# 0's and leaves by the NIC, and arrives on machine 1's switch 0 with no
# uplink.  Each link carries one hop of 30 chunks of 6.25 MB: 187.5 MB.
scen "$TMP/two.scen" pcie-8gpu-2switch 16 ring 100Gbps
run two "$TMP/two.scen"
for l in host-0-nic_UP host-1-nic_DOWN host-0-sockets_DOWN \
    host-0-sw-0-up_DOWN host-0-sw-1-up_UP host-1-sockets_UP; do
	check_near "two machines: $l carries one hop, 187.5 MB a step" \
	    "$(link two "$l")" 187.5e6 1e-9
done
WANT=$(awk -v q="$QPI" 'BEGIN { printf "%.12g", 30 * 6.25e6 / q }')
check_near "two machines: the closed form, by hand" \
    "$(json "$TMP/two.json" analytic.communication_s)" "$WANT" 1e-9
check_near "two machines: the simulation within 2%" "$(comm two)" \
    "$WANT" 0.02

# Every strategy: the closed form follows the simulation on the machine
# (every all-reduce algorithm, and the PS with servers on CPU hosts).
for a in $(strategies FAMILY_ALLREDUCE); do
	scen "$TMP/s.json" pcie-8gpu-2switch 16 "$a" 10Gbps
	run "s-$a" "$TMP/s.json"
	check_near "$a on two machines: the closed form within 0.5%" \
	    "$(json "$TMP/s-$a.json" analytic.step_time_s)" \
	    "$(step "s-$a")" 0.005
done
scen "$TMP/ps.scen" p2.8xlarge 16 ring 10Gbps
sed 's/"name": "allreduce", "algorithm": "ring"/"name": "ps", "shards": 2/
    s/"workers": 16/"workers": 16, "servers": 2/' "$TMP/ps.scen" \
    >"$TMP/ps2.scen"
run ps "$TMP/ps2.scen"
check_near "ps with 2 servers: the closed form within 0.5%" \
    "$(json "$TMP/ps.json" analytic.step_time_s)" "$(step ps)" 0.005

# The report says which machine it is.
"$PSIM" run "$TMP/r.json" >"$TMP/r.txt" 2>&1
check "the text names the machine and its switches" grep -q \
    "1 pcie-8gpu-2switch machine of 8 GPUs (2 PCIe switches of 4" \
    "$TMP/r.txt"

# Refusals: exit 2, one line naming the key.
bad() {	# bad NAME WANT CLUSTER-KEYS
	printf '{ "model": { "params": 1000, "compute": "1s" },\n'`
	`'"cluster": { "nic": "10Gbps", %s }, "placement": { "workers": 8 },\n'`
	`'"strategy": { "name": "allreduce", "algorithm": "ring" } }\n' \
	    "$3" >"$TMP/bad.json"
	refused "$1" "$2" "$TMP/bad.json"
}
bad "an unknown machine" '/cluster/machine: expected a machine (p2.8xlarge, pcie-8gpu-2switch), got "dgx-9"' \
    '"machine": "dgx-9"'
bad "a machine that is a number" '/cluster/machine: expected a machine' \
    '"machine": 8'
bad "intra_bw with a machine" '/cluster/intra_bw: not used with "machine"' \
    '"machine": "p2.8xlarge", "intra_bw": "10Gbps"'
bad "gpus_per_host other than the machine's" \
    '/cluster/gpus_per_host: expected 8, the GPUs of machine "p2.8xlarge"' \
    '"machine": "p2.8xlarge", "gpus_per_host": 4'
bad "a machine on two-tier" '/cluster/machine: multi-GPU hosts are modelled on a star only' \
    '"machine": "p2.8xlarge", "topology": "two-tier", "racks": 1'
done_testing
