"""The web renderer's motion against the client library's (issue 32), as the frames are tested
against the browser: with the renderer's animations paused at sampled instants, every shimmered
box's computed gradient (its line, its stops' places and colours: CSS's own serialization, read
back) equals the paint of its group that GET /layouts/{screen}/frames?at= serves (which the
Swift suite holds equal to `LayoutDocument.paint(_:at:)`), and a revealed element's skeleton and
content have the opacity and scale of the reveal's model (Tests/Reference/transition-moments.json,
written by the independent Tests/Reference/transition_model.py, to which the Swift suite holds
the library too).

The matrix: every shimmer kind (a sweep over the blocks, as their fill, a diagonal mask, one
that autoreverses, a pulse, a still one), every reveal curve (a spring, easeInOut, easeOut,
linear), light and dark, left to right and right to left; at 0, 1/4, 1/2 and 3/4 of a period
(and the same of the second, reversed period where it autoreverses), and 0 to 600 ms into a reveal.
Tolerances: 0.5 px for a stop's place, 0.1 degree for the gradient's angle, 1/255 for a colour
channel, 0.01 for an alpha, 0.005 for an opacity and 0.001 for a scale."""
import json
import math
import os
import re
import time
import urllib.request

import pytest

from conftest import ROOT, RunningServer
from page import harness, run

WIDTH, HEIGHT = 390, 844
FIXTURES = os.path.join(ROOT, "Tests", "Browser", "motion-screens")
REFERENCE = os.path.join(ROOT, "Tests", "Reference", "transition-moments.json")

# screen, what it covers (the screens of FIXTURES are served by a server of their own).
SHIMMERS = [
    ("home", "a sweep over the blocks, eased in and out"),
    ("inbox", "a sweep as the blocks' fill, linear"),
    ("movies", "a diagonal sweep masking the blocks"),
    ("fade", "a diagonal sweep that autoreverses, eased out"),
    ("pulse", "a pulse as the blocks' fill, autoreversing"),
]
REVEALS = {"home": "accountsCarousel", "inbox": "conversationList", "movies": "hero", "fade": "card", "pulse": "card"}

# Every painted box, and each instant's computed paint, with the animations paused there.
SAMPLE = r"""
const [layout, size, instants] = arguments;
const box = mountDocument(layout, {}, size);
await nextFrames(2);
const origin = box.getBoundingClientRect();
const animations = box.getAnimations({ subtree: true });
const starts = animations.map((animation) => animation.startTime);
for (const animation of animations) animation.pause();
const painted = [...box.querySelectorAll('*')].filter((element) => element.style.backgroundColor !== '' && element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().height > 0);
const samples = [];
for (const at of instants) {
  // Document time t is the wall-clock instant timeOrigin + t.
  animations.forEach((animation, index) => { animation.currentTime = at - performance.timeOrigin - starts[index]; });
  samples.push(painted.map((element) => {
    const style = getComputedStyle(element);
    const mask = style.maskImage && style.maskImage !== 'none' ? style.maskImage : style.webkitMaskImage;
    return { background: style.backgroundImage, mask: mask || 'none' };
  }));
}
box.view.destroy();
box.remove();
return { samples, animated: animations.length };
"""

# A revealed element's skeleton (going out) and content (coming in), paused at each instant.
REVEAL = r"""
const [layout, element, instants] = arguments;
const box = mountDocument(layout, {}, [390, 844]);
await until(() => box.view.root.isConnected);
await new Promise((resolve) => setTimeout(resolve, layout.animation.showDelayMs + layout.animation.minimumDisplayMs + 50));
const before = new Set(box.getAnimations({ subtree: true }));
box.view.reveal(element);
await until(() => box.events.some((event) => event.id === element), 5000, 'the reveal');
const fades = box.getAnimations({ subtree: true }).filter((animation) => !before.has(animation)
  && animation.effect.getKeyframes().some((frame) => frame.opacity !== undefined));
for (const animation of fades) animation.pause();
const out = fades.find((animation) => animation.effect.getTiming().fill === 'forwards');
const into = fades.filter((animation) => animation !== out);
const read = (target) => {
  const style = getComputedStyle(target);
  const matrix = style.transform === 'none' ? [1] : style.transform.slice(7, -1).split(',').map(Number);
  return { opacity: Number(style.opacity), scale: matrix[0] };
};
const moments = [];
for (const ms of instants) {
  for (const animation of fades) animation.currentTime = ms;
  moments.push({ skeleton: read(out.effect.target), content: into.map((animation) => read(animation.effect.target)) });
}
box.view.destroy();
box.remove();
return { moments, fades: fades.length };
"""


