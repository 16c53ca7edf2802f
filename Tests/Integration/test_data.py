"""GET /data/{screen}/{element}: each element's data at its time in the load, its failures as
HTTP, and network faults as a real client sees them."""
import http.client
import json
import math
import os
import selectors
import signal
import socket
import subprocess
import time

import pytest

from conftest import EARLY, RunningServer, assert_on_time
from test_loading import get_json, timeline


def fire(port, paths):
    """Sends one GET per path on its own connection at once; returns {path: (arrival, status, head, body)}."""
    return {path: answer for (_, path), answer in fire_at([(port, path) for path in paths]).items()}


def fire_at(requests):
    """Sends one GET per (port, path) on its own connection at once; returns {(port, path): (arrival,
    status, head, body)}."""
    selector = selectors.DefaultSelector()
    pending = {}
    for port, path in requests:
        sock = socket.create_connection(("127.0.0.1", port), timeout=15)
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, (port, path))
        pending[port, path] = b""
    done = {}
    deadline = time.monotonic() + 15
    while len(done) < len(requests) and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=1):
            data = key.fileobj.recv(65536)
            if data:
                pending[key.data] += data
                continue
            arrival = time.monotonic()
            head, _, body = pending[key.data].partition(b"\r\n\r\n")
            done[key.data] = (arrival, int(head.split()[1]), head.decode(), body)
            selector.unregister(key.fileobj)
            key.fileobj.close()
    return done


def test_a_sessions_requests_fired_at_once_are_each_answered_at_its_time(server, client):
    # Seed 5 at speed 10: the fast path after a few ms, the rest 100 to 300 ms later.
    started = time.monotonic()
    _, state = get_json(client, "/loading-state?screen=home&seed=5&speed=10")
    token = state["session"]
    expected = {e["id"]: e["readyAtMs"] / 10 / 1000 for e in timeline(client, "home", seed=5)["elements"]}
    answers = fire(server.port, [f"/data/home/{element}?session={token}" for element in expected])
    for element, due in expected.items():
        arrival, status, head, body = answers[f"/data/home/{element}?session={token}"]
        assert status == 200, head
        assert_on_time(element, arrival - started, due)


def test_a_late_request_is_answered_at_once_with_the_same_content(client):
    _, state = get_json(client, "/loading-state?screen=inbox&seed=2&speed=100")
    first = client.request(f"/data/inbox/conversationList?session={state['session']}")
    again = client.request(f"/data/inbox/conversationList?session={state['session']}")
    assert first.status == again.status == 200 and first.body == again.body
    assert again.header("server-timing") == 'stage;desc="conversations", wait;dur=0'
    assert again.header("access-control-allow-origin") == "*" and again.header("timing-allow-origin") == "*"
    # A page on another origin reads what it needs of the reply: the validator and the timing.
    assert again.header("access-control-expose-headers") == "ETag, Retry-After, Server-Timing"
    etag = again.header("etag")
    assert client.request(f"/data/inbox/conversationList?session={state['session']}", headers=[("If-None-Match", etag)]).status == 304
    head = client.request(f"/data/inbox/conversationList?session={state['session']}", method="HEAD")
    assert head.status == 200 and head.body == b"" and head.header("content-length") == str(len(first.body))


def test_a_timed_out_element_is_a_504_at_the_timeout_and_recovers_after_the_retry_time(client):
    # seed 0, timeout scenario: one stage never arrives; it fails at 10000 ms, 100 ms at speed 100.
    failed = [e for e in timeline(client, "home", "timeout")["elements"] if e["status"] == "failed"]
    started = time.monotonic()
    _, state = get_json(client, "/loading-state?screen=home&scenario=timeout&speed=100")
    response = client.request(f"/data/home/{failed[0]['id']}?session={state['session']}")
    problem = json.loads(response.body)
    assert response.status == 504 and response.header("content-type") == "application/problem+json"
    assert_on_time("the timeout", time.monotonic() - started, 0.1)
    assert (problem["code"], problem["retryable"], problem["failedAtMs"]) == ("timeout", True, 10000)
    # Answered at the failure, not before: the retry is due 1000 virtual ms (10 ms) after it.
    assert 0 <= problem["retryAfterMs"] <= 10
    assert response.header("retry-after") == str(math.ceil(problem["retryAfterMs"] / 1000))
    time.sleep(problem["retryAfterMs"] / 1000 + 0.005)  # the retry time itself is what is tested
    assert client.request(f"/data/home/{failed[0]['id']}?session={state['session']}").status == 200


