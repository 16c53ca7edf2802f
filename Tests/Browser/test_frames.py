"""The server's layout engine against the browser, as Yoga is tested against Chrome: for every
built-in and example screen, every variant, light and dark, left to right and right to left, at
320, 390 and 430 pt (a screen captured from a page also at its capture width, 1440, 768 and 390),
the frames of GET /layouts/{screen}/frames equal the boxes the web renderer
paints (every element it gives a background colour: shapes, lines, dividers, backgrounds), both
ways and in order, within 0.5 px; radii compared as painted (CSS scales overlapping radii down).
And the snapshot.svg drawn by rsvg against the renderer's drawing, shape by shape (each frame's
interior, off its anti-aliased edges, in the same mean colour), a comparison shown to fail when a
single 8 pt shape or the 0.5 pt divider is missing from either drawing."""
import io
import json
import math
import os
import subprocess
import urllib.request
from xml.etree import ElementTree

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
  // Two frames: a measured paragraph is drawn anew at its width when the first frame's layout is observed.
  await nextFrames(2);
  const origin = box.getBoundingClientRect();
  const painted = [...box.querySelectorAll('*')].filter((element) => element.style.backgroundColor !== '' && element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().height > 0);
  results.push(painted.map((element) => {
    const r = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    // A radius in percentages (a shape whose height follows its width) is its horizontal one, of the width.
    const length = (value) => (value.split(' ')[0].endsWith('%') ? (parseFloat(value) / 100) * r.width : parseFloat(value));
    let radii = [style.borderTopLeftRadius, style.borderTopRightRadius, style.borderBottomRightRadius, style.borderBottomLeftRadius].map(length);
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


def check_screen(driver, server, screen, variant, widths=WIDTHS):
    harness(driver, server)
    failures, compared = [], 0
    for theme in ("light", "dark"):
        for direction in ("ltr", "rtl"):
            options = f"theme={theme}&direction={direction}&variant={variant}&motion=reduced"
            layout = get(server, f"/layouts/{screen}?{options}")
            documents = [get(server, f"/layouts/{screen}/frames?width={width}&{options}") for width in widths]
            height = math.ceil(max(document["height"] for document in documents))
            documents = [get(server, f"/layouts/{screen}/frames?width={width}&height={height}&{options}") for width in widths]
            painted = run(driver, PAINTED, layout, widths, height)
            for width, document, boxes in zip(widths, documents, painted):
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


def test_a_captured_screen_keeps_its_frames_at_desktop_tablet_and_phone_widths(driver, examples_server):
    """The dashboard example uses every member of issue 31 (widths in points and fill with grows, a
    spacer with a width, measured paragraphs with maxLines, captureWidth): at its capture width and
    at 1440, 768 and 390 pt the server's frames are the renderer's boxes, none of them empty, and its
    measured paragraphs take more lines the narrower the screen."""
    layout = get(examples_server, "/layouts/dashboard")
    widths = [layout["captureWidth"], 1440, 768, 390]
    assert widths[0] == 1100
    compared, failures = check_screen(driver, examples_server, "dashboard", "default", widths)
    assert compared == 16
    assert not failures, "\n".join(failures)
    lines = {}
    for width in widths:
        frames = get(examples_server, f"/layouts/dashboard/frames?width={width}")["frames"]
        empty = [frame for frame in frames if frame["width"] <= 0 or frame["height"] <= 0]
        assert not empty, f"{width}: {empty[:3]}"
        lines[width] = sum(1 for frame in frames if frame["kind"] == "line")
    assert lines[390] > lines[768] > lines[1100] >= lines[1440], lines


def screen_file(id, assumption, element, root):
    """A screen file of one layout (`root`) whose one element `element` loads in one stage."""
    return {
        "$schema": "http://127.0.0.1:8080/schema/screen.json",
        "id": id, "title": id.capitalize(), "source": "Tests/Browser/test_frames.py", "assumptions": [assumption],
        "animation": {"preset": "chat"},
        "stages": [{"id": "content", "title": "content ready", "readyMs": {"min": 100, "max": 200}}],
        "layouts": [{"variant": "default", "elements": [{"id": element, "stage": "content", "accessibilityLabel": "Loading " + element}], "root": root}],
    }


def card(**members):
    """A card of PADDED_SCREEN: a bar in 16 pt of padding, on the card background."""
    return {"type": "stack", "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16}, "background": "card",
            "cornerRadius": 12, "children": [{"type": "block", "width": "fill", "height": 20}], **members}


# Where border boxes and the layout model could part, as captured grids have them: a loading element
# with a fractional grow beside a padded card (its slot shares what the paddings leave, as its box),
# cards stretched across wrappers narrower than their padding, and a points width below its padding.
PADDED_SCREEN = screen_file("padded", "padded cards in rows and columns narrower than their padding", "mixed", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "axis": "horizontal", "spacing": 16, "maxWidth": "fill", "children": [
            card(id="mixed", width={"kind": "fill", "grow": 1.02}), card(maxWidth="fill")]},
        {"type": "stack", "axis": "horizontal", "spacing": 16, "maxWidth": "fill", "children": [
            {"type": "stack", "width": {"kind": "fill", "grow": grow}, "children": [card(maxWidth="fill")]} for grow in (1, 2)]},
        card(width={"kind": "points", "points": 10}),
    ],
})


def test_padded_boxes_share_a_row_and_overflow_a_column_as_border_boxes(driver, tmp_path):
    (tmp_path / "padded.json").write_text(json.dumps(PADDED_SCREEN))
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        compared, failures = check_screen(driver, running, "padded", "default", [900, 390, 120])
    finally:
        assert running.stop() == 0
    assert compared == 12
    assert not failures, "\n".join(failures)


# Heights that follow widths (issue 41): a 16:9 image in a padded card, images sharing a row by
# grow, a circle avatar and a capsule whose radii follow their size, a padded framed block with a
# minimum height, a stack with a ratio around short content and a clipped one around tall content.
ASPECT_SCREEN = screen_file("aspect", "media whose height follows their width", "story", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "id": "story", "spacing": 8, "maxWidth": "fill", "background": "card", "cornerRadius": 12,
         "padding": {"top": 12, "leading": 12, "bottom": 12, "trailing": 12}, "children": [
            {"type": "block", "height": 90, "aspectRatio": 16 / 9, "cornerRadius": 8},
            {"type": "text", "lines": 2, "lineHeight": 14, "lineSpacing": 6, "lastLineFraction": 0.6}]},
        {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 12, "maxWidth": "fill", "children": [
            {"type": "block", "height": 60, "aspectRatio": 1.5, "width": {"kind": "fill", "grow": grow}} for grow in (1, 2)] + [
            {"type": "block", "width": 40, "height": 40, "aspectRatio": 1, "shape": "circle"}]},
        {"type": "block", "height": 30, "aspectRatio": 5, "shape": "capsule", "corners": ["topLeading", "bottomTrailing"]},
        {"type": "block", "height": 30, "aspectRatio": 2, "background": "card", "minHeight": 60,
         "padding": {"top": 8, "leading": 8, "bottom": 8, "trailing": 8}},
        {"type": "stack", "aspectRatio": 4, "maxWidth": "fill", "background": "card", "padding": {"top": 6, "leading": 6, "bottom": 6, "trailing": 6},
         "children": [{"type": "block", "width": 30, "height": 12}]},
        {"type": "stack", "aspectRatio": 6, "maxWidth": "fill", "clip": True, "background": "card",
         "children": [{"type": "block", "width": 30, "height": 200}]},
    ],
})


def test_heights_that_follow_widths_equal_the_renderers_boxes_and_the_snapshots_rects(driver, tmp_path):
    (tmp_path / "aspect.json").write_text(json.dumps(ASPECT_SCREEN))
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        compared, failures = check_screen(driver, running, "aspect", "default", [760, 390, 120])
        heights = {}
        for width in (390, 760):
            with urllib.request.urlopen(f"{running.url}/layouts/aspect/snapshot.svg?width={width}") as response:
                shapes = svg_shapes(ElementTree.fromstring(response.read()))
            # After the viewport and the screen's and the card's backgrounds: the 16:9 image.
            heights[width] = float(shapes[3].get("height"))
    finally:
        assert running.stop() == 0
    assert compared == 12
    assert not failures, "\n".join(failures)
    for width, height in heights.items():
        image = width - 2 * 16 - 2 * 12  # the screen's and the card's padding
        assert abs(height - image * 9 / 16) < 1e-6, f"at {width} the snapshot's image is {height} high, not {image} * 9 / 16"


def stretched_card(measure, *extra, **members):
    """A card of STRETCH_SCREEN: an avatar and a paragraph that wraps by width, on the card background."""
    fill = {} if "width" in members else {"maxWidth": "fill"}
    return {"type": "stack", "alignment": "leading", "spacing": 8, "background": "card", "cornerRadius": 10, **fill,
            "padding": {"top": 12, "leading": 12, "bottom": 12, "trailing": 12}, "stretch": True, "children": [
                {"type": "block", "width": 24, "height": 24, "shape": "circle"},
                {"type": "text", "lines": 1, "lineHeight": 14, "lineSpacing": 4, "measure": measure}, *extra]} | members


# Boxes stretched by their row (issue 41): a row of cards whose paragraphs wrap to different
# heights at each width (the first a loading element, with a footer a spacer pins to its bottom),
# a row with a minimum height and its bottom alignment (a stretched points-wide card beside one
# that is not), and a stretched row inside a row that passes the height down to its card.
STRETCH_SCREEN = screen_file("stretch", "cards as tall as their row", "first", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "axis": "horizontal", "spacing": 12, "maxWidth": "fill", "children": [
            stretched_card(180, {"type": "spacer"}, {"type": "block", "width": 60, "height": 10}, id="first"),
            stretched_card(1400), stretched_card(700, stretch=False)]},
        {"type": "stack", "axis": "horizontal", "alignment": "bottom", "spacing": 12, "maxWidth": "fill", "minHeight": 140,
         "padding": {"top": 6, "leading": 0, "bottom": 6, "trailing": 0}, "children": [
            stretched_card(300, width=200), stretched_card(300, stretch=False)]},
        {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 12, "maxWidth": "fill", "children": [
            {"type": "stack", "axis": "horizontal", "stretch": True, "maxWidth": "fill", "children": [stretched_card(120)]},
            stretched_card(900, stretch=False)]},
    ],
})


def checked_frames(driver, tmp_path, file, width):
    """The screen file `file` served alone, its frames equal to the renderer's boxes at 900, 600 and
    360 in both themes and directions; its frames at `width`."""
    (tmp_path / f"{file['id']}.json").write_text(json.dumps(file))
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        compared, failures = check_screen(driver, running, file["id"], "default", [900, 600, 360])
        frames = get(running, f"/layouts/{file['id']}/frames?width={width}")["frames"]
    finally:
        assert running.stop() == 0
    assert compared == 12
    assert not failures, "\n".join(failures)
    return frames


