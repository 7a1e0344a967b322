#!/bin/sh
# psim advise: size a cluster backwards from a target (issue 15).
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
PS1=$S/seed-250m-10w-10g-ps1.json

# table JSON: a line per candidate, cheapest first: settings, cost,
# promising, closed-form step, closed-form meets, simulated step (- if
# not run), simulated meets (-), meets.
table() {
	awk '
	/^  "candidates"/ { on = 1 }
	!on { next }
	/^    "settings": / { s = $0; sub(/^    "settings": /, "", s); sub(/,$/, "", s); gsub(/ /, "", s); sim = "-"; simm = "-"; blk = "" }
	/^    "cost": / { c = $2; sub(/,/, "", c) }
	/^    "closed_form": \{/ { blk = "cf" }
	/^    "simulated": \{/ { blk = "sim" }
	/^        "step_time_s": / { v = $2; sub(/,/, "", v); if (blk == "cf") cf = v; else sim = v }
	/^        "meets": / { if (blk == "cf") cfm = $2; else simm = $2 }
	/^    "promising": / { p = $2; sub(/,/, "", p) }
	/^    "meets": / { m = $2; sub(/,/, "", m); print s, c, p, cf, cfm, sim, simm, m }
	' "$1"
}

# 1. The seed question on a small space, every point simulated (--all):
# k dedicated shards, step 1 + 2 max(M, nM/k)/B = 1 + 2 max(0.8, 8/k) s
# by the closed form.
# (checks that set advise against a sweep, or a run against another, go
# through ran, on runs kept with save: two failed runs compare alike)
save "$TMP/all.json" "$PSIM" advise --all -f json -t 'step_time<=3.5s' \
    -S strategy.shards=1..8 -s run.steps=3 "$PS1" 2>/dev/null
check "advise --all: exit 0" ran "$TMP/all.json" -- true
table "$TMP/all.json" >"$TMP/all.tsv"
check "8 candidates" test "$(wc -l <"$TMP/all.tsv")" -eq 8
for k in 1 4 6 7 8; do
	got=$(awk -v k="{\"strategy.shards\":$k}" '$1 == k { print $4 }' "$TMP/all.tsv")
	want=$(awk -v k=$k 'BEGIN { v = 8 / k; if (v < 0.8) v = 0.8; printf "%.12g", 1 + 2 * v + 2e-5 }')
	check_near "closed form, $k shards: 1 + 2 max(0.8, 8/k) s" "$got" "$want" 1e-4
	check "cost, $k shards: 10 + k machines" \
	    test "$(awk -v k="{\"strategy.shards\":$k}" '$1 == k { print $2 }' "$TMP/all.tsv")" -eq $((10 + k))
done
# Brute force, the sweep over the same space: the cheapest that meets.
save "$TMP/sw.out" "$PSIM" sweep -j 2 -o "$TMP/sw" -v strategy.shards=1..8 \
    -s run.steps=3 "$PS1" 2>/dev/null
check "the sweep ran" ran "$TMP/sw.out" -- test -s "$TMP/sw/results.csv"
brute=$(csv_col "$TMP/sw/results.csv" strategy.shards step_time_mean_s |
    awk -F '\t' '$2 <= 3.5 && (b == "" || $1 < b) { b = $1 } END { print b }')
check "brute force: 7 shards are the fewest under 3.5 s" test "$brute" = 7
best=$(sed -n '/^  "best": {/,/^  }/p' "$TMP/all.json" | sed -n 's/^    "settings": {"strategy.shards": \([0-9]*\)},$/\1/p')
check "advise's best is the brute force's ($best)" \
    ran "$TMP/all.json" "$TMP/sw.out" -- test -n "$best" -a "$best" = "$brute"
for k in $(seq 1 $((best - 1))); do
	check "$k shards, cheaper: fails (simulated)" \
	    test "$(awk -v k="{\"strategy.shards\":$k}" '$1 == k { print $7 }' "$TMP/all.tsv")" = false
done
# The simulated step of each point is the sweep's.
for k in 1 5 7; do
	got=$(awk -v k="{\"strategy.shards\":$k}" '$1 == k { print $6 }' "$TMP/all.tsv")
	want=$(csv_col "$TMP/sw/results.csv" strategy.shards step_time_mean_s |
	    awk -F '\t' -v k=$k '$1 == k { print $2 }')
	check "$k shards: advise's simulated step is the sweep's" \
	    ran "$TMP/all.json" "$TMP/sw.out" -- near "$got" "$want" 1e-9
done

# 2. The prefilter never drops what the simulation says meets the target:
# on --all, every candidate that meets by simulation is promising.
prefilter() {	# prefilter NAME TSV
	bad=$(awk '$7 == "true" && $3 != "true"' "$2")
	if [ -z "$bad" ]; then ok "$1"; else not_ok "$1" "$bad"; fi
	check "$1: some meet, some do not" sh -c "grep -q ' true\$' '$2' && grep -q ' false\$' '$2'"
}
prefilter "prefilter, ps1 shards" "$TMP/all.tsv"
"$PSIM" advise --all -f json -t 'step_time<=2.5s' -S strategy.shards=4,8 \
    -S cluster.nic=10Gbps,25Gbps -s run.steps=3 "$S/seed-250m-10w-10g-ps8.json" \
    >"$TMP/ps8.json" 2>/dev/null
table "$TMP/ps8.json" >"$TMP/ps8.tsv"
prefilter "prefilter, ps8 shards x NIC" "$TMP/ps8.tsv"
"$PSIM" advise --all -f json -t 'step_time<=1.6s' -S placement.workers=4,10,16 \
    -S cluster.nic=10Gbps,25Gbps -s run.steps=3 "$S/seed-250m-10w-10g-ring.json" \
    >"$TMP/ring.json" 2>/dev/null
table "$TMP/ring.json" >"$TMP/ring.tsv"
prefilter "prefilter, ring workers x NIC" "$TMP/ring.tsv"
"$PSIM" advise --all -f json -t 'step_time<=3.5s' -S strategy.shards=4..8 \
    -S cluster.nic=10Gbps,25Gbps -s cluster.topology=two-tier -s cluster.racks=2 \
    -s run.steps=3 "$PS1" >"$TMP/tier.json" 2>/dev/null
table "$TMP/tier.json" >"$TMP/tier.tsv"
prefilter "prefilter, two-tier shards x NIC" "$TMP/tier.tsv"

# One key in two --space options is refused (before: candidates that
# could not be, 1 and 2 shards listed as 7 and 8).
"$PSIM" advise -t 'step_time<=3.5s' -S strategy.shards=1,2 \
    -S strategy.shards=7,8 "$PS1" >/dev/null 2>"$TMP/twice"
check "a key in two --space: exit 2" test $? -eq 2
check "a key in two --space: says so" \
    grep -q "^psim: advise: strategy.shards is varied twice" "$TMP/twice"
"$PSIM" advise -t 'step_time<=3.5s' -S strategy.shards=2,2 "$PS1" \
    >/dev/null 2>"$TMP/twice"
check "a value twice in --space: exit 2" test $? -eq 2

# 3. Without --all: the same best, fewer runs; strategies mixed.
save "$TMP/text" "$PSIM" advise -t 'step_time<=3.5s' -S strategy.shards=1..8 \
    -s run.steps=3 "$PS1" 2>/dev/null
check "text: the best is 7 shards" grep -q "^  1\. strategy.shards=7 (17 machines)$" "$TMP/text"
check "text: why 6 shards fail" \
    grep -q "^      simulated: step_time 3.[0-9]* s > 3.5 s: each server's NIC would need 1[0-9.]* Gbps (it has 10)" "$TMP/text"
"$PSIM" advise -t 'step_time<=3.5s' -S strategy.name=ps,allreduce \
    -S strategy.shards=1..8 -s run.steps=3 "$PS1" >"$TMP/mixed" 2>&1
check "ps or ring: ring is the cheaper answer" \
    grep -q "^  1\. strategy.name=allreduce strategy.algorithm=ring (10 machines)$" "$TMP/mixed"
check "ps or ring: 9 candidates (ring once)" grep -q "^  9 candidates;" "$TMP/mixed"
save "$TMP/text2" "$PSIM" advise -t 'step_time<=3.5s' -S strategy.shards=1..8 \
    -s run.steps=3 "$PS1" 2>/dev/null
check "the same answer twice, byte for byte" \
    ran "$TMP/text" "$TMP/text2" -- sh -c \
    "cmp -s '$TMP/text' '$TMP/text2' && cmp -s '$TMP/text.err' '$TMP/text2.err'"

# 4. What makes no sense.
"$PSIM" advise -t 'speed<=3' -S strategy.shards=1,2 "$PS1" 2>"$TMP/e1"
check "unknown figure: exit 2" test $? -eq 2
check "unknown figure: said" grep -q '^psim: advise: --target speed<=3: unknown figure "speed"; expected one of step_time' "$TMP/e1"
"$PSIM" advise -t 'step_time<=3.5s' -S strategy.shardz=1,2 "$PS1" 2>"$TMP/e2"
check "unknown key: exit 2" test $? -eq 2
check "unknown key: the scenario's error" grep -q 'strategy/shardz: unknown key "shardz"; did you mean "shards"?' "$TMP/e2"
"$PSIM" advise -t 'step_time<=3.5s' -S strategy.shards= "$PS1" 2>"$TMP/e3"
check "empty space: exit 2" test $? -eq 2
check "empty space: said" grep -q '^psim: advise: --space strategy.shards=: expected PATH=V1,V2' "$TMP/e3"
"$PSIM" advise -t 'step_time<=3.5s' "$PS1" 2>"$TMP/e4"
check "no space: exit 2" test $? -eq 2
"$PSIM" advise -t 'step_time<=1.5s' -S strategy.shards=1..4 -s run.steps=3 \
    "$PS1" >"$TMP/none" 2>&1
check "nothing meets: exit 1" test $? -eq 1
check "nothing meets: the closest" \
    grep -q "^nothing meets it; the closest is strategy.shards=4 (14 machines):$" "$TMP/none"

# 4b. A price per NIC speed (cluster.price_per_hour.nic): ring on 10
# workers at 1 an hour each, a NIC adding 0, 0.3 or 1 an hour by speed.
# Under 1.7 s a step, 10 Gbps (2.44 s) fails; 25 Gbps (1 + 2*9/10*0.32 s
# = 1.576 s) at 10 x 1.3 = 13 an hour is cheaper than 100 Gbps at 20.
cat >"$TMP/np.json" <<'EOF'
{ "name": "np", "model": { "params": "250M", "compute": "1s" },
  "cluster": { "nic": "10Gbps", "price_per_hour": { "workers": 1,
    "nic": { "10Gbps": 0, "25Gbps": 0.3, "100Gbps": 1 } } },
  "placement": { "workers": 10 },
  "strategy": { "name": "allreduce", "algorithm": "ring" },
  "run": { "steps": 3 }, "network": "ideal" }
EOF
"$PSIM" advise -f json -t 'step_time<=1.7s' \
    -S cluster.nic=10Gbps,25Gbps,100Gbps "$TMP/np.json" >"$TMP/np.out"
check "NIC prices: 25 Gbps is the cheapest that meets it" \
    awk '/"best": \{/ { b = 1; next } b { exit !/"settings": \{"cluster.nic": "25Gbps"\}/ }' "$TMP/np.out"
check "NIC prices: it costs 13 an hour" \
    grep -q '"cost": 13,' "$TMP/np.out"
"$PSIM" run --format json --set cluster.nic=25Gbps "$TMP/np.json" >"$TMP/np.run"
check_near "NIC prices: the run's cost is its worker hours x (1 + 0.3)" \
    "$(json "$TMP/np.run" cost.total)" \
    "$(awk -v h="$(json "$TMP/np.run" cost.worker_hours)" 'BEGIN { printf "%.12g", h * 1.3 }')" 1e-9
"$PSIM" run --set cluster.nic=40Gbps "$TMP/np.json" 2>"$TMP/np.err"
check "NIC prices: a NIC not in the table is an error, exit 2" test $? -eq 2
check "NIC prices: it says so" grep -q \
    "/cluster/price_per_hour/nic: no price for the cluster's NIC of 40 Gbps" "$TMP/np.err"

# 5. The JSON answer's keys are in psim(1).
grep -o '"[a-z_0-9]*": ' "$TMP/all.json" | tr -d '": ' | sort -u >"$TMP/keys"
missing=$(while read -r key; do grep -Eq "^\.It Cm $key( |\$)" "$SRCDIR/man/psim.1" || echo "$key"; done <"$TMP/keys")
if [ -z "$missing" ]; then ok "psim.1 documents every key of advise's JSON"
else not_ok "psim.1 documents every key of advise's JSON" "$missing"; fi
done_testing
