"""POST /drift and GET /drift over the wire (docs/http-api.md, "Drift"): every malformed report gets its
own problem and changes nothing; accepted reports are counted, and GET /drift's p10 and median and
/metrics' skeleton_drift_score histogram agree with Python's own computation of the same scores."""
import json
import re
import statistics
from datetime import datetime

import jsonschema
import pytest

from conftest import RunningServer

BUCKETS = [0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 1]


def post(client, body, content_type="application/json", extra=()):
    if isinstance(body, (dict, list)):
        body = json.dumps(body, separators=(",", ":"))
    if isinstance(body, str):
        body = body.encode()
    head = ["POST /drift HTTP/1.1", "Host: test", f"Content-Length: {len(body)}", *extra]
    if content_type is not None:
        head.append(f"Content-Type: {content_type}")
    client.send(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    return client.response("POST")


def layout(client, screen="home"):
    response = client.request(f"/layouts/{screen}")
    assert response.status == 200
    return json.loads(response.body)


def report(document, element=None, score=0.97, width=390, **changes):
    body = {"screen": document["screen"], "version": document["version"], "element": element or document["elements"][0]["id"],
            "width": width, "score": score, "skeletonHeight": 212, "contentHeight": 220,
            "shapes": [{"skeleton": 0, "content": 0, "iou": 0.9731}, {"skeleton": 1, "content": None, "iou": 0},
                       {"skeleton": None, "content": 1, "iou": 0}]}
    body.update(changes)
    return body


def drift(client):
    response = client.request("/drift")
    assert response.status == 200
    assert response.header("content-type") == "application/json"
    return json.loads(response.body)


def drift_metrics(client):
    text = client.request("/metrics").body.decode()
    return sorted(line for line in text.splitlines() if line.startswith("skeleton_drift_score"))


@pytest.fixture(scope="module")
def drift_server():
    running = RunningServer()
    yield running
    assert running.stop() == 0


def test_accepted_reports_are_counted_with_python_quantiles_and_histogram(drift_server):
    client = drift_server.client()
    document = layout(client, "inbox")
    element = document["elements"][-1]["id"]
    scores = [0.97, 0.42, 0.999, 0.85, 0.91, 1.0, 0.7, 0.955, 0.5, 0.66, 0.981]
    widths = [390, 390.5, 768, 390]
    for index, score in enumerate(scores):
        response = post(client, report(document, element, score=score, width=widths[index % len(widths)]))
        assert response.status == 204, response
        assert response.body == b""
    entries = [e for e in drift(client)["elements"] if e["screen"] == "inbox" and e["element"] == element]
    assert len(entries) == 1
    entry = entries[0]
    assert entry["reports"] == len(scores)
    assert entry["median"] == round(statistics.median(scores), 4)
    assert entry["p10"] == round(statistics.quantiles(scores, n=10, method="inclusive")[0], 4)
    assert entry["widths"] == sorted(set(widths))
    assert datetime.fromisoformat(entry["lastReportAt"].replace("Z", "+00:00")).tzinfo is not None
    labels = f'{{screen="inbox",element="{element}"'
    lines = [line for line in drift_metrics(client) if labels in line]
    for bound in BUCKETS:
        le = "1" if bound == 1 else str(bound)
        expected = sum(1 for s in scores if s <= bound)
        assert f'skeleton_drift_score_bucket{labels},le="{le}"}} {expected}' in lines, (bound, lines)
    assert f'skeleton_drift_score_bucket{labels},le="+Inf"}} {len(scores)}' in lines
    assert f"skeleton_drift_score_count{labels}}} {len(scores)}" in lines
    summed = [float(line.split()[-1]) for line in lines if line.startswith("skeleton_drift_score_sum")]
    assert summed == [pytest.approx(sum(scores))]
    client.close()


def test_says_it_is_one_replicas_view(drift_server):
    client = drift_server.client()
    body = drift(client)
    assert body["formatVersion"] == 2
    assert "replica" in body["replica"] and "each replica counts its own" in body["replica"]
    client.close()


# Each malformed report: what it changes from a good one, and the status, problem type and field expected.
def _too_many_bytes(document):
    return json.dumps(report(document, shapes=[{"skeleton": i, "content": i, "iou": 0.5} for i in range(120)]))


MALFORMED = {
    "bad JSON": (lambda d: '{"screen": "home",', 400, "bad-report", None),
    "not an object": (lambda d: "[1, 2]", 400, "bad-report", None),
    "duplicate member": (lambda d: json.dumps(report(d))[:-1] + ', "score": 0.5}', 400, "bad-report", None),
    "width is a string": (lambda d: report(d, width="390"), 400, "bad-report", "width"),
    "width is zero": (lambda d: report(d, width=0), 400, "bad-report", "width"),
    "score above 1": (lambda d: report(d, score=1.5), 400, "bad-report", "score"),
    "negative height": (lambda d: report(d, contentHeight=-1), 400, "bad-report", "contentHeight"),
    "element missing": (lambda d: {k: v for k, v in report(d).items() if k != "element"}, 400, "bad-report", "element"),
    "unknown member (a URL)": (lambda d: report(d, url="https://example.com/"), 400, "bad-report", "url"),
    "shapes not an array": (lambda d: report(d, shapes={}), 400, "bad-report", "shapes"),
    "shape iou a string": (lambda d: report(d, shapes=[{"skeleton": 0, "content": 0, "iou": "1"}]), 400, "bad-report", "shapes[0].iou"),
    "shape index not whole": (lambda d: report(d, shapes=[{"skeleton": 0.5, "content": 0, "iou": 0}]), 400, "bad-report", "shapes[0].skeleton"),
    "shape with text": (lambda d: report(d, shapes=[{"skeleton": 0, "content": 0, "iou": 0, "text": "hi"}]), 400, "bad-report", "shapes[0].text"),
    "proposal without --learn": (lambda d: report(d, proposal={"id": "x", "kind": "block"}), 400, "bad-report", "proposal"),
    "larger than 4 KiB": (_too_many_bytes, 413, "content-too-large", None),
    "larger than 4 KiB of an unknown element": (lambda d: json.dumps(dict(json.loads(_too_many_bytes(d)), element="nope")), 404, "unknown-element", None),
    "larger than 4 KiB and a bad field": (lambda d: json.dumps(dict(json.loads(_too_many_bytes(d)), width="wide")), 400, "bad-report", "width"),
    "unknown screen": (lambda d: report(d, screen="nope"), 404, "unknown-screen", None),
    "unknown element": (lambda d: report(d, element="nope"), 404, "unknown-element", None),
    "stale version": (lambda d: report(d, version="0123456789abcdef"), 404, "stale-version", None),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_report_gets_its_problem_and_changes_nothing(drift_server, case):
    client = drift_server.client()
    document = layout(client)
    make, status, kind, field = MALFORMED[case]
    body = make(document)
    before = (drift(client), drift_metrics(client))
    response = post(client, body)
    assert response.status == status, response
    assert response.header("content-type") == "application/problem+json"
    problem = json.loads(response.body)
    assert problem["type"].endswith(f"/problems/{kind}")
    assert problem["status"] == status
    if field is not None:
        assert problem["field"] == field
        assert f"'{field}'" in problem["detail"]
    if status == 400:
        assert problem["allowed"]
    if kind == "stale-version":
        assert problem["current"] == document["version"]
        assert document["version"] in problem["detail"]
    if kind in ("unknown-screen", "unknown-element"):
        assert problem["allowed"]
    assert (drift(client), drift_metrics(client)) == before
    client.close()


@pytest.mark.parametrize("content_type", ["text/plain", None, "application/x-www-form-urlencoded"])
def test_wrong_media_type_is_415_and_changes_nothing(drift_server, content_type):
    client = drift_server.client()
    before = (drift(client), drift_metrics(client))
    response = post(client, report(layout(client)), content_type=content_type)
    assert response.status == 415
    problem = json.loads(response.body)
    assert problem["type"].endswith("/problems/unsupported-media-type")
    assert problem["allowed"] == ["application/json"]
    assert (drift(client), drift_metrics(client)) == before
    client.close()


def test_media_type_parameters_and_case_and_chunked_bodies_are_accepted(drift_server):
    client = drift_server.client()
    document = layout(client, "thread")
    element = document["elements"][0]["id"]
    assert post(client, report(document, element), content_type="Application/JSON; charset=utf-8").status == 204
    body = json.dumps(report(document, element)).encode()
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
    client.send(b"POST /drift HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked)
    assert client.response("POST").status == 204
    entry = next(e for e in drift(client)["elements"] if e["screen"] == "thread" and e["element"] == element)
    assert entry["reports"] == 2
    client.close()


def test_beacon_cors_preflight_and_response(drift_server):
    client = drift_server.client()
    preflight = client.request("/drift", method="OPTIONS", headers=[("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST"),
                                                                    ("Access-Control-Request-Headers", "content-type")])
    assert preflight.status == 204
    assert "POST" in preflight.header("access-control-allow-methods").split(", ")
    assert preflight.header("access-control-allow-headers") == "content-type"
    response = post(client, report(layout(client)), extra=["Origin: https://app.example"])
    assert response.status == 204
    assert response.header("access-control-allow-origin") == "*"
    client.close()


def test_schema_is_served_and_agrees_with_the_server(drift_server):
    """The served schema accepts a good report and rejects every malformed body the server answers
    400 for that JSON Schema can express (not duplicates or syntax)."""
    client = drift_server.client()
    response = client.request("/schema/drift-report.json")
    assert response.status == 200
    schema = json.loads(response.body)
    document = layout(client)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid(report(document))
    for name, (make, status, _, field) in MALFORMED.items():
        body = make(document)
        if status == 400 and field not in (None, "proposal"):
            assert not validator.is_valid(body), name
    client.close()


def test_openapi_describes_both_operations(drift_server):
    client = drift_server.client()
    paths = json.loads(client.request("/openapi.json").body)["paths"]
    assert set(paths["/drift"]) == {"get", "post"}
    post_operation = paths["/drift"]["post"]
    assert post_operation["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/DriftReport"}
    assert {"204", "400", "404", "413", "415"} <= set(post_operation["responses"])
    assert re.fullmatch(r"getDrift", paths["/drift"]["get"]["operationId"])
    client.close()