def test_an_error_is_a_503_with_retry_after_and_a_retry_succeeds(client):
    for seed in range(20):
        failed = [e for e in timeline(client, "inbox", "error", seed)["elements"] if e["status"] == "failed"]
        if failed:
            break
    due = next(e["failedAtMs"] for e in failed if e["id"] == "conversationList") / 10 / 1000
    started = time.monotonic()
    _, state = get_json(client, f"/loading-state?screen=inbox&scenario=error&seed={seed}&speed=10")
    response = client.request(f"/data/inbox/conversationList?session={state['session']}")
    elapsed = time.monotonic() - started
    problem = json.loads(response.body)
    assert response.status == 503 and problem["code"] == "error" and problem["retryable"] is True
    assert_on_time("the failure", elapsed, due)
    lateness = elapsed - due
    # The retry is due 1000 virtual ms (100 ms) after the failure: as much after the answer, less
    # what the answer was late (measured here, from before the load began: an upper bound of it).
    assert 100 - lateness * 1000 - EARLY * 1000 <= problem["retryAfterMs"] <= 100
    assert response.header("retry-after") == str(math.ceil(problem["retryAfterMs"] / 1000))
    time.sleep(problem["retryAfterMs"] / 1000 + 0.005)
    assert client.request(f"/data/inbox/conversationList?session={state['session']}").status == 200


def curl(url, *flags):
    result = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code} %{size_download} %{time_total}", *flags, url],
                            capture_output=True, text=True, timeout=20)
    code, size, seconds = result.stdout.split()
    return result.returncode, int(code), int(size), float(seconds)


@pytest.mark.parametrize("fault, exit_code", [("reset", 56), ("empty", 52), ("truncated", 18)])
def test_faults_reach_curl_as_that_fault_at_the_elements_time(server, fault, exit_code):
    # movies, seed 0: 'hero' is ready at its trending time, some 300 to 900 ms (30 to 90 at speed 10).
    ready = next(e["readyAtMs"] for e in timeline(server.client(), "movies")["elements"] if e["id"] == "hero")
    code, status, size, seconds = curl(f"{server.url}/data/movies/hero?speed=10&fault={fault}")
    assert code == exit_code
    assert_on_time(fault, seconds, ready / 10 / 1000)
    assert (status, size > 0) == ((200, True) if fault == "truncated" else (0, False))


@pytest.mark.parametrize("fault", ["reset", "empty", "truncated", "stall", "dribble"])
def test_no_faults_answers_every_element_at_once_with_its_data(fault):
    """--no-faults (for schema fuzzers): fault= is still validated; every element's data is
    answered at once, whatever its fault, its scenario's failure or its time."""
    server = RunningServer("--no-faults")
    try:
        _, _, plain_size, _ = curl(f"{server.url}/data/thread/messages?seed=3")
        for query in [f"seed=3&fault={fault}", "seed=3&scenario=error", "seed=3&scenario=timeout&speed=0.1"]:
            code, status, size, seconds = curl(f"{server.url}/data/thread/messages?{query}", "-m", "5")
            assert (code, status, size) == (0, 200, plain_size), query
            assert seconds < 4, f"{query}: held {seconds} s, where the load would hold it 100 s"
        assert curl(f"{server.url}/data/thread/messages?fault=melt")[1] == 400
    finally:
        assert server.stop() == 0


def test_stall_sends_the_head_and_never_the_body(server):
    code, status, size, seconds = curl(f"{server.url}/data/thread/messages?speed=100&fault=stall", "-m", "1")
    # curl's exit 28 is its own 1 s timeout firing: the head came, the body never did. (Not
    # seconds >= 1: curl's clock may stop a hair before its timeout, as once in a ThreadSanitizer run.)
    assert (code, status, size) == (28, 200, 0)


