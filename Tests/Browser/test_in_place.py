"""`<skeleton-element>` in headless Chromium: three fixture pages of the app's own layout (a CSS grid
of fixed and fractional tracks, a wrapping flexbox with space-between, content taller than its
element's skeleton; Tests/Browser/in-place-pages) and a fourth of grid and flex items that stretch
to their row, wrapped in place, each element of home drawn over its wrapper while it loads and
revealed by the app (mode="manual"). Every box of the page equals the page without the renderer
within 0.5 px, while loading and after the reveals, with no layout shift, and (where the wrappers
carry no styling) the page as its authors wrote it, with no wrapper at all; the skeleton's blocks equal the element's served frames; loading content is unreachable."""
import os

import pytest

from page import run, served_directory

PAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "in-place-pages")
TOLERANCE = 0.5
FIXTURES = ["grid", "flex", "tall"]

# On a fixture page: the layout-shift observer, then (with the renderer) the skeleton of home drawn
# in place. Helpers for the tests below are left on window.
OPEN = r"""
const [base, withRenderer] = arguments;
window.shifts = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) shifts.push(entry.value); })
  .observe({ type: 'layout-shift', buffered: true });
window.cls = () => shifts.reduce((sum, value) => sum + value, 0);
// Every box of the page; not the controller's, which makes none in place (display: contents) and paints nothing either way.
window.boxes = () => [...document.body.querySelectorAll('*')].filter((element) => element.localName !== 'skeleton-screen').map((element) => {
  const r = element.getBoundingClientRect();
  return { name: element.localName + (element.id ? '#' + element.id : ''), x: r.left, y: r.top, width: r.width, height: r.height };
});
window.wrappers = () => [...document.querySelectorAll('skeleton-element')];
window.overlay = (wrapper) => wrapper.shadowRoot.querySelector('[data-sk="overlay"]');
window.covered = (wrapper) => overlay(wrapper).childElementCount > 0;
window.settled = (wrapper) => !covered(wrapper) && [...wrapper.children].every((child) => child.getAnimations().length === 0);
window.frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
window.until = (predicate, ms = 15000, what = 'condition') => new Promise((resolve, reject) => {
  const started = performance.now();
  const check = () => {
    const value = predicate();
    if (value) return resolve(value);
    if (performance.now() - started > ms) return reject(new Error(`timed out waiting for ${what}`));
    requestAnimationFrame(check);
  };
  check();
});
window.warnings = [];
const warn = console.warn;
console.warn = (...parts) => { warnings.push(parts.join(' ')); warn(...parts); };
window.controller = document.querySelector('skeleton-screen');
controller.setAttribute('src', `${base}/layouts/home`);
window.announcements = () => [...controller.shadowRoot.querySelectorAll('[role="status"] > *')].map((line) => line.textContent);
window.base = base;
// The page as it stands once the renderer is defined, before the layout has arrived; the URLs fetched.
window.requested = [];
const fetched = window.fetch;
window.fetch = async (url, init) => {
  requested.push(String(url));
  if (String(url).includes('/layouts/') && !window.beforeLayout) {
    await frames();
    window.beforeLayout = boxes();
  }
  return fetched(url, init);
};
if (withRenderer) {
  window.sk = await import(`${base}/renderer.js`);
  await until(() => wrappers().every((wrapper) => !known(wrapper) || covered(wrapper)), 15000, 'the skeletons');
  await frames();
}
function known(wrapper) { return ['accountsCarousel', 'transactionsSummary', 'subscriptions', 'categories'].includes(wrapper.getAttribute('name')); }
"""

