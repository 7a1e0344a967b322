#!/bin/sh
# psim animate: the page's data against the run's JSON report (every
# link's drawn rates integrate to the report's bytes of the steps
# played; the messages are the report's), the network it draws (a star,
# two tiers, a platform file), the page's bounds (one message in k, rates
# in bins that keep the bytes), one page for the same scenarios, nothing
# fetched from anywhere, and the errors.  (python3 reads the page's
# data: bootstrap installs it.)  tests/t4006 plays the page in Chromium.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios

cat >"$TMP/page.py" <<'EOF'
import json, re, sys

def fail(msg):
    print(msg)
    sys.exit(1)

def panels(path):
    text = open(path, encoding="utf-8").read()
    m = re.search(r'<script id="psim-data" type="application/json">\n(.*?)\n</script>', text, re.S)
    if not m:
        fail("no psim-data in " + path)
    return text, json.loads(m.group(1))

def near(got, want, rel):
    return abs(got - want) <= rel * max(abs(want), 1e-300)

def integral(rates, span):
    """GB a link's steps [t0, g0, t1, g1, ...] carry up to span"""
    gb = 0.0
    for k in range(0, len(rates), 2):
        end = rates[k + 2] if k + 2 < len(rates) else span
        gb += rates[k + 1] * (end - rates[k]) / 8
    return gb

def conservation(page, report):
    """every link's drawn GB = the report's bytes; messages the same"""
    _, ps = panels(page)
    rep = json.load(open(report))
    p = ps[0]
    bytes_of = {l["name"]: l["bytes"] for l in rep["links"]}
    seen = 0
    for i, l in enumerate(p["links"]):
        gb = integral(p["rates"][i], p["span_s"])
        want = bytes_of.get(l[0], 0) / 1e9
        if not near(gb, want, 1e-9) and not (want == 0 and gb == 0):
            fail("%s: drawn %.12g GB, report %.12g GB" % (l[0], gb, want))
        seen += want > 0
    if seen == 0:
        fail("no link carried anything")
    if p["messages"] != rep["simulation"]["messages"]:
        fail("messages %d, report %d" % (p["messages"], rep["simulation"]["messages"]))
    print("ok: %d links" % seen)

def graph(page, nodes, edges, hosts):
    """the drawn network: nodes (hosts + switches), cables, every host
    on a cable, every cable's lanes in it ("-": any count)"""
    nodes, edges, hosts = (int(x) if x != "-" else None for x in (nodes, edges, hosts))
    _, ps = panels(page)
    p = ps[0]
    if nodes is not None and (len(p["nodes"]) != nodes or len(p["edges"]) != edges):
        fail("%d nodes, %d edges; expected %d, %d" % (len(p["nodes"]),
             len(p["edges"]), nodes, edges))
    host_nodes = [n for n in p["nodes"] if n[3] != "switch"]
    if len(host_nodes) != hosts:
        fail("%d hosts drawn, expected %d" % (len(host_nodes), hosts))
    touched = set(v for e in p["edges"] for v in e)
    for v in range(hosts):
        if v not in touched:
            fail("host %s on no cable" % p["nodes"][v][2])
    for n in p["nodes"]:
        if not (-1.0001 <= n[0] <= 1.0001 and -1.0001 <= n[1] <= 1.0001):
            fail("node outside the layout: %r" % n)
    lanes = [l for l in p["links"] if l[2] >= 0]
    if any(l[3] == 0 for l in lanes if l[0].endswith(("_UP", "_DOWN"))):
        fail("a split-duplex lane with no direction")
    print("ok")

