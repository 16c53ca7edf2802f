"""Issue 30, "a loading state machine with no hole", for both modes of <skeleton-screen> (a whole
screen, and in place with <skeleton-element>), in headless Chromium (docs/web.md): a variant's
session reveals the variant's elements; Retry touches only its element, in the same session; an
element not revealed within `timeoutMs` fails, and nothing reconnects after; `skeleton-complete`
fires once, after the last transition; theme and motion follow the page live; an error state is
fully visible and usable, even in a carousel."""
import urllib.parse

import pytest

from conftest import RunningServer
from page import harness, run
from test_attributes import MOUNT, REQUESTS, STATES, mount, path, query, wait


@pytest.fixture
def page(driver, server):
    harness(driver, server)
    return driver


# Every fetch the page makes, by URL, with the time it was made (resource timing lists only the finished ones).
RECORD_FETCHES = r"""
if (!window.__fetches) {
    window.__fetches = [];
    const native = window.fetch;
    window.fetch = (input, init) => { window.__fetches.push({ url: String(input instanceof Request ? input.url : input), at: performance.now() }); return native(input, init); };
}
window.__fetches.length = 0;
return true;
"""


# Every EventSource the page constructs, kept to read its readyState.
RECORD_EVENT_SOURCES = r"""
if (!window.__sources) {
    window.__sources = [];
    const Native = window.EventSource;
    window.EventSource = class extends Native {
        constructor(url, init) { super(url, init); window.__sources.push(this); }
    };
}
window.__sources.length = 0;
return true;
"""


def fetches(driver):
    return run(driver, "return window.__fetches.map((entry) => entry.url);")


# MARK: 1. a variant's session

def test_a_variant_screen_is_revealed_by_its_variants_session(page):
    mount(page, {"src": "/layouts/home", "variant": "fullscreen", "scenario": "typical", "speed": "10", "motion": "reduced"})
    wait(page, "screenElement.completed === 1", "the session's end")
    assert run(page, STATES) == {"homeSkeleton": "ready"}
    assert [(event["id"], event["state"]) for event in run(page, "return screenElement.events;")] == [("homeSkeleton", "ready")]
    starts = [query(url) for url in run(page, REQUESTS)["fetched"] if path(url) == "/loading-state"]
    assert [start.get("variant") for start in starts] == ["fullscreen"], starts


# MARK: 2. Retry touches only its element

RETRY_EVENTS = r"""
window.__retries = [];
document.addEventListener('skeleton-retry', (event) => window.__retries.push({ ...event.detail, target: event.target.localName }));
return true;
"""


def test_retry_reloads_only_its_element_in_the_same_session_and_focuses_it(page, server):
    # home, scenario timeout, seed 5: transactionsSummary and subscriptions time out.
    mount(page, {"src": "/layouts/home", "scenario": "timeout", "seed": "5", "speed": "100", "motion": "reduced"})
    wait(page, "screenElement.events.length === 4", "four settled elements")
    assert sorted(name for name, state in run(page, STATES).items() if state == "failed") == ["subscriptions", "transactionsSummary"]
    token = run(page, "return screenElement.sessions[0];")
    run(page, RECORD_FETCHES)
    run(page, RETRY_EVENTS)
    page.execute_script("return screenElement.shadowRoot.querySelector('[data-element=\"transactionsSummary\"] button[data-sk=\"retry\"]')").click()
    right_after = run(page, """
        const root = screenElement.shadowRoot;
        return { states: Object.fromEntries([...root.querySelectorAll('[data-element]')].map((slot) => [slot.dataset.element, slot.dataset.state])),
                 focused: root.activeElement?.closest('[data-element]')?.dataset.element ?? null,
                 body: document.activeElement === document.body };
    """)
    assert right_after["states"]["transactionsSummary"] == "loading" and right_after["states"]["subscriptions"] == "failed"
    assert right_after["focused"] == "transactionsSummary" and not right_after["body"], right_after
    wait(page, "screenElement.shadowRoot.querySelector('[data-element=\"transactionsSummary\"]').dataset.state === 'ready'", "the retried element")
    run(page, "await new Promise((resolve) => setTimeout(resolve, 300)); return true;")
    assert run(page, STATES)["subscriptions"] == "failed", "the other failed element is not touched"
    assert run(page, "return window.__retries;") == [{
        "element": "transactionsSummary", "target": "skeleton-screen",
        "error": {"code": "timeout", "message": run(page, "return screenElement.events.find((e) => e.id === 'transactionsSummary').error.message;"), "retryable": True},
    }]
    asked = fetches(page)
    assert [path(url) for url in asked] == [f"/loading-state/{urllib.parse.quote(token, safe='')}/data/transactionsSummary"], asked
    assert run(page, "return screenElement.sessions;") == [token], "no new session"
    assert run(page, "return window.__streams.length;") == 1