# Every wrapper revealed in turn by the wrapper's own reveal(), each waited for to the transition's end.
REVEAL_ALL = r"""
const loading = boxes();
const before = window.beforeLayout;
// What runs an animation while loading: the page, the controller's shadow root, each wrapper's.
const shimmering = { page: document.getAnimations().length, controller: controller.shadowRoot.getAnimations().length,
                     wrappers: wrappers().map((wrapper) => wrapper.shadowRoot.getAnimations().length) };
for (const wrapper of wrappers()) {
  wrapper.reveal();
  await until(() => settled(wrapper), 15000, `the reveal of ${wrapper.getAttribute('name')}`);
}
await frames();
const hidden = wrappers().flatMap((wrapper) => [...wrapper.querySelectorAll('*')]).filter((element) => getComputedStyle(element).visibility !== 'visible').map((element) => element.localName);
return { shimmering, before, loading, revealed: boxes(), cls: cls(), shifts, announcements: announcements(), wrappers: wrappers().length, hidden };
"""

# The painted boxes of each wrapper's skeleton, relative to the wrapper's top-left, with its width.
PAINTED = r"""
return wrappers().map((wrapper) => {
  const origin = wrapper.getBoundingClientRect();
  const painted = [...overlay(wrapper).querySelectorAll('*')].filter((element) => element.style.backgroundColor !== '' && element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().height > 0);
  return {
    name: wrapper.getAttribute('name'), width: wrapper.clientWidth,
    boxes: painted.map((element) => { const r = element.getBoundingClientRect(); return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height }; }),
  };
});
"""


@pytest.fixture(scope="module")
def pages():
    yield from served_directory(PAGES)


def open_page(driver, server, pages, fixture, with_renderer=True):
    driver.get(f"{pages}/{fixture}.html")
    run(driver, OPEN, server.url, with_renderer)


def largest_difference(expected, actual):
    assert [box["name"] for box in expected] == [box["name"] for box in actual]
    worst = (0, None)
    for mine, theirs in zip(expected, actual):
        for key in ("x", "y", "width", "height"):
            difference = abs(mine[key] - theirs[key])
            if difference > worst[0]:
                worst = (difference, f"{mine['name']} {key}: {mine[key]} without the renderer, {theirs[key]} with it")
    return worst


@pytest.mark.parametrize("fixture", FIXTURES)
def test_the_page_keeps_its_layout_while_loading_and_after_every_reveal_without_layout_shift(driver, server, pages, fixture):
    open_page(driver, server, pages, fixture, with_renderer=False)
    plain = run(driver, "await frames(); return boxes();")
    open_page(driver, server, pages, fixture)
    result = run(driver, REVEAL_ALL)
    before, before_where = largest_difference(plain, result["before"])
    loading, loading_where = largest_difference(plain, result["loading"])
    revealed, revealed_where = largest_difference(plain, result["revealed"])
    print(f"{fixture}: CLS {result['cls']:.4f}, largest difference before the layout {before:.3f} px, loading {loading:.3f} px, revealed {revealed:.3f} px")
    assert before <= TOLERANCE, before_where
    assert loading <= TOLERANCE, loading_where
    assert revealed <= TOLERANCE, revealed_where
    assert result["cls"] <= 0.01, result["shifts"]
    shimmering = result["shimmering"]
    assert shimmering["page"] == shimmering["controller"] == 0 and all(shimmering["wrappers"]), f"only the skeletons in wrappers shimmer: {shimmering}"
    assert len(result["announcements"]) == len(set(result["announcements"])) == result["wrappers"], "one announcement per reveal"
    assert result["hidden"] == [], "every wrapper's content shows once revealed"
    # The measure is not blind: a box pushed down by 100 px is a layout shift.
    assert run(driver, "document.querySelector('main').insertAdjacentHTML('afterbegin', '<div style=\"height: 100px; width: 100%; grid-column: 1 / -1\"></div>'); await frames(); return cls();") > 0.01


# The page as its authors wrote it: every wrapper and controller replaced by its children, then every box.
UNWRAPPED = r"""
for (const wrapper of document.querySelectorAll('skeleton-element, skeleton-screen')) wrapper.replaceWith(...wrapper.childNodes);
await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
return [...document.body.querySelectorAll('*')].map((element) => {
  const r = element.getBoundingClientRect();
  return { name: element.localName + (element.id ? '#' + element.id : ''), x: r.left, y: r.top, width: r.width, height: r.height };
});
"""