def every(page, k, drawn):
    k, drawn = int(k), int(drawn)
    text, ps = panels(page)
    p = ps[0]
    if p["every"] != k or len(p["marks"]) // 4 != drawn:
        fail("every %d, %d drawn; expected %d, %d" % (p["every"],
             len(p["marks"]) // 4, k, drawn))
    print("ok")

def binned(page, report):
    _, ps = panels(page)
    if not ps[0]["rates_bin_s"] > 0:
        fail("rates not binned")
    if sum(len(r) // 2 for r in ps[0]["rates"]) > 400:
        fail("more samples than the bound")
    conservation(page, report)

def selfcontained(page):
    text, _ = panels(page)
    for bad in (r'\ssrc\s*=', r'\shref\s*=', r'<link', r'@import', r'url\(',
                r'<iframe', r'<img', r'fetch\(', r'XMLHttpRequest'):
        if re.search(bad, text, re.I):
            fail("the page has " + bad)
    urls = set(re.findall(r'https?://[^\s"\'<>]*', text))
    if urls - {"http://www.w3.org/2000/svg"}:
        fail("the page names %r" % (urls,))
    if "default-src 'none'" not in text:
        fail("no Content-Security-Policy")
    print("ok")

def core(page):
    """the center: a switch at (0, 0) whose cables all go to switches,
    one per rack"""
    _, ps = panels(page)
    p = ps[0]
    c = p["center"]
    nb = [e[0] + e[1] - c for e in p["edges"] if c in e]
    if p["nodes"][c][3] != "switch" or p["nodes"][c][:2] != [0, 0]:
        fail("center %r" % p["nodes"][c])
    if len(nb) != 4 or any(p["nodes"][v][3] != "switch" for v in nb):
        fail("the center's neighbours: %r" % nb)
    print("ok")

def faultwin(page, trace, k, before, after):
    """each panel's window: from before s ahead of the k-th fault in the
    trace (a preemption: time_s,preempt,host) to after s past that
    host's return; the host drawn down in it from the fault on"""
    _, ps = panels(page)
    rows = [l.strip().split(",") for l in open(trace)][1:]
    k, before, after = int(k), float(before), float(after)
    faults = [(float(t), h) for t, e, h in rows if e == "preempt"]
    t_f, host = faults[k - 1]
    back = min(float(t) for t, e, h in rows if e == "return" and h == host
               and float(t) > t_f)
    for p in ps:
        if not near(p["start_s"], t_f - before, 1e-9) or \
           not near(p["start_s"] + p["span_s"], back + after, 1e-9):
            fail("window %r + %r, expected %r to %r" % (p["start_s"],
                 p["span_s"], t_f - before, back + after))
        h = [v for v, n in enumerate(p["nodes"]) if n[2] == host][0]
        d = p["down"]
        spans = [(d[i + 1], d[i + 2]) for i in range(0, len(d), 3)
                 if d[i] == h]
        if not any(near(a + p["start_s"], t_f, 1e-9) and
                   near(b + p["start_s"], back, 1e-9) for a, b in spans):
            fail("%s down %r, expected %r to %r" % (host, spans, t_f, back))
    print("ok: fault %d, %s, %g to %g" % (k, host, t_f, back))

def done(page, want, fewer):
    """each panel's steps done after its last exchange: want (an
    integer); with fewer, more than the exchanges over the workers (an
    elastic ring that lost workers: its steps have fewer exchanges)"""
    _, ps = panels(page)
    for p in ps:
        d, n = p["done_after"], len(p["exchanges"])
        if len(d) != n or any(b < a for a, b in zip(d, d[1:])):
            fail("%s: done_after not one a exchange, rising" % p["name"])
        if want != "-" and not near(d[-1], float(want), 1e-9):
            fail("%s: %r steps done, expected %s" % (p["name"], d[-1], want))
        if abs(d[-1] - round(d[-1])) > 1e-9:
            fail("%s: %r steps done, not whole steps" % (p["name"], d[-1]))
        if fewer and not d[-1] > n / p["workers"] + 0.5:
            fail("%s: %r steps done, not above %g exchanges over %d "
                 "workers" % (p["name"], d[-1], n, p["workers"]))
    print("ok: %r" % [p["done_after"][-1] for p in ps])

def field(page, i, key):
    _, ps = panels(page)
    v = ps[int(i)][key]
    print(json.dumps(v) if not isinstance(v, str) else v)

globals()[sys.argv[1]](*sys.argv[2:])
EOF
page() { python3 "$TMP/page.py" "$@"; }

# The seed lesson: three panels, the same bytes twice
check "the seed lesson" "$PSIM" animate -o "$TMP/lesson.html" \
	"$S/seed-250m-10w-10g-ps1.json" "$S/seed-250m-10w-10g-ps8.json" \
	"$S/seed-250m-10w-10g-ring.json"
# (the page on the standard output, and its run's status: save, ran)
save "$TMP/again.html" "$PSIM" animate "$S/seed-250m-10w-10g-ps1.json" \
	"$S/seed-250m-10w-10g-ps8.json" "$S/seed-250m-10w-10g-ring.json" \
	2>/dev/null
check "same scenarios, same page" ran "$TMP/again.html" -- \
	cmp "$TMP/lesson.html" "$TMP/again.html"
check "an HTML page" sh -c "head -1 '$TMP/lesson.html' | grep -qx '<!DOCTYPE html>'"
check "nothing fetched: no src, href, url(), only the SVG namespace" \
	page selfcontained "$TMP/lesson.html"
check "three panels" test "$(page field "$TMP/lesson.html" 2 name)" = \
	seed-250m-10w-10g-ring
check "each panel: 1 step done in its step played" \
	page done "$TMP/lesson.html" 1 ""
check "the step after the warm-up by default" \
	test "$(page field "$TMP/lesson.html" 0 steps)" = "[1, 1]"
span=$(page field "$TMP/lesson.html" 0 span_s)
step=$(page field "$TMP/lesson.html" 0 step_s)
check_near "a sync PS's step plays for its step time" "$span" "$step" 1e-6

# Every link's drawn load is its bytes: all 5 steps of each seed
for s in ps1 ps8 ring all-to-all ps-worker0; do
	f=$S/seed-250m-10w-10g-$s.json
	"$PSIM" animate --steps 0..4 -o "$TMP/$s.html" "$f" &&
		"$PSIM" run -f json -o "$TMP/$s.json" "$f" ||
		not_ok "$s: animate and run"
	check "$s: each link's drawn GB is the report's bytes, the messages its" \
		page conservation "$TMP/$s.html" "$TMP/$s.json"
done
check "the five steps of each, done" sh -c "for s in ps1 ps8 ring all-to-all ps-worker0; do python3 '$TMP/page.py' done '$TMP/'\$s.html 5 '' || exit 1; done"
# An elastic ring that lost workers around a preemption: every step done
# counts one, with fewer exchanges than a step of all the workers
"$PSIM" animate --fault 1 -s faults.elastic.min_workers=2 -o "$TMP/elastic.html" \
	"$S/spot-250m-10w-10g-ring.json" 2>"$TMP/err" || not_ok "elastic page" "$(cat "$TMP/err")"
check "an elastic ring's steps done: whole steps, more than exchanges over workers" \
	page done "$TMP/elastic.html" - fewer
# a run where the steps are not alike: stragglers, 3 of its steps
"$PSIM" animate --steps 2..4 -s run.steps=5 -o "$TMP/str.html" \
	"$S/straggler-sync-ps.json" 2>"$TMP/err" || not_ok "stragglers" "$(cat "$TMP/err")"
check "stragglers: drawn steps 2..4" test "$(page field "$TMP/str.html" 0 steps)" = "[2, 4]"

# A checkpoint inside the steps played: its instant on worker 0's host,
# its 8 GB message to the storage host among the marks
"$PSIM" animate --steps 28..31 -s run.steps=32 -o "$TMP/ckpt.html" \
	"$S/spot-250m-10w-10g-ring-checkpoints.json" 2>"$TMP/err" ||
	not_ok "checkpoint page" "$(cat "$TMP/err")"
check "a checkpoint: its instant on host 0, in the window" sh -c \
	"python3 '$TMP/page.py' field '$TMP/ckpt.html' 0 instants | grep -Eq '^\[0, [0-9.]+, \"checkpoint\"\]\$'"
check "... and its message, marked as one (kind 3)" sh -c \
	"python3 '$TMP/page.py' field '$TMP/ckpt.html' 0 marks | tr -d ' []' | tr , '\n' | awk 'NR % 4 == 0 && \$1 == 3 { n++ } END { exit n != 1 }'"

# The network drawn: star (11 hosts + a switch), two tiers (16 hosts, 4
# rack switches, a core), a platform file's 8 hosts
check "star: 11 hosts around one switch" page graph "$TMP/lesson.html" 12 11 11
"$PSIM" animate -s cluster.topology=two-tier -s cluster.racks=4 \
	-s placement.workers=16 -o "$TMP/tt.html" "$S/seed-250m-10w-10g-ring.json" 2>"$TMP/err" ||
	not_ok "two-tier page" "$(cat "$TMP/err")"
check "two tiers: 16 hosts, 4 racks' switches and uplinks, a core" \
	page graph "$TMP/tt.html" 21 20 16
check "two tiers: the core in the middle, a cable to each rack" page core "$TMP/tt.html"
"$PSIM" animate -o "$TMP/lab.html" "$S/lab-2x4-ring.json" 2>"$TMP/err" ||
	not_ok "platform file page" "$(cat "$TMP/err")"
check "a platform file: its 8 hosts, each on a cable" page graph "$TMP/lab.html" - - 8
"$PSIM" animate --steps 0..4 -o "$TMP/labc.html" "$S/lab-2x4-ring.json" &&
	"$PSIM" run -f json -o "$TMP/labc.json" "$S/lab-2x4-ring.json" ||
	not_ok "lab animate and run"
check "a platform file: drawn GB the report's bytes" \
	page conservation "$TMP/labc.html" "$TMP/labc.json"

# Bounds: one message in k; rates averaged in bins keep the bytes
PSIM_ANIMATE_MARKS=50 "$PSIM" animate -o "$TMP/thin.html" \
	"$S/seed-250m-10w-10g-ring.json" 2>/dev/null
check "180 messages under a bound of 50: one in 4, 45 drawn" \
	page every "$TMP/thin.html" 4 45
check "the page says so" grep -q "one message in ' + p.every" "$TMP/thin.html"
PSIM_ANIMATE_POINTS=400 "$PSIM" animate --steps 0..4 -o "$TMP/bin.html" \
	"$S/seed-250m-10w-10g-ring.json" 2>/dev/null
"$PSIM" run -f json -o "$TMP/ring.json" "$S/seed-250m-10w-10g-ring.json"
check "rates in bins: at most 400 samples, each link's bytes kept" \
	page binned "$TMP/bin.html" "$TMP/ring.json"

# A name that would end the data's script element stays inside it
"$PSIM" animate -s 'name=a</script><b>x' -o "$TMP/esc.html" \
	"$S/seed-250m-10w-10g-ring.json" 2>"$TMP/err"
check "</script> in a name is escaped" test "$(grep -c '</script>' "$TMP/esc.html")" -eq 2
check "and read back whole" test "$(page field "$TMP/esc.html" 0 name)" = 'a</script><b>x'

# Around a fault: its window from the notice and two fault-free steps
# before the k-th preemption of psim trace's to the relaunch and three
# after its host's return, the host down from one to the other; the
# same fault in every strategy's panel (the same seed, the same draws)
F="-s run.steps=200 -s faults.preemption.mttp=30min -s faults.replacement=1min -s faults.notice=10s -s faults.restart=1min"
# shellcheck disable=SC2086
"$PSIM" trace --until 2000s $F "$S/spot-250m-10w-10g-async-ps8.json" \
	>"$TMP/trace.csv" 2>"$TMP/err" || not_ok "psim trace"
# shellcheck disable=SC2086
"$PSIM" animate --fault 2 $F -o "$TMP/fault.html" \
	"$S/spot-250m-10w-10g-async-ps8.json" "$S/spot-250m-10w-10g-sync-ps8.json" \
	2>"$TMP/err" || not_ok "animate --fault 2"
# (the PS's closed-form step: 3.00002 s, 1 s of compute, 2 s of exchange
# and 2 latencies of 5 us)
check "--fault 2: 10 s + 2 steps before, 60 s + 3 steps after, host down" \
	page faultwin "$TMP/fault.html" "$TMP/trace.csv" 2 16.00004 69.00006
# shellcheck disable=SC2086
"$PSIM" animate --fault 999 $F "$S/spot-250m-10w-10g-async-ps8.json" \
	>/dev/null 2>"$TMP/err"
check "--fault past the run's faults: exit 2" test $? -eq 2
check "... saying how many it has" grep -q "fault 999: the run has [0-9]* faults" "$TMP/err"
"$PSIM" animate --fault 0 "$S/seed-250m-10w-10g-ps1.json" >/dev/null 2>"$TMP/err"
check "--fault 0: exit 2" test $? -eq 2
check "... expected a fault's number" grep -q "expected a fault's number" "$TMP/err"
"$PSIM" animate --fault 1 --steps 0..1 "$S/seed-250m-10w-10g-ps1.json" >/dev/null 2>"$TMP/err"
check "--fault and --steps: exit 2" test $? -eq 2

# Errors: exit 2 and why
"$PSIM" animate --steps 7..9 "$S/seed-250m-10w-10g-ps1.json" >/dev/null 2>"$TMP/err"
check "steps past the run: exit 2" test $? -eq 2
check "... saying how many it has" grep -q "the run has 5 steps (0..4)" "$TMP/err"
"$PSIM" animate --steps 3 "$S/seed-250m-10w-10g-ps1.json" >/dev/null 2>"$TMP/err"
check "--steps 3: exit 2" test $? -eq 2
check "... expected A..B" grep -q "expected steps A..B" "$TMP/err"
"$PSIM" animate a b c d e f g h i >/dev/null 2>"$TMP/err"
check "nine scenarios: exit 2" test $? -eq 2
check "... at most 8" grep -q "at most 8 side by side" "$TMP/err"
"$PSIM" animate "$TMP/none.json" >/dev/null 2>"$TMP/err"
check "a missing scenario: exit 2" test $? -eq 2
cp "$S/seed-250m-10w-10g-ps1.json" "$TMP/mine.json"
"$PSIM" animate -o "$TMP/mine.json" "$TMP/mine.json" >/dev/null 2>"$TMP/err"
check "-o onto the scenario: exit 2" test $? -eq 2
check "... the scenario kept" cmp "$TMP/mine.json" "$S/seed-250m-10w-10g-ps1.json"
"$PSIM" animate "$S/jobs-two-rings-within-racks.json" >/dev/null 2>"$TMP/err"
check "several jobs: exit 2" test $? -eq 2
check "... saying so" grep -q "jobs" "$TMP/err"
"$PSIM" animate -s run.steps=0 "$S/seed-250m-10w-10g-ps1.json" >/dev/null 2>"$TMP/err"
check "a bad --set: exit 2" test $? -eq 2
check "--help" sh -c "'$PSIM' animate --help | grep -q -- '--steps A..B'"

done_testing
