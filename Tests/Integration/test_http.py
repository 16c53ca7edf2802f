"""HTTP/1.1 behaviour of the server core over real loopback sockets (docs/spec.md §6, RFC 9110/9112): framing,
persistence, pipelining, limits as the wire meets them, smuggling forms and how the connection ends,
timeouts, shutdown, the access log. Which status and problem a request gets (404, 405 and `Allow`,
OPTIONS, 501, 505, 413, 414, 431, targets) is tested in Swift, without sockets (RouterTests,
RequestParserTests, BodyReaderTests); one smoke per family stays here, marked so."""
import calendar
import json
import re
import socket
import struct
import time

import pytest

from conftest import EARLY, LATE, RunningServer, descriptors, raw_exchange, read_until, released_to

PROBLEM = "application/problem+json"


def test_keep_alive_reuses_one_connection(client):
    first = client.request("/healthz")
    second = client.request("/readyz")
    third = client.request("/")
    assert [first.status, second.status, third.status] == [200, 200, 200]
    assert json.loads(third.body)["name"] == "skeleton-server"
    assert first.header("connection") is None


def test_hundred_pipelined_requests_in_one_send_answer_in_order(client):
    paths = ["/healthz", "/readyz", "/", "/missing"]
    wire = "".join(f"GET {paths[i % 4]} HTTP/1.1\r\nHost: t\r\n\r\n" for i in range(100))
    client.send(wire)
    statuses = [client.response().status for _ in range(100)]
    assert statuses == [[200, 200, 200, 404][i % 4] for i in range(100)]
    assert client.request("/healthz").status == 200


def test_request_dribbled_one_byte_at_a_time(client):
    for byte in b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Long: abc\r\n\r\n":
        client.send(bytes([byte]))
    response = client.response()
    assert response.status == 200
    assert json.loads(response.body) == {"formatVersion":2, "status": "ok"}


def test_head_has_get_headers_and_no_body(client):
    get = client.request("/")
    head = client.request("/", method="HEAD")
    assert head.status == 200
    assert head.body == b""
    assert head.header("content-length") == get.header("content-length") == str(len(get.body))
    assert head.header("content-type") == "application/json"
    # The connection is still usable: no stray body bytes were sent.
    assert client.request("/healthz").status == 200


def test_every_response_carries_date_server_and_cors(client):
    response = client.request("/healthz")
    assert response.header("server") == "skeleton-server"
    assert response.header("access-control-allow-origin") == "*"
    assert response.header("date").endswith(" GMT")


def test_unknown_path_is_404_problem(client):
    """Smoke: the router's refusals (404, 405, OPTIONS) reach the wire. The rules: RouterTests."""
    response = client.request("/nope")
    assert response.status == 404
    assert response.header("content-type") == PROBLEM
    problem = json.loads(response.body)
    assert problem["status"] == 404 and "/nope" in problem["detail"]


def test_http_1_0_closes_unless_keep_alive(server):
    reply = raw_exchange(server.port, "GET /healthz HTTP/1.0\r\n\r\n")
    assert reply.startswith(b"HTTP/1.1 200 ") and b"Connection: close\r\n" in reply
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        for _ in range(2):
            sock.sendall(b"GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            head, body = read_until(sock, b"\r\n\r\n", "the head").split(b"\r\n\r\n", 1)
            assert b"\r\nConnection: keep-alive\r\n" in head + b"\r\n"
            length = int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0])
            assert read_until(sock, lambda data: len(data) >= length, "the body", buffer=body) == b'{"formatVersion":2,"status":"ok"}'


def test_connection_close_is_honoured(client):
    response = client.request("/healthz", headers=[("Connection", "close")])
    assert response.header("connection") == "close"
    assert client.how_closed() == "eof"


# --- Limits at their edges (docs/spec.md §6 defaults) -------------------------------------------

def header_section(total, count=2):
    """`count` fields (Host first) whose section, final CRLF included, is exactly `total` bytes."""
    fields = ["Host: t\r\n", "Connection: close\r\n"] + [f"X-{i}: v\r\n" for i in range(count - 2)]
    used = sum(map(len, fields)) + 2
    filler = total - used - len("X-Fill: \r\n")
    assert filler >= 0
    fields.append("X-Fill: " + "f" * filler + "\r\n")
    section = "".join(fields) + "\r\n"
    assert len(section) == total
    return section


