"""captureScreen keeps a page's intent (issue 31), in headless Chromium on two fixture pages of
Tests/Browser/capture-pages: a desktop dashboard (a fixed 200 px sidebar, a `1fr 2fr` grid, a
header laid out with `space-between`, clamped card text, badges and progress bars) and a
responsive catalogue (three columns above 700 px, one below). The captured JSON: fixed tracks as
points, `fr` tracks as fill shares, spacers for distributed space, clamps as `maxLines`, painted
shapes as blocks, `captureWidth`. Served with --layouts, the frames at the captured width and at
a narrower and a wider one (test_capture.py's four phone pages too: 390, 360 and 430) match the
page's own boxes at those widths (IoU at least 0.9; lines exact at the captured width, within one
elsewhere, clamped exact), and equal the renderer's boxes at the capture width, 390 and 320. The
capture leaves the page exactly as it was. The bookmarklet of GET /capture captures a page of another origin and downloads the file."""
import json
import math
import subprocess
import urllib.parse
import urllib.request
from xml.etree import ElementTree

import pytest

from conftest import RunningServer
from page import run
from test_capture import SECRETS, iou, pages, validate  # noqa: F401  (pages: the fixture server)

CAPTURE = """
const { captureScreen } = await import(arguments[0] + '/capture.js');
const root = document.querySelector('#app');
const started = performance.now();
const file = captureScreen(root, { id: arguments[1] });
return { file, ms: performance.now() - started };
"""

# The page's own boxes with the root `width` px wide (its inline style restored after), from its corner.
BOXES = """
const [width, shapes, paragraphs] = arguments;
const root = document.querySelector('#app');
const style = root.getAttribute('style');
root.style.width = width + 'px';
const origin = root.getBoundingClientRect();
const relative = (r) => ({ x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height });
const boxes = [...root.querySelectorAll(shapes)].map((e) => relative(e.getBoundingClientRect()));
const texts = [...root.querySelectorAll(paragraphs)].map((p) => {
  const box = p.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(p);
  // The lines that show: a clamped paragraph's hidden lines lie below its box.
  const middles = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.top + r.height / 2 < box.bottom).map((r) => r.top + r.height / 2);
  const lines = [...new Set(middles.map(Math.round))].sort((a, b) => a - b).filter((top, i, all) => i === 0 || top - all[i - 1] > 4).length;
  return { rect: relative(box), lines, clamped: getComputedStyle(p).webkitLineClamp !== 'none' };
});
if (style === null) root.removeAttribute('style'); else root.setAttribute('style', style);
return { width: origin.width, boxes, texts };
"""

FIXTURES = {
    # fixture: (shapes, paragraphs, widths: the captured one first, the others within the page's breakpoint)
    "dashboard": ("canvas, button, .badge, .count, .status, .progress, .done", "p, h1, h2, h3", [960, 860, 1024, 1100, 1440]),
    "responsive": ("img, .tag", "p, h1, h3", [1000, 820, 900]),
    "tracks": ("canvas, button, .wide, .mixed", "p, h1, h3", [900, 780, 1100]),
    # test_capture.py's four phone pages, at their 390, a narrower phone's and a wider one's.
    **{page: ("img, svg, canvas, video, button, input, .hero", "p, h1, h2, h3, b, .label, .who span", [390, 360, 430])
       for page in ("list", "grid", "article", "rtl")},
}


def capture(driver, server, pages, fixture):
    driver.get(f"{pages}/{fixture}.html")
    return run(driver, CAPTURE, server.url, fixture)


def nodes(node):
    yield node
    for child in node.get("children", []):
        yield from nodes(child)
    if "child" in node:
        yield from nodes(node["child"])


def find(file, id):
    return next(n for n in nodes(file["layouts"][0]["root"]) if n.get("id") == id)


def fills(node, grow=1):
    width = node.get("width")
    if grow == 1 and (node.get("maxWidth") == "fill" or width == "fill" or width == {"kind": "fill"}):
        return True
    return isinstance(width, dict) and width.get("kind") == "fill" and width.get("grow", 1) == grow


