"""The skeleton in motion over the wire (?at= on /frames, /elements/{element}/frames and
/snapshot.svg): each shimmer group's bounds, each group's paint at an instant checked against a
hand computation from the seeds' shimmers (home's eased overlay, inbox's linear fill, movies'
diagonal mask) at 0, 1/4, 1/2 and 3/4 of a period, right to left and reduced motion; bad instants
are 400 problems naming the range; and the snapshot at two instants, drawn by rsvg-convert,
differs only inside the shimmered blocks."""
import io
import json
import re
import subprocess

import pytest
from PIL import Image, ImageChops

TOLERANCE = 0.002  # lengths are written to 1/1000 pt
RANGE = "an integer of epoch ms from 0 to 8640000000000000"
ROUTES = ["/layouts/{screen}/frames", "/layouts/{screen}/elements/{element}/frames", "/layouts/{screen}/snapshot.svg"]
FIRST_ELEMENT = {"home": "accountsCarousel", "inbox": "conversationList", "movies": "hero"}


def ease_in_out(x):
    """CSS cubic-bezier(0.42, 0, 0.58, 1) at x, by bisection on the curve's parameter."""
    low, high = 0.0, 1.0
    for _ in range(100):
        t = (low + high) / 2
        if 3 * (1 - t) ** 2 * t * 0.42 + 3 * (1 - t) * t * t * 0.58 + t ** 3 < x:
            low = t
        else:
            high = t
    t = (low + high) / 2
    return 3 * (1 - t) * t * t + t ** 3


# The seeds' shimmers at full motion in the light theme, written out by hand from
# SkeletonDomain's presets (AnimationPreset.swift): period, easing, start and end (from, to) as
# unit points of the group, the stops.
SHIMMERS = {
    "home": dict(period=1400, ease=ease_in_out, application="overlay", start=((-0.5, 0.5), (1.5, 0.5)), end=((0.5, 0.5), (2.5, 0.5)),
                 stops=[("#00000000", 0), ("#FFFFFF80", 0.5), ("#00000000", 1)]),
    "inbox": dict(period=1500, ease=lambda x: x, application="fill", start=((-1, 0.5), (1, 0.5)), end=((0, 0.5), (2, 0.5)),
                  stops=[("#E5E5EA4D", 0), ("#D1D1D680", 0.5), ("#E5E5EA4D", 1)]),
    "movies": dict(period=1500, ease=lambda x: x, application="mask", start=((-0.3, -0.3), (1, 1)), end=((0, 0), (1.3, 1.3)),
                   stops=[("#00000066", 0), ("#000000FF", 0.5), ("#00000066", 1)]),
}


def get(client, path):
    response = client.request(path)
    return response, (json.loads(response.body) if response.body and response.body[:1] == b"{" else None)


def expected_paint(shimmer, group, at):
    phase = shimmer["ease"]((at % shimmer["period"]) / shimmer["period"])
    width, height = max(group["width"], 1), max(group["height"], 1)

    def point(motion):
        (fx, fy), (tx, ty) = motion
        return group["x"] + (fx + (tx - fx) * phase) * width, group["y"] + (fy + (ty - fy) * phase) * height

    return point(shimmer["start"]), point(shimmer["end"])


def near(a, b):
    return abs(a - b) <= TOLERANCE


@pytest.mark.parametrize("screen", ["home", "inbox", "movies"])
@pytest.mark.parametrize("quarter", [0, 1, 2, 3])
def test_paints_are_the_shimmer_at_that_instant(client, screen, quarter):
    shimmer = SHIMMERS[screen]
    # Far from the epoch, a whole number of periods plus the quarter: phase-locked to origin 0.
    at = shimmer["period"] * 1_234_567_890 + shimmer["period"] * quarter // 4
    response, document = get(client, f"/layouts/{screen}/frames?width=390&at={at}")
    assert response.status == 200 and document["at"] == at
    groups = {group["id"]: group for group in document["groups"]}
    assert sorted(groups) == list(range(len(groups))) and len(groups) > 0
    assert {frame["group"] for frame in document["frames"]} - {None} <= set(groups)
    assert [paint["group"] for paint in document["paints"]] == sorted(groups)
    for paint in document["paints"]:
        start, end = expected_paint(shimmer, groups[paint["group"]], at)
        assert (paint["kind"], paint["application"]) == ("gradient", shimmer["application"])
        assert near(paint["start"]["x"], start[0]) and near(paint["start"]["y"], start[1]), (paint, start)
        assert near(paint["end"]["x"], end[0]) and near(paint["end"]["y"], end[1]), (paint, end)
        assert [(stop["color"], stop["location"]) for stop in paint["stops"]] == shimmer["stops"]


def test_home_worked_by_hand(client):
    """Home's first card (16, 16, 200 x 120): at 0 the highlight's gradient runs from -0.5 to 0.5 of
    the card (x -84 to 116), at half the period (eased 0.5) from 0.5 to 1.5 (116 to 316), at y 76."""
    _, at_zero = get(client, "/layouts/home/frames?width=390&at=0")
    _, at_half = get(client, "/layouts/home/frames?width=390&at=700")
    assert at_zero["groups"][0] == {"id": 0, "x": 16, "y": 16, "width": 200, "height": 120}
    assert (at_zero["paints"][0]["start"], at_zero["paints"][0]["end"]) == ({"x": -84, "y": 76}, {"x": 116, "y": 76})
    assert (at_half["paints"][0]["start"], at_half["paints"][0]["end"]) == ({"x": 116, "y": 76}, {"x": 316, "y": 76})