def test_stacks_stretched_by_their_rows_equal_the_renderers_boxes(driver, tmp_path):
    frames = checked_frames(driver, tmp_path, STRETCH_SCREEN, 600)
    # Beside the browser: the first row's two stretched cards are equally tall, taller than the one that is not.
    cards = [frame for frame in frames if frame["kind"] == "background"][1:4]  # after the screen's: the first row's, in order
    assert cards[0]["height"] == cards[1]["height"] > cards[2]["height"], cards


def tile(*extra, **members):
    """A tile of SPAN_SCREEN: a title bar in 10 pt of padding on the card background, stretched by its row."""
    return {"type": "stack", "alignment": "leading", "spacing": 8, "background": "card", "cornerRadius": 8, "maxWidth": "fill",
            "padding": {"top": 10, "leading": 10, "bottom": 10, "trailing": 10}, "stretch": True, "children": [
                {"type": "block", "width": 60, "height": 14}, *extra]} | members


def avatar():
    return {"type": "block", "width": 36, "height": 36, "shape": "circle", "fill": "gray4"}


# Grid items spanning rows as capture writes them (issue 41): a row of the spanning tile (stretched,
# grow 2) and a column of the rows it spans (fixed rows as minHeight 100, a paragraph that wraps
# making a row taller at narrow widths), and a spanning tile on either side; and negative spacing:
# avatars overlapping by 10 in a row, bars by 6 in a column, a fill bar sharing what the overlap gives back.
SPAN_SCREEN = screen_file("spans", "items spanning rows and children overlapping", "feature", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 12, "maxWidth": "fill", "children": [
            tile(id="feature", width={"kind": "fill", "grow": 2}),
            {"type": "stack", "alignment": "leading", "spacing": 12, "width": {"kind": "fill", "grow": 2}, "children": [
                {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 12, "maxWidth": "fill", "minHeight": 100,
                 "children": [tile(), tile({"type": "text", "lines": 1, "lineHeight": 14, "lineSpacing": 4, "measure": 500})]},
                {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 12, "maxWidth": "fill", "minHeight": 100,
                 "children": [tile(), tile()]}]}]},
        {"type": "stack", "axis": "horizontal", "alignment": "top", "spacing": 8, "maxWidth": "fill", "children": [
            {"type": "stack", "alignment": "leading", "spacing": 8, "maxWidth": "fill", "children": [tile(stretch=False), tile(stretch=False), tile(stretch=False)]},
            tile()]},
        {"type": "stack", "axis": "horizontal", "alignment": "center", "spacing": -10, "children": [
            {"type": "repeat", "count": 4, "child": avatar()}, {"type": "block", "width": "fill", "height": 20}]},
        {"type": "stack", "alignment": "leading", "spacing": -6, "maxWidth": "fill", "children": [
            {"type": "block", "width": 120, "height": 20, "fill": "gray4"}, {"type": "block", "width": 80, "height": 20}]},
    ],
})


def test_items_spanning_rows_and_overlapping_children_equal_the_renderers_boxes(driver, tmp_path):
    frames = checked_frames(driver, tmp_path, SPAN_SCREEN, 900)
    # Beside the browser, at 900 (where the paragraph's row stays at its minimum): the spanning tile
    # is as tall as the two rows it spans and the gap between them (100 + 12 + 100), and the
    # avatars are 36 - 10 = 26 apart.
    cards = [frame for frame in frames if frame["kind"] == "background"]
    assert cards[1]["height"] == 212, cards[1]
    circles = [frame["x"] for frame in frames if frame["kind"] == "block" and frame["width"] == 36]
    assert [b - a for a, b in zip(circles, circles[1:])] == [26, 26, 26], circles


# A captured paragraph (issue 41): its text 740 on one line, captured at 628 in two lines, the last
# 0.27 of the width; in 16 pt of padding, so that its inner width is the screen's less 32 (120 below,
# the least height the frames route draws).
CAPTURED_SCREEN = screen_file("captured", "a paragraph that keeps its captured last line", "story", {
    "type": "stack", "id": "story", "alignment": "leading", "spacing": 0, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 120, "trailing": 16},
    "children": [{"type": "text", "lines": 2, "lineHeight": 14, "lineSpacing": 6, "lastLineFraction": 0.27, "measure": 740, "maxLines": 100, "maxWidth": "fill"}],
})


def test_a_paragraph_keeps_its_captured_last_line_where_it_wraps_into_its_own_lines(driver, tmp_path):
    (tmp_path / "captured.json").write_text(json.dumps(CAPTURED_SCREEN))
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        compared, failures = check_screen(driver, running, "captured", "default", [660, 800, 332])
        lines = {width: [frame["width"] for frame in get(running, f"/layouts/captured/frames?width={width}")["frames"] if frame["kind"] == "line"]
                 for width in (660, 700, 800, 332)}
    finally:
        assert running.stop() == 0
    assert compared == 12
    assert not failures, "\n".join(failures)
    # Its own two lines: the last 0.27 of the width as captured (not 740 - 628 = 112 left of the measure).
    assert lines[660] == pytest.approx([628, 0.27 * 628]) and lines[700] == pytest.approx([668, 0.27 * 668]), lines
    # Other counts: one line, drawn the whole width; three, the last what is left of the measure.
    assert lines[800] == pytest.approx([768]) and lines[332] == pytest.approx([300, 300, 140]), lines

def chip(width, height=28):
    """A chip of WRAP_SCREEN: a capsule `width` wide."""
    return {"type": "block", "width": width, "height": height, "shape": "capsule", "fill": "gray"}


# Rows that wrap (issue 41): chips of many widths, breaking into two lines at 900, three at 600
# and more at 360, the last line ending in a greedy bar that takes what the line leaves; padded
# cards of wrapping paragraphs, centred on lines as tall as their tallest; and a stretched card on
# a line beside a taller one.
WRAP_SCREEN = screen_file("wrap", "rows that wrap", "chips", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "id": "chips", "axis": "horizontal", "wrap": True, "spacing": 10, "alignment": "top", "maxWidth": "fill",
         "children": [chip(w) for w in (120, 90, 150, 70, 200, 110, 60, 130, 180, 95)] + [{"type": "block", "width": "fill", "height": 12}]},
        {"type": "stack", "axis": "horizontal", "wrap": True, "spacing": 16, "alignment": "center", "maxWidth": "fill",
         "padding": {"top": 8, "leading": 8, "bottom": 8, "trailing": 8}, "children": [
            {"type": "stack", "width": w, "spacing": 6, "alignment": "leading", "background": "card", "cornerRadius": 8,
             "padding": {"top": 10, "leading": 10, "bottom": 10, "trailing": 10}, "children": [
                {"type": "block", "width": 40, "height": 40, "shape": "circle"},
                {"type": "text", "lines": 1, "lineHeight": 14, "lineSpacing": 4, "measure": m}]}
            for w, m in ((260, 300), (200, 900), (240, 120), (180, 500))]},
        {"type": "stack", "axis": "horizontal", "wrap": True, "spacing": 12, "alignment": "top", "maxWidth": "fill", "children": [
            stretched_card(200, width=220), chip(300, 90), stretched_card(400, width=200)]},
    ],
})


def test_rows_that_wrap_equal_the_renderers_boxes(driver, tmp_path):
    (tmp_path / "wrap.json").write_text(json.dumps(WRAP_SCREEN))
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        compared, failures = check_screen(driver, running, "wrap", "default", [900, 600, 360])
        tops = {width: sorted({frame["y"] for frame in get(running, f"/layouts/wrap/frames?width={width}")["frames"]
                               if frame["kind"] == "block" and frame["height"] == 28}) for width in (900, 600, 360)}
    finally:
        assert running.stop() == 0
    assert compared == 12
    assert not failures, "\n".join(failures)
    # Beside the browser: the chips break into more lines the narrower the screen.
    assert len(tops[900]) == 2 < len(tops[600]) < len(tops[360]), tops


def badge(width, height, **offsets):
    """A badge of OVERLAY_SCREEN: a capsule `width` x `height` over its parent at `offsets`."""
    return {"type": "block", "width": width, "height": height, "shape": "capsule", "fill": "gray", "overlay": offsets}


# Children placed over their stacks (issue 41): a fluid product card (an image, a caption that
# wraps) with a badge from its top and leading edges, a duration from its bottom and trailing ones
# and a dot hanging over the trailing corner (negative offsets), a greedy caption bar over the image
# (the frame less its offset) and a padded stack over it, a clipping card whose overlay is cut by
# it, a row whose overlay takes no part in sharing its width, and a greedy bar over a stack that it
# does not make greedy (the stack stays its image's 120 wide).
OVERLAY_SCREEN = screen_file("overlay", "children placed over their stacks", "product", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "id": "product", "spacing": 8, "alignment": "leading", "maxWidth": "fill", "background": "card", "cornerRadius": 10,
         "padding": {"top": 8, "leading": 8, "bottom": 8, "trailing": 8}, "children": [
            {"type": "stack", "maxWidth": "fill", "children": [
                {"type": "block", "width": "fill", "height": 140, "cornerRadius": 8},
                {"type": "block", "width": "fill", "height": 12, "overlay": {"bottom": 10, "leading": 24}},
                {"type": "stack", "axis": "horizontal", "spacing": 4, "background": "card", "cornerRadius": 6,
                 "padding": {"top": 4, "leading": 6, "bottom": 4, "trailing": 6}, "overlay": {"top": 40, "trailing": 12},
                 "children": [chip(20, 10), chip(30, 10)]}]},
            badge(48, 20, top=10, leading=10),
            {"type": "text", "lines": 1, "lineHeight": 14, "lineSpacing": 6, "measure": 700},
            badge(44, 18, bottom=8, trailing=8),
            badge(12, 12, top=-4, trailing=-4)]},
        {"type": "stack", "axis": "horizontal", "spacing": 10, "alignment": "center", "maxWidth": "fill", "clip": True, "background": "card",
         "padding": {"top": 10, "leading": 10, "bottom": 10, "trailing": 10}, "children": [
            {"type": "block", "width": 40, "height": 40, "shape": "circle"},
            badge(30, 30, top=-10, leading=-10),
            {"type": "text", "lines": 2, "lineHeight": 12, "lineSpacing": 6, "measure": 500},
            {"type": "block", "width": 60, "height": 24, "overlay": {"bottom": 4, "trailing": 40}}]},
        {"type": "stack", "children": [
            {"type": "block", "width": 120, "height": 60},
            {"type": "block", "width": "fill", "height": 10, "overlay": {"bottom": 8, "leading": 16}}]},
    ],
})


