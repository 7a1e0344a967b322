#!/bin/sh
# Software transports (network.transport; psim-scenario(5), HOST COSTS;
# issue 35): each row of src/model/hardware.def is what one transport's
# microbenchmark measured alone, and psim applies it to every message
# between machines.  Checked here against numbers worked out apart from
# psim's code: the rows read from hardware.def by awk, a ring of 2 and a
# PS of 2 workers by hand (alpha 0, each message's time its size over the
# lower of its link's share and its transport's rate), the closed form
# beside the simulation, and the calibration check (psim transport
# --check), which must fail with the transport off.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
DEF=$SRCDIR/src/model/hardware.def
MAN=$SRCDIR/man/psim-scenario.5

# The rows: name, rate curve, factor curve, bench link, source; one a
# line, |-separated (the strings joined, the curves as written).
awk '
/^TRANSPORT\(/ { row = $0
	while (row !~ /\)$/ && (getline line) > 0) row = row "\n" line
	sub(/^TRANSPORT\(/, "", row); sub(/\)$/, "", row)
	# the strings, in order ("a" "b" joined), and the bare number
	n = 0; rest = row
	while (match(rest, /"([^"\\]|\\.)*"/)) {
		s = substr(rest, RSTART + 1, RLENGTH - 2)
		between = substr(rest, 1, RSTART - 1)
		if (n > 0 && between ~ /^[ \t\n]*$/) str[n] = str[n] s
		else {
			if (n == 3 && between ~ /[0-9]/) {
				b = between; gsub(/[ ,\t\n]/, "", b); bench = b
			}
			str[++n] = s
		}
		rest = substr(rest, RSTART + RLENGTH)
	}
	printf "%s|%s|%s|%s|%s\n", str[1], str[2], str[3], bench, str[4]
}' "$DEF" >"$TMP/rows"
check "hardware.def has transports, tf-grpc with a curve of 5 sizes" \
    grep -q '^tf-grpc|128e6:569.27e6 256e6:362.97e6 512e6:202.46e6 768e6:142.19e6 1024e6:106.29e6||0|' "$TMP/rows"
check "hardware.def has nccl-ib, a share of the link" \
    grep -q '^nccl-ib||1:0.976|100e9/8|' "$TMP/rows"

