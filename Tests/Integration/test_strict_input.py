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
