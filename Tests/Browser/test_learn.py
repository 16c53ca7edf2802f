"""--learn in Chromium (docs/http-api.md, "Learning"): the drift cards page captured, then changed (a
title gains a line) and loaded with report-drift against a server started with --learn --layouts
DIR: the report carries the card's captured subtree, the file in DIR is replaced (it validates,
the previous one kept) and the second load's skeleton of the changed card matches the changed
page (IoU >= 0.95 between the element's frames at the page's width and the card's own box). And
the same-origin path: a page served by the skeleton server itself reports with
navigator.sendBeacon, and GET /drift counts it."""
import json
import shutil
import time
import urllib.request

from conftest import RunningServer
from page import run
from test_capture import validate
from test_drift import SCREEN, address, captured, pages, revealed  # noqa: F401 (fixtures)

# The changed card's box on the page and its own content's boxes, from the wrapper's top-left, and the wrapper's width.
CARD_BOX = """
const wrapper = document.querySelector(`skeleton-element[name="${arguments[0]}"]`);
const origin = wrapper.getBoundingClientRect();
const card = wrapper.querySelector('.card').getBoundingClientRect();
return { width: origin.width, card: { x: card.left - origin.left, y: card.top - origin.top, width: card.width, height: card.height } };
"""


def iou(a, b):
    width = max(0.0, min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]))
    height = max(0.0, min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]))
    inter = width * height
    union = a["width"] * a["height"] + b["width"] * b["height"] - inter
    return inter / union if union > 0 else 0.0


def get(url):
    with urllib.request.urlopen(url) as response:
        return json.loads(response.read())


def version(server):
    return get(f"{server.url}/layouts/{SCREEN}")["version"]


def element_box(server, element, width):
    """The element's own frame at `width`, from its top-left (the first frame: the element's node)."""
    frames = get(f"{server.url}/layouts/{SCREEN}/elements/{element}/frames?width={width:g}")
    first = frames["frames"][0]
    return {"x": 0.0, "y": 0.0, "width": first["width"], "height": first["height"]}, frames


def test_a_changed_title_is_learned_and_the_second_load_follows_the_page(driver, captured, pages, tmp_path):
    directory = tmp_path / "layouts"
    shutil.copytree(captured, directory)
    [name] = [path.name for path in directory.iterdir() if path.suffix == ".json"]
    original = (directory / name).read_bytes()
    learning = RunningServer(["--learn", "--layouts", str(directory)])
    try:
        before = version(learning)
        changed = address(pages, learning, ["card0"], report=True)
        first = revealed(driver, changed)
        scores = {detail["element"]: detail["score"] for detail in first["events"]}
        assert scores["card0"] < 0.9, scores
        deadline = time.monotonic() + 20
        while version(learning) == before and time.monotonic() < deadline:
            time.sleep(0.1)
        assert version(learning) != before, "the proposal was not applied"
        validate(json.loads((directory / name).read_bytes()), tmp_path)
        assert (directory / f"{name}.previous").read_bytes() == original
        second = revealed(driver, address(pages, learning, ["card0"]))
        page = run(driver, CARD_BOX, "card0")
        box, _ = element_box(learning, "card0", page["width"])
        overlap = iou(box, page["card"])
        print(f"\nlearned card0: first load {scores['card0']}, second {[d['score'] for d in second['events'] if d['element'] == 'card0']}, IoU {overlap:.4f}")
        assert overlap >= 0.95, (box, page)
    finally:
        assert learning.stop() == 0


# A page of the server's own origin: its /healthz opened, then a <skeleton-screen> built in it with
# report-drift, each element slotted and revealed; the beacons the renderer sends are noted.
SAME_ORIGIN = """
const [screen, count] = arguments;
const sent = [];
const send = navigator.sendBeacon.bind(navigator);
navigator.sendBeacon = (url, data) => { sent.push(String(url)); return send(url, data); };
const renderer = await import('/renderer.js');
const layout = await (await fetch(`/layouts/${screen}`)).json();
document.body.innerHTML = '';
const host = document.createElement('skeleton-screen');
host.setAttribute('mode', 'manual');
host.setAttribute('report-drift', '');
for (const element of layout.elements) {
  const item = document.createElement('div');
  item.slot = element.id;
  item.style.height = '40px';
  item.textContent = 'content';
  host.append(item);
}
document.body.append(host);
const drifts = [];
host.addEventListener('skeleton-drift', (event) => drifts.push(event.detail));
host.addEventListener('skeleton-render', () => { for (const element of layout.elements) host.reveal(element.id); });
host.setAttribute('src', `/layouts/${screen}`);
const started = performance.now();
while (drifts.length < count && performance.now() - started < 20000) await new Promise((resolve) => setTimeout(resolve, 50));
while (sent.length < drifts.length && performance.now() - started < 25000) await new Promise((resolve) => setTimeout(resolve, 50));
return { drifts, sent };
"""


def test_a_page_of_the_servers_own_origin_reports_with_send_beacon(driver):
    server = RunningServer([])
    try:
        same_origin(driver, server)
    finally:
        assert server.stop() == 0


def same_origin(driver, server):
    elements = get(f"{server.url}/layouts/inbox")["elements"]
    driver.get(f"{server.url}/healthz")
    result = run(driver, SAME_ORIGIN, "inbox", len(elements))
    assert result["drifts"], "no skeleton-drift event"
    assert result["sent"] == [f"{server.url}/drift"] * len(result["drifts"]), result
    deadline = time.monotonic() + 15
    counted = {}
    while time.monotonic() < deadline:
        counted = {entry["element"]: entry for entry in get(f"{server.url}/drift")["elements"] if entry["screen"] == "inbox"}
        if len(counted) >= len(result["drifts"]):
            break
        time.sleep(0.1)
    for detail in result["drifts"]:
        assert counted[detail["element"]]["median"] == detail["score"], (counted, detail)
