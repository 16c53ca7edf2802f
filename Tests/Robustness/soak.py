#!/usr/bin/env python3
"""Soak: N minutes of mixed load against one skeleton-server started with `--threads 2` (access
log on, drained by this script) on 127.0.0.1 on a port the kernel chose; samples the server's
RSS (/proc/PID/status VmRSS) and open fds (/proc/PID/fd) every few seconds, prints the curve and
a summary, checks, and ends with `N passed, N failed` (exit status 1 if any failed).

    Tests/Robustness/soak.py [--minutes 10] [--binary PATH]

    --minutes  load duration (default 10; fractions allowed)
    --binary   the server (default: $SKELETON_SERVER_BIN, else .build/release/skeleton-server)

Load (standard library only; seven client threads in this one Python process, each paced, so
that client and server share the 2 cores; no load leaves 127.0.0.1):
  layouts    one keep-alive connection cycling through /layouts/{screen} with theme, motion,
             variant, direction and expand, /themes, /scenarios, /layouts, /, /healthz, plus
             If-None-Match revalidations (304); every 200th request on a new connection with
             `Connection: close`
  polls      /loading-state?screen=S&scenario=C&seed=N&speed=10 (random screen/scenario/seed),
             then /loading-state?session=TOKEN every 50 ms until complete
  long polls two threads: a start as above, then ?session=TOKEN&wait=2000 until complete
  streams    16 concurrent /loading-state/events (speed 5), each read to its terminal chunk
             (snapshot ... complete), in one selectors loop; a finished stream is replaced
  bad        every 20 ms one of: malformed percent-encoding, an unknown enum value, an unknown
             screen, a forged session token (404), a malformed request line, a missing Host, HTTP/2.0,
             an unknown method, POST on a GET route, `wait` beside `at`; each must get its
             expected status (400/404/405/501/505)

Warm-up: 1 minute for a 10-minute run, scaled down for short runs (duration/5, at least 10 s,
at most 60 s); samples every 5 s (every 2 s for runs under 5 minutes). The warm-up begins with
1,100 `/loading-state/timeline` requests of distinct screen/scenario/seed triples: they fill the
server's bounded schedule cache (256 entries, then it starts afresh) that the load's varied
seeds would otherwise take ~35 s to fill, then 12,288 sessions each started and polled once, by 8
client threads each opening a fresh connection every 16 sessions, so that both event loops take a
share (see `prime_verified_sessions`): they fill each loop's cache of verified tokens (4,096 a loop),
which the load's sessions would otherwise take minutes to fill; so short runs measure steady state too.

Checks:
  rss        RSS growth from the end of warm-up to the last sample under load < 5 %
  fds        open fds back to their baseline (before any load) within 15 s after the load stops
  valid      no response >= 400 and no connection failure on any valid request (counted by kind)
  bad        every bad request got its expected status
  shutdown   exit status 0 on SIGTERM within 12 s, stderr empty
"""
import argparse
import json
import os
import random
import selectors
import signal
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import DEFAULT_BINARY, Client, Server, cleanup, raise_nofile, request_bytes, stable_fds  # noqa: E402

# The capacity of each loop's cache of verified session tokens (`VerifiedSessions.capacity`).
VERIFIED_SESSIONS_PER_LOOP = 4096
SCREENS = ["home", "insights", "inbox", "thread", "movies"]
SCENARIOS = ["typical", "instant", "slow", "timeout", "error"]
LAYOUT_PATHS = [
    "/layouts/home?theme=dark", "/layouts/home?variant=fullscreen&motion=reduced", "/layouts/insights?direction=rtl",
    "/layouts/inbox?expand=true", "/layouts/thread?theme=light&motion=full", "/layouts/movies?theme=dark&expand=true",
    "/themes", "/themes/dark", "/scenarios", "/layouts", "/", "/healthz", "/readyz",
    "/loading-state/timeline?screen=movies&scenario=slow&seed=3",
    "/loading-state?screen=home&scenario=typical&seed=7&at=1200",
]
BAD_REQUESTS = [
    (request_bytes("/layouts/home?theme=%ZZ"), 400),
    (request_bytes("/layouts/home?theme=blue"), 400),
    (request_bytes("/layouts/hom"), 404),
    # Well-formed, but sealed by no secret of this server's: no such session here.
    (request_bytes("/loading-state?session=djEuaG9tZS50eXBpY2Fs.AAAAAAAAAAAAAAAAAAAAAA"), 404),
    (request_bytes("/loading-state?screen=nowhere"), 404),
    (request_bytes("/loading-state?screen=home&at=100&wait=10"), 400),
    (b"GET  /layouts/home HTTP/1.1\r\nHost: soak\r\n\r\n", 400),
    (b"GET /layouts/home HTTP/1.1\r\n\r\n", 400),
    (b"GET /layouts/home HTTP/2.0\r\nHost: soak\r\n\r\n", 505),
    (b"BREW /layouts/home HTTP/1.1\r\nHost: soak\r\n\r\n", 501),
    (request_bytes("/layouts/home", "POST", body=b"{}"), 405),
]


