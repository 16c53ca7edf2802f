"""A reference model of a reveal's cross-fade, written from docs/spec.md §4 and the doc comments of
`Curve.progress(atMs:)` and `RevealTransition.moment(at:reduceMotion:)` (Sources/Layouts), not from
their code: the spring from its closed form, its settling time by a full scan of the 1/240 s grid
(no early stop), the CSS timing functions by bisection to 1e-13. It writes
Tests/Reference/transition-moments.json, which the Swift library (`TransitionReferenceTests`) and
the web renderer (`Tests/Browser/test_motion_matrix.py`) are both held to, so that neither is
checked against its own output.

    python3 Tests/Reference/transition_model.py          # prints the file it would write
    python3 Tests/Reference/transition_model.py --write  # writes it
"""
import json
import math
import os
import sys

FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "transition-moments.json")
INSTANTS = [0, 25, 50, 100, 150, 200, 300, 400, 500, 600]
SPRING = {"type": "spring", "responseMs": 400, "dampingFraction": 0.825}
EASE_IN_OUT_300 = {"type": "easeInOut", "durationMs": 300}


def appearance(opacity, scale):
    return {"opacity": opacity, "scale": scale}


# The transitions of the screens the browser suite reveals: docs/spec.md §4 (finance: spring 400 ms,
# 0.825, exit 0 / 0.98, enter 0 / 1.02; chat and movies: a 300 ms easeInOut fade) and the motion
# screens of Tests/Browser/motion-screens (fade, pulse).
TRANSITIONS = [
    ("home", "full", appearance(0, 0.98), appearance(0, 1.02), SPRING),
    ("home", "reduced", appearance(0, 1), appearance(0, 1), SPRING),
    ("inbox", "full", appearance(0, 1), appearance(0, 1), EASE_IN_OUT_300),
    ("movies", "full", appearance(0, 1), appearance(0, 1), EASE_IN_OUT_300),
    ("fade", "full", appearance(0, 0.9), appearance(0, 1.1), {"type": "linear", "durationMs": 400}),
    ("pulse", "full", appearance(0, 1.05), appearance(0.2, 0.95), {"type": "easeOut", "durationMs": 250}),
]
BEZIERS = {"linear": (0, 0, 1, 1), "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1),
           "easeInOut": (0.42, 0, 0.58, 1)}


def spring_position(t, response_ms, zeta):
    """x(t) of a unit-mass spring released from 0 towards 1, undamped period `response_ms`."""
    w = 2 * math.pi / (response_ms / 1000)
    if zeta < 1:
        wd = w * math.sqrt(1 - zeta * zeta)
        return 1 - math.exp(-zeta * w * t) * (math.cos(wd * t) + zeta * w / wd * math.sin(wd * t))
    if zeta == 1:
        return 1 - math.exp(-w * t) * (1 + w * t)
    root = math.sqrt(zeta * zeta - 1)
    r1, r2 = -w * (zeta - root), -w * (zeta + root)
    return 1 - (r2 * math.exp(r1 * t) - r1 * math.exp(r2 * t)) / (r2 - r1)


def settled_seconds(response_ms, zeta):
    """The last instant k/240 s (k = 0...2400) at which the spring is 0.1 % or more from 1; at least 0.05 s."""
    late = [k / 240 for k in range(2401) if abs(1 - spring_position(k / 240, response_ms, zeta)) >= 0.001]
    return max(late[-1] if late else 0, 0.05)


def js_round(x):
    """`Math.round`: halves up."""
    return math.floor(x + 0.5)


def progress(curve, ms):
    if curve["type"] == "spring":
        seconds = settled_seconds(curve["responseMs"], curve["dampingFraction"])
        points = [js_round(spring_position(seconds * i / 40, curve["responseMs"], curve["dampingFraction"]) * 1000) / 1000
                  for i in range(40)] + [1]
        position = min(max(ms / js_round(seconds * 1000), 0), 1) * 40  # CSS linear() over the played ms
        i = min(int(position), 39)
        return points[i] + (points[i + 1] - points[i]) * (position - i)
    duration = curve["durationMs"]
    x = min(max(ms / duration, 0), 1) if duration > 0 else (0 if ms < 0 else 1)
    x1, y1, x2, y2 = BEZIERS[curve["type"]]

    def bezier(t, a, b):
        return 3 * (1 - t) ** 2 * t * a + 3 * (1 - t) * t * t * b + t ** 3
    low, high = 0.0, 1.0
    while high - low > 1e-13:
        mid = (low + high) / 2
        low, high = (mid, high) if bezier(mid, x1, x2) < x else (low, mid)
    return bezier((low + high) / 2, y1, y2)


def moments(exit_, enter, curve, reduced):
    if reduced:
        exit_, enter = appearance(exit_["opacity"], 1), appearance(enter["opacity"], 1)
    result = []
    for ms in INSTANTS:
        p = progress(curve, ms)

        def face(start, end):
            opacity = min(max(start["opacity"] + (end["opacity"] - start["opacity"]) * p, 0), 1)
            return appearance(round(opacity, 6) + 0.0, round(start["scale"] + (end["scale"] - start["scale"]) * p, 6) + 0.0)
        result.append({"content": face(enter, appearance(1, 1)), "skeleton": face(appearance(1, 1), exit_)})
    return result


def document():
    return {"instants": INSTANTS, "transitions": [
        {"moments": moments(exit_, enter, curve, motion == "reduced"), "motion": motion, "screen": screen,
         "transition": {"contentEnter": enter, "curve": curve, "skeletonExit": exit_}}
        for screen, motion, exit_, enter, curve in TRANSITIONS]}


def text():
    """The file as Foundation's pretty printer writes it (sorted keys, " : ", integral numbers bare)."""
    def plain(v):
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        return [plain(x) for x in v] if isinstance(v, list) else v
    return json.dumps(plain(document()), indent=2, sort_keys=True, separators=(",", " : ")) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        with open(FILE, "w") as f:
            f.write(text())
    else:
        sys.stdout.write(text())
