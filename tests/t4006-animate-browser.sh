#!/bin/sh
# psim animate's page in a real browser: headless Chromium, driven over
# the DevTools protocol (tests/browser.py), plays the seed lesson to fixed
# instants and reads what the page drew against the runs' JSON reports:
# the single PS's link is the busiest in the middle of the push, 8 shards
# keep every link at or under 10 Gbps, each link's GB carried at the end
# is the report's bytes, each NIC's load is its lanes', compute shows on
# the workers; Play and the scrubber move the clock; the page asks for
# nothing but itself and throws nothing.  Skipped without Chromium (CI
# installs Debian's chromium; PSIM_BROWSER names another).
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios

if ! python3 -c "import sys; sys.path.insert(0, '$SRCDIR/tests')
from browser import find_browser
sys.exit(find_browser() is None)" 2>/dev/null; then
	skip "the seed lesson in Chromium" "no chromium (apt-get install chromium)"
	done_testing
	exit 0
fi

"$PSIM" animate -o "$TMP/lesson.html" "$S/seed-250m-10w-10g-ps1.json" \
	"$S/seed-250m-10w-10g-ps8.json" "$S/seed-250m-10w-10g-ring.json" ||
	not_ok "the seed lesson"
"$PSIM" animate --steps 0..4 -o "$TMP/whole.html" "$S/seed-250m-10w-10g-ps1.json" \
	"$S/seed-250m-10w-10g-ring.json" || not_ok "whole runs"
# an asynchronous PS under preemptions (a fault every few seconds of
# its 60 steps), as a page and as --timeline's records of the same run
F="--set run.steps=60 --set faults.preemption.mttp=5min --set faults.replacement=1min --set faults.notice=10s"
# shellcheck disable=SC2086
"$PSIM" animate --steps 0..59 $F -o "$TMP/spot.html" \
	"$S/spot-250m-10w-10g-async-ps8.json" || not_ok "the spot page"
# the synchronous PS under another seed: its own faults, at other times
sed 's/"seed": 1,/"seed": 2,/' "$S/spot-250m-10w-10g-sync-ps8.json" >"$TMP/sync2.json"
# shellcheck disable=SC2086
"$PSIM" animate --steps 0..59 $F -o "$TMP/two.html" \
	"$S/spot-250m-10w-10g-async-ps8.json" "$TMP/sync2.json" || not_ok "two seeds"
# shellcheck disable=SC2086
"$PSIM" run $F --timeline "$TMP/spot-timeline.json" -o /dev/null \
	"$S/spot-250m-10w-10g-async-ps8.json" || not_ok "the spot timeline"
"$PSIM" animate --steps 0..2 -o "$TMP/four.html" \
	"$S/seed-250m-10w-10g-ps1.json" "$S/seed-250m-10w-10g-ps8.json" \
	"$S/seed-250m-10w-10g-ring.json" "$S/seed-250m-10w-10g-all-to-all.json" ||
	not_ok "the four seed answers"
for s in ps1 ring; do
	"$PSIM" run -f json -o "$TMP/$s.json" "$S/seed-250m-10w-10g-$s.json" ||
		not_ok "$s report"
done

cat >"$TMP/play.py" <<'EOF'
import json, sys, time
sys.path.insert(0, sys.argv[1] + "/tests")
from browser import Browser

TMP = sys.argv[2]
n = 0
failed = 0

def check(name, cond, detail=""):
    global n, failed
    n += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n, name))
    if not cond:
        failed += 1
        for line in str(detail).splitlines():
            print("# " + line)

def near(a, b, rel):
    return abs(a - b) <= rel * max(abs(b), 1e-300)