def test_in_place_a_canceled_retry_leaves_the_element_to_the_app(page):
    run(page, """
        // Made with createElement: the harness page (a text document) does not upgrade parsed markup.
        const make = (tag, attributes, ...children) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v); e.append(...children); return e; };
        document.body.replaceChildren(make('skeleton-screen', { id: 'home', src: '/layouts/home', mode: 'manual' }, make('main', {},
            make('skeleton-element', { name: 'transactionsSummary', id: 'summary' }, make('section', { style: 'height: 120px' }, 'Summary ', make('button', {}, 'Pay'))),
            make('skeleton-element', { name: 'subscriptions', id: 'subscriptions' }, make('section', { style: 'height: 120px' }, 'Subscriptions')))));
        window.screenElement = document.getElementById('home');
        await until(() => screenElement.controller, 10000, 'the layout');
        window.__heard = [];
        document.getElementById('summary').addEventListener('skeleton-retry', (event) => { window.__heard.push(event.detail.element); event.preventDefault(); });
        screenElement.fail('transactionsSummary', { code: 'offline', message: 'No connection', retryable: true });
        screenElement.fail('subscriptions', { code: 'offline', message: 'No connection', retryable: true });
        await until(() => document.querySelectorAll('skeleton-element').length === 2
            && [...document.querySelectorAll('skeleton-element')].every((wrapper) => wrapper.shadowRoot.querySelector('[data-sk="retry"]')), 10000, 'two error states');
        return true;
    """)
    run(page, RECORD_FETCHES)
    page.execute_script("return document.getElementById('summary').shadowRoot.querySelector('button[data-sk=\"retry\"]')").click()
    after = run(page, """
        // The face shown last (a face faded out stays until its transition ends).
        const face = (id) => [...document.getElementById(id).shadowRoot.querySelectorAll('[data-face]')].at(-1)?.dataset.face ?? null;
        return { heard: window.__heard, summary: face('summary'), subscriptions: face('subscriptions'), focused: document.activeElement.id };
    """)
    assert after == {"heard": ["transactionsSummary"], "summary": "loading", "subscriptions": "failed", "focused": "summary"}
    run(page, "await new Promise((resolve) => setTimeout(resolve, 300)); return true;")
    assert fetches(page) == [], "a canceled retry asks for nothing"
    run(page, """
        document.getElementById('summary').reveal();
        await until(() => !document.getElementById('summary').shadowRoot.querySelector('[data-face]')
            && document.getElementById('summary').matches(':not(:state(covered))'), 10000, 'the reveal');
        return true;
    """)
    assert run(page, "return [...document.getElementById('subscriptions').shadowRoot.querySelectorAll('[data-face]')].at(-1).dataset.face;") == "failed"


