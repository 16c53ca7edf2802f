"""Scale-out behind a real nginx (deploy/nginx.conf as operators run it): three replicas with one
session secret, round robin. Sessions, polls, long polls and event streams through the proxy land
on different replicas and agree with one server; a replica drained mid-stream loses the client
nothing."""
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time

import pytest

from conftest import ROOT, RunningServer
from test_loading import read_events

SECRET = "scale-out test secret"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Proxy:
    """nginx in the foreground with deploy/nginx.conf, its three server lines and listen port
    replaced, and `X-Upstream` added so that a test sees which replica answered."""

    def __init__(self, replica_ports):
        subprocess.run([os.path.join(ROOT, "scripts", "nginx-install")], check=True)
        self.directory = tempfile.mkdtemp(prefix="skeleton-nginx-")
        config = open(os.path.join(ROOT, "deploy", "nginx.conf")).read()
        servers = "".join(f"        server 127.0.0.1:{port};\n" for port in replica_ports)
        config, count = re.subn(r"(        server 127\.0\.0\.1:808\d;\n)+", servers, config)
        assert count == 1, "deploy/nginx.conf lists its replicas as 'server 127.0.0.1:808N;' lines"
        self.port = free_port()
        config = config.replace("listen 8080;", f"listen 127.0.0.1:{self.port};\n        add_header X-Upstream $upstream_addr always;")
        config = config.replace("worker_processes auto;", "worker_processes 1;")
        config = config.replace("http {", f"http {{\n    access_log off;\n    client_body_temp_path {self.directory}/body;\n"
                                          f"    proxy_temp_path {self.directory}/proxy;", 1)
        path = os.path.join(self.directory, "nginx.conf")
        with open(path, "w") as f:
            f.write(config)
        self.process = subprocess.Popen(
            ["nginx", "-p", self.directory, "-c", path, "-g", f"daemon off; pid {self.directory}/nginx.pid; error_log {self.directory}/error.log;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while True:  # nginx prints nothing when ready: its port accepting is the signal
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except ConnectionRefusedError:
                assert self.process.poll() is None, self.process.stderr.read()
                assert time.monotonic() < deadline, "nginx did not start listening"
                time.sleep(0.02)

    def stop(self):
        self.process.terminate()
        self.process.wait(10)
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster():
    replicas = [RunningServer("--session-secret", SECRET) for _ in range(3)]
    proxy = Proxy([r.port for r in replicas])
    yield proxy, replicas
    proxy.stop()
    for replica in replicas:
        replica.stop()


def get(port, path, headers=()):
    client = __import__("conftest").Client(port, timeout=10)
    try:
        return client.request(path, headers=headers)
    finally:
        client.close()


def upstream(response):
    return response.header("x-upstream")


def test_requests_go_round_robin_and_documents_agree_with_one_server(cluster):
    proxy, replicas = cluster
    paths = ["/layouts/home?theme=dark", "/loading-state/timeline?screen=movies&scenario=error&seed=5",
             "/loading-state?screen=inbox&scenario=slow&seed=2&at=1500", "/themes/light"]
    for path in paths:
        direct = get(replicas[0].port, path).body
        through = [get(proxy.port, path) for _ in range(3)]
        assert len({upstream(r) for r in through}) == 3, [upstream(r) for r in through]
        assert all(r.status == 200 and r.body == direct for r in through)


def test_a_session_is_followed_across_replicas(cluster):
    proxy, replicas = cluster
    started = get(proxy.port, "/loading-state?screen=home&scenario=typical&seed=7&speed=4")
    state = json.loads(started.body)
    token, served = state["session"], {upstream(started)}
    timeline = json.loads(get(replicas[1].port, "/loading-state/timeline?screen=home&scenario=typical&seed=7").body)
    final = {e["id"]: e for e in timeline["elements"]}
    seen_elapsed = 0
    while not state["complete"]:
        response = get(proxy.port, f"/loading-state?session={token}&wait=5000")  # long polls, each to the next replica
        assert response.status == 200
        served.add(upstream(response))
        state = json.loads(response.body)
        assert state["session"] == token and state["elapsedMs"] >= seen_elapsed
        seen_elapsed = state["elapsedMs"]
        for element in state["elements"]:
            if element["status"] != "loading":
                assert element == final[element["id"]], "every replica reads the same schedule from the token"
    assert len(served) == 3


def test_events_stream_through_the_proxy_and_resume_on_another_replica(cluster):
    proxy, _ = cluster
    token = json.loads(get(proxy.port, "/loading-state?screen=movies&scenario=typical&seed=9&speed=4").body)["session"]
    sock = socket.create_connection(("127.0.0.1", proxy.port), timeout=15)
    sock.sendall(f"GET /loading-state/events?session={token} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
    events = read_events(sock)
    sock.close()
    assert events[0][2] == "snapshot" and events[-1][2] == "complete"
    changes = [e for e in events if e[2] == "element"]
    assert len(changes) >= 3
    # Not buffered until the end: events arrived spread over the session's time.
    assert events[-1][0] - events[0][0] > 0.2

    resume_after = changes[1][1]
    sock = socket.create_connection(("127.0.0.1", proxy.port), timeout=15)
    sock.sendall(f"GET /loading-state/events?session={token} HTTP/1.1\r\nHost: t\r\nLast-Event-ID: {resume_after}\r\n\r\n".encode())
    resumed = read_events(sock)
    sock.close()
    assert [(e[1], e[3]) for e in resumed if e[2] == "element"] == [(e[1], e[3]) for e in changes if e[1] > resume_after]


def test_a_drained_replica_loses_the_client_nothing():
    replicas = [RunningServer("--session-secret", SECRET) for _ in range(3)]
    proxy = Proxy([r.port for r in replicas])
    try:
        token = json.loads(get(proxy.port, "/loading-state?screen=movies&scenario=slow&seed=4&speed=2").body)["session"]
        timeline = json.loads(get(replicas[0].port, "/loading-state/timeline?screen=movies&scenario=slow&seed=4").body)

        sock = socket.create_connection(("127.0.0.1", proxy.port), timeout=15)
        sock.sendall(f"GET /loading-state/events?session={token} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
        stream = EventReader(sock)
        served_by = int(re.search(rb"X-Upstream: 127\.0\.0\.1:(\d+)", stream.head()).group(1))
        drained = next(r for r in replicas if r.port == served_by)

        # Other clients keep polling through the proxy while the replica drains.
        failures, stop = [], threading.Event()

        def poll():
            while not stop.is_set():
                response = get(proxy.port, f"/loading-state?session={token}")
                if response.status != 200:
                    failures.append(response)
        pollers = [threading.Thread(target=poll) for _ in range(2)]
        for thread in pollers:
            thread.start()

        first_part = [stream.next()]
        assert first_part[0][2] == "snapshot"
        drained.process.send_signal(15)
        while (event := stream.next()) is not None:
            first_part.append(event)
        sock.close()
        assert first_part[-1][2] == "reconnect" and first_part[-1][3] == {"reason": "draining"}
        last_id = first_part[-1][1]
        assert drained.process.wait(10) == 0

        sock = socket.create_connection(("127.0.0.1", proxy.port), timeout=30)
        sock.sendall(f"GET /loading-state/events?session={token} HTTP/1.1\r\nHost: t\r\nLast-Event-ID: {last_id}\r\n\r\n".encode())
        rest = read_events(sock)
        sock.close()
        stop.set()
        for thread in pollers:
            thread.join(10)
        assert failures == []
        assert rest[-1][2] == "complete"

        # Across both parts: every element change after the snapshot exactly once, in order.
        snapshot_time = first_part[0][1]
        received = [e[3]["id"] for e in first_part + rest if e[2] == "element"]
        expected = [e["id"] for e in sorted(timeline["elements"], key=lambda e: e.get("readyAtMs", e.get("failedAtMs")))
                    if e.get("readyAtMs", e.get("failedAtMs")) > snapshot_time]
        assert sorted(received) == sorted(expected) and len(received) == len(set(received))
    finally:
        proxy.stop()
        for replica in replicas:
            replica.stop()


class EventReader:
    """A chunked text/event-stream read incrementally: the head, then one event at a time."""

    def __init__(self, sock):
        self.sock, self.buffer, self.text = sock, b"", ""

    def head(self):
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        return head

    def next(self):
        """The next event as (arrival, id, event, data); None when the stream has ended."""
        while True:
            while "\n\n" in self.text:
                block, self.text = self.text.split("\n\n", 1)
                fields = dict(line.split(": ", 1) for line in block.split("\n") if not line.startswith(":"))
                if fields:
                    return time.monotonic(), int(fields["id"]), fields["event"], json.loads(fields["data"])
            while b"\r\n" not in self.buffer:
                self.buffer += self.sock.recv(65536)
            size_line, rest = self.buffer.split(b"\r\n", 1)
            size = int(size_line, 16)
            while len(rest) < size + 2:
                rest += self.sock.recv(65536)
            if size == 0:
                return None
            self.text += rest[:size].decode()
            self.buffer = rest[size + 2:]
