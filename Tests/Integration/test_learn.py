"""--learn over the wire (docs/http-api.md, "Learning"; docs/operations.md): a drift report's proposal
that fails validation, one from a peer --learn does not admit, and one at a true score each change
nothing; a good one is served by GET /drift/{screen}/proposal as a screen file that the JSON Schema
of /schema/screen.json accepts, and with --layouts DIR it replaces DIR's file atomically (the
previous one kept), the served version changes at once and `skeleton-server validate DIR` passes."""
import json
import os
import socket
import subprocess

import pytest
from jsonschema import Draft202012Validator

from conftest import RunningServer
from launcher import BINARY
from test_drift import drift, layout, post, report

PROPOSAL = {"type": "stack", "axis": "vertical", "spacing": 8,
            "children": [{"type": "text", "lines": 3, "lineHeight": 20}, {"type": "block", "height": 120, "cornerRadius": 12}]}

# An apply writes and fsyncs the screen file before it answers, and the server's exit waits for
# it: on a machine whose disk is busy (builds beside the suite) that may take seconds, so the
# tests that apply bound a hang with this, not a duration.
FILE_WRITE_TIMEOUT = 60.0


def learned(document, element, proposal=PROPOSAL, score=0.61, width=390):
    return report(document, element, score=score, width=width, proposal=proposal)


def proposal_file(client, screen="home"):
    response = client.request(f"/drift/{screen}/proposal")
    return response, (json.loads(response.body) if response.status == 200 else None)


def problem(response, status, kind):
    assert response.status == status, response
    assert response.header("content-type") == "application/problem+json"
    body = json.loads(response.body)
    assert body["type"] == f"/problems/{kind}", body
    return body


def nodes_with_id(node, element):
    found = [node] if node.get("id") == element else []
    for child in node.get("children", []) + ([node["child"]] if "child" in node else []):
        found += nodes_with_id(child, element)
    return found


def screen_schema(client):
    return Draft202012Validator(json.loads(client.request("/schema/screen.json").body))


def exported(tmp_path):
    """DIR with the built-in home screen as a file, and that file's bytes."""
    directory = tmp_path / "layouts"
    everything = tmp_path / "export"
    subprocess.run([BINARY, "export", str(everything)], check=True, capture_output=True)
    directory.mkdir()
    original = (everything / "home.json").read_bytes()
    (directory / "home.json").write_bytes(original)
    return directory, original


@pytest.fixture(scope="module")
def learning():
    running = RunningServer("--learn")
    yield running
    assert running.stop() == 0


def test_drift_says_whether_the_server_learns(learning, server):
    assert drift(learning.client())["learns"] is True
    assert drift(server.client())["learns"] is False


def test_a_proposal_that_fails_validation_gets_its_problem_and_changes_nothing(learning):
    client = learning.client()
    document = layout(client, "insights")
    element = document["elements"][0]["id"]
    before = drift(client)
    bad = {"type": "stack", "children": [{"type": "text", "lines": 0, "lineHeight": 20}]}
    body = problem(post(client, learned(document, element, proposal=bad)), 400, "bad-report")
    assert body["field"] == "proposal"
    assert any(line.startswith("/proposal/children/0/lines") for line in body["problems"]), body
    # An id of another element inside it would put that element on two nodes: the screen file's rule.
    other = document["elements"][1]["id"]
    body = problem(post(client, learned(document, element, proposal={"type": "stack", "children": [{"type": "block", "height": 10, "id": other}]})), 400, "bad-report")
    assert body["field"] == "proposal"
    assert drift(client) == before
    problem(proposal_file(client, "insights")[0], 404, "no-proposal")
    assert layout(client, "insights")["version"] == document["version"]


def test_a_proposal_at_a_true_score_is_counted_not_learned(learning):
    client = learning.client()
    document = layout(client, "thread")
    element = document["elements"][0]["id"]
    assert post(client, learned(document, element, score=0.99)).status == 204
    assert [e["reports"] for e in drift(client)["elements"] if e["screen"] == "thread" and e["element"] == element] == [1]
    problem(proposal_file(client, "thread")[0], 404, "no-proposal")