b = Browser(width=1600, height=1000)
try:
    url = b.open(TMP + "/lesson.html")
    A = "psimAnimate."
    # each panel from the start of its own step (the default is one clock)
    b.eval(A + "align('steps')")
    check("the page loads and draws three panels",
          b.eval("document.querySelectorAll('section.panel').length") == 3)
    # the single PS: 1 s of compute, then 10 pushes of 1 GB into one
    # 10 Gbps link (8 s); at 5 s its link is the busiest by far
    b.eval(A + "seek(5)")
    lanes = b.eval(A + "lanes(0)")
    top = max(lanes, key=lambda l: l["gbps"])
    rest = max(l["gbps"] for l in lanes if l is not top)
    check("PS1, middle of the push: the server's link is the busiest",
          top["link"] == "star_link_10_DOWN" and top["gbps"] > 9 and
          top["gbps"] > 5 * rest, json.dumps(top) + " next %g" % rest)
    rgb = [int(x) for x in top["colour"][4:-1].split(",")]
    label = b.eval("document.querySelector('[data-link=star_link_10_DOWN]')"
                   ".parentNode.querySelector('text').textContent")
    check("... drawn red (the top of the scale), labelled 9.7 (Gbps)",
          rgb[0] > 200 and rgb[1] < 80 and label == "9.7" and
          "9.700 Gbps of 10 Gbps" in top["title"], "%r %r" % (top, label))
    hosts = {h["host"]: h for h in b.eval(A + "hosts(0)")}
    check("... the server's NIC receives what its link carries, sends nothing",
          near(hosts["host-10"]["in"], top["gbps"], 1e-9) and
          hosts["host-10"]["out"] == 0, json.dumps(hosts["host-10"]))
    check("... each worker's NIC sends a tenth of it",
          all(near(hosts["host-%d" % w]["out"], top["gbps"] / 10, 1e-6)
              for w in range(10)), json.dumps(hosts))
    check("... 10 messages on their way", b.eval(A + "marks(0)") == 10,
          b.eval(A + "marks(0)"))
    check("... no worker computing", not any(h["computing"] for h in hosts.values()))
    b.eval(A + "seek(0.5)")
    hosts = b.eval(A + "hosts(0)")
    check("at 0.5 s the 10 workers compute and the server does not",
          sum(h["computing"] for h in hosts) == 10 and
          not [h for h in hosts if h["host"] == "host-10"][0]["computing"])
    # 8 shards: no link above its 10 Gbps at any of 400 instants
    span = b.eval("JSON.parse(document.getElementById('psim-data')"
                  ".textContent)[1].span_s")
    worst, busiest = 0.0, None
    for k in range(401):
        b.eval(A + "seek(%r)" % (span * k / 400))
        for l in b.eval(A + "lanes(1)"):
            if l["gbps"] > worst:
                worst, busiest = l["gbps"], l
    check("PS8: no link above 10 Gbps at 401 instants of its step",
          0 < worst <= 10 * (1 + 1e-12) and worst > 7, json.dumps(busiest))
    # the controls move the clock
    b.eval(A + "seek(0)")
    b.eval("document.getElementById('play').click()")
    time.sleep(0.6)
    t1 = b.eval(A + "time()")
    check("Play moves the clock", t1 > 0 and b.eval(A + "playing()"), t1)
    b.eval("document.getElementById('play').click()")
    t2 = b.eval(A + "time()")
    time.sleep(0.3)
    check("Pause stops it", not b.eval(A + "playing()") and
          b.eval(A + "time()") == t2)
    b.eval("(function(){var s=document.getElementById('scrubber');s.value=500;"
           "s.dispatchEvent(new Event('input'))})()")
    check("the scrubber seeks in simulated seconds",
          near(b.eval(A + "time()"), b.eval(A + "span()") / 2, 1e-9))
    check("figures: step time and bottleneck",
          "step time 17.5 s simulated" in b.eval(A + "figures(0)") and
          "server-nic" in b.eval(A + "figures(0)"), b.eval(A + "figures(0)"))
    check("no request but the page", b.requests == [url], b.requests)
    check("no error on the page", b.errors == [], b.errors)

    # whole runs: at the end each link carried the report's bytes
    url = b.open(TMP + "/whole.html")
    b.eval(A + "seek(%s)" % 1e9)
    for i, s in enumerate(("ps1", "ring")):
        rep = json.load(open(TMP + "/" + s + ".json"))
        want = {l["name"]: l["bytes"] / 1e9 for l in rep["links"]}
        lanes = b.eval(A + "lanes(%d)" % i)
        bad = [l for l in lanes if not near(l["gb"], want[l["link"]], 1e-9)
               or ("%.3f GB carried" % want[l["link"]]) not in l["title"]]
        drawn = set(l["link"] for l in lanes)
        missed = [k for k, v in want.items() if v > 0 and k not in drawn
                  and not k.endswith("_loopback")]
        check("%s, all 5 steps: each drawn link carried the report's bytes" % s,
              not bad and not missed and len(lanes) >= 20,
              json.dumps(bad[:3]) + " missed " + json.dumps(missed))
    check("no request but the page, no error", b.requests == [url] and
          not b.errors, (b.requests, b.errors))

    # the asynchronous PS under preemptions: at each instant the page
    # draws every message in flight in the run's records, whatever its
    # step, and a preempted worker is drawn down until it returns
    tl = json.load(open(TMP + "/spot-timeline.json"))["traceEvents"]
    comm = [e for e in tl if e.get("cat") == "comm" and e.get("ph") == "X"
            and e["args"]["src_host"] != e["args"]["dst_host"]]
    url = b.open(TMP + "/spot.html")
    start = b.eval(A + "panelStart(0)")
    bad = []
    for T in (1.5, 5.0, 30.0, 77.7, 150.0, 180.0):
        want = sum(1 for e in comm if e["ts"] <= T * 1e6 < e["ts"] + e["dur"])
        b.eval(A + "seek(%r)" % (T - start))
        got = b.eval(A + "inFlight(0)")
        if got != want or b.eval(A + "marks(0)") != min(want, 1500):
            bad.append((T, want, got))
    check("async PS: the messages drawn are those in flight in the records, "
          "at 6 instants", not bad and len(comm) > 1000, bad)
    names = {e["pid"]: e["args"]["name"].split(" ")[0] for e in tl
             if e.get("ph") == "M" and e.get("name") == "process_name"}
    down = {}
    spans = []
    for e in sorted((e for e in tl if e.get("ph") == "i"),
                    key=lambda e: e["ts"]):
        if e["name"] == "preemption":
            down[e["pid"]] = e["ts"] / 1e6
        elif e["name"] == "return" and e["pid"] in down:
            spans.append((names[e["pid"]], down.pop(e["pid"]), e["ts"] / 1e6))
    wrong = []
    for host, t0, t1 in spans:
        for T, want in (((t0 + t1) / 2, "down"), (t1 + 0.5, None)):
            b.eval(A + "seek(%r)" % (T - start))
            st = {h["host"]: h["state"] for h in b.eval(A + "hosts(0)")}
            if (st[host] == "down") != (want == "down"):
                wrong.append((host, T, st[host]))
    check("a preempted worker is drawn down until it returns, and only then",
          spans and not wrong, (spans, wrong))
    b.eval(A + "seek(0)")
    b.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'n'}))")
    check("the n key goes to the first fault",
          spans and near(b.eval(A + "time()") + start,
                         min(t0 for _, t0, _ in spans), 1e-6),
          (b.eval(A + "time()"), spans[:1]))
    b.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: ' '}))")
    check("space plays", b.eval(A + "playing()"))
    b.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: ' '}))")
    check("... and pauses", not b.eval(A + "playing()"))
    check("no request but the page, no error", b.requests == [url] and
          not b.errors, (b.requests, b.errors))

    # two seeds, two first faults at other times: aligned at the first
    # fault, just after the page's instant of it both hosts are down
    url = b.open(TMP + "/two.html")
    firsts = b.eval("JSON.stringify(JSON.parse(document.getElementById("
                    "'psim-data').textContent).map(function (p) { var m = 1e300,"
                    " h = -1; for (var i = 0; i < p.down.length; i += 3) if ("
                    "p.down[i + 1] < m) { m = p.down[i + 1]; h = p.down[i]; }"
                    " return [m, p.nodes[h][2]]; }))")
    firsts = json.loads(firsts)
    b.eval(A + "align('fault')")
    b.eval(A + "seek(%r)" % (max(f for f, _ in firsts) + 0.01))
    states = [{h["host"]: h["state"] for h in b.eval(A + "hosts(%d)" % i)}
              [firsts[i][1]] for i in range(2)]
    b.eval(A + "align('clock')")
    b.eval(A + "seek(%r)" % (max(f for f, _ in firsts) + 0.01))
    clock = [{h["host"]: h["state"] for h in b.eval(A + "hosts(%d)" % i)}
             [firsts[i][1]] for i in range(2)]
    check("aligned at the first fault: both faulted hosts down at once",
          abs(firsts[0][0] - firsts[1][0]) > 1 and
          states == ["down", "down"], (firsts, states, clock))
    check("no request but the page, no error", b.requests == [url] and
          not b.errors, (b.requests, b.errors))

    # the four answers on one clock: the bottleneck drawn as such, the
    # all-to-all's demand against its capacity, and the ring done with
    # its 3 steps while the single PS is in its first
    url = b.open(TMP + "/four.html")
    for i, name in enumerate(("ps1", "ps8", "ring", "all-to-all")):
        n_bn = b.eval("document.querySelectorAll('section.panel')[%d]"
                      ".querySelectorAll('[data-bottleneck]').length" % i)
        n_label = b.eval("document.querySelectorAll('section.panel')[%d]"
                         ".querySelectorAll('.bnlabel').length" % i)
        check("%s: one link drawn as the bottleneck, and named so" % name,
              n_bn == 1 and n_label == 1, (n_bn, n_label))
    why = b.eval("document.querySelectorAll('[data-role=why]')[3].textContent")
    check("all-to-all: worker 0's NIC must move 9 GB, has 10 Gbps, needs 72",
          why.startswith("worker 0's NIC receives 9 GB a step; at 10 Gbps "
                         "that is 7.2 s") and why.endswith("need 72 Gbps"), why)
    needs = [{h["host"]: h["need"] for h in b.eval(A + "hosts(%d)" % i)}
             for i in range(4)]
    check("needs: a worker 72 Gbps in all-to-all, 8 with 8 shards (each "
          "shard 10), 14.4 in the ring (9 GB, 1 GB, 1.25 GB, 1.8 GB a "
          "step in 1 s)",
          near(needs[3]["host-0"], 72, 1e-6) and
          near(needs[1]["host-0"], 8, 1e-6) and
          near(needs[1]["host-10"], 10, 1e-6) and
          near(needs[2]["host-0"], 14.4, 1e-6), needs)
    ring_end = 3 * 2.561
    b.eval(A + "seek(%r)" % (ring_end + 0.5))
    check("one clock: the ring has done its 3 steps, the single PS has not",
          "(done)" in b.eval("document.querySelectorAll('section.panel')[2]"
                             ".querySelector('[data-role=clock]').textContent") and
          "(done)" not in b.eval("document.querySelectorAll('section.panel')"
                                 "[0].querySelector('[data-role=clock]')"
                                 ".textContent"))
