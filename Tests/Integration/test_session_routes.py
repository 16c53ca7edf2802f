"""A session as a resource (docs/http-api.md, Loading parameters): /loading-state/{session}, its
events and its data answer as the older query forms do, and /loading-state/instant as `at=`;
text in the path that is no session of this server is a 404 of its own kind."""
import json

import pytest

from conftest import raw_exchange
from test_loading import polled_until_complete

FORGED = "djEuaG9tZS50eXBpY2FsLjAuMTAwMDAwLjE3OTU2NjQ0NzQ3NzY.AAAAAAAAAAAAAAAAAAAAAA"


def get_json(client, path):
    response = client.request(path)
    return response, json.loads(response.body)


def started(client, query="screen=home&scenario=error&seed=3&speed=100"):
    response, state = get_json(client, f"/loading-state?{query}")
    assert response.status == 200 and state["session"]
    return state["session"]


def test_the_session_path_long_polls_to_the_same_complete_state_as_the_query_form(client):
    session = started(client)
    by_path = polled_until_complete(client, f"/loading-state/{session}?wait=30000")
    assert by_path["session"] == session
    _, by_query = get_json(client, f"/loading-state?session={session}")
    assert {**by_path, "elapsedMs": 0} == {**by_query, "elapsedMs": 0}


def test_the_instant_route_answers_as_the_at_form(client):
    for query in ["screen=home&seed=7&at=1200", "screen=movies&scenario=timeout&at=0", "screen=inbox&at=86400000"]:
        instant = client.request(f"/loading-state/instant?{query}")
        assert instant.status == 200 and json.loads(instant.body)["session"] is None
        assert instant.body == client.request(f"/loading-state?{query}").body, query


def test_the_instant_route_ignores_what_it_does_not_take(client):
    """speed and wait are no parameters of an instant: ignored, as any unknown parameter is."""
    plain = client.request("/loading-state/instant?screen=home&at=500").body
    assert client.request("/loading-state/instant?screen=home&at=500&speed=3&wait=10").body == plain


def test_the_session_events_stream_the_load_to_its_end(server, client):
    session = started(client, "screen=inbox&scenario=instant&speed=100")
    reply = raw_exchange(server.port, f"GET /loading-state/{session}/events HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", timeout=30)
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ") and b"text/event-stream" in head
    names = [line[len(b"event: "):] for line in body.split(b"\n") if line.startswith(b"event: ")]
    assert names[0] == b"snapshot" and names[-1] == b"complete"
    assert f'"session":"{session}"'.encode() in body


def test_the_session_data_is_the_elements_content_in_that_load(client):
    session = started(client, "screen=home&seed=3&speed=100")
    _, timeline = get_json(client, "/loading-state/timeline?screen=home&seed=3")
    for element in timeline["elements"]:
        by_path = client.request(f"/loading-state/{session}/data/{element['id']}")
        by_query = client.request(f"/data/home/{element['id']}?session={session}")
        assert by_path.status == by_query.status == 200, element
        assert by_path.body == by_query.body and by_path.header("etag") == by_query.header("etag")
        envelope = json.loads(by_path.body)
        assert (envelope["screen"], envelope["element"], envelope["stage"], envelope["seed"]) == ("home", element["id"], element["stage"], 3)
        assert isinstance(envelope["content"], dict) and envelope["content"]


def test_a_failed_element_in_a_session_is_its_problem(client):
    # The element is known before the load starts, and the load runs at a speed (4) where its
    # failure (1,993 virtual ms: about 500 ms) comes after the request: the request is held and
    # answered the failure, however loaded the machine. (At speed 100 a request later than the
    # failure's 1,000 virtual ms window, 10 ms, got the data instead.)
    _, timeline = get_json(client, "/loading-state/timeline?screen=home&scenario=error&seed=3")
    failed = next(e for e in timeline["elements"] if e["status"] == "failed")
    session = started(client, "screen=home&scenario=error&seed=3&speed=4")
    response, problem = get_json(client, f"/loading-state/{session}/data/{failed['id']}")
    assert response.status == 503 and problem["type"] == "/problems/element-failed" and problem["element"] == failed["id"]


@pytest.mark.parametrize("path", ["/loading-state/{}", "/loading-state/{}/events", "/loading-state/{}/data/accountsCarousel"])
@pytest.mark.parametrize("token", [FORGED, "not-a-token", "a.b"])
def test_a_path_naming_no_session_is_a_404_unknown_session(client, path, token):
    response, problem = get_json(client, path.format(token))
    assert response.status == 404 and problem["type"] == "/problems/unknown-session" and problem["parameter"] == "session"


def test_an_unknown_element_of_a_session_is_a_404_listing_the_screens_elements(client):
    session = started(client)
    response, problem = get_json(client, f"/loading-state/{session}/data/accountsCarousl")
    assert response.status == 404 and problem["type"] == "/problems/unknown-element"
    assert "accountsCarousel" in problem["allowed"] and problem["suggestion"] == "accountsCarousel"