def without_wrappers(boxes):
    return [box for box in boxes if not box["name"].startswith(("skeleton-element", "skeleton-screen"))]


# The pages whose wrappers carry no styling of their own (on grid and flex, the page's classes are on the wrappers).
@pytest.mark.parametrize("fixture", ["tall", "stretch"])
def test_every_box_is_the_box_of_the_page_without_any_wrapper_before_the_layout_while_loading_and_after_every_reveal(driver, server, pages, fixture):
    driver.get(f"{pages}/{fixture}.html")
    authored = run(driver, UNWRAPPED)
    open_page(driver, server, pages, fixture)
    result = run(driver, REVEAL_ALL)
    for moment in ("before", "loading", "revealed"):
        difference, where = largest_difference(authored, without_wrappers(result[moment]))
        print(f"{fixture} {moment}: largest difference from the page without wrappers {difference:.3f} px")
        assert difference <= TOLERANCE, f"{fixture} {moment}: {where}"


@pytest.mark.parametrize("fixture", ["grid", "flex"])
def test_the_skeleton_in_a_wrapper_is_the_elements_served_frames_at_the_wrappers_width(driver, server, pages, fixture):
    compared = set()
    for width in (900, 700) if fixture == "grid" else (760, 600):
        open_page(driver, server, pages, fixture)
        run(driver, "document.querySelector('main').style.width = arguments[0] + 'px'; await frames();", width)
        for wrapper in run(driver, PAINTED):
            document = run(driver, "const r = await fetch(`${base}/layouts/home/elements/${arguments[0]}/frames?width=${arguments[1]}`); return await r.json();",
                           wrapper["name"], wrapper["width"])
            frames = [frame for frame in document["frames"]]
            assert len(frames) == len(wrapper["boxes"]), f"{wrapper['name']} at {wrapper['width']}: {len(frames)} frames, {len(wrapper['boxes'])} painted"
            for frame, box in zip(frames, wrapper["boxes"]):
                for key in ("x", "y", "width", "height"):
                    assert abs(frame[key] - box[key]) <= TOLERANCE, f"{wrapper['name']} at {wrapper['width']}: {frame} against {box}"
            compared.add(wrapper["width"])
    assert len(compared) >= 2, compared


def test_content_in_a_loading_wrapper_is_unreachable_by_keyboard_until_its_reveal_announced_once(driver, server, pages):
    open_page(driver, server, pages, "grid")
    result = run(driver, r"""
        const pay = document.getElementById('pay');
        const wrapper = document.getElementById('transactions');
        pay.focus();
        const focusedWhileLoading = document.activeElement === pay;
        // Tab from the page's start: the first stop is not inside the loading wrapper.
        document.body.tabIndex = -1;
        document.body.focus();
        const content = wrapper.shadowRoot.querySelector('slot');
        const state = { inert: content.inert, visibility: getComputedStyle(pay).visibility, busy: wrapper.matches(':state(covered)') };
        wrapper.reveal();
        await until(() => settled(wrapper), 15000, 'the reveal');
        pay.focus();
        return { focusedWhileLoading, state, focusedAfter: document.activeElement === pay, visibility: getComputedStyle(pay).visibility,
                 inert: content.inert, announcements: announcements() };
    """)
    assert result["focusedWhileLoading"] is False, "focus never lands in a loading wrapper"
    assert result["state"] == {"inert": True, "visibility": "hidden", "busy": True}
    assert result["focusedAfter"] is True and result["visibility"] == "visible" and result["inert"] is False
    assert result["announcements"] == ["Transactions loaded"], "exactly one announcement for the reveal"


