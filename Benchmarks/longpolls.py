#!/usr/bin/env python3
"""Holds N pending long polls (`GET /loading-state?session=TOKEN&wait=30000`) on one server thread
and measures what each costs in resident memory while pending, and how late each is answered
after the change it waits for.

Every poll follows one session: `home`, typical, seed 7, real speed, sealed with the built-in
secret (the server runs on it here) and starting a little in the future (less than the 60 s of
clock skew a token may have), so that the polls can all be opened before its first change. A
poll's lateness is the answer's `elapsedMs` minus that change's time: the server's own clock,
so the client's speed does not count (the client's arrival lateness is printed too).

    Benchmarks/longpolls.py [--polls 10000] [--binary PATH] [--data]

With --data the held requests are `GET /data/home/accountsCarousel?session=TOKEN` (issue 13's
data endpoint, answered at the element's time) instead of long polls; their lateness is the
client's arrival lateness, as their bodies carry no elapsed time.

The server is pinned to CPU 1 with one event loop, this client to CPU 0. N above the ephemeral
port range is reached by spreading the client over source addresses 127.0.0.1-127.0.0.8; as root,
the descriptor limit is raised for both processes.
"""
import argparse
import base64
import hashlib
import hmac
import json
import os
import re
import resource
import selectors
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET = b"skeleton-server built-in session secret; set --session-secret in production"


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def token(start_epoch_ms):
    payload = f"v1.home.typical.7.1000.{start_epoch_ms}".encode()
    b64 = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()
    return b64(payload) + "." + b64(hmac.new(SECRET, payload, hashlib.sha256).digest()[:16])


def get(port, path):
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(1 << 16):
            data += chunk
    return json.loads(data.split(b"\r\n\r\n", 1)[1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--polls", type=int, default=10000)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "skeleton-server"))
    parser.add_argument("--data", action="store_true", help="hold /data requests instead of long polls")
    args = parser.parse_args()
    wanted = 2 * args.polls + 1000
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(wanted, hard), max(wanted, hard)))
    except (ValueError, PermissionError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    process = subprocess.Popen(["taskset", "-c", "1", args.binary, "--port", "0", "--threads", "1",
                                "--max-connections", str(args.polls + 100)], stdout=subprocess.PIPE)
    os.sched_setaffinity(0, {0})
    port = int(re.search(r":(\d+)\s*$", process.stdout.readline().decode()).group(1))
    subprocess.Popen(["cat"], stdin=process.stdout, stdout=subprocess.DEVNULL)  # drain the access log
    try:
        timeline = get(port, "/loading-state/timeline?screen=home&scenario=typical&seed=7")
        first_change = min(e["readyAtMs"] for e in timeline["elements"] if "readyAtMs" in e)
        first_element = next(e["id"] for e in timeline["elements"] if e.get("readyAtMs") == first_change)
        lead_ms = min(25_000, 5_000 + args.polls // 10)  # time to open every poll before the start (< the 30 s wait)
        start = int(time.time() * 1000) + lead_ms
        path = f"/data/home/{first_element}?session={token(start)}" if args.data else f"/loading-state?session={token(start)}&wait=30000"
        request = f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode()
        rest = rss_kb(process.pid)

        selector = selectors.DefaultSelector()
        for index in range(args.polls):
            sock = socket.socket()
            sock.bind((f"127.0.0.{1 + index % 8}", 0))
            sock.connect(("127.0.0.1", port))
            sock.sendall(request)
            sock.setblocking(False)
            selector.register(sock, selectors.EVENT_READ, [b""])
        opened = time.time() * 1000
        time.sleep(1)  # not synchronisation: the server reads the last requests, then RSS is read
        pending = rss_kb(process.pid)
        if opened > start:
            print(f"LONGPOLLS the polls took {opened - start + lead_ms:.0f} ms to open, more than the {lead_ms} ms lead", file=sys.stderr)

        lateness, arrival_lateness, answered = [], [], 0
        due = start + first_change
        deadline = time.monotonic() + 40 + lead_ms / 1000
        while answered < args.polls and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=0.5):
                buffer = key.data
                buffer[0] += key.fileobj.recv(1 << 16)
                head, _, body = buffer[0].partition(b"\r\n\r\n")
                length = re.search(rb"Content-Length: (\d+)", head)
                if not length or len(body) < int(length.group(1)):
                    continue
                arrival_lateness.append(time.time() * 1000 - due)
                lateness.append(arrival_lateness[-1] if args.data else json.loads(body)["elapsedMs"] - first_change)
                answered += 1
                selector.unregister(key.fileobj)
                key.fileobj.close()
        lateness.sort()
        arrival_lateness.sort()
        p99 = lambda values: values[max(0, int(len(values) * 0.99) - 1)] if values else 0
        print(f"{'DATA' if args.data else 'LONGPOLLS'} n={args.polls} answered={answered} rss_rest_kb={rest} rss_pending_kb={pending} "
              f"bytes_per_poll={(pending - rest) * 1024 / args.polls:.0f} "
              f"server_lateness_ms_max={lateness[-1] if lateness else 0} server_lateness_ms_p99={p99(lateness)} "
              f"client_arrival_lateness_ms_max={arrival_lateness[-1] if arrival_lateness else 0:.0f}")
        sys.exit(0 if answered == args.polls else 1)
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    main()
