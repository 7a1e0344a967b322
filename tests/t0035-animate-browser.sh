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
finally:
    b.close()
print("1..%d" % n)
sys.exit(1 if failed else 0)
EOF
python3 "$TMP/play.py" "$SRCDIR" "$TMP"
