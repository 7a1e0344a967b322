#!/bin/sh
# Platforms: a user's SimGrid XML with named hosts, the generated
# two-tier cluster and its oversubscribed uplinks, psim validate and
# psim platform.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios D=$SRCDIR/tests/data

"$PSIM" run --format json "$D/user-platform.json" >"$TMP/u.json"
check "user platform: runs" test -s "$TMP/u.json"
check "user platform: the listed server host is used" \
    grep -q '"name": "node1.lab", "role": "server 0' "$TMP/u.json"
check "user platform: workers fill the other hosts in order" \
    grep -q '"name": "node2.lab", "role": "worker 0"' "$TMP/u.json"
# compute "2T" flops on 2 Tf hosts: 1 s; server NIC receives 3 GB at 1.25 GB/s.
check_near "user platform: compute from flops and host speed" \
    "$(json "$TMP/u.json" breakdown_s.compute)" 1 1e-9
check_near "user platform: 2 (alpha + 3 M / B)" \
    "$(json "$TMP/u.json" breakdown_s.communication)" 4.80002 1e-4
check_near "user platform: the closed form reads the platform's NIC" \
    "$(json "$TMP/u.json" analytic.communication_s)" 4.80002 1e-4

# The shipped example of one's own platform: two racks whose shared ToR
# backbones (100 Gbps for both directions of 4 hosts' rings) bind.
"$PSIM" run --format json "$S/lab-2x4-ring.json" >"$TMP/lab.json"
check "platforms/lab-2x4.xml: runs from scenarios/ with a relative path" \
    test "$(json "$TMP/lab.json" workers)" = 8
check "platforms/lab-2x4.xml: a rack backbone is the bottleneck" \
    grep -q '"resource": "rack-[ab]_backbone"' "$TMP/lab.json"
check "platforms/lab-2x4.xml: node-1 to node-8 in natural order" \
    grep -q '"name": "node-8", "role": "worker 7"' "$TMP/lab.json"

# Two racks behind 4:1 oversubscribed uplinks: all-to-all crosses them.
# Each rack of 5 sends 5 x 5 x 1 GB out over a 5 x 10 / 4 = 12.5 Gbps uplink.
"$PSIM" run --format json --set network=ideal --set cluster.topology=two-tier \
    --set cluster.racks=2 --set cluster.oversubscription=4 \
    "$S/seed-250m-10w-10g-all-to-all.json" >"$TMP/t.json"
check "two-tier: the uplink is the bottleneck" \
    test "$(json "$TMP/t.json" bottleneck.kind)" = switch
check "two-tier: it names the rack uplink" \
    grep -q '"resource": "rack-[01]-uplink' "$TMP/t.json"
check_near "two-tier: communication = 25 GB / 12.5 Gbps" \
    "$(json "$TMP/t.json" breakdown_s.communication)" 16 0.01
check "two-tier: the closed form is paced by a rack uplink" \
    test "$(json "$TMP/t.json" analytic.paced_by)" = "rack 0's uplink"
check_near "two-tier: the closed form sees the uplink too" \
    "$(json "$TMP/t.json" analytic.communication_s)" 16 0.001
# Ring over 3 racks (3, 3, 4 hosts) at 8:1: each rack's uplink carries one
# chunk of M/n each way per ring step, at 3 x 10 Gbps / 8 for the small racks.
"$PSIM" run --format json --set network=ideal --set cluster.topology=two-tier \
    --set cluster.racks=3 --set cluster.oversubscription=8 \
    "$S/seed-250m-10w-10g-ring.json" >"$TMP/r3.json"
want=$(awk 'BEGIN { printf "%.12g", 18 * (10e-6 + 1e8 / (3 * 1.25e9 / 8)) }')
# (workers away from the uplinks finish early: the step is the slowest's)
check_near "two-tier ring: step = 1 s + 2(n-1)(alpha + (M/n)/U)" \
    "$(json "$TMP/r3.json" step_time_s.mean)" \
    "$(awk -v w=$want 'BEGIN { print 1 + w }')" 0.01
check_near "two-tier ring: the closed form agrees" \
    "$(json "$TMP/r3.json" analytic.communication_s)" "$want" 0.001
"$PSIM" run --format json --set network=ideal --set cluster.topology=two-tier \
    --set cluster.racks=3 --set cluster.oversubscription=8 \
    "$S/seed-250m-10w-10g-ps8.json" >"$TMP/p3.json"
check_near "two-tier ps: simulated matches the closed form's uplink term" \
    "$(json "$TMP/p3.json" breakdown_s.communication)" \
    "$(json "$TMP/p3.json" analytic.communication_s)" 0.01
"$PSIM" run --format json --set network=ideal --set cluster.topology=two-tier \
    --set cluster.racks=2 "$S/seed-250m-10w-10g-ring.json" >"$TMP/r.json"
check_near "two-tier, 1:1: ring as fast as on a star" \
    "$(json "$TMP/r.json" breakdown_s.communication)" 1.44018 0.001

