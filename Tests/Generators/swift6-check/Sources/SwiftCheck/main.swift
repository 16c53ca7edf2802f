// Runs the swift6 client openapi-generator-cli generated against the server at BASE_URL and on
// the corpus in CORPUS_DIR (Tests/Generators/corpus.py's manifest.json):
// - live: GET /layouts/home through the generic getLayout decodes into Layout, and an unknown
//   screen surfaces as ErrorResponse 404 whose body decodes into Problem;
// - corpus: each document decodes as the generated model named by its entry's schema (as the
//   client's JSONValue when the generator made none, as for a free-form object), and the
//   client's own encoder writes it back equal as JSON values (key order and 1 vs 1.0 aside);
// - forward: so does each document of CORPUS_DIR/forward (Tests/Generators/forward.py: unknown
//   members and unknown values of open enumerations added) once the unknown member
//   "zzFutureMember" is removed from both sides.
// Prints every failure with the first differing JSON pointer; exits 1 on any.
//   SwiftCheck BASE_URL CORPUS_DIR
import Foundation
import OpenAPIClient

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: SwiftCheck BASE_URL CORPUS_DIR")
    exit(2)
}
let configuration = OpenAPIClientAPIConfiguration(basePath: arguments[1])
let coder = configuration.codableHelper
var failures = 0

@MainActor func fail(_ message: String) {
    print("swift6: FAIL \(message)")
    failures += 1
}

@MainActor func liveChecks() async {
    do {
        let layout = try await LayoutsAPI.getLayout(screen: "home", apiConfiguration: configuration)
        guard layout.screen == "home", layout.formatVersion == 2 else {
            return fail("getLayout(home) decoded as screen \(layout.screen), formatVersion \(layout.formatVersion)")
        }
        print("swift6: getLayout(home): \(layout.elements.count) elements, variant \(layout.variant)")
    } catch {
        fail("getLayout(home): \(describe(error))")
    }
    do {
        let layout = try await LayoutsAPI.getLayout(screen: "nowhere", apiConfiguration: configuration)
        fail("getLayout(nowhere) answered a layout of \(layout.screen), expected a 404 problem")
    } catch {
        guard case let .error(404, body?, _, _) = error else {
            return fail("getLayout(nowhere) surfaced \(describe(error)), expected a 404 with a body")
        }
        do {
            let problem = try coder.jsonDecoder.decode(Problem.self, from: body)
            print("swift6: getLayout(nowhere): ErrorResponse 404, problem \"\(problem.detail)\"")
        } catch {
            fail("getLayout(nowhere): the 404 body does not decode into Problem: \(describe(error))")
        }
    }
}

// MARK: corpus

struct Entry: Decodable {
    let file: String
    let operationId: String
    let path: String
    let status: Int
    let schema: String?
    let event: String?
}

@MainActor func roundTrip<T: Codable>(_ type: T.Type, _ data: Data) throws -> Data {
    try coder.jsonEncoder.encode(coder.jsonDecoder.decode(type, from: data))
}

func pointer(_ path: [CodingKey]) -> String {
    path.map { "/" + ($0.intValue.map(String.init) ?? $0.stringValue) }.joined()
}

func describe(_ error: Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
        DecodingError.dataCorrupted(let context):
        return "decoding failed at \(pointer(context.codingPath)): \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, let context):
        return "decoding failed at \(pointer(context.codingPath)): no member \(key.stringValue)"
    case ErrorResponse.error(let status, _, _, let underlying):
        return "status \(status), \(describe(underlying))"
    default:
        return "\(error)"
    }
}

func text(_ value: Any?) -> String {
    guard let value else { return "absent" }
    let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
    let string = data.flatMap { String(data: $0, encoding: .utf8) } ?? "\(value)"
    return string.count > 100 ? string.prefix(100) + "…" : string
}

// The first JSON pointer at which two JSONSerialization values differ, with both values there.
func firstDifference(_ a: Any?, _ b: Any?, at path: String = "") -> (String, Any?, Any?)? {
    switch (a, b) {
    case let (a as [String: Any], b as [String: Any]):
        for key in Set(a.keys).union(b.keys).sorted() {
            let escaped = key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            if let difference = firstDifference(a[key], b[key], at: path + "/" + escaped) { return difference }
        }
        return nil
    case let (a as [Any], b as [Any]):
        for index in 0..<max(a.count, b.count) {
            if let difference = firstDifference(index < a.count ? a[index] : nil, index < b.count ? b[index] : nil, at: path + "/\(index)") {
                return difference
            }
        }
        return nil
    case let (a as NSNumber, b as NSNumber):
        let booleans = (String(cString: a.objCType) == "c", String(cString: b.objCType) == "c")
        let integers = !"df".contains(String(cString: a.objCType)) && !"df".contains(String(cString: b.objCType))
        let same = booleans.0 == booleans.1 && (integers ? a.int64Value == b.int64Value : a.doubleValue == b.doubleValue)
        return same ? nil : (path, a, b)
    case let (a as String, b as String):
        return a == b ? nil : (path, a, b)
    case (is NSNull, is NSNull), (nil, nil):
        return nil
    default:
        return (path, a, b)
    }
}

let unknownMember = "zzFutureMember"

func withoutUnknownMembers(_ value: Any) -> Any {
    switch value {
    case let object as [String: Any]: object.filter { $0.key != unknownMember }.mapValues(withoutUnknownMembers)
    case let array as [Any]: array.map(withoutUnknownMembers)
    default: value
    }
}

var unmodelled = Set<String>()

/// Decodes and re-encodes every document of DIRECTORY/manifest.json: "N/M", N of M came back
/// equal. forward: unknown members are removed from both sides before comparing.
@MainActor func decodeCorpus(_ directory: URL, forward: Bool) throws -> String {
    let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
    var equal = 0
    for entry in entries {
        let label = "\(forward ? "forward " : "")\(entry.file) (\(entry.operationId) \(entry.status) \(entry.path)\(entry.event.map { " event " + $0 } ?? ""))"
        guard let schema = entry.schema else {
            fail("\(label): the description names no component schema for this response")
            continue
        }
        let type = generatedModels[schema] ?? generatedModels["Model" + schema] ?? JSONValue.self
        if type == JSONValue.self, unmodelled.insert(schema).inserted {
            print("swift6: \(schema) has no model (a free-form schema): decoded as the client's JSONValue")
        }
        do {
            let original = try Data(contentsOf: directory.appendingPathComponent(entry.file))
            let encoded = try roundTrip(type, original)
            var before = try JSONSerialization.jsonObject(with: original, options: .fragmentsAllowed)
            var after = try JSONSerialization.jsonObject(with: encoded, options: .fragmentsAllowed)
            if forward {
                (before, after) = (withoutUnknownMembers(before), withoutUnknownMembers(after))
            }
            if let (at, was, now) = firstDifference(before, after) {
                fail("\(schema) \(label): \(at.isEmpty ? "/" : at) was \(text(was)), re-encoded \(text(now))")
            } else {
                equal += 1
            }
        } catch {
            fail("\(schema) \(label): \(describe(error))")
        }
    }
    return "\(equal)/\(entries.count)"
}

await liveChecks()
do {
    let corpus = URL(fileURLWithPath: arguments[2])
    let lossless = try decodeCorpus(corpus, forward: false)
    let forward = try decodeCorpus(corpus.appendingPathComponent("forward"), forward: true)
    print("swift6: decoded \(lossless) losslessly; forward: \(forward)")
} catch {
    fail("reading the corpus: \(error)")
}
exit(failures == 0 ? 0 : 1)
