"""The loading simulation over the wire (docs/spec.md §5): scenarios, sessions, long polls, events."""
import json
import random
import re
import socket
import string
import time

import pytest

from conftest import RunningServer, assert_on_time, descriptors, opened_since, read_until, released_to

SCREENS = ["home", "insights", "inbox", "thread", "movies"]


def get_json(client, path, headers=()):
    response = client.request(path, headers=headers)
    return response, json.loads(response.body)


def timeline(client, screen, scenario="typical", seed=0):
    response, document = get_json(client, f"/loading-state/timeline?screen={screen}&scenario={scenario}&seed={seed}")
    assert response.status == 200
    return document


def polled_until_complete(client, path, timeout=30):
    """Long-polls `path` (a session's state, with its `wait`) until its load is complete; the last
    state. `timeout` only turns a load that never completes into a failure."""
    deadline = time.monotonic() + timeout
    _, state = get_json(client, path)
    while not state["complete"]:
        assert time.monotonic() < deadline, f"the load never completed: {state}"
        _, state = get_json(client, path)
    return state


@pytest.fixture(scope="module")
def second_server():
    running = RunningServer()
    yield running
    assert running.stop() == 0


def test_scenarios_are_described(client):
    response, document = get_json(client, "/scenarios")
    assert [s["id"] for s in document["scenarios"]] == ["typical", "instant", "slow", "timeout", "error"]
    assert all(s["summary"] for s in document["scenarios"])
    assert document["speed"]["min"] == 0.1 and document["speed"]["max"] == 100


@pytest.mark.parametrize("screen", SCREENS)
def test_same_triple_same_schedule_and_seeds_differ(client, second_server, screen):
    path = f"/loading-state/timeline?screen={screen}&scenario=typical&seed=42"
    assert client.request(path).body == second_server.client().request(path).body, "another process, the same bytes"
    assert any(timeline(client, screen, seed=s) != timeline(client, screen, seed=0) for s in range(1, 6))


def test_home_typical_ranges_and_reveals(client):
    for seed in range(20):
        document = timeline(client, "home", seed=seed)
        stages = {s["id"]: s for s in document["stages"]}
        assert 30 <= stages["fastPath"]["atMs"] <= 80
        assert 1000 <= stages["fullyInitialized"]["atMs"] <= 3000
        elements = {e["id"]: e for e in document["elements"]}
        assert elements["accountsCarousel"]["revealAtMs"] == elements["categories"]["revealAtMs"] == 200
        assert elements["transactionsSummary"]["revealAtMs"] == stages["fullyInitialized"]["atMs"]
        assert elements["subscriptions"]["revealAtMs"] > 200


@pytest.mark.parametrize("screen", SCREENS)
def test_instant_reveals_everything_at_the_minimum_display_time(client, screen):
    document = timeline(client, screen, "instant", seed=9)
    assert all(e["status"] == "ready" and e["readyAtMs"] <= 20 and e["revealAtMs"] == 200 for e in document["elements"])


@pytest.mark.parametrize("screen", SCREENS)
def test_timeout_fails_the_last_stage_at_ten_seconds(client, screen):
    typical = timeline(client, screen, "typical", seed=5)
    document = timeline(client, screen, "timeout", seed=5)
    latest = max(range(len(typical["stages"])), key=lambda i: (typical["stages"][i]["atMs"], i))
    last_stage = document["stages"][latest]
    assert last_stage["status"] == "failed" and last_stage["atMs"] == 10000
    failed = [e for e in document["elements"] if e["stage"] == last_stage["id"]]
    assert failed and all(e["status"] == "failed" and e["failedAtMs"] == 10000 and e["error"]["code"] == "timeout"
                          and e["error"]["retryable"] is True for e in failed)


@pytest.mark.parametrize("seed", range(5))
def test_error_fails_one_seeded_stage_retryably(client, seed):
    document = timeline(client, "movies", "error", seed=seed)
    failed = [s for s in document["stages"] if s["status"] == "failed"]
    assert len(failed) == 1
    errors = [e["error"] for e in document["elements"] if e["status"] == "failed"]
    assert errors and all(e["code"] == "error" and e["retryable"] is True and e["message"] for e in errors)


