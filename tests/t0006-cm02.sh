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

done_testing
