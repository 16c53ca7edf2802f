"""Every documented attribute of <skeleton-screen>, and its retry(id) method, as a page uses them
(docs/web.md, "Reference"): the element written into
a page of the server's origin in headless Chromium, with its attributes set before it is
connected, and each attribute's exact outcome read from what the element draws (computed colours
and boxes against the server's own /layouts/{screen}/frames), the session it follows (the
server's state for its token, and the /loading-state/timeline of the same seed), and the
requests it made (the server's /metrics counters, and the page's resource timing entries)."""
import json
import re
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import RunningServer
from page import harness, run

WIDTH, HEIGHT = 390, 844

# Writes <skeleton-screen ATTRIBUTES style="width: 390px; height: 844px"> into the page, as
# markup would, and resolves once it has drawn its layout. Records its state changes, the
# sessions it starts, its completions, and every EventSource the page opens.
MOUNT = r"""
const [attributes, size, unusable] = arguments;
window.__unusable = !!unusable;
document.body.replaceChildren();
performance.clearResourceTimings();
performance.setResourceTimingBufferSize(10000);
if (!window.__streams) {
    window.__streams = [];
    const Native = window.EventSource;
    window.EventSource = class extends Native {
        constructor(url, init) {
            // window.__unusable: the stream is refused (as by a proxy that does not pass it).
            super(window.__unusable ? String(url).replace(/\/events$/, '/refused') : url, init);
            window.__streams.push(String(url));
        }
    };
}
window.__streams.length = 0;
const element = document.createElement('skeleton-screen');
for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
element.style.cssText = `display: block; width: ${size[0]}px; height: ${size[1]}px`;
element.events = [];
element.sessions = [];
element.completed = 0;
element.addEventListener('skeleton-state', (event) => element.events.push(event.detail));
element.addEventListener('skeleton-session', (event) => element.sessions.push(event.detail.session));
element.addEventListener('skeleton-complete', () => { element.completed += 1; });
const rendered = new Promise((resolve) => element.addEventListener('skeleton-render', resolve, { once: true }));
document.body.append(element);
window.screenElement = element;
await rendered;
await nextFrames(2);
return true;
"""

# What the element draws: every box it paints (a background colour set on it: shapes, cards, the
# screen), in document order, in px from the element's corner, with its computed colour.
PAINTED = r"""
const element = window.screenElement;
const origin = element.getBoundingClientRect();
const screen = element.shadowRoot.querySelector('[data-sk="screen"]');
const boxes = [...screen.querySelectorAll('*')].filter((node) => node.style.backgroundColor !== '' && node.getBoundingClientRect().width > 0 && node.getBoundingClientRect().height > 0).map((node) => {
    const r = node.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height,
             color: getComputedStyle(node).backgroundColor, id: node.dataset.id ?? null };
});
return { boxes, theme: screen.dataset.theme, motion: screen.dataset.motion, direction: getComputedStyle(screen).direction,
         elements: [...screen.querySelectorAll('[data-element]')].map((slot) => slot.dataset.element) };
"""

# The slots' states, by element id.
STATES = "return Object.fromEntries([...screenElement.shadowRoot.querySelectorAll('[data-element]')].map((slot) => [slot.dataset.element, slot.dataset.state]));"

# The URLs of the requests the page has completed, by fetch (resource timing), with the streams it opened.
REQUESTS = "return { fetched: performance.getEntriesByType('resource').map((entry) => entry.name), streams: [...window.__streams] };"


@pytest.fixture
def page(driver, server):
    harness(driver, server)
    return driver


@pytest.fixture
def fresh_server():
    """A server of its own, so that its /metrics counters are this test's requests only."""
    running = RunningServer()
    yield running
    assert running.stop() == 0


def get(server, path):
    with urllib.request.urlopen(server.url + path) as response:
        return json.load(response)


def mount(driver, attributes, size=(WIDTH, HEIGHT), unusable_stream=False):
    run(driver, MOUNT, attributes, list(size), unusable_stream)


def wait(driver, condition, what, ms=20000):
    """Resolves once the JS expression `condition` is truthy in the page (checked every frame)."""
    return run(driver, f"return await until(() => {condition}, {ms}, {json.dumps(what)});")


