import Layouts

/// Reads one screen file (the format of `/schema/screen.json`; see docs/screens.md) into the same
/// `Screen` the built-in screens are, or says everything that is wrong with it.
///
/// Guarantees: a returned screen satisfies every invariant `Screen` and `ScreenLayout` check, so
/// a file can never stop the process; otherwise every problem found is returned, each with its
/// JSON pointer, in file order. Input beyond `ScreenFileLimits` is refused, never parsed whole.
package enum ScreenFileDecoder {
    package static func decode(_ bytes: [UInt8]) throws(InvalidScreenFile) -> Screen {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(bytes, limits: JSONLimits(maxDepth: ScreenFileLimits.maxJSONDepth, maxBytes: ScreenFileLimits.maxFileBytes))
        } catch {
            throw InvalidScreenFile(problems: [ScreenFileProblem(pointer: "", reason: "not JSON: \(error)")])
        }
        var reader = ValueReader()
        let screen = screen(value, reader: &reader)
        guard let screen, reader.problems.isEmpty else { throw InvalidScreenFile(problems: reader.problems) }
        return screen
    }

    private static func screen(_ value: JSONValue, reader: inout ValueReader) -> Screen? {
        guard let object = reader.object(value, at: "", allowed: ["$schema", "id", "title", "source", "captureWidth", "assumptions", "animation", "stages", "layouts"]) else { return nil }
        _ = reader.optional(object, "$schema") { $0.string($1, at: $2) }
        let id = reader.required(object, "id") { $0.identifier($1, at: $2, .screen) }
        let title = reader.required(object, "title") { $0.string($1, at: $2) }
        if title == "" { reader.report("/title", "must not be empty") }
        let source = reader.optional(object, "source") { $0.string($1, at: $2) } ?? ""
        let captureWidth = reader.optional(object, "captureWidth") { $0.integer($1, at: $2, in: ScreenFileLimits.captureWidths) }
        let assumptions = reader.optional(object, "assumptions") { strings($1, at: $2, reader: &$0) } ?? []
        let animation = reader.required(object, "animation") { AnimationDecoder.decode($1, at: $2, reader: &$0) }
        let stages = reader.required(object, "stages") { Self.stages($1, at: $2, reader: &$0) }
        let layouts = reader.required(object, "layouts") { reader, value, at in
            stages.flatMap { Self.layouts(value, at: at, stages: $0, limit: animation?.limit, reader: &reader) }
        }
        guard reader.problems.isEmpty, let id, let title, let animation, let stages, let layouts else { return nil }
        return Screen(
            id: id, title: title, source: source, assumptions: assumptions, animation: animation.preset,
            maxConcurrentShimmers: animation.limit, captureWidth: captureWidth, stages: stages, layouts: layouts)
    }

    private static func strings(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> [String]? {
        guard let items = reader.array(value, at: pointer, count: 0...256) else { return nil }
        let texts = items.enumerated().compactMap { index, item in reader.string(item, at: pointer + "/\(index)") }
        return texts.count == items.count ? texts : nil
    }

    // MARK: stages

    private static func stages(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> [Stage]? {
        guard let items = reader.array(value, at: pointer, count: ScreenFileLimits.stageCount) else { return nil }
        var stages: [Stage] = []
        for (index, item) in items.enumerated() {
            let at = pointer + "/\(index)"
            guard let object = reader.object(item, at: at, allowed: ["id", "title", "readyMs", "after", "scenarios"]) else { continue }
            let id = reader.required(object, "id") { $0.identifier($1, at: $2, .node) }
            if let id, stages.contains(where: { $0.id == id }) { reader.report(at + "/id", "stage id \"\(id)\" is used twice") }
            let title = reader.required(object, "title") { $0.string($1, at: $2) }
            let range = reader.required(object, "readyMs") { Self.range($1, at: $2, reader: &$0) }
            let anchor = reader.optional(object, "after") { $0.identifier($1, at: $2, .node) }
            if let anchor, !stages.contains(where: { $0.id == anchor }) {
                let earlier = stages.map(\.id)
                reader.report(at + "/after", "\"\(anchor)\" is not an earlier stage (earlier: \(earlier.isEmpty ? "none" : earlier.joined(separator: ", ")))")
            }
            var overrides: [Scenario: ClosedRange<Int>] = [:]
            let scenarioNames = Scenario.allCases.filter { $0 != .typical }.map(\.rawValue)
            if let byScenario = reader.optional(object, "scenarios", { $0.object($1, at: $2, allowed: scenarioNames) }) {
                for member in byScenario.members where scenarioNames.contains(member.key) {
                    if let range = Self.range(member.value, at: byScenario.pointer(member.key), reader: &reader) {
                        overrides[Scenario(rawValue: member.key)!] = range
                    }
                }
            }
            if let id, let title, let range {
                stages.append(Stage(id: id, title: title, timing: StageTiming(range, after: anchor, overrides: overrides)))
            }
        }
        return stages.count == items.count ? stages : nil
    }

    private static func range(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> ClosedRange<Int>? {
        guard let object = reader.object(value, at: pointer, allowed: ["min", "max"]) else { return nil }
        let low = reader.required(object, "min") { $0.integer($1, at: $2, in: ScreenFileLimits.stageMilliseconds) }
        let high = reader.required(object, "max") { $0.integer($1, at: $2, in: ScreenFileLimits.stageMilliseconds) }
        guard let low, let high else { return nil }
        guard low <= high else {
            reader.report(pointer, "min \(low) is greater than max \(high)")
            return nil
        }
        return low...high
    }

    // MARK: layouts

    private static func layouts(_ value: JSONValue, at pointer: String, stages: [Stage], limit: Int?, reader: inout ValueReader) -> [ScreenLayout]? {
        guard let items = reader.array(value, at: pointer, count: ScreenFileLimits.layoutCount) else { return nil }
        var layouts: [ScreenLayout] = []
        for (index, item) in items.enumerated() {
            let at = pointer + "/\(index)"
            let problemsBefore = reader.problems.count
            guard let object = reader.object(item, at: at, allowed: ["variant", "elements", "root", "assumptions"]) else { continue }
            let variant = reader.required(object, "variant") { $0.identifier($1, at: $2, .variant) }
            if index == 0, let variant, variant != "default" { reader.report(at + "/variant", "the first layout must be variant \"default\", not \"\(variant)\"") }
            if let variant, layouts.contains(where: { $0.variant == variant }) { reader.report(at + "/variant", "variant \"\(variant)\" is used twice") }
            let elements = reader.required(object, "elements") { Self.elements($1, at: $2, stages: stages, reader: &$0) }
            let root = reader.required(object, "root") { NodeDecoder.node($1, at: $2, depth: 1, reader: &$0) }
            let assumptions = reader.optional(object, "assumptions") { strings($1, at: $2, reader: &$0) } ?? []
            guard let variant, let elements, let root, reader.problems.count == problemsBefore,
                TreeCheck.passes(root: root, elements: elements, limit: limit, at: at, reader: &reader)
            else { continue }
            if index == 0 {
                for (stageIndex, stage) in stages.enumerated() where !elements.contains(where: { $0.stage == stage.id }) {
                    reader.report("/stages/\(stageIndex)", "stage \"\(stage.id)\" has no element in the default layout")
                }
            }
            layouts.append(ScreenLayout(variant: variant, elements: elements, root: root, assumptions: assumptions))
        }
        return layouts.count == items.count ? layouts : nil
    }

    private static func elements(_ value: JSONValue, at pointer: String, stages: [Stage], reader: inout ValueReader) -> [Element]? {
        guard let items = reader.array(value, at: pointer, count: ScreenFileLimits.elementCount) else { return nil }
        var elements: [Element] = []
        for (index, item) in items.enumerated() {
            let at = pointer + "/\(index)"
            guard let object = reader.object(item, at: at, allowed: ["id", "stage", "accessibilityLabel", "content"]) else { continue }
            let id = reader.required(object, "id") { $0.identifier($1, at: $2, .node) }
            if let id, elements.contains(where: { $0.id == id }) { reader.report(at + "/id", "element id \"\(id)\" is used twice") }
            let stage = reader.required(object, "stage") { $0.choice($1, at: $2, of: stages.map(\.id), what: "stage") }
            let label = reader.required(object, "accessibilityLabel") { $0.string($1, at: $2) }
            var content: [UInt8]?
            if let value = object["content"] {
                guard case .object = value else {
                    reader.report(at + "/content", "expected an object, found \(value.typeName): the data routes answer it as their envelope's content")
                    continue
                }
                var writer = JSONWriter()
                value.write(to: &writer)
                if writer.bytes.count > ScreenFileLimits.maxContentBytes {
                    reader.report(at + "/content", "\(writer.bytes.count) bytes once encoded; at most \(ScreenFileLimits.maxContentBytes)")
                }
                content = writer.bytes
            }
            if let id, let stage, let label { elements.append(Element(id: id, stage: stage, accessibilityLabel: label, content: content)) }
        }
        return elements.count == items.count ? elements : nil
    }
}