def test_the_dashboard_keeps_fixed_and_fluid_widths_spacers_clamps_and_shapes(driver, server, pages):
    file = capture(driver, server, pages, "dashboard")["file"]
    assert file["captureWidth"] == 960
    root = file["layouts"][0]["root"]
    sidebar = find(file, "nav")
    assert sidebar["width"] == {"kind": "points", "points": 200}, "the fixed sidebar"
    assert fills(root["children"][1]), "the main column takes the rest"
    grid = find(file, "cards")
    assert grid["axis"] == "vertical" and len(grid["children"]) == 2, "the grid's two rows, a column of rows"
    for row in grid["children"]:
        assert row["axis"] == "horizontal" and row["spacing"] == 16, "the gap kept as spacing"
        first, second = row["children"]
        assert fills(first, 1) and fills(second, 2), ("1fr 2fr", first.get("width"), second.get("width"))
    header = root["children"][1]["children"][0]
    assert [child["type"] for child in header["children"]] == ["block", "spacer", "stack"], "space-between: a spacer"
    counts = [n for n in nodes(sidebar) if n["type"] == "stack" and n["axis"] == "horizontal"]
    assert len(counts) == 2 and all(row["children"][1]["type"] == "spacer" for row in counts), "margin-left: auto: a spacer"
    clamped = [n for n in nodes(root) if n["type"] == "text" and n.get("maxLines") == 2]
    assert len(clamped) == 2 and all(n["lines"] == 2 and n["measure"] > 2 * 150 for n in clamped), clamped
    for text in (n for n in nodes(root) if n["type"] == "text"):
        assert text["measure"] > 0 and 1 <= text["maxLines"] <= 100
    badges = [n for n in nodes(root) if n["type"] == "block" and n["height"] == 20 and n.get("shape") == "capsule"]
    assert len(badges) == 6, "3 badges, 2 counts, the status pill"
    tracks = [n for n in nodes(root) if n.get("background") == "gray5"]
    assert len(tracks) == 2, "the progress bars' tracks"
    for track in tracks:
        done = track["children"][0]
        assert done["type"] == "block" and done["height"] == 8 and done["width"] == {"kind": "fill", "grow": 1.5}, done
        assert track["children"][1]["type"] == "spacer", "the rest of the track: 40% against the filled 60%"
    assert all(n.get("fill", "base") == "base" for n in badges + [t["children"][0] for t in tracks])


def test_the_responsive_page_is_captured_within_its_breakpoint(driver, server, pages):
    file = capture(driver, server, pages, "responsive")["file"]
    assert file["captureWidth"] == 1000
    cards = find(file, "cards")
    assert cards["axis"] == "horizontal" and len(cards["children"]) == 3 and all(fills(card) for card in cards["children"]), "3 equal fr tracks"
    for card in cards["children"]:
        assert card["children"][0]["width"] == "fill", "an image as wide as its card"
    top = file["layouts"][0]["root"]["children"][0]
    assert [child["type"] for child in top["children"]] == ["block", "spacer", "block"]
    assert not any("flex-wrap" in a for a in file["assumptions"]), "the tags fit one row at 1000"
    driver.execute_script("document.querySelector('#app').style.width = '400px'")
    narrow = run(driver, CAPTURE, server.url, "narrow")["file"]
    assert narrow["captureWidth"] == 400
    # Wrapped into lines at 400, the tags are still one stack that wraps, not the lines as captured.
    assert not any("flex-wrap" in a for a in narrow["assumptions"]), narrow["assumptions"]
    wrapping = [n for n in nodes(narrow["layouts"][0]["root"]) if n.get("wrap")]
    assert len(wrapping) == 1 and wrapping[0]["axis"] == "horizontal" and len(wrapping[0]["children"]) == 8, wrapping
    assert wrapping[0]["spacing"] == 8, "the CSS gap"