def grid_card(measure, **members):
    """A card of COLUMNS_SCREEN: an image across its column and a paragraph that wraps by width, on the card background."""
    fill = {} if "width" in members else {"maxWidth": "fill"}
    return {"type": "stack", "alignment": "leading", "spacing": 8, "background": "card", "cornerRadius": 10, **fill,
            "padding": {"top": 10, "leading": 10, "bottom": 10, "trailing": 10}, "children": [
                {"type": "block", "width": "fill", "height": 60, "cornerRadius": 6},
                {"type": "text", "lines": 1, "lineHeight": 14, "lineSpacing": 4, "measure": measure}]} | members


# Columns that follow the width (issue 41): cards on columns at least 180 wide, 16 apart (four
# columns at 900, two at 600, one at 360), their paragraphs wrapping to rows as tall as their
# tallest card, one a loading element, one stretched to its row, one 120 wide at its column's start;
# bottom-aligned blocks on columns of at least 100; and auto-fit: two cards sharing the width that
# auto-fill would leave partly empty.
COLUMNS_SCREEN = screen_file("columns", "columns that follow the width", "first", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "axis": "horizontal", "minColumnWidth": 180, "spacing": 16, "alignment": "top", "children": [
            grid_card(200, id="first"), grid_card(700), grid_card(400, stretch=True), grid_card(300, width=120), grid_card(1200), grid_card(90)]},
        {"type": "stack", "axis": "horizontal", "minColumnWidth": 100, "spacing": 8, "alignment": "bottom", "children": [
            {"type": "block", "width": "fill", "height": h} for h in (30, 50, 20, 40, 60, 10, 30)]},
        {"type": "stack", "axis": "horizontal", "minColumnWidth": 180, "autoFit": True, "spacing": 16, "alignment": "top", "children": [
            grid_card(500), grid_card(250)]},
    ],
})


def basis_card(basis, measure, grow=1, padding=12, **members):
    """A card of BASIS_SCREEN: a paragraph that wraps by width in `padding` on the card background,
    starting in its row at `basis` and growing by `grow`."""
    return {"type": "stack", "alignment": "leading", "spacing": 6, "background": "card", "cornerRadius": 8,
            "width": {"kind": "fill", "grow": grow, "basis": basis},
            "padding": {"top": padding, "leading": padding, "bottom": padding, "trailing": padding}, "children": [
                {"type": "block", "width": 50, "height": 12},
                {"type": "text", "lines": 1, "lineHeight": 14, "lineSpacing": 4, "measure": measure}]} | members


# Items that grow from a basis (issue 41): a row that wraps, its cards (one of grow 2 from a wider
# basis) breaking into lines by their bases, four a line at 900, two at 600, one at 360, growing
# into what each line leaves; and a row that does not wrap, too narrow for its bases at 360 and
# 600 (a padded card that is the loading element, an unpadded one, a fixed block), shrinking the
# two with a basis by their basis beyond their padding.
BASIS_SCREEN = screen_file("basis", "items that grow from a basis", "shrinking", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "stack", "axis": "horizontal", "wrap": True, "spacing": 16, "alignment": "top", "maxWidth": "fill", "children": [
            basis_card(180, 400), basis_card(240, 700, grow=2), basis_card(180, 250), basis_card(180, 900), basis_card(180, 120)]},
        {"type": "stack", "axis": "horizontal", "spacing": 10, "alignment": "top", "maxWidth": "fill", "children": [
            basis_card(360, 500, padding=20, id="shrinking"), basis_card(240, 300, padding=0),
            {"type": "block", "width": 60, "height": 40}]},
    ],
})


def test_overlays_equal_the_renderers_boxes(driver, tmp_path):
    (tmp_path / "overlay.json").write_text(json.dumps(OVERLAY_SCREEN))
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        compared, failures = check_screen(driver, running, "overlay", "default", [900, 600, 360])
        frames = {width: get(running, f"/layouts/overlay/frames?width={width}")["frames"] for width in (900, 600)}
    finally:
        assert running.stop() == 0
    assert compared == 12
    assert not failures, "\n".join(failures)
    # Beside the browser: the trailing badge follows the card's trailing edge (900 - 16 - 8 - 44 = 832;
    # 600: 532), the leading one stays at 16 + 10 = 26 (worked out by hand from the rule).
    def badge_xs(width):
        return sorted(frame["x"] for frame in frames[width] if frame["kind"] == "block" and frame["height"] == 18)
    assert badge_xs(900) == [832] and badge_xs(600) == [532], (badge_xs(900), badge_xs(600))
    assert [frame["x"] for frame in frames[900] if frame["height"] == 20 and frame["width"] == 48] == [26]


def test_columns_that_follow_the_width_equal_the_renderers_boxes(driver, tmp_path):
    frames = checked_frames(driver, tmp_path, COLUMNS_SCREEN, 900)
    # Beside the browser: at 900 four columns of (868 - 48) / 4 = 205 (the first card's frame), the
    # fifth card in a second row; the auto-fit cards (the last two backgrounds) share the width.
    cards = [frame for frame in frames if frame["kind"] == "background"][1:]
    assert cards[0]["width"] == 205 and cards[4]["x"] == 16 and cards[4]["y"] > cards[0]["y"], cards
    assert cards[-1]["width"] == cards[-2]["width"] == (868 - 16) / 2, cards[-2:]


def test_items_that_grow_from_a_basis_equal_the_renderers_boxes(driver, tmp_path):
    widths = {width: checked_frames(driver, tmp_path, BASIS_SCREEN, width) for width in (900, 360)}
    # Beside the browser: the loading card is its basis grown at 900 and shrunk below it at 360.
    shrinking = {width: max(frame["width"] for frame in frames if frame["kind"] == "background" and frame["y"] == max(
        f["y"] for f in frames if f["kind"] == "background")) for width, frames in widths.items()}
    assert shrinking[900] > 360 > shrinking[360], shrinking


def fill_block(height):
    """A block of ROW_SPACING_SCREEN across its grid column."""
    return {"type": "block", "width": "fill", "height": height}


# Prepended to a CSS page's script: `boxesOf(page, elements)`, each element's box from the page's corner.
BOXES_OF = r"""
const boxesOf = (page, elements) => {
  const origin = page.getBoundingClientRect();
  return elements.map((element) => {
    const r = element.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
  });
};
"""


def against_a_css_page(driver, tmp_path, screen, name, kinds, script, *arguments, widths=(900, 600, 360), directions=("ltr",)):
    """Serves `screen` (id `name`), checks that the renderer draws it as the server frames it, and
    returns its frames of `kinds` and the boxes of the plain CSS page `script` builds (run with the
    widths, `arguments` and each direction), both by (width, direction)."""
    (tmp_path / f"{name}.json").write_text(json.dumps(screen))
    running = RunningServer(["--layouts", str(tmp_path)])
    try:
        compared, failures = check_screen(driver, running, name, "default", list(widths))
        frames = {(width, direction): [frame for frame in get(running, f"/layouts/{name}/frames?width={width}&direction={direction}")["frames"]
                                       if frame["kind"] in kinds]
                  for width in widths for direction in directions}
        page = {(width, direction): boxes for direction in directions
                for width, boxes in zip(widths, run(driver, BOXES_OF + script, list(widths), *arguments, direction))}
    finally:
        assert running.stop() == 0
    assert compared == 12
    assert not failures, "\n".join(failures)
    return frames, page


def assert_same_boxes(frames, page, count):
    """`count` frames and page boxes at every width and direction, each frame within TOLERANCE of its box."""
    for key in frames:
        assert len(frames[key]) == len(page[key]) == count, (key, len(frames[key]), len(page[key]))
        problems = [f"{key} box #{index} {side}: frame {frame[side]}, page {box[side]:.3f}"
                    for index, (frame, box) in enumerate(zip(frames[key], page[key]))
                    for side in ("x", "y", "width", "height") if abs(frame[side] - box[side]) > TOLERANCE]
        assert not problems, "\n".join(problems)


# Lines and rows apart other than their children (contract 3.11: `rowSpacing`, CSS's `gap: R C`):
# chips wrapping with lines 24 apart and chips 10 apart; blocks on columns at least 180 wide, 16
# apart, rows 32 apart; bottom-aligned blocks on columns at least 100 wide, 24 apart, rows 4 apart
# (the count by the columns' gap: fewer columns than a gap of 4 would give); chips with a negative
# rowSpacing, lines 0 apart. Blocks only, so that a plain CSS page of the same boxes is an oracle.
ROW_SPACING_SCREEN = screen_file("rowspacing", "lines and rows apart other than their children", "chips", {
    "type": "stack", "alignment": "leading", "spacing": 20, "background": "screen",
    "children": [
        {"type": "stack", "id": "chips", "axis": "horizontal", "wrap": True, "spacing": 10, "rowSpacing": 24, "alignment": "top",
         "maxWidth": "fill", "children": [chip(w) for w in (120, 90, 150, 70, 200, 110, 60, 130, 180, 95)]},
        {"type": "stack", "axis": "horizontal", "minColumnWidth": 180, "spacing": 16, "rowSpacing": 32, "alignment": "top",
         "children": [fill_block(h) for h in (60, 80, 40, 70, 50, 90)]},
        {"type": "stack", "axis": "horizontal", "minColumnWidth": 100, "spacing": 24, "rowSpacing": 4, "alignment": "bottom",
         "children": [fill_block(h) for h in (30, 50, 20, 40, 60, 10, 30)]},
        {"type": "stack", "axis": "horizontal", "wrap": True, "spacing": 8, "rowSpacing": -8, "alignment": "top", "maxWidth": "fill",
         "children": [chip(w, 20) for w in (140, 100, 160, 90, 120)]},
    ],
})