def test_header_section_at_limit_passes_and_one_over_is_431(server):
    """Smoke: the parser's refusals (413, 414, 431, 501, 505) reach the wire. The rules: RequestParserTests."""
    assert raw_exchange(server.port, "GET /healthz HTTP/1.1\r\n" + header_section(16384)).startswith(b"HTTP/1.1 200 ")
    assert raw_exchange(server.port, "GET /healthz HTTP/1.1\r\n" + header_section(16385)).startswith(b"HTTP/1.1 431 ")


def test_body_at_limit_is_read_over_many_reads(server):
    # One over (413) is the parser's: RequestParserTests.theServersDefaultLimitsHoldAtTheirEdges.
    limit = 1024 * 1024
    head = "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: {}\r\n\r\n"
    assert raw_exchange(server.port, head.format(limit).encode() + b"x" * limit).startswith(b"HTTP/1.1 200 ")


def test_chunked_body_at_limit_is_read_over_many_reads(server):
    # One over (413) is the body reader's: BodyReaderTests.chunkedBodyAtTheDefaultLimitIsReadAndOneOverIs413.
    limit = 1024 * 1024
    head = b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
    half = limit // 2
    body = b"%x;ext=1\r\n%s\r\n%x\r\n%s\r\n0\r\nX-Trailer: t\r\n\r\n" % (half, b"a" * half, limit - half, b"b" * (limit - half))
    assert raw_exchange(server.port, head + body).startswith(b"HTTP/1.1 200 ")


def test_chunked_body_then_pipelined_request(client):
    client.send("GET /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
                "GET /readyz HTTP/1.1\r\nHost: t\r\n\r\n")
    assert client.response().status == 200
    assert json.loads(client.response().body) == {"formatVersion":2, "ready": True}


def test_header_timeout_is_408_then_close():
    server = RunningServer("--header-timeout-ms", "300")
    try:
        client = server.client()
        started = time.monotonic()
        client.send("GET /healthz HTTP/1.1\r\nHost: t\r\n")
        response = client.response()
        assert time.monotonic() - started >= 0.3 - EARLY, "answered before the header timeout"
        assert response.status == 408
        assert response.header("connection") == "close"
        assert client.how_closed() == "eof"
    finally:
        assert server.stop() == 0


def test_a_connection_that_sends_nothing_is_closed_with_nothing_sent():
    """Accepting waits for a client's first bytes (TCP_DEFER_ACCEPT); one that sends none is accepted
    about a second later all the same, and closed at the header timeout without a response: not
    before the timeout (2 s, past the accept, so that a close at the accept fails), and not much
    after it (the accept's delay, at most a few seconds of the kernel's SYN-ACK retries, and LATE)."""
    server = RunningServer("--header-timeout-ms", "2000")
    try:
        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            assert sock.recv(1024) == b""
            closed = time.monotonic() - started
        assert 2.0 - EARLY <= closed < 2.0 + 3 + LATE, f"closed {closed:.3f} s after the connect"
    finally:
        assert server.stop() == 0


def test_idle_keep_alive_connection_is_closed():
    server = RunningServer("--idle-timeout-ms", "300")
    try:
        client = server.client()
        assert client.request("/healthz").status == 200
        started = time.monotonic()
        assert client.how_closed(timeout=5) == "eof"
        assert time.monotonic() - started < 3
    finally:
        assert server.stop() == 0


# --- Request smuggling forms: 400 and a graceful close (docs/spec.md §6, RFC 9112 §11.2) ----------

SMUGGLING = {
    "content_length_with_transfer_encoding":
        "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "differing_content_lengths":
        "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
    "differing_content_length_list":
        "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5, 6\r\n\r\nhello!",
    "malformed_content_length":
        "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5x\r\n\r\nhello",
    "negative_content_length":
        "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n",
    "transfer_coding_other_than_chunked":
        "POST /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
    "unknown_transfer_coding":
        "POST /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: identity\r\n\r\n",
    "obsolete_line_folding":
        "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Folded: a\r\n b\r\n\r\n",
    "whitespace_before_colon":
        "GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length : 0\r\n\r\n",
    "missing_host":
        "GET /healthz HTTP/1.1\r\nAccept: */*\r\n\r\n",
    "duplicate_host":
        "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
    "bare_line_feed":
        "GET /healthz HTTP/1.1\nHost: t\n\n",
    "transfer_encoding_in_http_1_0":
        "POST /healthz HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
}


