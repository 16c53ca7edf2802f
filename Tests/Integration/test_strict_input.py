"""Input that is malformed is refused by name, never silently read as absent or as something else
(issue 9's defects): query encoding, path segments, Host, event-stream resumption, the command line."""
import json

import pytest

from conftest import raw_exchange

PROBLEM = "application/problem+json"


def problem(response, status):
    assert response.status == status, response
    assert response.header("content-type") == PROBLEM
    return json.loads(response.body)


@pytest.mark.parametrize("target, parameter", [
    ("/layouts/home?theme=%zz", "theme"),
    ("/layouts/home?theme=dark&motion=%", "motion"),
    ("/loading-state?screen=home&seed=%zz&at=5", "seed"),
    ("/loading-state?screen=home&seed=%C3&at=5", "seed"),
    ("/loading-state/timeline?screen=home&scenario=%FFslow", "scenario"),
    ("/loading-state/events?screen=home&se%zzed=1", "se%zzed"),
    ("/healthz?x=%4", "x"),
    ("/themes/dark?unknown=%FE%FF", "unknown"),
])
def test_a_malformed_query_parameter_is_a_400_naming_it(client, target, parameter):
    body = problem(client.request(target), 400)
    assert body["parameter"] == parameter
    assert parameter in body["detail"]


def test_a_well_encoded_query_is_read(client):
    body = json.loads(client.request("/loading-state?%73creen=home&seed=%37&at=5").body)
    assert (body["screen"], body["seed"]) == ("home", 7)
    assert json.loads(client.request("/layouts/home?theme=d%61rk").body)["theme"] == "dark"


def test_an_encoded_slash_is_not_a_path_separator(client):
    assert client.request("/layouts%2Fhome").status == 404
    assert client.request("/layouts%2fhome").status == 404
    assert json.loads(client.request("/layouts/%68ome").body)["screen"] == "home"
    assert client.request("/layout%73/home").status == 200  # an encoded unreserved character is that character


@pytest.mark.parametrize("segment", ["a%2Fb", "home%00", "%FF", "%C3"])
def test_a_path_segment_decoding_to_slash_nul_or_non_utf8_is_a_400(client, segment):
    body = problem(client.request(f"/layouts/{segment}"), 400)
    assert segment in body["detail"]


def test_a_malformed_escape_in_the_path_is_a_400(server):
    response = raw_exchange(server.port, "GET /layouts/ho%zme HTTP/1.1\r\nHost: t\r\n\r\n")
    assert response.startswith(b"HTTP/1.1 400 ")
    assert b"two hex digits" in response


@pytest.mark.parametrize("host", ["bad host", "a/b", "a.example, b.example", "user@h", "h:80x", "[::1", "[::zz]"])
def test_an_invalid_host_is_a_400(server, host):
    response = raw_exchange(server.port, f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n")
    assert response.startswith(b"HTTP/1.1 400 "), response
    assert b"Host" in response


@pytest.mark.parametrize("host", ["", "example.com", "example.com:8080", "127.0.0.1:1", "[::1]:8080", "[v7.x:y]", "h:"])
def test_a_valid_host_is_served(client, host):
    client.send(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n")
    assert client.response().status == 200


def test_an_absolute_form_targets_authority_wins_over_host(client):
    client.send("GET http://other.example:8080/healthz HTTP/1.1\r\nHost: example.com\r\n\r\n")
    assert client.response().status == 200


def test_an_absolute_form_target_with_a_bad_authority_is_a_400(server):
    for target in ["http://user@h/healthz", "http://a b/healthz", "http://[::1/healthz"]:
        response = raw_exchange(server.port, f"GET {target} HTTP/1.1\r\nHost: h\r\n\r\n")
        assert response.startswith(b"HTTP/1.1 400 "), (target, response)


def finished_session(client):
    """A session token whose load has completed (awaited by long polling, not by sleeping)."""
    state = json.loads(client.request("/loading-state?screen=home&speed=100").body)
    while not state["complete"]:
        state = json.loads(client.request(f"/loading-state?session={state['session']}&wait=5000").body)
    return state["session"]


def stream_events(port, query, headers=""):
    from test_loading import open_events, read_events
    sock = open_events(port, query, headers)
    try:
        return read_events(sock)
    finally:
        sock.close()


def test_joining_a_finished_stream_never_sends_a_decreasing_id(server, client):
    token = finished_session(client)
    events = stream_events(server.port, f"session={token}")
    assert [e[2] for e in events] == ["snapshot", "complete"]
    ids = [e[1] for e in events]
    assert ids == sorted(ids)
    assert events[1][3]["elapsedMs"] <= ids[1]


def test_reconnecting_after_complete_is_204_so_event_source_stops(server, client):
    token = finished_session(client)
    last_id = stream_events(server.port, f"session={token}")[-1][1]
    for seen in [last_id, last_id + 1]:
        response = client.request(f"/loading-state/events?session={token}", headers=[("Last-Event-ID", str(seen))])
        assert response.status == 204 and response.body == b""
    timeline = json.loads(client.request("/loading-state/timeline?screen=home").body)
    fresh = json.loads(client.request("/loading-state?screen=home&speed=0.1").body)["session"]
    complete_at = max(e["readyAtMs"] for e in timeline["elements"])
    response = client.request(f"/loading-state/events?session={fresh}", headers=[("Last-Event-ID", str(complete_at))])
    assert response.status == 204


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "99999999999999999999"])
def test_a_malformed_last_event_id_is_a_400_naming_the_header(client, value):
    body = problem(client.request("/loading-state/events?screen=home", headers=[("Last-Event-ID", value)]), 400)
    assert body["header"] == "Last-Event-ID" and value in body["detail"]


@pytest.mark.parametrize("extra, parameter", [("seed=3", "seed"), ("screen=home", "screen"), ("speed=2", "speed"),
                                               ("scenario=slow", "scenario"), ("at=5", "at")])
def test_a_parameter_a_session_decides_is_refused_beside_it(client, extra, parameter):
    token = json.loads(client.request("/loading-state?screen=home").body)["session"]
    for route in ["/loading-state", "/loading-state/events"]:
        body = problem(client.request(f"{route}?session={token}&{extra}"), 400)
        assert (body["parameter"], body["conflictsWith"]) == (parameter, "session")


@pytest.mark.parametrize("extra", ["wait=100", "speed=2"])
def test_a_parameter_a_snapshot_ignores_is_refused_beside_at(client, extra):
    body = problem(client.request(f"/loading-state?screen=home&at=5&{extra}"), 400)
    assert body["conflictsWith"] == "at" and body["parameter"] == extra.split("=")[0]