# ROW_SPACING_SCREEN written as a page of plain CSS, `gap: R C` on flex boxes that wrap and on
# grids (a negative row-gap is invalid CSS, dropped: 0), the boxes of its blocks in order at each width.
ROW_SPACING_PAGE = r"""
const [widths] = arguments;
const chips = (widths, height) => widths.map((w) => `<div style="flex: none; width: ${w}px; height: ${height}px"></div>`).join('');
const blocks = (heights) => heights.map((h) => `<div style="height: ${h}px"></div>`).join('');
const results = [];
for (const width of widths) {
  const page = document.createElement('div');
  page.style.cssText = `width: ${width}px; display: flex; flex-direction: column; align-items: flex-start; gap: 20px`;
  page.innerHTML = `
    <div style="align-self: stretch; display: flex; flex-wrap: wrap; align-content: flex-start; align-items: flex-start; gap: 24px 10px">${chips([120, 90, 150, 70, 200, 110, 60, 130, 180, 95], 28)}</div>
    <div style="align-self: stretch; display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 32px 16px; align-items: start">${blocks([60, 80, 40, 70, 50, 90])}</div>
    <div style="align-self: stretch; display: grid; grid-template-columns: repeat(auto-fill, minmax(100px, 1fr)); gap: 4px 24px; align-items: end">${blocks([30, 50, 20, 40, 60, 10, 30])}</div>
    <div style="align-self: stretch; display: flex; flex-wrap: wrap; align-content: flex-start; align-items: flex-start; row-gap: -8px; column-gap: 8px">${chips([140, 100, 160, 90, 120], 20)}</div>`;
  document.body.append(page);
  results.push(boxesOf(page, [...page.children].flatMap((stack) => [...stack.children])));
  page.remove();
}
return results;
"""


def test_lines_and_rows_row_spacing_apart_equal_the_renderers_boxes_and_a_css_gap_page(driver, tmp_path):
    frames, page = against_a_css_page(driver, tmp_path, ROW_SPACING_SCREEN, "rowspacing", ("block",), ROW_SPACING_PAGE)
    assert_same_boxes(frames, page, 28)
    # Beside the browser, at 900 (worked out by hand from the rule): the chips break after the
    # seventh (120 + 90 + 150 + 70 + 200 + 110 + 60 and six gaps of 10 = 860; + 10 + 130 > 900),
    # the second line 28 + 24 = 52 down; the grid below at 28 + 24 + 28 + 20 = 100, on
    # (900 + 16) / 196 = 4.7: 4 columns of (900 - 48) / 4 = 213, its second row 80 + 32 below its
    # first (the tallest of 60, 80, 40, 70): at 212; the grid of 100 has (900 + 24) / 124 = 7.5: 7
    # columns of (900 - 144) / 7 = 108, 132 apart (a gap of 4 would give (900 + 4) / 104 = 8.7: 8).
    chips, grid, narrow = frames[(900, "ltr")][:10], frames[(900, "ltr")][10:16], frames[(900, "ltr")][16:23]
    assert [chip["y"] for chip in chips] == [0] * 7 + [52] * 3, chips
    assert [(block["x"], block["y"], block["width"]) for block in grid[3:5]] == [(687, 100, 213), (0, 212, 213)], grid
    assert [block["x"] for block in narrow] == [0, 132, 264, 396, 528, 660, 792] and narrow[0]["width"] == 108, narrow


def limited_block(limit, height, **members):
    """A greedy block of MAX_FILL_SCREEN, at most `limit` wide."""
    return {"type": "block", "width": "fill", "height": height, "maxFillWidth": limit, **members}


PARAGRAPH_WORDS = [130, 150, 120, 140, 110, 160, 90]

# A greedy node's width limit (contract 3.11: `maxFillWidth`, CSS's `max-width`): a padded card of
# 640 centred in its column (`max-width: 640px; margin: 0 auto`, the loading element); a bar of
# 300 at a trailing column's end (`margin-left: auto`); a bar of 200 beside a bar that takes the
# rest (`flex: 1` each, the first with a max-width: frozen at 900 and 600, not at 360); a bar of
# 150 beside a spacer and a 60-wide block; two bars of 150 and 200 that both freeze at 900 (the
# rest empty at the row's end); a paragraph of 34em (544) whose words wrap at its limit; and bars
# of 150 and more on columns at least 200 wide, from their column's start. Blocks and backgrounds
# only are compared with a plain CSS page of the same boxes.
MAX_FILL_SCREEN = screen_file("maxfill", "greedy nodes with a width limit", "column", {
    "type": "stack", "alignment": "leading", "spacing": 20,
    "children": [
        {"type": "stack", "alignment": "center", "maxWidth": "fill", "children": [
            {"type": "stack", "id": "column", "maxWidth": "fill", "maxFillWidth": 640, "background": "card",
             "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
             "children": [{"type": "block", "width": "fill", "height": 24}]}]},
        {"type": "stack", "alignment": "trailing", "maxWidth": "fill", "children": [limited_block(300, 20)]},
        {"type": "stack", "axis": "horizontal", "spacing": 16, "alignment": "top", "maxWidth": "fill",
         "children": [limited_block(200, 30), {"type": "block", "width": "fill", "height": 30}]},
        {"type": "stack", "axis": "horizontal", "spacing": 0, "alignment": "top", "maxWidth": "fill",
         "children": [limited_block(150, 24), {"type": "spacer"}, {"type": "block", "width": 60, "height": 24}]},
        {"type": "stack", "axis": "horizontal", "spacing": 16, "alignment": "top", "maxWidth": "fill",
         "children": [limited_block(150, 18), limited_block(200, 18)]},
        {"type": "text", "lines": 2, "lineHeight": 16, "lineSpacing": 0, "lastLineFraction": 0.66, "measure": sum(PARAGRAPH_WORDS),
         "words": {"widths": [[w] for w in PARAGRAPH_WORDS], "space": 0}, "maxFillWidth": 544, "background": "card"},
        {"type": "stack", "axis": "horizontal", "minColumnWidth": 200, "spacing": 16, "alignment": "top",
         "children": [limited_block(150, 40), limited_block(400, 40), {"type": "block", "width": "fill", "height": 40}]},
    ],
})

# MAX_FILL_SCREEN written as a page of plain CSS (block boxes with max-width and auto margins, flex
# items of `flex: 1` with a max-width, a paragraph of 34em of inline boxes, a grid), the boxes
# marked `data-box` in order at each width.
MAX_FILL_PAGE = r"""
const [widths, words] = arguments;
const results = [];
for (const width of widths) {
  const page = document.createElement('div');
  page.style.cssText = `width: ${width}px; display: flex; flex-direction: column; align-items: flex-start; gap: 20px`;
  const spans = words.map((w) => `<span style="display: inline-block; vertical-align: top; width: ${w}px; height: 16px"></span>`).join(' ');
  page.innerHTML = `
    <div style="align-self: stretch"><div data-box style="max-width: 640px; margin: 0 auto; padding: 16px; box-sizing: border-box"><div data-box style="height: 24px"></div></div></div>
    <div style="align-self: stretch"><div data-box style="max-width: 300px; margin-left: auto; height: 20px"></div></div>
    <div style="align-self: stretch; display: flex; gap: 16px; align-items: flex-start"><div data-box style="flex: 1; max-width: 200px; height: 30px"></div><div data-box style="flex: 1; height: 30px"></div></div>
    <div style="align-self: stretch; display: flex; align-items: flex-start"><div data-box style="flex: 1; max-width: 150px; height: 24px"></div><div style="flex: 1"></div><div data-box style="flex: none; width: 60px; height: 24px"></div></div>
    <div style="align-self: stretch; display: flex; gap: 16px; align-items: flex-start"><div data-box style="flex: 1; max-width: 150px; height: 18px"></div><div data-box style="flex: 1; max-width: 200px; height: 18px"></div></div>
    <div data-box style="align-self: stretch; max-width: 34em; font: 16px/16px sans-serif"><div style="font-size: 0; line-height: 16px">${spans}</div></div>
    <div style="align-self: stretch; display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; align-items: start"><div data-box style="max-width: 150px; height: 40px"></div><div data-box style="max-width: 400px; height: 40px"></div><div data-box style="height: 40px"></div></div>`;
  document.body.append(page);
  results.push(boxesOf(page, [...page.querySelectorAll('[data-box]')]));
  page.remove();
}
return results;
"""


def test_greedy_nodes_limited_by_max_fill_width_equal_the_renderers_boxes_and_a_css_max_width_page(driver, tmp_path):
    frames, page = against_a_css_page(driver, tmp_path, MAX_FILL_SCREEN, "maxfill", ("block", "background"), MAX_FILL_PAGE, PARAGRAPH_WORDS)
    assert_same_boxes(frames, page, 13)
    # Beside the browser (worked out by hand from the rule): at 900 the card is 640 from (900 -
    # 640) / 2 = 130; the trailing bar 300 from 600; beside the bar of 200 the other takes 900 -
    # 16 - 200 = 684 (at 360 both are (360 - 16) / 2 = 172, below the limit); the bar of 150
    # leaves the spacer 690, the block at 840; the bars of 150 and 200 both freeze, at 0 and 166;
    # the paragraph is 544 wide and 2 lines high (130 + 150 + 120 + 140 = 540 fit), at 360 3
    # lines; on 4 columns of (900 - 48) / 4 = 213, the bars are 150, 213 and 213 at 0, 229, 458.
    card, _, trailing, limited, rest, frozen, fixed, first, second, paragraph, *grid = frames[(900, "ltr")]
    assert (card["x"], card["width"], trailing["x"], trailing["width"]) == (130, 640, 600, 300), (card, trailing)
    assert (limited["width"], rest["x"], rest["width"]) == (200, 216, 684), (limited, rest)
    assert (frozen["width"], fixed["x"], first["width"], second["x"], second["width"]) == (150, 840, 150, 166, 200)
    assert (paragraph["width"], paragraph["height"]) == (544, 32) and frames[(360, "ltr")][9]["height"] == 48, paragraph
    assert [(block["x"], block["width"]) for block in grid] == [(0, 150), (229, 213), (458, 213)], grid
    assert [frames[(360, "ltr")][index]["width"] for index in (3, 4)] == [172, 172]



def bubble(fraction, height, **members):
    """A greedy block of MAX_FILL_FRACTION_SCREEN, at most `fraction` of its reference width."""
    return {"type": "block", "width": "fill", "height": height, "maxFillFraction": fraction, **members}


AVATAR = {"type": "block", "width": 40, "height": 40, "shape": "circle"}

