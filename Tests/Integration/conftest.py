"""Fixtures for wire-level tests: the real skeleton-server binary on a kernel-chosen port."""
import contextlib
import os
import socket
import sys
import time

import h11
import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import launcher  # noqa: E402  (Tests/launcher.py: the one server launcher of the Python suites)
from launcher import BINARY, ROOT  # noqa: E402, F401  (imported from here by the test files)

# How much later than its time a timed answer (a held /data reply, an event, a long poll's
# return) may reach a test. Exactness is tested on the server's own reports (event ids, elapsedMs,
# Server-Timing, retryAfterMs) and on lower bounds, which a slow machine cannot break: nothing
# may arrive early. This slack only keeps a process-level check from passing a reply held far
# too long. Chosen as 1.5 s: at least 20 times the worst lateness seen in ten runs of this suite
# under ThreadSanitizer on two loaded cores, and below the shortest wrong answer these tests
# tell apart (a time not scaled by the load's speed, ten times the scaled one).
LATE = 1.5
# Rounding: the server keeps its schedule in whole milliseconds.
EARLY = 0.002
LATENESS = []


def assert_on_time(what, seconds, due):
    """`seconds` (measured from before the request that started the clock) is not before `due`,
    and at most LATE after it; every lateness is kept for the run's summary line."""
    assert seconds >= due - EARLY, f"{what}: {(due - seconds) * 1000:.1f} ms early"
    assert seconds <= due + LATE, f"{what}: {(seconds - due) * 1000:.1f} ms late"
    LATENESS.append(seconds - due)


def pytest_terminal_summary(terminalreporter):
    if LATENESS:
        terminalreporter.write_line(f"timed answers: {len(LATENESS)}, the latest {max(LATENESS) * 1000:.1f} ms after its time"
                                    f" (slack {LATE * 1000:.0f} ms)")


class RunningServer(launcher.RunningServer):
    """A skeleton-server process started by the shared launcher (`Tests/launcher.py`: port 0,
    ready at its `listening on` line, `SKELETON_SERVER_FLAGS` first), with a client factory."""

    def client(self, timeout=5.0):
        return Client(self.port, timeout, self.host)


class Response:
    def __init__(self, status, headers, body, http_version):
        self.status = status
        self.headers = headers  # list of (name, value) as lower-case str
        self.body = body
        self.http_version = http_version

    def header(self, name):
        values = [v for k, v in self.headers if k == name.lower()]
        return values[0] if values else None

    def __repr__(self):
        return f"<Response {self.status} {self.headers} {self.body[:200]!r}>"


class Client:
    """A raw socket plus a strict HTTP/1.1 response parser (h11): every response a test reads
    goes through h11, so any framing or syntax error in a response fails the test."""

    def __init__(self, port, timeout=5.0, host="127.0.0.1"):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.parser = h11.Connection(h11.CLIENT, max_incomplete_event_size=1 << 22)

    def send(self, data):
        if isinstance(data, str):
            data = data.encode("latin-1")
        self.sock.sendall(data)

    def request(self, path="/healthz", method="GET", headers=()):
        lines = [f"{method} {path} HTTP/1.1", "Host: test", *[f"{k}: {v}" for k, v in headers]]
        self.send("\r\n".join(lines) + "\r\n\r\n")
        return self.response(method)

    def response(self, method="GET"):
        """Reads one response to a request made with `method`."""
        if self.parser.our_state is h11.DONE and self.parser.their_state is h11.DONE:
            self.parser.start_next_cycle()
        self.parser.send(h11.Request(method=method, target="/", headers=[("Host", "test")]))
        self.parser.send(h11.EndOfMessage())
        head, body = None, b""
        while True:
            event = self.parser.next_event()
            if event is h11.NEED_DATA:
                data = self.sock.recv(1 << 16)
                self.parser.receive_data(data)
                continue
            if isinstance(event, h11.Response):
                head = event
            elif isinstance(event, h11.InformationalResponse):
                continue
            elif isinstance(event, h11.Data):
                body += bytes(event.data)
            elif isinstance(event, h11.EndOfMessage):
                headers = [(k.decode().lower(), v.decode("latin-1")) for k, v in head.headers]
                return Response(head.status_code, headers, body, head.http_version.decode())
            elif isinstance(event, h11.ConnectionClosed):
                raise ConnectionError("closed before a complete response")

    def how_closed(self, timeout=3.0):
        """How the server ends the stream within `timeout`, after any bytes still in flight: "eof"
        (a FIN, the graceful close), "reset" (an RST, the abortive one), or None (still open)."""
        deadline = time.monotonic() + timeout
        try:
            while (left := deadline - time.monotonic()) > 0:
                self.sock.settimeout(left)
                if not self.sock.recv(1 << 16):
                    return "eof"
        except socket.timeout:
            pass
        except ConnectionResetError:
            return "reset"
        return None

    def close(self):
        self.sock.close()