@pytest.mark.parametrize("name", sorted(SMUGGLING))
def test_smuggling_form_is_refused_with_400_and_closed(server, name):
    client = server.client()
    try:
        # A follow-up request rides in the same send: it must never be answered.
        client.send(SMUGGLING[name] + "GET /readyz HTTP/1.1\r\nHost: t\r\n\r\n")
        response = client.response()
        assert response.status == 400, response
        assert response.header("content-type") == PROBLEM
        assert response.header("connection") == "close"
        assert json.loads(response.body)["detail"]
        assert client.how_closed() == "eof"
    finally:
        client.close()


# --- Clients that vanish ----------------------------------------------------------------

def test_client_vanishing_mid_request_and_mid_response_costs_only_its_connection(server):
    """Each connection's descriptor is given back once its client has gone, and no other is left
    open (the server's descriptors, /proc/PID/fd, are those it had before)."""
    before = descriptors(server.pid)
    for _ in range(20):
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Partial: ")
    released_to(server.pid, before)
    for _ in range(20):
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: t\r\n\r\n" * 200)
        read_until(sock, b"HTTP/1.1 200 ", "a response begun")  # the server holds the connection: mid-response
        # Reset instead of a FIN, with responses still unread.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
    released_to(server.pid, before)
    client = server.client()
    try:
        assert client.request("/healthz").status == 200
    finally:
        client.close()


def test_request_then_half_close_still_gets_its_response(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        sock.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := sock.recv(4096):
            data += chunk
    assert data.startswith(b"HTTP/1.1 200 ") and data.endswith(b'{"formatVersion":2,"status":"ok"}')


# --- Shutdown ----------------------------------------------------------------------------

def test_sigterm_lets_an_in_flight_request_finish_and_exits_0():
    server = RunningServer()
    idle = server.client()
    assert idle.request("/healthz").status == 200
    slow = server.client()
    # Accepted first (a connection still in the listener's queue is reset when the listener closes;
    # that race is the kernel's, not the drain's), then a request in flight: head not complete.
    assert slow.request("/healthz").status == 200
    slow.send("GET /readyz HTTP/1.1\r\nHost: t\r\n")
    server.process.send_signal(15)
    assert idle.how_closed(timeout=5) == "eof", "idle connections are closed at shutdown"
    slow.send("\r\n")
    response = slow.response()
    # Answered, with the readiness of a draining server, and the connection closes after it.
    assert response.status == 503
    assert json.loads(response.body) == {"formatVersion":2, "ready": False}
    assert response.header("connection") == "close"
    assert server.process.wait(10) == 0


def test_shutdown_stops_accepting():
    """Once the drain has begun (its idle connection closed), a connection is refused while the
    process still runs, kept by a request in flight."""
    server = RunningServer("--threads", "1")  # one loop, one listening descriptor: closed before the idle connections
    idle, slow = server.client(), server.client()
    assert idle.request("/healthz").status == 200 and slow.request("/healthz").status == 200
    slow.send("GET /healthz HTTP/1.1\r\nHost: t\r\n")
    server.process.send_signal(15)
    assert idle.how_closed(timeout=5) == "eof", "the drain began"
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", server.port), timeout=2)
    assert server.alive(), "refused by the draining process, not by a port nobody holds"
    slow.send("\r\n")
    assert slow.response().status == 200
    assert server.process.wait(10) == 0


# --- Resource limits ----------------------------------------------------------------------

def test_descriptor_exhaustion_does_not_spin_and_existing_connections_are_served():
    import resource

    def few_descriptors():
        resource.setrlimit(resource.RLIMIT_NOFILE, (32, 32))

    server = RunningServer("--threads", "1", preexec_fn=few_descriptors)
    try:
        first = server.client()
        assert first.request("/healthz").status == 200
        extra = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(60)]
        before = server.cpu_seconds()
        ready = first.request("/readyz")  # a round trip through the loop while the listener is starved
        assert ready.status == 200
        time.sleep(1.0)  # measuring CPU over an interval: there is no event to await
        # CPU used, not time taken: a loaded machine can only give the server less of it, so load
        # can make a spinning loop pass, never an idle one fail. A spin uses the whole second.
        assert server.cpu_seconds() - before < 0.3, "the accept loop spins on EMFILE"
        assert first.request("/healthz").status == 200
        for sock in extra:
            sock.close()
        late = server.client()
        assert late.request("/healthz").status == 200
        late.close()
        first.close()
    finally:
        assert server.stop() == 0


