#!/usr/bin/env python3
"""Holds N concurrent `/loading-state/events` streams against one server and checks that every
stream gets every event, each within a bound of its scheduled time; prints the server's RSS.

Each stream follows `movies` (typical, seed = its index, speed 1): a snapshot, nine element
events spread over ~0.3-3 s, then `complete`. An event's lateness is its arrival minus
(the snapshot's arrival + (event id - snapshot id) ms): the client's own delay counts against
the server, so the figure is an upper bound.

    Benchmarks/streams.py [--streams 1000] [--binary PATH | --port PORT --pid PID]
"""
import argparse
import os
import re
import resource
import selectors
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOVIES_ELEMENTS = 9  # hero, popular, compactList, poster[0]..poster[5]


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


EVENT = re.compile(rb"id: (\d+)\nevent: (\w+)\n")


class Stream:
    """One event stream's socket and what has arrived on it."""

    def __init__(self, sock, index):
        self.sock, self.index = sock, index
        self.text = b""
        self.snapshot = None
        self.events = 0
        self.complete = False
        self.lateness = 0.0


def run(port, streams, pid):
    """A selectors (epoll) client: light enough on one core that its own delay stays small."""
    selector = selectors.DefaultSelector()
    pending = list(range(streams))
    open_streams, done, peak = 0, [], 0
    while pending or open_streams:
        while pending and open_streams < streams:
            index = pending.pop()
            sock = socket.create_connection(("127.0.0.1", port))
            sock.setblocking(False)
            sock.send(f"GET /loading-state/events?screen=movies&seed={index}&speed=1 HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            selector.register(sock, selectors.EVENT_READ, Stream(sock, index))
            open_streams += 1
            if len(pending) % 500 == 0:
                break  # serve arrivals between bursts of connects
        for key, _ in selector.select(timeout=0.05):
            stream = key.data
            data = stream.sock.recv(1 << 16)
            arrival = time.monotonic()
            if not data:
                selector.unregister(stream.sock)
                stream.sock.close()
                open_streams -= 1
                done.append(stream)
                continue
            stream.text += data
            while b"\n\n" in stream.text:
                block, stream.text = stream.text.split(b"\n\n", 1)
                match = EVENT.search(block)
                if not match:
                    continue
                event_id, name = int(match.group(1)), match.group(2)
                if name == b"snapshot":
                    stream.snapshot = (arrival, event_id)
                elif name == b"element":
                    stream.events += 1
                    late = (arrival - stream.snapshot[0]) * 1000 - (event_id - stream.snapshot[1])
                    stream.lateness = max(stream.lateness, late)
                elif name == b"complete":
                    stream.complete = True
            if stream.complete and stream.text.endswith(b"0\r\n\r\n"):
                selector.unregister(stream.sock)
                stream.sock.close()
                open_streams -= 1
                done.append(stream)
        if pid:
            peak = max(peak, rss_kb(pid))
    return done, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "skeleton-server"))
    parser.add_argument("--port", type=int)
    parser.add_argument("--pid", type=int)
    args = parser.parse_args()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    process = None
    port, pid = args.port, args.pid
    if port is None:
        # Server on CPU 1, this client on CPU 0, as in the other benchmarks.
        process = subprocess.Popen(["taskset", "-c", "1", args.binary, "--port", "0", "--threads", "1"], stdout=subprocess.PIPE)
        os.sched_setaffinity(0, {0})
        port = int(re.search(r":(\d+)\s*$", process.stdout.readline().decode()).group(1))
        pid = process.pid
        subprocess.Popen(["cat"], stdin=process.stdout, stdout=subprocess.DEVNULL)  # drain the access log
    rest = rss_kb(pid) if pid else 0
    started = time.monotonic()
    done, peak = run(port, args.streams, pid)
    complete = sum(1 for stream in done if stream.complete and stream.events == MOVIES_ELEMENTS)
    worst = sorted(stream.lateness for stream in done)
    p99 = worst[int(len(worst) * 0.99) - 1] if worst else 0
    print(f"STREAMS n={args.streams} complete_with_all_events={complete} events={sum(s.events for s in done)} "
          f"max_lateness_ms={worst[-1] if worst else 0:.1f} p99_stream_lateness_ms={p99:.1f} "
          f"rss_rest_kb={rest} rss_peak_kb={peak} seconds={time.monotonic() - started:.1f}")
    if process:
        process.terminate()
        process.wait(10)
    sys.exit(0 if complete == args.streams else 1)


if __name__ == "__main__":
    main()
