"""The server's layout engine against the browser, as Yoga is tested against Chrome: for every
built-in and example screen, every variant, light and dark, left to right and right to left, at
320, 390 and 430 pt, the frames of GET /layouts/{screen}/frames equal the boxes the web renderer
paints (every element it gives a background colour: shapes, lines, dividers, backgrounds), both
ways and in order, within 0.5 px; radii compared as painted (CSS scales overlapping radii down)."""
import math
import os
import time
import urllib.request
import json

import pytest

from conftest import ROOT, RunningServer
from page import harness, run

WIDTHS = [320, 390, 430]
TOLERANCE = 0.5

# The boxes the renderer paints for one document, at several widths, relative to its container.
PAINTED = r"""
const [layout, widths, height] = arguments;
const results = [];
for (const width of widths) {
  const box = mountDocument(layout, {}, [width, height]);
  await nextFrames(1);
  const origin = box.getBoundingClientRect();
  const painted = [...box.querySelectorAll('*')].filter((element) => element.style.backgroundColor !== '');
  results.push(painted.map((element) => {
    const r = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    let radii = [style.borderTopLeftRadius, style.borderTopRightRadius, style.borderBottomRightRadius, style.borderBottomLeftRadius].map(parseFloat);
    const sums = [[r.width, radii[0] + radii[1]], [r.height, radii[1] + radii[2]], [r.width, radii[2] + radii[3]], [r.height, radii[3] + radii[0]]];
    const factor = sums.reduce((f, [side, sum]) => (sum > 0 ? Math.min(f, side / sum) : f), 1);
    radii = radii.map((radius) => radius * factor);
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height, radii, role: element.dataset.sk };
  }));
  box.view.destroy();
  box.remove();
}
return results;
"""


@pytest.fixture(scope="module")
def examples_server():
    running = RunningServer(["--layouts", os.path.join(ROOT, "examples", "screens")])
    yield running
    assert running.stop() == 0


def get(server, path):
    with urllib.request.urlopen(server.url + path) as response:
        return json.load(response)


def differences(frames, painted):
    """What differs between the server's frames and the painted boxes, in words (empty if none)."""
    problems = []
    if len(frames) != len(painted):
        problems.append(f"{len(frames)} frames, {len(painted)} painted boxes")
    for index, (frame, box) in enumerate(zip(frames, painted)):
        for key in ("x", "y", "width", "height"):
            if abs(frame[key] - box[key]) > TOLERANCE:
                problems.append(f"#{index} {frame['kind']}/{box['role']} {key}: frame {frame[key]}, browser {box[key]:.3f}")
        for corner, (mine, theirs) in enumerate(zip(frame["radii"], box["radii"])):
            if abs(mine - theirs) > TOLERANCE:
                problems.append(f"#{index} {frame['kind']} radius {corner}: frame {mine}, browser {theirs:.3f}")
    return problems


def screens_of(server):
    return [(screen["id"], variant) for screen in get(server, "/layouts")["screens"] for variant in screen["variants"]]


def check_screen(driver, server, screen, variant):
    harness(driver, server)
    failures, compared = [], 0
    for theme in ("light", "dark"):
        for direction in ("ltr", "rtl"):
            options = f"theme={theme}&direction={direction}&variant={variant}&motion=reduced"
            layout = get(server, f"/layouts/{screen}?{options}")
            documents = [get(server, f"/layouts/{screen}/frames?width={width}&{options}") for width in WIDTHS]
            height = math.ceil(max(document["height"] for document in documents))
            documents = [get(server, f"/layouts/{screen}/frames?width={width}&height={height}&{options}") for width in WIDTHS]
            painted = run(driver, PAINTED, layout, WIDTHS, height)
            for width, document, boxes in zip(WIDTHS, documents, painted):
                compared += 1
                for problem in differences(document["frames"], boxes)[:5]:
                    failures.append(f"{screen} {variant} {theme} {direction} {width}: {problem}")
    return compared, failures


@pytest.mark.parametrize("screen,variant", [("home", "default"), ("home", "fullscreen"), ("insights", "default"),
                                            ("inbox", "default"), ("thread", "default"), ("movies", "default")])
def test_frames_equal_the_renderers_boxes_for_built_in_screens(driver, server, screen, variant):
    assert (screen, variant) in screens_of(server), "the parameters list every built-in layout"
    compared, failures = check_screen(driver, server, screen, variant)
    assert compared == 12
    assert not failures, "\n".join(failures)


def test_the_built_in_parameters_cover_every_built_in_layout(server):
    assert sorted(screens_of(server)) == sorted([("home", "default"), ("home", "fullscreen"), ("insights", "default"),
                                                 ("inbox", "default"), ("thread", "default"), ("movies", "default")])


def test_frames_equal_the_renderers_boxes_for_example_screens(driver, examples_server):
    examples = [pair for pair in screens_of(examples_server) if pair[0] not in ("home", "insights", "inbox", "thread", "movies")]
    assert examples, "examples/screens holds at least one screen"
    for screen, variant in examples:
        compared, failures = check_screen(driver, examples_server, screen, variant)
        assert compared == 12
        assert not failures, "\n".join(failures)