def rgba(value):
    """A computed CSS colour, or a served `#RRGGBBAA`, as (r, g, b, alpha to 2 places)."""
    if value.startswith("#"):
        return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5)) + (round(int(value[7:9], 16) / 255, 2),)
    numbers = [float(n) for n in re.findall(r"[\d.]+", value)]
    return tuple(int(n) for n in numbers[:3]) + (round(numbers[3] if len(numbers) > 3 else 1.0, 2),)


def metrics(server):
    """The server's counters and gauges, by their full name with labels."""
    with urllib.request.urlopen(server.url + "/metrics") as response:
        text = response.read().decode()
    values = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            values[name] = float(value)
    return values


def requests_to(server, route):
    return metrics(server).get(f'http_requests_total{{route="{route}",method="GET",status="200"}}', 0)


def query(url):
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))


def path(url):
    return urllib.parse.urlsplit(url).path


def session_of(url):
    """The session a URL follows: /loading-state/{session}, or its /events; None for another route."""
    parts = path(url).split("/")
    if len(parts) in (3, 4) and parts[1] == "loading-state" and parts[2] not in ("events", "instant", "timeline") and parts[3:] in ([], ["events"]):
        return urllib.parse.unquote(parts[2])
    return None


# MARK: theme, and the browser's prefers-color-scheme without it

def frame_colors(server, screen, query_string):
    frames = get(server, f"/layouts/{screen}/frames?width={WIDTH}&height={HEIGHT}&{query_string}")["frames"]
    return [rgba(frame["fill"]) for frame in frames]


def test_theme_dark_paints_every_shape_in_the_dark_palette(page, server):
    dark, light = frame_colors(server, "home", "theme=dark"), frame_colors(server, "home", "theme=light")
    assert len(dark) == 16 and all(a != b for a, b in zip(dark, light)), "every frame of home changes colour with the theme"
    drawn = {}
    for theme in ("dark", "light"):
        mount(page, {"src": "/layouts/home", "theme": theme})
        drawn[theme] = run(page, PAINTED)
    assert drawn["dark"]["theme"] == "dark"
    assert [rgba(box["color"]) for box in drawn["dark"]["boxes"]] == dark
    assert [rgba(box["color"]) for box in drawn["light"]["boxes"]] == light
    # The named ones: the screen black, the cards #1C1C1E, the shapes #7878805C.
    colors = [box["color"] for box in drawn["dark"]["boxes"]]
    assert colors[0] == "rgb(0, 0, 0)" and colors[4] == "rgb(28, 28, 30)" and rgba(colors[1]) == (120, 120, 128, 0.36)


@pytest.mark.parametrize("preferred,attribute,expected", [
    ("dark", None, "dark"),       # no theme attribute: the browser's preference
    ("light", None, "light"),
    ("dark", "light", "light"),   # the attribute wins over the preference
    ("light", "dark", "dark"),
])
def test_without_a_theme_the_browsers_prefers_color_scheme_chooses(page, driver, server, preferred, attribute, expected):
    colors = frame_colors(server, "home", f"theme={expected}")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": preferred}]})
    try:
        assert run(driver, "return matchMedia('(prefers-color-scheme: dark)').matches;") == (preferred == "dark")
        mount(driver, {"src": "/layouts/home", **({"theme": attribute} if attribute else {})})
        drawn = run(driver, PAINTED)
        requested = [url for url in run(driver, REQUESTS)["fetched"] if "/layouts/home" in url]
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    # The renderer asks for the theme itself (client hints reach only some browsers), and draws it.
    asked = attribute or preferred
    assert [query(url).get("theme") for url in requested] == [asked], requested
    assert drawn["theme"] == expected
    assert [rgba(box["color"]) for box in drawn["boxes"]] == colors


def test_changing_the_theme_attribute_draws_the_screen_again_in_that_theme(page, server):
    # "changing an attribute loads and draws again" (docs/web.md)
    dark = frame_colors(server, "home", "theme=dark")
    mount(page, {"src": "/layouts/home", "theme": "light"})
    assert run(page, PAINTED)["theme"] == "light"
    run(page, """
        const rendered = new Promise((resolve) => screenElement.addEventListener('skeleton-render', resolve, { once: true }));
        screenElement.setAttribute('theme', 'dark');
        await rendered;
        await nextFrames(2);
        return true;
    """)
    drawn = run(page, PAINTED)
    assert drawn["theme"] == "dark" and [rgba(box["color"]) for box in drawn["boxes"]] == dark
    assert run(page, "return screenElement.shadowRoot.querySelectorAll('[data-sk=\"screen\"]').length;") == 1, "drawn again, not twice"


