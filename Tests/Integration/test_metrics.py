"""GET /metrics over the wire: the Prometheus text format 0.0.4, parsed by the Prometheus
client library's own parser, counting exactly what was sent, with labels that stay bounded."""
import json
import random
import socket
import string
import time

import pytest
from prometheus_client.parser import text_string_to_metric_families

from conftest import RunningServer, raw_exchange
from test_loading import open_events, read_events
from test_operations import read_head


def scrape(server):
    client = server.client()
    try:
        response = client.request("/metrics")
    finally:
        client.close()
    assert response.status == 200
    assert response.header("content-type") == "text/plain; version=0.0.4; charset=utf-8"
    samples = {}
    for family in text_string_to_metric_families(response.body.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))), 0)


def scrape_until(server, condition, waiting_for, *names):
    """Scrapes until `condition(samples)` holds; after 10 s, fails naming what it waited for and
    the values of the series `names` it last saw."""
    deadline = time.monotonic() + 10
    while not condition(samples := scrape(server)):
        assert time.monotonic() < deadline, f"waited 10 s for {waiting_for}; last seen: {({name: value(samples, name) for name in names})}"
    return samples


def test_requests_are_counted_exactly_by_route_template_method_and_status():
    server = RunningServer("--threads", "2")
    try:
        for path in ["/layouts/home", "/layouts/inbox", "/layouts/movies?theme=dark"]:
            client = server.client()  # a connection each: both loops count
            assert client.request(path).status == 200
            client.close()
        client = server.client()
        assert client.request("/layouts/home", method="HEAD").status == 200
        assert client.request("/layouts/nope").status == 404
        assert client.request("/no/such/path").status == 404
        assert client.request("/layouts/home", method="POST").status == 405
        assert client.request("/layouts/home?theme=%zz").status == 400
        client.close()
        assert raw_exchange(server.port, "BREW /pot HTTP/1.1\r\nHost: t\r\n\r\n").startswith(b"HTTP/1.1 501 ")

        # A closed connection leaves the other loop's count when that loop has read its end: a
        # scrape can come first. Each scrape before the one read is counted (as /metrics).
        scrapes = 1
        while value(samples := scrape(server), "http_connections_open") != 1:
            scrapes += 1
            assert scrapes < 500, "closed connections are still counted open"
        requests = "http_requests_total"
        layout = "/layouts/{screen}"
        assert value(samples, requests, route=layout, method="GET", status="200") == 3
        assert value(samples, requests, route=layout, method="HEAD", status="200") == 1
        assert value(samples, requests, route=layout, method="GET", status="404") == 1
        assert value(samples, requests, route=layout, method="POST", status="405") == 1
        assert value(samples, requests, route=layout, method="GET", status="400") == 1
        assert value(samples, requests, route="unmatched", method="GET", status="404") == 1
        assert value(samples, requests, route="invalid", method="other", status="501") == 1
        counted = sum(v for (name, _), v in samples.items() if name == requests)
        assert counted == 9 + scrapes - 1, "the scrape itself is counted once it is answered, not before"

        histogram = "http_request_duration_seconds"
        assert value(samples, histogram + "_count", route=layout) == 7
        assert value(samples, histogram + "_bucket", route=layout, le="+Inf") == 7
        buckets = [(float(dict(labels)["le"]), v) for (name, labels), v in samples.items()
                   if name == histogram + "_bucket" and dict(labels)["route"] == layout]
        assert [v for _, v in sorted(buckets)] == sorted(v for _, v in buckets), "buckets are cumulative"
        assert 0 < value(samples, histogram + "_sum", route=layout) < 7

        assert value(samples, "http_connections_accepted_total") == 6 + scrapes - 1  # the scrapes' connections too
        assert value(samples, "skeleton_server_info", version="0.1.0") == 1
        assert value(samples, "process_resident_memory_bytes") > 1_000_000
        assert 5 <= value(samples, "process_open_fds") < value(samples, "process_max_fds")
        assert value(samples, "process_cpu_seconds_total") > 0
        assert value(samples, "process_start_time_seconds") > 1.7e9
    finally:
        assert server.stop() == 0


def test_random_paths_do_not_grow_the_label_set(server):
    client = server.client()
    assert client.request("/first/unknown/path").status == 404
    scrape(server)  # so that the scrape's own series exist before
    before = set(scrape(server))
    for _ in range(1000):
        path = "/" + "".join(random.choices(string.ascii_letters + string.digits + "/-._~", k=random.randint(1, 40)))
        assert client.request(path).status == 404
    client.close()
    assert set(scrape(server)) == before