def test_grid_items_are_as_wide_as_the_tracks_they_span(driver, server, pages):
    file = capture(driver, server, pages, "tracks")["file"]
    root = file["layouts"][0]["root"]
    header, middle, lower, last = root["children"]
    assert all(row["axis"] == "horizontal" and row["spacing"] == 16 for row in (middle, lower, last)), "each grid row a row, the gap its spacing"
    assert middle["children"][0]["width"] == {"kind": "points", "points": 200}, "the fixed track"
    assert find(file, "wide")["width"] == {"kind": "fill", "grow": 3}, "1fr and 2fr spanned: a share of 3, the gap inside it"
    # The fixed track, the gap and 1fr against 2fr: no share is exact at every width, so each is its width at the captured one.
    cards = lower["children"]
    grows = [card.get("width", {}).get("grow", 1) for card in cards]
    assert all(fills(card, grow) for card, grow in zip(cards, grows)), lower
    assert abs(grows[1] / grows[0] - (413.33 - 32) / (422.67 - 32)) < 0.01, grows
    assert [child["type"] for child in last["children"]] == ["stack", "spacer", "spacer"] and last["children"][2]["width"]["grow"] == 2, "empty fr tracks: spacers"


SNAPSHOT = """
const all = [...document.querySelectorAll('*')];
return { html: document.documentElement.outerHTML, styles: all.map((e) => e.getAttribute('style')),
         scrolls: all.map((e) => [e.scrollTop, e.scrollLeft]), page: [window.scrollX, window.scrollY] };
"""


@pytest.mark.parametrize("fixture", ["dashboard", "responsive"])
def test_capture_leaves_the_page_exactly_as_it_was(driver, server, pages, fixture):
    driver.get(f"{pages}/{fixture}.html")
    run(driver, """
        const root = document.querySelector('#app');
        if (arguments[0] === 'responsive') root.setAttribute('style', 'color: rgb(1, 2, 3) ;  ');
        const box = document.createElement('div');
        box.style.cssText = 'height: 60px; overflow: auto';
        box.innerHTML = '<div style="height: 400px">scrolled</div>';
        root.append(box);
        box.scrollTop = 123;
        document.body.style.paddingBottom = '3000px';
        window.scrollTo(0, 250);
    """, fixture)
    before = run(driver, SNAPSHOT)
    assert before["page"][1] == 250 and [123, 0] in before["scrolls"]
    run(driver, CAPTURE, server.url, fixture)
    after = run(driver, SNAPSHOT)
    assert after == before


def frames(url, id, width):
    """The served frames at `width`, in the captured page's direction (its screen file is drawn left to right unless asked)."""
    direction = "rtl" if id == "rtl" else "ltr"
    with urllib.request.urlopen(f"{url}/layouts/{id}/frames?width={width}&direction={direction}") as response:
        return json.load(response)["frames"]


def lines_within(frames, rect):
    inside = [f for f in frames if f["kind"] != "background" and rect["x"] <= f["x"] + f["width"] / 2 <= rect["x"] + rect["width"]
              and rect["y"] <= f["y"] + f["height"] / 2 <= rect["y"] + rect["height"]]
    return len({round(f["y"]) for f in inside})


def test_served_captures_match_the_page_at_three_widths(driver, server, pages, tmp_path):
    table, problems = [], []
    for fixture, (shapes, paragraphs, widths) in FIXTURES.items():
        captured = capture(driver, server, pages, fixture)
        file = captured["file"]
        text = json.dumps(file, ensure_ascii=False)
        for secret in SECRETS:
            assert secret not in text, f"the captured file holds {secret!r}"
        (tmp_path / fixture).mkdir()
        directory = validate(file, tmp_path / fixture)
        served = RunningServer(["--layouts", str(directory)])
        try:
            for width in widths:
                page = run(driver, BOXES, width, shapes, paragraphs)
                assert abs(page["width"] - width) < 0.5
                drawn = frames(served.url, fixture, width)
                worst, box = min(((max(iou(box, frame) for frame in drawn), box) for box in page["boxes"]), key=lambda m: m[0])
                differences = [(abs(lines_within(drawn, p["rect"]) - p["lines"]), p) for p in page["texts"]]
                most, paragraph = max(differences, key=lambda d: d[0])
                table.append((fixture, width, worst, most, captured["ms"]))
                if worst < 0.9:
                    problems.append((fixture, width, "IoU", worst, box))
                if most > (0 if width == widths[0] else 1):
                    problems.append((fixture, width, "lines", most, paragraph))
                problems += [(fixture, width, "clamped lines", d, p) for d, p in differences if p["clamped"] and d > 0]
        finally:
            assert served.stop() == 0
    print("\nfixture     width  min IoU  max line difference  capture ms")
    for fixture, width, worst, lines, ms in table:
        print(f"{fixture:<11} {width:>5}  {worst:.3f}    {lines:>2}                  {ms:.1f}")
    assert not problems, problems


