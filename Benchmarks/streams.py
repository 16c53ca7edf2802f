#!/usr/bin/env python3
"""Holds N concurrent `/loading-state/events` streams on one server thread, checks that every
stream gets every event, each within a bound of its scheduled time, and prints the server's
resident memory per stream.

Each stream follows `movies` (typical, seed = its index, so that every stream has a schedule of
its own; speed 1, or --speed): a snapshot, nine element events spread over ~0.3-3 s (divided by
the speed), then `complete`. The
streams are opened in bursts of 100, reading what has arrived between bursts, and a burst is
opened only while fewer than 100 streams wait for their snapshot, so that the server's accept
queue never overflows (a dropped connection would stall this client for a 1 s retransmission).
Their starts are thus spread over a ramp as fast as the server takes them: `ramp_s` is its
length, `max_open` the most streams open at once (a stream lasts ~3 s at speed 1: slower streams
keep more of N open at once).

An event's lateness is the time it reached this client's socket (the kernel's receive timestamp,
SO_TIMESTAMPNS) minus its due time, the stream's start as its session token says plus the event's
id in virtual ms divided by the speed: the server's own clock, so the client's speed counts only when a read takes several
events at once (all of them then count as arriving with the last). `client_read_delay_ms_max` is
how long this (Python) client left arrived data unread, its own delay; `server_cpu_pct` and
`client_cpu_pct` (of one core, over the run) say which side was saturated, and
`runqueue_wait_ms_server` and `_client` how long each was ready to run but waited for its CPU,
taken by other processes on this shared machine: if large, the lateness measured the machine.
Memory: bytes_per_stream = (peak RSS - RSS at rest) * 1024 / N, and per stream open at
the peak, bytes_per_open_stream = the same / max_open (larger when not all N were open at once).

Unless --port and --pid name a running server, the script starts one (`--threads 1`, room for N
connections) pinned to CPU 1, and runs on CPU 0. N above the ephemeral port range is reached by
spreading the client over source addresses 127.0.0.1-127.0.0.8; as root with CAP_SYS_RESOURCE the
descriptor limit is raised for both processes, else streams are opened only while fewer than the
limit are open (a warning says so).

With --max-bytes-per-open-stream B the run also fails when bytes_per_open_stream is above B
(`run.sh` holds 5,000 streams open at once to at most 900 B each; at a few hundred streams the
server's fixed costs, such as its timer heap and connection table, do not divide away).

    Benchmarks/streams.py [--streams 1000] [--speed 1] [--max-bytes-per-open-stream B]
                          [--binary PATH | --port PORT --pid PID]
"""
import argparse
import base64
import os
import re
import select
import socket
import struct
import sys
import time

from heldserver import BINARY, cpu_and_wait_ms, raise_descriptor_limit, rss_kb, start_server

MOVIES_ELEMENTS = 9  # hero, popular, compactList, poster[0]..poster[5]
BURST = 100
SO_TIMESTAMPNS = 35  # Linux; not in Python 3.11's socket module
EVENT = re.compile(rb"id: (\d+)\nevent: (\w+)\n")
SESSION = re.compile(rb'"session":"([\w-]+)\.')


class Stream:
    """One event stream's socket and what has arrived on it."""

    def __init__(self, sock, speed):
        self.sock, self.speed = sock, speed
        self.text = b""
        self.start_ms = None  # the session's start, epoch ms, from the snapshot's token
        self.events = 0
        self.complete = False
        self.lateness = 0.0

    def read(self, data, arrival_ms):
        """Takes in the events of `data`; True once the stream has ended."""
        self.text += data
        *blocks, self.text = self.text.split(b"\n\n")
        for block in blocks:
            match = EVENT.search(block)
            if not match:
                continue
            name = match.group(2)
            if name == b"snapshot":
                payload = SESSION.search(block).group(1)
                self.start_ms = int(base64.urlsafe_b64decode(payload + b"=" * (-len(payload) % 4)).rsplit(b".", 1)[1])
            elif name == b"element":
                self.events += 1
                self.lateness = max(self.lateness, arrival_ms - self.start_ms - int(match.group(1)) / self.speed)
            elif name == b"complete":
                self.complete = True
        return self.complete and self.text.endswith(b"0\r\n\r\n")