# A greedy node's limit as a fraction (contract 3.12: `maxFillFraction`, CSS's `max-width: N%`),
# in a root at 90% of the width: in a padded card, a chat bubble at 70% of the card's inner width
# at its column's start, and the loading element (an id: the renderer's element slot) a padded
# bubble at 70% at a trailing column's end; a bubble at 70% beside an avatar (frozen); a bubble at
# 25% beside an avatar and a bar that takes the rest; a bar at 70% and at most 300 at a trailing
# column's end; bubbles at 50% and 75% of their grid column; bubbles over a padded card at 50% and
# 25% of its frame (overlays from the top leading and bottom trailing corners); a bubble at 60% of
# a padded scroll's inner width; two bubbles of basis 300 at 50% in a row that wraps (one line at
# 900, two at 600 and 360). Blocks and backgrounds are compared with a plain CSS page of the same
# boxes, left to right and right to left.
MAX_FILL_FRACTION_SCREEN = screen_file("maxfraction", "greedy nodes limited to a fraction of their reference width", "bubble", {
    "type": "stack", "alignment": "leading", "spacing": 20, "maxFillFraction": 0.9,
    "children": [
        {"type": "stack", "alignment": "leading", "spacing": 8, "maxWidth": "fill", "background": "card",
         "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16}, "children": [
            bubble(0.7, 40),
            {"type": "stack", "alignment": "trailing", "maxWidth": "fill", "children": [
                {"type": "stack", "id": "bubble", "maxWidth": "fill", "maxFillFraction": 0.7, "background": "card",
                 "padding": {"top": 12, "leading": 12, "bottom": 12, "trailing": 12},
                 "children": [{"type": "block", "width": "fill", "height": 16}]}]}]},
        {"type": "stack", "axis": "horizontal", "spacing": 12, "alignment": "top", "maxWidth": "fill", "children": [AVATAR, bubble(0.7, 40)]},
        {"type": "stack", "axis": "horizontal", "spacing": 12, "alignment": "top", "maxWidth": "fill",
         "children": [AVATAR, bubble(0.25, 30), {"type": "block", "width": "fill", "height": 30}]},
        {"type": "stack", "alignment": "trailing", "maxWidth": "fill", "children": [bubble(0.7, 20, maxFillWidth=300)]},
        {"type": "stack", "axis": "horizontal", "minColumnWidth": 200, "spacing": 16, "alignment": "top",
         "children": [bubble(0.5, 40), bubble(0.75, 40), {"type": "block", "width": "fill", "height": 40}]},
        {"type": "stack", "alignment": "leading", "maxWidth": "fill", "background": "card",
         "padding": {"top": 20, "leading": 20, "bottom": 20, "trailing": 20}, "children": [
            {"type": "block", "width": "fill", "height": 60},
            bubble(0.5, 20, overlay={"top": 8, "leading": 8}), bubble(0.25, 20, overlay={"bottom": 8, "trailing": 8})]},
        {"type": "scroll", "padding": {"top": 0, "leading": 10, "bottom": 0, "trailing": 10}, "child": bubble(0.6, 20)},
        {"type": "stack", "axis": "horizontal", "wrap": True, "spacing": 10, "alignment": "top", "maxWidth": "fill",
         "children": [bubble(0.5, 20, width={"kind": "fill", "basis": 300}), bubble(0.5, 20, width={"kind": "fill", "basis": 300})]},
    ],
})

# MAX_FILL_FRACTION_SCREEN written as a page of plain CSS (percentage max-widths on block boxes
# 100% wide, flex items of `flex: 1`, grid items, absolutely positioned boxes, flex items that
# wrap), in `direction`, the boxes marked `data-box` in order at each width.
MAX_FILL_FRACTION_PAGE = r"""
const [widths, direction] = arguments;
const bar = (style) => `<div data-box style="${style}"></div>`;
const column = (align, inner) => `<div style="align-self: stretch; display: flex; flex-direction: column; align-items: ${align}">${inner}</div>`;
const row = (inner) => `<div style="align-self: stretch; display: flex; gap: 12px; align-items: flex-start">${bar('flex: none; width: 40px; height: 40px; border-radius: 50%')}${inner}</div>`;
const results = [];
for (const width of widths) {
  const page = document.createElement('div');
  page.style.cssText = `width: ${width}px; direction: ${direction}; display: flex; flex-direction: column`;
  page.innerHTML = `<div style="max-width: 90%; display: flex; flex-direction: column; align-items: flex-start; gap: 20px">
    <div data-box style="align-self: stretch; padding: 16px; box-sizing: border-box; display: flex; flex-direction: column; align-items: flex-start; gap: 8px">
      ${bar('width: 100%; max-width: 70%; height: 40px')}
      ${column('flex-end', '<div data-box style="width: 100%; max-width: 70%; padding: 12px; box-sizing: border-box"><div data-box style="height: 16px"></div></div>')}</div>
    ${row(bar('flex: 1; max-width: 70%; height: 40px'))}
    ${row(bar('flex: 1; max-width: 25%; height: 30px') + bar('flex: 1; height: 30px'))}
    ${column('flex-end', bar('width: 100%; max-width: min(300px, 70%); height: 20px'))}
    <div style="align-self: stretch; display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; align-items: start">${bar('max-width: 50%; height: 40px')}${bar('max-width: 75%; height: 40px')}${bar('height: 40px')}</div>
    <div data-box style="align-self: stretch; position: relative; padding: 20px; box-sizing: border-box">${bar('height: 60px')}${bar('position: absolute; top: 8px; inset-inline-start: 8px; width: calc(100% - 8px); max-width: 50%; height: 20px')}${bar('position: absolute; bottom: 8px; inset-inline-end: 8px; width: calc(100% - 8px); max-width: 25%; height: 20px')}</div>
    <div style="align-self: stretch; overflow: hidden; padding: 0 10px; box-sizing: border-box">${bar('max-width: 60%; height: 20px')}</div>
    <div style="align-self: stretch; display: flex; flex-wrap: wrap; gap: 10px; align-content: flex-start; align-items: flex-start">${bar('flex: 1 1 300px; max-width: 50%; height: 20px').repeat(2)}</div></div>`;
  document.body.append(page);
  results.push(boxesOf(page, [...page.querySelectorAll('[data-box]')]));
  page.remove();
}
return results;
"""


def test_greedy_nodes_limited_by_max_fill_fraction_equal_the_renderers_boxes_and_a_css_percentage_page(driver, tmp_path):
    frames, page = against_a_css_page(driver, tmp_path, MAX_FILL_FRACTION_SCREEN, "maxfraction", ("block", "background"),
                                      MAX_FILL_FRACTION_PAGE, directions=("ltr", "rtl"))
    assert_same_boxes(frames, page, 20)
    # Beside the browser (worked out by hand from the rule), at 900: the root is 810 wide; the
    # card's bubble 70% of its inner 778, 544.6 from 16, the element as wide at 16 + 778 - 544.6 =
    # 249.4; beside the avatar 70% of 810 = 567 from 52 (frozen: 758 were free); 25% of 810 =
    # 202.5 from 52, the bar the rest, 543.5 from 266.5; min(300, 567) = 300 at 510 (at 360, 70%
    # of 324 = 226.8 at 97.2); on 3 columns of (810 - 32) / 3 = 259.33, 129.67 at 0 and 194.5 at
    # 275.33; over the card 405 at 8 and 202.5 at 810 - 8 - 202.5 = 599.5; in the scroll 60% of
    # 790 = 474 from 10; the wrapping bubbles on one line (300 + 10 + 300 fit), 400 each at 0 and
    # 410; at 600 on two lines (270 + 10 + 270 > 540), 270 each; right to left, mirrored in 900.
    boxes = [(round(frame["x"], 2), round(frame["width"], 2)) for frame in frames[(900, "ltr")]]
    assert boxes[1:4] == [(16, 544.6), (249.4, 544.6), (261.4, 520.6)], boxes
    assert boxes[5:9] == [(52, 567), (0, 40), (52, 202.5), (266.5, 543.5)], boxes
    assert boxes[9] == (510, 300) and [(round(f["x"], 2), round(f["width"], 2)) for f in frames[(360, "ltr")]][9] == (97.2, 226.8)
    assert boxes[10:13] == [(0, 129.67), (275.33, 194.5), (550.67, 259.33)], boxes
    assert boxes[14:18] == [(20, 770), (8, 405), (599.5, 202.5), (10, 474)], boxes
    assert boxes[18:] == [(0, 400), (410, 400)], boxes
    assert [(f["x"], f["y"] - frames[(600, "ltr")][18]["y"], f["width"]) for f in frames[(600, "ltr")][18:]] == [(0, 0, 270), (0, 30, 270)]
    assert [round(900 - f["x"] - f["width"], 2) for f in frames[(900, "rtl")][1:3]] == [16, 249.4]


TAGS = (120, 90, 150, 70, 200, 110, 60, 130, 180, 95)
BUTTONS = (140, 100, 160, 90, 120)

# Where a wrapping row's lines put their free width (contract 3.12: `lineAlignment`, CSS's
# `justify-content` on a `flex-wrap: wrap` row): a centred tag cloud (the loading element), its
# lines 16 apart; buttons of two heights centred across their lines, at the trailing end of a
# padded card (24 leading, 8 trailing); chips centred on lines that end in a greedy bar (no free
# width where it is); chips in a row that does not wrap, where `center` changes nothing. Blocks
# and backgrounds are compared with a plain CSS page of the same boxes, left to right and right
# to left.
LINE_ALIGNMENT_SCREEN = screen_file("linealignment", "the lines of a wrapping row centred or at its end", "tags", {
    "type": "stack", "alignment": "leading", "spacing": 20,
    "children": [
        {"type": "stack", "id": "tags", "axis": "horizontal", "wrap": True, "lineAlignment": "center", "spacing": 10, "rowSpacing": 16,
         "alignment": "top", "maxWidth": "fill", "children": [chip(w) for w in TAGS]},
        {"type": "stack", "axis": "horizontal", "wrap": True, "lineAlignment": "trailing", "spacing": 10, "alignment": "center",
         "maxWidth": "fill", "background": "card", "padding": {"top": 8, "leading": 24, "bottom": 8, "trailing": 8},
         "children": [chip(w, 24 if index % 2 == 0 else 32) for index, w in enumerate(BUTTONS)]},
        {"type": "stack", "axis": "horizontal", "wrap": True, "lineAlignment": "center", "spacing": 10, "alignment": "top", "maxWidth": "fill",
         "children": [chip(w, 20) for w in (200, 150, 250)] + [{"type": "block", "width": "fill", "height": 12}]},
        {"type": "stack", "axis": "horizontal", "lineAlignment": "center", "spacing": 10, "alignment": "top", "maxWidth": "fill",
         "children": [chip(100, 20), chip(80, 20)]},
    ],
})