@pytest.fixture(scope="module")
def fixtures_server():
    running = RunningServer(["--layouts", FIXTURES])
    yield running
    assert running.stop() == 0


def get(server, path):
    with urllib.request.urlopen(server.url + path) as response:
        return json.load(response)


def server_of(screen, server, fixtures_server):
    return fixtures_server if screen in ("fade", "pulse") else server


GRADIENT = re.compile(r"linear-gradient\((?:(-?[\d.e+-]+)deg, )?(.*)\)$")
STOP = re.compile(r"(rgba?\([^)]*\))\s+(-?[\d.e+-]+)(px|%)")


def css_gradient(text):
    """A computed `linear-gradient(...)`: its angle in degrees and its stops as (rgba, place)."""
    match = GRADIENT.match(text)
    assert match, f"not a linear gradient: {text}"
    stops = []
    for color, place, unit in STOP.findall(match.group(2)):
        channels = [float(value) for value in color[color.index("(") + 1:-1].split(",")]
        stops.append(((channels + [1.0])[:4], float(place), unit))
    return float(match.group(1) or 180), stops


def hex_rgba(text):
    return [int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16), int(text[7:9], 16) / 255]


def compare(paint, group, painted, label):
    """What differs between a served paint and the gradient CSS computed for one box (empty if none)."""
    value = painted["mask"] if paint["application"] == "mask" else painted["background"]
    angle, stops = css_gradient(value)
    width, height = max(group["width"], 1), max(group["height"], 1)
    theta = math.radians(angle)
    direction = (math.sin(theta), -math.cos(theta))
    length = abs(width * direction[0]) + abs(height * direction[1])
    css_start = (width / 2 - direction[0] * length / 2, height / 2 - direction[1] * length / 2)
    start, end = paint["start"], paint["end"]
    problems = []
    line = (end["x"] - start["x"], end["y"] - start["y"])
    if math.hypot(*line) > 1e-6:
        served = math.degrees(math.atan2(line[0], -line[1]))
        turn = (served - angle + 180) % 360 - 180
        if abs(turn) > 0.1:
            problems.append(f"{label}: angle {angle} in the browser, {served:.3f} served")
    if len(stops) != len(paint["stops"]):
        return problems + [f"{label}: {len(stops)} stops in the browser, {len(paint['stops'])} served"]
    for index, ((rgba, place, unit), stop) in enumerate(zip(stops, paint["stops"])):
        offset = place / 100 * length if unit == "%" else place
        point = (start["x"] - group["x"] + stop["location"] * line[0], start["y"] - group["y"] + stop["location"] * line[1])
        expected = (point[0] - css_start[0]) * direction[0] + (point[1] - css_start[1]) * direction[1]
        if abs(offset - expected) > 0.5:
            problems.append(f"{label}: stop {index} at {offset:.3f} px in the browser, {expected:.3f} served")
        served = hex_rgba(stop["color"])
        # A transparent stop's colour channels are its neighbour's in the served SVG-safe form: only alpha counts.
        if served[3] > 0 and any(abs(a - b) > 1 for a, b in zip(rgba[:3], served[:3])):
            problems.append(f"{label}: stop {index} colour {rgba[:3]} in the browser, {served[:3]} served")
        if abs(rgba[3] - served[3]) > 0.01:
            problems.append(f"{label}: stop {index} alpha {rgba[3]:.3f} in the browser, {served[3]:.3f} served")
    return problems


