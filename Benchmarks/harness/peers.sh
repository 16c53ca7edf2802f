#!/usr/bin/env bash
# Start / stop the peer servers (nginx, c-limit, and hummingbird and flyingfox when their binaries
# are given) for the baseline.
#
#   ./peers.sh start [--cpu 1] [--nginx-workers 1|auto] [--state FILE] [--only "nginx hummingbird ..."]
#   ./peers.sh stop  [--state FILE]
#   ./peers.sh status [--state FILE]
#
# PAYLOAD_DIR (env) replaces payload/ for nginx, e.g. with the project's own served bytes.
# Ports (env): NGINX_PORT=8081 HB_PORT=8082 FF_PORT=8083 FFN_PORT=8084. All bind 127.0.0.1.
# HBX_PORT=8085 CL_PORT=8086. Variants (same binaries, one env switch each):
#   flyingfox-nodelay   = FlyingFox with FF_NODELAY=1 (TCP_NODELAY on its sockets)
#   hummingbird-nioexec = Hummingbird with HB_NIO_EXECUTOR=1 (NIO loops as Swift global executor)
# c-limit (only with --only): the C floor peer, one fixed response for every path
#   (body CL_BODY, default payload/home.json); built by peers/c-limit/build.sh if missing.
# hummingbird and flyingfox are Swift servers built outside this repository (SwiftPM packages
# with their own dependencies): HB_BIN and FF_BIN name their binaries; without one, starting that
# peer fails at once.
# start writes "name pid port url" lines to the state file (default results/peers.state)
# and stop signals exactly those PIDs (TERM, then KILL after 5 s) — nothing else.
# --cpu pins every server with taskset; Hummingbird's event-loop count is set to
# the number of pinned CPUs (NIO's System.coreCount ignores sched affinity).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

cmd=${1:-}; shift || true
cpu=""; workers=1; state="$here/results/peers.state"; only="nginx"
while [ $# -gt 0 ]; do
    case $1 in
        --cpu) cpu=$2; shift 2 ;;
        --nginx-workers) workers=$2; shift 2 ;;
        --state) state=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
NGINX_PORT=${NGINX_PORT:-8081}; HB_PORT=${HB_PORT:-8082}; FF_PORT=${FF_PORT:-8083}; FFN_PORT=${FFN_PORT:-8084}; HBX_PORT=${HBX_PORT:-8085}
CL_PORT=${CL_PORT:-8086}
HB_BIN=${HB_BIN:-}
FF_BIN=${FF_BIN:-}
CL_BIN=${CL_BIN:-$here/peers/c-limit/server}
logdir=$(dirname "$state")/logs
mkdir -p "$logdir"

ncpus_of() { # "1" -> 1, "0,1" -> 2, "0-1" -> 2, "" -> nproc
    [ -z "$1" ] && { nproc; return; }
    python3 -c 'import sys
n=0
for part in sys.argv[1].split(","):
    a,_,b=part.partition("-"); n+= (int(b)-int(a)+1) if b else 1
print(n)' "$1"
}