# LINE_ALIGNMENT_SCREEN written as a page of plain CSS (flex rows that wrap with justify-content
# and gap, a padded one with padding-inline, a flex row that does not wrap), in `direction`, the
# boxes marked `data-box` in order at each width.
LINE_ALIGNMENT_PAGE = r"""
const [widths, tags, buttons, direction] = arguments;
const chip = (w, h) => `<div data-box style="flex: none; width: ${w}px; height: ${h}px"></div>`;
const wrapping = 'align-self: stretch; display: flex; flex-wrap: wrap; align-content: flex-start';
const results = [];
for (const width of widths) {
  const page = document.createElement('div');
  page.style.cssText = `width: ${width}px; direction: ${direction}; display: flex; flex-direction: column; align-items: flex-start; gap: 20px`;
  page.innerHTML = `
    <div style="${wrapping}; align-items: flex-start; justify-content: center; gap: 16px 10px">${tags.map((w) => chip(w, 28)).join('')}</div>
    <div data-box style="${wrapping}; align-items: center; justify-content: flex-end; gap: 10px; padding-block: 8px; padding-inline: 24px 8px">${buttons.map((w, i) => chip(w, i % 2 === 0 ? 24 : 32)).join('')}</div>
    <div style="${wrapping}; align-items: flex-start; justify-content: center; gap: 10px">${[200, 150, 250].map((w) => chip(w, 20)).join('')}<div data-box style="flex: 1 1 0px; height: 12px"></div></div>
    <div style="align-self: stretch; display: flex; align-items: flex-start; gap: 10px">${chip(100, 20)}${chip(80, 20)}</div>`;
  document.body.append(page);
  results.push(boxesOf(page, [...page.querySelectorAll('[data-box]')]));
  page.remove();
}
return results;
"""


def test_lines_of_wrapping_rows_at_their_line_alignment_equal_the_renderers_boxes_and_a_css_justify_content_page(driver, tmp_path):
    frames, page = against_a_css_page(driver, tmp_path, LINE_ALIGNMENT_SCREEN, "linealignment", ("block", "background"),
                                      LINE_ALIGNMENT_PAGE, list(TAGS), list(BUTTONS), directions=("ltr", "rtl"))
    assert_same_boxes(frames, page, 22)
    # Beside the browser (worked out by hand from the rule), at 900: the tags' first line holds
    # seven (120 + 90 + 150 + 70 + 200 + 110 + 60 and six gaps of 10 = 860; + 10 + 130 > 900),
    # 40 free, from 20; the second (130 + 180 + 95 + 20 = 425) 475 free, from 237.5, 28 + 16 = 44
    # down. The buttons fit one line of the card's inner 900 - 24 - 8 = 868 (650), 218 free
    # before them: from 24 + 218 = 242, those 24 high (32 - 24) / 2 = 4 below the 32-high ones.
    # The chips' line ends in the bar, which takes the 900 - 600 - 30 = 270 left (no free width:
    # from 0); the row that does not wrap starts at 0. Right to left, mirrored in 900: the free
    # width on the left, the last button at the card's inner edge, 8, the first at 900 - 242 - 140 = 518.
    ltr = frames[(900, "ltr")]
    tags, card, buttons, chips, fixed = ltr[:10], ltr[10], ltr[11:16], ltr[16:20], ltr[20:]
    assert [(tag["x"], tag["y"]) for tag in tags] == [(20, 0), (150, 0), (250, 0), (410, 0), (490, 0), (700, 0), (820, 0), (237.5, 44), (377.5, 44), (567.5, 44)], tags
    assert card["width"] == 900 and [(button["x"], button["y"] - card["y"]) for button in buttons] == [(242, 12), (392, 8), (502, 12), (672, 8), (772, 12)], buttons
    assert [(chip["x"], chip["width"]) for chip in chips] == [(0, 200), (210, 150), (370, 250), (630, 270)], chips
    assert [chip["x"] for chip in fixed] == [0, 110], fixed
    assert [frames[(900, "rtl")][index]["x"] for index in (11, 15)] == [518, 8]


def words_paragraph(line_height, line_spacing):
    """A paragraph of STRETCHED_BLOCK_SCREEN: PARAGRAPH_WORDS broken greedily, on the card background."""
    return {"type": "text", "lines": 2, "lineHeight": line_height, "lineSpacing": line_spacing, "lastLineFraction": 0.5,
            "measure": sum(PARAGRAPH_WORDS), "words": {"widths": [[w] for w in PARAGRAPH_WORDS], "space": 0}, "background": "card"}


# A block's `stretch` and an overlay's `center` (contract 3.11): a 64-wide `aspect-ratio: 1`
# thumbnail stretched by its row beside a paragraph of 2 lines (at 900 and 600: the thumbnail keeps
# its own 64) or 4 (at 360: it is the paragraph's 98); a painted leaf (a 40 × 40 block in 8 of
# padding, the loading element) stretched beside a paragraph, its shape filling its frame; and a
# card with a badge centred on its top edge (`top: 0; left: 50%; transform: translate(-50%, -50%)`)
# and one 100 right of its centre on its bottom edge, their leading and trailing offsets those
# at 900. Blocks and backgrounds only are compared with a plain CSS page of the same boxes.
STRETCHED_BLOCK_SCREEN = screen_file("stretchblock", "stretched blocks and centred overlays", "leaf", {
    "type": "stack", "alignment": "leading", "spacing": 20,
    "children": [
        {"type": "stack", "axis": "horizontal", "spacing": 12, "alignment": "top",
         "children": [{"type": "block", "width": 64, "height": 64, "aspectRatio": 1, "stretch": True}, words_paragraph(20, 6)]},
        {"type": "stack", "axis": "horizontal", "spacing": 12, "alignment": "top",
         "children": [{"type": "block", "id": "leaf", "width": 40, "height": 40, "stretch": True, "background": "card",
                       "padding": {"top": 8, "leading": 8, "bottom": 8, "trailing": 8}}, words_paragraph(16, 4)]},
        {"type": "stack", "maxWidth": "fill", "background": "card", "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
         "children": [{"type": "block", "width": "fill", "height": 80},
                      {"type": "block", "width": 60, "height": 20, "overlay": {"top": -10, "leading": 420, "center": 0}},
                      {"type": "block", "width": 48, "height": 16, "overlay": {"bottom": -8, "trailing": 326, "center": 100}}]},
    ],
})

# STRETCHED_BLOCK_SCREEN written as a page of plain CSS (flex rows with the default `align-items`, an
# `aspect-ratio: 1` thumbnail, a padded leaf whose box stretches, paragraphs of inline boxes, a
# positioned card with badges placed by `left: 50%` and a transform), in `direction`, the boxes
# marked `data-box` in order at each width.
STRETCHED_BLOCK_PAGE = r"""
const [widths, words, direction] = arguments;
const results = [];
const paragraph = (height, gap) => `<div data-box style="flex: 1; min-width: 0; align-self: flex-start; display: flex; flex-wrap: wrap; row-gap: ${gap}px">`
  + words.map((w) => `<div style="flex: none; width: ${w}px; height: ${height}px"></div>`).join('') + '</div>';
const right = direction === 'rtl' ? -100 : 100;
for (const width of widths) {
  const page = document.createElement('div');
  page.style.cssText = `width: ${width}px; direction: ${direction}; display: flex; flex-direction: column; align-items: flex-start; gap: 20px`;
  page.innerHTML = `
    <div style="align-self: stretch; display: flex; gap: 12px"><div data-box style="flex: none; width: 64px; aspect-ratio: 1"></div>${paragraph(20, 6)}</div>
    <div style="align-self: stretch; display: flex; gap: 12px"><div data-box style="flex: none; display: flex; padding: 8px"><div data-box style="width: 40px; min-height: 40px"></div></div>${paragraph(16, 4)}</div>
    <div data-box style="align-self: stretch; position: relative; padding: 16px">
      <div data-box style="height: 80px"></div>
      <div data-box style="position: absolute; top: 0; left: 50%; transform: translate(-50%, -50%); width: 60px; height: 20px"></div>
      <div data-box style="position: absolute; bottom: -8px; left: calc(50% + ${right}px); transform: translateX(-50%); width: 48px; height: 16px"></div>
    </div>`;
  document.body.append(page);
  results.push(boxesOf(page, [...page.querySelectorAll('[data-box]')]));
  page.remove();
}
return results;
"""


def test_stretched_blocks_and_centred_overlays_equal_the_renderers_boxes_and_a_css_page(driver, tmp_path):
    frames, page = against_a_css_page(driver, tmp_path, STRETCHED_BLOCK_SCREEN, "stretchblock", ("block", "background"), STRETCHED_BLOCK_PAGE,
                                      PARAGRAPH_WORDS, directions=("ltr", "rtl"))
    assert_same_boxes(frames, page, 9)
    # Beside the browser (worked out by hand from the rule): at 900 the first paragraph (824 wide)
    # takes 2 lines, 46 high, so the thumbnail keeps its 64; at 360 (284 wide) 4 lines, 4 · 20 + 3
    # · 6 = 98, and the thumbnail is 98 high. The leaf's frame is 56 at 900 (2 lines of 16: 36), at
    # 360 4 lines, 76, its shape 76 - 16 = 60. The card (from 84 + 56 + 20 = 160 at 900, 112
    # high) centres its top badge at 450 (x 420, y 150); the other's centre is 550 (x 526), at 360
    # 280 (x 256), right to left 80 (x 56).
    thumb, _, frame, leaf, _, card, _, top, bottom = frames[(900, "ltr")]
    assert (thumb["height"], frame["height"], leaf["height"], card["y"]) == (64, 56, 40, 160), (thumb, frame, leaf, card)
    assert (top["x"], top["y"], bottom["x"], bottom["y"]) == (420, 150, 526, 264), (top, bottom)
    thumb, _, frame, leaf, *_, bottom = frames[(360, "ltr")]
    assert (thumb["height"], frame["height"], leaf["y"], leaf["height"], bottom["x"]) == (98, 76, 126, 60, 256), (thumb, frame, leaf, bottom)
    assert frames[(360, "rtl")][8]["x"] == 56


# An overlay's `offsetFraction` (contract 3.12): a slider's track (a padded card, the loading
# element) with its knob at `left: 35%; margin-left: -6px` and a marker at `right: 20%`, the
# percentages of the card's padding box; a greedy bar at `left: calc(25% + 10px); right: 0` over a
# block 80 high (the screen at least the 120 a frames request takes); a block centred at `left: 50%` whose fraction changes nothing. Blocks and backgrounds are
# compared with a plain CSS page of the same boxes, left to right and right to left.
SLIDER_SCREEN = screen_file("slider", "overlays placed at a share of their parent's width", "track", {
    "type": "stack", "alignment": "leading", "spacing": 20,
    "children": [
        {"type": "stack", "id": "track", "maxWidth": "fill", "background": "card", "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
         "children": [{"type": "block", "width": "fill", "height": 4},
                      {"type": "block", "width": 12, "height": 12, "shape": "circle", "overlay": {"top": 12, "leading": -6, "offsetFraction": 0.35}},
                      {"type": "block", "width": 8, "height": 8, "overlay": {"bottom": 4, "trailing": 0, "offsetFraction": 0.2}}]},
        {"type": "stack", "maxWidth": "fill",
         "children": [{"type": "block", "width": "fill", "height": 80},
                      {"type": "block", "width": "fill", "height": 6, "overlay": {"top": 0, "leading": 10, "offsetFraction": 0.25}},
                      {"type": "block", "width": 40, "height": 10, "overlay": {"top": 30, "leading": 7, "center": 0, "offsetFraction": 0.5}}]},
    ],
})