def test_in_place_an_error_state_larger_than_its_wrapper_is_fully_visible_and_usable(page):
    seen = run(page, """
        const make = (tag, attributes, ...children) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v); e.append(...children); return e; };
        document.body.replaceChildren(make('skeleton-screen', { id: 'home', src: '/layouts/home', mode: 'manual' }, make('main', { style: 'width: 300px' },
            make('skeleton-element', { name: 'categories', id: 'categories' }, make('p', { style: 'height: 30px; margin: 0' }, 'Categories')),
            make('p', {}, 'What follows'))));
        window.screenElement = document.getElementById('home');
        await until(() => screenElement.controller, 10000, 'the layout');
        const wrapper = document.getElementById('categories');
        wrapper.fail({ code: 'offline', message: 'No connection to the categories service', retryable: true });
        const button = await until(() => wrapper.shadowRoot.querySelector('button[data-sk="retry"]'), 10000, 'the error state');
        await new Promise((resolve) => setTimeout(resolve, 600));
        const r = button.getBoundingClientRect();
        const box = button.closest('[data-sk="error"]');
        return { wrapper: wrapper.getBoundingClientRect().height, box: box.getBoundingClientRect().height,
                 hit: wrapper.shadowRoot.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === button,
                 fits: box.scrollHeight <= box.clientHeight + 1 };
    """)
    assert seen["box"] > seen["wrapper"] and seen["hit"] and seen["fits"], seen


# MARK: 3. timeoutMs

def test_elements_not_revealed_within_timeout_ms_fail_and_nothing_reconnects_after(page):
    own = RunningServer()
    try:
        run(page, RECORD_FETCHES)
        run(page, RECORD_EVENT_SOURCES)
        mount(page, {"src": f"{own.url}/layouts/home", "scenario": "slow", "seed": "3", "speed": "1", "timeout-ms": "1500", "motion": "reduced"})
        # The fast path (120-320 ms in slow) is revealed; then the server goes away mid-load.
        wait(page, "screenElement.events.length === 2", "the fast path")
    finally:
        assert own.stop() == 0
    wait(page, "screenElement.events.length === 4 && screenElement.completed === 1", "the timed-out elements", ms=5000)
    events = run(page, "return screenElement.events;")
    failed = {event["id"]: event["error"]["code"] for event in events if event["state"] == "failed"}
    assert failed == {"transactionsSummary": "timeout", "subscriptions": "timeout"}, events
    assert all(event["atMs"] <= 1500 + 100 + 150 for event in events), "failed by timeoutMs (with the session's grace)"
    # Nothing reconnects: every event stream the page opened is closed (an open EventSource would
    # retry by itself), and in the next 3.5 s (many poll and retry intervals) the page fetches nothing.
    count = len(run(page, "return window.__fetches;"))
    sources = run(page, "return window.__sources.map((source) => source.readyState);")
    assert sources and all(state == 2 for state in sources), f"EventSource readyStates (2 is CLOSED): {sources}"
    run(page, "await new Promise((resolve) => setTimeout(resolve, 3500)); return true;")
    assert len(run(page, "return window.__fetches;")) == count, "no request after the timeout"
    assert run(page, "return window.__sources.map((source) => source.readyState);") == sources, "no stream opened after it"


# MARK: 4. skeleton-complete

def test_skeleton_complete_fires_once_after_the_last_transition_has_ended(page):
    run(page, """
        window.__transitionEnds = [];
        if (!window.__animateWrapped) {
            window.__animateWrapped = true;
            const native = Element.prototype.animate;
            Element.prototype.animate = function (keyframes, options) {
                const animation = native.call(this, keyframes, options);
                if (Array.isArray(keyframes) && keyframes.some((frame) => 'opacity' in frame)) {
                    animation.finished.then(() => window.__transitionEnds.push(performance.now()), () => {});
                }
                return animation;
            };
        }
        return true;
    """)
    mount(page, {"src": "/layouts/home", "scenario": "typical", "seed": "3", "speed": "10"})
    run(page, "window.__completes = []; screenElement.addEventListener('skeleton-complete', () => window.__completes.push(performance.now())); return true;")
    wait(page, "window.__completes.length === 1", "skeleton-complete")
    run(page, "await new Promise((resolve) => setTimeout(resolve, 800)); return true;")
    result = run(page, "return { completes: window.__completes, ends: window.__transitionEnds, events: screenElement.events.length };")
    assert result["events"] == 4 and len(result["completes"]) == 1, result
    assert len(result["ends"]) >= 4 and result["completes"][0] >= max(result["ends"]), result