def test_a_good_proposal_is_served_as_a_valid_screen_file(learning):
    client = learning.client()
    document = layout(client, "home")
    element = "subscriptions"
    assert post(client, learned(document, element)).status == 204
    response, file = proposal_file(client)
    assert response.status == 200
    assert response.header("content-type") == "application/json"
    assert not list(screen_schema(client).iter_errors(file))
    for variant in file["layouts"][:1]:
        [node] = nodes_with_id(variant["root"], element)
        # The proposal, its id set, the file node's fluid width kept (maxWidth fill, no width).
        assert {k: v for k, v in node.items() if k not in ("id", "maxWidth")} == PROPOSAL
        assert node["maxWidth"] == "fill" and "width" not in node
    # Without --layouts nothing is applied: the served version is the same.
    assert layout(client, "home")["version"] == document["version"]
    problem(client.request("/drift/nowhere/proposal"), 404, "unknown-screen")


def test_without_learn_there_is_no_proposal(server):
    problem(server.client().request("/drift/home/proposal"), 404, "no-proposal")


def non_loopback_address():
    try:
        addresses = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    for address in addresses:
        if ":" not in address and not address.startswith("127."):
            try:
                with socket.socket() as probe:
                    probe.bind((address, 0))
                return address
            except OSError:
                continue
    return None


def test_a_proposal_from_a_peer_learn_does_not_admit_is_forbidden_and_changes_nothing():
    address = non_loopback_address()
    if address is None:
        pytest.skip("this machine has no non-loopback IPv4 address to bind and connect from")
    running = RunningServer("--learn", "--host", address)
    try:
        client = running.client()
        document = layout(client, "home")
        before = drift(client)
        body = problem(post(client, learned(document, "categories")), 403, "learn-forbidden")
        assert body["field"] == "proposal"
        assert body["allowed"] == ["127.0.0.0/8", "::1/128"]
        assert drift(client) == before
        problem(proposal_file(client)[0], 404, "no-proposal")
    finally:
        assert running.stop() == 0
    widened = RunningServer("--learn", "--learn-from", f"{address}/32", "--host", address)
    try:
        client = widened.client()
        assert post(client, learned(layout(client, "home"), "categories")).status == 204
        assert proposal_file(client)[0].status == 200
    finally:
        assert widened.stop() == 0


def test_with_layouts_a_proposal_replaces_the_file_atomically_and_the_version_at_once(tmp_path):
    directory, original = exported(tmp_path)
    running = RunningServer("--learn", "--layouts", str(directory))
    try:
        client = running.client(timeout=FILE_WRITE_TIMEOUT)
        document = layout(client, "home")
        assert post(client, learned(document, "categories")).status == 204
        after = layout(client, "home")
        assert after["version"] != document["version"]
        file = json.loads((directory / "home.json").read_bytes())
        assert not list(screen_schema(client).iter_errors(file))
        [node] = nodes_with_id(file["layouts"][0]["root"], "categories")
        assert node["children"] == PROPOSAL["children"]
        assert (directory / "home.json.previous").read_bytes() == original
        assert sorted(os.listdir(directory)) == ["home.json", "home.json.previous"]
        assert subprocess.run([BINARY, "validate", str(directory)], capture_output=True).returncode == 0
        # The served proposal file is the file in DIR.
        assert proposal_file(client)[1] == file
        # A page loaded before the apply reports its other elements at the old version: learned too.
        assert post(client, learned(document, "subscriptions")).status == 204
        assert layout(client, "home")["version"] not in (document["version"], after["version"])
        assert json.loads((directory / "home.json.previous").read_bytes()) == file
    finally:
        assert running.stop(timeout=FILE_WRITE_TIMEOUT) == 0


def test_a_fixed_node_stays_fixed_until_reported_at_two_widths(tmp_path):
    directory, _ = exported(tmp_path)
    file = json.loads((directory / "home.json").read_bytes())
    [node] = nodes_with_id(file["layouts"][0]["root"], "transactionsSummary")
    node.pop("maxWidth", None)
    node["width"] = {"kind": "points", "points": 300}
    (directory / "home.json").write_text(json.dumps(file))
    running = RunningServer("--learn", "--layouts", str(directory))
    try:
        client = running.client(timeout=FILE_WRITE_TIMEOUT)
        assert post(client, learned(layout(client, "home"), "transactionsSummary", width=300)).status == 204
        [node] = nodes_with_id(json.loads((directory / "home.json").read_bytes())["layouts"][0]["root"], "transactionsSummary")
        assert node["width"] == {"kind": "points", "points": 300}
        assert post(client, learned(layout(client, "home"), "transactionsSummary", width=390)).status == 204
        [node] = nodes_with_id(json.loads((directory / "home.json").read_bytes())["layouts"][0]["root"], "transactionsSummary")
        assert node["width"] == "fill"
    finally:
        assert running.stop(timeout=FILE_WRITE_TIMEOUT) == 0