def test_dribble_spreads_the_body_from_the_stage_start_to_the_ready_time(server, client):
    # movies poster[0] counts from 'popular': its head comes at popular's time, and its body in 8
    # pieces, piece k at popular + k/8 of the way to its own time. No byte may come early.
    elements = {e["id"]: e for e in timeline(client, "movies", seed=3)["elements"]}
    start, ready = elements["popular"]["readyAtMs"] / 10 / 1000, elements["poster[0]"]["readyAtMs"] / 10 / 1000
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    began = time.monotonic()
    connection.request("GET", "/data/movies/poster%5B0%5D?seed=3&speed=10&fault=dribble")
    response = connection.getresponse()
    assert_on_time("the head", time.monotonic() - began, start)
    length = int(response.getheader("content-length"))
    arrivals, body = [], b""
    while chunk := response.read1(65536):
        at = time.monotonic() - began
        body += chunk
        due_pieces = max(k for k in range(9) if start + (ready - start) * k / 8 <= at + EARLY)
        assert len(body) <= length * due_pieces // 8, f"{len(body)} bytes at {at * 1000:.0f} ms: a piece came early"
        arrivals.append(at)
    assert response.status == 200 and len(body) == length
    assert_on_time("the last piece", arrivals[-1], ready)
    assert len(arrivals) >= 2, "the body came in pieces"


def test_same_seed_same_content_and_timing_on_two_processes():
    """One session's data asked of two processes at once: the same bytes, each at the element's
    time in the load the token started (from the timeline), so at the same moment."""
    a, b = RunningServer("--session-secret", "s"), RunningServer("--session-secret", "s")
    try:
        due = next(e["readyAtMs"] for e in timeline(a.client(), "movies", seed=11)["elements"] if e["id"] == "popular") / 10 / 1000
        started = time.monotonic()
        _, state = get_json(a.client(), "/loading-state?screen=movies&seed=11&speed=10")
        path = f"/data/movies/popular?session={state['session']}"
        answers = fire_at([(a.port, path), (b.port, path)])
        (arrival_a, status_a, head_a, body_a), (arrival_b, status_b, head_b, body_b) = answers[a.port, path], answers[b.port, path]
        assert status_a == status_b == 200 and body_a == body_b
        assert_on_time("process a", arrival_a - started, due)
        assert_on_time("process b", arrival_b - started, due)
        etag = [line for line in head_a.split("\r\n") if line.startswith("ETag")]
        assert etag and etag[0] in head_b
    finally:
        assert a.stop() == 0 and b.stop() == 0


