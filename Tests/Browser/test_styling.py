"""The styling hooks in headless Chromium (docs/web.md, "Styling"): without custom properties the
skeleton's colours are the served palette's; `--skeleton-base`, `--skeleton-highlight`,
`--skeleton-error` and `--skeleton-error-background` (and their `-light`/`-dark` forms, which win
in their theme) replace them; `::part(error)`, `::part(error-title)`, `::part(error-message)` and
`::part(retry)` rules reach the error state through `<skeleton-screen>` and `<skeleton-element>`."""
import pytest

from page import harness, run
from test_attributes import rgba

# A whole screen of home in `theme` (manual) with `css` in the page; transactionsSummary failed.
# Returns the computed colours of a text line of categories (base), its shimmer image
# (highlight), and the error state's box, title, message and Retry button.
COLOURS = r"""
const [theme, css, inPlace] = arguments;
const style = document.createElement('style');
style.textContent = css;
const screen = document.createElement('skeleton-screen');
screen.style.cssText = 'display: block; width: 390px; height: 844px';
for (const [name, value] of Object.entries({ src: '/layouts/home', theme, mode: 'manual' })) screen.setAttribute(name, value);
let wrapper = null;
if (inPlace) {
  wrapper = document.createElement('skeleton-element');
  wrapper.setAttribute('name', 'transactionsSummary');
  wrapper.append(Object.assign(document.createElement('section'), { textContent: 'Transactions', style: 'height: 160px' }));
  screen.append(wrapper);
}
document.body.replaceChildren(style, screen);
await until(() => screen.controller, 15000, 'the layout');
screen.fail('transactionsSummary', { code: 'offline', message: 'Offline', retryable: true });
const root = () => (wrapper ?? screen).shadowRoot;
await until(() => root().querySelector('[part="retry"]'), 5000, 'the error state');
const computed = (element, property) => getComputedStyle(element)[property];
const error = root().querySelector('[part="error"]');
const result = {
  error: computed(error, 'borderTopColor'), errorBackground: computed(error, 'backgroundColor'), errorOutline: computed(error, 'outlineColor'),
  title: computed(root().querySelector('[part="error-title"]'), 'color'), message: computed(root().querySelector('[part="error-message"]'), 'color'),
  retry: computed(root().querySelector('[part="retry"]'), 'color'),
};
if (!inPlace) {
  const line = screen.shadowRoot.querySelector('[data-element="categories"] [data-sk="block"]');
  result.base = computed(line, 'backgroundColor');
  result.image = computed(line, 'backgroundImage');
}
return result;
"""

PARTS = """
skeleton-screen::part(error), skeleton-element::part(error) { outline: 2px solid rgb(4, 5, 6); }
skeleton-screen::part(error-title), skeleton-element::part(error-title) { color: rgb(7, 8, 9); }
skeleton-screen::part(error-message), skeleton-element::part(error-message) { color: rgb(10, 11, 12); }
skeleton-screen::part(retry), skeleton-element::part(retry) { color: rgb(1, 2, 3); }
"""


@pytest.fixture
def page(driver, server):
    harness(driver, server)
    return driver


def served(page, theme):
    return run(page, "const r = await fetch(`/layouts/home?theme=${arguments[0]}`); return (await r.json()).palette;", theme)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_without_custom_properties_the_colours_are_the_served_palette(page, theme):
    palette = served(page, theme)
    colours = run(page, COLOURS, theme, "", False)
    assert rgba(colours["base"]) == rgba(palette["base"])
    highlight = rgba(palette["highlight"])
    assert f"rgba({highlight[0]}, {highlight[1]}, {highlight[2]}, {highlight[3]}" in colours["image"]
    assert rgba(colours["error"]) == (255, 59, 48, 0.6) and rgba(colours["errorBackground"]) == (255, 59, 48, 0.08)


def test_custom_properties_replace_the_palette_and_the_themed_form_wins_in_its_theme(page):
    css = """skeleton-screen { --skeleton-base: rgb(10, 20, 30); --skeleton-highlight: rgb(200, 100, 50);
                               --skeleton-error: rgb(0, 0, 255); --skeleton-error-background: rgb(0, 255, 0);
                               --skeleton-base-dark: rgb(40, 50, 60); --skeleton-error-light: rgb(9, 9, 9); }"""
    light = run(page, COLOURS, "light", css, False)
    dark = run(page, COLOURS, "dark", css, False)
    assert (light["base"], dark["base"]) == ("rgb(10, 20, 30)", "rgb(40, 50, 60)")
    assert "rgb(200, 100, 50)" in light["image"] and "rgb(200, 100, 50)" in dark["image"]
    assert (light["error"], dark["error"]) == ("rgb(9, 9, 9)", "rgb(0, 0, 255)")
    assert light["errorBackground"] == dark["errorBackground"] == "rgb(0, 255, 0)"


@pytest.mark.parametrize("in_place", [False, True], ids=["screen", "in place"])
def test_part_rules_reach_the_error_box_its_texts_and_the_retry_button(page, in_place):
    without = run(page, COLOURS, "light", "", in_place)
    styled = run(page, COLOURS, "light", PARTS, in_place)
    assert without["retry"] != "rgb(1, 2, 3)" and without["errorOutline"] != "rgb(4, 5, 6)"
    assert (styled["errorOutline"], styled["title"], styled["message"], styled["retry"]) == ("rgb(4, 5, 6)", "rgb(7, 8, 9)", "rgb(10, 11, 12)", "rgb(1, 2, 3)")