def test_open_streams_and_pending_long_polls_are_gauged(server):
    client = server.client()
    token = __import__("json").loads(client.request("/loading-state?screen=movies&scenario=slow&speed=0.1").body)["session"]
    stream = open_events(server.port, f"session={token}")
    read_head(stream)
    poll = server.client()
    poll.send(f"GET /loading-state?session={token}&wait=30000 HTTP/1.1\r\nHost: t\r\n\r\n")
    gauges = ("http_event_streams_open", "http_long_polls_pending")
    # The poll may still be in flight.
    samples = scrape_until(server, lambda s: value(s, "http_long_polls_pending") != 0, "the long poll to be held", *gauges)
    assert value(samples, "http_event_streams_open") == 1
    assert value(samples, "http_long_polls_pending") == 1
    stream.close()
    poll.close()
    # The loops see the closes when they next read those connections.
    samples = scrape_until(server, lambda s: not any(value(s, name) for name in gauges),
                           "the closed stream and long poll to leave their gauges", *gauges)
    assert value(samples, "loading_sessions_started_total", screen="movies", scenario="slow") >= 1


def test_sessions_started_are_counted_by_screen_and_scenario():
    server = RunningServer()
    try:
        client = server.client()
        for query in ["screen=home", "screen=home&scenario=slow", "screen=home&scenario=slow&seed=4"]:
            assert client.request(f"/loading-state?{query}").status == 200
        events = read_events(open_events(server.port, "screen=inbox&scenario=instant"))
        assert events[-1][2] == "complete"
        token = __import__("json").loads(client.request("/loading-state?screen=thread").body)["session"]
        assert client.request(f"/loading-state?session={token}").status == 200  # following it starts nothing
        assert client.request("/loading-state?screen=home&at=5").status == 200  # nor does a snapshot
        client.close()
        samples = scrape(server)
        started = {dict(labels)["screen"] + "/" + dict(labels)["scenario"]: v
                   for (name, labels), v in samples.items() if name == "loading_sessions_started_total"}
        assert started == {"home/typical": 1, "home/slow": 2, "inbox/instant": 1, "thread/typical": 1}
    finally:
        assert server.stop() == 0


def test_no_metrics_counts_nothing_and_serves_no_metrics(server):
    """--no-metrics: GET /metrics is the 404 of a path no route matches, and stays that very
    response, byte for byte, after the traffic a server with metrics counts (every outcome of a
    request, loading sessions started, a stream, a long poll): nothing counted shows anywhere.
    The description lists every route of a server with metrics but /metrics."""
    bare = RunningServer("--no-metrics")
    try:
        client = bare.client()
        before = client.request("/metrics")
        assert before.status == 404 and before.header("content-type") == "application/problem+json"
        assert json.loads(before.body) == {"formatVersion":2, "type": "/problems/no-route", "title": "Not Found", "status": 404,
                                           "detail": "no route matches '/metrics'"}
        head = client.request("/metrics", method="HEAD")
        assert (head.status, head.body, head.header("content-length")) == (404, b"", str(len(before.body)))

        for path, status in [("/layouts/home", 200), ("/layouts/nope", 404), ("/no/such/path", 404),
                             ("/layouts/home?theme=%zz", 400), ("/loading-state?screen=home&scenario=slow", 200)]:
            assert client.request(path).status == status, path
        assert client.request("/layouts/home", method="POST").status == 405
        # A long poll held until thread's one change (959 virtual ms, seed 5) completes the load.
        token = json.loads(client.request("/loading-state?screen=thread&seed=5&speed=10").body)["session"]
        polled = client.request(f"/loading-state?session={token}&wait=30000")
        assert polled.status == 200 and json.loads(polled.body)["complete"] is True
        assert read_events(open_events(bare.port, "screen=inbox&scenario=instant&speed=100"))[-1][2] == "complete"
        assert raw_exchange(bare.port, "BREW /pot HTTP/1.1\r\nHost: t\r\n\r\n").startswith(b"HTTP/1.1 501 ")

        after = client.request("/metrics")
        assert (after.status, after.body) == (before.status, before.body)
        assert [f for f in after.headers if f[0] != "date"] == [f for f in before.headers if f[0] != "date"]

        described = set(json.loads(client.request("/openapi.json").body)["paths"])
        client.close()
        with_metrics = server.client()
        assert with_metrics.request("/metrics").status == 200
        assert described == set(json.loads(with_metrics.request("/openapi.json").body)["paths"]), "one description, with or without metrics"
        with_metrics.close()
    finally:
        assert bare.stop() == 0


def test_no_metrics_index_links_only_routes_served():
    bare = RunningServer("--no-metrics")
    try:
        client = bare.client()
        links = json.loads(client.request("/").body)["links"]
        assert "metrics" not in links and "/metrics" not in links.values()
        assert all(client.request(path).status != 404 for path in links.values() if "{" not in path), links
        client.close()
    finally:
        assert bare.stop() == 0
