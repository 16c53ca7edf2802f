"""Issue 42's defects, in headless Chromium (docs/web.md): after a Retry the content is in the Tab
order as the page has it; a layout that hangs is given up at `timeout-ms`, showing the page and
saying so once; a late reveal shows an element that failed or timed out; without `theme` the
skeleton follows what the page shows; polls are retried to the deadline as a stream is; unknown
ids warn once; every text comes from the layout's labels and can be replaced."""
import http.server
import threading
import urllib.parse

import pytest
from selenium.webdriver.common.keys import Keys

from conftest import RunningServer
from page import harness, run
from test_attributes import mount, path, wait
from test_loading_machine import RECORD_FETCHES, emulate

# In place on the harness page (made with createElement: the harness, a text document, does not
# upgrade parsed markup): a button, the summary's wrapper holding a link and a button, a last
# button; `attributes` on the controller. Records the controller's events and console warnings.
IN_PLACE = r"""
const [attributes] = arguments;
const make = (tag, properties, ...children) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(properties)) e.setAttribute(k, v); e.append(...children); return e; };
const screen = make('skeleton-screen', { id: 'home', mode: 'manual', ...attributes }, make('main', {},
    make('skeleton-element', { name: 'transactionsSummary', id: 'summary' },
        make('section', { style: 'height: 120px' }, make('a', { id: 'details', href: '#details' }, 'Details'), make('button', { id: 'pay' }, 'Pay'))),
    make('skeleton-element', { name: 'subscriptions', id: 'subscriptions' }, make('section', { style: 'height: 120px' }, 'Subscriptions'))));
window.events = [];
for (const type of ['skeleton-state', 'skeleton-layout-timeout']) screen.addEventListener(type, (event) => events.push({ type, ...event.detail }));
window.settled = (id) => { const w = document.getElementById(id); return !w.shadowRoot.querySelector('[data-face]') && w.matches(':not(:state(covered))'); };
document.body.replaceChildren(make('button', { id: 'first' }, 'First'), screen, make('button', { id: 'last' }, 'Last'));
window.screenElement = screen;
return true;
"""

FOCUSED = "return document.activeElement.id || document.activeElement.localName;"


@pytest.fixture
def page(driver, server):
    harness(driver, server)
    return driver


def tab_order(driver, count):
    """The ids the focus visits from #first, Tab pressed `count` times."""
    run(driver, "document.getElementById('first').focus(); return true;")
    visited = []
    for _ in range(count):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        visited.append(run(driver, FOCUSED))
    return visited


# MARK: High

def test_after_a_retry_the_revealed_content_is_in_the_pages_tab_order(page):
    run(page, IN_PLACE, {"src": "/layouts/home"})
    wait(page, "screenElement.controller", "the layout")
    run(page, "document.getElementById('summary').fail({ code: 'offline', message: 'No connection', retryable: true }); return true;")
    retry = wait(page, "document.getElementById('summary').shadowRoot.querySelector('button[data-sk=\"retry\"]')", "the error state")
    retry.click()
    assert run(page, FOCUSED) == "summary", "the focus goes to the element's region, not to the body"
    run(page, "document.getElementById('summary').reveal(); await until(() => settled('summary'), 10000, 'the reveal'); return true;")
    # From the region focused by the Retry, Tab goes into its content; the page's order is as it was.
    page.switch_to.active_element.send_keys(Keys.TAB)
    from_region = run(page, FOCUSED)
    assert (from_region, tab_order(page, 3)) == ("details", ["details", "pay", "last"])
    assert run(page, "return document.getElementById('summary').hasAttribute('tabindex');") is False


class _Hanging(http.server.BaseHTTPRequestHandler):
    """Accepts every request and answers none until the test ends (a proxy holding the layout)."""

    def do_GET(self):
        self.server.requests += 1
        self.server.release.wait(60)

    def log_message(self, *args):
        pass


@pytest.fixture
def hanging():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hanging)
    httpd.daemon_threads = True
    httpd.requests = 0
    httpd.release = threading.Event()
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield httpd
    httpd.release.set()
    httpd.shutdown()