# MARK: motion

# Reveals accountsCarousel (mode="manual") and records the transition the reveal starts, as it starts.
REVEAL_TRANSITION = r"""
const element = window.screenElement;
const shimmers = element.shadowRoot.getAnimations().filter((a) => a.playState === 'running').length;
const transition = new Promise((resolve) => element.addEventListener('skeleton-state', () => resolve(
    element.shadowRoot.getAnimations().filter((a) => a.effect.getKeyframes().some((k) => 'opacity' in k))
        .map((a) => a.effect.getKeyframes().map((k) => [Number(k.opacity), k.transform])))));
element.reveal('accountsCarousel');
return { shimmers, transition: await transition };
"""


def test_motion_reduced_runs_no_shimmer_and_an_opacity_only_transition(page):
    seen = {}
    for motion in ("full", "reduced"):
        mount(page, {"src": "/layouts/home", "motion": motion, "mode": "manual"})
        seen[motion] = {**run(page, PAINTED), **run(page, REVEAL_TRANSITION)}
    full, reduced = seen["full"], seen["reduced"]
    # Full motion: one shimmer animation per group (12), and the served spring of scale 0.98 / 1.02.
    assert full["motion"] == "full" and full["shimmers"] == 12
    assert sorted(full["transition"]) == sorted([[[1, "scale(1)"], [0, "scale(0.98)"]], [[0, "scale(1.02)"], [1, "scale(1)"]]])
    # Reduced: no animation at all while loading, and the transition fades without scaling.
    assert reduced["motion"] == "reduced" and reduced["shimmers"] == 0
    assert sorted(reduced["transition"]) == sorted([[[1, "scale(1)"], [0, "scale(1)"]], [[0, "scale(1)"], [1, "scale(1)"]]])


# Movies' poster[2] lies inside popular: failed first, then popular revealed. Both of popular's
# faces draw the failed poster while they cross-fade; the one leaving is inert.
NESTED_FAILURE_DURING_REVEAL = r"""
const element = window.screenElement;
const root = element.shadowRoot;
const failed = () => [...root.querySelectorAll('[data-state="failed"]')];
const reachable = (selector) => [...root.querySelectorAll(selector)].filter((node) => !node.closest('[inert]'));
element.fail('poster[2]', { code: 'unavailable', message: 'No poster', retryable: true });
await until(() => failed().length === 1, 15000, 'poster[2] failed');
const during = new Promise((resolve) => element.addEventListener('skeleton-state', (event) => {
    if (event.detail.id === 'popular') resolve({
        drawn: failed().map((slot) => slot.dataset.element),
        reachable: reachable('[data-state="failed"]').map((slot) => slot.dataset.element),
        retries: reachable('[data-sk="retry"]').length,
    });
}));
element.reveal('popular');
const seen = await during;
await until(() => failed().length === 1, 15000, 'the leaving face removed');
return { ...seen, after: failed().map((slot) => [slot.dataset.element, slot.closest('[inert]') === null]) };
"""


def test_a_failed_element_inside_a_parent_being_revealed_is_reachable_once(page):
    mount(page, {"src": "/layouts/movies", "motion": "full", "mode": "manual"})
    seen = run(page, NESTED_FAILURE_DURING_REVEAL)
    assert seen["drawn"] == ["poster[2]", "poster[2]"], "both faces drawn: the reveal is under way"
    assert seen["reachable"] == ["poster[2]"] and seen["retries"] == 1
    assert seen["after"] == [["poster[2]", True]]


# MARK: direction