def instants_of(shimmer):
    """Quarter periods from a start of the cycle a second ahead (the sync clock's origin is 0),
    through the second, reversed, period of a shimmer that autoreverses."""
    period = shimmer["durationMs"]
    cycle = period * (2 if shimmer["autoreverses"] else 1)
    base = (int(time.time() * 1000) // cycle + 2) * cycle
    quarters = 8 if shimmer["autoreverses"] else 4
    return [base + period * quarter // 4 for quarter in range(quarters)]


def check_paints(driver, source, screen, options):
    layout = get(source, f"/layouts/{screen}?{options}")
    at = [0] if layout["animation"]["shimmer"]["kind"] == "static" else instants_of(layout["animation"]["shimmer"])
    documents = [get(source, f"/layouts/{screen}/frames?width={WIDTH}&height={HEIGHT}&at={instant}&{options}") for instant in at]
    sampled = run(driver, SAMPLE, layout, [WIDTH, HEIGHT], at)
    failures, compared = [], 0
    for instant, document, boxes in zip(at, documents, sampled["samples"]):
        assert len(boxes) == len(document["frames"]), (screen, options)
        groups = {group["id"]: group for group in document["groups"]}
        paints = {paint["group"]: paint for paint in document["paints"]}
        for index, (frame, painted) in enumerate(zip(document["frames"], boxes)):
            if frame["group"] is None:
                continue
            compared += 1
            label = f"{screen} {options} at {instant}: frame {index} ({frame['kind']}, group {frame['group']})"
            failures += compare(paints[frame["group"]], groups[frame["group"]], painted, label)
    return compared, failures, sampled["animated"]


@pytest.mark.parametrize("screen,covers", SHIMMERS)
def test_the_renderers_shimmer_is_the_served_paint_at_every_sampled_instant(driver, server, fixtures_server, screen, covers):
    source = server_of(screen, server, fixtures_server)
    harness(driver, source)
    failures, compared = [], 0
    for theme in ("light", "dark"):
        for direction in ("ltr", "rtl"):
            count, problems, animated = check_paints(driver, source, screen, f"theme={theme}&direction={direction}&motion=full")
            assert animated > 0, f"{screen}: the renderer animated nothing"
            compared += count
            failures += problems
    assert compared > 0
    assert failures == [], f"{covers}: {len(failures)} differences, the first: " + "\n".join(failures[:8])


@pytest.mark.parametrize("screen", ["home", "movies", "pulse"])
def test_a_still_shimmer_is_the_served_still_paint(driver, server, fixtures_server, screen):
    """motion=reduced documents serve their reduced shimmer, which stands still: the renderer
    paints it without an animation, as the served still paint."""
    source = server_of(screen, server, fixtures_server)
    harness(driver, source)
    for direction in ("ltr", "rtl"):
        compared, failures, animated = check_paints(driver, source, screen, f"theme=dark&direction={direction}&motion=reduced")
        assert animated == 0 and compared > 0
        assert failures == [], "\n".join(failures[:8])


def test_the_comparison_fails_when_a_stop_is_a_point_off(server):
    """The comparison is not vacuous: a stop moved by a point, an angle turned, an alpha changed."""
    paint = {"application": "overlay", "start": {"x": 0, "y": 50}, "end": {"x": 100, "y": 50},
             "stops": [{"color": "#00000000", "location": 0}, {"color": "#FFFFFF80", "location": 0.5}, {"color": "#00000000", "location": 1}]}
    group = {"x": 0, "y": 0, "width": 200, "height": 100}
    exact = {"background": "linear-gradient(90deg, rgba(0, 0, 0, 0) 0px, rgba(255, 255, 255, 0.5) 50px, rgba(0, 0, 0, 0) 100px)", "mask": "none"}
    assert compare(paint, group, exact, "exact") == []
    for wrong in ("linear-gradient(90deg, rgba(0, 0, 0, 0) 0px, rgba(255, 255, 255, 0.5) 51px, rgba(0, 0, 0, 0) 100px)",
                  "linear-gradient(91deg, rgba(0, 0, 0, 0) 0px, rgba(255, 255, 255, 0.5) 50px, rgba(0, 0, 0, 0) 100px)",
                  "linear-gradient(90deg, rgba(0, 0, 0, 0) 0px, rgba(255, 255, 255, 0.6) 50px, rgba(0, 0, 0, 0) 100px)"):
        assert compare(paint, group, {"background": wrong, "mask": "none"}, "wrong") != [], wrong


def reference():
    with open(REFERENCE) as file:
        return json.load(file)


@pytest.mark.parametrize("entry", reference()["transitions"], ids=lambda entry: f"{entry['screen']}-{entry['motion']}-{entry['transition']['curve']['type']}")
def test_a_reveal_plays_the_librarys_transition_moment_by_moment(driver, server, fixtures_server, entry):
    source = server_of(entry["screen"], server, fixtures_server)
    harness(driver, source)
    for theme, direction in (("light", "ltr"), ("dark", "rtl")):
        layout = get(source, f"/layouts/{entry['screen']}?theme={theme}&direction={direction}&motion={entry['motion']}")
        assert layout["animation"]["transition"] == entry["transition"], "the reference is of the served transition"
        played = run(driver, REVEAL, layout, REVEALS[entry["screen"]], reference()["instants"])
        assert played["fades"] >= 2
        failures = []
        for ms, moment, expected in zip(reference()["instants"], played["moments"], entry["moments"]):
            faces = [("skeleton", moment["skeleton"])] + [("content", face) for face in moment["content"]]
            for name, face in faces:
                if abs(face["opacity"] - expected[name]["opacity"]) > 0.005:
                    failures.append(f"{ms} ms {name} opacity {face['opacity']}, library {expected[name]['opacity']}")
                if abs(face["scale"] - expected[name]["scale"]) > 0.001:
                    failures.append(f"{ms} ms {name} scale {face['scale']}, library {expected[name]['scale']}")
        assert failures == [], f"{entry['screen']} {theme} {direction}: " + "\n".join(failures[:8])
