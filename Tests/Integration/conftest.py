"""Fixtures for wire-level tests: the real skeleton-server binary on a kernel-chosen port."""
import os
import re
import shlex
import signal
import socket
import subprocess
import time

import h11
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("SKELETON_SERVER_BIN", os.path.join(ROOT, ".build", "debug", "skeleton-server"))
# Flags for every server a test starts (scripts/sanitize gives "--threads 2"). They go before the
# test's own flags, and the server takes the last of a repeated flag, so a test's own flag wins.
EXTRA_FLAGS = shlex.split(os.environ.get("SKELETON_SERVER_FLAGS", ""))

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


class RunningServer:
    """A skeleton-server process; ready once it has printed the URL it listens on."""

    def __init__(self, *flags, env=None, preexec_fn=None):
        environment = dict(os.environ, **(env or {}))
        environment.pop("HOST", None)
        environment.pop("PORT", None)
        if env:
            environment.update(env)
        self.process = subprocess.Popen(
            [BINARY, "--port", "0", "--no-access-log", *EXTRA_FLAGS, *flags],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, preexec_fn=preexec_fn,
        )
        line = self.process.stdout.readline().decode()
        match = re.search(r"listening on http://([^\s]+):(\d+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"server did not start: {line!r} {self.process.stderr.read()!r}")
        self.host = match.group(1)
        self.port = int(match.group(2))
        self.url = f"http://127.0.0.1:{self.port}"

    def cpu_seconds(self):
        """User plus system CPU time the process has used so far."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def client(self, timeout=5.0):
        return Client(self.port, timeout)

    def stop(self, timeout=10):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()


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

    def __init__(self, port, timeout=5.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
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

    def is_closed_by_server(self, timeout=3.0):
        """True when the server ends the stream (after any bytes still in flight) within `timeout`."""
        self.sock.settimeout(timeout)
        try:
            while True:
                data = self.sock.recv(1 << 16)
                if not data:
                    return True
        except socket.timeout:
            return False
        except ConnectionResetError:
            return True

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