@pytest.mark.parametrize("path, status, member, allowed", [
    ("/data/home/nope", 404, "allowed", ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"]),
    ("/data/home/homeSkeleton", 404, "allowed", ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"]),
    ("/data/home/categories?variant=fullscreen", 404, "allowed", ["homeSkeleton"]),
    ("/data/home/homeSkeleton?variant=tablet", 404, "allowed", ["default", "fullscreen"]),
    ("/data/nowhere/x", 404, "allowed", ["home", "insights", "inbox", "thread", "movies"]),
    ("/data/home/categories?fault=slow", 400, "allowed", ["reset", "empty", "truncated", "dribble", "stall"]),
])
def test_bad_requests_are_problems_listing_the_allowed(client, path, status, member, allowed):
    response, problem = get_json(client, path)
    assert response.status == status and problem[member] == allowed


def test_a_session_of_another_screen_is_refused(client):
    _, state = get_json(client, "/loading-state?screen=inbox")
    response, problem = get_json(client, f"/data/home/categories?session={state['session']}")
    assert response.status == 400 and "a load of screen 'inbox', not 'home'" in problem["detail"]


def test_drain_answers_held_requests_at_once():
    server = RunningServer()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(b"GET /data/home/transactionsSummary?speed=0.1 HTTP/1.1\r\nHost: t\r\n\r\n")
    metrics = server.client()
    deadline = time.monotonic() + 5
    while b"\nhttp_long_polls_pending 1\n" not in metrics.request("/metrics").body:  # held replies are counted there
        assert time.monotonic() < deadline
    server.process.send_signal(signal.SIGTERM)
    answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 503 ") and b"Retry-After: 0\r\n" in answer
    assert server.process.wait(10) == 0


def test_built_in_screens_answer_sample_content_of_the_seeds_shape(client):
    accounts = json.loads(client.request("/data/home/accountsCarousel?instant&scenario=instant&seed=4").body)["content"]["accounts"]
    assert len(accounts) == 3 and all({"name", "balance", "currency"} <= set(a) for a in accounts)
    messages = json.loads(client.request("/data/thread/messages?scenario=instant&seed=4").body)["content"]["messages"]
    assert [m["isSent"] for m in messages] == [i % 3 == 0 for i in range(10)]
    poster = client.request("/data/movies/poster%5B2%5D?scenario=instant&seed=4")
    assert poster.status == 200 and poster.header("content-type") == "application/json"
    content = json.loads(poster.body)["content"]
    assert content["mediaType"] == "image/svg+xml" and content["svg"].startswith("<svg ") and content["svg"].endswith("</svg>")
    assert client.request("/data/movies/poster%5B2%5D?scenario=instant&seed=5").body != poster.body


@pytest.mark.parametrize("path, seed", [("/data/home/subscriptions?scenario=instant&seed=12&speed=100", 12),
                                        ("/data/movies/poster%5B4%5D?seed=3&speed=100", 3)])
def test_every_data_route_answers_one_envelope(client, path, seed):
    """{formatVersion, screen, element, stage, seed, content}: the element's stage as the layout
    binds it, the seed of the load, its content an object; the session route answers the same bytes."""
    response, document = get_json(client, path)
    screen, element = path.split("?")[0].split("/")[2:]
    element = element.replace("%5B", "[").replace("%5D", "]")
    stages = {e["id"]: e["stage"] for e in get_json(client, f"/layouts/{screen}")[1]["elements"]}
    assert response.status == 200 and response.header("content-type") == "application/json"
    assert list(document) == ["formatVersion", "screen", "element", "stage", "seed", "content"]
    assert (document["screen"], document["element"], document["stage"], document["seed"]) == (screen, element, stages[element], seed)
    assert isinstance(document["formatVersion"], int) and isinstance(document["content"], dict) and document["content"]
    _, state = get_json(client, f"/loading-state?screen={screen}&seed={seed}&speed=100")
    by_session = client.request(f"/loading-state/{state['session']}/data/{path.split('?')[0].split('/')[3]}")
    assert by_session.status == 200 and by_session.body == response.body and by_session.header("etag") == response.header("etag")


def test_a_screen_files_content_is_the_envelopes_content_and_no_content_is_empty(tmp_path):
    screen = {"id": "profile", "title": "Profile", "animation": {"preset": "chat"},
              "stages": [{"id": "account", "title": "Account", "readyMs": {"min": 1, "max": 2}}],
              "layouts": [{"variant": "default",
                           "elements": [{"id": "header", "stage": "account", "accessibilityLabel": "L", "content": {"name": "Ada", "n": [1, 2.5]}},
                                        {"id": "activity", "stage": "account", "accessibilityLabel": "L"}],
                           "root": {"type": "stack", "children": [{"type": "block", "id": "header", "height": 10},
                                                                  {"type": "block", "id": "activity", "height": 10}]}}]}
    (tmp_path / "profile.json").write_text(json.dumps(screen))
    server = RunningServer("--layouts", str(tmp_path), "--no-faults")
    try:
        client = server.client()
        header = client.request("/data/profile/header?seed=9")
        assert header.status == 200
        assert header.body.endswith(b'"screen":"profile","element":"header","stage":"account","seed":9,"content":{"name":"Ada","n":[1,2.5]}}')
        activity = client.request("/data/profile/activity?seed=9")
        assert json.loads(activity.body)["content"] == {}
    finally:
        assert server.stop() == 0
