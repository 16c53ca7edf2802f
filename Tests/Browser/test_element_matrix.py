"""Each element's skeleton at its own view's width, everywhere alike (issue 32): for every element
of every layout of every built-in screen and of the example screen, the frames of
GET /layouts/{screen}/elements/{element}/frames?width=W equal the boxes the in-place renderer
paints in a `<skeleton-element>` W px wide (within 0.5 px, both from the wrapper's top-left), at
three widths, left to right and right to left. (At the width the screen gives an element, its
frames are its slice of the screen's: Tests/LayoutsTests/ElementFramesTests.swift.)"""
import pytest

from page import run
from test_frames import examples_server, get  # noqa: F401  (examples_server: the example screens' server)

WIDTHS = [320, 600, 1024]
TOLERANCE = 0.5

# One manual controller with a wrapper per element, each `width` px wide over content of its own;
# resolves with each wrapper's painted boxes once every skeleton is drawn.
PAINTED = r"""
const [src, names, width, direction] = arguments;
await import('/renderer.js');
document.body.replaceChildren();
document.body.style.margin = '0';
document.documentElement.dir = direction;
const controller = document.createElement('skeleton-screen');
controller.setAttribute('mode', 'manual');
controller.setAttribute('direction', direction);
for (const name of names) {
  const wrapper = document.createElement('skeleton-element');
  wrapper.setAttribute('name', name);
  wrapper.style.cssText = `display: block; width: ${width}px; margin-bottom: 8px`;
  const content = document.createElement('div');
  content.style.height = '40px';
  wrapper.append(content);
  controller.append(wrapper);
}
controller.setAttribute('src', src);
document.body.append(controller);
const wrappers = [...controller.querySelectorAll('skeleton-element')];
const overlay = (wrapper) => wrapper.shadowRoot.querySelector('[data-sk="overlay"]');
const started = performance.now();
while (!wrappers.every((wrapper) => overlay(wrapper) && overlay(wrapper).childElementCount > 0)) {
  if (performance.now() - started > 15000) throw new Error('the skeletons were not drawn');
  await new Promise((resolve) => requestAnimationFrame(resolve));
}
await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
return wrappers.map((wrapper) => {
  const origin = wrapper.getBoundingClientRect();
  const painted = [...overlay(wrapper).querySelectorAll('*')].filter((element) => element.style.backgroundColor !== '' && element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().height > 0);
  return { name: wrapper.getAttribute('name'), width: origin.width,
           boxes: painted.map((element) => { const r = element.getBoundingClientRect(); return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height }; }) };
});
"""


def layouts_of(server, screens):
    return [(screen["id"], variant) for screen in get(server, "/layouts")["screens"] if screen["id"] in screens for variant in screen["variants"]]


@pytest.mark.parametrize("screens", [("home", "insights", "inbox", "thread", "movies"), ("profile",)], ids=["built-in", "example"])
def test_every_elements_frames_are_the_in_place_renderers_boxes_at_three_widths(driver, server, examples_server, screens):
    source = examples_server if screens == ("profile",) else server
    failures, compared, expected = [], 0, 0
    for screen, variant in layouts_of(source, screens):
        names = [element["id"] for element in get(source, f"/layouts/{screen}?variant={variant}")["elements"]]
        expected += len(names) * (len(WIDTHS) + 1)
        for width in WIDTHS:
            for direction in (("ltr", "rtl") if width == 600 else ("ltr",)):
                driver.get(source.url + "/renderer.js")
                src = f"{source.url}/layouts/{screen}?variant={variant}&direction={direction}"
                for wrapper in run(driver, PAINTED, src, names, width, direction):
                    document = get(source, f"/layouts/{screen}/elements/{wrapper['name'].replace('[', '%5B').replace(']', '%5D')}/frames"
                                           f"?width={width}&variant={variant}&direction={direction}")
                    label = f"{screen} {variant} {wrapper['name']} at {width} {direction}"
                    compared += 1
                    if len(document["frames"]) != len(wrapper["boxes"]):
                        failures.append(f"{label}: {len(document['frames'])} frames, {len(wrapper['boxes'])} painted")
                        continue
                    for index, (frame, box) in enumerate(zip(document["frames"], wrapper["boxes"])):
                        for key in ("x", "y", "width", "height"):
                            if abs(frame[key] - box[key]) > TOLERANCE:
                                failures.append(f"{label}: #{index} {frame['kind']} {key}: frame {frame[key]}, browser {box[key]:.3f}")
    assert compared == expected > 0
    assert failures == [], f"{len(failures)} differences, the first: " + "\n".join(failures[:10])
