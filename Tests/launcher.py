"""The one way the Python suites start skeleton-server: the wire suite (`Integration/conftest.py`),
the browser suite (`Browser/conftest.py`) and the robustness scripts (`Robustness/hostile.py`, whose
server `soak.py` uses). Each imports it after putting this directory on `sys.path`.

A server listens on a port the kernel chose (`--port 0`) and is ready once it has printed
`listening on http://HOST:PORT` on its first line of standard output: no test sleeps or polls for
it. `stop()` sends SIGTERM and waits for the exit status.

- `SKELETON_SERVER_BIN` names the binary (default `.build/debug/skeleton-server`; a script may
  pass its own `binary`).
- `SKELETON_SERVER_FLAGS` adds flags to every server (`scripts/sanitize` gives `--threads 2`). They
  go before the caller's own flags, and the server takes the last of a repeated flag, so a
  caller's own flag wins; `extra_flags=False` leaves them out (a test of a flag's default).
- `HOST` and `PORT` are removed from the server's environment (the server reads them), unless the
  caller gives them in `env`.
- `port=None` leaves `--port` out, for a test of what the server does without it (the caller's
  `env` should then give `PORT=0`).
"""
import os
import re
import selectors
import shlex
import signal
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("SKELETON_SERVER_BIN", os.path.join(ROOT, ".build", "debug", "skeleton-server"))
EXTRA_FLAGS = shlex.split(os.environ.get("SKELETON_SERVER_FLAGS", ""))
LISTENING = re.compile(r"listening on http://([^\s]+):(\d+)")


class RunningServer:
    """A skeleton-server process on a kernel-chosen port, started and ready. Its standard output
    and error are pipes the caller may read (`process.stdout` holds nothing read ahead of the
    first line); with `access_log`, the access log is on (stdout), otherwise `--no-access-log`."""

    def __init__(self, *flags, binary=None, env=None, preexec_fn=None, access_log=False, ready_timeout=60.0, port=0,
                 extra_flags=True):
        environment = {name: value for name, value in os.environ.items() if name not in ("HOST", "PORT")}
        environment.update(env or {})
        arguments = [binary or BINARY, *([] if port is None else ["--port", str(port)]), *([] if access_log else ["--no-access-log"]), *(EXTRA_FLAGS if extra_flags else []), *flags]
        self.process = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=environment, preexec_fn=preexec_fn)
        self.pid = self.process.pid
        try:
            line = self._first_line(ready_timeout)
        except BaseException:
            self.kill()
            raise
        match = LISTENING.search(line)
        if not match:
            self.kill()
            raise RuntimeError(f"server did not start: {line!r} {self.process.stderr.read()!r}")
        self.host = match.group(1)
        self.port = int(match.group(2))
        self.url = f"http://{self.host}:{self.port}"

    def _first_line(self, timeout):
        """The first line of standard output, read a byte at a time so that nothing after it is
        taken from the pipe; empty if the process exits (or `timeout` passes) without one."""
        fd = self.process.stdout.fileno()
        line = b""
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while not line.endswith(b"\n") and time.monotonic() < deadline:
                if selector.select(timeout=min(0.5, max(0.0, deadline - time.monotonic()))):
                    byte = os.read(fd, 1)
                    if not byte:
                        break
                    line += byte
        return line.decode(errors="replace")

    def alive(self):
        return self.process.poll() is None

    def cpu_seconds(self):
        """User plus system CPU time the process has used so far."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self, timeout=10.0):
        """SIGTERM, then the exit status; None if it had to be killed after `timeout` seconds."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