def test_a_layout_that_never_arrives_shows_the_page_at_timeout_ms_and_says_so_once(page, hanging):
    run(page, """
        window.signals = [];
        const native = window.fetch;
        window.fetch = (input, init) => { if (String(input).includes('/layouts/')) signals.push(init?.signal); return native(input, init); };
        return true;
    """)
    src = f"http://127.0.0.1:{hanging.server_address[1]}/layouts/home"
    run(page, IN_PLACE, {"src": src, "timeout-ms": "700"})
    hidden = run(page, "await nextFrames(2); return getComputedStyle(document.getElementById('pay')).visibility;")
    timeout = wait(page, "events.find((event) => event.type === 'skeleton-layout-timeout')", "skeleton-layout-timeout")
    shown = run(page, """
        await new Promise((resolve) => setTimeout(resolve, 300));
        const pay = document.getElementById('pay');
        pay.focus();
        return { visibility: getComputedStyle(pay).visibility, focused: document.activeElement === pay, events: events.length,
                 aborted: signals.map((signal) => signal?.aborted ?? null) };
    """)
    assert hidden == "hidden", "hidden while the layout may still come"
    assert timeout == {"type": "skeleton-layout-timeout", "src": src, "timeoutMs": 700}
    assert shown == {"visibility": "visible", "focused": True, "events": 1, "aborted": [True]}, shown
    assert hanging.requests == 1


# MARK: Medium

def test_a_late_reveal_shows_an_element_that_timed_out_or_failed(page):
    run(page, IN_PLACE, {"src": "/layouts/home", "timeout-ms": "1500"})
    # The failure is given in the same script that sees the layout: well inside timeout-ms however
    # loaded the machine (from another script, a busy machine let the deadline pass first).
    run(page, """
        await until(() => screenElement.controller, 10000, 'the layout');
        document.getElementById('subscriptions').fail({ code: 'offline', message: 'No connection', retryable: false });
        return true;
    """)
    failures = run(page, """
        const failed = (id) => events.find((event) => event.id === id && event.state === 'failed');
        await until(() => failed('transactionsSummary') && failed('subscriptions'), 10000, 'a timeout and a failure');
        return ['transactionsSummary', 'subscriptions'].map((id) => failed(id).error.code);
    """)
    assert failures == ["timeout", "offline"]
    run(page, "for (const id of ['summary', 'subscriptions']) document.getElementById(id).reveal(); return true;")
    wait(page, "settled('summary') && settled('subscriptions')", "the late reveals")
    result = run(page, """
        const pay = document.getElementById('pay');
        return { visibility: getComputedStyle(pay).visibility, inert: document.getElementById('summary').shadowRoot.querySelector('slot').inert,
                 ready: events.filter((event) => event.state === 'ready').map((event) => event.id).sort() };
    """)
    assert result == {"visibility": "visible", "inert": False, "ready": ["subscriptions", "transactionsSummary"]}


# The theme the screen was drawn in (the layout asked for with it), after the page's head got `css`.
THEMED = r"""
const [css] = arguments;
document.querySelector('meta[name="color-scheme"]')?.remove();
document.documentElement.style.colorScheme = '';
document.head.append(Object.assign(document.createElement('style'), { id: 'page-style', textContent: css }));
return true;
"""

DRAWN_THEME = "return screenElement.shadowRoot.querySelector('[data-sk=\"screen\"]').dataset.theme;"


@pytest.mark.parametrize("preferred,css,expected", [
    ("dark", "", "light"),                                                          # no scheme, no background: light, as browsers draw it
    ("light", "body { background: #121212; }", "dark"),                             # a dark page in a light OS
    ("dark", "body { background: #fafafa; }", "light"),                             # a light page in a dark OS
    ("light", ":root { color-scheme: dark; } body { background: #fafafa; }", "dark"),  # the declared scheme first
])
def test_without_a_theme_the_skeleton_follows_what_the_page_shows(page, driver, preferred, css, expected):
    emulate(driver, prefers_color_scheme=preferred)
    try:
        run(page, THEMED, css)
        mount(page, {"src": "/layouts/home", "mode": "manual"})
        assert run(page, DRAWN_THEME) == expected
    finally:
        emulate(driver)


def test_a_page_dark_by_its_own_rules_gets_dark_skeletons_and_they_follow_it_live(page, driver):
    emulate(driver, prefers_color_scheme="light")
    try:
        run(page, THEMED, "@media (prefers-color-scheme: dark) { body { background: #121212; } } body.light { background: #ffffff; }")
        mount(page, {"src": "/layouts/home", "mode": "manual"})
        themes = [run(page, DRAWN_THEME)]
        run(page, "window.__renders = 0; screenElement.addEventListener('skeleton-render', () => { window.__renders += 1; }); return true;")
        emulate(driver, prefers_color_scheme="dark")
        wait(page, "window.__renders === 1", "drawn again for the dark page")
        themes.append(run(page, DRAWN_THEME))
        run(page, "document.body.classList.add('light'); return true;")
        wait(page, "window.__renders === 2", "drawn again for the page made light")
        themes.append(run(page, DRAWN_THEME))
    finally:
        emulate(driver)
    assert themes == ["light", "dark", "light"]


