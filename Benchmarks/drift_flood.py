#!/usr/bin/env python3
"""A flood of drift reports against the release build: memory and CPU of 100,000 `POST /drift`.

    Benchmarks/drift_flood.py [--binary PATH] [--reports N] [--connections C]

Starts the server (default .build/release/skeleton-server; `swift build -c release` first) on a
kernel-chosen port, then sends N reports (default 100,000) over C keep-alive connections (default
4), pipelined 200 at a time: nine in ten good (every element of every screen, scores and widths
varied), one in ten refused (unknown elements with fresh names, stale versions, bad JSON). Prints
the server's RSS before and after, its CPU seconds for the flood, and checks that GET /drift
counted exactly the good reports. A measurement, not a timed test: the figures go to
docs/performance.md.
"""
import argparse
import json
import os
import random
import socket
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests"))
import launcher  # noqa: E402

PIPELINE = 200


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def get(port, path):
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: b\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(1 << 16):
            data += chunk
    return json.loads(data.split(b"\r\n\r\n", 1)[1])


def request(body):
    return b"POST /drift HTTP/1.1\r\nHost: b\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)


def bodies(count, screens, rng):
    """(request bytes, whether it is good) for `count` reports."""
    for index in range(count):
        screen = screens[index % len(screens)]
        element = screen["elements"][index % len(screen["elements"])]
        report = {"screen": screen["screen"], "version": screen["version"], "element": element, "width": 320 + index % 40 * 11.5,
                  "score": round(rng.random(), 4), "skeletonHeight": 200, "contentHeight": round(180 + rng.random() * 40, 2),
                  "shapes": [{"skeleton": i, "content": i, "iou": 0.9} for i in range(rng.randrange(0, 8))]}
        kind = index % 10
        if kind == 7:
            report["element"] = f"flood-{index}"
        elif kind == 8:
            report["version"] = f"{index:016x}"
        body = json.dumps(report, separators=(",", ":")).encode()
        if kind == 9:
            body = body[: len(body) // 2]
        yield request(body), kind < 7


def flood(port, items):
    """Sends the requests pipelined and reads every response; returns the count of 204s."""
    accepted = 0
    with socket.create_connection(("127.0.0.1", port)) as sock:
        buffer = b""
        for start in range(0, len(items), PIPELINE):
            batch = items[start:start + PIPELINE]
            sock.sendall(b"".join(batch))
            answered = 0
            while answered < len(batch):
                while b"\r\n\r\n" not in buffer:
                    buffer += sock.recv(1 << 16)
                head, buffer = buffer.split(b"\r\n\r\n", 1)
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")), 0)
                while len(buffer) < length:
                    buffer += sock.recv(1 << 16)
                buffer = buffer[length:]
                accepted += head.startswith(b"HTTP/1.1 204")
                answered += 1
    return accepted


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(launcher.ROOT, ".build", "release", "skeleton-server"))
    parser.add_argument("--reports", type=int, default=100_000)
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args()
    server = launcher.RunningServer(binary=args.binary)
    try:
        screens = []
        for entry in get(server.port, "/layouts")["screens"]:
            document = get(server.port, f"/layouts/{entry['id']}")
            screens.append({"screen": entry["id"], "version": document["version"], "elements": [e["id"] for e in document["elements"]]})
        items = list(bodies(args.reports, screens, random.Random(43)))
        good = sum(1 for _, is_good in items if is_good)
        requests = [item for item, _ in items]
        get(server.port, "/drift")
        rss_before, cpu_before = rss_kb(server.pid), server.cpu_seconds()
        accepted = 0
        share = (len(requests) + args.connections - 1) // args.connections
        for connection in range(args.connections):  # one after another: the client is the bottleneck, not the server
            accepted += flood(server.port, requests[connection * share:(connection + 1) * share])
        cpu = server.cpu_seconds() - cpu_before
        rss_after = rss_kb(server.pid)
        counted = sum(entry["reports"] for entry in get(server.port, "/drift")["elements"])
        elements = len(get(server.port, "/drift")["elements"])
        print(f"reports sent: {len(requests)}, accepted (204): {accepted}, good: {good}, counted by GET /drift: {counted}, elements: {elements}")
        print(f"server RSS: {rss_before / 1024:.1f} MiB before, {rss_after / 1024:.1f} MiB after ({(rss_after - rss_before) / 1024:+.1f} MiB)")
        print(f"server CPU: {cpu:.2f} s for {len(requests)} reports ({cpu / len(requests) * 1e6:.1f} µs each)")
        assert accepted == good == counted, "every good report counted once, every other refused"
    finally:
        server.stop()


if __name__ == "__main__":
    main()