finally:
    b.close()

# every panel inside the window, at a projector's 1024x768 and at 1920x1080;
# SMALL % selector: how many of those elements are drawn under 15.5 px
SMALL = ("Array.prototype.filter.call(document.querySelectorAll('%s'), "
         "function (e) { return parseFloat(getComputedStyle(e).fontSize) * "
         "(e.ownerSVGElement ? e.ownerSVGElement.getScreenCTM().a : 1) < 15.5;"
         " }).length")
for w, h in ((1024, 768), (1920, 1080)):
    b = Browser(width=w, height=h)
    try:
        b.open(TMP + "/four.html")
        boxes = b.eval("JSON.stringify(Array.prototype.map.call("
                       "document.querySelectorAll('section.panel'), function (e) {"
                       "var r = e.getBoundingClientRect(); return [r.left, r.top,"
                       " r.right, r.bottom]; }))")
        boxes = json.loads(boxes)
        check("%dx%d: the 4 panels inside the window" % (w, h),
              len(boxes) == 4 and all(x0 >= 0 and y0 >= 0 and x1 <= w and
                                      y1 <= h for x0, y0, x1, y1 in boxes),
              boxes)
        if w == 1920:
            small = b.eval(SMALL % "section.panel p, .hostlabel")
            check("1920x1080: the panels' text and host names at 16 px or "
                  "more, four panels side by side", small == 0, small)
            out = b.eval("JSON.stringify(Array.prototype.filter.call("
                         "document.querySelectorAll('svg text'), function (e) {"
                         " var r = e.getBoundingClientRect(), s = e."
                         "ownerSVGElement.getBoundingClientRect(); return "
                         "e.textContent && (r.left < s.left - 0.5 || r.right >"
                         " s.right + 0.5); }).map(function (e) { return "
                         "e.textContent; }))")
            check("1920x1080: no label runs past its drawing's edge",
                  json.loads(out) == [], out)
            b.open(TMP + "/spot.html")
            small = b.eval(SMALL % ".hostlabel")
            check("1920x1080, one panel: the host names at 16 px or more",
                  small == 0, small)
    finally:
        b.close()
print("1..%d" % n)
sys.exit(1 if failed else 0)
EOF
python3 "$TMP/play.py" "$SRCDIR" "$TMP"
