"""An independent model of the fidelity score (docs/spec.md, "Fidelity score"; the drift contract).

Written from the formula, not from the Swift or the renderer: IoU with exact rationals, the greedy
matching as the formula states it (repeatedly take the best remaining pair), rounding half away from
zero through Decimal. `python3 Tests/Reference/fidelity.py` rewrites Tests/Fixtures/drift-cases.json
(its own cases, and the inputs of any other case already in the file, every expected value computed
here), whose expected values the Swift and the renderer's tests check shape by shape.
"""
import json
import pathlib
import sys
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

THRESHOLD = Fraction(1, 10)


def r4(value):
    """Rounded to 4 decimals, half away from zero, of the double nearest the exact value."""
    return float(Decimal(float(value)).quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP))


def iou(a, b):
    ax, ay, aw, ah = (Fraction(a[k]) for k in ("x", "y", "width", "height"))
    bx, by, bw, bh = (Fraction(b[k]) for k in ("x", "y", "width", "height"))
    w = max(Fraction(0), min(ax + aw, bx + bw) - max(ax, bx))
    h = max(Fraction(0), min(ay + ah, by + bh) - max(ay, by))
    inter = w * h
    union = aw * ah + bw * bh - inter
    return inter / union if union > 0 else Fraction(0)


def fidelity(skeleton, content, skeleton_height, content_height):
    pairs = {(i, j): iou(s, c) for i, s in enumerate(skeleton) for j, c in enumerate(content)}
    pairs = {k: v for k, v in pairs.items() if v >= THRESHOLD}
    used_s, used_c, matched = set(), set(), []
    while True:
        open_pairs = [(k, v) for k, v in pairs.items() if k[0] not in used_s and k[1] not in used_c]
        if not open_pairs:
            break
        best = max(v for _, v in open_pairs)
        (i, j), v = min((p for p in open_pairs if p[1] == best), key=lambda p: p[0])
        used_s.add(i)
        used_c.add(j)
        matched.append((i, j, v))
    denominator = len(skeleton) + len(content) - len(matched)
    shape_score = Fraction(1) if denominator == 0 else sum((v for _, _, v in matched), Fraction(0)) / denominator
    hs, hc = Fraction(skeleton_height), Fraction(content_height)
    height_score = Fraction(1) if max(hs, hc) == 0 else min(hs, hc) / max(hs, hc)
    shapes = [{"skeleton": i, "content": j, "iou": r4(v)} for i, j, v in matched]
    shapes += [{"skeleton": i, "content": None, "iou": 0} for i in range(len(skeleton)) if i not in used_s]
    shapes += [{"skeleton": None, "content": j, "iou": 0} for j in range(len(content)) if j not in used_c]
    return r4(shape_score * height_score), shapes


def rect(x, y, width, height):
    return {"x": x, "y": y, "width": width, "height": height}


CARD = [rect(0, 0, 48, 48), rect(60, 4, 200, 16), rect(60, 28, 140, 12), rect(0, 60, 320, 180)]

INPUTS = [
    ("identical", CARD, CARD, 240, 240),
    ("one extra title line", CARD, CARD[:2] + [rect(60, 24, 200, 16), rect(60, 48, 140, 12), rect(0, 80, 320, 180)], 240, 260),
    ("missing avatar", CARD, CARD[1:], 240, 240),
    ("image aspect changed", CARD, CARD[:3] + [rect(0, 60, 320, 240)], 240, 300),
    ("shifted by four points", CARD, [rect(r["x"] + 4, r["y"] + 4, r["width"], r["height"]) for r in CARD], 240, 244),
    ("ties take the lowest skeleton then content index",
     [rect(0, 0, 10, 10), rect(0, 0, 10, 10)], [rect(0, 0, 10, 10), rect(0, 0, 10, 10)], 10, 10),
    ("tie between two content shapes for one skeleton shape",
     [rect(5, 0, 10, 10)], [rect(0, 0, 10, 10), rect(10, 0, 10, 10)], 10, 10),
    ("greedy, not optimal", [rect(0, 0, 10, 10), rect(5, 0, 10, 10)], [rect(3, 0, 10, 10), rect(-4, 0, 10, 10)], 10, 10),
    ("both sides empty", [], [], 0, 0),
    ("empty skeleton", [], [rect(0, 0, 100, 20)], 0, 20),
    ("empty content", [rect(0, 0, 100, 20)], [], 20, 0),
    ("below the IoU threshold is unmatched", [rect(0, 0, 100, 10)], [rect(95, 0, 100, 10)], 10, 10),
    ("exactly the IoU threshold matches", [rect(0, 0, 10, 10)], [rect(0, 0, 100, 10)], 10, 10),
    ("zero-area shapes never match", [rect(0, 0, 0, 10)], [rect(0, 0, 0, 10)], 10, 10),
    ("fractional CSS pixels", [rect(0.5, 0.25, 99.75, 15.5), rect(0, 20.5, 64.125, 12)],
     [rect(0.5, 0.75, 100.25, 16), rect(0, 21, 60, 12), rect(0, 40, 33.3, 12)], 32.5, 52.25),
]


def cases(kept=()):
    """Every case of INPUTS, then each case of `kept` (the file as it was: cases others added) not
    named in INPUTS, each with its expected values computed here from its inputs."""
    named = {name for name, *_ in INPUTS}
    inputs = list(INPUTS) + [(k["name"], k["skeleton"], k["content"], k["skeletonHeight"], k["contentHeight"])
                             for k in kept if k["name"] not in named]
    out = []
    for name, s, c, hs, hc in inputs:
        score, shapes = fidelity(s, c, hs, hc)
        out.append({"name": name, "skeleton": s, "content": c, "skeletonHeight": hs, "contentHeight": hc,
                    "score": score, "shapes": shapes})
    return {"cases": out}


if __name__ == "__main__":
    target = pathlib.Path(__file__).resolve().parent.parent / "Fixtures" / "drift-cases.json"
    kept = json.loads(target.read_text())["cases"] if target.exists() else []
    written = cases(kept)
    target.write_text(json.dumps(written, indent=1) + "\n")
    sys.stdout.write(f"{target}: {len(written['cases'])} cases\n")