def test_the_bookmarklet_captures_a_page_of_another_origin(driver, server, pages, tmp_path):
    with urllib.request.urlopen(f"{server.url}/capture") as response:
        assert response.status == 200 and response.headers["Content-Type"] == "text/html; charset=utf-8"
        assert "bookmarklet" in response.read().decode()
    driver.get_log("browser")
    driver.get(f"{server.url}/capture")
    href = driver.find_element("css selector", "#bookmarklet").get_attribute("href")
    assert href.startswith("javascript:")
    code = urllib.parse.unquote(href[len("javascript:"):])
    assert f"{server.url}/capture.js" in code
    assert not [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"], "the page passes its own CSP"
    driver.get(f"{pages}/dashboard.html")
    for key, expected in (("Escape", None), (None, "captured")):
        run(driver, """
            window.__blobs = [];
            const create = URL.createObjectURL;
            URL.createObjectURL = (blob) => { window.__blobs.push(blob); return create.call(URL, blob); };
            HTMLAnchorElement.prototype.click = function () { window.__downloaded = this.download; };
            window.__before = document.documentElement.outerHTML;
        """)
        driver.execute_script(code)
        result = run(driver, """
            const outlined = () => document.documentElement.lastElementChild.tagName === 'DIV';
            for (let waited = 0; !outlined(); waited += 20) {
                if (waited > 10000) throw new Error('the picker did not start');
                await new Promise((resolve) => setTimeout(resolve, 20));
            }
            const root = document.querySelector('#app');
            root.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
            const outline = document.documentElement.lastElementChild.getBoundingClientRect();
            if (arguments[0]) document.dispatchEvent(new KeyboardEvent('keydown', { key: arguments[0], bubbles: true }));
            else root.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
            await new Promise((resolve) => setTimeout(resolve, 100));
            const file = window.__blobs.length ? JSON.parse(await window.__blobs[0].text()) : null;
            return { file, name: window.__downloaded ?? null, outline: outline.width, unchanged: document.documentElement.outerHTML === window.__before };
        """, key)
        assert result["unchanged"], "the outline is gone and nothing else changed"
        assert result["outline"] == 960, "the picked root was outlined"
        if expected is None:
            assert result["file"] is None and result["name"] is None, "Escape cancels"
            continue
        file = result["file"]
        assert result["name"] == "captured.json" and file["id"] == "captured" and file["captureWidth"] == 960
        assert file["$schema"] == f"{server.url}/schema/screen.json"
        text = json.dumps(file, ensure_ascii=False)
        assert not any(secret in text for secret in SECRETS)
        validate(file, tmp_path)


def snapshot_differences(url, fixture, width, options, document):
    """Where `snapshot.svg` at `width` draws other rectangles than the frames it is made of (every
    frame not clipped away whole, in order, after the canvas)."""
    with urllib.request.urlopen(f"{url}/layouts/{fixture}/snapshot.svg?width={width}&height={math.ceil(document['height'])}&{options}") as response:
        svg = ElementTree.fromstring(response.read())
    drawn = [tuple(float(rect.get(key, 0)) for key in ("x", "y", "width", "height")) for rect in svg.findall("{http://www.w3.org/2000/svg}rect")][1:]
    visible = [(frame["x"], frame["y"], frame["width"], frame["height"]) for frame in document["frames"]
               if not frame.get("clip") or (frame["clip"]["width"] > 0 and frame["clip"]["height"] > 0)]
    if len(drawn) != len(visible):
        return [f"the snapshot draws {len(drawn)} rectangles, the frames are {len(visible)}"]
    return [f"snapshot {a} against frame {b}" for a, b in zip(drawn, visible) if any(abs(p - q) > 0.01 for p, q in zip(a, b))][:3]


def test_every_captured_screen_is_drawn_by_the_renderer_as_the_server_lays_it_out(driver, server, pages, tmp_path):
    """The cross-renderer test on captured screens: each fixture page captured (the two above and
    test_capture.py's four), served, and laid out by the server at its capture width and at 390
    and 320 (narrower than a desktop capture's fixed content), light and dark, equals the boxes the
    renderer paints, within 0.5 px; no frame is empty. A desktop capture is laid out at 1024 and
    1440 too, where its snapshot draws the same rectangles as its frames."""
    from test_capture import FIXTURES as PAGES_OF_TODAY
    from test_frames import PAINTED, differences
    directory = tmp_path / "captured"
    directory.mkdir()
    for fixture in [*FIXTURES, *PAGES_OF_TODAY]:
        file = capture(driver, server, pages, fixture)["file"]
        (directory / f"{fixture}.json").write_text(json.dumps(file))
    served = RunningServer(["--layouts", str(directory)])
    try:
        driver.get(served.url + "/renderer.js")
        run(driver, "window.sk = await import('/renderer.js'); document.body.replaceChildren(); document.body.style.margin = '0';"
                    "window.nextFrames = (n) => new Promise((resolve) => { const step = (k) => k === 0 ? resolve() : requestAnimationFrame(() => step(k - 1)); step(n); });"
                    "window.mountDocument = (layout, options, size) => { const box = document.createElement('div'); box.style.cssText = `width: ${size[0]}px; height: ${size[1]}px; position: relative`;"
                    " document.body.append(box); box.view = sk.renderSkeleton(layout, box, options); return box; };")
        failures, compared = [], 0
        for fixture in [*FIXTURES, *PAGES_OF_TODAY]:
            for theme in ("light", "dark"):
                options = f"theme={theme}&motion=reduced"
                with urllib.request.urlopen(f"{served.url}/layouts/{fixture}?{options}") as response:
                    layout = json.load(response)
                own = layout.get("captureWidth", 390)
                # A desktop capture at the desktop widths too (issue 31: 1024 and 1440), where its snapshot is drawn as well.
                desktop = {1024, 1440} if own > 600 else set()
                for width in sorted({own, 390, 320} | desktop, reverse=True):
                    frames_of = f"{served.url}/layouts/{fixture}/frames?width={width}&{options}"
                    with urllib.request.urlopen(frames_of) as response:
                        height = math.ceil(json.load(response)["height"])
                    # A height within the route's range is the renderer's box; a taller content is laid out at its own.
                    with urllib.request.urlopen(frames_of + (f"&height={height}" if height <= 2048 else "")) as response:
                        document = json.load(response)
                    boxes = run(driver, PAINTED, layout, [width], height)[0]
                    compared += 1
                    empty = [frame for frame in document["frames"] if frame["width"] <= 0 or frame["height"] <= 0]
                    if empty:
                        failures.append(f"{fixture} {theme} {width}: {len(empty)} empty frames, the first {empty[0]}")
                    failures += [f"{fixture} {theme} {width}: {problem}" for problem in differences(document["frames"], boxes)[:3]]
                    if width in desktop:
                        failures += [f"{fixture} {theme} {width}: {problem}" for problem in snapshot_differences(served.url, fixture, width, options, document)]
    finally:
        assert served.stop() == 0
    assert compared >= 2 * 2 * len([*FIXTURES, *PAGES_OF_TODAY]), compared
    assert failures == [], f"{len(failures)} differences, the first: " + "\n".join(failures[:10])
