@testable import SkeletonDomain

/// libFuzzer target `drift-report`: `DriftReading.parse`, the body of `POST /drift`, on any bytes.
/// Linked with `SkeletonDomain` (see `scripts/fuzz`).
///
/// The process traps (a libFuzzer crash) when:
/// - a report is accepted that `JSONParser` refuses, that is not an object, that lacks a required
///   member or has one outside the contract's, or whose values are out of the schema's ranges;
/// - a refusal names no field although the body is a JSON object, or names a field while the body
///   is not JSON or not an object;
/// - a refusal's `allowed` is empty (every problem says what is allowed);
/// - a proposal that `LearnedScreen` puts in place of the home screen's `categories` node gives a
///   file that does not decode again, or whose element is not on exactly one node.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDriftReport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let value = try? JSONParser.parse(bytes, limits: JSONLimits(maxDepth: 64, maxBytes: DriftReading.maxParsedBytes))
    let isObject = value?.typeName == "object"
    do {
        let reading = try DriftReading.parse(bytes)
        guard let value, isObject else { preconditionFailure("accepted a body that is not a JSON object") }
        for name in ["screen", "version", "element", "width", "score", "skeletonHeight", "contentHeight", "shapes"] {
            precondition(value[name] != nil, "accepted a report without \(name)")
        }
        if case .object(let members) = value {
            for member in members { precondition(DriftReading.members.contains(member.key), "accepted the member \(member.key)") }
        }
        precondition(reading.width > 0 && reading.width <= DriftReading.maxLength, "width \(reading.width)")
        precondition((0...1).contains(reading.score), "score \(reading.score)")
        precondition(reading.skeletonHeight >= 0 && reading.contentHeight >= 0, "a negative height")
        precondition(reading.shapeCount <= DriftReading.maxShapes, "\(reading.shapeCount) shapes")
        precondition(!reading.screen.isEmpty && !reading.element.isEmpty && !reading.version.isEmpty, "an empty id")
        if let proposal = reading.proposal { checkLearned(proposal) }
    } catch {
        precondition(!error.allowed.isEmpty, "a refusal that says nothing is allowed")
        precondition((error.field == nil) == !isObject, "field \(error.field ?? "nil") for a body that is \(isObject ? "" : "not ")an object")
    }
    return 0
}

/// The home screen's file, learned from a proposal: when it is accepted, it loads again, and the
/// element is on exactly one node.
private let homeFile = ScreenFileEncoder.bytes(Screen.builtIns.first { $0.id == "home" }!)

private func checkLearned(_ proposal: JSONValue) {
    let learned = LearnedScreen.Proposal(element: "categories", node: proposal, isFluid: proposal["type"] == .string("stack"))
    guard let file = try? LearnedScreen.substitute([learned], into: homeFile) else { return }
    guard let again = try? ScreenFileDecoder.decode(file.bytes) else { preconditionFailure("a learned file that does not load again") }
    precondition(again.layouts[0].root.expandedIDCounts()["categories"] == 1, "the learned element is not on exactly one node")
}
