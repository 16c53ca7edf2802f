#!/usr/bin/env python3
"""Instructions per request, counted by valgrind's callgrind: a figure that does not depend on
machine noise, so a regression shows as a number.

For each route: run the release server under callgrind twice (once serving nothing, once serving
N requests sent 16 pipelined per write on one connection), and divide the difference in total
instructions by N. Start-up, document encoding and shutdown cancel out.

    Benchmarks/instructions.py [--requests 4000] [--binary PATH] [--server-flags "--no-metrics"] [--keep DIR] [ROUTE ...]

--keep DIR keeps each route's callgrind output in DIR (route-N.callgrind, N its position), for
`callgrind_annotate --inclusive=yes DIR/route-1.callgrind` to show where its instructions went.
--warm counts a request whose answer is already cached: the baseline run serves the route once,
and the counted run serves it once more before the N, so that work done on a route's first
request (a frames document computed, then kept) cancels out too. Without it, that first
request's work is shared among the N (home's frames: some 0.75 M instructions, 190 a request).
A route with `{i}` in it is sent with a hex digit there, 0 to f in turn, so that no request's
target is the one before it (`/layouts/home?theme=dark&n={i}`): what a target costs when the
parser cannot hand out the last one it read again.
--at-most R, with two routes, exits 1 when the first costs more than R times the second: a frames
document at an instant against the document it extends must stay within 2
(`--warm --at-most 2 '/layouts/home/frames?width=390&at=1200' '/layouts/home/frames?width=390'`).
"""
import argparse
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROUTES = ["/layouts/home", "/loading-state/instant?screen=home&scenario=typical&seed=7&at=1200", "/healthz"]


def count(binary, route, requests, workdir, flags=(), out=None, warm=False):
    out = out or os.path.join(workdir, "callgrind.out")
    log = os.path.join(workdir, "server.out")
    # The access log stays on, as in production; it goes to a file, which never blocks the server.
    with open(log, "w") as stdout:
        process = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "--port", "0", "--threads", "1", *flags],
            stdout=stdout, stderr=subprocess.DEVNULL)
    port = None
    while port is None:
        with open(log) as f:
            match = re.search(r"listening on http://[^\s]+:(\d+)", f.read())
        if match:
            port = int(match.group(1))
        elif process.poll() is not None:
            raise RuntimeError("the server exited before listening")
        else:
            time.sleep(0.05)  # valgrind gives no readiness signal but this line
    if requests or warm:
        batch = b"".join(f"GET {route.replace('{i}', f'{i:x}')} HTTP/1.1\r\nHost: bench\r\n\r\n".encode() for i in range(16))
        request = batch[:batch.index(b"\r\n\r\n") + 4]
        with socket.create_connection(("127.0.0.1", port)) as sock:
            # Every response to the route has the same length (the Date field is fixed-width).
            sock.sendall(request)
            first = b""
            while b"\r\n\r\n" not in first:
                first += sock.recv(1 << 16)
            head, body = first.split(b"\r\n\r\n", 1)
            length = int(re.search(rb"Content-Length: (\d+)", head).group(1))
            while len(body) < length:
                body += sock.recv(1 << 16)
            size = len(head) + 4 + length
            for _ in range(requests // 16):
                sock.sendall(batch)
                pending = size * 16
                while pending:
                    pending -= len(sock.recv(min(pending, 1 << 20)))
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=120)
    with open(out) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise RuntimeError("no totals in callgrind output")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build", "release", "skeleton-server"))
    parser.add_argument("--server-flags", default="", help="more flags for the server, as one shell-quoted string")
    parser.add_argument("--keep", help="a directory to keep each route's callgrind output in")
    parser.add_argument("--warm", action="store_true", help="count requests after the route's first (see above)")
    parser.add_argument("--at-most", type=float, help="with two routes: the most the first may cost, in times the second")
    parser.add_argument("routes", nargs="*", default=ROUTES)
    args = parser.parse_args()
    if args.at_most is not None and len(args.routes) != 2:
        parser.error("--at-most compares two routes")
    flags = shlex.split(args.server_flags)
    with tempfile.TemporaryDirectory() as workdir:
        base = None if args.warm else count(args.binary, ROUTES[0], 0, workdir, flags)
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
        costs = []
        for number, route in enumerate(args.routes, 1):
            kept = os.path.join(args.keep, f"route-{number}.callgrind") if args.keep else None
            if args.warm:
                base = count(args.binary, route, 0, workdir, flags, warm=True)
            total = count(args.binary, route, args.requests, workdir, flags, kept, warm=args.warm)
            costs.append((total - base) / args.requests)
            print(f"INSTRUCTIONS route={route} requests={args.requests} per_request={costs[-1]:.0f}")
            sys.stdout.flush()
    if args.at_most is not None:
        ratio = costs[0] / costs[1]
        print(f"RATIO {ratio:.2f} (at most {args.at_most:g}): {'ok' if ratio <= args.at_most else 'FAILED'}")
        if ratio > args.at_most:
            sys.exit(1)


if __name__ == "__main__":
    main()
