"""A screen captured from a page (issue 31): its capture width served with its layout, its
widths and measured paragraphs true to both schemas, and /frames wrapping a measured paragraph
into as many lines as its text takes at each width."""
import copy
import json
import os
import shutil
import urllib.request

import pytest
from jsonschema import Draft202012Validator

from conftest import ROOT, RunningServer

DASHBOARD = os.path.join(ROOT, "examples", "screens", "dashboard.json")

# One paragraph alone, 400 pt of text on one line, at most 3 lines, 10 pt lines 5 apart.
PARAGRAPH = {
    "id": "paragraph", "title": "Paragraph", "captureWidth": 240, "animation": {"preset": "chat"},
    "stages": [{"id": "s", "title": "S", "readyMs": {"min": 1, "max": 2}}],
    "layouts": [{"variant": "default", "elements": [{"id": "text", "stage": "s", "accessibilityLabel": "Loading text"}],
                 "root": {"type": "text", "id": "text", "lines": 2, "lineHeight": 10, "lineSpacing": 5,
                          "lastLineFraction": 0.6666, "measure": 400, "maxLines": 3}}],
}


@pytest.fixture(scope="module")
def captured(tmp_path_factory):
    directory = tmp_path_factory.mktemp("captured")
    shutil.copy(DASHBOARD, directory)
    with open(directory / "paragraph.json", "w") as file:
        json.dump(PARAGRAPH, file)
    running = RunningServer("--layouts", str(directory))
    yield running
    assert running.stop() == 0


def get(server, path):
    with urllib.request.urlopen(server.url + path, timeout=10) as response:
        return json.load(response)


def test_the_served_layout_carries_the_capture_width_and_the_new_members(captured):
    dashboard = get(captured, "/layouts/dashboard")
    assert dashboard["captureWidth"] == 1100
    header, board = dashboard["root"]["children"]
    assert [child.get("width") for child in board["children"]] == [
        {"kind": "points", "points": 96}, {"kind": "fill"}, {"kind": "fill", "grow": 2}, {"kind": "points", "points": 120}]
    assert header["children"][1]["measure"] == 180 and header["children"][1]["maxLines"] == 2
    assert header["children"][4] == {"type": "spacer", "width": {"kind": "points", "points": 8}}
    assert "captureWidth" not in get(captured, "/layouts/home"), "a built-in screen was not captured"
    layout_schema = Draft202012Validator(get(captured, "/schema/layout.json"))
    for screen in ("dashboard", "paragraph"):
        for query in ("", "?expand=true&direction=rtl"):
            errors = [error.message for error in layout_schema.iter_errors(get(captured, f"/layouts/{screen}{query}"))]
            assert not errors, (screen, query, errors[:3])
    with open(DASHBOARD) as file:
        assert not list(Draft202012Validator(get(captured, "/schema/screen.json")).iter_errors(json.load(file)))


@pytest.mark.parametrize("width,lines,last", [(1000, 1, 400), (400, 1, 400), (240, 2, 0.6666 * 240), (200, 2, 0.6666 * 200),
                                              (150, 3, 100), (130, 3, 130), (120, 3, 120)])
def test_frames_wrap_a_measured_paragraph_at_each_width(captured, width, lines, last):
    """Where it wraps into its own 2 lines, the last is its captured 0.6666 of the width (spec.md
    §3); at other counts what is left of the measure; below 400 / 3 pt it is clamped to its 3
    lines, the last one full."""
    frames = get(captured, f"/layouts/paragraph/frames?width={width}")
    drawn = [frame for frame in frames["frames"] if frame["kind"] == "line"]
    assert len(drawn) == lines
    assert all(frame["width"] == width for frame in drawn[:-1])
    assert drawn[-1]["width"] == pytest.approx(last if lines > 1 else width)
    assert frames["height"] == lines * 10 + (lines - 1) * 5


def test_the_screen_schema_refuses_bad_new_members(captured):
    schema = Draft202012Validator(get(captured, "/schema/screen.json"))
    for change in (lambda file: file.update(captureWidth=100), lambda file: file.update(captureWidth=1100.5),
                   lambda file: file["layouts"][0]["root"].update(measure=0), lambda file: file["layouts"][0]["root"].update(maxLines=101),
                   lambda file: file["layouts"][0]["root"].update(width={"kind": "fill", "grow": 0}),
                   lambda file: file["layouts"][0]["root"].update(width={"kind": "points", "points": 10, "grow": 2})):
        broken = copy.deepcopy(PARAGRAPH)
        change(broken)
        assert not schema.is_valid(broken), broken
    assert schema.is_valid(PARAGRAPH)