def run(port, count, pid, room, speed):
    """An epoll client, one read per ready socket; at most `room` streams open at once. Returns
    the streams, the server's peak RSS, the ramp's length, the most streams open at once and
    the client's longest read delay (ms)."""
    poller = select.epoll()
    open_streams, done, unanswered = {}, [], set()  # unanswered: streams whose snapshot has not arrived
    peak = max_open = read_delay = 0
    started = time.monotonic()
    ramp, opened = 0.0, 0
    while opened < count or (open_streams and time.monotonic() < started + ramp + 30 / speed):  # a stream lasts ~3 s / speed
        can_open = len(unanswered) < BURST and len(open_streams) + BURST <= room
        burst = range(opened, min(opened + BURST, count) if can_open else opened)
        for index in burst:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            sock.setsockopt(socket.IPPROTO_IP, socket.IP_BIND_ADDRESS_NO_PORT, 1)  # the port is chosen at connect:
            sock.bind((f"127.0.0.{1 + index % 8}", 0))  # cheap, and ports in TIME_WAIT are reused
            sock.connect(("127.0.0.1", port))
            sock.sendall(f"GET /loading-state/events?screen=movies&seed={index}&speed={speed:g} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            sock.setblocking(False)
            poller.register(sock, select.EPOLLIN)
            open_streams[sock.fileno()] = Stream(sock, speed)
            unanswered.add(sock.fileno())
        if burst:
            opened = burst.stop
            ramp = time.monotonic() - started
        max_open = max(max_open, len(open_streams))
        for fd, _ in poller.poll(0.05, len(open_streams) or 1):
            stream = open_streams[fd]
            data, ancillary, _, _ = stream.sock.recvmsg(1 << 16, 64)
            now_ms = time.time() * 1000
            arrival_ms = now_ms
            for _, _, stamp in ancillary:  # SCM_TIMESTAMPNS: when the last of these bytes arrived
                seconds, nanoseconds = struct.unpack("qq", stamp)
                arrival_ms = seconds * 1000 + nanoseconds / 1e6
            read_delay = max(read_delay, now_ms - arrival_ms)
            ended = not data or stream.read(data, arrival_ms)
            if ended or stream.start_ms:
                unanswered.discard(fd)
            if ended:
                poller.unregister(fd)
                stream.sock.close()
                done.append(open_streams.pop(fd))
        peak = max(peak, rss_kb(pid))
    return done + list(open_streams.values()), peak, ramp, max_open, read_delay


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--binary", default=BINARY)
    parser.add_argument("--speed", type=float, default=1.0, help="the streams' speed: at 0.1 a stream lasts ~30 s")
    parser.add_argument("--max-bytes-per-open-stream", type=float, help="fail when bytes_per_open_stream is above this")
    parser.add_argument("--port", type=int)
    parser.add_argument("--pid", type=int)
    args = parser.parse_args()
    if (args.port is None) != (args.pid is None):
        parser.error("--port and --pid go together")
    room = raise_descriptor_limit(args.streams + 1000) - 100
    if room < args.streams:
        print(f"streams.py: {room + 100} descriptors per process (raising the hard limit needs CAP_SYS_RESOURCE): "
              f"at most {room} streams are open at once", file=sys.stderr)
    process = None
    port, pid = args.port, args.pid
    if port is None:
        process, port = start_server(args.binary, args.streams + 100)
        pid = process.pid
    try:
        rest = rss_kb(pid)
        started, before = time.monotonic(), cpu_and_wait_ms(pid) + cpu_and_wait_ms(os.getpid())
        done, peak, ramp, max_open, read_delay = run(port, args.streams, pid, room, args.speed)
        seconds = time.monotonic() - started
        after = cpu_and_wait_ms(pid) + cpu_and_wait_ms(os.getpid())
        server_cpu, server_wait, client_cpu, client_wait = (b - a for a, b in zip(before, after))
    finally:
        if process:
            process.terminate()
            process.wait(10)
    per_open = (peak - rest) * 1024 / max(max_open, 1)
    complete = sum(1 for stream in done if stream.complete and stream.events == MOVIES_ELEMENTS)
    worst = sorted(stream.lateness for stream in done)
    p99 = worst[max(0, int(len(worst) * 0.99) - 1)] if worst else 0
    print(f"STREAMS n={args.streams} speed={args.speed:g} complete_with_all_events={complete} events={sum(s.events for s in done)} "
          f"max_lateness_ms={worst[-1] if worst else 0:.1f} p99_stream_lateness_ms={p99:.1f} "
          f"rss_rest_kb={rest} rss_peak_kb={peak} bytes_per_stream={(peak - rest) * 1024 / args.streams:.0f} "
          f"bytes_per_open_stream={per_open:.0f} "
          f"ramp_s={ramp:.1f} max_open={max_open} seconds={seconds:.1f} "
          f"server_cpu_pct={server_cpu / seconds / 10:.0f} client_cpu_pct={client_cpu / seconds / 10:.0f} "
          f"client_read_delay_ms_max={read_delay:.1f} runqueue_wait_ms_server={server_wait:.0f} runqueue_wait_ms_client={client_wait:.0f}")
    over = args.max_bytes_per_open_stream is not None and per_open > args.max_bytes_per_open_stream
    if over:
        print(f"streams.py: {per_open:.0f} B per open stream, above the bound of {args.max_bytes_per_open_stream:g}", file=sys.stderr)
    sys.exit(0 if complete == args.streams and not over else 1)


if __name__ == "__main__":
    main()
