#!/usr/bin/env python3
"""Holds N pending long polls (`GET /loading-state/TOKEN?wait=30000`) on one server thread
and measures what each costs in resident memory while pending, and how late each is answered
after the change it waits for.

By default every poll follows a session of its own, as the clients of a real service do: `home`,
typical, real speed, seed 1-1000 (index % 1000 + 1) and a start spread over 5 s (start + index *
5000 / N ms), so that no two polls share a token and their first changes fall at distinct instants
across ~5 s. With --one-instant every poll follows ONE session (seed 7, one start), so all N
answers are due at the same instant: the worst case, where one thread writes N answers one socket
at a time. Tokens are sealed with the built-in secret (the server runs on it here), and the
sessions start far enough in the future (less than the 60 s of clock skew a token may have) that
every poll is pending before the first change. Each seed's first change comes from
`/loading-state/timeline`.

A poll's lateness is its answer's `elapsedMs` minus the first change of its own session: the
server's own clock, so the client's speed does not count (`client_arrival_lateness_ms_max`, the
latest arrival at this Python client after the change's time, is printed too;
`runqueue_wait_ms_server` is how long the server, while answering, was ready to run but waited
for its CPU, taken by other processes on this shared machine). Memory:
bytes_per_poll = (RSS with all N pending - RSS of the fresh server) * 1024 / N, the fresh RSS
being read before the timelines are fetched, so the schedules the polls use count against them.

    Benchmarks/longpolls.py [--polls 10000] [--one-instant] [--data] [--binary PATH]

With --data the held requests are `GET /loading-state/TOKEN/data/ELEMENT` (issue 13's data
endpoint, answered at the element's time; ELEMENT is the first element its session makes ready)
instead of long polls; their lateness is the client's arrival lateness, as their bodies carry no
elapsed time.

The server is pinned to CPU 1 with one event loop and room for N connections, this client to
CPU 0. N above the ephemeral port range is reached by spreading the client over source addresses
127.0.0.1-127.0.0.8. N polls need N + 100 descriptors in each process: above the hard limit
that takes CAP_SYS_RESOURCE (root's usual power), without which the script says so and stops.
"""
import argparse
import base64
import hashlib
import hmac
import json
import os
import re
import selectors
import socket
import sys
import time

from heldserver import BINARY, cpu_and_wait_ms, raise_descriptor_limit, rss_kb, start_server

SECRET = b"skeleton-server built-in session secret; set --session-secret in production"
SEEDS = 1000  # distinct schedules; with the spread starts every poll's token is distinct
SPREAD_MS = 5000


def token(seed, start_epoch_ms):
    payload = f"v1.home.typical.{seed}.1000.{start_epoch_ms}".encode()
    b64 = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()
    return b64(payload) + "." + b64(hmac.new(SECRET, payload, hashlib.sha256).digest()[:16])


def get(port, path):
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(1 << 16):
            data += chunk
    return data.split(b"\r\n\r\n", 1)[1]


def first_change(port, seed):
    """(ms, element id) of the first element a `home` load of `seed` makes ready."""
    timeline = json.loads(get(port, f"/loading-state/timeline?screen=home&scenario=typical&seed={seed}"))
    return min((e["readyAtMs"], e["id"]) for e in timeline["elements"] if "readyAtMs" in e)


def pending_polls(port):
    return int(re.search(rb"^http_long_polls_pending (\d+)", get(port, "/metrics"), re.M).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--polls", type=int, default=10000)
    parser.add_argument("--one-instant", action="store_true", help="every poll follows one session: all answers due at one instant")
    parser.add_argument("--data", action="store_true", help="hold /data requests instead of long polls")
    parser.add_argument("--binary", default=BINARY)
    args = parser.parse_args()
    limit = raise_descriptor_limit(args.polls + 1000)
    if limit < args.polls + 100:
        sys.exit(f"longpolls.py: {args.polls} polls need {args.polls + 100} descriptors in each process; the limit is {limit} "
                 "and raising the hard limit needs CAP_SYS_RESOURCE")

    process, port = start_server(args.binary, args.polls + 100)
    try:
        rest = rss_kb(process.pid)
        seeds = [7] if args.one_instant else range(1, min(args.polls, SEEDS) + 1)
        changes = {seed: first_change(port, seed) for seed in seeds}
        lead_ms = min(20_000, 1_000 + args.polls // 8)  # to open every poll; lead + spread < the 30 s wait
        base = int(time.time() * 1000) + lead_ms
        first_due = base + min(ms for ms, _ in changes.values())

        selector = selectors.DefaultSelector()
        began = time.monotonic()
        for index in range(args.polls):
            seed = seeds[index % len(seeds)]
            start = base if args.one_instant else base + index * SPREAD_MS // args.polls
            change_ms, element = changes[seed]
            session = token(seed, start)
            path = f"/loading-state/{session}/data/{element}" if args.data else f"/loading-state/{session}?wait=30000"
            sock = socket.socket()
            sock.setsockopt(socket.IPPROTO_IP, socket.IP_BIND_ADDRESS_NO_PORT, 1)  # the port is chosen at connect:
            sock.bind((f"127.0.0.{1 + index % 8}", 0))  # cheap, and ports in TIME_WAIT are reused
            sock.connect(("127.0.0.1", port))
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            sock.setblocking(False)
            selector.register(sock, selectors.EVENT_READ, [b"", change_ms, start + change_ms])
        open_s = time.monotonic() - began
        while (held := pending_polls(port)) < args.polls and time.time() * 1000 < first_due - 100:
            time.sleep(0.1)
        pending = rss_kb(process.pid)
        if held < args.polls:
            print(f"longpolls.py: only {held} polls were pending when the RSS was read (opening took {open_s:.1f} s "
                  f"of the {lead_ms} ms lead)", file=sys.stderr)

        waited = cpu_and_wait_ms(process.pid)[1]
        lateness, arrival_lateness = [], []
        deadline = time.monotonic() + 40 + lead_ms / 1000
        while len(lateness) < args.polls and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=0.5):
                poll = key.data
                poll[0] += key.fileobj.recv(1 << 16)
                head, _, body = poll[0].partition(b"\r\n\r\n")
                length = re.search(rb"Content-Length: (\d+)", head)
                if not length or len(body) < int(length.group(1)):
                    continue
                arrival_lateness.append(time.time() * 1000 - poll[2])
                lateness.append(arrival_lateness[-1] if args.data else json.loads(body)["elapsedMs"] - poll[1])
                selector.unregister(key.fileobj)
                key.fileobj.close()
        waited = cpu_and_wait_ms(process.pid)[1] - waited
        lateness.sort()
        p99 = lambda values: values[max(0, int(len(values) * 0.99) - 1)] if values else 0
        print(f"{'DATA' if args.data else 'LONGPOLLS'} mode={'one-instant' if args.one_instant else 'own-sessions'} "
              f"n={args.polls} answered={len(lateness)} seeds={len(seeds)} open_s={open_s:.1f} "
              f"rss_rest_kb={rest} rss_pending_kb={pending} bytes_per_poll={(pending - rest) * 1024 / args.polls:.0f} "
              f"server_lateness_ms_max={lateness[-1] if lateness else 0:.0f} server_lateness_ms_p99={p99(lateness):.0f} "
              f"client_arrival_lateness_ms_max={max(arrival_lateness, default=0):.0f} runqueue_wait_ms_server={waited:.0f}")
        sys.exit(0 if len(lateness) == args.polls else 1)
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    main()