# psim transport --check: every point within 5%, each source's figure
# the row's own.
"$PSIM" transport --check >"$TMP/calib.out" 2>&1
check "psim transport --check: exit 0" test $? -eq 0
while IFS='|' read -r tname rate factor bench src; do
	check "$tname: in psim-scenario(5)" grep -q "^\.It $tname Ta " "$MAN"
	check "$tname: a source" test ${#src} -ge 30
	# the points the check must show: each of the rate curve's, else
	# the factor's times the bench link
	want=$(awk -v r="$rate" -v f="$factor" -v b="$bench" 'BEGIN {
		n = split(b, q, "/"); bb = q[1]; if (n > 1) bb /= q[2]
		c = r != "" ? r : f
		k = split(c, p, " ")
		for (i = 1; i <= k; i++) {
			split(p[i], xy, ":")
			v = r != "" ? xy[2] : xy[2] * bb
			printf "%.4g\n", (v >= 1e9 ? v / 1e9 : v / 1e6)
		}
	}')
	got=$(awk -v t="$tname" '
	/^[^ ]/ { on = ($1 == t); next }
	on && /source/ { for (i = 1; i <= NF; i++) if ($i == "source") print $(i + 1) }' \
	    "$TMP/calib.out")
	check "$tname: the check compares with the row's own figures" \
	    test "$got" = "$want"
	bad=$(awk -v t="$tname" '/^[^ ]/ { on = ($1 == t); next }
	    on && $NF != "ok" { print }' "$TMP/calib.out")
	check "$tname: every point of the check within 5%" test -z "$bad"
done <"$TMP/rows"
"$PSIM" transport --check --nominal tf-grpc >"$TMP/nominal.out" 2>&1
check "the check fails with the transport off (exit 1)" test $? -eq 1
check "and says so at every size" \
    test "$(grep -c ' OFF$' "$TMP/nominal.out")" -eq 5
"$PSIM" transport nope >/dev/null 2>"$TMP/err"
check "psim transport nope: exit 2" test $? -eq 2
check "psim transport nope: lists the names" grep -qF \
    'psim: transport: no transport named "nope"; expected one of tf-grpc, tf-grpc-1.3, nccl-socket, nccl-ib, gloo-tcp, aws-tcp-flow, aws-tcp-flow-placement-group' "$TMP/err"
"$PSIM" transport --nominal >/dev/null 2>"$TMP/err"
check "psim transport --nominal without --check: exit 2" test $? -eq 2

# A ring of 2 on the ideal network without latency: each worker sends
# M/2 in each of 2 rounds, so the communication is 2 (M/2) / rate.
ring() {	# ring PARAMS NIC [SET...]: the JSON report
	r_p=$1 r_n=$2; shift 2
	cat >"$TMP/ring.json" <<EOF
{ "model": { "params": $r_p, "compute": "1s" },
  "cluster": { "nic": "$r_n", "latency": "0s" },
  "placement": { "workers": 2 },
  "strategy": { "name": "allreduce", "algorithm": "ring" },
  "network": { "model": "ideal" }, "run": { "steps": 1, "warmup": 0 } }
EOF
	"$PSIM" run --format json "$@" "$TMP/ring.json" >"$TMP/r.json"
	echo $? >"$TMP/r.rc"
}
# the rate of tf-grpc at a size, from the row as awk reads it: a straight
# line in log size and log rate between two points, flat beyond them
grpc_rate() {
	awk -v s="$1" -v c="$(awk -F'|' '$1 == "tf-grpc" { print $2 }' "$TMP/rows")" 'BEGIN {
		k = split(c, p, " ")
		for (i = 1; i <= k; i++) { split(p[i], xy, ":"); x[i] = xy[1]; y[i] = xy[2] }
		if (s <= x[1]) { printf "%.17g", y[1]; exit }
		for (i = 2; i <= k; i++) if (s <= x[i]) {
			t = log(s / x[i - 1]) / log(x[i] / x[i - 1])
			printf "%.17g", exp(log(y[i - 1]) + t * (log(y[i]) - log(y[i - 1]))); exit
		}
		printf "%.17g", y[k]
	}'
}
for size in 64e6 384e6 2048e6; do
	params=$(awk -v s="$size" 'BEGIN { printf "%.17g", 2 * s / 4 }')
	ring "$params" 100Gbps --set network.transport=tf-grpc
	check "tf-grpc, messages of $size B: runs" test "$(cat "$TMP/r.rc")" -eq 0
	check_near "tf-grpc, messages of $size B: 2 x size / its rate" \
	    "$(json "$TMP/r.json" breakdown_s.communication)" \
	    "$(awk -v s="$size" -v r="$(grpc_rate "$size")" 'BEGIN { printf "%.12g", 2 * s / r }')" 1e-9
	check_near "tf-grpc, messages of $size B: the closed form agrees" \
	    "$(json "$TMP/r.json" analytic.communication_s)" \
	    "$(json "$TMP/r.json" breakdown_s.communication)" 1e-9
	check "tf-grpc: the report names it" \
	    test "$(json "$TMP/r.json" transport)" = tf-grpc
done
# A row of one measured size is one rate at every size: 10 MB messages
# (below the 128 MB measured) and 512 MB ones (above) both at 196.11 MB/s.
for size in 10e6 512e6; do
	params=$(awk -v s="$size" 'BEGIN { printf "%.17g", 2 * s / 4 }')
	ring "$params" 100Gbps --set network.transport=tf-grpc-1.3
	check_near "tf-grpc-1.3, messages of $size B: 2 x size / 196.11 MB/s" \
	    "$(json "$TMP/r.json" breakdown_s.communication)" \
	    "$(awk -v s="$size" 'BEGIN { printf "%.12g", 2 * s / 196.11e6 }')" 1e-9
	check_near "tf-grpc-1.3, messages of $size B: the closed form agrees" \
	    "$(json "$TMP/r.json" analytic.communication_s)" \
	    "$(json "$TMP/r.json" breakdown_s.communication)" 1e-9
done
# A transport slower than the link binds; a link slower than it binds.
ring 250e6 10Gbps --set network.transport=nccl-socket
check_near "nccl-socket on 10 Gbps: the link binds (2 x 500 MB / 1.25 GB/s)" \
    "$(json "$TMP/r.json" breakdown_s.communication)" 0.8 1e-9
ring 250e6 100Gbps --set network.transport=nccl-socket
check_near "nccl-socket on 100 Gbps: its one socket binds (2 x 500 MB / 2.06 GB/s)" \
    "$(json "$TMP/r.json" breakdown_s.communication)" \
    "$(awk 'BEGIN { printf "%.12g", 1e9 / 2.06e9 }')" 1e-9
# A share of the link: the same bytes take 1 / 0.976 longer, alone or
# sharing a NIC (a PS of 1 shard on a server: 2 pushes into its NIC).
ring 250e6 100Gbps --set network.transport=nccl-ib
check_near "nccl-ib: 2 x 500 MB at 0.976 x 12.5 GB/s" \
    "$(json "$TMP/r.json" breakdown_s.communication)" \
    "$(awk 'BEGIN { printf "%.12g", 1e9 / (0.976 * 12.5e9) }')" 1e-9
check_near "nccl-ib: the closed form agrees" \
    "$(json "$TMP/r.json" analytic.communication_s)" \
    "$(json "$TMP/r.json" breakdown_s.communication)" 1e-9
"$PSIM" run --format json --set network.transport=nccl-ib \
    --set 'strategy={"name": "ps", "shards": 1}' --set placement.servers=1 \
    "$TMP/ring.json" >"$TMP/ps.json"
check_near "nccl-ib, a PS of 1 server: 2 x 1 GB into its NIC, then out, at 0.976 x 12.5 GB/s" \
    "$(json "$TMP/ps.json" breakdown_s.communication)" \
    "$(awk 'BEGIN { printf "%.12g", 2 * 2e9 / (0.976 * 12.5e9) }')" 1e-9
check_near "nccl-ib, a PS: the closed form agrees" \
    "$(json "$TMP/ps.json" analytic.communication_s)" \
    "$(json "$TMP/ps.json" breakdown_s.communication)" 1e-9
# Between machines only: 2 machines of 2 GPUs, the GPUs' links inside a
# machine at their own rate; the closed form says the same.
"$PSIM" run --format json --set network.transport=nccl-ib \
    --set cluster.gpus_per_host=2 --set placement.workers=4 \
    --set cluster.intra_bw=100Gbps "$TMP/ring.json" >"$TMP/g.json"
check_near "nccl-ib on multi-GPU machines: the closed form agrees with the simulation" \
    "$(json "$TMP/g.json" analytic.communication_s)" \
    "$(json "$TMP/g.json" breakdown_s.communication)" 1e-9
"$PSIM" run --format json --set cluster.gpus_per_host=2 \
    --set placement.workers=4 --set cluster.intra_bw=100Gbps \
    "$TMP/ring.json" >"$TMP/g0.json"
check "and the transport made it slower" awk -v a="$(json "$TMP/g.json" breakdown_s.communication)" \
    -v b="$(json "$TMP/g0.json" breakdown_s.communication)" 'BEGIN { exit !(a > b * 1.01) }'
# "none", and --nominal, are the links alone.
ring 250e6 100Gbps
cp "$TMP/r.json" "$TMP/none0.json"
ring 250e6 100Gbps --set network.transport=none
grep -v '"overrides"\|"wall_s"' "$TMP/none0.json" >"$TMP/none0"
grep -v '"overrides"\|"wall_s"' "$TMP/r.json" >"$TMP/none1"
check "network.transport none: the report without a transport, as without the key (but its overrides and wall clock)" \
    cmp -s "$TMP/none0" "$TMP/none1"
"$PSIM" run --format csv --set network.transport=tf-grpc --nominal \
    "$TMP/ring.json" | sed 's/,[^,]*,[^,]*$//' >"$TMP/n1.csv"
"$PSIM" run --format csv "$TMP/ring.json" | sed 's/,[^,]*,[^,]*$//' >"$TMP/n0.csv"
check "run --nominal: the transport off (the CSV but its overrides and wall clock)" \
    cmp -s "$TMP/n0.csv" "$TMP/n1.csv"

# Errors.
"$PSIM" run --set network.transport=tf-rpc "$TMP/ring.json" >/dev/null 2>"$TMP/err"
check "an unknown transport: exit 2" test $? -eq 2
check "an unknown transport: says so, none among the names" grep -qF \
    '/network/transport: expected a transport (tf-grpc, tf-grpc-1.3, nccl-socket, nccl-ib, gloo-tcp, aws-tcp-flow, aws-tcp-flow-placement-group, none), got "tf-rpc"' "$TMP/err"
"$PSIM" run --set network.flow_cap=tf-grpc "$TMP/ring.json" >/dev/null 2>"$TMP/err"
check "flow_cap of a transport whose rate depends on the size: exit 2" test $? -eq 2
check "flow_cap of a transport whose rate depends on the size: says so" grep -qF \
    '/network/flow_cap: expected a bandwidth or a transport of one rate, got "tf-grpc", whose rate depends on the message size (name it in network.transport instead)' "$TMP/err"
"$PSIM" run --format json --set network.flow_cap=aws-tcp-flow "$TMP/ring.json" >"$TMP/a.json"
check_near "flow_cap of a transport of one rate: its rate (2 x 500 MB / 625 MB/s)" \
    "$(json "$TMP/a.json" breakdown_s.communication)" 1.6 1e-9
"$PSIM" run --set 'network={"model": "ideal", "transport": "tf-grpc"}' \
    "$SRCDIR/scenarios/lab-2x4-ring.json" >/dev/null 2>"$TMP/err"
check "a transport on a platform file: exit 2" test $? -eq 2
check "a transport on a platform file: says so" grep -qF \
    '/network/transport: modelled on a generated cluster, not a platform file (expected "none")' "$TMP/err"

# psim explain beside a published efficiency: the nominal figure, what
# the transport takes of the difference, what is left.
ring 250e6 100Gbps --set model.compute=2s
e0=$(awk -v s="$(json "$TMP/r.json" step_time_s.mean)" 'BEGIN { printf "%.3f", 2 / s }')
ring 250e6 100Gbps --set model.compute=2s --set network.transport=tf-grpc
e1=$(awk -v s="$(json "$TMP/r.json" step_time_s.mean)" 'BEGIN { printf "%.3f", 2 / s }')
"$PSIM" explain --set 'published={"efficiency": 0.3, "source": "a test"}' \
    --set network.transport=tf-grpc --set model.compute=2s \
    "$TMP/ring.json" >"$TMP/ex.txt"
check "explain: the published efficiency beside psim's" grep -qF \
    "Against the real machines: scaling efficiency 0.300 measured (a test), $e1 in psim" "$TMP/ex.txt"
check "explain: psim's nominal figure" grep -qF \
    "hosts free, psim gives $e0" "$TMP/ex.txt"
pc=$(awk -v a="$e0" -v b="$e1" 'BEGIN { printf "%+.0f", 100 * (a - b) / (a - 0.3) }')
check "explain: what the transport takes ($pc%), and its source" grep -q \
    "^ *$pc%  the transport tf-grpc (network.transport): $e0 without it" "$TMP/ex.txt"
check "explain: the source of its figures" grep -q \
    "^ *measured alone: yaroslavvb/stuff distributed/benchmark_grpc_recv.py" "$TMP/ex.txt"
left=$(awk -v a="$e0" -v b="$e1" 'BEGIN { printf "%+.0f", 100 * (b - 0.3) / (a - 0.3) }')
check "explain: what is left ($left%)" grep -q "^ *$left%  left" "$TMP/ex.txt"

done_testing
