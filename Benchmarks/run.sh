#!/usr/bin/env bash
# Benchmarks skeleton-server against its peers in one run, each as a ratio (the harness is
# Benchmarks/harness: wrk and ab driven by compare.sh, idle connections by idle.sh, peers by peers.sh):
# keep-alive, new connection per request, 16-deep pipelining, the computed loading state, and
# memory per idle connection; then what one server thread holds: event streams and long polls
# (Benchmarks/streams.py, longpolls.py, each starting its own server); and, where valgrind is
# installed, each screen's /frames?at= against its frames document in instructions (not in --smoke). The server and peers are
# pinned to CPU 1, the load to CPU 0. The C floor (harness/peers/c-limit, built here with cc when there
# is one) serves the same bytes beside them, so that the kernel's share of each figure is
# measured in the same run.
#
#   Benchmarks/run.sh [--smoke] [--rounds N] [--duration 10s] [--idle N] [--peers "nginx hummingbird flyingfox-nodelay"]
#                     [--streams 50000] [--polls 50000] [--binary PATH]
#
# The first peer is the ratio baseline. nginx (Debian's) is the default; the Swift peers
# (hummingbird, hummingbird-nioexec, flyingfox, flyingfox-nodelay) are taken only when their
# binaries are given in HB_BIN and FF_BIN (built outside this repository, see harness/README.md);
# naming one without its binary stops the script before it starts anything.
# --smoke: a ~30 s pass over every step with tiny numbers (what .ci/run runs, so the script
# cannot rot); its figures mean nothing. Installs wrk, nginx and ab when missing; when they
# cannot be installed, the smoke says so and stops without failing. --streams and --polls size
# the large stream and long-poll runs (the issue's 50,000); N connections need N + 100
# descriptors per process, so where the hard limit (ulimit -Hn) is lower and cannot be raised
# (root without CAP_SYS_RESOURCE) they run at the limit, and say so. --binary: the server to
# measure (default: the release build, built here; CI gives it scripts/build-release's).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bench=$here/harness
rounds=3 duration=10s idle=10000 peers="nginx" smoke=0 ab_n=20000 warmup=3s settle=3
binary="" streams=50000 polls=50000 held=10000 # held: the stream-memory and all-at-one-instant runs
# SCREEN:CEILING: home, thread and movies at most twice their frames document (issue 44); insights
# and inbox (28 and 32 groups, two moving coordinates each) 2.59 and 2.65 today
at_limits="home:2 thread:2 movies:2 insights:2.7 inbox:2.8"
while [ $# -gt 0 ]; do
    case $1 in
        --smoke) smoke=1; rounds=1; duration=2s; idle=200; ab_n=2000; warmup=0; settle=1; streams=200; polls=200; held=200; at_limits=""; shift ;;
        --rounds) rounds=$2; shift 2 ;;
        --duration) duration=$2; shift 2 ;;
        --idle) idle=$2; shift 2 ;;
        --peers) peers=$2; shift 2 ;;
        --streams) streams=$2; shift 2 ;;
        --polls) polls=$2; shift 2 ;;
        --binary) binary=$(realpath "$2"); shift 2 ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
for peer in $peers; do
    case $peer in
        hummingbird*) [ -x "${HB_BIN:-}" ] || { echo "peer $peer: set HB_BIN to its binary" >&2; exit 2; } ;;
        flyingfox*) [ -x "${FF_BIN:-}" ] || { echo "peer $peer: set FF_BIN to its binary" >&2; exit 2; } ;;
        nginx) ;;
        *) echo "unknown peer: $peer (nginx, hummingbird, hummingbird-nioexec, flyingfox, flyingfox-nodelay)" >&2; exit 2 ;;
    esac
done

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v ab >/dev/null || missing+=(apache2-utils)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]}"
    if ! { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }; then
        echo "cannot install ${missing[*]}: benchmark skipped" >&2
        [ "$smoke" = 1 ] && exit 0
        exit 1
    fi
fi
export PATH=$PATH:/usr/sbin

if [ -z "$binary" ]; then
    (cd "$root" && swift build -c release --product skeleton-server 2>&1 | tail -1)
    binary=$root/.build/release/skeleton-server
fi
work=$(mktemp -d /tmp/skeleton-bench.XXXXXX)
chmod 755 "$work" # nginx workers run as nobody and read the payload from here
server_pid="" floor_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    [ -n "$floor_pid" ] && kill "$floor_pid" 2>/dev/null && wait "$floor_pid" 2>/dev/null
    [ -s "$work/peers.state" ] && "$bench/peers.sh" stop --state "$work/peers.state" >/dev/null 2>&1
    true
}
trap cleanup EXIT
ulimit -n "$(ulimit -Hn)"

