"""Writes broken/: one screen file per problem class `validate` must report, each a copy of
MINI with one thing wrong. Run it after changing MINI; test_screen_files.py compares
`validate broken` with broken/expected.txt."""
import copy, json, os

MINI = {
    "id": "mini", "title": "Mini",
    "animation": {"preset": "chat"},
    "stages": [{"id": "data", "title": "data ready", "readyMs": {"min": 100, "max": 300}}],
    "layouts": [{
        "variant": "default",
        "elements": [{"id": "list", "stage": "data", "accessibilityLabel": "Loading list"}],
        "root": {"type": "stack", "id": "list", "spacing": 8, "children": [
            {"type": "repeat", "count": 3, "child": {"type": "block", "height": 44, "cornerRadius": 8, "fill": "gray5", "shimmer": True}},
        ]},
    }],
}


def broken(name, change):
    screen = copy.deepcopy(MINI)
    screen["id"] = name
    change(screen)
    return screen


def child(screen):
    return screen["layouts"][0]["root"]["children"][0]["child"]


def nested_scrolls(depth):
    node = {"type": "spacer"}
    for _ in range(depth):
        node = {"type": "scroll", "child": node}
    return node


CASES = {
    "unknown-node-type": lambda s: child(s).update(type="circle"),
    "unknown-member": lambda s: child(s).update(colour="red"),
    "negative-size": lambda s: child(s).update(height=-4),
    "huge-size": lambda s: child(s).update(height=1e308),
    "duplicate-element": lambda s: s["layouts"][0]["elements"].append({"id": "list", "stage": "data", "accessibilityLabel": "again"}),
    "unknown-stage": lambda s: s["layouts"][0]["elements"][0].update(stage="later"),
    "stage-min-above-max": lambda s: s["stages"][0].update(readyMs={"min": 300, "max": 100}),
    "unknown-token": lambda s: child(s).update(fill="blue"),
    "unknown-preset": lambda s: s["animation"].update(preset="fancy"),
    "too-many-shimmers": lambda s: s["animation"].update(maxConcurrentShimmers=2),
    "repeat-over-bound": lambda s: s["layouts"][0]["root"]["children"][0].update(count=1000000000000),
    "too-deep": lambda s: s["layouts"][0]["root"]["children"].append(nested_scrolls(40)),
    "element-on-no-node": lambda s: s["layouts"][0]["root"].pop("id"),
    "element-in-repeat": lambda s: (s["layouts"][0]["root"].pop("id"), child(s).update(id="list")),
}

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "broken")
for name in os.listdir(here):
    if name.endswith(".json"):
        os.remove(os.path.join(here, name))
for name, change in CASES.items():
    with open(os.path.join(here, name + ".json"), "w") as file:
        json.dump(broken(name, change), file, indent=2)
        file.write("\n")
with open(os.path.join(here, "not-json.json"), "w") as file:
    file.write('{\n  "id": "not-json",\n  "title": "trailing comma",\n}\n')
