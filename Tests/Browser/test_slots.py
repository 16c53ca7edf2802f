"""The app's own content through <skeleton-screen> slots, in headless Chromium: hidden and inert
while its element loads, shown through the served transition at the element's reveal, whether a
loading session or the app itself (mode="manual") reveals it."""
import pytest

from page import harness, run

# A page of the app: its real content for two of home's elements, with a button to focus.
MOUNT = """
document.body.replaceChildren();
const element = document.createElement('skeleton-screen');
for (const [name, value] of Object.entries(arguments[0])) element.setAttribute(name, value);
element.style.cssText = 'display: block; width: 390px; height: 600px';
element.innerHTML = `
  <section slot="accountsCarousel" id="accounts"><h2>Accounts</h2><button id="open">Open account</button></section>
  <section slot="categories" id="categories"><p>Groceries, rent, travel</p></section>`;
element.events = [];
element.addEventListener('skeleton-state', (event) => element.events.push(event.detail));
document.body.append(element);
window.screenElement = element;
await until(() => element.shadowRoot.querySelector('[data-sk="screen"]'), 10000, 'the skeleton');
const visible = (id) => document.getElementById(id).getClientRects().length > 0;
const state = (id) => ({ visible: visible(id), inert: document.getElementById(id).inert,
                         hidden: document.getElementById(id).getAttribute('aria-hidden') });
"""


@pytest.fixture
def page(driver, server):
    harness(driver, server)
    return driver


def test_slotted_content_is_hidden_and_inert_until_the_app_reveals_it(page):
    result = run(page, MOUNT + """
        element.reveal('accountsCarousel');   // asked at once: shown after minimumDisplayMs (200)
        const loading = { accounts: state('accounts'), categories: state('categories') };
        document.getElementById('open').focus();
        const focusWhileLoading = document.activeElement.id || null;
        const face = () => element.shadowRoot.querySelector('[data-element="accountsCarousel"] [data-face="ready"]');
        await until(() => element.events.length === 1 && face() && face().getAnimations().length === 0 &&
                          element.shadowRoot.querySelectorAll('[data-element="accountsCarousel"] > *').length === 1, 15000, 'the reveal');
        const live = element.shadowRoot.querySelector('[role="status"]');
        document.getElementById('open').focus();
        const outlet = face().querySelector('slot');
        return {
            loading, focusWhileLoading,
            revealed: state('accounts'), stillLoading: state('categories'),
            focusAfter: document.activeElement.id,
            assigned: outlet.assignedElements().map((e) => e.id),
            opacity: getComputedStyle(face()).opacity, transform: getComputedStyle(face()).transform,
            height: document.getElementById('accounts').getBoundingClientRect().height,
            naturalHeight: document.getElementById('accounts').scrollHeight,
            announcements: [...live.children].map((line) => line.textContent),
            events: element.events.map((e) => [e.id, e.state]),
        };
    """, {"src": "/layouts/home", "mode": "manual"})
    assert result["loading"]["accounts"] == {"visible": False, "inert": True, "hidden": "true"}
    assert result["loading"]["categories"] == {"visible": False, "inert": True, "hidden": "true"}
    assert result["focusWhileLoading"] is None, "focus never lands inside a loading element"
    assert result["revealed"] == {"visible": True, "inert": False, "hidden": None}
    assert result["stillLoading"] == {"visible": False, "inert": True, "hidden": "true"}
    assert result["focusAfter"] == "open"
    assert result["assigned"] == ["accounts"]
    assert result["opacity"] == "1" and result["transform"] == "none", "the transition's end state"
    assert result["height"] > 0 and abs(result["height"] - result["naturalHeight"]) < 1, "the content takes its natural size"
    assert result["announcements"] == ["Accounts loaded"], "one announcement per reveal"
    assert result["events"] == [["accountsCarousel", "ready"]]


def test_a_reveal_asked_before_the_layout_has_loaded_is_kept_and_a_failure_shows_the_error(page):
    result = run(page, """
        document.body.replaceChildren();
        const element = document.createElement('skeleton-screen');
        element.setAttribute('src', '/layouts/home');
        element.setAttribute('mode', 'manual');
        element.innerHTML = '<div slot="categories" id="categories">Real categories</div>';
        element.reveal('categories');
        element.fail('subscriptions', { code: 'error', message: 'offline', retryable: false });
        document.body.append(element);
        const slotState = (id) => element.shadowRoot.querySelector(`[data-element="${id}"]`)?.dataset.state;
        await until(() => slotState('categories') === 'ready' && slotState('subscriptions') === 'failed', 15000, 'the queued changes');
        return {
            categories: document.getElementById('categories').getClientRects().length > 0,
            error: element.shadowRoot.querySelector('[data-element="subscriptions"] [data-sk="error-message"]').textContent,
            others: ['accountsCarousel', 'transactionsSummary'].map(slotState),
        };
    """)
    assert result == {"categories": True, "error": "offline", "others": ["loading", "loading"]}


def test_a_session_reveals_slotted_content_at_its_time_and_unslotted_elements_as_before(page):
    result = run(page, MOUNT + """
        const times = {};
        element.addEventListener('skeleton-state', (event) => { times[event.detail.id] = visible(event.detail.id === 'accountsCarousel' ? 'accounts' : 'categories'); });
        await until(() => element.events.length === 4, 10000, 'four reveals');
        const faces = [...element.shadowRoot.querySelectorAll('[data-element]')].map((slot) => [slot.dataset.element, slot.lastElementChild.dataset.sk]);
        return { accounts: state('accounts'), categories: state('categories'), faces };
    """, {"src": "/layouts/home", "scenario": "instant", "speed": "10"})
    assert result["accounts"]["visible"] and not result["accounts"]["inert"]
    assert result["categories"]["visible"] and not result["categories"]["inert"]
    faces = dict(result["faces"])
    assert faces["accountsCarousel"] == "slotted" and faces["categories"] == "slotted"
    assert faces["transactionsSummary"] != "slotted" and faces["subscriptions"] != "slotted", "elements without a slot keep today's behaviour"