start_server() { # [--unpinned] flags... ; sets server_pid and port
    local pin=(taskset -c 1)
    [ "${1:-}" = --unpinned ] && { pin=(); shift; }
    "${pin[@]}" "$binary" --port 0 "$@" > "$work/server.out" 2> "$work/server.err" &
    server_pid=$!
    for _ in $(seq 200); do
        port=$(grep -o 'listening on http://[^ ]*' "$work/server.out" 2>/dev/null | grep -o '[0-9]*$' || true)
        [ -n "$port" ] && return 0
        sleep 0.05
    done
    echo "server did not start: $(cat "$work/server.err")" >&2
    exit 1
}
stop_server() {
    kill -TERM "$server_pid"; wait "$server_pid" || true; server_pid=""
}
start_peers() {
    PAYLOAD_DIR=$work/payload "$bench/peers.sh" start --cpu 1 --only "$peers" --state "$work/peers.state" >/dev/null
}
stop_peers() {
    "$bench/peers.sh" stop --state "$work/peers.state" >/dev/null
}
peer_targets() { # path -> NAME=URL for each running peer
    awk -v path="$1" '{ print $1 "=http://127.0.0.1:" $3 path }' "$work/peers.state"
}

home=/layouts/home
loading="/loading-state?screen=home&scenario=typical&seed=7&at=1200"
H=http://127.0.0.1

start_server
mkdir -p "$work/payload"
curl -sf "$H:$port$home" -o "$work/payload/home.json"
has_loading=0
if curl -sf "$H:$port$loading" -o "$work/payload/small.json"; then has_loading=1; else cp "$work/payload/home.json" "$work/payload/small.json"; fi
start_peers
floor=()
if command -v cc >/dev/null && cc -O2 -o "$work/c-limit" "$bench/peers/c-limit/server.c" 2>/dev/null; then
    floor_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    taskset -c 1 "$work/c-limit" "$floor_port" "$work/payload/home.json" 2> "$work/c-limit.err" &
    floor_pid=$!
    for _ in $(seq 100); do curl -sf -o /dev/null "$H:$floor_port/" && break; sleep 0.05; done
    floor=("c-limit=$H:$floor_port$home")
fi
common=(-r "$rounds" -d "$duration" --warmup "$warmup" --client-cpu 0 -n "$ab_n")

echo "## skeleton-server vs $peers, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, server+peers on CPU 1, load on CPU 0"
echo "### GET $home ($(wc -c < "$work/payload/home.json") B body): keep-alive (wrk -t1 -c64) and new connection per request (ab -c32)"
"$bench/compare.sh" "${common[@]}" -o "$work/home" $(peer_targets "$home" | head -1) "skeleton=$H:$port$home" $(peer_targets "$home" | tail -n +2) ${floor[@]+"${floor[@]}"} | grep -E '^\||^###|^RESULT'
echo "### GET $home, 16 requests pipelined per write"
"$bench/compare.sh" "${common[@]}" --close-tool none --wrk-script "$bench/tools/pipeline.lua" -o "$work/pipelined" \
    $(peer_targets "$home" | head -1) "skeleton=$H:$port$home" ${floor[@]+"${floor[@]}"} | grep -E '^\||^RESULT'
echo "### GET $home/frames?width=390 beside GET $home: the server's laid-out frames, cached after the first request (issue: at most 1.2x)"
curl -sf -o /dev/null "$H:$port$home/frames?width=390"
"$bench/compare.sh" "${common[@]}" --close-tool none -o "$work/frames" \
    "layout=$H:$port$home" "frames=$H:$port$home/frames?width=390" | grep -E '^\||^RESULT'