def test_tab_skips_a_loading_wrapper_and_stops_in_it_after_its_reveal(driver, server, pages):
    from selenium.webdriver.common.keys import Keys
    open_page(driver, server, pages, "grid")
    run(driver, "document.body.insertAdjacentHTML('afterbegin', '<button id=\"first\">First</button>'); document.getElementById('first').focus();")
    driver.switch_to.active_element.send_keys(Keys.TAB)
    while_loading = run(driver, "return document.activeElement.id || document.activeElement.localName;")
    run(driver, "const w = document.getElementById('transactions'); w.reveal(); await until(() => settled(w)); document.getElementById('first').focus();")
    driver.switch_to.active_element.send_keys(Keys.TAB)
    after = run(driver, "return document.activeElement.id || document.activeElement.localName;")
    assert while_loading != "pay"
    assert after == "pay"


def test_reveal_and_fail_on_the_wrapper_delegate_to_its_controller(driver, server, pages):
    open_page(driver, server, pages, "grid")
    result = run(driver, r"""
        const events = [];
        controller.addEventListener('skeleton-state', (event) => events.push([event.detail.id, event.detail.state]));
        const failing = document.getElementById('subscriptions');
        failing.fail({ code: 'offline', message: 'No connection', retryable: false });
        await until(() => overlay(failing).querySelector('[data-sk="error"]'), 15000, 'the error');
        const revealed = document.getElementById('categories');
        revealed.reveal();
        await until(() => settled(revealed), 15000, 'the reveal');
        return {
            events,
            error: overlay(failing).querySelector('[data-sk="error-message"]').textContent,
            failedContentHidden: getComputedStyle(failing.querySelector('section')).visibility,
            revealedContent: getComputedStyle(revealed.querySelector('section')).visibility,
            others: wrappers().filter((w) => w !== failing && w !== revealed).map(covered),
            announcements: announcements(),
        };
    """)
    assert result["events"] == [["subscriptions", "failed"], ["categories", "ready"]]
    assert result["error"] == "No connection"
    assert result["failedContentHidden"] == "hidden" and result["revealedContent"] == "visible"
    assert result["others"] == [True, True], "the other elements still load"
    assert result["announcements"] == ["Subscriptions failed to load", "Categories loaded"]


def test_a_wrapper_added_after_the_controller_is_picked_up_and_one_removed_is_let_go(driver, server, pages):
    open_page(driver, server, pages, "tall")
    result = run(driver, r"""
        const added = document.createElement('skeleton-element');
        added.setAttribute('name', 'subscriptions');
        added.innerHTML = '<p id="late">Mounted by the app later</p>';
        document.querySelector('main').append(added);
        await until(() => covered(added), 5000, 'the added wrapper drawn');
        const hidden = getComputedStyle(document.getElementById('late')).visibility;
        const phases = wrappers().map((w) => overlay(w).querySelector('[data-sk="block"]').getAnimations()[0]?.currentTime % 1400);
        added.reveal();
        await until(() => settled(added), 15000, 'its reveal');
        const removed = document.getElementById('categories');
        removed.remove();
        const coveredAfterRemoval = covered(removed);
        document.querySelector('main').append(removed);
        await frames();
        return { hidden, shown: getComputedStyle(document.getElementById('late')).visibility, phases, coveredAfterRemoval, backCovered: covered(removed) };
    """)
    assert result["hidden"] == "hidden" and result["shown"] == "visible"
    assert abs(result["phases"][0] - result["phases"][1]) < 1, f"one shimmer phase: {result['phases']}"
    assert result["coveredAfterRemoval"] is False, "a wrapper out of the page is let go"
    assert result["backCovered"] is True, "put back, it shows its element's state again (still loading)"


def test_a_controller_drawn_whole_draws_in_place_when_its_first_wrapper_arrives(driver, server, pages):
    open_page(driver, server, pages, "tall", with_renderer=False)
    result = run(driver, r"""
        // As a framework does it: the controller first, its children mounted later.
        const main = document.querySelector('main');
        main.remove();
        window.sk = await import(`${base}/renderer.js`);
        await until(() => controller.shadowRoot.querySelector('[data-sk="screen"]'), 10000, 'the whole screen');
        controller.append(main);
        const wrapper = document.getElementById('categories');
        await until(() => covered(wrapper), 10000, 'the wrapper drawn in place');
        return { display: getComputedStyle(controller).display, screen: controller.shadowRoot.querySelector('[data-sk="screen"]') !== null,
                 title: getComputedStyle(document.getElementById('title')).visibility, layouts: requested.filter((url) => url.includes('/layouts/')).length };
    """)
    assert result == {"display": "contents", "screen": False, "title": "visible", "layouts": 2}


