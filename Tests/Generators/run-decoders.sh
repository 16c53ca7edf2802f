#!/usr/bin/env bash
# Checks that the swift6 and typescript-fetch clients openapi-generator-cli generates from the
# server's GET /openapi.json decode every document of a corpus (Tests/Generators/corpus.py)
# losslessly: each document read as the generated model its manifest entry names and written back
# by the client equals the original as JSON; and forward: each document of CORPUS_DIR/forward
# (unknown members and unknown values of open enumerations added, Tests/Generators/forward.py)
# decodes and is written back equal to it, the unknown members aside. Each consumer also runs
# live checks against the server (a layout, a 404 problem; for typescript-fetch also frames and a
# load followed to its end): Tests/Generators/swift6-check (built with SwiftPM, scratch path WORK_DIR/swift6-build)
# and Tests/Generators/typescript-consumer (Debian's tsc, run in node). Installs Debian's
# default-jre-headless when there is no java and node-typescript when there is no tsc. Prints
# each consumer's findings, then PASS or FAIL per generator; exits 1 when any failed.
#   Tests/Generators/run-decoders.sh WORK_DIR BASE_URL CORPUS_DIR
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 WORK_DIR BASE_URL CORPUS_DIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$1"
work=$(cd "$1" && pwd)
url=${2%/}
corpus=$(cd "$3" && pwd)

"$root/scripts/venv"
missing=()
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
{ command -v tsc && command -v node; } >/dev/null 2>&1 || missing+=(node-typescript)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
rm -rf "$work"/{swift6,swift6-check,typescript-fetch,typescript-consumer}
curl -sSf "$url/openapi.json" -o "$work/openapi.json"

# The generator runs for a few seconds: the JIT's first tier alone (TieredStopAtLevel=1) writes the
# same files for half the CPU (typescript-fetch: 6.7 CPU s against 13).
generate() {
    JAVA_OPTS=-XX:TieredStopAtLevel=1 "$root/.venv/bin/openapi-generator-cli" generate -g "$1" -i "$work/openapi.json" -o "$work/$1"
}

# The swift6 consumer looks models up by name: Models.generated.swift lists every generated model
# (a component named after a Swift reserved word is generated as Model<name>).
swift6() {
    local check=$work/swift6-check
    generate swift6 &&
        cp -R "$root/Tests/Generators/swift6-check" "$check" &&
        {
            echo "// Written by Tests/Generators/run-decoders.sh: every model the swift6 generator wrote, by name."
            echo "import OpenAPIClient"
            echo "let generatedModels: [String: any Codable.Type] = ["
            for model in "$work"/swift6/Sources/OpenAPIClient/Models/*.swift; do
                echo "    \"$(basename "$model" .swift)\": $(basename "$model" .swift).self,"
            done
            echo "]"
        } > "$check/Sources/SwiftCheck/Models.generated.swift" &&
        swift build --disable-index-store -debug-info-format none --package-path "$check" --scratch-path "$work/swift6-build" &&
        "$work/swift6-build/debug/SwiftCheck" "$url" "$corpus"
}

# Debian bookworm's tsc is 4.8; the generated models' instanceOf functions index `object` after an
# `in` check, which only TypeScript 4.9 narrows: before it, that one error (TS7053) is suppressed.
typescript-fetch() {
    local consumer=$work/typescript-consumer flags=()
    if ! printf '%s\n' "Version 4.9" "$(tsc --version)" | sort -V -C; then
        flags+=(--suppressImplicitAnyIndexErrors)
    fi
    generate typescript-fetch &&
        cp -R "$root/Tests/Generators/typescript-consumer" "$consumer" &&
        cp -R "$work/typescript-fetch" "$consumer/client" &&
        tsc --version &&
        tsc -p "$consumer" "${flags[@]}" &&
        node "$consumer/out/consumer.js" "$url" "$corpus"
}

# `check NAME`: runs the function NAME, its output in WORK_DIR/NAME.log, and prints the consumer's
# lines; FAIL on a non-zero exit or a generator ERROR line, then also the errors that stopped it.
failed=()
check() {
    local name=$1 log=$work/$1.log
    if "$name" > "$log" 2>&1 && ! grep -q "ERROR" "$log"; then
        grep "^$name: " "$log" || true
        echo "PASS $name"
    else
        grep "^$name: " "$log" || grep -E "ERROR|error" "$log" | sort | uniq -c | head -30 || tail -20 "$log"
        echo "FAIL $name (log: $log)"
        failed+=("$name")
    fi
}

check swift6
check typescript-fetch
[ ${#failed[@]} -eq 0 ]
