"""Scale-out behind a real nginx running deploy/nginx.conf as operators deploy it.

Three replicas share one --session-secret behind round robin. Sessions, polls, long polls and
event streams sent through the proxy land on different replicas and agree with one server. A
stream resumed with Last-Event-ID continues on another replica with nothing repeated and nothing
missing. A replica drained mid-stream hands its client to another, and meanwhile no other client
sees an error.

The proxy is nginx in the foreground as the test's own user (non-root safe: pid, logs and temp
files in a scratch directory), listening on a free loopback port. Its configuration is
deploy/nginx.conf with only its marked lines replaced (the replicas between "BEGIN replicas" and
"END replicas", the line marked "listen address") and a few test-only lines added at the top of
`http` (paths in the scratch directory, and `X-Upstream: $upstream_addr` so that a test sees which
replica answered). nginx is installed by scripts/nginx-install when it is missing.
"""
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

import h11
import pytest

from conftest import ROOT, Client, RunningServer

# Known intermittent defect (open): about once in ten full CI runs, traffic through nginx stalls
# (a keep-alive request unanswered for 5 s; a stream's next event not sent for 15 s after its
# snapshot; once, a 502 for the first document, and again in its rerun on the same cluster), never
# reproduced alone. Until it is found, a test of this module that fails is run once more on a
# cluster of its own, the rerun reported ("1 rerun") rather than hidden, and a failure through
# nginx shows nginx's error log.
pytestmark = pytest.mark.flaky(reruns=1)

SECRET = "scale-out test secret"
DEPLOY_CONFIG = os.path.join(ROOT, "deploy", "nginx.conf")
HEARTBEAT_SECONDS = 15  # a replica writes ": keep-alive" after 15 s without an event
REPLICA_IDLE_TIMEOUT_SECONDS = 30  # the replicas' default --idle-timeout-ms


# --- nginx ------------------------------------------------------------------------------------

def find_nginx():
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


@pytest.fixture(scope="module")
def nginx_binary():
    """The nginx binary; installed by scripts/nginx-install first when it is missing."""
    if find_nginx() is None:
        subprocess.run([os.path.join(ROOT, "scripts", "nginx-install")], check=True, timeout=600)
    binary = find_nginx()
    assert binary, "scripts/nginx-install ran, but no nginx is on PATH or at /usr/sbin/nginx"
    return binary


def render_config(replica_ports, listen, directory):
    """deploy/nginx.conf with its marked lines replaced and the test-only lines added."""
    with open(DEPLOY_CONFIG) as f:
        config = f.read()

    def replicas(match):
        indent = match.group(1)
        servers = "".join(f"{indent}server 127.0.0.1:{port};\n" for port in replica_ports)
        return f"{indent}# BEGIN replicas\n{servers}{indent}# END replicas\n"

    config, count = re.subn(r"(?ms)^([ \t]*)# BEGIN replicas\n.*?^[ \t]*# END replicas\n", replicas, config)
    assert count == 1, "deploy/nginx.conf marks its replicas' server lines with '# BEGIN replicas' / '# END replicas'"
    config, count = re.subn(r"(?m)^([ \t]*)listen [^;\n]+;([ \t]*# listen address)$",
                            lambda m: f"{m.group(1)}listen {listen};{m.group(2)}", config)
    assert count == 1, "deploy/nginx.conf marks its listen line with '# listen address'"
    added = "\n".join([
        "    # Added by Tests/Integration/test_scale_out.py: files in its scratch directory,",
        "    # and the replica that answered (the last address of $upstream_addr).",
        f"    access_log {directory}/access.log;",
        f"    client_body_temp_path {directory}/client_body;",
        f"    proxy_temp_path {directory}/proxy;",
        f"    fastcgi_temp_path {directory}/fastcgi;",
        f"    uwsgi_temp_path {directory}/uwsgi;",
        f"    scgi_temp_path {directory}/scgi;",
        "    add_header X-Upstream $upstream_addr always;",
    ])
    config, count = re.subn(r"(?m)^http \{\n", lambda m: m.group(0) + added + "\n\n", config)
    assert count == 1, "deploy/nginx.conf has one top-level 'http {' block"
    return config


