"""The limit flags (`--max-request-line`, `--max-header-bytes`, `--max-header-count`,
`--max-body-bytes`) at values other than their defaults: each moves its boundary exactly, a
request at it is served, one byte or one field over is the status `--help` documents with a
problem naming the limit, and a value outside the flag's range stops the server before it starts.
(test_http.py checks the defaults.)"""
import json
import re
import subprocess

import pytest

from conftest import BINARY, RunningServer

PROBLEM = "application/problem+json"
READY = {"formatVersion":2, "ready": True}

# flag: (the status beyond it, its default, its range), as CommandLine.swift and --help give them.
FLAGS = {
    "--max-request-line": (414, 8192, (64, 1048576)),
    "--max-header-bytes": (431, 16384, (64, 1048576)),
    "--max-header-count": (431, 100, (1, 10000)),
    "--max-body-bytes": (413, 1048576, (0, 1073741824)),
}
TITLES = {413: "Content Too Large", 414: "URI Too Long", 431: "Request Header Fields Too Large"}
TYPES = {413: "/problems/content-too-large", 414: "/problems/uri-too-long", 431: "/problems/header-fields-too-large"}


def started(*flags):
    return RunningServer("--threads", "1", *flags)


def served_then_kept_alive(server, wire, status=200):
    """Sends `wire` (one request) and then a GET /readyz on the same connection: the request is
    answered with `status`, and the next one with /readyz's document, so the server took the
    request's bytes (head and body) exactly, neither fewer nor more."""
    client = server.client(timeout=10)
    try:
        client.send(wire + b"GET /readyz HTTP/1.1\r\nHost: t\r\n\r\n")
        first = client.response()
        assert first.status == status, first
        assert first.header("connection") is None, first
        second = client.response()
        assert second.status == 200 and json.loads(second.body) == READY, second
        return first
    finally:
        client.close()


def refused(server, wire, status, detail):
    """Sends `wire`: the answer is `status`, the problem `detail` exactly, and the server then
    closes the connection (RFC 9112 §9.6)."""
    client = server.client(timeout=10)
    try:
        client.send(wire)
        response = client.response()
        assert response.status == status, response
        assert response.header("content-type") == PROBLEM
        assert response.header("connection") == "close"
        assert json.loads(response.body) == {"formatVersion":2, "type": TYPES[status], "title": TITLES[status],
                                             "status": status, "detail": detail}
        assert client.how_closed(timeout=10) == "eof", "after the refusal: a graceful close (EOF), not an open connection nor a reset"
    finally:
        client.close()


# MARK: --max-request-line

def request_line(length):
    """`GET /healthz?aaa… HTTP/1.1`, exactly `length` bytes without its CRLF."""
    prefix, suffix = "GET /healthz?", " HTTP/1.1"
    line = prefix + "a" * (length - len(prefix) - len(suffix)) + suffix
    assert len(line) == length
    return line


@pytest.mark.parametrize("limit", [64, 100, 70000])  # the flag's least; below the default; above it and above a 64 KiB read
def test_max_request_line_moves_the_414_boundary_exactly(limit):
    server = started("--max-request-line", str(limit))
    try:
        at_limit = served_then_kept_alive(server, (request_line(limit) + "\r\nHost: t\r\n\r\n").encode())
        assert json.loads(at_limit.body) == {"formatVersion":2, "status": "ok"}
        refused(server, (request_line(limit + 1) + "\r\nHost: t\r\n\r\n").encode(), 414,
                f"the request line exceeds {limit} bytes")
        # Refused as soon as the line is one byte too long, before its CRLF arrives.
        refused(server, request_line(limit + 1).encode(), 414, f"the request line exceeds {limit} bytes")
    finally:
        assert server.stop() == 0


# MARK: --max-header-bytes

def header_section(total):
    """`Host: t` and one filler field: a header section (final empty line included, as the limit
    counts it) of exactly `total` bytes."""
    host, frame = "Host: t\r\n", "X-Fill: \r\n"
    filler = total - len(host) - len(frame) - 2
    assert filler >= 0
    section = host + "X-Fill: " + "f" * filler + "\r\n" + "\r\n"
    assert len(section) == total
    return section


@pytest.mark.parametrize("limit", [64, 300, 40000])  # the flag's least; below the default; above it
def test_max_header_bytes_moves_the_431_boundary_exactly(limit):
    server = started("--max-header-bytes", str(limit))
    try:
        served_then_kept_alive(server, ("GET /healthz HTTP/1.1\r\n" + header_section(limit)).encode())
        refused(server, ("GET /healthz HTTP/1.1\r\n" + header_section(limit + 1)).encode(), 431,
                f"the header section exceeds {limit} bytes")
    finally:
        assert server.stop() == 0


# MARK: --max-header-count

def fields(count):
    """`count` header fields, Host first, and the empty line."""
    return "Host: t\r\n" + "".join(f"X-{i}: v\r\n" for i in range(count - 1)) + "\r\n"


