"""Declarative `loading` and `error` on `<skeleton-element>` driven by a real framework in headless
Chromium (docs/web.md, "Frameworks"): an app that toggles `loading`, re-renders while loading,
unmounts its wrapper mid-transition and mounts it again, and fails it with `error`, with its
`<skeleton-screen>` running a session (which the declarative element does not follow). At each
step the wrapper's face is read from the DOM; at the end, no console error and no layout shift.

The libraries are Debian's (scripts/browser-install installs them): node-react and node-react-dom
18.2. Debian bookworm packages Preact 8.2 (node-preact) and Vue 2.6 (node-vue), not Preact 10 or
Vue 3, so those two are not tested here."""
import os
import shutil
import tempfile

import pytest

from page import run, served_directory

PAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framework-pages")
LIBRARIES = {
    "react": ["/usr/share/nodejs/react/umd/react.development.js", "/usr/share/nodejs/react-dom/umd/react-dom.development.js"],
}


@pytest.fixture(scope="module")
def pages():
    """The framework pages with the libraries' browser builds beside them, on a port of their own."""
    directory = tempfile.mkdtemp(prefix="skeleton-frameworks-")
    for name in os.listdir(PAGES):
        shutil.copy(os.path.join(PAGES, name), directory)
    for files in LIBRARIES.values():
        for library in files:
            assert os.path.exists(library), f"{library} is missing: scripts/browser-install installs it"
            shutil.copy(library, directory)
    yield from served_directory(directory)
    shutil.rmtree(directory)


# The renderer imported from the server, then the app rendered with `state` (each framework page's `app.render`).
START = r"""
const [base, state] = arguments;
window.sk = await import(`${base}/renderer.js`);
app.render({ ...state, src: `${base}/layouts/home` });
return true;
"""

RENDER = "app.render({ ...arguments[0], src: `${arguments[1]}/layouts/home` }); await frames(); return face('summary');"


def severe_logs(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_react_18_toggles_loading_rerenders_unmounts_mid_transition_and_remounts(driver, server, pages):
    driver.get(f"{pages}/react.html")
    severe_logs(driver)
    state = {"mounted": True, "loading": True, "error": None, "revision": 1}
    run(driver, START, server.url, state)
    faces = {"first": run(driver, "return await until(() => face('summary') === 'loading' && face('subscriptions') === 'loading' && face('subscriptions'), 15000, 'the skeletons');")}

    # Re-rendered while loading: React writes into the hidden content; the skeleton stays.
    faces["rerendered"] = run(driver, RENDER, {**state, "revision": 2}, server.url)
    assert run(driver, "return document.getElementById('revision').textContent;") == "revision 2"

    # The session reveals subscriptions, due at the same instant as transactionsSummary (its
    # timeline says so): the declarative element is not revealed by it.
    timeline = run(driver, "const r = await fetch(`${arguments[0]}/loading-state/timeline?screen=home&scenario=typical&seed=1`); return await r.json();", server.url)
    due = {element["id"]: element["revealAtMs"] for element in timeline["elements"]}
    assert due["transactionsSummary"] == due["subscriptions"]
    run(driver, "await until(() => face('subscriptions') === 'ready', 15000, 'the session\\'s reveal'); await frames(); return true;")
    faces["after the session"] = run(driver, "return face('summary');")

    # loading={false}: the served transition starts; unmounted in the middle of it.
    run(driver, "app.render({ ...arguments[0], src: `${arguments[1]}/layouts/home` }); return true;", {**state, "loading": False, "revision": 2}, server.url)
    faces["revealing"] = run(driver, "return await until(() => face('summary') === 'revealing' && document.getElementById('summary').firstElementChild.getAnimations().length > 0 && 'revealing', 5000, 'the transition');")
    faces["unmounted"] = run(driver, RENDER, {**state, "mounted": False, "loading": False}, server.url)

    # Mounted again while loading, then revealed to the end.
    faces["remounted"] = run(driver, RENDER, {**state, "loading": True, "revision": 3}, server.url)
    run(driver, RENDER, {**state, "loading": False, "revision": 3}, server.url)
    faces["revealed"] = run(driver, "return await until(() => face('summary') === 'ready' && document.getElementById('summary').firstElementChild.getAnimations().length === 0 && 'ready', 10000, 'the reveal');")

    # error="…": its error state with the message; loading again, then revealed.
    faces["failed"] = run(driver, RENDER, {**state, "loading": False, "error": "No connection", "revision": 3}, server.url)
    message = run(driver, "return document.getElementById('summary').shadowRoot.querySelector('[data-sk=\"error-message\"]').textContent;")
    faces["loading again"] = run(driver, RENDER, {**state, "loading": True, "error": None, "revision": 4}, server.url)
    run(driver, RENDER, {**state, "loading": False, "error": None, "revision": 4}, server.url)
    faces["revealed again"] = run(driver, "return await until(() => face('summary') === 'ready' && 'ready', 10000, 'the second reveal');")

    assert faces == {"first": "loading", "rerendered": "loading", "after the session": "loading", "revealing": "revealing",
                     "unmounted": "gone", "remounted": "loading", "revealed": "ready", "failed": "failed",
                     "loading again": "loading", "revealed again": "ready"}
    assert message == "No connection"
    states = run(driver, "return events.filter((event) => event.type === 'skeleton-state' && event.id === 'transactionsSummary').map((event) => event.state);")
    assert states == ["ready", "loading", "ready", "failed", "loading", "ready"]
    assert run(driver, "await frames(); return shifts;") == []
    assert severe_logs(driver) == []


# Without a framework or a session (mode="manual"): the properties (set before the element is
# defined), `loading="false"`, an error object.
PROPERTIES = r"""
const [base] = arguments;
const screen = document.createElement('skeleton-screen');
screen.setAttribute('mode', 'manual');
const wrapper = document.createElement('skeleton-element');
wrapper.id = 'summary';
wrapper.setAttribute('name', 'transactionsSummary');
wrapper.loading = true;
wrapper.append(Object.assign(document.createElement('section'), { className: 'card', textContent: 'Transactions' }));
screen.append(wrapper);
document.body.replaceChildren(screen);
screen.setAttribute('src', `${base}/layouts/home`);
// Set before the module defines the element (as a framework may): the property is still the element's.
window.sk = await import(`${base}/renderer.js`);
const seen = { attribute: wrapper.getAttribute('loading') };
seen.loading = await until(() => face('summary') === 'loading' && 'loading', 15000, 'the skeleton');
wrapper.error = { code: 'offline', message: 'Offline', retryable: false };
seen.failed = await until(() => face('summary') === 'failed' && 'failed', 5000, 'the error state');
seen.retry = wrapper.shadowRoot.querySelector('button[data-sk="retry"]') !== null;
wrapper.error = null;
seen.again = await until(() => face('summary') === 'loading' && 'loading', 5000, 'the skeleton again');
wrapper.setAttribute('loading', 'false');
seen.property = wrapper.loading;
seen.ready = await until(() => face('summary') === 'ready' && 'ready', 10000, 'the reveal');
return seen;
"""


def test_the_loading_and_error_properties_drive_an_element_without_a_session(driver, server, pages):
    driver.get(f"{pages}/react.html")
    seen = run(driver, PROPERTIES, server.url)
    assert seen == {"attribute": "", "loading": "loading", "failed": "failed", "retry": False, "again": "loading", "property": False, "ready": "ready"}
