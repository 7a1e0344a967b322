#!/bin/sh
# psim run --timeline FILE: Chrome/Perfetto trace-event JSON.  Against the
# JSON report of the same run: one comm event per message the report
# counts, their bytes the hosts' bytes sent, each link counter's integral
# the link's bytes; a worker's compute spans are its steps, each the
# scenario's 1 s of compute.  The same run twice gives the same file;
# --timeline-steps keeps a range of steps; without it a cap stops the
# recording and says so.  (python3 checks the JSON: bootstrap installs it.)
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios

cat >"$TMP/tl.py" <<'EOF'
import json, sys
from collections import Counter, defaultdict

def fail(msg):
    print(msg)
    sys.exit(1)

def load(path):
    with open(path) as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        fail("no traceEvents list")
    return doc["traceEvents"]

def near(got, want, rel):
    return abs(got - want) <= rel * abs(want)

# valid: the fields the trace-event format asks of each phase
def check_format(ev):
    named = set()
    used = set()
    for e in ev:
        for k in ("name", "ph", "pid", "tid"):
            if k not in e:
                fail("event without %s: %r" % (k, e))
        if not isinstance(e["pid"], int) or not isinstance(e["tid"], int):
            fail("pid/tid not integers: %r" % e)
        ph = e["ph"]
        if ph not in ("M", "X", "i", "C", "s", "f"):
            fail("unexpected ph: %r" % e)
        if ph in ("s", "f") and (not isinstance(e.get("id"), int) or
                                 e.get("cat") != "flow"):
            fail("a flow event without its id: %r" % e)
        if ph == "M":
            if e["name"] not in ("process_name", "thread_name",
                                 "process_sort_index"):
                fail("unexpected metadata: %r" % e)
            if e["name"] == "thread_name":
                named.add((e["pid"], e["tid"]))
            continue
        if not isinstance(e.get("ts"), (int, float)) or e["ts"] < 0:
            fail("bad ts: %r" % e)
        if ph == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                fail("bad dur: %r" % e)
            used.add((e["pid"], e["tid"]))
        if ph == "i":
            if e.get("s") not in ("t", "p", "g"):
                fail("bad instant scope: %r" % e)
            if e["s"] == "t":
                used.add((e["pid"], e["tid"]))
        if ph == "C":
            if not e.get("args") or not all(
                    isinstance(v, (int, float)) for v in e["args"].values()):
                fail("bad counter: %r" % e)
    if used - named:
        fail("threads without a name: %r" % sorted(used - named)[:5])