@pytest.mark.parametrize("limit", [1, 7, 150])  # the flag's least; below the default; above it
def test_max_header_count_moves_the_431_boundary_exactly(limit):
    server = started("--max-header-count", str(limit))
    try:
        served_then_kept_alive(server, ("GET /healthz HTTP/1.1\r\n" + fields(limit)).encode())
        refused(server, ("GET /healthz HTTP/1.1\r\n" + fields(limit + 1)).encode(), 431, f"more than {limit} header fields")
    finally:
        assert server.stop() == 0


# MARK: --max-body-bytes

def chunked(total):
    """A chunked body of `total` bytes in up to two chunks, an extension and a trailer field."""
    chunks = [size for size in (total // 2, total - total // 2) if size > 0]
    body = b"".join(b"%x;ext=1\r\n%s\r\n" % (size, b"b" * size) for size in chunks)
    return body + b"0\r\nX-Trailer: t\r\n\r\n"


@pytest.mark.parametrize("limit", [0, 10, 2 * 1024 * 1024])  # the flag's least (no body at all); below the default; above it
def test_max_body_bytes_moves_the_413_boundary_exactly(limit):
    server = started("--max-body-bytes", str(limit))
    try:
        length = b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: %d\r\n\r\n"
        served_then_kept_alive(server, length % limit + b"x" * limit)
        # Refused from the head alone: the body is never sent.
        refused(server, length % (limit + 1), 413, f"the body exceeds {limit} bytes")

        chunked_head = b"GET /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        served_then_kept_alive(server, chunked_head + chunked(limit))
        refused(server, chunked_head + chunked(limit + 1), 413, f"the body exceeds {limit} bytes")
    finally:
        assert server.stop() == 0


def test_each_limit_flag_moves_only_its_own_limit():
    """With every other limit at its least, a request inside them all is served, and each refusal
    names the limit it broke."""
    server = started("--max-request-line", "64", "--max-header-bytes", "64", "--max-header-count", "2", "--max-body-bytes", "3")
    try:
        served_then_kept_alive(server, (request_line(64) + "\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc").encode())
        refused(server, (request_line(65) + "\r\nHost: t\r\n\r\n").encode(), 414, "the request line exceeds 64 bytes")
        refused(server, ("GET /healthz HTTP/1.1\r\n" + header_section(65)).encode(), 431, "the header section exceeds 64 bytes")
        refused(server, ("GET /healthz HTTP/1.1\r\n" + fields(3)).encode(), 431, "more than 2 header fields")
        refused(server, b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\n", 413, "the body exceeds 3 bytes")
    finally:
        assert server.stop() == 0


# MARK: what the command line documents and refuses

def test_help_documents_each_limit_its_status_and_default():
    result = subprocess.run([BINARY, "--help"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0
    for flag, (status, default, _) in FLAGS.items():
        line = next((line for line in result.stdout.splitlines() if line.strip().startswith(flag + " ")), None)
        assert line is not None, f"--help does not list {flag}"
        assert re.search(rf"else {status} \(default {default}\)$", line), line


@pytest.mark.parametrize("flag", FLAGS)
@pytest.mark.parametrize("end", [0, 1])
def test_each_end_of_a_limit_flags_range_is_accepted(flag, end):
    value = FLAGS[flag][2][end]
    server = started(flag, str(value))
    try:
        client = server.client()
        assert client.request("/healthz").status == 200
        client.close()
    finally:
        assert server.stop() == 0


def run(*arguments):
    # Bounded so that a server that wrongly starts fails the test rather than hanging it.
    try:
        return subprocess.run([BINARY, "--port", "0", "--no-access-log", *arguments], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired as expired:
        raise AssertionError(f"{arguments}: the server started instead of refusing the value: {expired.stdout!r}") from None


def bad_values(flag):
    low, high = FLAGS[flag][2]
    values = [str(low - 1), str(high + 1), "-1", "abc", "1e3", "0x40", "64.0", " 100", "99999999999999999999"]
    if low > 0:
        values.append("0")
    return sorted(set(values))


@pytest.mark.parametrize("flag, value", [(flag, value) for flag in FLAGS for value in bad_values(flag)])
def test_a_limit_flag_value_outside_its_range_is_one_line_and_exit_2(flag, value):
    low, high = FLAGS[flag][2][0], FLAGS[flag][2][1]
    expected = f"skeleton-server: {flag} '{value}' is not a whole number from {low} to {high}\n"
    for arguments in ([flag, value], [f"{flag}={value}"]):
        result = run(*arguments)
        assert result.returncode == 2, (arguments, result)
        assert result.stderr == expected, arguments
        assert result.stdout == "", "nothing is served"


@pytest.mark.parametrize("flag", FLAGS)
def test_a_limit_flag_without_its_value_names_the_flag(flag):
    low, high = FLAGS[flag][2]
    result = run(flag)
    assert result.returncode == 2 and result.stderr == f"skeleton-server: {flag} needs a value\n"
    result = run(f"{flag}=")
    assert result.returncode == 2 and result.stderr == f"skeleton-server: {flag} '' is not a whole number from {low} to {high}\n"
    result = run(flag, "--threads", "1")
    assert result.returncode == 2
    assert result.stderr == f"skeleton-server: {flag} needs a value, not the flag '--threads' (write {flag}=VALUE for a value starting with --)\n"