@pytest.fixture(scope="module")
def server():
    running = RunningServer()
    yield running
    assert running.stop() == 0


@pytest.fixture
def client(server):
    c = server.client()
    yield c
    c.close()


def read_until(sock, done, what, timeout=15.0, buffer=b""):
    """Reads from `sock` onto `buffer` until `done(buffer)` (or, given bytes, until they are in it)
    and returns it; fails saying `what` was awaited at an end of the stream (a recv of b"") or
    once `timeout` seconds have passed in all, however the bytes trickle."""
    if isinstance(done, bytes):
        marker = done
        done = lambda data: marker in data  # noqa: E731
    deadline = time.monotonic() + timeout
    previous = sock.gettimeout()
    try:
        while not done(buffer):
            left = deadline - time.monotonic()
            assert left > 0, f"{what}: not within {timeout} s, after {buffer[-300:]!r}"
            sock.settimeout(left)
            try:
                data = sock.recv(1 << 16)
            except socket.timeout:
                continue
            assert data, f"{what}: the connection ended first, after {buffer[-300:]!r}"
            buffer += data
    finally:
        sock.settimeout(previous)
    return buffer


def descriptors(pid):
    """The open descriptors of process `pid`: {number: what it is, as /proc/PID/fd/N links it}."""
    found = {}
    for name in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(FileNotFoundError):  # closed while listed
            found[int(name)] = os.readlink(f"/proc/{pid}/fd/{name}")
    return found


def opened_since(pid, before):
    """The descriptors of `pid` open now that were not in `before` (a number reused counts as new)."""
    return {fd: what for fd, what in descriptors(pid).items() if before.get(fd) != what}


def released_to(pid, before, timeout=5.0):
    """Waits until every descriptor `pid` opened since `before` is closed again; fails naming those
    still open after `timeout`. (The kernel gives no signal of a close to another process: this polls.)"""
    deadline = time.monotonic() + timeout
    while opened := opened_since(pid, before):
        assert time.monotonic() < deadline, f"descriptors still open after {timeout} s: {opened}"
        time.sleep(0.01)


def raw_exchange(port, data, timeout=5.0):
    """Sends bytes, then reads until the server closes (or the timeout): everything it said."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data if isinstance(data, bytes) else data.encode("latin-1"))
        chunks = []
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                chunk = sock.recv(1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
        except (socket.timeout, ConnectionResetError):
            pass
        data = b"".join(chunks)
        strictly_parsed(data)
        return data


def strictly_parsed(data):
    """Parses the first response in `data` with h11; fails the test if it is not well-formed."""
    if not data:
        return None
    parser = h11.Connection(h11.CLIENT, max_incomplete_event_size=1 << 22)
    parser.send(h11.Request(method="GET", target="/", headers=[("Host", "test")]))
    parser.send(h11.EndOfMessage())
    parser.receive_data(data)
    parser.receive_data(b"")
    while True:
        event = parser.next_event()
        assert event is not h11.NEED_DATA, f"incomplete response: {data[:300]!r}"
        if isinstance(event, h11.EndOfMessage):
            return event
        assert not isinstance(event, h11.ConnectionClosed), f"closed mid-response: {data[:300]!r}"