class Nginx:
    """nginx in the foreground (`daemon off`) on a listening socket this test bound on a port the
    kernel chose and hands it (nginx inherits the descriptors its `NGINX` variable names, as in
    its binary upgrade): no port is probed then bound. Ready once it answers through that port."""

    def __init__(self, binary, replica_ports):
        self.directory = tempfile.mkdtemp(prefix="skeleton-nginx-")
        # When the master runs as root its workers run as an unprivileged user, which must be able
        # to reach the temp directories nginx creates (and hands to that user) in here.
        os.chmod(self.directory, 0o755)
        self.process = None
        try:
            with socket.socket() as listener:
                listener.bind(("127.0.0.1", 0))
                listener.listen(511)
                self.port = listener.getsockname()[1]
                self.config_path = os.path.join(self.directory, "nginx.conf")
                with open(self.config_path, "w") as f:
                    f.write(render_config(replica_ports, f"127.0.0.1:{self.port}", self.directory))
                with open(os.path.join(self.directory, "stderr.log"), "ab") as stderr:
                    self.process = subprocess.Popen(
                        [binary, "-p", self.directory + "/", "-c", self.config_path,
                         "-g", f"daemon off; pid {self.directory}/nginx.pid; error_log {self.directory}/error.log;"],
                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr,
                        pass_fds=[listener.fileno()], env={**os.environ, "NGINX": f"{listener.fileno()};"})
            # Only nginx holds the socket now: were it to exit, a connection would be refused.
            self._await_serving()
        except BaseException:
            self.stop()
            raise

    def _await_serving(self, timeout=20):
        """Returns once a request through nginx is answered (queued in the socket's backlog until
        nginx accepts it); fails if nginx exits, or does not answer within `timeout`."""
        client = Client(self.port, timeout)
        try:
            status = client.request("/healthz").status
        except OSError as error:
            raise RuntimeError(f"nginx did not serve ({error!r}): {self.log()}") from error
        finally:
            client.close()
        assert status == 200 and self.process.poll() is None, f"nginx answered {status}: {self.log()}"

    def log(self):
        text = ""
        for name in ("stderr.log", "error.log"):
            with contextlib.suppress(OSError), open(os.path.join(self.directory, name), errors="replace") as f:
                text += f.read()
        return text

    def client(self, timeout=15.0):
        return Client(self.port, timeout)

    def stop(self):
        try:
            if self.process is not None and self.process.poll() is None:
                self.process.terminate()  # fast shutdown: open streams are closed, not waited for
                try:
                    self.process.wait(10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(5)
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)


class Cluster:
    """Three replicas with one session secret, and nginx in front of them."""

    def __init__(self, nginx_binary, count=3):
        self.replicas, self.proxy, self.exit_statuses = [], None, {}
        try:
            for _ in range(count):
                self.replicas.append(RunningServer("--session-secret", SECRET))
            self.proxy = Nginx(nginx_binary, [r.port for r in self.replicas])
        except BaseException:
            self.stop()
            raise

    def replica(self, port):
        return next(r for r in self.replicas if r.port == port)

    def stop(self):
        """Stops nginx, then every replica (SIGTERM; each drains and exits); their exit statuses."""
        try:
            if self.proxy is not None:
                self.proxy.stop()
        finally:
            for replica in self.replicas:
                try:
                    self.exit_statuses[replica.port] = replica.stop()
                except subprocess.TimeoutExpired:
                    self.exit_statuses[replica.port] = "killed after 10 s"
        return self.exit_statuses

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


@pytest.fixture
def cluster(nginx_binary):
    """A cluster of the test's own (a few seconds to start): a rerun starts from a fresh one, not
    from replicas nginx has marked failed for its `fail_timeout`."""
    running = Cluster(nginx_binary)
    try:
        yield running
    finally:
        statuses = running.stop()
    assert set(statuses.values()) == {0}, f"every replica drains and exits 0: {statuses}"