def test_connections_over_the_maximum_are_closed_at_once():
    server = RunningServer("--max-connections", "3", "--threads", "1")
    try:
        clients = [server.client() for _ in range(3)]
        for c in clients:
            assert c.request("/healthz").status == 200
        over = server.client()
        assert over.how_closed(timeout=3) == "eof"
        clients[0].close()
        # The slot frees once the server has seen the close; retry until it has (bounded).
        deadline = time.monotonic() + 3
        while True:
            late = server.client()
            try:
                assert late.request("/healthz").status == 200
                break
            except (ConnectionError, OSError):
                assert time.monotonic() < deadline
            finally:
                late.close()
        for c in clients[1:]:
            c.close()
    finally:
        assert server.stop() == 0


def test_bad_flag_is_one_line_and_exit_2():
    import subprocess
    from conftest import BINARY
    result = subprocess.run([BINARY, "--bogus"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--bogus" in result.stderr
    result = subprocess.run([BINARY, "--port", "99999"], capture_output=True, text=True)
    assert result.returncode == 2 and "0 to 65535" in result.stderr


def test_help_and_version():
    import subprocess
    from conftest import BINARY
    help_text = subprocess.run([BINARY, "--help"], capture_output=True, text=True, check=True).stdout
    for flag in ["--host", "--port", "--threads", "--help", "--version", "--log-format"]:
        assert flag in help_text
    version = subprocess.run([BINARY, "--version"], capture_output=True, text=True, check=True).stdout
    assert version.startswith("skeleton-server ")


def test_port_and_host_come_from_the_environment_and_flags_win():
    """HOST=127.0.0.2 (not the default 127.0.0.1) and PORT=0 (not the default 8080) are read: the
    server listens on 127.0.0.2 only, on a port the kernel chose. A flag wins over each."""
    from_environment = RunningServer(env={"HOST": "127.0.0.2", "PORT": "0"}, port=None)
    flags_win = RunningServer("--host", "127.0.0.1", env={"HOST": "127.0.0.2", "PORT": "1"})  # and --port 0
    try:
        assert from_environment.host == "127.0.0.2" and from_environment.port not in (0, 8080)
        assert from_environment.client().request("/healthz").status == 200
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", from_environment.port), timeout=2)
        assert (flags_win.host, flags_win.port != 1) == ("127.0.0.1", True)
        assert flags_win.client().request("/healthz").status == 200
    finally:
        assert from_environment.stop() == 0 and flags_win.stop() == 0


def start_logging_server(*flags):
    """A server with its access log on (standard output): its process and port."""
    server = RunningServer(*flags, access_log=True)
    return server.process, server.port


def test_json_access_log_has_one_parseable_line_per_request():
    process, port = start_logging_server("--log-format", "json", "--threads", "2")
    c = __import__("conftest").Client(port)
    local_port = c.sock.getsockname()[1]
    before = time.time()
    assert c.request("/layouts/home?theme=dark").status == 200
    assert c.request('/nope?q="x"').status == 404
    assert c.request('/no\\pe').status == 404
    c.close()
    process.send_signal(15)
    lines = process.stdout.read().decode().splitlines()
    assert process.wait(10) == 0
    entries = [json.loads(line) for line in lines]
    assert [(e["method"], e["target"], e["status"], e["peer"]) for e in entries] == [
        ("GET", "/layouts/home?theme=dark", 200, f"127.0.0.1:{local_port}"),
        ("GET", "/nope?q=%22x%22", 404, f"127.0.0.1:{local_port}"),
        ("GET", "/no%5Cpe", 404, f"127.0.0.1:{local_port}")]
    assert all(e["bytes"] > 0 and e["us"] >= 0 for e in entries)
    for e in entries:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", e["time"]), e["time"]
        stamp = calendar.timegm(time.strptime(e["time"][:19], "%Y-%m-%dT%H:%M:%S")) + int(e["time"][20:23]) / 1000
        assert before - 1 <= stamp <= time.time() + 1


def test_a_stream_is_logged_with_every_byte_it_sent_and_one_cut_short_too():
    """An event stream's line counts what went on the wire, head and chunk framing included; a
    stream whose client leaves before its end still gets its line, with what was sent until then."""
    process, port = start_logging_server("--log-format", "json", "--threads", "1")
    whole = b"GET /loading-state/events?screen=inbox&scenario=instant&speed=100 HTTP/1.1\r\nHost: t\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(whole)
        received = read_until(sock, lambda data: data.endswith(b"\r\n0\r\n\r\n"), "the stream's last chunk")
    cut = b"GET /loading-state/events?screen=movies&scenario=slow HTTP/1.1\r\nHost: t\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(cut)
        first_event = read_until(sock, lambda data: b"\n\n" in data.partition(b"\r\n\r\n")[2], "the first event")
    process.send_signal(15)
    entries = [json.loads(line) for line in process.stdout.read().decode().splitlines()]
    assert process.wait(10) == 0
    assert [(e["target"].split("?")[1][:12], e["status"]) for e in entries] == [("screen=inbox", 200), ("screen=movie", 200)]
    assert entries[0]["bytes"] == len(received)
    assert entries[1]["bytes"] >= len(first_event) > 0


def test_text_access_log_line_names_time_peer_and_request():
    process, port = start_logging_server()
    c = __import__("conftest").Client(port)
    local_port = c.sock.getsockname()[1]
    assert c.request("/healthz").status == 200
    # Written within the loop's quarter-second flush, without waiting for exit.
    line = process.stdout.readline().decode()
    c.close()
    process.send_signal(15)
    assert process.wait(10) == 0
    assert re.fullmatch(rf"\d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{{3}}Z 127\.0\.0\.1:{local_port} GET /healthz 200 \d+ \d+\n", line), line


def test_access_log_names_the_peer_of_each_line_when_clients_alternate():
    """The log reuses a peer's text while lines come from the same peer: it must change with the peer."""
    process, port = start_logging_server("--threads", "1")
    clients = [__import__("conftest").Client(port) for _ in range(3)]
    ports = [c.sock.getsockname()[1] for c in clients]
    for _ in range(2):
        for c in clients:
            assert c.request("/healthz").status == 200
    for c in clients:
        c.close()
    process.send_signal(15)
    lines = process.stdout.read().decode().splitlines()
    assert process.wait(10) == 0
    assert [line.split(" ")[1] for line in lines] == [f"127.0.0.1:{p}" for p in ports * 2]


def test_no_access_log_line_is_lost_at_exit():
    import threading
    process, port = start_logging_server("--threads", "2")
    output = []
    reader = threading.Thread(target=lambda: output.append(process.stdout.read()))  # a pipe that never fills
    reader.start()
    clients = [__import__("conftest").Client(port) for _ in range(4)]
    for c in clients:
        c.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n" * 500)
    for c in clients:
        for _ in range(500):
            assert c.response().status == 200
        c.close()
    process.send_signal(15)  # at once: lines are still in the loops' buffers
    assert process.wait(10) == 0
    reader.join(10)
    lines = output[0].decode().splitlines()
    assert len(lines) == 2000 and all(" GET /healthz 200 " in line for line in lines)


def test_a_slow_reader_gets_every_byte_of_a_large_pipelined_batch():
    """3.6 MB of pipelined responses: more than the output high-water mark and the socket buffers, so
    processing pauses, output waits in the connection's outbox for EPOLLOUT, and the held-back
    requests are not mistaken for a request that is late (a bug: they got a 408 once)."""
    server = RunningServer("--header-timeout-ms", "1000")
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 256 * 1024)
            request = b"GET /layouts/movies?expand=true HTTP/1.1\r\nHost: t\r\n\r\n"
            sock.sendall(request * 300 + b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            time.sleep(0.5)  # not synchronisation: the point is to fill the server's send buffer before reading
            data = b""
            while chunk := sock.recv(1 << 16):
                data += chunk
                time.sleep(0.001)  # a slow reader, longer in all than the header timeout
        assert data.count(b"HTTP/1.1 200 OK\r\n") == 301
        assert data.endswith(b'{"formatVersion":2,"status":"ok"}')
    finally:
        assert server.stop() == 0
