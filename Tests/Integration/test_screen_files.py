"""Custom screens: export, validate, --layouts, SIGHUP reload, and hostile screen files."""
import itertools
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from conftest import BINARY, RunningServer
from test_loading import open_events, read_events

HERE = os.path.dirname(os.path.abspath(__file__))
BROKEN = os.path.join(HERE, "screen-files", "broken")
EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "screens", "profile.json")
SCREENS = {"home": ["default", "fullscreen"], "insights": ["default"], "inbox": ["default"], "thread": ["default"], "movies": ["default"]}


# Runs a command from a fresh small interpreter that forks it: a child's peak resident memory
# (ru_maxrss) includes that of the process it was exec'd from, which would be this test process
# (100 MB and more once schemathesis is imported) if the binary were started from here.
MEASURED = """
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, file=sys.stderr)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run(*arguments, timeout=10):
    """Runs the binary to completion: (exit status, stdout lines, seconds, peak resident kB)."""
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-c", MEASURED, BINARY, *arguments], capture_output=True, timeout=timeout)
    elapsed = time.monotonic() - started
    return result.returncode, result.stdout.decode().splitlines(), elapsed, int(result.stderr.decode().split()[-1])


def get(server, path):
    with urllib.request.urlopen(server.url + path, timeout=10) as response:
        return response.status, response.read()


def stderr_line(server, containing, timeout=10):
    """Waits for the server to write a line containing `containing` to standard error. Reads the
    descriptor itself: a buffered readline would hold later lines where select cannot see them."""
    deadline = time.monotonic() + timeout
    fd = server.process.stderr.fileno()
    pending = getattr(server, "stderr_pending", b"")
    while True:
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            if containing in line.decode():
                server.stderr_pending = pending
                return line.decode()
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            raise AssertionError(f"no stderr line containing {containing!r} within {timeout} s")
        pending += os.read(fd, 65536)


def layout_paths():
    for screen, variants in SCREENS.items():
        for variant, theme, motion, direction, expand in itertools.product(
                variants, ["light", "dark"], ["full", "reduced"], ["ltr", "rtl"], ["false", "true"]):
            yield f"/layouts/{screen}?variant={variant}&theme={theme}&motion={motion}&direction={direction}&expand={expand}"
        for scenario in ["typical", "instant", "slow", "timeout", "error"]:
            yield f"/loading-state/timeline?screen={screen}&scenario={scenario}&seed=7"


def test_exported_screens_validate_and_serve_byte_identical_documents(tmp_path):
    status, lines, _, _ = run("export", str(tmp_path / "screens"))
    assert status == 0 and lines == [f"wrote 5 screen files to {tmp_path / 'screens'}"]
    assert sorted(os.listdir(tmp_path / "screens")) == [f"{screen}.json" for screen in sorted(SCREENS)]
    status, lines, _, _ = run("validate", str(tmp_path / "screens"))
    assert status == 0 and lines == [f"{tmp_path / 'screens'}: 5 valid screen files (home, inbox, insights, movies, thread)"]

    built_in = RunningServer()
    from_files = RunningServer("--layouts", str(tmp_path / "screens"))
    try:
        for path in ["/layouts", *layout_paths()]:
            assert get(built_in, path) == get(from_files, path), path
    finally:
        assert built_in.stop() == 0 and from_files.stop() == 0


def test_every_problem_class_is_reported_as_file_pointer_reason():
    status, lines, _, _ = run("validate", BROKEN)
    with open(os.path.join(BROKEN, "expected.txt")) as file:
        expected = [BROKEN + "/" + line for line in file.read().splitlines()]
    assert status == 1
    assert lines == expected
    # One line per broken file: each file is broken in exactly one way.
    assert len({line.split(":")[0] for line in lines}) == len([n for n in os.listdir(BROKEN) if n.endswith(".json")])


def test_the_server_refuses_to_start_on_an_invalid_set():
    process = subprocess.run([BINARY, "--port", "0", "--layouts", BROKEN], capture_output=True, timeout=10)
    assert process.returncode == 1
    assert process.stdout == b""
    with open(os.path.join(BROKEN, "expected.txt")) as file:
        expected = [BROKEN + "/" + line for line in file.read().splitlines()]
    # Each problem in validate's words, the unknown token's among them, then why it did not start.
    assert process.stderr.decode().splitlines() == expected + [f"skeleton-server: not started: the screen files in {BROKEN} are invalid"]
    assert f'{BROKEN}/unknown-token.json:/layouts/0/root/children/0/child/fill: unknown palette token "blue" (allowed: ' \
           'base, highlight, clear, card, screen, gray5, gray4, surface, black, gray); did you mean "base"?' in expected


def write_hostile(directory, name):
    """One hostile screen file (or directory entry) named `name` in `directory`."""
    path = os.path.join(directory, name + ".json")
    valid = json.load(open(EXAMPLE))
    if name == "gibibyte":
        with open(path, "wb") as file:
            file.truncate(1 << 30)
    elif name == "deep-nesting":
        with open(path, "w") as file:
            file.write("[" * 100_000 + "]" * 100_000)
    elif name == "repeat-1e12":
        valid["layouts"][0]["root"]["children"][1]["children"][0]["count"] = 1e12
        json.dump(valid, open(path, "w"))
    elif name == "nan-size":
        text = json.dumps(valid).replace('"height": 56', '"height": NaN')
        open(path, "w").write(text)
    elif name == "huge-size":
        valid["layouts"][0]["root"]["children"][1]["children"][0]["child"]["height"] = 1e308
        json.dump(valid, open(path, "w"))
    elif name == "ten-megabyte-string":
        valid["title"] = "x" * 10_000_000
        json.dump(valid, open(path, "w"))
    elif name == "invalid-utf8":
        open(path, "wb").write(json.dumps(valid).replace("Profile", "Pr\\u00f6file").encode().replace(b"Pr\\u00f6file", b"Pr\xc3\x28file"))
    elif name == "symlink-loop":
        os.symlink(os.path.join(directory, "loop-b.json"), path)
        os.symlink(path, os.path.join(directory, "loop-b.json"))
    elif name == "fifo":
        os.mkfifo(path)
    return path


HOSTILE = {
    "gibibyte": "1073741824 bytes; a screen file has at most 1048576",
    "deep-nesting": "not JSON: line 1, column 65: ",
    "repeat-1e12": "/layouts/0/root/children/1/children/0/count: 1000000000000 is outside 0 to 100",
    "nan-size": "not JSON: line 1, column ",
    "huge-size": "/layouts/0/root/children/1/children/0/child/height: 1e+308 is outside 0 to 10000",
    "ten-megabyte-string": "bytes; a screen file has at most 1048576",
    "invalid-utf8": "not JSON: line 1, column ",
    "symlink-loop": "cannot open: Too many levels of symbolic links (a symbolic link loop?)",
    "fifo": "not a regular file",
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_files_are_refused_without_hanging_and_within_100_megabytes(tmp_path, name):
    # A hang (a FIFO opened for reading) or work more than linear in the file (a 10 MB string)
    # would pass run's 10 s timeout, which fails the test; a refusal takes milliseconds.
    path = write_hostile(str(tmp_path), name)
    status, lines, _, peak_kb = run("validate", str(tmp_path))
    assert status == 1
    assert any(line.startswith(path) and HOSTILE[name] in line for line in lines), lines
    assert peak_kb < 100 * 1024, f"{name}: {peak_kb} kB"


@pytest.fixture
def custom(tmp_path):
    shutil.copy(EXAMPLE, tmp_path)
    server = RunningServer("--layouts", str(tmp_path))
    yield server, tmp_path
    assert server.stop() == 0


def test_a_custom_screen_gets_every_route(custom):
    server, _ = custom
    index = json.loads(get(server, "/layouts")[1])
    assert [screen["id"] for screen in index["screens"]] == [*SCREENS, "profile"]
    status, body = get(server, "/layouts/profile?theme=dark&motion=reduced&direction=rtl&expand=true")
    document = json.loads(body)
    assert status == 200 and (document["theme"], document["motion"], document["direction"]) == ("dark", "reduced", "rtl")
    assert document["elements"][0]["content"] == {"name": "Ada Lovelace", "handle": "@ada", "followers": 1815}
    assert document["animation"]["shimmer"]["kind"] == "static" and document["animation"]["showDelayMs"] == 100
    assert [row["id"] for row in document["root"]["children"][1]["children"]] == [f"activityRow[{i}]" for i in range(4)]
    client = server.client()
    first = client.request("/layouts/profile")
    assert first.status == 200 and first.header("etag")
    assert client.request("/layouts/profile", headers=[("If-None-Match", first.header("etag"))]).status == 304
    timeline = json.loads(get(server, "/loading-state/timeline?screen=profile&scenario=slow&seed=3")[1])
    account, activity = timeline["stages"]
    assert 50 * 4 <= account["atMs"] <= 150 * 4 and 2000 <= activity["atMs"] - account["atMs"] <= 4000
    state = json.loads(get(server, "/loading-state?screen=profile")[1])
    assert state["screen"] == "profile" and state["session"]
    events = read_events(open_events(server.port, "screen=profile&scenario=instant"))
    assert events[0][2] == "snapshot" and events[-1][2] == "complete"


def test_sighup_keeps_the_old_set_when_the_new_is_broken_and_serves_a_fixed_one(custom):
    server, directory = custom
    # A stream open across both reloads: the slow activity stage comes 2 to 4 s after the account.
    stream = open_events(server.port, "screen=profile&scenario=slow&seed=1")
    shutil.copy(os.path.join(BROKEN, "unknown-token.json"), directory)
    server.process.send_signal(signal.SIGHUP)
    stderr_line(server, "reload refused; still serving the previous screens")
    assert get(server, "/layouts/profile")[0] == 200
    with pytest.raises(urllib.error.HTTPError) as refused:
        get(server, "/layouts/unknown-token")
    assert refused.value.code == 404

    fixed = json.load(open(os.path.join(BROKEN, "unknown-token.json")))
    fixed["layouts"][0]["root"]["children"][0]["child"]["fill"] = "gray4"
    json.dump(fixed, open(os.path.join(directory, "unknown-token.json"), "w"))
    server.process.send_signal(signal.SIGHUP)
    reloaded_at = time.monotonic()
    assert "serving 7 screens" in stderr_line(server, "SIGHUP: serving")
    document = json.loads(get(server, "/layouts/unknown-token")[1])
    assert document["root"]["children"][0]["child"]["fill"] == "gray4"
    assert [s["id"] for s in json.loads(get(server, "/layouts")[1])["screens"]][-2:] == ["profile", "unknown-token"]

    events = read_events(stream)
    assert [event for _, _, event, _ in events] == ["snapshot", "element", "element", "complete"]
    assert events[-1][0] > reloaded_at
