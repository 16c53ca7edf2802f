// Decode CORPUS_DIR BASE_URL: checks the Types and Client that swift-openapi-generator made from the
// live description (run-native.sh writes them, and the `schemaTypes` table, into Generated/).
// 1. Every entry of CORPUS_DIR/manifest.json is decoded as Components.Schemas.<schema> with
//    JSONDecoder, re-encoded with JSONEncoder, and both are compared as JSON values (parsed with
//    JSONSerialization, numbers as numbers); the first differing JSON pointer is printed. A null
//    member that comes back absent counts as kept (Swift encodes a nil Optional by omitting it);
//    those are counted and printed.
//    Forward: so does every document of CORPUS_DIR/forward (Tests/Generators/forward.py: unknown
//    members and unknown values of open enumerations added) once the unknown member
//    "zzFutureMember" is removed from both sides.
// 2. Through the generated Client over URLSessionTransport: getLayout for home and getFrames for
//    home at width 390 must be .ok with the documents asked for; getLayout for an unknown screen must
//    be a described response (.notFound or .default) carrying a Problem with status 404.
// Exits 1 on any failure.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenAPIRuntime
import OpenAPIURLSession

struct Entry: Decodable {
    let file: String
    let operationId: String
    let path: String
    let schema: String?
    let event: String?
}

var failures = 0
@MainActor func fail(_ message: String) {
    failures += 1
    print("apple-openapi: FAIL \(message)")
}

// MARK: - Lossless decoding of the corpus

var nullsOmitted = 0

func text(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else {
        return "\(value)"
    }
    let string = String(decoding: data, as: UTF8.self)
    return string.count > 120 ? string.prefix(117) + "..." : string
}

/// JSONSerialization gives booleans as NSNumbers of type "c" (char); numbers compare by value.
func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

func pointerToken(_ key: String) -> String {
    key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}

/// The first place where `decoded` (the re-encoding) differs from `original`, as "pointer: what".
@MainActor func firstDifference(_ original: Any, _ decoded: Any, at pointer: String = "") -> String? {
    switch (original, decoded) {
    case let (a as [String: Any], b as [String: Any]):
        for key in Set(a.keys).union(b.keys).sorted() {
            let path = pointer + "/" + pointerToken(key)
            switch (a[key], b[key]) {
            case let (x?, y?):
                if let difference = firstDifference(x, y, at: path) { return difference }
            case let (x?, nil):
                if x is NSNull { nullsOmitted += 1 } else { return "\(path): dropped (was \(text(x)))" }
            case let (nil, y?):
                return "\(path): added (\(text(y)))"
            case (nil, nil):
                break
            }
        }
        return nil
    case let (a as [Any], b as [Any]):
        if a.count != b.count { return "\(pointer): \(a.count) items became \(b.count)" }
        for (index, (x, y)) in zip(a, b).enumerated() {
            if let difference = firstDifference(x, y, at: "\(pointer)/\(index)") { return difference }
        }
        return nil
    case let (a as String, b as String) where a == b:
        return nil
    case let (a as NSNumber, b as NSNumber) where isBoolean(a) == isBoolean(b) && a == b:
        return nil
    case (is NSNull, is NSNull):
        return nil
    default:
        return "\(pointer.isEmpty ? "/" : pointer): \(text(original)) became \(text(decoded))"
    }
}

func roundTrip<T: Codable>(_ type: T.Type, _ data: Data) throws -> Data {
    try JSONEncoder().encode(try JSONDecoder().decode(type, from: data))
}

let unknownMember = "zzFutureMember"

func withoutUnknownMembers(_ value: Any) -> Any {
    switch value {
    case let object as [String: Any]: object.filter { $0.key != unknownMember }.mapValues(withoutUnknownMembers)
    case let array as [Any]: array.map(withoutUnknownMembers)
    default: value
    }
}

