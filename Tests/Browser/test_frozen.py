"""A frozen instant in headless Chromium (docs/web.md, "A frozen instant"): `<skeleton-screen
at="MS">` draws the load of its screen/scenario/seed as it is MS ms in (each element's state from
the served `/loading-state/timeline`, the shimmer at the phase `/frames?at=MS` paints, a reveal
paused at its moment) and nothing moves: every animation paused, two screenshots equal pixel for
pixel, a second element at the same instant too. Boxes and paints equal `/frames?at=` within the
tolerances of test_frames.py and test_motion_matrix.py; each state (skeleton, mid-reveal, content,
error) is reached by choosing `at`."""
import io
import json
import urllib.request

import pytest
from PIL import Image, ImageChops

from page import harness, run
from test_motion_matrix import compare, reference

WIDTH, HEIGHT = 390, 844

# A fresh <skeleton-screen> of home with `attributes`, waited for until drawn and two frames on.
FROZEN = r"""
const [attributes] = arguments;
const screen = document.createElement('skeleton-screen');
screen.style.cssText = `display: block; width: ${arguments[1]}px; height: ${arguments[2]}px`;
for (const [name, value] of Object.entries({ src: '/layouts/home', theme: 'light', motion: 'full', ...attributes })) screen.setAttribute(name, value);
document.body.replaceChildren(screen);
window.screenElement = screen;
await until(() => screen.controller || screen.shadowRoot.querySelector('[data-sk="problem"]'), 15000, 'the drawing');
await nextFrames(2);
const animations = screen.shadowRoot.getAnimations();
return { animations: animations.length, playing: animations.filter((animation) => animation.playState !== 'paused').length,
         problem: screen.shadowRoot.querySelector('[data-sk="problem"]')?.textContent ?? null };
"""

# Every painted box of the drawing (as test_motion_matrix reads them), relative to the element, with its computed paint.
PAINTED = r"""
const origin = screenElement.getBoundingClientRect();
const root = screenElement.shadowRoot.querySelector('[data-sk="screen"]');
return [root, ...root.querySelectorAll('*')].filter((element) => element.style.backgroundColor !== '' && element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().height > 0).map((element) => {
  const r = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const mask = style.maskImage && style.maskImage !== 'none' ? style.maskImage : style.webkitMaskImage;
  return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height, background: style.backgroundImage, mask: mask || 'none' };
});
"""

# Each element's state, and its faces' opacity and scale (two while a reveal is paused in the middle).
STATES = r"""
return Object.fromEntries([...screenElement.shadowRoot.querySelectorAll('[data-element]')].map((slot) => [slot.dataset.element, {
  state: slot.dataset.state,
  faces: [...slot.children].map((face) => {
    const style = getComputedStyle(face);
    return { face: face.dataset.face, opacity: Number(style.opacity), scale: style.transform === 'none' ? 1 : Number(style.transform.slice(7, -1).split(',')[0]) };
  }),
  message: slot.querySelector('[data-sk="error-message"]')?.textContent ?? null,
}]));
"""


@pytest.fixture
def page(driver, server):
    harness(driver, server)
    return driver


def get(server, path):
    with urllib.request.urlopen(server.url + path) as response:
        return json.load(response)


def freeze(page, attributes, size=(WIDTH, HEIGHT)):
    drawn = run(page, FROZEN, attributes, *size)
    assert drawn["problem"] is None, drawn["problem"]
    return drawn


def screenshot(page):
    return Image.open(io.BytesIO(page.find_element("css selector", "skeleton-screen").screenshot_as_png)).convert("RGB")


def test_a_frozen_instant_never_moves_and_two_screenshots_are_identical(page):
    # 350 ms into typical seed 1: two elements 150 ms into their reveal, two shimmering.
    attributes = {"at": "350", "scenario": "typical", "seed": "1"}
    drawn = freeze(page, attributes)
    assert drawn["animations"] > 0 and drawn["playing"] == 0, "every animation (shimmer and reveal) is paused"
    first = screenshot(page)
    run(page, "await nextFrames(30); return true;")
    later = screenshot(page)
    freeze(page, attributes)
    again = screenshot(page)
    assert first.size == (WIDTH, HEIGHT)
    assert ImageChops.difference(first, later).getbbox() is None, "the same element 30 frames later"
    assert ImageChops.difference(first, again).getbbox() is None, "another element frozen at the same instant"
    # The instant is in the picture: a quarter period of the shimmer later, it differs.
    freeze(page, {**attributes, "at": str(350 + 350)})
    assert ImageChops.difference(first, screenshot(page)).getbbox() is not None


