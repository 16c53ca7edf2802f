"""What the docs promise and no other test held the binary to (issue 40): the defaults of `--threads`,
`--host`/`HOST` and `PORT`, and of the header and idle timeouts; a `--layouts` file replacing the
built-in screen of its id; the `Server-Timing` of a held reply."""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time

from conftest import BINARY, EARLY, RunningServer
from test_command_line import threads_and_event_polls


def test_threads_default_to_the_cpus_the_process_may_use():
    """Without --threads a process allowed one CPU runs one event loop, one allowed two runs two
    (one thread and one epoll descriptor each, whatever else it runs)."""
    assert len(os.sched_getaffinity(0)) >= 2, "the machines this runs on have two CPUs"
    two = sorted(os.sched_getaffinity(0))[:2]
    # extra_flags=False: without the sanitizer runs' --threads 2, which would hide the default.
    one_cpu = RunningServer(preexec_fn=lambda: os.sched_setaffinity(0, two[:1]), extra_flags=False)
    two_cpus = RunningServer(preexec_fn=lambda: os.sched_setaffinity(0, two), extra_flags=False)
    try:
        (threads_1, polls_1), (threads_2, polls_2) = threads_and_event_polls(one_cpu), threads_and_event_polls(two_cpus)
        assert (threads_2 - threads_1, polls_2 - polls_1) == (1, 1), ((threads_1, polls_1), (threads_2, polls_2))
    finally:
        assert one_cpu.stop() == 0 and two_cpus.stop() == 0


def refused(host, port):
    with socket.socket() as probe:
        probe.settimeout(2)
        return probe.connect_ex((host, port)) != 0


def test_host_and_port_come_from_the_environment_and_flags_win():
    """HOST and PORT are read when no flag gives them (PORT=0: a kernel-chosen port, so not the
    default 8080); without either the address is 127.0.0.1 only; a flag wins over its variable."""
    from_env = RunningServer(port=None, env={"HOST": "127.0.0.2", "PORT": "0"})
    default_host = RunningServer(port=None, env={"PORT": "0"})
    flag_wins = RunningServer("--host", "127.0.0.1", port=0, env={"HOST": "127.0.0.2", "PORT": "1"})
    try:
        assert from_env.host == "127.0.0.2" and from_env.port not in (0, 8080)
        with socket.create_connection(("127.0.0.2", from_env.port), timeout=5):
            pass
        assert default_host.host == "127.0.0.1" and default_host.port not in (0, 8080)
        assert refused("127.0.0.2", default_host.port), "bound to 127.0.0.1 only"
        assert flag_wins.host == "127.0.0.1" and flag_wins.port not in (0, 1)
    finally:
        assert from_env.stop() == 0 and default_host.stop() == 0 and flag_wins.stop() == 0


def test_the_header_and_idle_timeouts_default_to_10_and_30_seconds():
    """One server on its defaults: a request never finished gets 408 and a close at 10 s, not
    before; a finished exchange's idle keep-alive connection is closed (nothing sent) at 30 s, not
    before. Both run at once; the lower bounds are the documented defaults."""
    server = RunningServer()
    try:
        unfinished, idle = server.client(timeout=60), server.client(timeout=60)
        started = time.monotonic()
        unfinished.send("GET /healthz HTTP/1.1\r\nHost: t\r\n")
        assert idle.request("/healthz").status == 200
        answered = time.monotonic()
        response = unfinished.response()
        assert time.monotonic() - started >= 10 - EARLY, "answered before the 10 s header timeout"
        assert response.status == 408 and response.header("connection") == "close"
        assert unfinished.how_closed(timeout=5) == "eof"
        assert idle.how_closed(timeout=40) == "eof"
        assert time.monotonic() - answered >= 30 - EARLY, "an idle connection closed before 30 s"
        unfinished.close()
        idle.close()
    finally:
        assert server.stop() == 0


def test_a_layouts_file_replaces_the_built_in_screen_of_its_id():
    """`skeleton-server export` gives the built-in `home` as a file; changed (its title) and served
    with --layouts, it is the screen `home`: once in the index, with the file's title, and a new
    version; the other built-in screens stay."""
    directory = tempfile.mkdtemp(prefix="skeleton-layouts-")
    try:
        builtin = RunningServer()
        try:
            original = json.loads(builtin.client().request("/layouts/home").body)
        finally:
            assert builtin.stop() == 0
        subprocess.run([BINARY, "export", directory], check=True, capture_output=True, timeout=60)
        for name in os.listdir(directory):
            if name != "home.json":
                os.remove(os.path.join(directory, name))
        path = os.path.join(directory, "home.json")
        with open(path) as f:
            screen = json.load(f)
        screen["title"] = "Home, as this team draws it"
        with open(path, "w") as f:
            json.dump(screen, f)
        served = RunningServer("--layouts", directory)
        try:
            client = served.client()
            document = json.loads(client.request("/layouts/home").body)
            index = json.loads(client.request("/layouts").body)
            ids = [entry["id"] for entry in index["screens"]]
        finally:
            assert served.stop() == 0
        assert document["title"] == "Home, as this team draws it" and document["version"] != original["version"]
        assert ids.count("home") == 1 and {"insights", "inbox", "thread", "movies"} <= set(ids), ids
    finally:
        shutil.rmtree(directory)


def test_a_held_reply_names_its_stage_and_the_time_it_was_held(client):
    """A data request made before its element's time is held until then; its `Server-Timing` names
    the stage and `wait;dur=` the ms held: at least the time still to go when it was asked, and at
    most what the client waited in all."""
    due = json.loads(client.request("/loading-state/timeline?screen=thread&scenario=slow&seed=0").body)["elements"][0]["readyAtMs"]
    started = time.monotonic()
    state = json.loads(client.request("/loading-state?screen=thread&scenario=slow&seed=0").body)
    asked = time.monotonic()
    response = client.request(f"/loading-state/{state['session']}/data/messages")
    waited_ms = (time.monotonic() - asked) * 1000
    assert response.status == 200, response
    stage, wait = response.header("server-timing").split(", ")
    assert stage == 'stage;desc="messages"'
    held = float(wait.removeprefix("wait;dur="))
    # The load was at most `elapsedMs` plus the client's time since it asked for the state (and
    # 100 ms for the data request's way in) when the data request was read.
    still_to_go = due - state["elapsedMs"] - (asked - started) * 1000 - 100
    assert due >= 800 and still_to_go <= held <= waited_ms + 1, (due, state["elapsedMs"], held, waited_ms)