def get(port, path, headers=()):
    client = Client(port, timeout=15)
    try:
        return client.request(path, headers=headers)
    finally:
        client.close()


def upstreams(response_or_value):
    """The replica ports nginx tried for a response, in order (X-Upstream: $upstream_addr)."""
    value = response_or_value if isinstance(response_or_value, str) else response_or_value.header("x-upstream")
    assert value, "nginx names the replica that answered in X-Upstream"
    return [int(port) for port in re.findall(r"127\.0\.0\.1:(\d+)", value)]


def upstream(response_or_value):
    """The replica that answered: the last one nginx tried."""
    return upstreams(response_or_value)[-1]


def timeline_of(port, query):
    response = get(port, f"/loading-state/timeline?{query}")
    assert response.status == 200, response
    return json.loads(response.body)


def change_time(element):
    return element.get("readyAtMs", element.get("failedAtMs"))


def start_session(port, query):
    response = get(port, f"/loading-state?{query}")
    assert response.status == 200, response
    return response, json.loads(response.body)


def is_complete_now(port, token):
    """The session's state asked of a replica directly, now: is the load over?"""
    response = get(port, f"/loading-state?session={token}")
    assert response.status == 200, response
    return json.loads(response.body)["complete"]


# --- event streams, read incrementally and strictly -------------------------------------------

class Event:
    def __init__(self, block):
        self.block = block  # the event as written, without its blank line
        self.fields = {}
        for line in block.split("\n"):
            name, _, value = line.partition(":")
            assert name not in self.fields, f"one line per field: {block!r}"
            self.fields[name] = value[1:] if value.startswith(" ") else value
        self.id = int(self.fields["id"])
        self.event = self.fields["event"]
        self.data_text = self.fields["data"]
        self.data = json.loads(self.data_text)

    def key(self):
        return self.id, self.event, self.data_text

    def __repr__(self):
        return f"<Event {self.block!r}>"


