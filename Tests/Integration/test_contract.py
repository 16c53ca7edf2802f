"""The contract documents (GET /openapi.json, /schema/layout.json, /schema/frames.json,
/schema/content.json, /schema/screen.json): valid OpenAPI 3.1 and JSON Schema 2020-12, true of what the server
serves, cached like the other documents. scripts/schemathesis fuzzes the same description;
these tests check what a fuzzer cannot reach (real session tokens, the event stream, every
document of every option)."""
import copy
import itertools
import json
import re
import os
import socket
import subprocess
from urllib.parse import quote

import pytest
from jsonschema import Draft202012Validator, FormatChecker
from openapi_spec_validator import validate as validate_openapi
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from conftest import BINARY, RunningServer

CONTRACT = ["/openapi.json", "/schema/layout.json", "/schema/frames.json", "/schema/content.json", "/schema/screen.json"]


def get(client, path, headers=()):
    response = client.request(path, headers=headers)
    return response, (json.loads(response.body) if response.body else None)


@pytest.fixture(scope="module")
def openapi(server):
    client = server.client()
    try:
        return get(client, "/openapi.json")[1]
    finally:
        client.close()


@pytest.fixture(scope="module")
def layout_schema(server):
    client = server.client()
    try:
        return get(client, "/schema/layout.json")[1]
    finally:
        client.close()


def pointer(*segments):
    """A JSON pointer as a URI fragment (RFC 6901 §6)."""
    return "".join("/" + quote(str(s).replace("~", "~0").replace("/", "~1"), safe="~") for s in segments)


def validator(openapi, fragment):
    """Validates against the schema at `fragment` of the OpenAPI description, its $refs resolved in it."""
    registry = Registry().with_resource("urn:openapi", Resource(contents=openapi, specification=DRAFT202012))
    return Draft202012Validator({"$ref": "urn:openapi#" + fragment}, registry=registry, format_checker=FormatChecker())


def errors(validator, instance):
    return [f"{e.json_path}: {e.message[:200]}" for e in validator.iter_errors(instance)]


def resolved(openapi, node):
    """`node`, or the component its $ref (#/components/KIND/NAME) names."""
    if "$ref" not in node:
        return node
    _, _, kind, name = node["$ref"].split("/")
    return openapi["components"][kind][name]


def declared_response(openapi, template, status):
    return resolved(openapi, openapi["paths"][template]["get"]["responses"][str(status)])


def check_response(openapi, template, response):
    """Fails unless the response's status, header fields and body are the ones declared for
    `template` (its `default` response where the status has none of its own)."""
    operation = openapi["paths"][template]["get"]
    status = str(response.status) if str(response.status) in operation["responses"] else "default"
    assert status in operation["responses"], f"{template}: undeclared status {response.status}"
    declared = resolved(openapi, operation["responses"][status])
    for name, header in declared.get("headers", {}).items():
        header = resolved(openapi, header)
        value = response.header(name)
        if value is None:
            assert not header.get("required"), f"{template} {response.status}: no {name}"
            continue
        assert Draft202012Validator(header["schema"]).is_valid(value), f"{template} {response.status}: {name}: {value!r}"
    content = declared.get("content")
    if not content:
        assert response.body == b""
        return None
    media_type = response.header("content-type")
    assert media_type in content, f"{template} {response.status}: {media_type} is not declared"
    body = json.loads(response.body) if media_type.endswith("json") else response.body.decode()
    reference = operation["responses"][status].get("$ref")
    location = ("components", "responses", reference.rsplit("/", 1)[1]) if reference else ("paths", template, "get", "responses", status)
    found = errors(validator(openapi, pointer(*location, "content", media_type, "schema")), body)
    assert not found, f"{template} {response.status}: {found[:5]}"
    return body


# MARK: The documents are what they claim to be

def test_openapi_passes_openapi_spec_validator(client, openapi):
    assert openapi["openapi"].startswith("3.1.")
    validate_openapi(openapi)
    validate_openapi(get(client, "/openapi-3.2.json")[1])


def test_the_schemas_are_valid_json_schema_2020_12(server, client):
    for path in CONTRACT[1:]:
        _, schema = get(client, path)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema" and schema["$id"] == path
        Draft202012Validator.check_schema(schema)