def test_direction_rtl_mirrors_every_box_as_the_server_lays_it_out(page, server):
    frames = {direction: get(server, f"/layouts/home/frames?width={WIDTH}&height={HEIGHT}&direction={direction}")["frames"]
              for direction in ("ltr", "rtl")}
    drawn = {}
    for direction in ("ltr", "rtl"):
        mount(page, {"src": "/layouts/home", "direction": direction})
        drawn[direction] = run(page, PAINTED)
    assert drawn["rtl"]["direction"] == "rtl" and drawn["ltr"]["direction"] == "ltr"
    card = {direction: next(box for box in drawn[direction]["boxes"] if box["id"] == "accountCard[0]") for direction in drawn}
    assert card["ltr"]["x"] == 16 and card["rtl"]["x"] == WIDTH - 16 - 200, "the first card mirrored"
    for direction in ("ltr", "rtl"):
        boxes = drawn[direction]["boxes"]
        assert len(boxes) == len(frames[direction]) == 16
        for box, frame in zip(boxes, frames[direction]):
            assert abs(box["x"] - frame["x"]) <= 0.5 and abs(box["y"] - frame["y"]) <= 0.5, (direction, box, frame)
    for ltr, rtl in zip(drawn["ltr"]["boxes"], drawn["rtl"]["boxes"]):
        assert rtl["x"] == pytest.approx(WIDTH - ltr["x"] - ltr["width"], abs=0.5), "x is width - x - w"


# MARK: variant

def test_variant_fullscreen_draws_that_variants_layout(page, server):
    document = get(server, "/layouts/home?variant=fullscreen")
    frames = get(server, f"/layouts/home/frames?width={WIDTH}&height={HEIGHT}&variant=fullscreen")["frames"]
    mount(page, {"src": "/layouts/home", "variant": "fullscreen"})
    drawn = run(page, PAINTED)
    requested = [url for url in run(page, REQUESTS)["fetched"] if "/layouts/home" in url]
    assert [query(url).get("variant") for url in requested] == ["fullscreen"], requested
    assert drawn["elements"] == [element["id"] for element in document["elements"]] == ["homeSkeleton"]
    assert len(drawn["boxes"]) == len(frames)
    for box, frame in zip(drawn["boxes"], frames):
        assert all(abs(box[key] - frame[key]) <= 0.5 for key in ("x", "y", "width", "height")), (box, frame)
    chips = [box for box in drawn["boxes"] if (box["width"], box["height"]) == (110, 32)]
    assert len(chips) == 1, "the fullscreen variant's 110 x 32 chip"
    mount(page, {"src": "/layouts/home"})
    assert run(page, PAINTED)["elements"] == ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"]


# MARK: seed

def failing(server, screen, scenario, seed):
    timeline = get(server, f"/loading-state/timeline?screen={screen}&scenario={scenario}&seed={seed}")
    return sorted(element["id"] for element in timeline["elements"] if element["status"] == "failed"), timeline


@pytest.mark.parametrize("seed", [3, 4])
def test_seed_follows_that_seeds_schedule(page, server, seed):
    expected, timeline = failing(server, "movies", "error", seed)
    other, _ = failing(server, "movies", "error", 7 - seed)
    assert expected and expected != other, "the two seeds fail different elements"
    mount(page, {"src": "/layouts/movies", "scenario": "error", "seed": str(seed), "speed": "10", "motion": "reduced"})
    wait(page, f"screenElement.events.length === {len(timeline['elements'])}", "every element settled")
    states = run(page, STATES)
    session = run(page, "return screenElement.sessions;")
    assert sorted(name for name, state in states.items() if state == "failed") == expected
    assert all(states[element["id"]] == ("failed" if element["status"] == "failed" else "ready") for element in timeline["elements"])
    assert len(session) == 1
    state = get(server, "/loading-state?session=" + urllib.parse.quote(session[0]))
    assert (state["screen"], state["scenario"], state["seed"]) == ("movies", "error", seed), "the session the element started"


# MARK: session

