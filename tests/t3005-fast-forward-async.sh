#!/bin/sh
# run.fast_forward for an asynchronous PS (async; ssp without faults),
# issue 37's
# rule (tests/near-report.py): 12 fault-free runs (dedicated servers and
# shards on workers, a slow worker, three network models, run.steps and
# run.duration) and 30 under faults (preemptions drawn or replayed from a
# trace, notices, checkpoints, server and link failures, run.steps and
# run.duration) and 8 more under faults made to skip whole checkpoint
# windows (fastforward-window.c) give the report of the run without it,
# every number to 1e-9, but for the figures that follow the order SimGrid gives to
# events at one instant or a nanosecond in the times (the staleness, or
# any figure that 2 runs without it with another sample of that order,
# PSIM_TIE_PROBE, or 2 with the compute nudged by 1e-9 show to move),
# which lie within 0.5% of it or the 95% prediction interval of those 5
# runs and 4 replicates with other seeds (the decision's replicates);
# and most of them skip steps (shards on workers skip nothing:
# psim-scenario(5), run.fast_forward).
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios
NEAR=$SRCDIR/tests/near-report.py

cp "$S/spot-250m-10w-10g-async-ps8.json" "$S/spot-p3-10w-24h.csv" "$TMP/"

python3 - "$TMP" >"$TMP/corpus" <<'EOF'
import json, random, sys
tmp = sys.argv[1]
r = random.Random(43)
for i in range(1, 43):
    faults = i > 12
    sc = json.load(open(tmp + "/spot-250m-10w-10g-async-ps8.json"))
    sc["name"] = "async-corpus-%d" % i
    n = r.choice([3, 4, 6, 8])
    sc["placement"] = {"workers": n}
    sync = "ssp" if i % 5 == 0 else "async"
    if i % 3 == 0 and not faults:	# shards on workers (skip nothing)
        sc["strategy"] = {"name": "ps", "colocate": True,
                          "shards": r.randint(1, n), "sync": sync}
    else:
        k = r.choice([1, 2, 4])
        sc["placement"]["servers"] = k
        sc["strategy"] = {"name": "ps", "shards": k, "sync": sync}
    if sync == "ssp":
        sc["strategy"]["staleness"] = r.choice([1, 3])
    sc["model"]["params"] = "%dM" % r.choice([10, 50, 250])
    sc["model"]["compute"] = "%gs" % r.choice([0.5, 1, 2])
    sc["network"] = r.choice(["realistic", "realistic", "ideal", "cm02"])
    if r.random() < 0.25:
        sc["cluster"]["slow_hosts"] = [{"host": "host-1",
                                        "factor": r.choice([1.2, 1.5])}]
    if not faults:
        del sc["faults"]
        # (ssp without faults runs steps, not a duration)
        sc["run"] = r.choice([{"steps": r.choice([400, 800])}] + (
            [{"duration": "%dmin" % r.choice([20, 40])}] if sync ==
            "async" else []))
    else:
        f = sc["faults"] = {}
        if r.random() < 0.25:
            f["preemption"] = {"trace": "spot-p3-10w-24h.csv",
                               "time_scale": r.choice([0.05, 0.1])}
        else:
            f["preemption"] = {"mttp": "%gh" % r.choice([1, 3, 8])}
        if r.random() < 0.5:
            f["notice"] = "%ds" % r.choice([60, 120])
        f["replacement"] = "%dmin" % r.choice([2, 14])
        f["restart"] = "%ds" % r.choice([30, 120])
        if r.random() < 0.6:
            f["checkpoint"] = {"every": r.choice([20, 50, 100])}
        if r.random() < 0.2 and "servers" in sc["placement"] and \
                sync == "async":	# (ssp: no server failures)
            f["servers"] = {"mttp": "%dh" % r.choice([2, 6]),
                            "replacement": "5min"}
            f["checkpoint"] = {"every": r.choice([20, 50])}
        if r.random() < 0.2:
            f["links"] = {"mttp": "%dh" % r.choice([2, 6]),
                          "repair": "5min"}
        sc["run"] = r.choice([{"steps": r.choice([600, 1200])},
                              {"duration": "%dh" % r.choice([1, 2])}])
    name = "corpus-%d.json" % i
    json.dump(sc, open(tmp + "/" + name, "w"), indent=1)
    print(name, "faults" if faults else "none", json.dumps(
        {"placement": sc["placement"], "strategy": sc["strategy"],
         "network": sc["network"], "faults": sc.get("faults"),
         "run": sc["run"]}, separators=(",", ":")))
