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
    grep -q "^6\. Why they differ (+[0-9.]*%): the realistic network" "$TMP/r"
"$PSIM" explain --set network=ideal "$S/seed-250m-10w-10g-ring.json" >"$TMP/i"
check "explain, ideal network: no difference to speak of" \
    grep -q "^6\. Why they differ ([-+]0\.0%)" "$TMP/i"
"$PSIM" explain --bogus >/dev/null 2>&1
check "explain: bad options exit 2" test $? -eq 2

done_testing
