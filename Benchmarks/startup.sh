#!/usr/bin/env bash
# Instructions a server binary spends from exec until it listens (callgrind), then stopping:
# what every test that starts a server pays (docs/performance.md, "Start-up").
#   Benchmarks/startup.sh BINARY...
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for binary in "$@"; do
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$binary" --port 0 --no-access-log \
        > "$work/stdout" 2> /dev/null &
    server=$!
    until grep -q listening "$work/stdout"; do
        kill -0 "$server" 2> /dev/null || { echo "startup: $binary exited before listening" >&2; exit 1; }
        sleep 0.2
    done
    kill -TERM "$server"
    wait "$server" || true
    printf '%s %s\n' "$(callgrind_annotate "$work/out" 2> /dev/null | awk '/PROGRAM TOTALS/ { print $1 }')" "$binary"
done
