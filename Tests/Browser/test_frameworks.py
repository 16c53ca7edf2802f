"""Declarative `loading` and `error` on `<skeleton-element>` driven by real frameworks in headless
Chromium (docs/web.md, "Frameworks"): an app that toggles `loading`, re-renders while loading,
unmounts its wrapper mid-transition and mounts it again, and fails it with `error`, with its
`<skeleton-screen>` running a session (which the declarative element does not follow). At each
step the wrapper's face is read from the DOM; at the end, no console error, no Vue warning and no
layout shift. The same app runs in React 18, Vue 3 and Preact 10 (framework-pages), also mounted
before the renderer's module is imported.

The libraries (scripts/browser-install installs them): React 18 is Debian's node-react and
node-react-dom; Vue 3.5 and Preact 10 come from pinned PyPI wheels (scripts/framework-install:
nicegui's vue.esm-browser.js, and bokeh's bokeh.js, whose loader carries Preact's ES module),
since Debian packages only Preact 8.2 and Vue 2.6 and npm is not reachable."""
import os
import shutil
import tempfile

import pytest

from page import run, served_directory

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = os.path.join(HERE, "framework-pages")
FETCHED = os.path.join(HERE, "..", "..", ".build", "frameworks")
LIBRARIES = {
    "react": ["/usr/share/nodejs/react/umd/react.development.js", "/usr/share/nodejs/react-dom/umd/react-dom.development.js"],
    "vue": [os.path.join(FETCHED, "vue.esm-browser.js")],
    "preact": [os.path.join(FETCHED, "bokeh.js")],
}
FRAMEWORKS = list(LIBRARIES)


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


# The renderer imported from the server, then the app rendered with `state` (each framework page's
# `app.render`, which returns once the framework has written the DOM, or a promise of that).
START = r"""
const [base, state] = arguments;
window.sk = await import(`${base}/renderer.js`);
await app.render({ ...state, src: `${base}/layouts/home` });
return true;
"""

RENDER = "await app.render({ ...arguments[0], src: `${arguments[1]}/layouts/home` }); await frames(); return face('summary');"

# What each page's library says it is: React's major version (Debian's release decides the rest),
# Vue's version, Preact 10's exports (8.x had no Fragment, createContext or toChildArray).
LIBRARY = {
    "react": "return React.version.split('.')[0];",
    "vue": "return (await import('./vue.esm-browser.js')).version;",
    "preact": "return Object.keys(Bokeh.require(511)).sort();",
}
EXPECTED_LIBRARY = {
    "react": "18",
    "vue": "3.5.22",
    "preact": ["Component", "Fragment", "cloneElement", "createContext", "createElement", "createRef", "h", "hydrate",
               "isValidElement", "options", "render", "toChildArray"],
}


def severe_logs(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_framework_toggles_loading_rerenders_unmounts_mid_transition_and_remounts(driver, server, pages, framework):
    driver.get(f"{pages}/{framework}.html")
    severe_logs(driver)
    assert run(driver, LIBRARY[framework]) == EXPECTED_LIBRARY[framework]
    state = {"mounted": True, "loading": True, "error": None, "revision": 1}
    run(driver, START, server.url, state)
    faces = {"first": run(driver, "return await until(() => face('summary') === 'loading' && face('subscriptions') === 'loading' && face('subscriptions'), 15000, 'the skeletons');")}

    # Re-rendered while loading: the framework writes into the hidden content; the skeleton stays.
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
    run(driver, "await app.render({ ...arguments[0], src: `${arguments[1]}/layouts/home` }); return true;", {**state, "loading": False, "revision": 2}, server.url)
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
    assert run(driver, "return window.warnings ?? [];") == []


# Mounted before the renderer's module is imported (an app that loads first): the elements have no
# `loading` or `error` property yet, so the framework writes attributes, which the upgrade takes
# over; after it, the framework sets the properties.
BEFORE_DEFINED = r"""
const [base, state] = arguments;
const src = `${base}/layouts/home`;
await app.render({ ...state, src });
const summary = document.getElementById('summary');
const seen = { written: [summary.getAttribute('loading'), summary.getAttribute('error')] };
window.sk = await import(`${base}/renderer.js`);
seen.loading = await until(() => face('summary') === 'loading' && 'loading', 15000, 'the skeleton');
await app.render({ ...state, src, loading: false });
seen.ready = await until(() => face('summary') === 'ready' && 'ready', 10000, 'the reveal');
await app.render({ ...state, src, loading: false, error: 'No connection' });
seen.failed = await until(() => face('summary') === 'failed' && 'failed', 5000, 'the error state');
seen.message = summary.shadowRoot.querySelector('[data-sk="error-message"]').textContent;
seen.property = summary.error.message;
return seen;
"""

# What each framework writes for loading={true} on an element it cannot set a property on: React
# 18 (Debian's build, which sets properties where it can) an empty attribute, as for any true
# attribute of a custom element; Vue and Preact the string "true". None writes error={null}.
WRITTEN_BEFORE_DEFINED = {"react": ["", None], "vue": ["true", None], "preact": ["true", None]}


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_an_app_mounted_before_the_renderer_is_imported_is_drawn_as_it_declares(driver, server, pages, framework):
    driver.get(f"{pages}/{framework}.html")
    severe_logs(driver)
    seen = run(driver, BEFORE_DEFINED, server.url, {"mounted": True, "loading": True, "error": None, "revision": 1})
    assert seen == {"written": WRITTEN_BEFORE_DEFINED[framework], "loading": "loading", "ready": "ready", "failed": "failed",
                    "message": "No connection", "property": "No connection"}
    assert run(driver, "await frames(); return shifts;") == []
    assert severe_logs(driver) == []
    assert run(driver, "return window.warnings ?? [];") == []


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
