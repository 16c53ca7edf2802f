#!/usr/bin/env bash
# Checks the live description (BASE_URL/openapi.json) with the generators of native client teams:
# - apple-openapi: Apple's swift-openapi-generator generates Types and Client with no warning, the
#   code compiles, every corpus document (CORPUS_DIR/manifest.json, from corpus.py) decodes as its
#   Components.Schemas type and re-encodes to the same JSON, so does its forward copy
#   (CORPUS_DIR/forward, forward.py) but for the unknown members, and the generated Client over
#   URLSessionTransport gets home's layout and frames and a 404 Problem (Tests/Generators/apple-openapi).
# - kotlin (library jvm-retrofit2, Gson, oneOf wrappers), dart-dio: openapi-generator-cli generates
#   them with no WARN or ERROR line about the description (they are not compiled: Debian's Kotlin
#   is 1.3 where the code needs 1.9 (enum entries), and Debian has no Retrofit 2; no Dart here);
#   what the layout node union, Transition.curve and BlockNode.width became is printed.
# - java: openapi-generator-cli's java generator, library native (java.net.http and Jackson), with
#   no WARN or ERROR line about the description; compiled by Debian's JDK against Debian's jars
#   (JAVA_JARS) and run (Tests/Generators/java-consumer/Decode.java): the live operations, and
#   every corpus document and its forward copy decoded and re-encoded losslessly. Two edits of the
#   generated code, both for what Debian lacks or the generator gets wrong, not the description:
#   Debian has no jackson-datatype-jsr310 (jackson-modules-java8), so dates are java.util.Date
#   (dateLibrary=legacy) and the client's two registrations of that module are removed; and the
#   generator writes `List<String>.class`, `getList<String>()`, `instanceof List<String>` and a
#   `get(i)` on an Object for a oneOf with an array branch (Problem.allowed), which no Java
#   compiler accepts: `List.class`, `getListOfString()`, `instanceof List`, a cast to `List<?>`.
#   containerDefaultToNull: an absent array stays absent (not `[]`) when written again.
# Installs JAVA_PACKAGES (Debian's JDK and the jars the Java client needs) when java, javac or a jar is
# missing; openapi-generator-cli comes from scripts/venv.
# Its work copy and Swift builds are kept out of the checkout, in
# ${SKELETON_BUILD_CACHE:-~/.cache/skeleton-server}/apple-openapi, so that the generator and its
# dependencies are built once per machine, not once per clone (the first build takes a few
# minutes). Other work files and logs go to WORK_DIR. Prints PASS or FAIL per generator; exits 1 when any failed.
#   Tests/Generators/run-native.sh WORK_DIR BASE_URL CORPUS_DIR
set -euo pipefail
if [ $# -ne 3 ]; then
    echo "usage: $0 WORK_DIR BASE_URL CORPUS_DIR" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$1"
work=$(cd "$1" && pwd)
url=${2%/}
corpus=$(cd "$3" && pwd)
[ -x "$root/.venv/bin/openapi-generator-cli" ] || "$root/scripts/venv"
# The Java client's compiler and libraries, Debian's (scripts/install-tools installs the same).
JAVA_PACKAGES=(default-jdk-headless libjackson2-databind-java libjackson2-core-java libjackson2-annotations-java
    libjsr305-java libgeronimo-annotation-1.3-spec-java)
JAVA_JARS=/usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar:/usr/share/java/jsr305.jar:/usr/share/java/geronimo-annotation-1.3-spec.jar
java_missing() {
    command -v javac >/dev/null 2>&1 || return 0
    local jar
    for jar in ${JAVA_JARS//:/ }; do [ -e "$jar" ] || return 0; done
    return 1
}
if ! command -v java >/dev/null 2>&1 || java_missing; then
    echo "installing ${JAVA_PACKAGES[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${JAVA_PACKAGES[@]}" >/dev/null
fi
curl -sSf "$url/openapi.json" -o "$work/openapi.json"

# apple-openapi: a work copy of the package gets the generated sources and a table from every
# component name of the description to its generated type, for Decode.
apple_openapi() {
    local cache=${SKELETON_BUILD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/skeleton-server}/apple-openapi
    local package=$cache/package scratch=$cache/build warnings
    local generated=$package/Sources/Decode/Generated
    rm -rf "$package"
    mkdir -p "$cache"
    cp -R "$here/apple-openapi" "$package"
    mkdir -p "$generated"
    if ! swift build --disable-index-store -debug-info-format none --package-path "$package" --scratch-path "$scratch" --product swift-openapi-generator \
        > "$work/apple-openapi-tool.log" 2>&1; then
        echo "apple-openapi: swift-openapi-generator did not build:"
        tail -20 "$work/apple-openapi-tool.log"
        return 1
    fi
    # The generator prints its configuration and then its diagnostics on stderr, the first one on the
    # configuration's last line; types and client each parse the description, so a warning about it
    # comes twice.
    if ! "$scratch/debug/swift-openapi-generator" generate --mode types --mode client \
        --access-modifier internal --output-directory "$generated" "$work/openapi.json" \
        > /dev/null 2> "$work/apple-openapi-generate.log"; then
        echo "apple-openapi: the generator failed:"
        grep -o 'error: .*' "$work/apple-openapi-generate.log" || tail -20 "$work/apple-openapi-generate.log"
        return 1
    fi
    warnings=$(grep -o 'warning: .*' "$work/apple-openapi-generate.log" | sort | uniq -c || true)
    "$root/.venv/bin/python" - "$work/openapi.json" > "$generated/SchemaTypes.swift" <<'EOF'
import json, sys
names = json.load(open(sys.argv[1])).get("components", {}).get("schemas", {})
print("let schemaTypes: [String: any Codable.Type] = [")
print("".join(f'    "{name}": Components.Schemas.{name}.self,\n' for name in names), end="")
print("]")
EOF
    if [ -n "$warnings" ]; then
        echo "apple-openapi: the generator printed $(grep -c 'warning: ' "$work/apple-openapi-generate.log") warnings ($(wc -l <<< "$warnings") distinct; count, message):"
        echo "$warnings"
    fi
    if ! swift build --disable-index-store -debug-info-format none --package-path "$package" --scratch-path "$scratch" --product Decode \
        > "$work/apple-openapi-build.log" 2>&1; then
        echo "apple-openapi: the generated code does not compile:"
        grep -E '^[^ ].*: error: ' "$work/apple-openapi-build.log" | sort -u | head -30 || tail -20 "$work/apple-openapi-build.log"
        return 1
    fi
    "$scratch/debug/Decode" "$corpus" "$url" && [ -z "$warnings" ]
}

# openapi-generator-cli: every WARN or ERROR line counts but these, which name nothing of the
# description: a note it prints for every OpenAPI 3.1 description whatever it holds; one logged once
# a run when its own code asks the name of an inline schema (any anyOf of plain types, such as an
# open enumeration, or any additionalProperties); and one that only says that this script disabled
# validation (its findings are printed first). Lines about its templates or environment
# (post-processing, the ignore file) are INFO.
not_about_description=(-e 'OpenAPI 3.1 support is still in beta'
    -e 'Failed to get the schema name: null'
    -e 'There were issues with the specification, but validation has been explicitly disabled')
# `openapi_generator NAME [OPTION...]`: generates NAME's client with the generator's options.
openapi_generator() {
    local name=$1 log=$work/$1.log lines invalid=0
    if ! generate "$@" > "$log" 2>&1; then
        if ! grep -q SpecValidationException "$log"; then
            echo "$name: the generator failed:"
            grep -vE '^\s+at ' "$log" | tail -20
            return 1
        fi
        # The description fails the generator's validation: print why, then generate without it to
        # report what else the generator finds; the check fails either way.
        echo "$name: the description fails the generator's validation:"
        sed -n '/^ | Error count/,/^$/p' "$log"
        invalid=1
        if ! generate "$@" --skip-validate-spec > "$log" 2>&1; then
            echo "$name: the generator failed with --skip-validate-spec too:"
            grep -vE '^\s+at ' "$log" | tail -20
            return 1
        fi
    fi
    [ "$name" = java ] || describe_models "$name"
    lines=$(grep -E '\] (WARN|ERROR) ' "$log" | grep -vF "${not_about_description[@]}" | sed -E 's/^\[[^]]*\] //' | sort | uniq -c || true)
    if [ -n "$lines" ]; then
        echo "$name: $(wc -l <<< "$lines") distinct WARN/ERROR lines about the description (count, line):"
        echo "$lines"
        return 1
    fi
    return $invalid
}

# The generator runs for a few seconds: the JIT's first tier alone (TieredStopAtLevel=1) writes the
# same files for half the CPU (typescript-fetch: 6.7 CPU s against 13).
generate() {
    rm -rf "${work:?}/$1"
    JAVA_OPTS=-XX:TieredStopAtLevel=1 "$root/.venv/bin/openapi-generator-cli" generate -g "$1" -i "$work/openapi.json" -o "$work/$1" "${@:2}"
}

# What the union of layout nodes, Transition.curve and BlockNode.width became in the models.
describe_models() {
    "$root/.venv/bin/python" - "$1" "$work/$1" <<'EOF'
import pathlib, re, sys
language, out = sys.argv[1], pathlib.Path(sys.argv[2])

def snake(name):
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()

if language == "kotlin":
    folder = out / "src/main/kotlin/org/openapitools/client/models"
    def source(model): return (folder / f"{model}.kt").read_text()
    def member_type(model, member):
        return re.search(rf"val {member}: ([\w.<>]+)", source(model)).group(1)
    def describe(model):
        text = source(model)
        if re.search(rf"class {model}\(var actualInstance", text):
            branches = list(dict.fromkeys(re.findall(r"(\w+)\.validateJsonElement\(jsonElement\)", text)))
            return f"oneOf wrapper (actualInstance) of {', '.join(branches)}, each branch tried by its validateJsonElement"
        kind = re.search(rf"^(?:(?:data|sealed|enum) )?(?:class|interface) {model}\b", text, re.M).group(0)
        fields = re.findall(r"^\s+(?:override )?val (\w+): ([\w.<>?]+)", text, re.M)
        implementers = sorted(p.stem for p in folder.glob("*.kt") if re.search(rf"\)\s*:\s*{model}\b", p.read_text()))
        return (f"{kind} ({', '.join(f'{n}: {t}' for n, t in fields) or 'no fields'})"
                + (f", implemented by {', '.join(implementers) or 'no class'}" if kind.startswith(("interface", "sealed")) else ""))
else:
    folder = out / "lib" / "src" / "model"
    def source(model): return (folder / f"{snake(model)}.dart").read_text()
    def member_type(model, member):
        return re.search(rf"(\w+)\?? get {member};", source(model)).group(1)
    def describe(model):
        text = source(model)
        union = re.search(r"(OneOf|AnyOf) get \w+;", text)
        if union:
            field = re.search(r"discriminatorFieldName = r'(\w+)'", text)
            mapping = re.search(r"discriminatorMapping = \{(.*?)\};", text, re.S)
            if field and mapping:
                pairs = re.findall(r"r'(\w+)': (\w+)", mapping.group(1))
                return f"{union.group(1)} by {field.group(1)}: " + ", ".join(f"{k}={v}" for k, v in pairs)
            types = re.findall(r"FullType\((\w+)\)", re.search(r"FullType\((?:OneOf|AnyOf), \[(.*?)\]\)", text).group(1))
            return f"{union.group(1)} of {', '.join(types)}, no discriminator"
        fields = re.findall(r"^\s+(\w+\??) get (\w+);", text, re.M)
        return f"class {model} ({', '.join(f'{n}: {t}' for t, n in fields) or 'no fields'})"

print(f"{language}: LayoutNode: {describe('LayoutNode')}")
for model, member in [("Transition", "curve"), ("BlockNode", "width")]:
    target = member_type(model, member)
    print(f"{language}: {model}.{member}: {target}: {describe(target)}")
EOF
}

# The Java client generated, compiled (with the two edits above) and run.
java_client() {
    local sources=$work/java/src/main/java/org/openapitools/client classes=$work/java/classes
    openapi_generator java --library native \
        --additional-properties=openApiNullable=false,useOneOfDiscriminatorLookup=true,dateLibrary=legacy,hideGenerationTimestamp=true,containerDefaultToNull=true ||
        return 1
    rm -f "$sources/RFC3339JavaTimeModule.java" "$sources/RFC3339InstantDeserializer.java"
    sed -i '/jackson\.datatype\.jsr310/d; /new JavaTimeModule()/d; /new RFC3339JavaTimeModule()/d' "$sources"/*.java
    sed -i 's/List<String>\.class/List.class/g; s/getList<String>()/getListOfString()/g; s/instanceof List<String>)/instanceof List)/g
        s/getActualInstance()\.get(i)/((List<?>) getActualInstance()).get(i)/g' "$sources"/model/*.java
    mkdir -p "$classes"
    if ! javac -nowarn -encoding UTF-8 -d "$classes" -cp "$JAVA_JARS" $(find "$work/java/src/main/java" -name '*.java') \
        "$here/java-consumer/Decode.java" > "$work/java-javac.log" 2>&1; then
        echo "java: the generated code does not compile:"
        grep -E 'error:' "$work/java-javac.log" | sort -u | head -30
        return 1
    fi
    java -cp "$classes:$JAVA_JARS" Decode "$url" "$corpus"
}

failed=0
# `check NAME COMMAND...`: prints PASS or FAIL NAME by the command's exit status.
check() {
    if "${@:2}"; then echo "PASS $1"; else echo "FAIL $1"; failed=1; fi
}
check apple-openapi apple_openapi
# Kotlin's default (OkHttp 4 and Moshi) makes each oneOf an interface no class implements, and
# its Jackson flavour too; Retrofit 2 with Gson wraps it (generateOneOfAnyOfWrappers).
check kotlin openapi_generator kotlin --library jvm-retrofit2 \
    --additional-properties=serializationLibrary=gson,generateOneOfAnyOfWrappers=true
check dart-dio openapi_generator dart-dio
check java java_client
exit $failed