def test_session_follows_that_existing_session_and_starts_none(page, driver, fresh_server):
    harness(driver, fresh_server)
    started = get(fresh_server, "/loading-state?screen=home&scenario=timeout&seed=5&speed=10")
    token = started["session"]
    expected, _ = failing(fresh_server, "home", "timeout", 5)
    assert expected == ["subscriptions", "transactionsSummary"]
    mount(driver, {"src": "/layouts/home", "session": token, "speed": "10", "motion": "reduced"})
    wait(driver, "screenElement.events.length === 4 && screenElement.completed === 1", "the session's end")
    states = run(driver, STATES)
    assert sorted(name for name, state in states.items() if state == "failed") == expected
    followed, announced = run(driver, "return [screenElement.controller.session, screenElement.sessions];")
    assert followed == token and set(announced) <= {token}, (followed, announced)
    requests = run(driver, REQUESTS)
    loading = [url for url in requests["fetched"] + requests["streams"] if "/loading-state" in url]
    assert loading and all(session_of(url) == token and query(url) in ({}, {"wait": query(url).get("wait")}) for url in loading), loading
    assert metrics(fresh_server)['loading_sessions_started_total{screen="home",scenario="timeout"}'] == 1, "no session but the one given"


# MARK: transport

@pytest.mark.parametrize("transport", ["sse", "auto", None])
def test_transport_sse_and_auto_follow_one_event_stream_and_never_poll(driver, fresh_server, transport):
    harness(driver, fresh_server)
    before = requests_to(fresh_server, "/loading-state")
    attributes = {"src": "/layouts/home", "scenario": "typical", "seed": "3", "speed": "2", "motion": "reduced"}
    if transport:
        attributes["transport"] = transport
    mount(driver, attributes)
    wait(driver, "screenElement.completed === 1 && screenElement.events.length === 4", "the session's end")
    assert run(driver, STATES) == dict.fromkeys(["accountsCarousel", "transactionsSummary", "subscriptions", "categories"], "ready")
    requests = run(driver, REQUESTS)
    token = run(driver, "return screenElement.sessions[0];")
    assert [session_of(url) for url in requests["streams"]] == [token], requests["streams"]
    assert [path(url) for url in requests["streams"]] == [f"/loading-state/{token}/events"]
    starts = [url for url in requests["fetched"] if path(url) == "/loading-state"]
    assert [query(url).get("screen") for url in starts] == ["home"], "one request, the session's start"
    assert not [url for url in requests["fetched"] if path(url) == f"/loading-state/{token}"], "no poll"
    # The server saw the one start and, once the session completed, answered one event stream
    # (a stream is counted when it ends: awaited).
    assert requests_to(fresh_server, "/loading-state") - before == 1
    WebDriverWait(driver, 20, poll_frequency=0.05).until(lambda _: requests_to(fresh_server, "/loading-state/{session}/events") >= 1)
    assert requests_to(fresh_server, "/loading-state/{session}/events") == 1


def test_transport_poll_polls_the_session_and_opens_no_stream(driver, fresh_server):
    harness(driver, fresh_server)
    before = requests_to(fresh_server, "/loading-state")
    mount(driver, {"src": "/layouts/home", "scenario": "typical", "seed": "3", "speed": "2", "motion": "reduced", "transport": "poll"})
    wait(driver, "screenElement.completed === 1 && screenElement.events.length === 4", "the session's end")
    assert run(driver, STATES) == dict.fromkeys(["accountsCarousel", "transactionsSummary", "subscriptions", "categories"], "ready")
    requests = run(driver, REQUESTS)
    token = run(driver, "return screenElement.sessions[0];")
    assert requests["streams"] == [], "no EventSource"
    starts = [query(url) for url in requests["fetched"] if path(url) == "/loading-state"]
    polls = [url for url in requests["fetched"] if path(url) == f"/loading-state/{token}"]
    assert [start.get("screen") for start in starts] == ["home"] and polls, (starts, polls)
    served = metrics(fresh_server)
    assert served.get('http_requests_total{route="/loading-state",method="GET",status="200"}', 0) - before == 1, "one start"
    assert served.get('http_requests_total{route="/loading-state/{session}",method="GET",status="200"}', 0) == len(polls), "every poll reached the server"
    assert 'http_requests_total{route="/loading-state/{session}/events",method="GET",status="200"}' not in served
    assert served["http_event_streams_open"] == 0


