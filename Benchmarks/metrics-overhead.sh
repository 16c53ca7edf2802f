#!/usr/bin/env bash
# The cost of counting: /layouts/home with metrics on and off (--no-metrics), one pinned thread
# on CPU 1 and wrk -t1 -c64 -d10s on CPU 0, in interleaved rounds (access log on in both).
#   Benchmarks/metrics-overhead.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
bin=${1:-.build/release/skeleton-server}
for round in 1 2 3; do
  for mode in on off; do
    flags=(--port 0 --threads 1)
    [ "$mode" = off ] && flags+=(--no-metrics)
    taskset -c 1 "$bin" "${flags[@]}" > "$out" 2>/dev/null &
    pid=$!
    until grep -q listening "$out" 2>/dev/null; do sleep 0.05; done
    port=$(grep -o '[0-9]*$' "$out" | head -1)
    rps=$(taskset -c 0 wrk -t1 -c64 -d10s "http://127.0.0.1:$port/layouts/home" | awk '/Requests\/sec/ {print $2}')
    kill -TERM $pid; wait $pid || true
    echo "round=$round metrics=$mode req_per_s=$rps"
  done
done
