"""Fetches every kind of JSON document the server at BASE_URL serves and writes them as a corpus
for the generator checks: OUTDIR/manifest.json lists one entry per document,
  {"file": "0001.json", "operationId": "getLayout", "path": "/layouts/home?theme=dark",
   "status": 200, "contentType": "application/json", "schema": "Layout"}
and OUTDIR/<file> holds the body (OUTDIR/openapi.json: the description they were resolved in).
Event streams give one entry per event (with "event"; the file is the event's JSON data).
A request with another method than GET has "method". operationId and schema come from the live
/openapi.json: the request path is matched against the description's path templates (the most
specific, literal segments first, wins; a method the path does not describe, a 405, takes its GET
operation) and schema is the component the response (status, else nXX, else default) names for
the content type; null when the description names none (an inline schema, or no response), which
the decoders report. Deterministic: the same requests in the same order, numbered in that order.
OUTDIR/forward/ holds the same manifest and each document with the changes the service may make
within its formatVersion (unknown members, unknown values of open enumerations): forward.py.
  python corpus.py BASE_URL OUTDIR
"""
import http.client
import itertools
import json
import os
import sys
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import forward

SERVER = None  # the urllib.parse.SplitResult of BASE_URL, set by main
SPEED = "speed=100"
SEED = "seed=7"


def request(path, method="GET"):
    """(status, media type, body bytes) of one request on its own connection."""
    connection = http.client.HTTPConnection(SERVER.hostname, SERVER.port, timeout=120)
    try:
        connection.request(method, path)
        response = connection.getresponse()
        media = (response.getheader("Content-Type") or "").split(";")[0].strip()
        return response.status, media, response.read()
    finally:
        connection.close()


def get_json(path):
    status, _, body = request(path)
    assert status == 200, (path, status, body[:300])
    return json.loads(body)


def sse_events(body):
    """(event, data) of each event of a text/event-stream body."""
    for block in body.decode().split("\n\n"):
        fields = {}
        for line in block.splitlines():
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            fields[name] = fields[name] + "\n" + value if name == "data" and name in fields else value
        if "data" in fields:
            yield fields.get("event", "message"), fields["data"]


class Description:
    """The live OpenAPI description: path templates, responses and their schemas."""

    def __init__(self, document):
        self.document = document
        self.templates = [(path.strip("/").split("/") if path != "/" else [], path) for path in document["paths"]]

    def deref(self, node):
        while isinstance(node, dict) and "$ref" in node:
            target = self.document
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def template(self, path):
        """The path template the request path matches, literal segments before templates."""
        segments = [urllib.parse.unquote(s) for s in urllib.parse.urlsplit(path).path.strip("/").split("/") if s]
        best = None
        for parts, template in self.templates:
            if len(parts) != len(segments):
                continue
            score = []
            for part, segment in zip(parts, segments):
                if part == segment:
                    score.append(1)
                elif part.startswith("{") and part.endswith("}"):
                    score.append(0)
                else:
                    break
            else:
                if best is None or score > best[0]:
                    best = (score, template)
        return best and best[1]

    def response(self, template, method, status):
        """The operationId and the response object for that status. A method the path does not
        describe (a 405) is looked up in the path's GET operation, whose problem it answers."""
        methods = self.document["paths"][template] if template else {}
        operation = methods.get(method.lower()) or methods.get("get")
        if operation is None:
            return None, None
        responses = operation.get("responses", {})
        for key in (str(status), f"{str(status)[0]}XX", f"{str(status)[0]}xx", "default"):
            if key in responses:
                return operation.get("operationId"), self.deref(responses[key])
        return operation.get("operationId"), None

    @staticmethod
    def component(schema):
        ref = (schema or {}).get("$ref", "")
        return ref.rsplit("/", 1)[-1] if ref.startswith("#/components/schemas/") else None

    def event_schemas(self, media):
        """Event name -> data component, from the stream's item schema (itemSchema in OpenAPI 3.2;
        before it, the media type's schema describes each event): a union whose branch per event
        (by its discriminator's mapping, else its event's const or enum) has a data with a contentSchema."""
        item = media.get("itemSchema") or media.get("schema")
        item = self.deref(item) if item else {}
        branches = item.get("discriminator", {}).get("mapping", {}).items()
        if not branches:
            branches = []
            for variant in item.get("oneOf", []) + item.get("anyOf", []):
                event = self.deref(self.deref(variant).get("properties", {}).get("event", {}))
                branches += [(name, variant) for name in ([event["const"]] if "const" in event else event.get("enum", []))]
        schemas = {}
        for name, variant in branches:
            variant = self.deref({"$ref": variant} if isinstance(variant, str) else variant)
            data = self.deref(variant.get("properties", {}).get("data", {}))
            schemas[name] = self.component(data.get("contentSchema"))
        return schemas


