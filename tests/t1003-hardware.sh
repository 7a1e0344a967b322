#!/bin/sh
# Published hardware figures (src/model/hardware.def): cluster.gpu sets
# the compute from a GPU's published throughput, cluster.nic and
# cluster.intra_bw take a link's name; every row is in
# psim-scenario(5), has a source, and runs.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
DEF=$SRCDIR/src/model/hardware.def
MAN=$SRCDIR/man/psim-scenario.5

# A ring of 2 workers without a latency of its own (a link's name sets it).
cat >"$TMP/ring.json" <<EOF2
{ "model": { "params": "250M", "compute": "1s" },
  "cluster": { "nic": "10Gbps" }, "placement": { "workers": 2 },
  "strategy": { "name": "allreduce", "algorithm": "ring" },
  "run": { "steps": 1, "warmup": 0 }, "network": "ideal" }
EOF2

sed 's/"network": "ideal"/"network": { "model": "ideal" }, "seed": 1/' \
    "$TMP/ring.json" | sed 's/"nic": "10Gbps"/"nic": "10Gbps", "latency": "5us"/' >"$TMP/ringo.json"

# The rows, one a line: RATE gpu preset batch dtype rate / LINK name bps
# latency; and each row's source string, joined.  (The transports'
# rows: t1007.)
awk '
/^(RATE|LINK)\(/ { row = $0; kind = substr($0, 1, index($0, "(") - 1)
	while (row !~ /\)$/ && (getline line) > 0) row = row "\n" line
	sub(/^(RATE|LINK)\(/, "", row); sub(/\)$/, "", row)
	n = split(row, f, ",")
	out = kind
	k = kind == "RATE" ? 5 : 3
	for (i = 1; i <= k; i++) { v = f[i]; gsub(/[" \n\t]/, "", v); out = out " " v }
	src = ""
	for (i = k + 1; i <= n; i++) src = src f[i]
	gsub(/"[ \n\t]*"/, "", src); gsub(/^[ \n\t]*"|"[ \n\t]*$/, "", src)
	print out "\t" src
}' "$DEF" >"$TMP/rows"
check "hardware.def has rows" test "$(grep -c '^RATE' "$TMP/rows")" -ge 10
while IFS='	' read -r row src; do
	set -- $row
	if [ "$1" = RATE ]; then
		want=$(awk -v g="$2" -v p="$3" -v b="$4" -v d="$5" -v r="$6" \
		    'BEGIN { printf ".It %s Ta %s Ta %s Ta %s Ta %g", g, p, b, d, r }')
		check "$2 $3 at batch $4: in psim-scenario(5)" grep -qxF "$want" "$MAN"
		check "$2 $3 at batch $4: a source" test ${#src} -ge 30
		"$PSIM" run --format json --set model.preset="$3" --set model.batch="$4" \
		    --set model.dtype="$5" --set cluster.gpu="$2" --set run.steps=1 \
		    --set run.warmup=0 --set network=ideal --set placement.workers=2 \
		    "$SRCDIR/validation/horovod-16-ring.json" >"$TMP/r.json"
		check_near "$2 $3 at batch $4: compute is batch / $6" \
		    "$(json "$TMP/r.json" breakdown_s.compute)" \
		    "$(awk -v b="$4" -v r="$6" 'BEGIN { printf "%.12g", b / r }')" 1e-9
		check "$2 $3 at batch $4: the report names the GPU" \
		    test "$(json "$TMP/r.json" model.gpu)" = "$2"
	else
		want=$(awk -v n="$2" -v b="$3" -v l="$4" \
		    'BEGIN { printf ".It %s Ta %g Gbps Ta %g us", n, b / 1e9, l * 1e6 }')
		check "$2: in psim-scenario(5)" grep -qxF "$want" "$MAN"
		check "$2: a source" test ${#src} -ge 30
		# a ring of 2 on the ideal network: 2 (alpha + (M/2) / B),
		# alpha through two links
		"$PSIM" run --format json --set cluster.nic="$2" "$TMP/ring.json" \
		    >"$TMP/l.json"
		check_near "$2: the NIC's speed and latency" \
		    "$(json "$TMP/l.json" breakdown_s.communication)" \
		    "$(awk -v b="$3" -v l="$4" 'BEGIN { printf "%.12g", 2 * (2 * l + 5e8 / (b / 8)) }')" 1e-9
	fi
done <"$TMP/rows"

# A link name sets the latency unless cluster.latency is given.
"$PSIM" run --format json --set cluster.nic=25GbE-RoCE --set cluster.latency=1ms \
    "$TMP/ring.json" >"$TMP/l.json"
check_near "a link's name with cluster.latency: that latency" \
    "$(json "$TMP/l.json" breakdown_s.communication)" \
    "$(awk 'BEGIN { printf "%.12g", 2 * (2e-3 + 5e8 / 25e9 * 8) }')" 1e-9
"$PSIM" run --format json --set cluster.intra_bw=NVLink-V100 \
    --set cluster.gpus_per_host=2 "$TMP/ring.json" >"$TMP/v.json"
check_near "intra_bw NVLink-V100: 2 GPUs of a machine at 150 GB/s" \
    "$(json "$TMP/v.json" breakdown_s.communication)" \
    "$(awk 'BEGIN { printf "%.12g", 2 * (2 * 1.7e-6 + 5e8 / 150e9) }')" 1e-9

# Spreads: each row in psim-scenario(5)'s table with its sigma, a source
# with its commit, a sigma of a quiet GPU (below 5% a step), and a run
# that names it waits for the slowest of 10 draws of it (the closed
# form's expected max: at least one sigma, at most two, Harter's e(10)
# being 1.54).
awk -F', *' '/^SPREAD\(/ { row = $0
	while (row !~ /\)$/ && (getline line) > 0) row = row line
	split(row, f, /, */); name = f[1]; sub(/^SPREAD\("/, "", name); sub(/"$/, "", name)
	src = row; sub(/^[^,]*,[^,]*, */, "", src)
	print name "\t" f[2] "\t" src }' "$DEF" >"$TMP/spreads"
check "hardware.def has spreads" test "$(wc -l <"$TMP/spreads")" -ge 2
while IFS='	' read -r name sigma src; do
	want=$(awk -v n="$name" -v s="$sigma" 'BEGIN { printf ".It %s Ta %.2f%% a step Ta", n, 100 * s }')
	check "spread $name: in psim-scenario(5)" grep -qF "$want" "$MAN"
	check "spread $name: a source with its commit" \
	    sh -c 'test ${#1} -ge 60 && case "$1" in *@*) ;; *) exit 1 ;; esac' - "$src"
	check "spread $name: a quiet GPU's sigma" \
	    awk -v s="$sigma" 'BEGIN { exit !(s > 0 && s < 0.05) }'
	"$PSIM" run --format json --set cluster.compute_jitter="$name" --set run.steps=3 \
	    --set network=ideal "$SRCDIR/scenarios/seed-250m-10w-10g-ring.json" >"$TMP/s.json"
	check "spread $name: the closed form waits 1 to 2 sigma for the slowest of 10" \
	    awk -v w="$(json "$TMP/s.json" analytic.wait_s)" -v s="$sigma" \
	    'BEGIN { exit !(w >= s && w <= 2 * s) }'
done <"$TMP/spreads"

# Errors: exit 2, one line each, with the path.
err() {	# err NAME WANT SET...: refused, on a Horovod case
	e_name=$1 e_want=$2; shift 2
	refused "$e_name" "$e_want" "$SRCDIR/validation/horovod-16-ring.json" "$@"
}
err "an unknown GPU" '/cluster/gpu: no published throughput of a GPU named "k80"; expected one of p100, pascal-horovod-25g, pascal-horovod-40g' \
    --set cluster.gpu=k80
err "a batch without a published figure" '/cluster/gpu: no published throughput of pascal-horovod-25g for resnet101 at batch 32 in fp32; psim has inception-v3 at batch 64 in fp32' \
    --set model.batch=32
err "compute and gpu" '/model/compute: give the compute or /cluster/gpu' \
    --set model.compute=1s
err "an unknown link" '/cluster/nic: expected a bandwidth such as "10Gbps" or a link (25GbE-RoCE, 25GbE-TCP, 40GbE-TCP' \
    --set cluster.nic=25GbE
printf '%s' '{ "model": { "params": "1M", "batch": 64 }, "cluster": { "nic": "10Gbps", "gpu": "p100" }, "placement": { "workers": 2 }, "strategy": { "name": "allreduce", "algorithm": "ring" } }' >"$TMP/np.json"
"$PSIM" run "$TMP/np.json" >/dev/null 2>"$TMP/err"
check "gpu without a preset: exit 2" test $? -eq 2
check "gpu without a preset: says so" grep -qF "/cluster/gpu: needs /model/preset" "$TMP/err"
"$PSIM" run --set network.flow_cap=tf-rpc --set network.model=ideal "$TMP/ringo.json" >/dev/null 2>"$TMP/err"
check "an unknown transport: exit 2" test $? -eq 2
check "an unknown transport: says so" grep -qF \
    '/network/flow_cap: expected a bandwidth such as "5Gbps" or a transport of one rate (tf-grpc-1.3, nccl-socket, aws-tcp-flow, aws-tcp-flow-placement-group), got "tf-rpc"' "$TMP/err"

# (psim explain beside a published efficiency, with a transport: t1007.)

done_testing