@pytest.mark.parametrize("at", [0, 120, 250])
def test_boxes_and_shimmer_paints_equal_the_served_frames_at_the_same_instant(page, server, at):
    # The slow scenario reveals nothing before 288 ms: every element is its skeleton.
    freeze(page, {"at": str(at), "scenario": "slow", "seed": "1"})
    document = get(server, f"/layouts/home/frames?width={WIDTH}&height={HEIGHT}&theme=light&motion=full&at={at}")
    painted = run(page, PAINTED)
    assert len(painted) == len(document["frames"])
    groups = {group["id"]: group for group in document["groups"]}
    paints = {paint["group"]: paint for paint in document["paints"]}
    failures, compared = [], 0
    for index, (frame, box) in enumerate(zip(document["frames"], painted)):
        for key in ("x", "y", "width", "height"):
            if abs(frame[key] - box[key]) > 0.5:
                failures.append(f"frame {index} {key}: {frame[key]} served, {box[key]} drawn")
        if frame["group"] is not None:
            compared += 1
            failures += compare(paints[frame["group"]], groups[frame["group"]], box, f"at {at}: frame {index}")
    assert compared > 10 and failures == [], "\n".join(failures[:8])


def test_each_state_is_reached_by_choosing_at(page, server):
    timeline = get(server, "/loading-state/timeline?screen=home&scenario=error&seed=1")
    due = {element["id"]: element for element in timeline["elements"]}
    failed, ready = due["accountsCarousel"], due["transactionsSummary"]
    assert (failed["status"], ready["status"]) == ("failed", "ready") and failed["revealAtMs"] < ready["revealAtMs"]
    moment = reference()["instants"].index(100)
    expected = next(entry for entry in reference()["transitions"] if entry["screen"] == "home" and entry["motion"] == "full")["moments"][moment]

    seen = {}
    for name, at in (("skeleton", failed["revealAtMs"] - 1), ("mid-reveal", ready["revealAtMs"] + 100), ("settled", ready["revealAtMs"] + 2000)):
        freeze(page, {"at": str(at), "scenario": "error", "seed": "1"})
        seen[name] = run(page, STATES)

    assert {state["state"] for state in seen["skeleton"].values()} == {"loading"}
    middle = seen["mid-reveal"]["transactionsSummary"]
    assert middle["state"] == "ready" and [face["face"] for face in middle["faces"]] == ["loading", "ready"]
    skeleton, content = middle["faces"]
    assert abs(skeleton["opacity"] - expected["skeleton"]["opacity"]) <= 0.005 and abs(skeleton["scale"] - expected["skeleton"]["scale"]) <= 0.001
    assert abs(content["opacity"] - expected["content"]["opacity"]) <= 0.005 and abs(content["scale"] - expected["content"]["scale"]) <= 0.001
    settled = seen["settled"]
    assert settled["transactionsSummary"]["faces"] == [{"face": "ready", "opacity": 1, "scale": 1}]
    assert settled["accountsCarousel"]["state"] == "failed" and settled["accountsCarousel"]["message"] == failed["error"]["message"]


def test_an_element_the_schedule_does_not_settle_by_its_deadline_fails_then(page, server):
    timeline = get(server, "/loading-state/timeline?screen=home&scenario=timeout&seed=1")
    late = [element["id"] for element in timeline["elements"] if element["revealAtMs"] > 5000]
    assert late, "the timeout scenario settles an element after 5,000 ms"
    states = {}
    for at in (4999, 5001):
        freeze(page, {"at": str(at), "scenario": "timeout", "seed": "1", "timeout-ms": "5000"})
        states[at] = run(page, STATES)
    for element in late:
        assert states[4999][element]["state"] == "loading"
        assert (states[5001][element]["state"], states[5001][element]["message"]) == ("failed", "Not loaded within 5000 ms.")


def test_a_bad_at_is_a_problem_naming_the_range(page):
    drawn = run(page, FROZEN, {"at": "soon"}, WIDTH, HEIGHT)
    assert "0 to 86400000" in drawn["problem"] and '"soon"' in drawn["problem"]


# In place: home's transactionsSummary and accountsCarousel wrapped, the controller frozen at `at`
# (changed on the same element, waited for by its skeleton-render), each wrapper's face read.
IN_PLACE = r"""
const [instants] = arguments;
const make = (tag, attributes, ...children) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v); e.append(...children); return e; };
const screen = make('skeleton-screen', { src: '/layouts/home', scenario: 'error', seed: '1', theme: 'light', motion: 'full' }, make('main', { style: 'width: 390px' },
  make('skeleton-element', { name: 'accountsCarousel', id: 'accountsCarousel' }, make('section', { style: 'height: 140px' }, 'Accounts')),
  make('skeleton-element', { name: 'transactionsSummary', id: 'transactionsSummary' }, make('section', { style: 'height: 80px' }, 'Transactions'))));
document.body.replaceChildren(screen);
const face = (id) => {
  const wrapper = document.getElementById(id);
  const drawn = wrapper.shadowRoot.querySelector('[data-sk="overlay"] > [data-face]');
  return { face: drawn?.dataset.face ?? 'content', content: getComputedStyle(wrapper.firstElementChild).visibility, opacity: Number(getComputedStyle(wrapper.firstElementChild).opacity) };
};
const seen = [];
for (const at of instants) {
  const rendered = new Promise((resolve) => screen.addEventListener('skeleton-render', resolve, { once: true }));
  screen.setAttribute('at', String(at));
  await rendered;
  await nextFrames(2);
  const animations = [screen, ...screen.querySelectorAll('skeleton-element')].flatMap((host) => host.shadowRoot.getAnimations()).concat(document.getAnimations());
  seen.push({ accounts: face('accountsCarousel'), summary: face('transactionsSummary'), playing: animations.filter((animation) => animation.playState !== 'paused').length });
}
return seen;
"""