# SLIDER_SCREEN written as a page of plain CSS (positioned boxes placed by percentages of their
# containing block, `left` and `right` swapped right to left), in `direction`, the boxes marked
# `data-box` in order at each width.
SLIDER_PAGE = r"""
const [widths, direction] = arguments;
const [start, end] = direction === 'rtl' ? ['right', 'left'] : ['left', 'right'];
const results = [];
for (const width of widths) {
  const page = document.createElement('div');
  page.style.cssText = `width: ${width}px; direction: ${direction}; display: flex; flex-direction: column; align-items: flex-start; gap: 20px`;
  page.innerHTML = `
    <div data-box style="align-self: stretch; position: relative; padding: 16px">
      <div data-box style="height: 4px"></div>
      <div data-box style="position: absolute; top: 12px; ${start}: 35%; margin-${start}: -6px; width: 12px; height: 12px"></div>
      <div data-box style="position: absolute; bottom: 4px; ${end}: 20%; width: 8px; height: 8px"></div>
    </div>
    <div style="align-self: stretch; position: relative">
      <div data-box style="height: 80px"></div>
      <div data-box style="position: absolute; top: 0; ${start}: calc(25% + 10px); ${end}: 0; height: 6px"></div>
      <div data-box style="position: absolute; top: 30px; left: 50%; transform: translateX(-50%); width: 40px; height: 10px"></div>
    </div>`;
  document.body.append(page);
  results.push(boxesOf(page, [...page.querySelectorAll('[data-box]')]));
  page.remove();
}
return results;
"""


def test_overlays_at_a_share_of_their_parents_width_equal_the_renderers_boxes_and_a_css_percentage_page(driver, tmp_path):
    frames, page = against_a_css_page(driver, tmp_path, SLIDER_SCREEN, "slider", ("block", "background"), SLIDER_PAGE, directions=("ltr", "rtl"))
    assert_same_boxes(frames, page, 7)
    # Beside the browser (worked out by hand from the rule), at 900: the card 900 wide and 36 high,
    # the knob at -6 + 0.35 * 900 = 309, 12 down; the marker's trailing edge 180 before 900, from
    # 712, 36 - 4 - 8 = 24 down; the bar 10 + 225 = 235 from the leading edge, 900 - 235 = 665
    # wide, 56 down; the centred block at 450 - 20 = 430. At 360 the knob at -6 + 126 = 120, the
    # marker from 360 - 72 - 8 = 280. Right to left at 900 the knob from 900 - 309 - 12 = 579.
    card, _, knob, marker, _, bar, centred = frames[(900, "ltr")]
    assert (card["width"], card["height"], knob["x"], knob["y"], marker["x"], marker["y"]) == (900, 36, 309, 12, 712, 24), (card, knob, marker)
    assert (bar["x"], bar["width"], bar["y"], centred["x"]) == (235, 665, 56, 430), (bar, centred)
    assert [frames[(360, "ltr")][index]["x"] for index in (2, 3)] == [120, 280]
    assert frames[(900, "rtl")][2]["x"] == 579


# The renderer's drawing of the skeleton at rest, as the snapshot draws it: each shape in its own
# fill, on the screen's background colour. The document's shimmer is taken off before it is drawn
# (no stops: the renderer paints every block in its own fill, whatever the served application),
# so that the comparison sees the fills themselves and not a shimmer image.
AT_REST = r"""
const [layout, width, height, background] = arguments;
document.body.replaceChildren();
delete layout.animation.shimmer;
const box = mountDocument(layout, { motion: 'reduced' }, [width, height]);
box.style.background = background;
await nextFrames(2);
return box.querySelectorAll('[data-sk="block"]').length;
"""

# Shape by shape: the pixels at least INSET px inside a frame's rounded rectangle (and its clip)
# are off every anti-aliased edge of that frame, so both drawings paint them in solid colour; their
# mean colour must agree within MEAN_TOLERANCE in every channel. A frame too thin to have such
# pixels (a 0.5 pt divider) must show ink in both drawings: its row of pixels differs from the
# pixels around it, in each drawing by at least INK_RATIO of the other's difference (Chromium
# snaps a hairline to one whole pixel, rsvg covers it partly: about 2 to 1).
INSET = 1.5
MEAN_TOLERANCE = 4
INK_RATIO = 0.3
INK_FLOOR = 3


def _pixel_span(low, high, limit):
    """The pixels whose centre lies in [low, high), clamped to [0, limit)."""
    return max(0, math.ceil(low - 0.5)), min(limit, math.ceil(high - 0.5))


def _clipped(frame, inset):
    """The frame's rectangle inset by `inset`, within its clip inset as much: (x0, y0, x1, y1)."""
    x0, y0 = frame["x"] + inset, frame["y"] + inset
    x1, y1 = frame["x"] + frame["width"] - inset, frame["y"] + frame["height"] - inset
    clip = frame.get("clip")
    if clip:
        x0, y0 = max(x0, clip["x"] + inset), max(y0, clip["y"] + inset)
        x1, y1 = min(x1, clip["x"] + clip["width"] - inset), min(y1, clip["y"] + clip["height"] - inset)
    return x0, y0, x1, y1


def shape_interior(size, frame, inset=INSET):
    """A mask of the pixels whose centre lies at least `inset` inside the frame's rounded rectangle
    and its clip, or None when there is none."""
    from PIL import Image, ImageDraw

    x0, y0, x1, y1 = _clipped(frame, inset)
    left, right = _pixel_span(x0, x1, size[0])
    top, bottom = _pixel_span(y0, y1, size[1])
    if right <= left or bottom <= top:
        return None
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rectangle([left, top, right - 1, bottom - 1], fill=255)
    pixels = mask.load()
    fx0, fy0 = frame["x"] + inset, frame["y"] + inset
    fx1, fy1 = frame["x"] + frame["width"] - inset, frame["y"] + frame["height"] - inset
    # Radii top-left, top-right, bottom-right, bottom-left; the rounded rectangle inset by d has radii r - d.
    for radius, (cx, cy, sx, sy) in zip(frame["radii"], [(fx0, fy0, 1, 1), (fx1, fy0, -1, 1), (fx1, fy1, -1, -1), (fx0, fy1, 1, -1)]):
        r = radius - inset
        if r <= 0:
            continue
        ox, oy = cx + sx * r, cy + sy * r
        for i in range(max(left, math.floor(min(cx, ox))), min(right, math.ceil(max(cx, ox)))):
            for j in range(max(top, math.floor(min(cy, oy))), min(bottom, math.ceil(max(cy, oy)))):
                px, py = i + 0.5, j + 0.5
                if (px - ox) * sx < 0 and (py - oy) * sy < 0 and (px - ox) ** 2 + (py - oy) ** 2 > r * r:
                    pixels[i, j] = 0
    return mask if mask.getbbox() else None


def _ink(image, frame):
    """How far the pixels the frame touches lie from the ring of pixels one pixel beyond them."""
    from PIL import Image, ImageDraw, ImageStat

    x0, y0, x1, y1 = _clipped(frame, 0)
    left, top = max(0, math.floor(x0)), max(0, math.floor(y0))
    right, bottom = min(image.width, math.ceil(x1)), min(image.height, math.ceil(y1))
    if right <= left or bottom <= top:
        return None
    inside = Image.new("L", image.size, 0)
    ImageDraw.Draw(inside).rectangle([left, top, right - 1, bottom - 1], fill=255)
    ring = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(ring)
    draw.rectangle([left - 2, top - 2, right + 1, bottom + 1], fill=255)
    draw.rectangle([left - 1, top - 1, right, bottom], fill=0)
    a, b = ImageStat.Stat(image, inside).mean, ImageStat.Stat(image, ring).mean
    return max(abs(p - q) for p, q in zip(a, b))


def shape_differences(painted, drawn, frames):
    """The frames whose region differs between two drawings of them, in words (empty if none)."""
    from PIL import ImageStat

    assert painted.size == drawn.size, (painted.size, drawn.size)
    problems = []
    for index, frame in enumerate(frames):
        label = f"#{index} {frame['kind']} {frame['width']}x{frame['height']} at {frame['x']},{frame['y']}"
        mask = shape_interior(painted.size, frame)
        if mask is not None:
            mine, theirs = ImageStat.Stat(painted, mask).mean, ImageStat.Stat(drawn, mask).mean
            if max(abs(a - b) for a, b in zip(mine, theirs)) > MEAN_TOLERANCE:
                problems.append(f"{label}: mean colour {[round(c, 1) for c in mine]} painted, {[round(c, 1) for c in theirs]} drawn")
            continue
        inks = (_ink(painted, frame), _ink(drawn, frame))
        if inks[0] is None:
            continue  # entirely outside the image or its clip
        if min(inks) < max(INK_FLOOR, INK_RATIO * max(inks)):
            problems.append(f"{label}: ink {inks[0]:.1f} painted, {inks[1]:.1f} drawn")
    return problems


def snapshot_and_painting(driver, server, screen, theme, tmp_path, width=390):
    """The screen's frames, its snapshot.svg (text), that SVG drawn by rsvg and the renderer's drawing at rest."""
    from PIL import Image
    from selenium.webdriver.common.by import By

    harness(driver, server)
    document = get(server, f"/layouts/{screen}/frames?width={width}&theme={theme}")
    height = max(120, math.ceil(document["height"]))  # the least height the routes take
    frames = get(server, f"/layouts/{screen}/frames?width={width}&height={height}&theme={theme}")["frames"]
    layout = get(server, f"/layouts/{screen}?motion=reduced&theme={theme}")
    with urllib.request.urlopen(f"{server.url}/layouts/{screen}/snapshot.svg?width={width}&height={height}&theme={theme}") as response:
        assert response.headers["Content-Type"] == "image/svg+xml"
        svg = response.read().decode()
    blocks = run(driver, AT_REST, layout, width, height, "#" + document["background"][1:7])
    assert blocks > 0, "the renderer drew the screen's blocks"
    element = driver.find_element(By.CSS_SELECTOR, "body > div")
    painted = Image.open(io.BytesIO(element.screenshot_as_png)).convert("RGB")
    return frames, svg, rasterize(svg, tmp_path / f"{screen}-{theme}"), painted


def rasterize(svg, stem):
    from PIL import Image

    svg_path, png_path = stem.with_suffix(".svg"), stem.with_suffix(".png")
    svg_path.write_text(svg)
    subprocess.run(["rsvg-convert", "--format", "png", "--output", str(png_path), str(svg_path)], check=True)
    return Image.open(png_path).convert("RGB")


