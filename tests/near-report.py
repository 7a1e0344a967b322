#!/usr/bin/env python3
# tests/near-report.py ON OFF [NEIGHBOUR...] [-- REPLICATE...]: an
# asynchronous PS's JSON report with run.fast_forward true (ON) is as
# near the one without (OFF) as issue 37's rule asks.  The NEIGHBOURs are
# OFF's run nudged at the ulp (tests/t3005: another sample of the order
# SimGrid gives to events at one instant, PSIM_TIE_PROBE, or the compute
# nudged by 1e-9); the REPLICATEs are OFF's run with other seeds.  Each
# number but the wall clock and the fast-forward counts: equal to 1e-9
# relative (a gap by 1 + gap) unless the figure follows that order (the
# staleness figures) or the neighbours show it moves (one of them
# differs from OFF by more); those within 0.5% of OFF or within the 95%
# prediction interval of OFF and the neighbours, or of OFF and the
# replicates, whichever is wider (a text that moves, such as the
# bottleneck's explanation, by its figures; the staleness maximum, one
# gradient's, within twice the largest of those runs: a single push
# applied out of its order doubles it).  A histogram is compared by its
# shares, within 0.5% of the gradients.  Prints ON's
# simulation.fast_forwarded_steps and how many figures were held to the
# interval; the differences and exit 1 when not near.
import json
import math
import sys

COUNTS = ("fast_forwarded_steps", "fast_forwarded_messages")
SKIP = ("overrides", "wall_s", "messages") + COUNTS
# Student's t at 0.975 by degrees of freedom
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447,
        7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179}


def numbers(x, path, out):
    if isinstance(x, dict):
        for k in x:
            if k not in SKIP:
                numbers(x[k], path + "." + k, out)
    elif isinstance(x, list):
        total = sum(v for v in x if isinstance(v, (int, float)) and
                    not isinstance(v, bool))
        for i, v in enumerate(x):
            # a histogram's counts as shares of its total
            if path.endswith("histogram") and total > 0:
                v = v / total
            numbers(v, "%s[%d]" % (path, i), out)
    elif isinstance(x, (int, float)) and not isinstance(x, bool):
        out[path] = float(x)
    else:
        out[path] = x


def equal(a, b, path):
    if a == b:
        return True
    if not isinstance(a, float) or not isinstance(b, float):
        return False
    if path.endswith("gap"):
        a, b = 1 + a, 1 + b
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def interval(a, b, around, share=False):
    # (a histogram's share: within 0.5% of all the gradients)
    if abs(a - b) <= 0.005 * (1 if share else abs(b)) + 1e-12:
        return True
    xs = [v for v in around if isinstance(v, float)]
    if len(xs) < 3:
        return False
    mean = sum(xs) / len(xs)
    sd = math.sqrt(sum((v - mean) ** 2 for v in xs) / (len(xs) - 1))
    half = T975.get(len(xs) - 1, 2.0) * sd * math.sqrt(1 + 1 / len(xs))
    return abs(a - mean) <= half


def load(files):
    out = []
    for f in files:
        d = {}
        numbers(json.load(open(f)), "", d)
        out.append(d)
    return out


on, off = (json.load(open(f)) for f in sys.argv[1:3])
rest = sys.argv[3:]
cut = rest.index("--") if "--" in rest else len(rest)
nbrs, reps = load(rest[:cut]), load(rest[cut + 1:])
a, b = {}, {}
numbers(on, "", a)
numbers(off, "", b)
bad, loose = [], []
for k in sorted(set(a) | set(b)):
    if k not in a or k not in b:
        # a histogram one bin longer: a share of 0 in the other
        if ".histogram[" in k and (a.get(k, 0) or b.get(k, 0)) < 0.005:
            continue
        bad.append("%s: only in %s" % (k, "ON" if k in a else "OFF"))
        continue
    moves = ".staleness" in k or any(
        not equal(d.get(k), b[k], k) for d in nbrs)
    if equal(a[k], b[k], k):
        continue
    # (a text that moves says figures held to the interval here)
    # the staleness maximum, one gradient's: one push applied out of its
    # order at one instant (a single inversion) doubles it; held to twice
    # the largest the runs without fast-forward show
    if k == ".staleness.max" and isinstance(a[k], float) and a[k] <= 2 * max(
            [b[k]] + [d[k] for d in nbrs + reps if isinstance(d.get(k),
                                                               float)]):
        loose.append(k)
        continue
    share = ".histogram[" in k
    if moves and (not isinstance(a[k], float) or any(interval(
            a[k], b[k], [b[k]] + [d[k] for d in group if k in d], share)
            for group in (nbrs, reps))):
        loose.append(k)
        continue
    bad.append("%s: %r, %r (neighbours %s, replicates %s)" % (
        k, a[k], b[k], [d.get(k) for d in nbrs], [d.get(k) for d in reps]))
if off["simulation"].get("fast_forwarded_steps", 0) != 0:
    bad.append("OFF skipped steps")
print(on["simulation"].get("fast_forwarded_steps", 0), len(loose))
if bad:
    print("\n".join(bad[:12]), file=sys.stderr)
    sys.exit(1)
