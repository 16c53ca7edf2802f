"""Input that is malformed is refused by name, never silently read as absent or as something else
(issue 9's defects). The rules are tested in Swift without sockets (RouterTests, RequestParserTests,
HostSyntaxTests, StrictInputTests); here one smoke each for query, path segment and Host over the
wire, and event-stream resumption on real streams."""
import json

from conftest import raw_exchange

PROBLEM = "application/problem+json"


def problem(response, status):
    assert response.status == status, response
    assert response.header("content-type") == PROBLEM
    return json.loads(response.body)


def test_a_malformed_query_parameter_is_a_400_naming_it(client):
    """Smoke: strict query reading reaches the wire. The rules: RouterTests (every malformed
    escape, named), StrictInputTests (parameters a session or a snapshot decides, Last-Event-ID)."""
    body = problem(client.request("/layouts/home?theme=%zz"), 400)
    assert body["parameter"] == "theme"
    assert "theme" in body["detail"]


def test_a_path_segment_decoding_to_slash_is_a_400(client):
    """Smoke: a route parameter that decodes to `/`, NUL or not UTF-8 is refused. The rules:
    RouterTests; a malformed escape in a path, RequestParserTests."""
    body = problem(client.request("/layouts/a%2Fb"), 400)
    assert "a%2Fb" in body["detail"]


def test_an_invalid_host_is_a_400(server):
    """Smoke: the Host rules reach the wire. The rules (each host, absolute-form authorities):
    HostSyntaxTests, RequestParserTests."""
    response = raw_exchange(server.port, "GET /healthz HTTP/1.1\r\nHost: bad host\r\n\r\n")
    assert response.startswith(b"HTTP/1.1 400 "), response
    assert b"Host" in response


def finished_session(client):
    """A session token whose load has completed (awaited by long polling, not by sleeping)."""
    from test_loading import polled_until_complete
    token = json.loads(client.request("/loading-state?screen=home&speed=100").body)["session"]
    return polled_until_complete(client, f"/loading-state?session={token}&wait=5000")["session"]


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
    # A session not yet complete, resumed at or past its end: StrictInputTests.