def entries_for(description, path, method, status, media, body):
    template = description.template(path)
    operation_id, response = description.response(template, method, status)
    content = (response or {}).get("content", {})
    media_object = next((value for key, value in content.items() if key.split(";")[0].strip() == media), None)
    base = {"operationId": operation_id, "path": path, "status": status, "contentType": media}
    if method != "GET":
        base["method"] = method
    if media == "text/event-stream":
        schemas = description.event_schemas(media_object or {})
        return [dict(base, event=event, schema=schemas.get(event), body=data.encode()) for event, data in sse_events(body)]
    if media == "application/json" or media.endswith("+json"):
        schema = description.component((media_object or {}).get("schema"))
        return [dict(base, schema=schema, body=body)]
    return []


def session_token(screen, scenario):
    return get_json(f"/loading-state?screen={screen}&scenario={scenario}&{SEED}&{SPEED}")["session"]


def new_form_served(path):
    """Whether the server answers the target contract's form of a request (else the old query form
    is used, while the new route is not there yet)."""
    return request(path)[0] == 200


def quote(segment):
    return urllib.parse.quote(segment, safe="")


def requests_to_make():
    index = get_json("/layouts")
    screens = {screen["id"]: screen for screen in index["screens"]}
    themes = [theme["theme"] for theme in get_json("/themes")["themes"]]
    scenarios = [scenario["id"] for scenario in get_json("/scenarios")["scenarios"]]
    token = session_token("home", "typical")
    instant = new_form_served("/loading-state/instant?screen=home&at=0")
    session_state = new_form_served(f"/loading-state/{token}")
    session_events = new_form_served(f"/loading-state/{token}/events")
    session_data = new_form_served(f"/loading-state/{token}/data/categories")
    paths = ["/", "/layouts", "/themes", "/scenarios", "/healthz", "/readyz", "/openapi.json",
             "/schema/layout.json", "/schema/frames.json", "/schema/content.json", "/schema/screen.json"]
    paths += [f"/themes/{theme}" for theme in themes]
    for screen, info in screens.items():
        paths.append(f"/layouts/{screen}")
        for variant, theme, motion, direction, expand in itertools.product(
                info["variants"], ("light", "dark"), ("full", "reduced"), ("ltr", "rtl"), ("true", "false")):
            paths.append(f"/layouts/{screen}?theme={theme}&motion={motion}&direction={direction}&variant={variant}&expand={expand}")
        for variant in info["variants"]:
            paths += [f"/layouts/{screen}/frames?width=390&variant={variant}", f"/layouts/{screen}/frames?width=1024&variant={variant}"]
        paths.append(f"/layouts/{screen}/frames?width=390&height=844&direction=rtl&theme=dark&motion=reduced")
        # With an instant: each shimmer group's paint then (and the reduced, still one).
        paths += [f"/layouts/{screen}/frames?width=390&at=1700000000350", f"/layouts/{screen}/frames?width=390&motion=reduced&direction=rtl&at=0"]
        # One element alone: the first of the screen, at a phone's width and in rtl at a tablet's.
        element = quote(info["elements"][0])
        paths += [f"/layouts/{screen}/elements/{element}/frames?width=390",
                  f"/layouts/{screen}/elements/{element}/frames?width=768&direction=rtl&theme=dark",
                  f"/layouts/{screen}/elements/{element}/frames?width=390&at=8640000000000000"]
    for screen, scenario in itertools.product(screens, scenarios):
        paths.append(f"/loading-state?screen={screen}&scenario={scenario}&{SEED}&{SPEED}")
        paths.append(f"/loading-state/timeline?screen={screen}&scenario={scenario}&{SEED}")
        for at in (0, 500, 1200, 100000):
            query = f"screen={screen}&scenario={scenario}&{SEED}&at={at}"
            paths.append(f"/loading-state/instant?{query}" if instant else f"/loading-state?{query}")
    for screen in screens:
        for scenario in ("typical", "error", "timeout"):
            paths.append(f"/loading-state/events?screen={screen}&scenario={scenario}&{SPEED}")
    for scenario in ("slow", "instant"):
        paths.append(f"/loading-state/events?screen=home&scenario={scenario}&{SPEED}")
    # Every element of every variant (home's fullscreen has its own): each one's data envelope,
    # in a load of its variant; and a load and a timeline of each other variant.
    for screen, info in screens.items():
        for variant in info["variants"]:
            chosen = "" if variant == "default" else f"variant={variant}&"
            if chosen:
                paths += [f"/loading-state?screen={screen}&{chosen}{SEED}&{SPEED}", f"/loading-state/timeline?screen={screen}&{chosen}{SEED}"]
            for element in get_json(f"/layouts/{screen}?variant={variant}")["elements"]:
                for scenario in ("typical", "error", "timeout"):
                    paths.append(f"/data/{screen}/{quote(element['id'])}?{chosen}scenario={scenario}&{SEED}&{SPEED}")
    # Following a session: the resource form first, the query form while it is not served.
    for screen, scenario in (("home", "typical"), ("movies", "error"), ("inbox", "timeout")):
        followed = session_token(screen, scenario)
        paths.append(f"/loading-state/{followed}" if session_state else f"/loading-state?session={followed}")
        paths.append(f"/loading-state/{followed}?wait=50" if session_state else f"/loading-state?session={followed}&wait=50")
        paths.append(f"/loading-state/{followed}/events" if session_events else f"/loading-state/events?session={followed}")
        for element in map(quote, screens[screen]["elements"][:2]):
            paths.append(f"/loading-state/{followed}/data/{element}" if session_data else f"/data/{screen}/{element}?session={followed}")
    wrong = token.split(".")[0] + "." + "A" * 22
    paths.append(f"/loading-state/{wrong}" if session_state else f"/loading-state?session={wrong}")
    paths.append(f"/loading-state/{wrong}/events" if session_events else f"/loading-state/events?session={wrong}")
    if session_data:
        paths.append(f"/loading-state/{token}/data/nothing")
    paths += [
              "/layouts/hom", "/layouts/hom/frames?width=390", "/themes/purple", "/layouts/home?theme=purple",
              "/layouts/home?variant=huge", "/layouts/home?expand=maybe", "/layouts/home/frames",
              "/layouts/home/frames?width=50", "/layouts/home/frames?width=390&at=-1", "/layouts/home/elements/nope/frames?width=390", "/loading-state", "/loading-state/timeline",
              "/loading-state?screen=home&scenario=sometimes", "/loading-state?screen=home&speed=1000",
              f"/loading-state?screen=home&session={token}", "/loading-state/events?screen=nowhere",
              "/data/home/nothing", "/data/nowhere/hero", "/data/home/categories?fault=explode"]
    return [(path, "GET") for path in paths] + [("/layouts", "POST"), ("/layouts/home", "DELETE"), ("/loading-state", "PUT")]