/// Decodes and re-encodes every document of DIRECTORY/manifest.json: "N/M", N of M came back
/// equal. forward: unknown members are removed from both sides before comparing.
@MainActor func decodeCorpus(_ directory: URL, forward: Bool) throws -> String {
    let entries = try JSONDecoder().decode(
        [Entry].self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
    var equal = 0
    for entry in entries {
        let label = "\(forward ? "forward " : "")\(entry.schema ?? "-") \(entry.file) (\(entry.operationId)\(entry.event.map { " event \($0)" } ?? "") \(entry.path))"
        guard let schema = entry.schema, let type = schemaTypes[schema] else {
            fail("\(label): no component schema \(entry.schema ?? "named") in the generated Types")
            continue
        }
        do {
            let data = try Data(contentsOf: directory.appendingPathComponent(entry.file))
            let reencoded = try roundTrip(type, data)
            var original = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            var decoded = try JSONSerialization.jsonObject(with: reencoded, options: .fragmentsAllowed)
            if forward {
                (original, decoded) = (withoutUnknownMembers(original), withoutUnknownMembers(decoded))
            }
            if let difference = firstDifference(original, decoded) {
                fail("\(label): \(difference)")
            } else {
                equal += 1
            }
        } catch {
            fail("\(label): \(error)")
        }
    }
    return "\(equal)/\(entries.count)"
}

// MARK: - The generated Client

/// A value of a generated type given as JSON: a path parameter is a String or a closed enum,
/// depending on the description, and this builds either.
func value<T: Decodable>(_ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

func encoded<T: Encodable>(_ value: T) -> String {
    (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
}

/// The case name of a generated Output, e.g. "ok", "notFound", "default" or "undocumented".
func caseName(_ output: Any) -> String {
    Mirror(reflecting: output).children.first?.label ?? "\(output)"
}

/// The Problem inside a response, wherever the generated types keep it.
func problem(in value: Any) -> Components.Schemas.Problem? {
    if let problem = value as? Components.Schemas.Problem { return problem }
    for child in Mirror(reflecting: value).children {
        if let problem = problem(in: child.value) { return problem }
    }
    return nil
}

@MainActor func callClient(_ baseURL: URL) async {
    let client = Client(serverURL: baseURL, transport: URLSessionTransport())
    do {
        let output = try await client.getLayout(path: .init(screen: try value(#""home""#)))
        let layout = try output.ok.body.json
        if encoded(layout.screen) == #""home""# {
            print("apple-openapi: client getLayout home: .ok, a Layout of screen home")
        } else {
            fail("client getLayout home: .ok, but screen is \(encoded(layout.screen))")
        }
    } catch {
        fail("client getLayout home: \(error)")
    }
    do {
        let output = try await client.getFrames(path: .init(screen: try value(#""home""#)), query: .init(width: 390))
        let frames = try output.ok.body.json
        if encoded(frames.width) == "390" && !frames.frames.isEmpty {
            print("apple-openapi: client getFrames home width 390: .ok, \(frames.frames.count) frames at width 390")
        } else {
            fail("client getFrames home width 390: .ok, but width \(encoded(frames.width)) and \(frames.frames.count) frames")
        }
    } catch {
        fail("client getFrames home width 390: \(error)")
    }
    do {
        let output = try await client.getLayout(path: .init(screen: try value(#""nope""#)))
        let name = caseName(output)
        if ["notFound", "default"].contains(name), let problem = problem(in: output), problem.status == 404 {
            print("apple-openapi: client getLayout nope: .\(name), a Problem with status 404 (\(problem.detail))")
        } else {
            fail("client getLayout nope: .\(name) (\(output)), not a described 404 Problem")
        }
    } catch {
        fail("client getLayout nope: \(error)")
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let baseURL = URL(string: arguments[2]) else {
    print("usage: Decode CORPUS_DIR BASE_URL")
    exit(2)
}
do {
    let corpus = URL(fileURLWithPath: arguments[1])
    let lossless = try decodeCorpus(corpus, forward: false)
    let omitted = nullsOmitted  // counted by the lossless pass only
    let forward = try decodeCorpus(corpus.appendingPathComponent("forward"), forward: true)
    print("apple-openapi: decoded \(lossless) losslessly; forward: \(forward)")
    if omitted > 0 {
        print("apple-openapi: note: \(omitted) null members came back absent (a nil Optional is encoded by omission)")
    }
} catch {
    fail("corpus \(arguments[1]): \(error)")
}
await callClient(baseURL)
exit(failures == 0 ? 0 : 1)
