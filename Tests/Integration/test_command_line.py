"""The command line at its edges: `--flag=value`, forgotten values, resolver errors, and one
process per port (issue 9)."""
import json
import os
import subprocess

import pytest

from conftest import BINARY, RunningServer, descriptors


def run(*arguments, timeout=60):
    """The binary's run to its exit; the timeout only bounds a hang: a sanitized debug build on a
    loaded machine takes seconds to build its screens before it fails to listen."""
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=timeout)


def test_a_flag_whose_value_is_missing_names_the_flag():
    result = run("--host", "--port", "18299")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "--host needs a value" in result.stderr and "'--port'" in result.stderr


def test_flag_equals_value_is_accepted():
    server = RunningServer("--threads=2", "--cors-origin=https://app.example")
    try:
        response = server.client().request("/healthz")
        assert response.header("access-control-allow-origin") == "https://app.example"
    finally:
        assert server.stop() == 0


def test_a_value_starting_with_dashes_needs_the_equals_form():
    server = RunningServer("--cors-origin=--odd")
    try:
        assert server.client().request("/healthz").header("access-control-allow-origin") == "--odd"
    finally:
        assert server.stop() == 0


@pytest.mark.parametrize("arguments, words", [
    (["--port=99999"], "0 to 65535"),
    (["--help=yes"], "--help takes no value"),
    (["--threads="], "--threads ''"),
    (["--log-format=xml"], "text, json"),
    (["--learn", "--learn-from=10.0.0.0/33"], "is not an address or CIDR block"),
    (["--learn-from=10.0.0.0/8"], "--learn-from needs --learn"),
    (["--learn=yes"], "--learn takes no value"),
])
def test_a_bad_equals_form_is_one_line_and_exit_2(arguments, words):
    result = run(*arguments)
    assert result.returncode == 2
    assert words in result.stderr and result.stderr.count("\n") == 1


def test_a_host_that_does_not_resolve_says_what_the_resolver_said():
    result = run("--host", "no-such-host.invalid", "--port", "0")
    assert result.returncode == 1
    assert "no-such-host.invalid" in result.stderr
    assert "Invalid argument" not in result.stderr
    assert "Name or service not known" in result.stderr or "Temporary failure in name resolution" in result.stderr


def test_a_second_server_on_the_same_port_fails_to_start():
    first = RunningServer("--threads", "2")
    try:
        second = run("--port", str(first.port), "--cors-origin", "https://other.example")
        assert second.returncode == 1
        assert "address already in use" in second.stderr.lower()
        # Every request still reaches the first server.
        for _ in range(20):
            client = first.client()
            assert client.request("/healthz").header("access-control-allow-origin") == "*"
            client.close()
    finally:
        assert first.stop() == 0


def threads_and_event_polls(server):
    """How many threads the process runs (/proc/PID/task) and how many epoll descriptors it holds."""
    polls = sum(1 for what in descriptors(server.pid).values() if what == "anon_inode:[eventpoll]")
    return len(os.listdir(f"/proc/{server.pid}/task")), polls


def test_the_loops_of_one_process_share_its_port():
    """--threads 4 runs four event loops, each a thread with its own epoll descriptor: three of
    each more than --threads 1 (whatever else the process runs); all serve the one port."""
    one, four = RunningServer("--threads", "1"), RunningServer("--threads", "4")
    try:
        (threads_1, polls_1), (threads_4, polls_4) = threads_and_event_polls(one), threads_and_event_polls(four)
        assert (threads_4 - threads_1, polls_4 - polls_1) == (3, 3) and polls_1 >= 1
        clients = [four.client() for _ in range(32)]
        assert all(json.loads(c.request("/healthz").body) == {"formatVersion":2, "status": "ok"} for c in clients)
        for c in clients:
            c.close()
    finally:
        assert one.stop() == 0 and four.stop() == 0