@pytest.mark.parametrize("transport", ["sse", "auto"])
def test_transport_sse_and_auto_fall_back_to_polling_when_the_stream_cannot_be_used(driver, fresh_server, transport):
    harness(driver, fresh_server)
    mount(driver, {"src": "/layouts/home", "scenario": "typical", "seed": "3", "speed": "2", "motion": "reduced", "transport": transport},
          unusable_stream=True)
    wait(driver, "screenElement.completed === 1 && screenElement.events.length === 4", "the session's end")
    assert run(driver, STATES) == dict.fromkeys(["accountsCarousel", "transactionsSummary", "subscriptions", "categories"], "ready")
    requests = run(driver, REQUESTS)
    token = run(driver, "return screenElement.sessions[0];")
    assert [session_of(url) for url in requests["streams"]] == [token], "one stream tried"
    polls = [url for url in requests["fetched"] if path(url) == f"/loading-state/{token}"]
    assert polls, requests["fetched"]
    served = metrics(fresh_server)
    assert served['http_requests_total{route="/loading-state/{session}",method="GET",status="200"}'] == len(polls), "the session followed by polls"
    assert 'http_requests_total{route="/loading-state/{session}/events",method="GET",status="200"}' not in served


# MARK: retry()

def test_retry_without_an_element_retries_each_failed_element_in_its_session(page, server):
    expected, _ = failing(server, "home", "timeout", 5)
    mount(page, {"src": "/layouts/home", "scenario": "timeout", "seed": "5", "speed": "100", "motion": "reduced"})
    wait(page, "screenElement.events.length === 4", "four settled elements")
    before = run(page, STATES)
    assert sorted(name for name, state in before.items() if state == "failed") == expected == ["subscriptions", "transactionsSummary"]
    token = run(page, "return screenElement.sessions[0];")
    retried = run(page, """
        const element = window.screenElement;
        performance.clearResourceTimings();
        element.retry();
        const slots = [...element.shadowRoot.querySelectorAll('[data-element]')];
        return Object.fromEntries(slots.map((slot) => [slot.dataset.element, {
            state: slot.dataset.state, busy: slot.getAttribute('aria-busy'),
            face: slot.lastElementChild.dataset.face, error: !!slot.querySelector('[data-sk="error"]'),
        }]));
    """)
    for name, slot in retried.items():
        if name in expected:
            assert slot == {"state": "loading", "busy": "true", "face": "loading", "error": False}, (name, slot)
        else:
            assert slot["state"] == "ready" and slot["busy"] == "false", (name, slot)
    wait(page, "[...screenElement.shadowRoot.querySelectorAll('[data-element]')].every((slot) => slot.dataset.state === 'ready')",
         "the retried elements")
    after = run(page, "return { events: screenElement.events.map((e) => [e.id, e.state]), sessions: screenElement.sessions };")
    settled = [event for event in after["events"][4:] if event[1] != "loading"]
    assert sorted(settled) == [[name, "ready"] for name in expected], "only the failed elements load again"
    assert after["sessions"] == [token], "no new session"
    asked = sorted(path(url) for url in run(page, REQUESTS)["fetched"])
    assert asked == sorted(f"/loading-state/{urllib.parse.quote(token, safe='')}/data/{name}" for name in expected), asked


def test_retry_of_a_followed_session_asks_for_the_elements_data_in_that_session(page, server):
    # docs/web.md: retry(id) asks for the element's data again in the session followed, here one
    # given by its token: /loading-state/{token}/data/{id}, answered once 1000 virtual ms have passed.
    token = get(server, "/loading-state?screen=home&scenario=timeout&seed=5&speed=100")["session"]
    mount(page, {"src": "/layouts/home", "session": token, "speed": "100", "motion": "reduced"})
    wait(page, "screenElement.events.length === 4", "four settled elements")
    assert sorted(name for name, state in run(page, STATES).items() if state == "failed") == ["subscriptions", "transactionsSummary"]
    run(page, "performance.clearResourceTimings(); screenElement.retry('subscriptions'); return true;")
    wait(page, "screenElement.shadowRoot.querySelector('[data-element=\"subscriptions\"]').dataset.state === 'ready'", "the retried element")
    assert run(page, STATES)["transactionsSummary"] == "failed"
    asked = [path(url) for url in run(page, REQUESTS)["fetched"]]
    assert asked == [f"/loading-state/{urllib.parse.quote(token, safe='')}/data/subscriptions"], asked
    assert run(page, "return screenElement.sessions;") == []