class EventStream:
    """GET /loading-state/events over a raw socket; the response parsed by h11 (framing errors,
    and a stream closed before its last chunk, fail the test), then one event at a time."""

    def __init__(self, port, query, last_event_id=None, timeout=15.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.parser = h11.Connection(h11.CLIENT, max_incomplete_event_size=1 << 20)
        headers = [("Host", "test"), ("Accept", "text/event-stream")]
        if last_event_id is not None:
            headers.append(("Last-Event-ID", str(last_event_id)))
        self.sock.sendall(self.parser.send(h11.Request(method="GET", target=f"/loading-state/events?{query}", headers=headers)))
        self.sock.sendall(self.parser.send(h11.EndOfMessage()))
        self.text, self.ended = "", False
        head = self._next()
        assert isinstance(head, h11.Response), head
        self.status = head.status_code
        self.headers = {k.decode().lower(): v.decode("latin-1") for k, v in head.headers}
        if self.status == 200:
            assert self.headers.get("content-type", "").startswith("text/event-stream"), self.headers
            assert self.headers.get("transfer-encoding") == "chunked", self.headers

    def _next(self):
        while True:
            event = self.parser.next_event()
            if event is not h11.NEED_DATA:
                return event
            try:
                data = self.sock.recv(1 << 16)
            except socket.timeout:
                raise AssertionError(f"nothing arrived for {self.sock.gettimeout()} s; so far {self.text!r}") from None
            self.parser.receive_data(data)  # b"" (closed) mid-message makes next_event raise

    def next_event(self):
        """The next event (comments skipped); None once the chunked stream has ended properly."""
        while True:
            if "\n\n" in self.text:
                block, self.text = self.text.split("\n\n", 1)
                lines = [line for line in block.split("\n") if not line.startswith(":")]
                if lines:
                    return Event("\n".join(lines))
                continue
            if self.ended:
                assert self.text == "", f"the stream ended inside an event: {self.text!r}"
                return None
            try:
                event = self._next()
            except h11.RemoteProtocolError as error:
                raise AssertionError(f"the stream was cut before its last chunk ({error}); unread {self.text!r}") from None
            if isinstance(event, h11.Data):
                self.text += bytes(event.data).decode()
            elif isinstance(event, h11.EndOfMessage):
                self.ended = True
            else:
                raise AssertionError(f"unexpected {event!r}")

    def read_all(self):
        events = []
        while (event := self.next_event()) is not None:
            events.append(event)
        return events

    def close(self):
        self.sock.close()


# --- the deploy config itself ------------------------------------------------------------------

def parse_nginx(text):
    """An nginx configuration as a list of (name, args, children or None); comments dropped."""
    text = re.sub(r"(?m)(^|\s)#.*$", r"\1", text)
    tokens = [t[1:-1] if t[:1] in "\"'" and len(t) > 1 and t[-1] == t[0] else t
              for t in re.findall(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[{};]|[^\s{};]+', text)]

    def block(i):
        items = []
        while i < len(tokens) and tokens[i] != "}":
            words = []
            while tokens[i] not in (";", "{"):
                words.append(tokens[i])
                i += 1
            if tokens[i] == ";":
                items.append((words[0], words[1:], None))
                i += 1
            else:
                children, i = block(i + 1)
                items.append((words[0], words[1:], children))
                i += 1
        return items, i

    items, end = block(0)
    assert end == len(tokens), "balanced braces"
    return items


def directives(block, name):
    return [(args, children) for n, args, children in block if n == name]


def effective(scopes, name):
    """The arguments of every `name` in the innermost of `scopes` that has one (nginx inheritance)."""
    for scope in reversed(scopes):
        found = [args for args, _ in directives(scope, name)]
        if found:
            return found
    return []


def seconds(value):
    match = re.fullmatch(r"(\d+)(ms|s|m|h)?", value)
    assert match, value
    return int(match.group(1)) * {"ms": 0.001, "s": 1, None: 1, "m": 60, "h": 3600}[match.group(2)]


def test_the_deploy_config_proxies_as_the_operations_notes_require():
    with open(DEPLOY_CONFIG) as f:
        config = parse_nginx(f.read())
    [(_, http)] = directives(config, "http")
    [(_, upstream_block)] = [(a, c) for a, c in directives(http, "upstream") if a == ["skeleton"]]
    balancing = {"hash", "ip_hash", "least_conn", "random", "least_time", "sticky"}
    assert not [n for n, _, _ in upstream_block if n in balancing], "round robin: nginx's default method"
    assert len(directives(upstream_block, "server")) >= 2
    assert directives(upstream_block, "zone"), "a zone shares the round-robin position among workers"
    assert directives(upstream_block, "keepalive"), "keep-alive connections to the replicas"
    [[timeout]] = [args for args, _ in directives(upstream_block, "keepalive_timeout")] or [["60s"]]
    assert seconds(timeout) < REPLICA_IDLE_TIMEOUT_SECONDS, "nginx drops an idle connection before a replica would"

    [(_, server)] = directives(http, "server")
    locations = {tuple(args): children for args, children in directives(server, "location")}
    events = locations.get(("=", "/loading-state/events")) or locations[("/loading-state/events",)]
    for location in (locations[("/",)], events):
        scopes = [http, server, location]
        assert effective(scopes, "proxy_pass") == [["http://skeleton"]]
        assert effective(scopes, "proxy_http_version") == [["1.1"]]
        assert ["Connection", ""] in effective(scopes, "proxy_set_header"), "no 'Connection: close' upstream"
        assert "error" in effective(scopes, "proxy_next_upstream")[0], "a refused connection goes to the next replica"
        # Last-Event-ID reaches the replica: request fields are passed on, and none blanks or alters it.
        assert effective(scopes, "proxy_pass_request_headers") in ([], [["on"]])
        assert all(a[1:] == ["$http_last_event_id"] for a in effective(scopes, "proxy_set_header")
                   if a[0].lower() == "last-event-id")
    scopes = [http, server, events]
    assert effective(scopes, "proxy_buffering") == [["off"]]
    assert effective(scopes, "proxy_cache") == [["off"]]
    assert effective(scopes, "gzip") in ([], [["off"]])
    [[read_timeout]] = effective(scopes, "proxy_read_timeout") or [["60s"]]
    assert seconds(read_timeout) > HEARTBEAT_SECONDS, "an idle stream outlives the replicas' 15 s heartbeat"


def test_the_tested_config_is_the_deploy_config_with_only_its_marked_lines_replaced(tmp_path):
    with open(DEPLOY_CONFIG) as f:
        deploy = f.read().split("\n")
    rendered = render_config([1, 2, 3], "127.0.0.1:9", str(tmp_path)).split("\n")
    test_only = [line for line in rendered if line not in deploy]
    assert [line.strip() for line in test_only if line.strip().startswith(("server ", "listen "))] == [
        "server 127.0.0.1:1;", "server 127.0.0.1:2;", "server 127.0.0.1:3;", "listen 127.0.0.1:9;  # listen address"]
    assert all(line.strip().startswith(("server ", "listen ", "#", "access_log ", "add_header X-Upstream "))
               or re.match(r"\s*\w+_temp_path ", line) for line in test_only), test_only
    gone = [line for line in deploy if line not in rendered]
    assert all(re.match(r"\s*(server [^;]+;|listen [^;]+;\s*# listen address)$", line) for line in gone), gone


# --- round robin, documents, sessions ------------------------------------------------------

DOCUMENTS = [
    "/loading-state/timeline?screen=home&scenario=typical&seed=7",
    "/loading-state/timeline?screen=movies&scenario=error&seed=5",
    "/loading-state/timeline?screen=inbox&scenario=timeout&seed=3",
    "/loading-state?screen=home&scenario=typical&seed=7&at=100",
    "/loading-state?screen=movies&scenario=slow&seed=4&at=3000",
    "/loading-state?screen=thread&scenario=error&seed=12&at=0",
    "/layouts/home?theme=dark&motion=reduced",
    "/layouts/movies?expand=true&direction=rtl",
    "/themes/light",
]


def test_consecutive_requests_go_round_robin_and_documents_are_byte_identical(cluster, server):
    """Every document is the same bytes from every replica, through nginx or directly, and from
    `server` (a standalone process of conftest's, with the default secret: outside the cluster)."""
    replica_ports = {r.port for r in cluster.replicas}
    # Each path through one keep-alive connection to nginx (each request is balanced on its own),
    # then each on a new connection (these reach either nginx worker: the round-robin position is
    # shared among them).
    through = cluster.proxy.client(timeout=30.0)  # under the sanitizers beside two other lanes, 5 s was once too short
    served = []
    try:
        for path in DOCUMENTS:
            single = get(server.port, path)
            assert single.status == 200, (path, single)
            for replica in cluster.replicas:
                assert get(replica.port, path).body == single.body, (path, replica.port)
            for i in range(2 * len(cluster.replicas)):
                response = through.request(path) if i < len(cluster.replicas) else get(cluster.proxy.port, path)
                assert response.status == 200, (path, response, response.header("x-upstream"), cluster.proxy.log())
                assert response.body == single.body, path
                for name in ("content-type", "etag", "cache-control", "vary"):
                    assert response.header(name) == single.header(name), (path, name)
                assert len(upstreams(response)) == 1, "no replica refused"
                served.append(upstream(response))
    finally:
        through.close()
    assert all(a != b for a, b in zip(served, served[1:])), f"consecutive requests on one replica: {served}"
    for i in range(0, len(served), 3):
        assert set(served[i:i + 3]) == replica_ports, f"round robin visits every replica in turn: {served}"


def check_state_against_timeline(state, timeline):
    """An element is settled exactly from its time on, as the timeline says; nothing earlier."""
    at = state["elapsedMs"]
    for element, final in zip(state["elements"], timeline["elements"], strict=True):
        if change_time(final) <= at:
            assert element == final, (at, element, final)
        else:
            assert element == {"id": final["id"], "stage": final["stage"], "status": "loading"}, (at, element)
    for stage, final in zip(state["stages"], timeline["stages"], strict=True):
        assert stage["id"] == final["id"]
        assert stage["status"] == (final["status"] if final["atMs"] <= at else "loading"), (at, stage, final)
    assert state["complete"] == (at >= max(change_time(e) for e in timeline["elements"])), at


def test_a_session_is_polled_and_long_polled_across_replicas(cluster):
    query = "screen=movies&scenario=typical&seed=9"  # 8 changes between 537 and 1594 ms
    timeline = timeline_of(cluster.replicas[0].port, query)
    through = cluster.proxy.client(timeout=20)
    try:
        started = through.request(f"/loading-state?{query}&speed=1")
        assert started.status == 200, started
        state = json.loads(started.body)
        token = state["session"]
        assert token and state["screen"] == "movies" and state["seed"] == 9
        served, states = [upstream(started)], [state]
        long_poll = False
        while not state["complete"]:
            assert len(states) < 60, "the session completes"
            wait = "&wait=5000" if long_poll else ""  # a plain poll, then a long poll, in turn
            long_poll = not long_poll
            response = through.request(f"/loading-state?session={token}{wait}")
            assert response.status == 200, response
            assert response.header("cache-control") == "no-store"
            served.append(upstream(response))
            state = json.loads(response.body)
            states.append(state)
    finally:
        through.close()

    assert all(a != b for a, b in zip(served, served[1:])), f"consecutive requests on one replica: {served}"
    assert set(served) == {r.port for r in cluster.replicas}
    settled_before = set()
    for before, state in zip([None, *states], states):
        assert state["session"] == token
        assert (state["screen"], state["scenario"], state["seed"]) == ("movies", "typical", 9)
        check_state_against_timeline(state, timeline)
        if before is not None:
            assert state["elapsedMs"] >= before["elapsedMs"], "time never goes back, whichever replica answers"
        settled = {e["id"] for e in state["elements"] if e["status"] != "loading"}
        assert settled >= settled_before, "an element once settled stays settled"
        settled_before = settled
    assert len({s["elapsedMs"] for s in states}) > 3, "the polls saw the load progress"

    # Over: every replica, asked directly, says the same as the last answer through nginx.
    finished = dict(states[-1], elapsedMs=None)
    for replica in cluster.replicas:
        direct = json.loads(get(replica.port, f"/loading-state?session={token}").body)
        assert dict(direct, elapsedMs=None) == finished, replica.port


# --- event streams ---------------------------------------------------------------------------

def test_an_event_stream_arrives_event_by_event_and_resumes_on_another_replica(cluster):
    query = "screen=movies&scenario=typical&seed=9"
    timeline = timeline_of(cluster.replicas[0].port, query)
    times = sorted({change_time(e) for e in timeline["elements"]})  # 537 ... 1594 ms
    _, state = start_session(cluster.proxy.port, f"{query}&speed=1")
    token = state["session"]
    check_port = cluster.replicas[0].port

    # The reference: one stream followed without interruption, through nginx.
    reference = EventStream(cluster.proxy.port, f"session={token}")
    # The interrupted one: its client drops it after an event, then reconnects with Last-Event-ID.
    interrupted = EventStream(cluster.proxy.port, f"session={token}")
    resumed = None
    try:
        assert reference.status == interrupted.status == 200
        reference_snapshot = reference.next_event()
        assert reference_snapshot.event == "snapshot" and reference_snapshot.data["session"] == token
        # Not buffered until the end: the first event is here while the load (so the stream) is
        # still going, as the session, asked of a replica directly, says.
        assert not is_complete_now(check_port, token), "the snapshot arrived only once the load was over"
        snapshot = interrupted.next_event()
        assert snapshot.event == "snapshot"

        later = [t for t in times[:-1] if t > max(snapshot.id, reference_snapshot.id)]
        assert later, f"both streams started before the load's last changes: {times}, {snapshot.id}"
        cut = later[0]
        expected_at_cut = sum(1 for e in timeline["elements"] if change_time(e) == cut)
        before_cut = []
        while sum(1 for e in before_cut if e.id == cut) < expected_at_cut:
            event = interrupted.next_event()
            assert event is not None and event.event == "element" and event.id <= cut, event
            before_cut.append(event)
        # Each change is passed on as it happens: this one, too, before the load is over.
        assert not is_complete_now(check_port, token), "events are held back until the end of the stream"
        interrupted.close()

        resumed = EventStream(cluster.proxy.port, f"session={token}", last_event_id=cut)
        assert resumed.status == 200
        assert upstream(resumed.headers["x-upstream"]) != upstream(interrupted.headers["x-upstream"]), \
            "the reconnection is balanced to another replica"
        after_cut = resumed.read_all()
        reference_events = reference.read_all()
    finally:
        for stream in (reference, interrupted, resumed):
            if stream is not None:
                stream.close()

    assert all(e.event != "snapshot" for e in after_cut), "a resumed stream sends no second snapshot"
    assert after_cut and after_cut[-1].event == "complete"
    assert all(e.id > cut for e in after_cut if e.event == "element"), "nothing at or before Last-Event-ID again"
    assert reference_events[-1].event == "complete"
    since = max(snapshot.id, reference_snapshot.id)
    assert [e.key() for e in before_cut + after_cut if e.id > since] == \
           [e.key() for e in reference_events if e.id > since], "the same events as one uninterrupted stream"
    # And every change of the timeline exactly once: in the snapshot or as an event.
    settled = [e["id"] for e in snapshot.data["elements"] if e["status"] != "loading"]
    changes = [e.data for e in before_cut + after_cut if e.event == "element"]
    assert sorted(settled + [c["id"] for c in changes]) == sorted(e["id"] for e in timeline["elements"])
    final = {e["id"]: e for e in timeline["elements"]}
    assert all(c == {"formatVersion":2, **final[c["id"]]} for c in changes)
    ids = [e.id for e in before_cut + after_cut]
    assert ids == sorted(ids), "ids never decrease"


# --- drain -------------------------------------------------------------------------------------

class Pollers:
    """Clients polling (and long polling) a session through nginx until stopped; every answer
    that is not a 200, and every connection error, is a failure."""

    def __init__(self, port, token, count=2):
        self.port, self.token = port, token
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.failures, self.answers = [], []
        self.answered = threading.Event()
        self.threads = [threading.Thread(target=self._run, args=(i % 2 == 1,), daemon=True) for i in range(count)]
        for thread in self.threads:
            thread.start()

    def _run(self, long_polls):
        client = None
        path = f"/loading-state?session={self.token}" + ("&wait=1000" if long_polls else "")
        while not self.stopping.is_set():
            try:
                client = client or Client(self.port, timeout=15)
                response = client.request(path)
                with self.lock:
                    self.answers.append((response.status, response.header("x-upstream")))
                    if response.status != 200:
                        self.failures.append(response)
                self.answered.set()
            except Exception as error:  # noqa: BLE001 - every error is a failure the test reports
                with self.lock:
                    self.failures.append(repr(error))
                if client is not None:
                    client.close()
                client = None
            self.stopping.wait(0.05)  # pacing only: a client polling now and then, not in a tight loop
        if client is not None:
            client.close()

    def count(self):
        with self.lock:
            return len(self.answers)

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(30)


def test_a_replica_drained_mid_stream_hands_its_client_to_another(nginx_binary):
    """SIGTERM to the replica serving a stream: the stream ends with `event: reconnect` (the id of
    the last event it sent, a retry, reason draining) and its last chunk; the client reconnects
    through nginx with that Last-Event-ID, lands on a surviving replica and gets the rest, nothing
    repeated, ending with `complete`. Meanwhile polls through nginx see no error."""
    query = "screen=movies&scenario=slow&seed=4"  # at speed 2: changes 0.8 s to 4.1 s after the start
    with Cluster(nginx_binary) as cluster:
        proxy = cluster.proxy
        timeline = timeline_of(cluster.replicas[0].port, query)
        _, state = start_session(proxy.port, f"{query}&speed=2")
        token = state["session"]

        stream = EventStream(proxy.port, f"session={token}")
        pollers = resumed = reference = None
        try:
            assert stream.status == 200, stream.headers
            drained = cluster.replica(upstream(stream.headers["x-upstream"]))
            survivors = [r for r in cluster.replicas if r is not drained]
            # The reference: the same session followed without interruption, from a survivor.
            reference = EventStream(survivors[0].port, f"session={token}")
            pollers = Pollers(proxy.port, token)

            assert pollers.answered.wait(15), f"polls through nginx are answered: {pollers.failures[:5]}"
            sent = [stream.next_event()]
            assert sent[0].event == "snapshot"
            sent.append(stream.next_event())  # the first change: the stream is under way
            assert sent[-1].event == "element", sent[-1]
            drained.process.send_signal(signal.SIGTERM)
            while (event := stream.next_event()) is not None:
                sent.append(event)
            stream.close()
            answered_during_drain = pollers.count()

            farewell = sent[-1]
            assert farewell.event == "reconnect", \
                f"a draining replica ends the stream with 'event: reconnect', not {farewell!r}; the stream: {sent}"
            assert set(farewell.fields) == {"id", "event", "retry", "data"}, farewell
            assert farewell.id == sent[-2].id, "the reconnect event carries the id of the last event the stream sent"
            assert re.fullmatch(r"[0-9]+", farewell.fields["retry"]) and int(farewell.fields["retry"]) > 0, farewell
            assert farewell.data_text == '{"formatVersion":2,"reason":"draining"}', farewell
            assert not [e for e in sent[:-1] if e.event in ("complete", "reconnect")], sent
            assert drained.process.wait(10) == 0, "the drained replica exits 0"

            # The client reconnects (at once, rather than after `retry`) through nginx.
            resumed = EventStream(proxy.port, f"session={token}", last_event_id=farewell.id)
            assert resumed.status == 200, resumed.headers
            assert upstream(resumed.headers["x-upstream"]) in {r.port for r in survivors}
            rest = resumed.read_all()
            reference_events = reference.read_all()

            # Polls keep being answered after the drained replica is gone: nginx moves on.
            for _ in range(2 * len(cluster.replicas)):
                response = get(proxy.port, f"/loading-state?session={token}")
                assert response.status == 200, response
                assert upstream(response) != drained.port
        finally:
            if pollers is not None:
                pollers.stop()
            for s in (stream, resumed, reference):
                if s is not None:
                    s.close()

        assert pollers.failures == [], f"polls through nginx failed during the drain: {pollers.failures[:5]}"
        assert pollers.count() > answered_during_drain, "the pollers went on after the drain"
        # nginx may log a request it sent on a kept-alive connection just as the replica closed it
        # ("... while reading response header"; retried on the next replica), never a response cut.
        assert "prematurely closed connection while reading upstream" not in proxy.log(), \
            "every response the drained replica began, it finished"

        assert rest and rest[-1].event == "complete", rest
        assert all(e.event == "element" for e in rest[:-1]), rest
        assert all(e.id > farewell.id for e in rest if e.event == "element"), "nothing already sent, again"
        # Both parts together: the uninterrupted stream's events, nothing repeated, nothing missing.
        delivered = sent[1:-1] + rest
        since = max(sent[0].id, reference_events[0].id)
        assert reference_events[0].event == "snapshot"
        assert [e.key() for e in delivered if e.id > since] == [e.key() for e in reference_events[1:] if e.id > since]
        settled = [e["id"] for e in sent[0].data["elements"] if e["status"] != "loading"]
        changed = [e.data["id"] for e in delivered if e.event == "element"]
        assert sorted(settled + changed) == sorted(e["id"] for e in timeline["elements"]), "every change exactly once"
    assert set(cluster.exit_statuses.values()) == {0}, cluster.exit_statuses
