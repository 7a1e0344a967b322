#!/usr/bin/env python3
# tests/same-report.py ON OFF [FIELD]: two JSON reports of one run with
# run.fast_forward true (ON) and false (OFF) are the same: every number
# but the wall clock and the fast-forward counts to 1e-9 relative (a gap,
# a ratio less 1, by its ratio), everything else equal, and OFF skipped
# nothing.  Prints ON's simulation.FIELD (default fast_forwarded_steps);
# the differences and exit 1 when they are not the same.  t2010, t2013
# and t3003 use it.
import json
import sys

COUNTS = ("fast_forwarded_steps", "fast_forwarded_messages")
SKIP = ("overrides", "wall_s") + COUNTS


def walk(a, b, path, bad):
    if isinstance(a, dict):
        if set(a) != set(b):
            bad.append("%s: keys %s" % (path, sorted(set(a) ^ set(b))))
            return
        for k in a:
            if k not in SKIP:
                walk(a[k], b[k], path + "." + k, bad)
    elif isinstance(a, list):
        if len(a) != len(b):
            bad.append("%s: %d items, %d" % (path, len(a), len(b)))
            return
        for i, (x, y) in enumerate(zip(a, b)):
            walk(x, y, "%s[%d]" % (path, i), bad)
    elif isinstance(a, bool) or not isinstance(a, (int, float)):
        if a != b:
            bad.append("%s: %r, %r" % (path, a, b))
    elif abs(a - b) > 1e-9 * (max(abs(1 + a), abs(1 + b)) if
            path.endswith("gap") else max(abs(a), abs(b))):
        bad.append("%s: %r, %r" % (path, a, b))


on, off = (json.load(open(f)) for f in sys.argv[1:3])
field = sys.argv[3] if len(sys.argv) > 3 else "fast_forwarded_steps"
bad = []
walk(on, off, "", bad)
for k in COUNTS:
    if off["simulation"][k] != 0:
        bad.append("fast_forward false: %s %r" % (k, off["simulation"][k]))
if bad:
    print("\n".join(bad[:10]))
    sys.exit(1)
print(on["simulation"][field])