def test_skeleton_complete_fires_once_more_after_a_retried_element_settles(page):
    """docs/web.md: once when every element has settled, "and once more after each retry ... settles"."""
    # home, scenario timeout, seed 5: transactionsSummary and subscriptions time out.
    mount(page, {"src": "/layouts/home", "scenario": "timeout", "seed": "5", "speed": "100", "motion": "reduced"})
    wait(page, "screenElement.events.length === 4 && screenElement.completed === 1", "the first completion")
    page.execute_script("return screenElement.shadowRoot.querySelector('[data-element=\"transactionsSummary\"] button[data-sk=\"retry\"]')").click()
    assert run(page, "return screenElement.completed;") == 1, "not while the retried element loads"
    wait(page, "screenElement.completed === 2", "the completion after the retry")
    assert run(page, STATES)["transactionsSummary"] == "ready"
    run(page, "await new Promise((resolve) => setTimeout(resolve, 500)); return true;")
    assert run(page, "return screenElement.completed;") == 2, "once more, not more"


def test_destroy_stops_the_session_and_removes_the_drawing(page):
    """docs/web.md: `destroy()` "stops its sessions and timers and removes the drawing": after it the
    container is empty, every stream the view opened is closed, and in the next 1.5 s (past every
    element's time at this speed) no request is made and no event fires."""
    run(page, RECORD_FETCHES)
    run(page, RECORD_EVENT_SOURCES)
    settled = run(page, """
        const box = await mount('/layouts/home', { scenario: 'slow', seed: '3', speed: '4' });
        await until(() => box.sessions.length === 1 && window.__sources.length >= 1, 5000, 'the session');
        const drawn = box.childElementCount;
        box.view.destroy();
        const fetched = window.__fetches.length;
        const events = box.events.length;
        const closed = window.__sources.map((source) => source.readyState);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return { drawn, left: box.childElementCount, closed, fetchedAfter: window.__fetches.length - fetched,
                 eventsAfter: box.events.length - events, complete: box.complete };
    """)
    assert settled["drawn"] >= 1 and settled["left"] == 0, settled
    assert settled["closed"] and all(state == 2 for state in settled["closed"]), settled
    assert settled["fetchedAfter"] == 0 and settled["eventsAfter"] == 0 and settled["complete"] == 0, settled


# MARK: 5. theme and motion follow the page

def emulate(driver, **features):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": name.replace("_", "-"), "value": value} for name, value in features.items()]})


DRAWN = r"""
const screen = screenElement.shadowRoot.querySelector('[data-sk="screen"]');
return { theme: screen?.dataset.theme ?? null, motion: screen?.dataset.motion ?? null,
         animations: screenElement.shadowRoot.getAnimations().length,
         accounts: screenElement.shadowRoot.querySelector('[data-element="accountsCarousel"]')?.dataset.state ?? null,
         renders: window.__renders };
"""

RENDERS = "window.__renders = 0; screenElement.addEventListener('skeleton-render', () => { window.__renders += 1; }); return true;"


def test_theme_follows_the_pages_color_scheme_then_the_browsers_preference_live(page, driver):
    emulate(driver, prefers_color_scheme="dark")
    try:
        run(page, "document.documentElement.style.colorScheme = 'light'; return true;")
        mount(page, {"src": "/layouts/home", "mode": "manual"})
        run(page, RENDERS)
        run(page, "screenElement.reveal('accountsCarousel'); await until(() => screenElement.shadowRoot.querySelector('[data-element=\"accountsCarousel\"]').dataset.state === 'ready', 5000, 'the reveal'); return true;")
        assert run(page, DRAWN)["theme"] == "light", "a page declaring light only gets light skeletons under a dark OS"
        run(page, "document.documentElement.style.colorScheme = ''; return true;")
        wait(page, "window.__renders === 1", "drawn again")
        drawn = run(page, DRAWN)
        assert (drawn["theme"], drawn["accounts"]) == ("dark", "ready"), drawn
        emulate(driver, prefers_color_scheme="light")
        wait(page, "window.__renders === 2", "drawn again")
        assert run(page, DRAWN)["theme"] == "light"
        themes = [query(url).get("theme") for url in run(page, REQUESTS)["fetched"] if path(url) == "/layouts/home"]
        assert themes == ["light", "dark", "light"], themes
    finally:
        emulate(driver)
        run(page, "document.documentElement.style.colorScheme = ''; return true;")