def test_polls_are_retried_through_an_outage_until_the_deadline_as_a_stream_is(page):
    # The deadline (`timeout-ms`, from the mount) is the page's real time: far enough for the
    # server's stop to end well before it on a loaded machine, so that the outage has polls.
    own = RunningServer()
    try:
        run(page, RECORD_FETCHES)
        mount(page, {"src": f"{own.url}/layouts/home", "scenario": "slow", "seed": "3", "speed": "1", "timeout-ms": "8000",
                     "motion": "reduced", "transport": "poll"})
        wait(page, "screenElement.events.length === 2", "the fast path")
    finally:
        assert own.stop() == 0
    stopped = run(page, "return performance.now();")
    wait(page, "screenElement.events.length === 4 && screenElement.completed === 1", "the deadline", ms=20000)
    events = run(page, "return screenElement.events;")
    failed = {event["id"]: event["error"]["code"] for event in events if event["state"] == "failed"}
    assert failed == {"transactionsSummary": "timeout", "subscriptions": "timeout"}, events
    token = run(page, "return screenElement.sessions[0];")
    polls = run(page, "return window.__fetches.filter((entry) => entry.at > arguments[0]).map((entry) => entry.url);", stopped)
    assert len([url for url in polls if path(url) == f"/loading-state/{urllib.parse.quote(token, safe='')}"]) >= 2, "polled on through the outage"


def test_an_unknown_id_given_to_reveal_or_fail_warns_once(page):
    mount(page, {"src": "/layouts/home", "mode": "manual"})
    warnings = run(page, """
        const warnings = [];
        const warn = console.warn;
        console.warn = (...parts) => warnings.push(parts.join(' '));
        try {
            screenElement.reveal('typo');
            screenElement.reveal('typo');
            screenElement.fail('typo', { code: 'offline' });
            screenElement.fail('other');
            screenElement.reveal('accountsCarousel');
        } finally {
            console.warn = warn;
        }
        return warnings;
    """)
    assert len(warnings) == 2, warnings
    assert "no element typo" in warnings[0] and "accountsCarousel" in warnings[0] and "no element other" in warnings[1], warnings


def test_texts_come_from_the_elements_labels_and_every_one_can_be_replaced(page):
    mount(page, {"src": "/layouts/home", "mode": "manual", "motion": "reduced"})
    texts = run(page, """
        screenElement.strings = { loaded: '{label} : chargé', failed: '{label} : échec', errorTitle: 'Impossible de charger : {label}',
                                  errorMessage: 'Erreur inconnue.', retry: 'Réessayer' };
        screenElement.fail('transactionsSummary', { code: 'offline', retryable: true });
        screenElement.reveal('accountsCarousel');
        const root = screenElement.shadowRoot;
        await until(() => root.querySelector('[data-element="transactionsSummary"] [data-sk="retry"]') && root.querySelectorAll('[role="status"] > *').length === 2, 10000, 'both changes');
        const error = root.querySelector('[data-element="transactionsSummary"] [data-sk="error"]');
        return { title: error.querySelector('[data-sk="error-title"]').textContent, message: error.querySelector('[data-sk="error-message"]').textContent,
                 retry: error.querySelector('[data-sk="retry"]').textContent,
                 announcements: [...root.querySelectorAll('[role="status"] > *')].map((line) => line.textContent).sort(),
                 label: screenElement.controller.layout.elements.get('transactionsSummary').label };
    """)
    assert texts["label"] == "Loading transactions", "the layout's accessibilityLabel"
    assert texts == {**texts, "title": "Impossible de charger : Transactions", "message": "Erreur inconnue.", "retry": "Réessayer",
                     "announcements": ["Accounts : chargé", "Transactions : échec"]}, texts
    # The renderer's own messages too: an element's timeout, and a layout that cannot be loaded.
    mount(page, {"src": "/layouts/home", "mode": "manual", "timeout-ms": "300"})
    timeout = run(page, """
        screenElement.strings = { timeout: 'Pas chargé en {ms} ms.' };
        return await until(() => screenElement.events.find((event) => event.state === 'failed'), 5000, 'the timeout');
    """)
    assert timeout["error"]["message"] == "Pas chargé en 300 ms."
    problem = run(page, """
        const element = document.createElement('skeleton-screen');
        element.strings = { problem: 'Squelette indisponible ({message})' };
        element.setAttribute('src', '/layouts/nowhere');
        document.body.replaceChildren(element);
        return (await until(() => element.shadowRoot.querySelector('[role="alert"]'), 5000, 'the problem')).textContent;
    """)
    assert problem.startswith("Squelette indisponible (") and "nowhere" in problem, problem