def test_a_page_wrapped_in_place_is_frozen_with_its_controller(page, server):
    due = {element["id"]: element for element in get(server, "/loading-state/timeline?screen=home&scenario=error&seed=1")["elements"]}
    reveal = due["transactionsSummary"]["revealAtMs"]
    skeleton, middle, settled = run(page, IN_PLACE, [0, reveal + 100, reveal + 2000])
    assert skeleton == {"accounts": {"face": "loading", "content": "hidden", "opacity": 1}, "summary": {"face": "loading", "content": "hidden", "opacity": 1}, "playing": 0}
    assert middle["summary"]["face"] == "loading" and middle["summary"]["content"] == "visible" and 0 < middle["summary"]["opacity"] < 1
    assert middle["accounts"]["face"] == "failed" and middle["playing"] == 0
    assert settled == {"accounts": {"face": "failed", "content": "hidden", "opacity": 1}, "summary": {"face": "content", "content": "visible", "opacity": 1}, "playing": 0}


# In place with a session running (error seed 1 at speed 10): transactionsSummary's wrapper frozen
# alone at `at`, accountsCarousel's live. Helpers for the test below are left on window.
ALONE = r"""
const [at] = arguments;
const make = (tag, attributes, ...children) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v); e.append(...children); return e; };
const screen = make('skeleton-screen', { src: '/layouts/home', scenario: 'error', seed: '1', speed: '10', theme: 'light', motion: 'full' }, make('main', { style: 'width: 390px' },
  make('skeleton-element', { name: 'accountsCarousel', id: 'accountsCarousel' }, make('section', { style: 'height: 140px' }, 'Accounts')),
  make('skeleton-element', { name: 'transactionsSummary', id: 'transactionsSummary', at: String(at) }, make('section', { style: 'height: 80px; background: white' }, 'Transactions'))));
document.body.replaceChildren(screen);
window.frozenWrapper = document.getElementById('transactionsSummary');
window.wrapperFace = (id) => {
  const wrapper = document.getElementById(id);
  const drawn = wrapper.shadowRoot.querySelector('[data-sk="overlay"] > [data-face]');
  return drawn?.dataset.face ?? 'content';
};
window.frozenAnimations = () => frozenWrapper.shadowRoot.getAnimations().concat(frozenWrapper.firstElementChild.getAnimations());
await until(() => wrapperFace('accountsCarousel') === 'failed', 15000, 'the session failing accountsCarousel');
await until(() => frozenAnimations().length > 0 && frozenAnimations().every((animation) => animation.playState === 'paused'), 15000, 'the frozen element');
await nextFrames(2);
return { face: wrapperFace('transactionsSummary'), animations: frozenAnimations().length };
"""


def test_a_wrapper_frozen_alone_stays_at_its_instant_while_the_session_drives_the_others(page, server):
    due = {element["id"]: element for element in get(server, "/loading-state/timeline?screen=home&scenario=error&seed=1")["elements"]}
    reveal = due["transactionsSummary"]["revealAtMs"]
    frozen = run(page, ALONE, 0)
    assert frozen["face"] == "loading" and frozen["animations"] > 0
    wrapper = page.find_element("id", "transactionsSummary")
    first = Image.open(io.BytesIO(wrapper.screenshot_as_png)).convert("RGB")
    run(page, "await nextFrames(30); return true;")
    later = Image.open(io.BytesIO(wrapper.screenshot_as_png)).convert("RGB")
    assert ImageChops.difference(first, later).getbbox() is None, "its shimmer is held"
    # Well past the session's reveal of it (at speed 10): still its skeleton.
    assert run(page, "return wrapperFace('transactionsSummary');") == "loading"
    middle = run(page, """
        frozenWrapper.setAttribute('at', String(arguments[0]));
        await until(() => frozenWrapper.firstElementChild.getAnimations().length > 0, 5000, 'the held reveal');
        const content = frozenWrapper.firstElementChild;
        return { face: wrapperFace('transactionsSummary'), opacity: Number(getComputedStyle(content).opacity), visibility: getComputedStyle(content).visibility,
                 playing: frozenAnimations().filter((animation) => animation.playState !== 'paused').length };
    """, reveal + 100)
    assert middle["face"] == "loading" and middle["visibility"] == "visible" and 0 < middle["opacity"] < 1 and middle["playing"] == 0
    settled = run(page, """
        frozenWrapper.setAttribute('at', String(arguments[0]));
        await until(() => wrapperFace('transactionsSummary') === 'content' && frozenAnimations().length === 0, 5000, 'the content');
        return Number(getComputedStyle(frozenWrapper.firstElementChild).opacity);
    """, reveal + 2000)
    assert settled == 1