# A shared switch backplane slower than the NICs binds all-to-all.
"$PSIM" run --format json --set network=ideal --set cluster.switch_bw=20Gbps \
    --set placement.workers=4 "$S/seed-250m-10w-10g-all-to-all.json" >"$TMP/s.json"
check "switch backplane: the bottleneck is the switch" \
    test "$(json "$TMP/s.json" bottleneck.kind)" = switch
check_near "switch backplane: n(n-1)M / S = 12 GB / 2.5 GB/s" \
    "$(json "$TMP/s.json" breakdown_s.communication)" 4.8 0.01

# Multi-GPU hosts: 2 machines of 4 GPUs.  The ring crosses each machine's
# NIC once each way per ring step (the ring's chunk, M/8, over 10 Gbps),
# the rest stays on the GPUs' 16 GB/s links.
"$PSIM" run --format json --set network=ideal --set cluster.gpus_per_host=4 \
    --set placement.workers=8 "$S/seed-250m-10w-10g-ring.json" >"$TMP/g.json"
want=$(awk 'BEGIN { printf "%.12g", 14 * (2e-6 + 10e-6 + 1.25e8 / 1.25e9) }')
check_near "multi-GPU ring: 2(n-1)(alpha + (M/n)/NIC), alpha through two NICs" \
    "$(awk -v s="$(json "$TMP/g.json" step_time_s.mean)" 'BEGIN { print s - 1 }')" \
    "$want" 0.01
check_near "multi-GPU ring: the closed form agrees" \
    "$(json "$TMP/g.json" analytic.communication_s)" "$want" 0.001
check "multi-GPU ring: a machine's NIC is the bottleneck" \
    grep -q '"resource": "host-[01] NIC' "$TMP/g.json"
check "multi-GPU: workers are GPUs" \
    grep -q '"name": "host-1-gpu-3", "role": "worker 7"' "$TMP/g.json"
# With fast NICs and slow GPU links the GPU links bind.
"$PSIM" run --format json --set network=ideal --set cluster.gpus_per_host=4 \
    --set cluster.nic=400Gbps --set cluster.intra_bw=10Gbps \
    --set placement.workers=8 "$S/seed-250m-10w-10g-ring.json" >"$TMP/i.json"
check "multi-GPU ring, slow PCIe: the bottleneck is intra-host" \
    test "$(json "$TMP/i.json" bottleneck.kind)" = intra-host
# A PS on 4 machines of 4 GPUs, a shard colocated on each machine: the
# machine's GPUs reduce to its first (2 tree levels of M over 16 GB/s
# links, 2 us apart), which alone pushes and pulls 3/4 of M through the
# 10 Gbps NIC each way (12 us apart: two NICs and two GPU links), and
# broadcasts back (strategy.local_reduce, on by default).
lr() {
	"$PSIM" run --format json --set network=ideal --set cluster.gpus_per_host=4 \
	    --set placement.workers=16 --set placement.servers=0 \
	    --set strategy.colocate=true --set strategy.shards=4 "$@" \
	    "$S/seed-250m-10w-10g-ps8.json"
}
save "$TMP/lr.json" lr
want=$(awk 'BEGIN { printf "%.12g", 4 * (2e-6 + 1e9 / 16e9) + 2 * (12e-6 + 0.75e9 / 1.25e9) }')
check_near "multi-GPU PS, local reduce: 4 (alpha_l + M/B_l) + 2 (alpha + 3M/4 / B)" \
    "$(json "$TMP/lr.json" breakdown_s.communication)" "$want" 1e-9
check_near "multi-GPU PS, local reduce: the closed form agrees" \
    "$(json "$TMP/lr.json" analytic.communication_s)" "$want" 1e-9
check "multi-GPU PS, local reduce: the shards on the machines' first GPUs" \
    grep -q '"name": "host-3-gpu-0", "role": "worker 12 + 1 shard"' "$TMP/lr.json"
# Every GPU pushing its own: each NIC carries 4 GPUs' 3/4 M, and more.
save "$TMP/nolr.json" lr --set strategy.local_reduce=false
check "multi-GPU PS: every GPU pushing is slower than reducing first" \
    ran "$TMP/nolr.json" "$TMP/lr.json" -- awk -v a="$(json "$TMP/nolr.json" step_time_s.mean)" \
    -v b="$(json "$TMP/lr.json" step_time_s.mean)" 'BEGIN { exit !(a > 2 * b - 1) }'
lr --set strategy.sync=async >/dev/null 2>"$TMP/err"
check "local reduce: sync only" grep -qF \
    '/strategy/local_reduce: modelled with sync "sync" only, not "async"; false pushes from every GPU' "$TMP/err"
"$PSIM" run --set strategy.local_reduce=true "$S/seed-250m-10w-10g-ps8.json" \
    >/dev/null 2>"$TMP/err"
check "local reduce: multi-GPU machines only" grep -qF \
    '/strategy/local_reduce: only used with /cluster/gpus_per_host above 1' "$TMP/err"
"$PSIM" run --set strategy.local_reduce=true "$S/seed-250m-10w-10g-ring.json" \
    >/dev/null 2>"$TMP/err"