def main(base, out):
    global SERVER
    SERVER = urllib.parse.urlsplit(base)
    served = request("/openapi.json")[2]
    description = Description(json.loads(served))
    todo = requests_to_make()
    with ThreadPoolExecutor(max_workers=32) as pool:
        answers = list(pool.map(lambda item: request(*item), todo))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "openapi.json"), "wb") as file:
        file.write(served)
    manifest = []
    for (path, method), (status, media, body) in zip(todo, answers):
        for entry in entries_for(description, path, method, status, media, body):
            entry["file"] = f"{len(manifest) + 1:04d}.json"
            with open(os.path.join(out, entry["file"]), "wb") as file:
                file.write(entry.pop("body"))
            manifest.append({"file": entry.pop("file"), **entry})
    with open(os.path.join(out, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=1)
    kinds = sorted({(e["operationId"], e["status"], e["schema"]) for e in manifest}, key=str)
    print(f"corpus: {len(manifest)} documents from {len(todo)} requests in {out}")
    for operation_id, status, schema in kinds:
        count = sum(1 for e in manifest if (e["operationId"], e["status"], e["schema"]) == (operation_id, status, schema))
        print(f"  {operation_id} {status} {schema}: {count}")
    forward.write(description.document, manifest, out)


if __name__ == "__main__":
    main(*sys.argv[1:3])