def test_slow_stretches_every_range_four_times(client):
    outcomes = set()
    for seed in range(10):
        document = timeline(client, "home", "slow", seed=seed)
        stages = {s["id"]: s for s in document["stages"]}
        assert 120 <= stages["fastPath"]["atMs"] <= 320
        fully = stages["fullyInitialized"]
        outcomes.add(fully["status"])
        if fully["status"] == "ready":
            assert 4000 <= fully["atMs"] < 10000
        else:  # its stretched range, 4000 to 12000 ms, passes the 10000 ms timeout: it times out then
            assert (fully["status"], fully["atMs"]) == ("failed", 10000)
            errors = {e["error"]["code"] for e in document["elements"] if e["stage"] == "fullyInitialized"}
            assert errors == {"timeout"}
    assert outcomes == {"ready", "failed"}, "ten seeds draw both sides of the timeout"


def test_movie_posters_load_one_by_one_after_popular(client):
    document = timeline(client, "movies", seed=3)
    stages = {s["id"]: s["atMs"] for s in document["stages"]}
    for i in range(6):
        assert stages["popular"] + 100 <= stages[f"poster[{i}]"] <= stages["popular"] + 1500


def test_future_times_are_never_disclosed(client):
    _, state = get_json(client, "/loading-state?screen=home&seed=7&at=100")
    loading = [e for e in state["elements"] if e["status"] == "loading"]
    assert loading and all(set(e) == {"id", "stage", "status"} for e in loading)
    assert all("readyAtMs" not in s for s in state["stages"] if s["status"] == "loading")
    assert state["pollAfterMs"] == 100


def test_a_session_is_started_and_followed_by_polling(client):
    response, state = get_json(client, "/loading-state?screen=home&scenario=typical&seed=7&speed=100")
    assert response.header("cache-control") == "no-store"
    token = state["session"]
    assert state["screen"] == "home" and state["seed"] == 7
    state = polled_until_complete(client, f"/loading-state?session={token}&wait=1000")
    assert state["session"] == token
    elements = {e["id"]: e for e in state["elements"]}
    assert elements["accountsCarousel"]["revealAtMs"] == elements["categories"]["revealAtMs"] == 200
    assert elements["transactionsSummary"]["revealAtMs"] > 200 and elements["subscriptions"]["revealAtMs"] > 200


def test_two_processes_with_one_secret_answer_one_token_alike():
    a = RunningServer("--session-secret", "shared")
    b = RunningServer(env={"SESSION_SECRET": "shared"})
    other = RunningServer("--session-secret", "different")
    try:
        ca, cb, co = a.client(), b.client(), other.client()
        _, started = get_json(ca, "/loading-state?screen=movies&scenario=error&seed=99&speed=100")
        token = started["session"]
        # At speed 100 every change is over within 0.1 s of wall time; poll until both say complete.
        from_a = polled_until_complete(ca, f"/loading-state?session={token}&wait=30000")
        _, from_b = get_json(cb, f"/loading-state?session={token}")
        for doc in (from_a, from_b):
            doc.pop("elapsedMs")
        assert from_a == from_b
        response, problem = get_json(co, f"/loading-state?session={token}")
        assert response.status == 404 and problem["parameter"] == "session", "another secret: no such session here"
    finally:
        for server in (a, b, other):
            assert server.stop() == 0


def statuses(state):
    return {e["id"]: e["status"] for e in state["elements"]}


def test_long_poll_returns_at_the_next_change(client):
    """Each poll is held until the first change after the state it follows (not answered at once,
    not held past it), and answers with a changed state; the last one with the last change."""
    changes = sorted({e["readyAtMs"] for e in timeline(client, "home", seed=4)["elements"]})
    started = time.monotonic()
    _, state = get_json(client, "/loading-state?screen=home&seed=4&speed=10")
    token = state["session"]
    while not state["complete"]:
        due = next(at for at in changes if at > state["elapsedMs"])
        _, polled = get_json(client, f"/loading-state?session={token}&wait=30000")
        assert_on_time(f"the change at {due} ms", time.monotonic() - started, due / 10 / 1000)
        assert polled["elapsedMs"] >= due and statuses(polled) != statuses(state), "answered with a change"
        state = polled
    assert state["elapsedMs"] >= changes[-1]