check "local reduce: not for all-reduce" grep -q '/strategy/local_reduce' "$TMP/err"
# Dedicated servers beside multi-GPU machines: CPU-only hosts cpu-0 to
# cpu-7, each behind a 16 GB/s link and a 10 Gbps NIC of its own.  Each
# machine reduces inside (4 (alpha_l + M/B_l)), pushes M and pulls M
# through its NIC, M/8 to and from each server: 2 (alpha + M/B), alpha =
# two NICs and two 1 us links.
"$PSIM" run --format json --set network=ideal --set cluster.gpus_per_host=4 \
    --set placement.workers=16 "$S/seed-250m-10w-10g-ps8.json" >"$TMP/ds.json"
want=$(awk 'BEGIN { printf "%.12g", 4 * (2e-6 + 1e9 / 16e9) + 2 * (12e-6 + 1e9 / 1.25e9) }')
check_near "multi-GPU machines and 8 dedicated servers: the step" \
    "$(json "$TMP/ds.json" breakdown_s.communication)" "$want" 1e-9
check_near "multi-GPU machines and 8 dedicated servers: the closed form" \
    "$(json "$TMP/ds.json" analytic.communication_s)" "$want" 1e-9
check "multi-GPU: the servers are CPU-only hosts" \
    grep -q '"name": "cpu-7", "role": "server 7 (1 shard)"' "$TMP/ds.json"
check "multi-GPU: 4 machines for 16 GPUs, not 6" \
    test "$(grep -c '"name": "host-[0-9]*-gpu-0"' "$TMP/ds.json")" = 4
"$PSIM" platform --set cluster.gpus_per_host=4 --set placement.workers=16 \
    "$S/seed-250m-10w-10g-ps8.json" >"$TMP/ds.xml"
check "multi-GPU: a server's NIC in the platform" \
    grep -q '<link id="cpu-3-nic" bandwidth="1250000000Bps"' "$TMP/ds.xml"
"$PSIM" run --set cluster.intra_bw=10Gbps "$S/seed-250m-10w-10g-ring.json" \
    >/dev/null 2>"$TMP/err"
check "intra_bw needs gpus_per_host" \
    grep -q "/cluster/intra_bw: only used with gpus_per_host > 1" "$TMP/err"

for f in "$S"/*.json; do
	check "shipped scenario $(basename "$f") is valid" "$PSIM" validate "$f"
done

"$PSIM" validate "$S/seed-250m-10w-10g-ps8.json" >"$TMP/v" 2>&1
check "validate: a good file is ok" grep -q ': ok$' "$TMP/v"
"$PSIM" validate "$D/bad-platform-host.json" >"$TMP/v" 2>&1
check "validate: checks host names against the platform" test $? -eq 2
"$PSIM" platform "$S/seed-250m-10w-10g-ring.json" >"$TMP/p.xml"
check "platform: prints the generated cluster" \
    grep -q '<cluster id="star" prefix="host-" radical="0-9"' "$TMP/p.xml"
check "platform: split-duplex NICs" grep -q 'sharing_policy="SPLITDUPLEX"' "$TMP/p.xml"

# A colocated PS shard on a platform file whose <cluster> has no loopback:
# SimGrid routes a host to itself over its own NIC, so the shard took its
# own worker's gradient through it (10 workers, 1 shard: 16.0 s of
# communication, "receives 11 GB per step").  Traffic between actors of
# one host is memory traffic: each phase is the shard holder's NIC taking
# (n-1) M/k from the others, 2 (alpha + (n-1) M / (k B)) a step.
sed 's/radical="1-4"/radical="1-10"/' "$D/four-hosts.xml" >"$TMP/ten.xml"
for nk in 10:1 10:2 10:5 10:10 4:1 4:2; do
	n=${nk%:*} k=${nk#*:}
	printf '{"model": {"params": "250M", "compute": "2T"},
  "cluster": {"platform": "ten.xml"}, "placement": {"workers": %d},
  "strategy": {"name": "ps", "shards": %d, "colocate": true},
  "run": {"steps": 3}, "network": "ideal"}\n' "$n" "$k" >"$TMP/colo.json"
	"$PSIM" run --format json "$TMP/colo.json" >"$TMP/colo.out"
	check_near "colocated PS on a file, n=$n k=$k: step = 1 + 2(alpha + (n-1)M/(kB))" \
	    "$(json "$TMP/colo.out" step_time_s.mean)" \
	    "$(awk -v n=$n -v k=$k 'BEGIN { printf "%.12g", 1 + 2 * (1e-5 + (n - 1) * 1e9 / (k * 1.25e9)) }')" 1e-9
done
# (n=4, k=2, 3 steps: node1.lab's NIC takes in the 3 others' pushes to
# its shard and the other shard's reply to its worker, M/2 each, and
# nothing of its own worker's exchange with its own shard)
check_near "colocated PS on a file: the holder's NIC carries no local bytes" \
    "$(awk '/"lab_link_1_DOWN"/ { sub(/.*"bytes": /, ""); sub(/,.*/, ""); print }' "$TMP/colo.out")" \
    "$(awk 'BEGIN { print 3 * (3 + 1) * 0.5e9 }')" 1e-9

done_testing