def test_one_session_reveals_every_wrapper(driver, server, pages):
    open_page(driver, server, pages, "grid", with_renderer=False)
    result = run(driver, r"""
        controller.removeAttribute('mode');
        controller.setAttribute('scenario', 'instant');
        controller.setAttribute('speed', '10');
        window.sk = await import(`${base}/renderer.js`);
        await until(() => wrappers().every((wrapper) => settled(wrapper) && wrapper.shadowRoot.querySelector('slot').inert === false), 15000, 'every reveal');
        return { sessions: requested.filter((url) => new URL(url).pathname === '/loading-state').length, announcements: announcements().length };
    """)
    assert result == {"sessions": 1, "announcements": 4}


def test_an_unknown_name_shows_its_content_and_warns_with_the_allowed_ids(driver, server, pages):
    open_page(driver, server, pages, "tall", with_renderer=False)
    result = run(driver, r"""
        document.getElementById('categories').setAttribute('name', 'nope');
        window.sk = await import(`${base}/renderer.js`);
        await until(() => warnings.length > 0, 10000, 'a warning');
        await frames();
        const wrapper = document.getElementById('categories');
        const shown = { warnings: [...warnings], covered: covered(wrapper), visibility: getComputedStyle(wrapper.querySelector('p')).visibility,
                        inert: wrapper.shadowRoot.querySelector('slot').inert };
        wrapper.setAttribute('name', 'categories');
        await frames();
        return { ...shown, renamed: covered(wrapper) };
    """)
    assert result["renamed"] is True, "a wrapper given a known name draws its element"
    assert result["covered"] is False and result["visibility"] == "visible" and result["inert"] is False
    assert len(result["warnings"]) == 1
    warning = result["warnings"][0]
    assert "nope" in warning and all(name in warning for name in ("accountsCarousel", "transactionsSummary", "subscriptions", "categories"))


@pytest.mark.parametrize("fixture", FIXTURES)
def test_without_the_renderer_the_content_shows(driver, server, pages, fixture):
    open_page(driver, server, pages, fixture, with_renderer=False)
    hidden = run(driver, r"""
        return wrappers().flatMap((wrapper) => [...wrapper.querySelectorAll('*')])
          .filter((element) => getComputedStyle(element).visibility !== 'visible' || element.getClientRects().length === 0)
          .map((element) => element.localName);
    """)
    assert hidden == []


def test_the_variant_attribute_is_passed_to_the_session(driver, server, pages):
    open_page(driver, server, pages, "tall", with_renderer=False)
    requested = run(driver, r"""
        controller.removeAttribute('mode');
        controller.setAttribute('scenario', 'instant');
        controller.setAttribute('variant', 'fullscreen');
        window.sk = await import(`${base}/renderer.js`);
        await until(() => requested.some((url) => url.includes('/loading-state')), 10000, 'the session');
        return requested.map((url) => new URL(url)).map((url) => [url.pathname, url.searchParams.get('variant')]);
    """)
    assert ["/loading-state", "fullscreen"] in requested


def test_capture_takes_a_wrapper_as_a_marked_element(driver, server, pages):
    open_page(driver, server, pages, "grid")
    file = run(driver, r"""
        for (const wrapper of wrappers()) wrapper.reveal();
        await until(() => wrappers().every(settled), 15000, 'the reveals');
        return sk.captureScreen(document.querySelector('main'), { id: 'in-place' });
    """)
    assert [element["id"] for element in file["layouts"][0]["elements"]] == ["transactionsSummary", "subscriptions", "categories", "accountsCarousel"]