start() {
    [ -s "$state" ] && { echo "state file $state exists; run '$0 stop' first" >&2; exit 1; }
    raise_nofile
    local p=$(pin "$cpu") loops; loops=$(ncpus_of "$cpu")
    # refuse to start on a port someone else already listens on (shared machine)
    local busy=0 name port
    for name in $only; do
        case $name in
            nginx) port=$NGINX_PORT ;; hummingbird) port=$HB_PORT ;; flyingfox) port=$FF_PORT ;;
            flyingfox-nodelay) port=$FFN_PORT ;; hummingbird-nioexec) port=$HBX_PORT ;; c-limit) port=$CL_PORT ;;
            *) continue ;;
        esac
        if [ -n "$(listener_pids "$port")" ]; then
            echo "port $port ($name) is already in use by pid(s) $(echo $(listener_pids "$port")); pick another (env *_PORT)" >&2
            busy=1
        fi
    done
    [ $busy = 0 ] || exit 1
    : > "$state"
    for name in $only; do
        case $name in
            nginx)
                $p "$here/peers/nginx/run.sh" "$NGINX_PORT" "$workers" "${PAYLOAD_DIR:-$here/payload}" \
                    > "$logdir/nginx.log" 2>&1 &
                echo "nginx $! $NGINX_PORT http://127.0.0.1:$NGINX_PORT" >> "$state" ;;
            hummingbird)
                [ -x "$HB_BIN" ] || { echo "hummingbird: set HB_BIN to its binary" >&2; exit 1; }
                NIO_SINGLETON_GROUP_LOOP_COUNT=$loops $p "$HB_BIN" "$HB_PORT" "$here/payload" \
                    > "$logdir/hummingbird.log" 2>&1 &
                echo "hummingbird $! $HB_PORT http://127.0.0.1:$HB_PORT" >> "$state" ;;
            hummingbird-nioexec)
                [ -x "$HB_BIN" ] || { echo "hummingbird: set HB_BIN to its binary" >&2; exit 1; }
                HB_NIO_EXECUTOR=1 NIO_SINGLETON_GROUP_LOOP_COUNT=$loops $p "$HB_BIN" "$HBX_PORT" "$here/payload" \
                    > "$logdir/hummingbird-nioexec.log" 2>&1 &
                echo "hummingbird-nioexec $! $HBX_PORT http://127.0.0.1:$HBX_PORT" >> "$state" ;;
            flyingfox)
                [ -x "$FF_BIN" ] || { echo "flyingfox: set FF_BIN to its binary" >&2; exit 1; }
                $p "$FF_BIN" "$FF_PORT" "$here/payload" > "$logdir/flyingfox.log" 2>&1 &
                echo "flyingfox $! $FF_PORT http://127.0.0.1:$FF_PORT" >> "$state" ;;
            flyingfox-nodelay)
                [ -x "$FF_BIN" ] || { echo "flyingfox: set FF_BIN to its binary" >&2; exit 1; }
                FF_NODELAY=1 $p "$FF_BIN" "$FFN_PORT" "$here/payload" > "$logdir/flyingfox-nodelay.log" 2>&1 &
                echo "flyingfox-nodelay $! $FFN_PORT http://127.0.0.1:$FFN_PORT" >> "$state" ;;
            c-limit)
                [ -x "$CL_BIN" ] || "$here/peers/c-limit/build.sh"
                $p "$CL_BIN" "$CL_PORT" "${CL_BODY:-${PAYLOAD_DIR:-$here/payload}/home.json}" \
                    > "$logdir/c-limit.log" 2>&1 &
                echo "c-limit $! $CL_PORT http://127.0.0.1:$CL_PORT" >> "$state" ;;
            *) echo "unknown peer $name" >&2; exit 2 ;;
        esac
    done
    local ok=0 i
    while read -r name pid port url; do
        # wait until the listener on $port is our process (not a foreign one)
        for ((i = 0; i < 100; i++)); do
            kill -0 "$pid" 2>/dev/null || break
            grep -qw -f <(listener_pids "$port") <<<"$(descendants "$pid" | tr ' ' '\n')" 2>/dev/null && break
            sleep 0.1
        done
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "FAILED $name exited (see $logdir/$name.log)" >&2; ok=1; continue
        fi
        if wait_http "$url/layouts/home" 100; then
            echo "started $name pid=$pid port=$port cpu=${cpu:-any} $(grep -h Cpus_allowed_list /proc/$pid/status | tr -d '\t')"
        else
            echo "FAILED $name (see $logdir/$name.log)" >&2; ok=1
        fi
    done < "$state"
    return $ok
}

stop() {
    [ -s "$state" ] || { echo "no state file $state" >&2; return 0; }
    local name pid port url i
    while read -r name pid port url; do
        kill -TERM "$pid" 2>/dev/null || continue
        for ((i = 0; i < 50; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
        echo "stopped $name pid=$pid"
        if [ "$name" = nginx ]; then  # remove the throw-away prefix run.sh created
            local pre; pre=$(sed -n 's/^nginx prefix: //p' "$logdir/nginx.log" | tail -1)
            case $pre in */bench-nginx.*) rm -rf "$pre" ;; esac
        fi
    done < "$state"
    rm -f "$state"
}

status() {
    [ -s "$state" ] || { echo "no peers running (no $state)"; return 0; }
    while read -r name pid port url; do
        local pids; pids=$(descendants $(listener_pids "$port"))
        echo "$name pid=$pid port=$port pids=[$pids] rss_kb=$(rss_kb $pids)"
    done < "$state"
}

case $cmd in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) sed -n '2,22p' "$0"; exit 2 ;;
esac
