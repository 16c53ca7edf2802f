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


# The renderer's drawing with its shimmer taken off (the snapshot is the skeleton at rest: each
# shape in its own fill), on the screen's background colour.
AT_REST = r"""
const [layout, width, height, background] = arguments;
document.body.replaceChildren();
const box = mountDocument(layout, { motion: 'reduced' }, [width, height]);
box.style.background = background;
await nextFrames(2);
for (const element of box.querySelectorAll('*')) {
  element.style.backgroundImage = 'none';
  element.style.maskImage = 'none';
  element.style.webkitMaskImage = 'none';
  element.getAnimations().forEach((animation) => animation.cancel());
}
await nextFrames(2);
return true;
"""

# Pixels whose colour differs by more than 48 in a channel (an anti-aliased edge differs by less
# or lies along a curve): at most this share of the image.
PIXEL_TOLERANCE = 0.01


@pytest.mark.parametrize("screen", ["home", "insights", "inbox", "thread", "movies"])
def test_the_snapshot_drawn_by_rsvg_matches_the_renderer_in_chromium(driver, server, screen, screenshots, tmp_path):
    import io
    import subprocess

    from PIL import Image, ImageChops
    from selenium.webdriver.common.by import By

    harness(driver, server)
    width = 390
    document = get(server, f"/layouts/{screen}/frames?width={width}&theme=dark")
    height = math.ceil(document["height"])
    layout = get(server, f"/layouts/{screen}?motion=reduced&theme=dark")
    svg_path = tmp_path / f"{screen}.svg"
    with urllib.request.urlopen(f"{server.url}/layouts/{screen}/snapshot.svg?width={width}&height={height}&theme=dark") as response:
        assert response.headers["Content-Type"] == "image/svg+xml"
        svg_path.write_bytes(response.read())
    png_path = os.path.join(screenshots, f"snapshot-{screen}.png")
    subprocess.run(["rsvg-convert", "--format", "png", "--output", png_path, str(svg_path)], check=True)
    drawn = Image.open(png_path).convert("RGB")

    background = "#" + document["background"][1:7]
    run(driver, AT_REST, layout, width, height, background)
    element = driver.find_element(By.CSS_SELECTOR, "body > div")
    painted = Image.open(io.BytesIO(element.screenshot_as_png)).convert("RGB")
    painted.save(os.path.join(screenshots, f"renderer-{screen}.png"))
    assert painted.size == drawn.size == (width, height)
    assert len(drawn.getcolors(1 << 16) or range(1 << 16)) > 2, "the snapshot shows shapes, not a blank screen"
    channels = ImageChops.difference(painted, drawn).tobytes()
    differing = sum(1 for index in range(0, len(channels), 3) if max(channels[index:index + 3]) > 48)
    assert differing / (width * height) <= PIXEL_TOLERANCE, f"{differing} of {width * height} pixels differ"
