"""The server against its reference model, Tests/Reference/loading_model.py: an independent
Python implementation of the loading rules (docs/spec.md §5, the doc comments of SplitMix64, StageTiming
and Schedule) and of the seeded sample content. Every timeline, snapshot and data body below
must equal the model's byte for byte, and the strings the Swift tests pin are derived from it."""
import base64
import json
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Reference"))

import loading_model as model  # noqa: E402

LARGE_SEEDS = [2**53 - 1, 2**53 - 2, 123456789, 2**32, 2**32 - 1, 2**31 - 1]
# Seeds at the rules' edges (found with the model; test_the_edge_seeds_reach_the_edges checks): movies
# `timeout` 3176 and 4231 draw two stages at the latest time; movies `slow` 5560 and home `slow`
# 9563 draw a stage at exactly timeoutMs.
EDGE_SEEDS = [3176, 4231, 5560, 9563]
TIMELINE_SEEDS = list(range(200)) + LARGE_SEEDS + EDGE_SEEDS
SNAPSHOT_SEEDS = list(range(50)) + [2**53 - 1] + EDGE_SEEDS
SAMPLE_SEEDS = range(50)
BATCH = 64


def get_all(client, paths):
    """The responses to `paths`, pipelined on one connection BATCH at a time (responses come in order)."""
    responses = []
    for start in range(0, len(paths), BATCH):
        batch = paths[start:start + BATCH]
        client.send("".join(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n" for path in batch))
        responses += [client.response() for _ in batch]
    return responses


def assert_document(response, expected, label):
    assert response.status == 200, (label, response)
    # The parsed comparison first, for a readable difference; then the bytes (member order, numbers).
    assert json.loads(response.body) == json.loads(model.encode(expected)), label
    assert response.body == model.encode(expected), label


def test_the_model_reproduces_the_published_generator_and_hash_vectors():
    # SplitMix64 of seed 0 (Vigna's splitmix64.c) and FNV-1a 64 (Fowler, Noll, Vo): not taken from the server.
    generator = model.SplitMix64("", 0)
    generator.state = 0
    assert [generator.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert model.fnv1a64("") == 0xCBF29CE484222325
    assert model.fnv1a64("a") == 0xAF63DC4C8601EC8C
    assert model.fnv1a64("foobar") == 0x85944171F73967E8


def test_the_edge_seeds_reach_the_edges():
    for seed in (3176, 4231):
        finals = model.schedule("movies", "timeout", seed)
        drawn = model.stage_times("movies", "timeout", model.SplitMix64("movies/timeout", seed))
        latest = [stage for stage, at in drawn.items() if at == max(drawn.values())]
        assert len(latest) == 2 and finals[latest[1]] == ("failed", 10000, "timeout") and finals[latest[0]][0] == "ready"
    for screen, seed in (("movies", 5560), ("home", 9563)):
        assert ("ready", model.TIMEOUT_MS, None) in model.schedule(screen, "slow", seed).values()


@pytest.mark.parametrize("scenario", model.SCENARIOS)
@pytest.mark.parametrize("screen", list(model.SCREENS))
def test_timelines_equal_the_model(client, screen, scenario):
    paths = [f"/loading-state/timeline?screen={screen}&scenario={scenario}&seed={seed}" for seed in TIMELINE_SEEDS]
    for seed, response in zip(TIMELINE_SEEDS, get_all(client, paths)):
        assert_document(response, model.timeline(screen, scenario, seed), (screen, scenario, seed))


@pytest.mark.parametrize("scenario", model.SCENARIOS)
@pytest.mark.parametrize("screen", list(model.SCREENS))
def test_snapshots_show_what_the_model_says_is_known_at_each_instant(client, screen, scenario):
    cases = []
    for seed in SNAPSHOT_SEEDS:
        changes = {at for _, at, _ in model.schedule(screen, scenario, seed).values()}
        instants = {0, 1, 199, 200, model.TIMEOUT_MS, model.TIMEOUT_MS + 1, 86_400_000}
        instants |= {t + d for t in changes for d in (-1, 0, 1) if t + d >= 0}
        cases += [(seed, at) for at in sorted(instants)]
    paths = [f"/loading-state?screen={screen}&scenario={scenario}&seed={seed}&at={at}" for seed, at in cases]
    for (seed, at), response in zip(cases, get_all(client, paths)):
        assert response.header("cache-control") == "no-store"
        assert_document(response, model.state_at(screen, scenario, seed, at), (screen, scenario, seed, at))


@pytest.mark.parametrize("screen", list(model.SCREENS))
def test_sample_content_equals_the_model(client, screen):
    cases = [(element, variant, seed) for seed in SAMPLE_SEEDS for element, variant in model.DATA_ELEMENTS[screen]]
    # `instant` and the fastest speed: each element's stage is ready within 0.2 ms of wall time.
    paths = [f"/data/{screen}/{element.replace('[', '%5B').replace(']', '%5D')}?variant={variant}&scenario=instant&seed={seed}&speed=100"
             for element, variant, seed in cases]
    for (element, _, seed), response in zip(cases, get_all(client, paths)):
        body = model.data_body(screen, element, seed)
        assert response.status == 200, (screen, element, seed, response)
        assert response.header("content-type") == "application/json", (screen, element, seed)
        assert json.loads(response.body) == json.loads(body), (screen, element, seed)
        assert response.body == body, (screen, element, seed)


LOADS = [(screen, "default") for screen in model.SCREENS] + [("home", "fullscreen")]
STREAM_SEEDS = [0, 1, 2**53 - 1] + EDGE_SEEDS


def parse_events(body):
    """An event stream's body as (id, event, data) triples (every event here has all three)."""
    triples = []
    for block in body.decode().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\n") if line and not line.startswith(":"))
        if fields:
            triples.append((int(fields["id"]), fields["event"], json.loads(fields["data"])))
    return triples


def token_payload(session):
    """The payload of a sealed session token (base64url, unpadded, before the dot)."""
    encoded = session.split(".")[0]
    return base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()


@pytest.mark.parametrize("speed", ["100", "12.5"])
@pytest.mark.parametrize("screen,variant", LOADS)
def test_event_streams_equal_the_model(server, screen, variant, speed):
    """Every scenario's stream, at a speed other than 1: from the snapshot at whatever instant the
    stream opened, the events, their ids and their order are the model's (speed changes only how
    soon they come), and the token carries the speed."""
    seeds = STREAM_SEEDS if speed == "100" else [0]
    for scenario in model.SCENARIOS:
        for seed in seeds:
            client = server.client(timeout=15.0)
            try:
                response = client.request(f"/loading-state/events?screen={screen}&variant={variant}"
                                          f"&scenario={scenario}&seed={seed}&speed={speed}")
            finally:
                client.close()
            label = (screen, variant, scenario, seed, speed)
            assert response.status == 200, (label, response)
            stream = parse_events(response.body)
            session = stream[0][2]["session"]
            assert token_payload(session).startswith(model.token_payload(screen, scenario, seed, speed, variant)), label
            assert stream == model.events(screen, scenario, seed, session, stream[0][0], variant), label


@pytest.mark.parametrize("screen,variant", LOADS)
def test_long_polls_equal_the_model(server, screen, variant):
    """Long polls at speed 20 until complete: each answer is the model's state at its
    `elapsedMs`, and none comes before the next change the model has after the previous answer."""
    for scenario in model.SCENARIOS:
        client = server.client(timeout=15.0)
        try:
            state = json.loads(client.request(f"/loading-state?screen={screen}&variant={variant}"
                                              f"&scenario={scenario}&seed=7&speed=20").body)
            session, changes = state["session"], model.change_times(screen, scenario, 7, variant)
            while True:
                label = (screen, variant, scenario, state["elapsedMs"])
                assert state == model.state_at(screen, scenario, 7, state["elapsedMs"], variant, session), label
                if state["complete"]:
                    break
                due = min(t for t in changes if t > state["elapsedMs"])
                response = client.request(f"/loading-state/{session}?wait=10000")
                assert response.status == 200, (label, response)
                state = json.loads(response.body)
                assert state["elapsedMs"] >= due, ("answered before the next change", label, due, state["elapsedMs"])
        finally:
            client.close()


def test_the_transition_file_is_the_transition_models():
    """Tests/Reference/transition-moments.json, to which the library and the renderer are held, is
    the independent model's output byte for byte (not either implementation's)."""
    import transition_model
    with open(transition_model.FILE) as f:
        assert f.read() == transition_model.text(), "run python3 Tests/Reference/transition_model.py --write"


def swift_string_literals(text):
    """The values of a `+`-joined run of Swift string literals, raw (`#"..."#`) or plain."""
    parts = re.findall(r'#"(.*?)"#|"((?:[^"\\]|\\.)*)"', text, re.S)
    return "".join(raw or plain.encode().decode("unicode_escape") for raw, plain in parts)


def test_the_pinned_schedules_of_schedule_tests_are_the_models():
    with open(os.path.join(ROOT, "Tests", "SkeletonDomainTests", "Loading", "ScheduleTests.swift")) as file:
        source = file.read()
    block = re.search(r"@Test\(arguments: \[(.*?)\]\)\s*func matchesTheReferenceImplementation", source, re.S).group(1)
    pattern = re.compile(r'\(\s*"(\w+)",\s*(?:Scenario)?\.(\w+),\s*([\d_]+),\s*"([^"\\]*)"\s*,?\s*\)', re.S)
    pinned = pattern.findall(block)
    assert len(pinned) >= 10
    # Every argument was read: nothing but separators is left once the tuples are taken out.
    assert pattern.sub("", block).replace(",", "").strip() == ""
    for screen, scenario, seed, expected in pinned:
        assert model.summary(screen, scenario, int(seed.replace("_", ""))) == expected, (screen, scenario, seed)


def test_the_pinned_sample_bodies_of_sample_content_tests_are_the_models():
    with open(os.path.join(ROOT, "Tests", "SkeletonDomainTests", "SampleContentTests.swift")) as file:
        source = file.read()
    function = re.search(r"(///[^\n]*\n\s*)+@Test func smallBodiesArePinned\(\).*?\n    }\n", source, re.S).group(0)
    expectations = re.findall(r"#expect\((.*?)\)\n(?=\s*(?:#expect|\}))", function, re.S)
    assert len(expectations) >= 3
    for expectation in expectations:
        match = re.match(r'\s*Self\.text\("(\w+)", "([\w\[\]]+)"(?:, seed: (\d+))?\)(\?\.hasSuffix\()?(.*)', expectation, re.S)
        assert match, expectation
        screen, element, seed, is_suffix, rest = match.groups()
        pinned = swift_string_literals(rest)
        assert pinned, expectation
        text = model.encode(model.sample_content(screen, element, int(seed or 0))).decode()
        assert text.endswith(pinned) if is_suffix else text == pinned, (screen, element, seed)
    # The doc comment's sample today, its lines joined.
    comment = re.sub(r"\s*\n\s*///\s*", " ", function)
    day_seed, day = re.search(r"sample today of seed (\d+): (\d{4}-\d\d-\d\d)", comment).groups()
    assert model.today(int(day_seed)).isoformat() == day


def pinned_digest(path, test):
    """The FNV-1a 64 value `test` in the Swift test file `path` compares its documents with."""
    with open(os.path.join(ROOT, "Tests", "SkeletonDomainTests", path)) as file:
        body = file.read().split(f"@Test func {test}()", 1)[1].split("\n    }\n", 1)[0]
    return int(re.search(r"fnv1a64\(.*\) == (0x[0-9a-f_]+)\)", body).group(1).replace("_", ""), 16)


def fnv1a64(chunks):
    value = 0xCBF29CE484222325
    for chunk in chunks:
        for byte in chunk:
            value = ((value ^ byte) * 0x100000001B3) & model.MASK
    return value


def test_the_pinned_digests_of_schedule_and_sample_content_tests_are_the_models():
    lines = [f"{screen} {scenario} {seed}: {model.summary(screen, scenario, seed)}\n".encode()
             for screen in model.SCREENS for scenario in model.SCENARIOS for seed in range(4)]
    assert pinned_digest("Loading/ScheduleTests.swift", "sameTripleGivesTheSameSchedule") == fnv1a64(lines)
    bodies = [model.encode(model.sample_content(screen, element, seed))
              for seed in (0, 5, 2**63 - 1) for screen, elements in model.DATA_ELEMENTS.items() for element, _ in elements]
    assert pinned_digest("SampleContentTests.swift", "sameSeedGivesTheSameBytes") == fnv1a64(bodies)


def test_the_pinned_hash_of_splitmix64_tests_is_the_models():
    with open(os.path.join(ROOT, "Tests", "SkeletonDomainTests", "Loading", "SplitMix64Tests.swift")) as file:
        key, value = re.search(r'FNV-1a 64 of "([^"]+)" is (0x[0-9a-f]+)', file.read()).groups()
    assert model.fnv1a64(key) == int(value, 16)