def test_reduced_motion_follows_the_browser_both_ways_live(page, driver):
    emulate(driver, prefers_reduced_motion="no-preference")
    try:
        mount(page, {"src": "/layouts/home", "mode": "manual"})
        run(page, RENDERS)
        assert run(page, DRAWN)["animations"] > 0
        emulate(driver, prefers_reduced_motion="reduce")
        wait(page, "window.__renders === 1 && screenElement.shadowRoot.getAnimations().length === 0", "plain")
        assert run(page, DRAWN)["motion"] == "reduced"
        emulate(driver, prefers_reduced_motion="no-preference")
        wait(page, "window.__renders === 2 && screenElement.shadowRoot.getAnimations().length > 0", "animated again")
        assert run(page, DRAWN)["motion"] == "full"
    finally:
        emulate(driver)


# MARK: 6. the error state in a carousel

def test_a_failed_posters_error_state_in_the_carousel_is_fully_visible_and_its_retry_usable(page, driver, server):
    # movies, scenario error, seed 2: poster[3] fails; it lies beyond the 390 px the carousel shows.
    mount(page, {"src": "/layouts/movies", "scenario": "error", "seed": "2", "speed": "10", "motion": "reduced"})
    wait(page, "screenElement.completed === 1", "the load's end")
    assert [event["id"] for event in run(page, "return screenElement.events;") if event["state"] == "failed"] == ["poster[3]"]
    # Scrolled to as a user does: the wheel over the carousel.
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    carousel = page.execute_script("return screenElement.shadowRoot.querySelector('[data-id=\"popular\"]')")
    for _ in range(10):
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(carousel), 120, 0).perform()
        run(page, "await nextFrames(2); return true;")
    seen = run(page, """
        const button = screenElement.shadowRoot.querySelector('[data-element="poster[3]"] button[data-sk="retry"]');
        button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        await nextFrames(2);
        const r = button.getBoundingClientRect();
        const host = screenElement.getBoundingClientRect();
        const box = button.closest('[data-sk="error"]');
        const inside = (rect, outer) => rect.left >= outer.left - 0.5 && rect.right <= outer.right + 0.5 && rect.top >= outer.top - 0.5 && rect.bottom <= outer.bottom + 0.5;
        let clipped = false;
        for (let node = button.parentElement; node && node !== screenElement.shadowRoot; node = node.parentElement) {
            if (getComputedStyle(node).overflow !== 'visible' && !inside(r, node.getBoundingClientRect())) clipped = true;
        }
        return { inHost: inside(r, host), inViewport: inside(r, { left: 0, top: 0, right: innerWidth, bottom: innerHeight }),
                 hit: screenElement.shadowRoot.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === button,
                 clipped, boxFits: box.scrollWidth <= box.clientWidth + 1 && box.scrollHeight <= box.clientHeight + 1, width: r.width };
    """)
    assert seen == {**seen, "inHost": True, "inViewport": True, "hit": True, "clipped": False, "boxFits": True} and seen["width"] > 0, seen
    page.execute_script("return screenElement.shadowRoot.querySelector('[data-element=\"poster[3]\"] button[data-sk=\"retry\"]')").click()
    wait(page, "screenElement.shadowRoot.querySelector('[data-element=\"poster[3]\"]').dataset.state === 'ready'", "the retried poster")