def examples(node, path=()):
    """Every example in the description: (schema pointer, value) for parameters, media types and schemas."""
    if isinstance(node, dict):
        if "schema" in node and ("example" in node or "examples" in node):
            values = [node["example"]] if "example" in node else [e["value"] for e in node["examples"].values()]
            for value in values:
                yield pointer(*path, "schema"), value
        if "examples" in node and isinstance(node["examples"], list):
            for value in node["examples"]:
                yield pointer(*path), value
        for key, child in node.items():
            yield from examples(child, (*path, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from examples(child, (*path, index))


def test_every_example_validates_against_its_schema(openapi):
    found = list(examples(openapi))
    assert len(found) >= 10
    for fragment, value in found:
        assert not errors(validator(openapi, fragment), value), f"example at {fragment}: {value!r}"


def test_the_layout_components_are_the_layout_schema(openapi, layout_schema):
    """/schema/layout.json's root and $defs are the description's components, references rewritten."""
    text = json.dumps(layout_schema).replace('"#/$defs/', '"#/components/schemas/')
    served = json.loads(text)
    components = openapi["components"]["schemas"]
    root = {k: v for k, v in served.items() if k not in ("$schema", "$id", "$defs")}
    assert components["Layout"] == root
    for name, definition in served["$defs"].items():
        assert components[name] == definition, name


def test_openapi_describes_every_route_the_index_links(client, openapi):
    _, index = get(client, "/")
    _, layouts = get(client, "/layouts")
    assert set(openapi["paths"]) == set(index["links"].values())
    assert {"/openapi.json", "/openapi-3.2.json", "/schema/layout.json", "/schema/screen.json"} <= set(index["links"].values())
    for screen in layouts["screens"]:
        assert screen["link"] == "/layouts/" + screen["id"]
    for template in ["/layouts/{screen}", "/layouts/{screen}/frames", "/layouts/{screen}/snapshot.svg"]:
        names = [resolved(openapi, p)["name"] for p in openapi["paths"][template]["get"]["parameters"]]
        assert "variant" in names, template
    for template, item in openapi["paths"].items():
        assert item["get"]["responses"]["default"] == {"$ref": "#/components/responses/Problem"}, template


def documented_routes(path):
    """The route templates of a Markdown table's rows (`| `GET /a`, `GET /b` | ... |`)."""
    with open(os.path.join(os.path.dirname(__file__), "..", "..", path)) as f:
        rows = [line for line in f if line.startswith("| `GET /")]
    return {template.split("?")[0] for row in rows for template in re.findall(r"`GET (/[^`]*)`", row.split(" | ")[0])}


def test_the_route_tables_agree_with_the_description(openapi):
    """docs/http-api.md lists every route the description has, and nothing else; the README's
    table is a selection of them."""
    assert documented_routes("docs/http-api.md") == set(openapi["paths"])
    assert documented_routes("README.md") <= set(openapi["paths"])


def test_the_description_is_the_same_from_every_deployment(server, client, tmp_path):
    """Byte for byte, whatever screens --layouts adds and whether metrics are served."""
    screen = copy.deepcopy(MINIMAL_SCREEN)
    screen["id"] = "extra"
    (tmp_path / "extra.json").write_text(json.dumps(screen))
    reference = client.request("/openapi.json").body
    for flags in [("--no-metrics",), ("--layouts", str(tmp_path))]:
        other = RunningServer(*flags)
        other_client = other.client()
        try:
            assert other_client.request("/layouts/extra").status == (200 if "--layouts" in flags else 404)
            assert other_client.request("/openapi.json").body == reference, flags
        finally:
            other_client.close()
            assert other.stop() == 0


def test_the_32_description_differs_only_by_the_item_schema(client, openapi):
    _, described32 = get(client, "/openapi-3.2.json")
    assert described32["openapi"] == "3.2.0"
    streams = {"/loading-state/events", "/loading-state/{session}/events"}
    expected = copy.deepcopy(openapi)
    for template in streams:
        content = expected["paths"][template]["get"]["responses"]["200"]["content"]
        stream = content["text/event-stream"]
        content["text/event-stream"] = {"itemSchema": stream.pop("schema"), **stream}
    assert {**described32, "openapi": openapi["openapi"]} == expected


# MARK: The documents are true of the server

SCREEN_OPTIONS = list(itertools.product(["light", "dark"], ["full", "reduced"], ["ltr", "rtl"], ["false", "true"]))


def test_every_layout_document_validates_against_the_layout_schema(client, openapi, layout_schema):
    by_schema = Draft202012Validator(layout_schema, format_checker=FormatChecker())
    _, layouts = get(client, "/layouts")
    count = 0
    for screen in layouts["screens"]:
        for theme, motion, direction, expand in SCREEN_OPTIONS:
            # By its link without a variant too (the default variant's document), once per options.
            options = f"theme={theme}&motion={motion}&direction={direction}&expand={expand}"
            check_response(openapi, "/layouts/{screen}", client.request(f"/layouts/{screen['id']}?{options}"))
            for variant in screen["variants"]:
                response = client.request(f"{screen['link']}?variant={variant}&{options}")
                document = check_response(openapi, "/layouts/{screen}", response)
                assert not errors(by_schema, document), f"{screen['id']} {variant} {options}"
                count += 1
    assert count >= 6 * 16


def test_the_layout_schema_refuses_broken_documents(client, layout_schema):
    by_schema = Draft202012Validator(layout_schema, format_checker=FormatChecker())
    _, document = get(client, "/layouts/home")
    block = document["root"]
    while block["type"] != "block":
        block = block["child"] if "child" in block else block["children"][0]

    def broken(change):
        copied = copy.deepcopy(document)
        change(copied)
        return errors(by_schema, copied)

    def first_block(copied):
        node = copied["root"]
        while node["type"] != "block":
            node = node["child"] if "child" in node else node["children"][0]
        return node

    assert not broken(lambda d: d.update(colour="red")), "an unknown member is allowed: later versions may add members"
    assert not broken(lambda d: first_block(d).update(fill="teal")), "an unknown token is allowed: later versions may add tokens"
    assert broken(lambda d: first_block(d).update(height=-1))
    assert broken(lambda d: first_block(d).update(fill=7))
    assert broken(lambda d: first_block(d).pop("shape"))
    assert broken(lambda d: first_block(d).update(width="half"))
    assert broken(lambda d: first_block(d).update(type="sparkle"))
    assert broken(lambda d: d["palette"].update(base="#fff"))
    assert broken(lambda d: d["animation"]["shimmer"].update(kind="sparkle"))


BROKEN_FRAMES = {
    "a fill that is not #RRGGBBAA": lambda d: d["frames"][1].update(fill="#fff"),
    "a kind of frame that is not a string": lambda d: d["frames"][1].update(kind=3),
    "three radii": lambda d: d["frames"][1].update(radii=[20, 20, 20]),
    "a negative radius": lambda d: d["frames"][1].update(radii=[20, 20, 20, -1]),
    "a negative height": lambda d: d["frames"][1].update(height=-1),
    "a frame without its clip": lambda d: d["frames"][1].pop("clip"),
    "a clip without its height": lambda d: d["frames"][1]["clip"].pop("height"),
    "a negative shimmer group": lambda d: d["frames"][1].update(group=-1),
    "a viewport narrower than 120": lambda d: d.update(width=119),
    "units that are not pt": lambda d: d.update(units="px"),
    "formatVersion 0": lambda d: d.update(formatVersion=0),
    "no frames": lambda d: d.pop("frames"),
    "an element's place without its clip": lambda d: d["elements"][0].pop("clip"),
    "an element's place of negative width": lambda d: d["elements"][0].update(width=-1),
    "an element laid out alone named by a number": lambda d: d.update(element=3),
    "a shimmer group without its number": lambda d: d["groups"][0].pop("id"),
    "a paint without its end": lambda d: d["paints"][0].pop("end"),
    "a paint's stop past 1": lambda d: d["paints"][0]["stops"][0].update(location=1.5),
    "a paint without stops": lambda d: d["paints"][0].update(stops=[]),
    "an instant before the epoch": lambda d: d.update(at=-1),
}


def test_the_frames_schema_is_served_and_true_of_every_frames_document(client, openapi):
    """GET /schema/frames.json: a JSON Schema 2020-12 with its $id, cached by a strong ETag, the
    description's Frames components; every frames document the server lays out validates
    against it, and the home document broken in any one way does not."""
    response = client.request("/schema/frames.json")
    assert response.status == 200
    assert response.header("content-type") == "application/schema+json"
    etag = response.header("etag")
    assert re.fullmatch(r'"[0-9a-f]{16}"', etag), etag
    revalidated = client.request("/schema/frames.json", headers=[("If-None-Match", etag)])
    assert revalidated.status == 304 and revalidated.body == b"" and revalidated.header("etag") == etag
    assert client.request("/schema/frames.json", headers=[("If-None-Match", '"0000000000000000"')]).status == 200

    schema = json.loads(response.body)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "/schema/frames.json"
    Draft202012Validator.check_schema(schema)
    served = json.loads(json.dumps(schema).replace('"#/$defs/', '"#/components/schemas/'))
    components = openapi["components"]["schemas"]
    assert components["Frames"] == {k: v for k, v in served.items() if k not in ("$schema", "$id", "$defs")}
    assert sorted(served["$defs"]) == ["Frame", "FrameColor", "FramePoint", "FrameRect", "PlacedElement", "ShimmerGroup", "ShimmerPaint"]
    for name, definition in served["$defs"].items():
        assert components[name] == definition, name

    check = Draft202012Validator(schema, format_checker=FormatChecker())
    by_operation = validator(openapi, pointer("paths", "/layouts/{screen}/frames", "get", "responses", 200, "content", "application/json", "schema"))
    check_response(openapi, "/layouts/{screen}/frames", client.request("/layouts/home/frames?width=390"))
    _, layouts = get(client, "/layouts")
    count = 0
    for screen in layouts["screens"]:
        for variant, (theme, motion, direction), (width, height) in itertools.product(
                screen["variants"], itertools.product(["light", "dark"], ["full", "reduced"], ["ltr", "rtl"]),
                [(120, None), (390, None), (2048, None), (390, 200)]):
            query = f"variant={variant}&theme={theme}&motion={motion}&direction={direction}&width={width}" + (f"&height={height}" if height else "")
            query += f"&at={count * 350}" if count % 2 else ""  # every other document with the shimmer's paints
            framed = client.request(f"/layouts/{screen['id']}/frames?{query}")
            assert framed.status == 200, (screen["id"], query, framed)
            document = json.loads(framed.body)
            assert not errors(check, document), (screen["id"], query)
            assert not errors(by_operation, document), (screen["id"], query)
            assert (document["screen"], document["variant"], document["width"]) == (screen["id"], variant, width)
            count += 1
    assert count >= 6 * 32
    alone_by_operation = validator(openapi, pointer("paths", "/layouts/{screen}/elements/{element}/frames", "get", "responses", 200, "content", "application/json", "schema"))
    for screen in layouts["screens"]:
        for element in screen["elements"]:
            alone = json.loads(client.request(f"/layouts/{screen['id']}/elements/{element}/frames?width=320&direction=rtl&at=1700000000123").body)
            assert alone["element"] == element and alone["at"] == 1700000000123
            assert not errors(check, alone) and not errors(alone_by_operation, alone), (screen["id"], element)

    _, home = get(client, "/layouts/home/frames?width=390&at=350")
    assert home["frames"][1]["kind"] == "block" and home["frames"][1]["clip"] is not None and home["paints"]
    assert not errors(check, home)
    for name, change in BROKEN_FRAMES.items():
        broken = copy.deepcopy(home)
        change(broken)
        assert errors(check, broken), name


SCREENS_AND_SCENARIOS = list(itertools.product(["home", "insights", "inbox", "thread", "movies"], ["typical", "instant", "slow", "timeout", "error"]))


def test_states_and_timelines_validate_against_their_schemas(client, openapi):
    for screen, scenario in SCREENS_AND_SCENARIOS:
        timeline = check_response(openapi, "/loading-state/timeline", client.request(f"/loading-state/timeline?screen={screen}&scenario={scenario}&seed=3"))
        times = sorted({e.get("readyAtMs", e.get("failedAtMs")) for e in timeline["elements"]})
        for at in [0, *times, times[-1] + 1, 86400000]:
            state = check_response(openapi, "/loading-state", client.request(f"/loading-state?screen={screen}&scenario={scenario}&seed=3&at={at}"))
            assert state["session"] is None
        state = check_response(openapi, "/loading-state", client.request(f"/loading-state?screen={screen}&scenario={scenario}&speed=100"))
        polled = check_response(openapi, "/loading-state", client.request(f"/loading-state?session={state['session']}&wait=0"))
        assert polled["session"] == state["session"]


def parameter_checks(openapi, template):
    """The operation's parameters by name, each with a validator of its schema."""
    checks = {}
    for node in openapi["paths"][template]["get"]["parameters"]:
        name = node["$ref"].rsplit("/", 1)[1]
        checks[openapi["components"]["parameters"][name]["name"]] = validator(openapi, pointer("components", "parameters", name, "schema"))
    return checks


def test_every_request_form_is_its_own_operation_and_nothing_is_exclusive(client, openapi):
    """A new load, an instant and a session are three operations, each taking every combination
    of its own parameters; the older query forms are still answered but not described."""
    _, started = get(client, "/loading-state?screen=home&speed=100")
    session = started["session"]
    forms = {
        "/loading-state": (["scenario", "screen", "seed", "speed", "variant", "wait"],
                           [{"screen": "home"}, {"screen": "home", "variant": "fullscreen"}, {"screen": "movies", "scenario": "slow", "seed": 9007199254740991, "speed": "0.1"}, {"screen": "home", "wait": 0, "speed": "2"}]),
        "/loading-state/instant": (["at", "scenario", "screen", "seed", "variant"], [{"screen": "inbox", "at": 1200, "seed": 4}, {"screen": "home", "at": 0, "scenario": "error"}]),
        f"/loading-state/{{session}}": (["session", "wait"], [{}, {"wait": 30000}]),
    }
    for template, (names, accepted) in forms.items():
        checks = parameter_checks(openapi, template)
        assert sorted(checks) == names, template
        for given in accepted:
            for name, value in given.items():
                assert not errors(checks[name], value), (template, name, value)
            path = template.replace("{session}", session)
            response = client.request(path + ("?" + "&".join(f"{k}={v}" for k, v in given.items()) if given else ""))
            assert response.status == 200, (template, given, response)
            check_response(openapi, template, response)
    refused = [("/loading-state", "", 400), ("/loading-state", "scenario=slow", 400), ("/loading-state", "screen=home&speed=0.05", 400),
               ("/loading-state", "screen=home&wait=30001", 400), ("/loading-state/instant", "screen=home", 400),
               ("/loading-state/instant", "at=5", 400), ("/loading-state/instant", "screen=hom&at=5", 404)]
    for template, query, status in refused:
        response = client.request(f"{template}?{query}")
        assert response.status == status, (template, query, response)
        check_response(openapi, template, response)
    for undescribed in ["session", "at"]:
        assert undescribed not in parameter_checks(openapi, "/loading-state")
    older = [f"/loading-state?session={session}&wait=0", "/loading-state?screen=home&seed=7&at=1200"]
    for path in older:
        assert client.request(path).status == 200, path
    assert client.request(f"/loading-state?session={session}&seed=1").status == 400


def test_the_examples_of_an_operations_parameters_make_one_accepted_request(client, openapi):
    """Tools (schemathesis' examples phase, "try it out" pages) join an operation's parameter
    examples into one request, so together they must be one of the operation's forms. Left out:
    the event streams (they stream) and the data routes (their example fault resets the connection
    on purpose), and the learned proposal (a 200 needs --learn and a proposal: test_learn.py
    validates it). A session in a path is a load started for the test."""
    streams = {"/loading-state/events", "/loading-state/{session}/events", "/data/{screen}/{element}", "/loading-state/{session}/data/{element}",
               "/drift/{screen}/proposal"}
    _, started = get(client, "/loading-state?screen=home&speed=100")
    tried = []
    for template, item in openapi["paths"].items():
        operation = item.get("get")
        if operation is None or template in streams:
            continue
        path, query = template.replace("{session}", started["session"]), []
        for parameter in (resolved(openapi, node) for node in operation.get("parameters", [])):
            if "example" not in parameter:
                continue
            value = parameter["example"]
            if parameter["in"] == "path":
                path = path.replace("{" + parameter["name"] + "}", quote(str(value)))
            elif parameter["in"] == "query":
                query.append(f"{parameter['name']}={quote(str(value))}")
        target = path + ("?" + "&".join(query) if query else "")
        response = client.request(target)
        assert response.status == 200, (target, response.status, response.body[:200])
        check_response(openapi, template, response)
        tried.append((template, target))
    assert {template for template, _ in tried} == set(openapi["paths"]) - streams
    assert any(target.startswith("/loading-state?") and "wait=" in target for _, target in tried), tried


def test_other_documents_and_problems_validate_against_their_schemas(client, openapi):
    for template, path in [("/", "/"), ("/layouts", "/layouts"), ("/themes", "/themes"), ("/themes/{theme}", "/themes/light"),
                           ("/themes/{theme}", "/themes/dark"), ("/scenarios", "/scenarios"), ("/healthz", "/healthz"),
                           ("/readyz", "/readyz"), ("/openapi.json", "/openapi.json")]:
        assert client.request(path).status == 200
        check_response(openapi, template, client.request(path))
    problems = [
        ("/layouts/{screen}", "/layouts/hom", 404), ("/layouts/{screen}", "/layouts/%FF", 400), ("/layouts/{screen}", "/layouts/home?theme=sepia", 400),
        ("/layouts/{screen}", "/layouts/home?variant=wide", 404), ("/layouts/{screen}", "/layouts/home?expand=yes", 400),
        ("/themes/{theme}", "/themes/blue", 404), ("/scenarios", "/scenarios?x=%ZZ", 400),
        ("/loading-state", "/loading-state", 400), ("/loading-state", "/loading-state?screen=nope", 404),
        ("/loading-state", "/loading-state?session=abc.def", 400), ("/loading-state", "/loading-state?screen=home&seed=-1", 400),
        ("/loading-state/timeline", "/loading-state/timeline", 400), ("/loading-state/timeline", "/loading-state/timeline?screen=hom", 404),
        ("/loading-state/events", "/loading-state/events?screen=home&session=x", 400),
        ("/loading-state/{session}", "/loading-state/abc.def", 404), ("/loading-state/{session}/events", "/loading-state/abc.def/events", 404),
        ("/loading-state/{session}/data/{element}", "/loading-state/abc.def/data/accountsCarousel", 404),
        ("/layouts/{screen}", "/layouts/home/frame", 404), ("/healthz", "/healthz?x=%ZZ", 400),
    ]
    kinds = openapi["components"]["schemas"]["ProblemType"]["x-extensible-enum"]
    for template, path, status in problems:
        response = client.request(path)
        assert response.status == status, (path, response)
        problem = check_response(openapi, template, response)
        assert problem["status"] == status and problem["type"] in kinds, (path, problem)
    for method in ["POST", "DELETE"]:
        response = client.request("/layouts", method=method)
        assert response.status == 405
        assert check_response(openapi, "/layouts", response)["type"] == "/problems/method-not-allowed"


def read_stream(port, query):
    """The events of a stream that ends by itself: [(fields, raw data)] in order."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"GET /loading-state/events?{query} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    assert b"Transfer-Encoding: chunked" in head
    text = b""
    while True:
        size_line, body = body.split(b"\r\n", 1)
        size = int(size_line, 16)
        if size == 0:
            break
        text, body = text + body[:size], body[size + 2:]
    events = []
    for block in text.decode().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\n") if line and not line.startswith(":"))
        if fields:
            events.append(fields)
    return events


def test_every_event_of_a_stream_validates_against_its_schema(server, client, openapi):
    """Each event is an item of the stream's item schema (LoadingEvent, discriminated by event),
    and its data an instance of that event's contentSchema."""
    for template in ["/loading-state/events", "/loading-state/{session}/events"]:
        media = openapi["paths"][template]["get"]["responses"]["200"]["content"]["text/event-stream"]
        assert media["schema"] == {"$ref": "#/components/schemas/LoadingEvent"}, "before OpenAPI 3.2, an event stream's schema is each event's"
    union = openapi["components"]["schemas"]["LoadingEvent"]
    check = validator(openapi, pointer("components", "schemas", "LoadingEvent"))
    names = []
    for query in ["screen=movies&scenario=error&seed=2&speed=100", "screen=inbox&scenario=timeout&speed=100"]:
        for event in read_stream(server.port, query):
            assert not errors(check, event), event
            variant = union["discriminator"]["mapping"][event["event"]].rsplit("/", 1)[1]
            data_check = validator(openapi, pointer("components", "schemas", variant, "properties", "data", "contentSchema"))
            assert not errors(data_check, json.loads(event["data"])), event
            names.append(event["event"])
    assert names[0] == "snapshot" and names[-1] == "complete" and "element" in names


def test_a_screen_file_following_the_format_validates(client):
    _, schema = get(client, "/schema/screen.json")
    check = Draft202012Validator(schema, format_checker=FormatChecker())
    assert not errors(check, SAMPLE_SCREEN)
    assert not errors(check, MINIMAL_SCREEN)


BROKEN_SCREENS = {
    "unknown member on a node": lambda s: s["layouts"][0]["root"]["children"][0].update(colour="red"),
    "unknown member at the top": lambda s: s.update(version=1),
    "negative size": lambda s: s["layouts"][0]["root"]["children"][0].update(height=-4),
    "size past 10,000": lambda s: s["layouts"][0]["root"].update(spacing=10001),
    "bad palette token": lambda s: s["layouts"][0]["root"]["children"][0].update(fill="#FF0000FF"),
    "bad stop token": lambda s: s["animation"]["reducedShimmer"]["stops"][0].update(token="grey"),
    "a block's member on a stack": lambda s: s["layouts"][0]["root"].update(height=20),
    "a block without height": lambda s: s["layouts"][0]["root"]["children"][0].pop("height"),
    "a static shimmer with a duration": lambda s: s["animation"]["reducedShimmer"].update(durationMs=100),
    "a gradient without end": lambda s: s["animation"]["shimmer"].pop("end"),
    "no preset and no transition": lambda s: (s["animation"].pop("preset"), s["animation"].pop("transition")),
    "first layout not default": lambda s: s["layouts"][0].update(variant="compact"),
    "bad screen id": lambda s: s.update(id="-home"),
    "repeat count past 100": lambda s: s["layouts"][0]["root"]["children"][2].update(count=101),
    "ms not an integer": lambda s: s["stages"][0]["readyMs"].update(max=80.5),
    "unknown scenario range": lambda s: s["stages"][0]["scenarios"].update(typical={"min": 0, "max": 1}),
    "no stages": lambda s: s.update(stages=[]),
    "title too long": lambda s: s.update(title="x" * 4097),
    "content not an object": lambda s: s["layouts"][0]["elements"][1].update(content=[{"title": "Hello"}]),
}


@pytest.mark.parametrize("name", BROKEN_SCREENS)
def test_broken_screen_files_do_not_validate(client, name):
    _, schema = get(client, "/schema/screen.json")
    broken = copy.deepcopy(SAMPLE_SCREEN)
    BROKEN_SCREENS[name](broken)
    assert errors(Draft202012Validator(schema, format_checker=FormatChecker()), broken)


def test_contract_documents_have_a_strong_etag_and_answer_304(client):
    for path in CONTRACT:
        response = client.request(path)
        assert response.status == 200
        etag = response.header("etag")
        assert re.fullmatch(r'"[0-9a-f]{16}"', etag)
        assert response.header("cache-control") == "public, max-age=60"
        assert response.header("content-type") == ("application/json" if path == "/openapi.json" else "application/schema+json")
        for condition in [etag, f"W/{etag}", f'"0000000000000000", {etag}', "*"]:
            revalidated = client.request(path, headers=[("If-None-Match", condition)])
            assert revalidated.status == 304 and revalidated.body == b"", condition
            assert revalidated.header("etag") == etag and revalidated.header("cache-control") == "public, max-age=60"
        assert client.request(path, headers=[("If-None-Match", '"0000000000000000"')]).status == 200
        head = client.request(path, method="HEAD")
        assert head.status == 200 and head.body == b"" and head.header("etag") == etag
        assert head.header("content-length") == str(len(response.body))


SAMPLE_SCREEN = {
    "$schema": "http://127.0.0.1:8080/schema/screen.json",
    "id": "profile",
    "title": "Profile",
    "source": "ProfileView (sample app)",
    "assumptions": ["the avatar size is a guess"],
    "animation": {
        "preset": "chat",
        "shimmer": {
            "kind": "gradient", "application": "fill",
            "stops": [{"token": "gray5", "opacity": 0.3, "location": 0}, {"token": "gray4", "opacity": 0.5, "location": 0.5},
                      {"token": "gray5", "opacity": 0.3, "location": 1}],
            "start": {"from": {"x": -1, "y": 0.5}, "to": {"x": 1, "y": 0.5}},
            "end": {"from": {"x": 0, "y": 0.5}, "to": {"x": 2, "y": 0.5}},
            "durationMs": 1500, "curve": "linear", "autoreverses": False,
        },
        "reducedShimmer": {"kind": "static", "application": "fill", "stops": [{"token": "gray5", "location": 0}, {"token": "gray5", "location": 1}]},
        "transition": {"skeletonExit": {"opacity": 0, "scale": 0.98}, "contentEnter": {"opacity": 0, "scale": 1.02},
                       "curve": {"type": "spring", "responseMs": 400, "dampingFraction": 0.825}},
        "minimumDisplayMs": 250, "showDelayMs": 50, "timeoutMs": 8000, "maxConcurrentShimmers": 4,
    },
    "stages": [
        {"id": "header", "title": "name and avatar ready", "readyMs": {"min": 30, "max": 80},
         "scenarios": {"instant": {"min": 0, "max": 20}, "slow": {"min": 120, "max": 320}}},
        {"id": "posts", "title": "posts ready", "readyMs": {"min": 100, "max": 900}, "after": "header"},
    ],
    "layouts": [
        {"variant": "default",
         "elements": [{"id": "avatar", "stage": "header", "accessibilityLabel": "Loading profile"},
                      {"id": "posts", "stage": "posts", "accessibilityLabel": "Loading posts",
                       "content": {"posts": [{"title": "Hello", "likes": 3}], "more": None}}],
         "root": {"type": "stack", "spacing": 12, "alignment": "leading", "padding": {"top": 16, "leading": 16},
                  "children": [
                      {"type": "block", "id": "avatar", "width": 64, "height": 64, "cornerRadius": 32, "shape": "circle", "fill": "gray5", "shimmer": True},
                      {"type": "text", "lines": 3, "lineHeight": 14, "lineSpacing": 6, "lastLineFraction": 0.6},
                      {"type": "repeat", "count": 4, "child": {
                          "type": "stack", "axis": "horizontal", "children": [
                              {"type": "block", "width": "fill", "height": 40, "corners": ["topLeading", "topTrailing"], "cornerRadius": 8},
                              {"type": "spacer"}]}},
                      {"type": "divider", "opacity": 0.3, "thickness": 0.5},
                      {"type": "scroll", "id": "posts", "axis": "horizontal", "scrollEnabled": False, "maxWidth": "fill",
                       "background": "card", "clip": True, "minHeight": 72,
                       "child": {"type": "stack", "axis": "horizontal", "spacing": 8, "children": [{"type": "block", "width": 120, "height": 90}]}},
                  ]},
         "assumptions": []},
        {"variant": "compact",
         "elements": [{"id": "avatar", "stage": "header", "accessibilityLabel": "Loading profile"}],
         "root": {"type": "block", "id": "avatar", "height": 40}},
    ],
}

MINIMAL_SCREEN = {
    "id": "x",
    "title": "X",
    "animation": {"preset": "movies"},
    "stages": [{"id": "all", "title": "everything", "readyMs": {"min": 0, "max": 0}}],
    "layouts": [{"variant": "default", "elements": [{"id": "all", "stage": "all", "accessibilityLabel": "Loading"}],
                 "root": {"type": "block", "id": "all", "height": 10}}],
}


# The schema of each built-in element's content: the $defs of /schema/content.json.
CONTENT_SCHEMAS = {
    ("home", "accountsCarousel"): "HomeAccountsCarouselContent",
    ("home", "transactionsSummary"): "HomeTransactionsSummaryContent",
    ("home", "subscriptions"): "HomeSubscriptionsContent",
    ("home", "categories"): "HomeCategoriesContent",
    ("home", "homeSkeleton"): "HomeSkeletonContent",
    ("insights", "summaryHeader"): "InsightsSummaryHeaderContent",
    ("insights", "filterCarousel"): "InsightsFilterCarouselContent",
    ("insights", "sectionHeader"): "InsightsSectionHeaderContent",
    ("insights", "insightCards"): "InsightsInsightCardsContent",
    ("inbox", "conversationList"): "InboxConversationListContent",
    ("thread", "messages"): "ThreadMessagesContent",
    ("movies", "hero"): "MoviesHeroContent",
    ("movies", "popular"): "MoviesPopularContent",
    ("movies", "compactList"): "MoviesCompactListContent",
    **{("movies", f"poster[{i}]"): "MoviesPosterContent" for i in range(6)},
}


def content_validator(schema, name):
    """Validates against the definition `name` of the content schema, its references resolved in it."""
    return Draft202012Validator({**{k: schema[k] for k in ("$schema", "$id", "$defs")}, "$ref": f"#/$defs/{name}"},
                                format_checker=FormatChecker())


def test_the_content_schema_is_the_element_data_component_and_its_definitions(client, openapi):
    """/schema/content.json's root is the description's ElementData and its $defs its components;
    ElementData's content names the schema of every built-in element's content, and no schema
    closes an object to members added later."""
    _, schema = get(client, "/schema/content.json")
    served = json.loads(json.dumps(schema).replace('"#/$defs/', '"#/components/schemas/'))
    components = openapi["components"]["schemas"]
    element_data = components["ElementData"]
    assert element_data == {k: v for k, v in served.items() if k not in ("$schema", "$id", "$defs")}
    assert sorted(element_data["required"]) == ["content", "element", "formatVersion", "screen", "seed", "stage"]
    assert element_data["properties"]["content"]["type"] == "object"
    for name, definition in served["$defs"].items():
        assert components[name] == definition, name
    assert set(CONTENT_SCHEMAS.values()) <= set(served["$defs"])
    for name in set(CONTENT_SCHEMAS.values()):
        assert f" {name}" in element_data["properties"]["content"]["description"], name
    assert "ElementContent" not in components
    assert '"additionalProperties": false' not in json.dumps(schema)


def test_every_built_in_elements_data_is_an_element_data_envelope_of_its_content_schema(client, openapi):
    """Every element of every layout of every built-in screen (home's fullscreen variant
    included), at three seeds: its envelope an ElementData of the description, with the stage its
    layout binds it to, and its content an instance of its $defs entry in /schema/content.json."""
    _, schema = get(client, "/schema/content.json")
    by_element = validator(openapi, pointer("components", "schemas", "ElementData"))
    _, layouts = get(client, "/layouts")
    elements = {}
    for screen in layouts["screens"]:
        for variant in screen["variants"]:
            for element in get(client, f"/layouts/{screen['id']}?variant={variant}")[1]["elements"]:
                elements[(screen["id"], element["id"])] = (variant, element["stage"])
    assert set(elements) == set(CONTENT_SCHEMAS), "every built-in element, and nothing else, has a content schema"
    assert ("home", "homeSkeleton") in elements
    count = 0
    for (screen, element), (variant, stage) in elements.items():
        check = content_validator(schema, CONTENT_SCHEMAS[(screen, element)])
        for seed in [0, 7, 2**53 - 1]:
            response = client.request(f"/data/{screen}/{quote(element)}?variant={variant}&scenario=instant&seed={seed}&speed=100")
            assert response.status == 200 and response.header("content-type") == "application/json", (screen, element, seed)
            document = json.loads(response.body)
            assert not errors(by_element, document), (screen, element, seed, errors(by_element, document))
            assert (document["screen"], document["element"], document["stage"], document["seed"]) == (screen, element, stage, seed)
            assert not errors(check, document["content"]), (screen, element, seed, errors(check, document["content"]))
            count += 1
    assert count == 3 * 20


def test_the_content_schemas_refuse_content_of_another_shape(client):
    """The per-element schemas are not vacuous: a member missing, of another type, or a date in
    another form is refused."""
    _, schema = get(client, "/schema/content.json")
    def check(name):
        return content_validator(schema, name)
    accounts = json.loads(client.request("/data/home/accountsCarousel?scenario=instant&seed=1&speed=100").body)["content"]
    assert not errors(check("HomeAccountsCarouselContent"), accounts)
    broken = [copy.deepcopy(accounts) for _ in range(3)]
    broken[0]["accounts"][0].pop("balance")
    broken[1]["accounts"][1]["balance"] = "12.50"
    broken[2]["accounts"][2]["currency"] = "usd"
    for content in broken:
        assert errors(check("HomeAccountsCarouselContent"), content), content
    transactions = json.loads(client.request("/data/home/transactionsSummary?scenario=instant&seed=1&speed=100").body)["content"]
    transactions["recent"][0]["date"] = "14/03/2026"
    assert errors(check("HomeTransactionsSummaryContent"), transactions)
    assert errors(check("MoviesPosterContent"), {"title": "T", "mediaType": "image/svg+xml", "width": 135, "height": 178})
    assert not errors(check("MoviesHeroContent"), {"title": "T", "subtitle": "S", "genre": "G", "year": 2024, "rating": 7.5, "cast": []})


def test_data_preview_and_renderer_answers_are_the_declared_ones(client, openapi):
    """GET /data is left out of schemathesis (held requests, deliberate faults); its answers are checked here."""
    template = "/data/{screen}/{element}"
    fast = "scenario=instant&seed=3"
    ready = client.request(f"/data/home/accountsCarousel?{fast}")
    check_response(openapi, template, ready)
    check_response(openapi, template, client.request(f"/data/movies/poster%5B1%5D?{fast}"))
    check_response(openapi, template, client.request(f"/data/home/accountsCarousel?{fast}", headers=[("If-None-Match", ready.header("etag"))]))
    check_response(openapi, template, client.request("/data/home/nope"))
    check_response(openapi, template, client.request("/data/home/categories?fault=melt"))
    check_response(openapi, template, client.request("/data/home/categories?session=abc"))
    timeline = get(client, "/loading-state/timeline?screen=inbox&scenario=timeout")[1]
    assert timeline["elements"][0]["status"] == "failed"
    timed_out = client.request("/data/inbox/conversationList?scenario=timeout&speed=100")
    assert timed_out.status == 504
    check_response(openapi, template, timed_out)
    for seed in range(30):
        if any(e["status"] == "failed" for e in get(client, f"/loading-state/timeline?screen=thread&scenario=error&seed={seed}")[1]["elements"]):
            failed = client.request(f"/data/thread/messages?scenario=error&seed={seed}&speed=100")
            assert failed.status == 503
            check_response(openapi, template, failed)
            break
    else:
        raise AssertionError("no seed below 30 fails thread's stage")
    check_response(openapi, "/preview/{screen}", client.request("/preview/home"))
    check_response(openapi, "/preview/{screen}", client.request("/preview/nope"))
    check_response(openapi, "/renderer.js", client.request("/renderer.js"))
    check_response(openapi, "/renderer.d.ts", client.request("/renderer.d.ts"))


def validate_dir(directory):
    result = subprocess.run([BINARY, "validate", str(directory)], capture_output=True, timeout=30)
    return result.returncode, result.stdout.decode()


def test_the_schema_and_the_loader_agree_on_valid_files(client, tmp_path):
    """The exported built-ins, the example screen and the sample above: valid for both."""
    _, schema = get(client, "/schema/screen.json")
    check = Draft202012Validator(schema, format_checker=FormatChecker())
    subprocess.run([BINARY, "export", str(tmp_path)], check=True, capture_output=True)
    example = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "examples", "screens", "profile.json")
    files = [json.load(open(tmp_path / name)) for name in sorted(os.listdir(tmp_path))] + [json.load(open(example)), SAMPLE_SCREEN, MINIMAL_SCREEN]
    for index, screen in enumerate(files[5:]):
        screen = dict(screen, id=f"extra{index}")
        json.dump(screen, open(tmp_path / f"extra{index}.json", "w"))
    for screen in files:
        assert not errors(check, screen), screen["id"]
    status, output = validate_dir(tmp_path)
    assert status == 0, output


@pytest.mark.parametrize("name", BROKEN_SCREENS)
def test_the_loader_refuses_what_the_schema_refuses(tmp_path, name):
    broken = copy.deepcopy(SAMPLE_SCREEN)
    BROKEN_SCREENS[name](broken)
    json.dump(broken, open(tmp_path / "broken.json", "w"))
    status, output = validate_dir(tmp_path)
    assert status == 1 and output.startswith(f"{tmp_path}/broken.json"), output
