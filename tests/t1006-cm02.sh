#!/bin/sh
# SimGrid's CM02 worked check, through psim: 1e10 bytes over a 1e10 B/s
# link take 1 s with no latency, 1.00001 s with 10 us, and about 4.77 s
# with 1 ms, where TCP-gamma (4 MiB) / (2 x 1 ms) caps the rate.  Here a
# worker pushes 10 GB to a server and pulls 10 GB back: two transfers.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
D=$SRCDIR/tests/data

one_way() {	# one_way JSON: half the communication time
	awk -v c="$(json "$1" breakdown_s.communication)" 'BEGIN { printf "%.12g", c / 2 }'
}

"$PSIM" run --format json "$D/cm02.json" >"$TMP/1ms.json"
check_near "cm02, 1 ms: 1e-3 + 1e10 / (4194304 / 2e-3) = 4.7694 s" \
    "$(one_way "$TMP/1ms.json")" 4.76937 0.001

sed 's/latency="1ms"/latency="10us"/' "$D/two-hosts.xml" >"$TMP/two-hosts.xml"
sed 's/latency="1ms"/latency="0s"/' "$D/two-hosts.xml" >"$TMP/zero.xml"
"$PSIM" run --format json --set cluster.platform="$TMP/two-hosts.xml" \
    "$D/cm02.json" >"$TMP/10us.json"
check_near "cm02, 10 us: 1.00001 s" "$(one_way "$TMP/10us.json")" 1.00001 0.000001
"$PSIM" run --format json --set cluster.platform="$TMP/zero.xml" \
    "$D/cm02.json" >"$TMP/0.json"
check_near "cm02, no latency: 1 s" "$(one_way "$TMP/0.json")" 1 0.000001

"$PSIM" run --format json --set network=ideal "$D/cm02.json" >"$TMP/ideal.json"
check_near "ideal, 1 ms: no TCP window, 1.001 s" "$(one_way "$TMP/ideal.json")" 1.001 0.000001

# The realistic (LV08) model: latency x13.01, and bandwidth x0.97 applied
# to the TCP window cap too: 13.01e-3 + 1e10 / (0.97 x 4194304 / 2e-3).
"$PSIM" run --format json --set network=realistic "$D/cm02.json" >"$TMP/lv08.json"
check_near "realistic, 1 ms: the LV08 factors apply" \
    "$(one_way "$TMP/lv08.json")" \
    "$(awk 'BEGIN { printf "%.12g", 13.01e-3 + 1e10 / (0.97 * 4194304 / 2e-3) }')" 0.001

# network.crosstraffic (issue 11): off on the realistic network, a
# 2-worker ring's flows each have their NIC directions alone, at LV08's
# 0.97 B after 13.01 alpha per round: 1 + 2 (13.01 alpha + (M/2) / 0.97 B).
R=$SRCDIR/scenarios/seed-250m-10w-10g-ring.json
save "$TMP/nx.json" "$PSIM" run --format json --set placement.workers=2 \
    --set 'network={"model": "realistic", "crosstraffic": false}' "$R"
check_near "realistic without cross-traffic: the LV08 formula" \
    "$(json "$TMP/nx.json" step_time_s.mean)" \
    "$(awk 'BEGIN { printf "%.12g", 1 + 2 * (13.01 * 1e-5 + 0.5e9 / (0.97 * 1.25e9)) }')" 1e-8
check "realistic without cross-traffic: the report says so" \
    grep -q '"crosstraffic": false' "$TMP/nx.json"
save "$TMP/x.json" "$PSIM" run --format json --set placement.workers=2 "$R"
check "with cross-traffic (the default) the step is longer" \
    ran "$TMP/x.json" "$TMP/nx.json" -- awk \
    -v a="$(json "$TMP/x.json" step_time_s.mean)" \
    -v b="$(json "$TMP/nx.json" step_time_s.mean)" 'BEGIN { exit !(a > b * 1.01) }'
"$PSIM" run --set 'network={"model": "ideal", "crosstraffic": true}' "$R" \
    >/dev/null 2>"$TMP/e"
check "the ideal network with cross-traffic: refused" \
    grep -q '/network/crosstraffic: the ideal network has no cross-traffic' "$TMP/e"
save "$TMP/cx.json" "$PSIM" run --format json --set placement.workers=2 \
    --set 'network={"model": "cm02", "crosstraffic": true}' "$R"
save "$TMP/c0.json" "$PSIM" run --format json --set placement.workers=2 \
    --set network=cm02 "$R"
check "cm02 with cross-traffic: slower than without" \
    ran "$TMP/cx.json" "$TMP/c0.json" -- awk \
    -v a="$(json "$TMP/cx.json" step_time_s.mean)" \
    -v b="$(json "$TMP/c0.json" step_time_s.mean)" 'BEGIN { exit !(a > b) }'

done_testing