EOF
# 8 more under faults, made to skip whole checkpoint windows
# (fastforward-window.c): a few workers, short steps, checkpoints every
# 10 to 40 steps, hours between preemptions
python3 - "$TMP" >>"$TMP/corpus" <<'EOF'
import json, random, sys
tmp = sys.argv[1]
r = random.Random(61)
for i in range(43, 51):
    sc = json.load(open(tmp + "/spot-250m-10w-10g-async-ps8.json"))
    sc["name"] = "async-corpus-%d" % i
    n = r.choice([3, 4, 5])
    k = r.choice([1, 2, 4])
    sc["placement"] = {"workers": n, "servers": k}
    sc["strategy"] = {"name": "ps", "shards": k, "sync": "async"}
    sc["model"]["params"] = "%dM" % r.choice([10, 50])
    sc["model"]["compute"] = "%gs" % r.choice([0.5, 1])
    sc["network"] = r.choice(["realistic", "ideal", "cm02"])
    f = sc["faults"] = {"preemption": {"mttp": "%gh" % r.choice([4, 8, 12])},
        "replacement": "%dmin" % r.choice([2, 14]), "restart": "30s",
        "checkpoint": {"every": r.choice([10, 20, 40])}}
    if r.random() < 0.4:
        f["notice"] = "120s"
    if r.random() < 0.3:
        f["links"] = {"mttp": "6h", "repair": "5min"}
    sc["run"] = {"duration": "%dh" % r.choice([2, 3])}
    name = "corpus-%d.json" % i
    json.dump(sc, open(tmp + "/" + name, "w"), indent=1)
    print(name, "windows", json.dumps({"placement": sc["placement"],
        "strategy": sc["strategy"], "network": sc["network"],
        "faults": sc["faults"], "run": sc["run"]}, separators=(",", ":")))
EOF

# near FILE KIND WHAT: the run with fast_forward true against the run
# without it and 4 more: 2 with another sample of the order of events at
# one instant, 2 with the compute nudged by 1e-9 (a skip's times carry
# rounding of that order: an asynchronous PS that is sensitive to it
# shows it so); the steps skipped in $skipped (-1 if not near)
near() {
	nudged=""
	for p in 0.37 1.13; do
		PSIM_TIE_PROBE=$p "$PSIM" run -f json -s run.fast_forward=false \
		    "$TMP/$1" >"$TMP/probe$p.json" 2>/dev/null
		nudged="$nudged $TMP/probe$p.json"
	done
	for k in 1 -1; do
		python3 - "$TMP/$1" "$TMP/nudge.json" "$k" <<'EOF'
import json, sys
sc = json.load(open(sys.argv[1]))
s = float(sc["model"]["compute"].rstrip("s"))
sc["model"]["compute"] = repr(s * (1 + int(sys.argv[3]) * 1e-9)) + "s"
json.dump(sc, open(sys.argv[2], "w"))
EOF
		"$PSIM" run -f json -s run.fast_forward=false "$TMP/nudge.json" \
		    >"$TMP/nudge$k.json" 2>/dev/null
		nudged="$nudged $TMP/nudge$k.json"
	done
	# the replicates of the decision's rule: other seeds (other fault
	# draws), for the figures that move
	nudged="$nudged --"
	for k in 2 3 4 5; do
		"$PSIM" run -f json -s run.fast_forward=false -s seed=$k \
		    "$TMP/$1" >"$TMP/seed$k.json" 2>/dev/null
		nudged="$nudged $TMP/seed$k.json"
	done
	# shellcheck disable=SC2086
	if "$PSIM" run -f json "$TMP/$1" >"$TMP/on.json" 2>"$TMP/err" &&
	    "$PSIM" run -f json -s run.fast_forward=false "$TMP/$1" \
	    >"$TMP/off.json" 2>>"$TMP/err" &&
	    out=$(python3 "$NEAR" "$TMP/on.json" "$TMP/off.json" $nudged \
	    2>>"$TMP/err"); then
		skipped=${out% *}
		ok "$1 ($2) $3: $skipped steps skipped, near (${out#* } figures by the interval)"
	else
		not_ok "$1 ($2) $3: near" "$out $(cat "$TMP/err")"
		skipped=-1
	fi
}

calm=0 stormy=0 windowed=0
while read -r f kind what; do
	near "$f" "$kind" "$what"
	[ "$skipped" -gt 0 ] || continue
	if [ "$kind" = windows ]; then
		# the same run with a period's skip only
		PSIM_FF_WINDOWS=0 "$PSIM" run -f json "$TMP/$f" >"$TMP/nowin.json"
		w=$(json "$TMP/nowin.json" simulation.fast_forwarded_steps)
		[ "$skipped" -gt "${w:-$skipped}" ] && windowed=$((windowed + 1))
	fi
	case $kind in
	none) calm=$((calm + 1)) ;;
	*) stormy=$((stormy + 1)) ;;
	esac
done <"$TMP/corpus"
# (workers whose steps last differently, as beside a shard on a worker's
# own host, never repeat together: shards on workers are left out)
check "half the fault-free runs skip steps ($calm of 12)" test "$calm" -ge 6
check "two thirds of the runs under faults skip steps ($stormy of 38)" \
    test "$stormy" -ge 25
check "half the runs made for it skip whole windows ($windowed of 8)" \
    test "$windowed" -ge 4

done_testing