def test_right_to_left_paints_are_mirrored(client):
    for at in [0, 350, 1050]:
        _, ltr = get(client, f"/layouts/home/frames?width=390&at={at}")
        _, rtl = get(client, f"/layouts/home/frames?width=390&at={at}&direction=rtl")
        assert len(ltr["paints"]) == len(rtl["paints"]) > 0 and len(ltr["groups"]) == len(rtl["groups"]) > 0
        for left, right in zip(ltr["paints"], rtl["paints"]):
            assert near(right["start"]["x"], 390 - left["start"]["x"]) and near(right["end"]["x"], 390 - left["end"]["x"])
            assert right["start"]["y"] == left["start"]["y"] and right["stops"] == left["stops"]
        for left, right in zip(ltr["groups"], rtl["groups"]):
            assert near(right["x"], 390 - left["x"] - left["width"])


def test_reduced_motion_paints_the_still_reduced_shimmer(client):
    """motion=reduced serves each screen's reduced shimmer, which is static: the same paint at
    every instant, across each group from its leading to its trailing edge."""
    for screen in ["home", "inbox", "movies"]:
        _, first = get(client, f"/layouts/{screen}/frames?width=390&motion=reduced&at=0")
        _, later = get(client, f"/layouts/{screen}/frames?width=390&motion=reduced&at=777")
        assert first["paints"] == later["paints"] and first["paints"]
        for paint in first["paints"]:
            group = first["groups"][paint["group"]]
            assert paint["kind"] == "static"
            assert near(paint["start"]["x"], group["x"]) and near(paint["end"]["x"], group["x"] + group["width"])
            assert near(paint["start"]["y"], group["y"] + group["height"] / 2)


def test_an_element_alone_paints_its_groups(client):
    for screen, element in FIRST_ELEMENT.items():
        response, alone = get(client, f"/layouts/{screen}/elements/{element}/frames?width=390&at=375")
        assert response.status == 200 and alone["at"] == 375
        groups = {group["id"]: group for group in alone["groups"]}
        assert {frame["group"] for frame in alone["frames"]} - {None} <= set(groups)
        for paint in alone["paints"]:
            start, end = expected_paint(SHIMMERS[screen], groups[paint["group"]], 375)
            assert near(paint["start"]["x"], start[0]) and near(paint["end"]["y"], end[1])


@pytest.mark.parametrize("route", ROUTES)
def test_at_is_accepted_on_each_route_and_absent_changes_nothing(client, route):
    path = route.format(screen="home", element="accountsCarousel")
    for at in [0, 1, 8640000000000000]:
        response = client.request(f"{path}?width=390&at={at}")
        assert response.status == 200, (at, response.body[:200])
    plain = client.request(f"{path}?width=390")
    if path.endswith(".svg"):
        assert b"linearGradient" not in plain.body
    else:
        document = json.loads(plain.body)
        assert "paints" not in document and "at" not in document and "groups" in document


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("value", ["-1", "8640000000000001", "99999999999999999", "soon", "1.5", ""])
def test_a_bad_instant_is_a_400_naming_the_range(client, route, value):
    path = route.format(screen="inbox", element="conversationList")
    response, problem = get(client, f"{path}?width=390&at={value}")
    assert response.status == 400
    assert (problem["type"], problem["parameter"], problem["allowed"]) == ("/problems/bad-parameter", "at", RANGE)


def render(client, path):
    svg = client.request(path).body
    assert b"<script" not in svg and not re.search(rb'href|url\((?!#)', svg), "standalone"
    png = subprocess.run(["rsvg-convert", "--format", "png"], input=svg, capture_output=True, check=True).stdout
    return svg, Image.open(io.BytesIO(png)).convert("RGBA")


@pytest.mark.parametrize("screen", ["home", "inbox", "movies"])
def test_the_snapshot_at_two_instants_differs_only_inside_shimmered_blocks(client, screen):
    period = SHIMMERS[screen]["period"]
    # Dark: in the light theme movies' blocks are the screen's own colour, so a mask shows nothing.
    svg, first = render(client, f"/layouts/{screen}/snapshot.svg?width=390&theme=dark&at=0")
    _, second = render(client, f"/layouts/{screen}/snapshot.svg?width=390&theme=dark&at={period // 2}")
    assert b'gradientUnits="userSpaceOnUse"' in svg and (b"<mask" in svg) == (screen == "movies")
    _, frames = get(client, f"/layouts/{screen}/frames?width=390&theme=dark")
    shimmered = [frame for frame in frames["frames"] if frame["group"] is not None]
    difference = ImageChops.difference(first, second)
    width, height = difference.size
    pixels = difference.load()
    changed = 0
    for y in range(height):
        for x in range(width):
            if max(pixels[x, y]) <= 2:
                continue
            changed += 1
            # A pixel touched by a shimmered block: within its bounds, give or take the edge's antialiasing.
            assert any(f["x"] - 1 <= x <= f["x"] + f["width"] + 1 and f["y"] - 1 <= y <= f["y"] + f["height"] + 1 for f in shimmered), (x, y)
    assert changed > 100, "the shimmer moved"