def test_a_long_poll_that_starts_its_load_answers_at_its_first_change_with_a_token_for_it(client):
    first = min(e["readyAtMs"] for e in timeline(client, "home", seed=4)["elements"])
    started = time.monotonic()
    _, state = get_json(client, "/loading-state?screen=home&seed=4&speed=10&wait=30000")
    assert_on_time("the first change", time.monotonic() - started, first / 10 / 1000)
    assert state["elapsedMs"] >= first and not state["complete"]
    _, followed = get_json(client, f"/loading-state?session={state['session']}")
    assert followed["session"] == state["session"] and followed["elapsedMs"] >= state["elapsedMs"]


def test_long_poll_returns_at_wait_when_nothing_changes(client):
    _, state = get_json(client, "/loading-state?screen=inbox&scenario=timeout&seed=1")
    started = time.monotonic()
    _, polled = get_json(client, f"/loading-state?session={state['session']}&wait=300")
    assert_on_time("the wait", time.monotonic() - started, 0.3)
    assert not polled["complete"] and polled["elapsedMs"] >= 300


def read_events(sock, timeout=60):
    """Reads a chunked text/event-stream to its last chunk; returns [(arrival_monotonic, id, event,
    data)]. Fails if the stream ends, or is still going after `timeout` seconds."""
    deadline = time.monotonic() + timeout

    def more(done, buffer):
        return read_until(sock, done, "the event stream", max(0.0, deadline - time.monotonic()), buffer)

    buffer = more(b"\r\n\r\n", b"")
    head, buffer = buffer.split(b"\r\n\r\n", 1)
    assert b"Content-Type: text/event-stream" in head and b"Transfer-Encoding: chunked" in head
    events, text = [], ""
    while True:
        size_line, buffer = more(b"\r\n", buffer).split(b"\r\n", 1)
        size = int(size_line, 16)
        buffer = more(lambda data: len(data) >= size + 2, buffer)
        chunk, buffer = buffer[:size], buffer[size + 2:]
        if size == 0:
            return events
        text += chunk.decode()
        while "\n\n" in text:
            block, text = text.split("\n\n", 1)
            # A line starting with ':' is a comment (the heartbeat); a block of comments is no event.
            fields = dict(line.split(": ", 1) for line in block.split("\n") if not line.startswith(":"))
            if fields:
                events.append((time.monotonic(), int(fields["id"]), fields["event"], json.loads(fields["data"])))


def open_events(port, query, headers=""):
    sock = socket.create_connection(("127.0.0.1", port), timeout=15)
    sock.sendall(f"GET /loading-state/events?{query} HTTP/1.1\r\nHost: t\r\n{headers}\r\n".encode())
    return sock


def test_events_arrive_in_order_at_their_times(server, client):
    document = timeline(client, "movies", seed=8)
    started = time.monotonic()
    sock = open_events(server.port, "screen=movies&seed=8&speed=10")
    events = read_events(sock)
    sock.close()
    assert events[0][2] == "snapshot" and events[0][3]["session"]
    assert events[-1][2] == "complete"
    changes = [e for e in events if e[2] == "element"]
    expected = sorted(document["elements"], key=lambda e: e.get("readyAtMs", e.get("failedAtMs")))
    assert [e[3]["id"] for e in changes] == [e["id"] for e in expected]
    for (arrival, event_id, _, data), final in zip(changes, expected):
        at = final.get("readyAtMs", final.get("failedAtMs"))
        assert event_id == at and data == {"formatVersion":2, **final}
        assert_on_time(final["id"], arrival - started, at / 10 / 1000)
    assert events[-1][1] == max(e[1] for e in changes)


def test_a_request_sent_during_a_stream_is_answered_after_it(server):
    sock = open_events(server.port, "screen=movies&seed=8&speed=10")
    # The stream has begun: the request below arrives during it.
    received = read_until(sock, b"event: snapshot", "the snapshot")
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
    received = read_until(sock, lambda data: b"\r\n0\r\n\r\nHTTP/1.1 200 OK\r\n" in data and data.endswith(b'{"formatVersion":2,"status":"ok"}'),
                          "the request behind the stream answered", buffer=received)
    sock.close()
    assert received.index(b"event: complete") < received.index(b"\r\n0\r\n\r\nHTTP/1.1 200 OK\r\n")


