#!/bin/sh
# plots/seed-lesson.sh, made by `make plots`: the README's picture of the
# seed lesson, psim animate's page of the single PS, the PS over 8
# machines, the ring and all-to-all, their first three steps on one
# clock, drawn by headless Chromium (tests/browser.py; apt-get install
# chromium) at 1.6 simulated seconds, when the single PS's link is
# saturated and its workers' links are nearly idle, and all-to-all's
# every link is full.
# Writes plots/seed-lesson.png, and the page itself to
# plots/seed-lesson.html.
set -e
here=$(cd "$(dirname "$0")" && pwd)
psim=${PSIM:-$here/../src/psim}
s=$here/../scenarios
"$psim" animate --steps 0..2 -o "$here/seed-lesson.html" \
	"$s/seed-250m-10w-10g-ps1.json" "$s/seed-250m-10w-10g-ps8.json" \
	"$s/seed-250m-10w-10g-ring.json" "$s/seed-250m-10w-10g-all-to-all.json"
python3 - "$here" <<'PY'
import sys
here = sys.argv[1]
sys.path.insert(0, here + "/../tests")
from browser import Browser
b = Browser(width=1600, height=900)
try:
    b.open(here + "/seed-lesson.html")
    b.eval("psimAnimate.seek(1.6)")
    b.screenshot(here + "/seed-lesson.png")
    if b.errors or len(b.requests) != 1:
        sys.exit("seed-lesson: the page asked for %r, errors %r"
                 % (b.requests, b.errors))
finally:
    b.close()
PY
echo "plots: wrote $here/seed-lesson.png and .html"