class Tally:
    """Thread-safe counts of requests by kind, and of failures (first few kept)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.errors = {}
        self.examples = []

    def ok(self, kind):
        with self.lock:
            self.counts[kind] = self.counts.get(kind, 0) + 1

    def error(self, kind, what):
        with self.lock:
            self.counts[kind] = self.counts.get(kind, 0) + 1
            self.errors[kind] = self.errors.get(kind, 0) + 1
            if len(self.examples) < 8:
                self.examples.append(f"{kind}: {what}")


class Load:
    def __init__(self, port, tally, stop):
        self.port, self.tally, self.stop = port, tally, stop
        self.random = random.Random(1)

    def expect_ok(self, kind, response):
        if response.status >= 400:
            self.tally.error(kind, f"{response.status} {response.body[:160]!r}")
            return False
        self.tally.ok(kind)
        return True

    def layouts(self):
        client = None
        etags = {}
        index = 0
        while not self.stop.is_set():
            path = LAYOUT_PATHS[index % len(LAYOUT_PATHS)]
            index += 1
            try:
                if client is None:
                    client = Client(self.port, timeout=10)
                if index % 200 == 0:
                    response = client.request(path, headers=[("Connection", "close")])
                    self.expect_ok("layout", response)
                    client.close()
                    client = None
                elif index % 7 == 0 and path in etags:
                    response = client.request(path, headers=[("If-None-Match", etags[path])])
                    if response.status != 304:
                        self.tally.error("revalidate", f"{response.status} for {path}")
                    else:
                        self.tally.ok("revalidate")
                else:
                    response = client.request(path)
                    if self.expect_ok("layout", response) and "etag" in response.headers:
                        etags[path] = response.headers["etag"]
            except (OSError, ConnectionError, ValueError) as error:
                self.tally.error("layout", f"{type(error).__name__}: {error}")
                if client:
                    client.close()
                client = None
            time.sleep(0.001)
        if client:
            client.close()

    def start_load(self, client):
        screen = self.random.choice(SCREENS)
        scenario = self.random.choice(SCENARIOS)
        seed = self.random.randrange(1000)
        response = client.request(f"/loading-state?screen={screen}&scenario={scenario}&seed={seed}&speed=10")
        if not self.expect_ok("poll_start", response):
            return None
        return json.loads(response.body)["session"]

    def follow(self, kind, wait):
        """Starts loads and follows each to completion, by polling or by long polling."""
        client = None
        while not self.stop.is_set():
            try:
                if client is None:
                    client = Client(self.port, timeout=10)
                token = self.start_load(client)
                deadline = time.monotonic() + 30
                while token and not self.stop.is_set() and time.monotonic() < deadline:
                    query = f"session={token}" + (f"&wait={wait}" if wait else "")
                    response = client.request(f"/loading-state?{query}")
                    if not self.expect_ok(kind, response) or json.loads(response.body)["complete"]:
                        break
                    if not wait:
                        time.sleep(0.05)
            except (OSError, ConnectionError, ValueError) as error:
                self.tally.error(kind, f"{type(error).__name__}: {error}")
                if client:
                    client.close()
                client = None
                time.sleep(0.05)
        if client:
            client.close()

    def streams(self, concurrent=16):
        selector = selectors.DefaultSelector()
        counter = 0

        def open_stream():
            nonlocal counter
            counter += 1
            screen = SCREENS[counter % len(SCREENS)]
            scenario = SCENARIOS[(counter // len(SCREENS)) % len(SCENARIOS)]
            try:
                sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
                sock.sendall(request_bytes(f"/loading-state/events?screen={screen}&scenario={scenario}&seed={counter}&speed=5"))
                sock.setblocking(False)
            except OSError as error:
                self.tally.error("stream", f"connect: {error}")
                return
            selector.register(sock, selectors.EVENT_READ, {"data": b"", "opened": time.monotonic()})

        def finish(key, complete, why=""):
            data = key.data["data"]
            selector.unregister(key.fileobj)
            key.fileobj.close()
            if complete and data.startswith(b"HTTP/1.1 200 ") and b"event: snapshot" in data and b"event: complete" in data:
                self.tally.ok("stream")
            else:
                self.tally.error("stream", f"{why} {data[:120]!r}...{data[-60:]!r}")

        while not self.stop.is_set():
            while len(selector.get_map()) < concurrent and not self.stop.is_set():
                open_stream()
            now = time.monotonic()
            for key, _ in selector.select(timeout=0.1):
                try:
                    chunk = key.fileobj.recv(1 << 16)
                except OSError as error:
                    finish(key, False, f"recv: {error}")
                    continue
                if not chunk:
                    finish(key, False, "closed early")
                    continue
                key.data["data"] += chunk
                if key.data["data"].endswith(b"\r\n0\r\n\r\n"):
                    finish(key, True)
            for key in list(selector.get_map().values()):
                if now - key.data["opened"] > 30:
                    finish(key, False, "no end in 30 s")
        for key in list(selector.get_map().values()):
            key.fileobj.close()
        selector.close()

    def bad(self):
        index = 0
        while not self.stop.is_set():
            payload, expected = BAD_REQUESTS[index % len(BAD_REQUESTS)]
            index += 1
            client = None
            try:
                client = Client(self.port, timeout=10)
                client.send(payload)
                response = client.response()
                if response.status == expected:
                    self.tally.ok("bad")
                else:
                    self.tally.error("bad", f"{payload[:50]!r} got {response.status}, not {expected}")
            except (OSError, ConnectionError, ValueError) as error:
                self.tally.error("bad", f"{payload[:50]!r}: {type(error).__name__}: {error}")
            finally:
                if client:
                    client.close()
            time.sleep(0.02)


def prime_verified_sessions(port, tally, threads=8, per_connection=16):
    """Fills each loop's cache of verified session tokens past its capacity (4,096 a loop, kept
    whole when it starts afresh), so that the load after the warm-up measures steady state: a
    session started, then polled once. The loops share one listening socket registered
    `EPOLLEXCLUSIVE`, so a connection goes to the first loop waiting in `epoll_wait`: connections
    opened one after another by an idle client all land on the same loop (64 of them did, leaving
    the other loop's cache to fill, and its table to double, under the measured load). Here
    `threads` clients each open a fresh connection every `per_connection` sessions while the
    others keep a loop busy, so that both loops take a share of the sessions."""
    total = 2 * VERIFIED_SESSIONS_PER_LOOP * 3 // 2

    def prime(first):
        client = None
        for n in range(first, total, threads):
            if (n // threads) % per_connection == 0:
                if client:
                    client.close()
                client = Client(port, timeout=10)
            response = client.request(f"/loading-state?screen={SCREENS[n % len(SCREENS)]}&scenario=typical&seed={n}")
            token = json.loads(response.body)["session"]
            client.request(f"/loading-state?session={token}")
            tally.ok("session_prime")
        if client:
            client.close()

    workers = [threading.Thread(target=prime, args=(first,), daemon=True) for first in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--binary", default=DEFAULT_BINARY)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    raise_nofile()
    duration = args.minutes * 60
    warmup = min(60.0, max(10.0, duration / 5))
    interval = 5.0 if args.minutes >= 5 else 2.0
    checks = []
    stop = threading.Event()
    threads = []
    try:
        server = Server(args.binary, "--threads", "2", access_log=True)
        first = Client(server.port)
        first.request()
        first.close()
        fds_baseline = stable_fds(server)
        print(f"soak: {args.minutes:g} min, warm-up {warmup:.0f} s, samples every {interval:.0f} s; "
              f"server pid {server.pid} port {server.port}, RSS {server.rss()} kB, fds {fds_baseline}", flush=True)
        tally = Tally()
        primer = Client(server.port, timeout=10)
        for seed in range(1100 // (len(SCREENS) * len(SCENARIOS)) + 1):
            for screen in SCREENS:
                for scenario in SCENARIOS:
                    primer.request(f"/loading-state/timeline?screen={screen}&scenario={scenario}&seed={100000 + seed}")
                    tally.ok("timeline_prime")
        primer.close()
        prime_verified_sessions(server.port, tally)
        load = Load(server.port, tally, stop)
        workers = [("layouts", load.layouts, ()), ("polls", load.follow, ("poll", 0)),
                   ("long-polls-1", load.follow, ("long_poll", 2000)), ("long-polls-2", load.follow, ("long_poll", 2000)),
                   ("streams", load.streams, ()), ("bad", load.bad, ())]
        for name, target, arguments in workers:
            thread = threading.Thread(target=target, args=arguments, name=name, daemon=True)
            thread.start()
            threads.append(thread)
        started = time.monotonic()
        samples = []
        print("     t_s     rss_kb   fds  requests", flush=True)
        next_sample = started
        while True:
            now = time.monotonic()
            if now >= next_sample:
                elapsed = now - started
                rss, fds = server.rss(), server.fds()
                samples.append((elapsed, rss, fds))
                with tally.lock:
                    total = sum(tally.counts.values())
                print(f"  {elapsed:6.0f} {rss:10d} {fds:5d}  {total:8d}{'  (warm-up)' if elapsed < warmup else ''}", flush=True)
                next_sample += interval
            if now - started >= duration or not server.alive() or not all(t.is_alive() for t in threads):
                break
            time.sleep(min(0.2, max(0.0, next_sample - time.monotonic())))
        load_seconds = time.monotonic() - started
        stop.set()
        for thread in threads:
            thread.join(10)
        stuck = [t.name for t in threads if t.is_alive()]
        after_load = [s for s in samples if s[0] >= warmup]
        rss_start = after_load[0][1] if after_load else samples[-1][1]
        rss_peak = max(s[1] for s in after_load) if after_load else rss_start
        rss_end = samples[-1][1]
        growth = (rss_end - rss_start) / rss_start * 100
        fds_peak = max(s[2] for s in samples)
        fds_after = server.wait_fds(fds_baseline, 15)
        rss_after = server.rss()
        counts = dict(sorted(tally.counts.items()))
        valid_errors = {k: v for k, v in tally.errors.items() if k != "bad"}
        print(f"SOAK minutes={args.minutes:g} load_s={load_seconds:.0f} warmup_s={warmup:.0f} rss_start_kb={rss_start} "
              f"rss_peak_kb={rss_peak} rss_end_kb={rss_end} rss_after_load_kb={rss_after} growth_pct={growth:.2f} "
              f"fds_baseline={fds_baseline} fds_peak={fds_peak} fds_after_load={fds_after} "
              f"requests={sum(counts.values())} access_log_lines={server.log_lines}", flush=True)
        print("REQUESTS " + " ".join(f"{k}={v}" for k, v in counts.items())
              + "  ERRORS " + (" ".join(f"{k}={v}" for k, v in sorted(tally.errors.items())) or "none"), flush=True)
        for example in tally.examples:
            print(f"  error: {example}", flush=True)
        checks.append(("load ran", load_seconds >= duration - 1 and not stuck and server.alive(),
                       f"load_s={load_seconds:.0f} of {duration:.0f}, stuck threads {stuck}, server alive {server.alive()}"))
        checks.append(("rss", growth < 5.0, f"growth {growth:.2f} % (start {rss_start} kB, end {rss_end} kB, peak {rss_peak} kB)"))
        checks.append(("fds", fds_after <= fds_baseline, f"after load {fds_after}, baseline {fds_baseline}, peak {fds_peak}"))
        checks.append(("valid", not valid_errors and all(counts.get(k, 0) > 0 for k in ("layout", "poll", "long_poll", "stream")),
                       f"errors {valid_errors or 'none'}"))
        checks.append(("bad", tally.errors.get("bad", 0) == 0 and counts.get("bad", 0) > 0,
                       f"{counts.get('bad', 0)} bad requests, {tally.errors.get('bad', 0)} unexpected"))
        status = server.stop()
        stderr = bytes(server.stderr)
        checks.append(("shutdown", status == 0 and not stderr, f"exit {status}, stderr {stderr[:300]!r}"))
    except Exception as error:  # reported as a failed check; the server is stopped below
        checks.append(("run", False, f"{type(error).__name__}: {error}"))
    finally:
        stop.set()
        cleanup()
    passed = sum(1 for _, ok, _ in checks if ok)
    for name, ok, detail in checks:
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}", flush=True)
    print(f"{passed} passed, {len(checks) - passed} failed", flush=True)
    return 0 if checks and passed == len(checks) else 1


if __name__ == "__main__":
    sys.exit(main())