def main(mode, trace, report=None):
    ev = load(trace)
    check_format(ev)
    comm = [e for e in ev if e["ph"] == "X" and e.get("cat") == "comm"]
    comp = [e for e in ev if e["ph"] == "X" and e.get("cat") == "compute"]
    if mode == "format":
        return
    if mode == "flows":
        # every message a flow: "s" on a thread of its sender's process,
        # inside a "send" slice there at the post, "f" inside the
        # message's span on its receiver's thread; ids once each
        by = defaultdict(dict)
        for e in ev:
            if e["ph"] in ("s", "f"):
                if e["ph"] in by[e["id"]]:
                    fail("flow id twice: %r" % e)
                by[e["id"]][e["ph"]] = e
        sends = {(e["pid"], e["tid"], e["ts"]) for e in ev
                 if e["ph"] == "X" and e.get("name") == "send"}
        if len(by) != len(comm):
            fail("%d flows for %d messages" % (len(by), len(comm)))
        ends = {(e["pid"], e["tid"]): [] for e in comm}
        for e in comm:
            ends[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
        src = {}
        for e in comm:
            src[(e["pid"], e["tid"], e["ts"])] = e["args"]["src_host"]
        for i, fl in by.items():
            s, f = fl.get("s"), fl.get("f")
            if s is None or f is None:
                fail("flow %d without both ends" % i)
            if (s["pid"], s["tid"], s["ts"]) not in sends:
                fail("flow %d starts in no send slice: %r" % (i, s))
            if not any(a <= f["ts"] <= b
                       for a, b in ends.get((f["pid"], f["tid"]), [])):
                fail("flow %d ends in no message span: %r" % (i, f))
        if set(s["pid"] for s in (fl["s"] for fl in by.values())) != \
                set(e["args"]["src_host"] for e in comm):
            fail("flows start from other hosts than the messages' senders")
        return
    if mode == "steps":
        steps = report
        lo, hi = (int(x) for x in steps.split(".."))
        bad = [e for e in comm + comp
               if not lo <= e["args"]["step"] <= hi]
        if bad or not comm or not comp:
            fail("%d events outside steps %s, %d comm, %d compute" %
                 (len(bad), steps, len(comm), len(comp)))
        per = Counter(e["pid"] for e in comp)
        if set(per.values()) != {hi - lo + 1}:
            fail("compute spans per worker: %r" % per)
        return
    if mode == "capped":
        notes = [e for e in ev if e["ph"] == "i" and e.get("cat") == "note"]
        if len(notes) != 1 or "capped" not in notes[0]["name"]:
            fail("no cap note")
        # (a message's flow is written from its one recorded event)
        if len([e for e in ev if e["ph"] not in ("M",) and
                e.get("cat") != "flow"]) > 200:
            fail("more events than the cap allows")
        return
    if mode == "rounds":
        # all-reduce: each step's messages per round of its exchange
        want = [int(x) for x in report.split(",")]
        steps = defaultdict(Counter)
        for e in comm:
            steps[e["args"]["step"]][e["args"].get("round")] += 1
        for st, c in sorted(steps.items()):
            if c != Counter(dict(enumerate(want))):
                fail("step %d: messages per round %r, want %r" %
                     (st, sorted(c.items(), key=str), want))
        if not steps:
            fail("no message")
        return
    with open(report) as f:
        r = json.load(f)
    if mode == "messages":
        if len(comm) != r["simulation"]["messages"]:
            fail("comm events %d, messages %d" %
                 (len(comm), r["simulation"]["messages"]))
    elif mode == "bytes":
        got = sum(e["args"]["bytes"] for e in comm
                  if e["args"]["src_host"] != e["args"]["dst_host"])
        want = sum(h["bytes_sent"] for h in r["hosts"])
        if not near(got, want, 1e-12):
            fail("comm bytes %r, hosts' bytes_sent %r" % (got, want))
    elif mode == "links":
        series = defaultdict(list)
        for e in ev:
            if e["ph"] == "C" and e.get("cat") == "link":
                series[e["name"]].append((e["ts"], e["args"]["Gbps"]))
        want = {l["name"]: l["bytes"] for l in r["links"]}
        if set(series) != set(want):
            fail("counter links %r, report links %r" %
                 (sorted(series), sorted(want)))
        for name, s in series.items():
            s.sort()
            gbit_us = sum(v * (s[i + 1][0] - t)
                          for i, (t, v) in enumerate(s[:-1]))
            got = gbit_us * 1e9 / 8 * 1e-6
            if not near(got, want[name], 1e-6) or s[-1][1] != 0:
                fail("%s: counter integral %r bytes, report %r" %
                     (name, got, want[name]))
    elif mode == "phases":
        # a PS: pushes from workers to the shards' hosts, pulls back
        role = {h["name"]: h["role"] for h in r["hosts"]}
        for e in comm:
            a = e["args"]
            srv, wrk = (a["dst"], a["src"]) if a["phase"] == "push" else \
                (a["src"], a["dst"])
            if a["phase"] not in ("push", "pull") or "round" in a or \
                    not role[srv].startswith("server") or \
                    not role[wrk].startswith("worker"):
                fail("phase %r from %s to %s" % (a["phase"], a["src"], a["dst"]))
        if Counter(e["args"]["phase"] for e in comm) != Counter(
                push=len(comm) // 2, pull=len(comm) // 2):
            fail("pushes and pulls differ")
    elif mode == "compute":
        want_us = 1e6
        per = Counter(e["pid"] for e in comp)
        n = r["workers"]
        if sorted(per) != list(range(n)) or set(per.values()) != {r["steps"]}:
            fail("compute spans per worker %r, want %d each of %d" %
                 (per, r["steps"], n))
        for e in comp:
            if not near(e["dur"], want_us, 1e-9):
                fail("compute span of %r us: %r" % (e["dur"], e))
    else:
        fail("unknown mode " + mode)

main(*sys.argv[1:])
EOF
tl() {	# tl NAME MODE TRACE [REPORT|STEPS]
	name=$1; shift
	check "$name" python3 "$TMP/tl.py" "$@"
}

for s in ring ps8; do
	f=$S/seed-250m-10w-10g-$s.json
	save "$TMP/$s.out" "$PSIM" run --set run.steps=2 \
	    --timeline "$TMP/$s.trace" -j "$TMP/$s.json" "$f" 2>/dev/null
	check "$s: runs with --timeline" ran "$TMP/$s.out" -- test -s "$TMP/$s.trace"
	tl "$s: a valid trace-event file" format "$TMP/$s.trace"
	tl "$s: a flow from each message's sender to its span (who sends to whom)" \
	    flows "$TMP/$s.trace"
	tl "$s: a comm event per message of the report" messages \
	    "$TMP/$s.trace" "$TMP/$s.json"
	tl "$s: comm bytes add up to the hosts' bytes sent" bytes \
	    "$TMP/$s.trace" "$TMP/$s.json"
	tl "$s: each link counter's integral is the link's bytes" links \
	    "$TMP/$s.trace" "$TMP/$s.json"
	tl "$s: a 1 s compute span per worker and step" compute \
	    "$TMP/$s.trace" "$TMP/$s.json"
	save "$TMP/$s.again.out" "$PSIM" run --set run.steps=2 \
	    --timeline "$TMP/$s.again" "$f" 2>/dev/null
	check "$s: the same run gives the same file" \
	    ran "$TMP/$s.out" "$TMP/$s.again.out" -- \
	    cmp "$TMP/$s.trace" "$TMP/$s.again"
	"$PSIM" run --set run.steps=3 --timeline "$TMP/$s.one" \
	    --timeline-steps 1..1 "$f" >/dev/null 2>&1
	tl "$s: --timeline-steps 1..1 keeps step 1's events only" steps \
	    "$TMP/$s.one" 1..1
done
tl "ps8: pushes to the servers, pulls from them" phases \
    "$TMP/ps8.trace" "$TMP/ps8.json"
# all-reduce's rounds: each message carries the round of its step's
# exchange; messages per round on 10 workers, from the algorithm by hand
# (one trace file for all: the last one's is removed, and the run's
# status checked, so that a failed run fails its check)
rounds() {	# rounds ALGORITHM COUNTS
	rm -f "$TMP/r.trace"
	save "$TMP/r.out" "$PSIM" run --set strategy.algorithm=$1 \
	    --set run.steps=3 --timeline "$TMP/r.trace" -o /dev/null \
	    "$S/seed-250m-10w-10g-ring.json"
	check "$1: messages per round $2" ran "$TMP/r.out" -- \
	    python3 "$TMP/tl.py" rounds "$TMP/r.trace" "$2"
}
rounds ring "$(awk 'BEGIN { for (i = 0; i < 18; i++) printf "%s10", i ? "," : "" }')"
# MPICH's fold: 2 folded in, 3 rounds of the core of 8, 2 folded back
rounds recursive-doubling 2,8,8,8,2
rounds halving-doubling 2,8,8,8,8,8,8,2
# 4 levels up (5, 2, 1, 1 senders) and back down
rounds binomial-tree 5,2,1,1,1,1,2,5
rounds all-to-all 90
# 2 x 5: the rows' 4 rounds, the columns' 1, and back
rounds 2d-ring 10,10,10,10,10,10,10,10,10,10
check "ps8: PS apply instants on the servers" \
    grep -q '"name":"apply","cat":"ps","ph":"i"' "$TMP/ps8.trace"
check "ring: process per host named with its role" \
    grep -q '"args":{"name":"host-3 (worker 3)"}' "$TMP/ring.trace"

# worker 0 holds the variables: messages within a host count too
"$PSIM" run --set run.steps=2 --timeline "$TMP/w0.trace" -j "$TMP/w0.json" \
    "$S/seed-250m-10w-10g-ps-worker0.json" >/dev/null 2>&1
for m in messages bytes links; do
	tl "ps-worker0: the $m check" $m "$TMP/w0.trace" "$TMP/w0.json"
done

# with faults, the instants
"$PSIM" run --timeline "$TMP/f.trace" \
    "$S/spot-250m-10w-10g-ring-checkpoints.json" --timeline-steps 0..3 \
    >/dev/null 2>&1
tl "faults: a valid trace-event file" format "$TMP/f.trace"
check "faults: checkpoints as instant events" \
    grep -q '"name":"checkpoint","cat":"fault","ph":"i"' "$TMP/f.trace"

# the cap
PSIM_TIMELINE_CAP=200 "$PSIM" run --timeline "$TMP/cap.trace" \
    "$S/seed-250m-10w-10g-ring.json" >/dev/null 2>"$TMP/cap.err"
check "capped: says so on stderr" grep -qxF \
    "psim: timeline: capped at 200 events; use --timeline-steps" \
    "$TMP/cap.err"
tl "capped: a valid file with a note, within the cap" capped \
    "$TMP/cap.trace"

# bad values: one line, exit 2
for v in x 2..1 1.. ..3 -1..2 1..2x; do
	"$PSIM" run --timeline "$TMP/bad.trace" --timeline-steps "$v" \
	    "$S/seed-250m-10w-10g-ring.json" >/dev/null 2>"$TMP/bad.err"
	st=$?
	check "--timeline-steps $v: exit 2" test "$st" -eq 2
	check "--timeline-steps $v: one line" grep -qxF "psim: run: \
--timeline-steps: expected steps A..B (0-based, 0 <= A <= B), got \"$v\"" \
	    "$TMP/bad.err"
done
"$PSIM" run --timeline-steps 1..2 "$S/seed-250m-10w-10g-ring.json" \
    >/dev/null 2>"$TMP/alone.err"
check "--timeline-steps without --timeline: exit 2" test $? -eq 2
check "--timeline-steps without --timeline: says so" grep -qxF \
    "psim: run: --timeline-steps: expected --timeline FILE with it, got none" \
    "$TMP/alone.err"
check "--timeline FILE is not left behind on a bad value" \
    test ! -e "$TMP/bad.trace"

# --timeline -: the standard output, with the report to --output
"$PSIM" run --set run.steps=1 --timeline - -o "$TMP/out.txt" \
    "$S/seed-250m-10w-10g-ring.json" >"$TMP/stdout.trace" 2>/dev/null
tl "--timeline - -o FILE: the trace on the standard output" format \
    "$TMP/stdout.trace"
"$PSIM" run --timeline - "$S/seed-250m-10w-10g-ring.json" >/dev/null \
    2>"$TMP/dash.err"
check "--timeline - without --output: exit 2" test $? -eq 2
check "--timeline - without --output: one line" test "$(grep -c . \
    "$TMP/dash.err")" -eq 1

done_testing
