"""GET /layouts/{screen}/elements/{element}/frames over the wire: for every element of every
built-in layout, the element laid out alone at the width the screen gives it is, frame for frame,
its slice of /frames moved to its origin: computed here from the two documents alone, with no
client library. Then the 404 for an unknown element and revalidation."""
import json

import pytest

SCREENS = ["home", "insights", "inbox", "thread", "movies"]
TOLERANCE = 0.002  # lengths are written to 1/1000 pt


def get(client, path, headers=()):
    response = client.request(path, headers=headers)
    return response, (json.loads(response.body) if response.body else None)


def near(a, b):
    return abs(a - b) <= TOLERANCE


def near_rect(a, b):
    if a is None or b is None:
        return a is None and b is None
    return all(near(a[k], b[k]) for k in ("x", "y", "width", "height"))


def moved(rect, origin):
    return None if rect is None else dict(rect, x=rect["x"] + origin["x"], y=rect["y"] + origin["y"])


def intersection(a, b):
    if a is None or b is None:
        return a or b
    left, top = max(a["x"], b["x"]), max(a["y"], b["y"])
    right, bottom = min(a["x"] + a["width"], b["x"] + b["width"]), min(a["y"] + a["height"], b["y"] + b["height"])
    return {"x": left, "y": top, "width": max(0, right - left), "height": max(0, bottom - top)}


def empty(rect):
    return rect is not None and (rect["width"] <= TOLERANCE or rect["height"] <= TOLERANCE)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_each_element_alone_is_its_slice_of_the_screen(client, screen, direction):
    _, summary = get(client, f"/layouts/{screen}")
    _, index = get(client, "/layouts")
    variants = next(s["variants"] for s in index["screens"] if s["id"] == screen)
    checked = 0
    for variant in variants:
        _, whole = get(client, f"/layouts/{screen}/frames?width=390&variant={variant}&direction={direction}&theme=dark")
        _, layout = get(client, f"/layouts/{screen}?variant={variant}")
        for element in layout["elements"]:
            place = next(p for p in whole["elements"] if p["id"] == element["id"])
            width = place["width"]
            assert width == int(width), f"{screen}/{element['id']}: the screen gives it {width} pt"
            response, alone = get(client, f"/layouts/{screen}/elements/{element['id']}/frames"
                                          f"?width={int(width)}&variant={variant}&direction={direction}&theme=dark")
            assert response.status == 200, alone
            assert alone["element"] == element["id"] and alone["screen"] == screen and alone["variant"] == variant
            assert alone["width"] == width and near(alone["contentHeight"], place["height"])
            assert alone["elements"][0] == {"id": element["id"], "x": 0, "y": 0, "width": width, "height": alone["contentHeight"], "clip": None}
            within = {p["id"] for p in alone["elements"]}
            piece = [f for f in whole["frames"] if f["element"] in within]
            assert piece and len(alone["frames"]) == len(piece), f"{screen}/{element['id']}"
            for own, there in zip(alone["frames"], piece):
                where = f"{screen}/{variant}/{element['id']}: {own} at {place} vs {there}"
                assert near_rect(moved(own, place), there), where
                assert all(near(a, b) for a, b in zip(own["radii"], there["radii"])), where
                assert (own["kind"], own["fill"], own["element"], own["group"]) == (there["kind"], there["fill"], there["element"], there["group"]), where
                # Its own clip within the clip of what encloses the element (nothing left: anywhere).
                clip = intersection(moved(own["clip"], place), place["clip"])
                assert near_rect(clip, there["clip"]) or (empty(clip) and empty(there["clip"])), where
            checked += 1
    assert checked >= len(summary["elements"])


def test_an_unknown_element_is_a_404_naming_the_layouts_elements(client):
    response, problem = get(client, "/layouts/inbox/elements/conversations/frames?width=390")
    assert response.status == 404
    assert response.header("content-type") == "application/problem+json"
    assert problem["type"] == "/problems/unknown-element"
    assert problem["allowed"] == ["conversationList"]
    assert problem["suggestion"] == "conversationList"
    response, problem = get(client, "/layouts/inbox/elements/conversationList/frames?width=100")
    assert response.status == 400 and problem["parameter"] == "width"


def test_an_elements_frames_revalidate_and_follow_the_client_hints(client):
    path = "/layouts/home/elements/categories/frames?width=358"
    first = client.request(path)
    assert first.status == 200 and first.header("cache-control") is not None
    etag = first.header("etag")
    assert client.request(path, headers=[("If-None-Match", etag)]).status == 304
    _, dark = get(client, path, headers=[("Sec-CH-Prefers-Color-Scheme", "dark")])
    assert dark["theme"] == "dark"
    head = client.request(path, method="HEAD")
    assert head.status == 200 and not head.body and head.header("etag") == etag