if [ "$has_loading" = 1 ]; then
    echo "### GET $loading (computed per request; nginx serves the same bytes as a file)"
    "$bench/compare.sh" "${common[@]}" --close-tool none -o "$work/loading" \
        "$(peer_targets /layouts/small | head -1)" "skeleton=$H:$port$loading" | grep -E '^\||^RESULT'

    # How an app follows a load: polls by session token. The token is sealed with the built-in
    # secret (the server runs on it here) for a load started 5,000 s ago: complete and steady, its
    # elapsedMs keeps seven digits for hours, so every response has the same length. Beside it:
    # `at=` polls of the same state, and nginx serving the session's document as a file.
    token=$(python3 -c 'import base64, hashlib, hmac, time
secret = b"skeleton-server built-in session secret; set --session-secret in production"
payload = ("v1.home.typical.7.1000.%d" % (time.time() * 1000 - 5000000)).encode()
b64 = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()
print(b64(payload) + "." + b64(hmac.new(secret, payload, hashlib.sha256).digest()[:16]))')
    session="/loading-state/$token"
    same_at="/loading-state/instant?screen=home&scenario=typical&seed=7&at=5000000"
    if curl -sf "$H:$port$session" -o "$work/payload/small.json"; then
        stop_peers
        start_peers
        echo "### GET /loading-state/TOKEN ($(wc -c < "$work/payload/small.json") B; nginx: the same bytes as a file) beside at= on the same state"
        "$bench/compare.sh" "${common[@]}" --close-tool none -o "$work/session" \
            "$(peer_targets /layouts/small | head -1)" "session=$H:$port$session" "at=$H:$port$same_at" | grep -E '^\||^RESULT'
    fi
fi
stop_peers
stop_server
[ -n "$floor_pid" ] && { kill "$floor_pid"; wait "$floor_pid" 2>/dev/null || true; floor_pid=""; }

echo "### $idle idle keep-alive connections (fresh processes)"
start_server
start_peers
"$bench/idle.sh" -n "$idle" --settle "$settle" --client-cpu 0 -o "$work/idle" \
    $(peer_targets "$home" | head -1) "skeleton=$H:$port$home" | grep -E '^IDLE'
echo "resting RSS of skeleton-server: $(awk '/^VmRSS/ {print $2}' /proc/$server_pid/status) kB"
stop_peers
stop_server

echo "### --threads 2, unpinned, beside the pinned one-thread server (wrk -t2 -c128, unpinned: it shares the 2 cores)"
start_server
one=$port; one_pid=$server_pid
start_server --unpinned --threads 2
"$bench/compare.sh" -r "$rounds" -d "$duration" --warmup "$warmup" -t 2 -c 128 --close-tool none -o "$work/threads" \
    "threads-1=$H:$one$home" "threads-2=$H:$port$home" | grep -E '^\||^RESULT'
kill -TERM "$one_pid"; wait "$one_pid" || true
stop_server

echo "### cold start: exec to the first 200 response"
python3 - "$binary" <<'PY'
import socket, subprocess, sys, time
started = time.monotonic()
process = subprocess.Popen([sys.argv[1], "--port", "0", "--no-access-log"], stdout=subprocess.PIPE)
port = int(process.stdout.readline().decode().rsplit(":", 1)[1])
with socket.create_connection(("127.0.0.1", port)) as sock:
    sock.sendall(b"GET /layouts/home HTTP/1.1\r\nHost: b\r\n\r\n")
    assert sock.recv(12) == b"HTTP/1.1 200"
print(f"COLDSTART ms={(time.monotonic() - started) * 1000:.1f}")
process.terminate(); process.wait()
PY

echo "### one server thread holding event streams (movies, seed = index) and long polls (fresh server per line)"
room=$(( $(ulimit -Hn) - 100 ))
for size in streams polls; do
    if [ "${!size}" -gt "$room" ] && ! (ulimit -Hn $(( ${!size} + 1000 ))) 2>/dev/null; then
        echo "$size: ${!size} need ${!size} + 100 descriptors per process, above this machine's hard limit $(ulimit -Hn): $room instead"
        printf -v "$size" %d "$room"
    fi
done
failed=0
# ?at= against the frames document it extends, counted by callgrind (machine noise does not move
# it), for every screen; fails over the screen's ceiling in at_limits. Not in the smoke: some 90 s
# under valgrind per screen on a busy machine.
if [ -n "$at_limits" ] && command -v valgrind >/dev/null; then
    echo "### GET /layouts/SCREEN/frames?width=390&at=1200 beside the frames document, in instructions: at most $at_limits"
    for limit in $at_limits; do
        screen=${limit%%:*}
        python3 "$here/instructions.py" --requests 160 --warm --at-most "${limit#*:}" --binary "$binary" \
            "/layouts/$screen/frames?width=390&at=1200" "/layouts/$screen/frames?width=390" | grep -E '^(INSTRUCTIONS|RATIO)' || failed=1
    done
elif [ -n "$at_limits" ]; then
    echo "valgrind missing: the ?at= ratio is not checked"
fi
python3 "$here/streams.py" --binary "$binary" --streams "$held" || failed=1 # memory per stream, at speed 1 (each lasts ~3 s)
python3 "$here/streams.py" --binary "$binary" --streams "$streams" --speed 0.2 || failed=1 # each lasts ~15 s: all open at once
[ "$smoke" = 1 ] || python3 "$here/streams.py" --binary "$binary" --streams 5000 --speed 0.2 --max-bytes-per-open-stream 900 || failed=1 # the bound: 5,000 open at once, at most 900 B each
python3 "$here/longpolls.py" --binary "$binary" --polls "$polls" || failed=1 # each poll its own session
python3 "$here/longpolls.py" --binary "$binary" --polls "$held" --one-instant || failed=1 # the worst case: all due at one instant
echo "raw output: $work"
exit "$failed"