def test_last_event_id_resumes_without_repeats(server, client):
    _, state = get_json(client, "/loading-state?screen=movies&seed=8&speed=100")
    token = state["session"]
    document = timeline(client, "movies", seed=8)
    times = sorted({e["readyAtMs"] for e in document["elements"]})
    resume_after = times[2]
    sock = open_events(server.port, f"session={token}", headers=f"Last-Event-ID: {resume_after}\r\n")
    events = read_events(sock)
    sock.close()
    assert all(e[2] != "snapshot" for e in events)
    ids = [e[1] for e in events if e[2] == "element"]
    assert ids and min(ids) > resume_after
    expected = [e["id"] for e in sorted(document["elements"], key=lambda e: e["readyAtMs"]) if e["readyAtMs"] > resume_after]
    assert [e[3]["id"] for e in events if e[2] == "element"] == expected


def test_a_client_leaving_mid_stream_costs_only_its_connection(server, client):
    before = descriptors(server.pid)
    for _ in range(20):
        sock = open_events(server.port, "screen=thread&speed=0.1")
        read_until(sock, b"event: snapshot", "the stream's snapshot")
        assert len(opened_since(server.pid, before)) == 1, "the stream holds one descriptor"
        sock.close()
        released_to(server.pid, before)
    assert client.request("/healthz").status == 200


def test_random_and_altered_tokens_are_404_when_shaped_as_tokens_else_400(client):
    _, state = get_json(client, "/loading-state?screen=home")
    token = state["session"]
    rng = random.Random(1234)
    alphabet = string.ascii_letters + string.digits + "-_."
    candidates = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 120))) for _ in range(150)]
    candidates += [token[:n] for n in range(0, len(token), max(1, len(token) // 25))]
    for index in rng.sample(range(len(token)), 25):
        replacement = rng.choice([c for c in alphabet if c != token[index]])
        candidates.append(token[:index] + replacement + token[index + 1:])
    assert len(candidates) >= 200
    for candidate in candidates:
        response = client.request(f"/loading-state?session={candidate}" if candidate else "/loading-state?session=")
        shaped = re.fullmatch(r"[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{22}", candidate) is not None
        assert response.status == (404 if shaped else 400), candidate
        assert json.loads(response.body)["parameter"] == "session"
    assert sum(1 for candidate in candidates if re.fullmatch(r"[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{22}", candidate)) >= 20, "altered tokens keep their shape"


@pytest.mark.parametrize("query,parameter", [
    ("screen=home&scenario=fast", "scenario"),
    ("screen=home&seed=-1", "seed"),
    ("screen=home&seed=9007199254740992", "seed"),
    ("screen=home&seed=1.5", "seed"),
    ("screen=home&speed=0.01", "speed"),
    ("screen=home&speed=101", "speed"),
    ("screen=home&speed=abc", "speed"),
    ("screen=home&at=-5", "at"),
    ("screen=home&wait=30001", "wait"),
])
def test_bad_parameters_are_400_naming_them(client, query, parameter):
    response, problem = get_json(client, f"/loading-state?{query}")
    assert response.status == 400
    assert problem["parameter"] == parameter and problem["allowed"]


def test_unknown_screen_is_404_and_no_screen_is_400(client):
    response, problem = get_json(client, "/loading-state?screen=hme")
    assert response.status == 404 and problem["suggestion"] == "home"
    response, problem = get_json(client, "/loading-state")
    assert response.status == 400 and problem["parameter"] == "screen" and problem["type"] == "/problems/missing-parameter"
    response, problem = get_json(client, "/loading-state/timeline?seed=3")
    assert response.status == 400 and problem["parameter"] == "screen"


def test_speed_and_seed_limits_are_accepted(client):
    for query in ["speed=0.1", "speed=100", "speed=2.5", "seed=9007199254740991"]:
        assert client.request(f"/loading-state?screen=home&{query}").status == 200