def svg_shapes(root):
    """The drawing nodes of a snapshot (all but its title and defs): the viewport's fill, then one per frame."""
    return [node for node in root if node.tag.rsplit("}", 1)[-1] not in ("title", "defs")]


def without_frame(svg, frames, index):
    """The snapshot with frame `index`'s node deleted."""
    ElementTree.register_namespace("", "http://www.w3.org/2000/svg")
    root = ElementTree.fromstring(svg)
    shapes = svg_shapes(root)
    assert len(shapes) == 1 + len(frames), "one SVG node per frame"
    node = shapes[1 + index]
    assert (float(node.get("x")), float(node.get("y"))) == (frames[index]["x"], frames[index]["y"]), "the frame's node"
    root.remove(node)
    return ElementTree.tostring(root, encoding="unicode")


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("screen", ["home", "insights", "inbox", "thread", "movies"])
def test_the_snapshot_drawn_by_rsvg_matches_the_renderer_in_chromium(driver, server, screen, theme, screenshots, tmp_path):
    frames, svg, drawn, painted = snapshot_and_painting(driver, server, screen, theme, tmp_path)
    drawn.save(os.path.join(screenshots, f"snapshot-{screen}-{theme}.png"))
    painted.save(os.path.join(screenshots, f"renderer-{screen}-{theme}.png"))
    assert len(svg_shapes(ElementTree.fromstring(svg))) == 1 + len(frames), "one SVG node per frame"
    compared = [frame for frame in frames if shape_interior(painted.size, frame) is not None]
    assert len(compared) >= len([frame for frame in frames if frame["kind"] == "block"]) // 2, "most shapes lie in the picture"
    problems = shape_differences(painted, drawn, frames)
    assert not problems, "\n".join(problems)


# A screen with one 8 pt circle (a status dot) beside larger shapes, for the test below.
DOT_SCREEN = screen_file("dot", "a screen with one 8 pt shape", "row", {
    "type": "stack", "alignment": "leading", "spacing": 12, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [{"type": "stack", "id": "row", "axis": "horizontal", "spacing": 10, "shimmer": True, "children": [
        {"type": "block", "width": 50, "height": 50, "shape": "circle"},
        {"type": "block", "width": 8, "height": 8, "shape": "circle"},
        {"type": "block", "width": 120, "height": 16, "cornerRadius": 4},
    ]}],
})


@pytest.fixture(scope="module")
def dot_server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("dot-screen")
    (directory / "dot.json").write_text(json.dumps(DOT_SCREEN))
    running = RunningServer(["--layouts", str(directory)])
    yield running
    assert running.stop() == 0


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("how", ["deleted from the SVG", "painted over in the renderer's drawing"])
def test_the_comparison_fails_when_an_8_pt_shape_is_missing(driver, dot_server, theme, how, tmp_path):
    frames, svg, drawn, painted = snapshot_and_painting(driver, dot_server, "dot", theme, tmp_path)
    dots = [index for index, frame in enumerate(frames) if (frame["width"], frame["height"]) == (8, 8)]
    assert len(dots) == 1, frames
    dot = frames[dots[0]]
    assert shape_differences(painted, drawn, frames) == [], "with the dot in both drawings they agree"
    if how == "deleted from the SVG":
        drawn = rasterize(without_frame(svg, frames, dots[0]), tmp_path / "without-dot")
    else:
        from PIL import ImageDraw

        # What lies beside the dot, painted over the dot's box (a pixel beyond its anti-aliased edge).
        around = painted.getpixel((math.floor(dot["x"]) - 3, math.floor(dot["y"] + dot["height"] / 2)))
        ImageDraw.Draw(painted).rectangle([math.floor(dot["x"]) - 1, math.floor(dot["y"]) - 1,
                                           math.ceil(dot["x"] + 8), math.ceil(dot["y"] + 8)], fill=around)
    problems = shape_differences(painted, drawn, frames)
    assert [problem.split(":")[0] for problem in problems] == [f"#{dots[0]} block 8x8 at {dot['x']},{dot['y']}"], problems


def test_the_comparison_fails_when_the_half_point_divider_of_insights_is_missing(driver, server, tmp_path):
    frames, svg, drawn, painted = snapshot_and_painting(driver, server, "insights", "dark", tmp_path)
    dividers = [index for index, frame in enumerate(frames) if frame["kind"] == "divider"]
    assert len(dividers) == 1 and frames[dividers[0]]["height"] == 0.5, frames
    assert shape_differences(painted, drawn, frames) == []
    problems = shape_differences(painted, rasterize(without_frame(svg, frames, dividers[0]), tmp_path / "without-divider"), frames)
    assert len(problems) == 1 and problems[0].startswith(f"#{dividers[0]} divider"), problems


def floated(measure, float, line_height=12, line_spacing=15, **members):
    """A paragraph of FLOAT_SCREEN: lines in half their spacing of padding above and below, as capture writes them."""
    return {"type": "text", "lines": 3, "lineHeight": line_height, "lineSpacing": line_spacing, "lastLineFraction": 0.6, "maxWidth": "fill",
            "padding": {"top": line_spacing / 2, "leading": 0, "bottom": line_spacing / 2, "trailing": 0}, "float": float,
            **({"measure": measure, "maxLines": 100} if measure else {}), **members}


# Paragraphs with a float (issue 41): a drop cap beside two lines of a long text, an avatar beside
# three lines of a short one (one line at 900, as tall as the avatar), a float too wide for anything
# to fit beside it at 360 (the lines start below it), a clamped one, and one that does not wrap.
FLOAT_SCREEN = screen_file("floats", "paragraphs narrowed by a float", "article", {
    "type": "stack", "id": "article", "alignment": "leading", "spacing": 16, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        floated(2000, {"width": 56, "height": 54, "trailing": 8, "bottom": 0}),
        floated(600, {"width": 56, "height": 56, "trailing": 14, "bottom": 6}, line_height=10, line_spacing=14, cornerRadius=4),
        floated(900, {"width": 320, "height": 30, "trailing": 10}),
        floated(3000, {"width": 40, "height": 40, "trailing": 6, "bottom": 4}, maxLines=4),
        floated(None, {"width": 30, "height": 20}),
    ],
})


def test_paragraphs_narrowed_by_a_float_equal_the_renderers_boxes(driver, tmp_path):
    frames = checked_frames(driver, tmp_path, FLOAT_SCREEN, 600)
    # Beside the browser, at 600 (568 inside the padding): the drop cap's 2000 fills two lines of
    # 568 - 64 = 504 beside it and 2 of 568 below (992 left: 4 lines); the first two start at 16 + 64.
    lines = [frame for frame in frames if frame["kind"] == "line"]
    assert [round(frame["x"]) for frame in lines[:4]] == [80, 80, 16, 16], lines[:4]
    assert [round(frame["width"]) for frame in lines[:3]] == [504, 504, 568], lines[:3]
    cap = next(frame for frame in frames if frame["kind"] == "block")
    assert (cap["x"], cap["y"], cap["width"], cap["height"]) == (16, 16, 56, 54), cap


# Paragraphs whose wrapped lines leave a slack (issue 41): alone, beside a float with a top margin, and clamped.
SLACK_SCREEN = screen_file("slack", "paragraphs whose wrapped lines leave a slack", "article", {
    "type": "stack", "id": "article", "alignment": "leading", "spacing": 16, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "text", "lines": 2, "lineHeight": 12, "lineSpacing": 8, "lastLineFraction": 0.9, "maxWidth": "fill",
         "measure": 1100, "maxLines": 100, "slack": 40},
        floated(1500, {"width": 56, "height": 50, "trailing": 8, "bottom": 0, "top": 5}, slack=60),
        {"type": "text", "lines": 3, "lineHeight": 12, "lineSpacing": 8, "lastLineFraction": 0.5, "maxWidth": "fill",
         "measure": 3000, "maxLines": 3, "slack": 30},
    ],
})


def test_paragraphs_whose_lines_leave_a_slack_equal_the_renderers_boxes(driver, tmp_path):
    frames = checked_frames(driver, tmp_path, SLACK_SCREEN, 600)
    # Beside the browser, at 600 (568 inside the padding): 1100 with a slack of 40 is three lines
    # (two hold 528 + 568 = 1096), where without it two would do; the last 1100 - 2 x 528 = 44 wide.
    lines = [frame for frame in frames if frame["kind"] == "line"]
    assert [round(frame["width"]) for frame in lines[:3]] == [568, 568, 44], lines[:3]
    assert lines[3]["y"] > lines[2]["y"], "the second paragraph starts below the first's third line"
    # The float 5 below its first line's box (half of 15 above its first line).
    float_ = next(frame for frame in frames if frame["kind"] == "block")
    assert float_["y"] == lines[3]["y"] - 7.5 + 5 and float_["height"] == 50, float_


# Paragraphs broken greedily by their words (issue 41): alone, beside a float, and clamped. Each
# has a measure that would wrap otherwise (900: two lines at 568), so that words decide.
WORDS = {"widths": [[300], [280], [300]], "space": 10}
WORDS_SCREEN = screen_file("words", "paragraphs broken by their words", "article", {
    "type": "stack", "id": "article", "alignment": "leading", "spacing": 16, "background": "screen",
    "padding": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16},
    "children": [
        {"type": "text", "lines": 2, "lineHeight": 12, "lineSpacing": 8, "lastLineFraction": 0.9, "maxWidth": "fill",
         "measure": 900, "maxLines": 100, "words": WORDS},
        floated(1006, {"width": 56, "height": 50, "trailing": 8, "bottom": 0}, words={"widths": [[250], [250], [300], [200]], "space": 6}),
        {"type": "text", "lines": 2, "lineHeight": 12, "lineSpacing": 8, "lastLineFraction": 0.5, "maxWidth": "fill",
         "measure": 900, "maxLines": 2, "words": WORDS},
    ],
})


def test_paragraphs_broken_by_their_words_equal_the_renderers_boxes(driver, tmp_path):
    frames = checked_frames(driver, tmp_path, WORDS_SCREEN, 600)
    # Beside the browser, at 600 (568 inside the padding): 300 + 10 + 280 = 590 does not fit, so
    # each word takes a line, the last 300 wide. Beside the float (504 wide for two lines: 50 high
    # at a pitch of 27) 250 + 6 + 250 = 506 does not fit either; 300 + 6 + 200 = 506 fits the full
    # third line. Clamped at two, the second line is full.
    lines = [frame for frame in frames if frame["kind"] == "line"]
    assert [round(frame["width"]) for frame in lines] == [568, 568, 300, 504, 504, 506, 568, 568], lines
