import Layouts

/// Reads a screen file's `animation`: a preset by name, its parts replaced by named parts of
/// other presets or by full shimmer and transition objects, and the display timings.
///
/// Guarantees: a preset's `assumptions` are kept only when nothing of it is replaced (they may
/// no longer hold); without a preset, `shimmer` and `transition` are required and the reduced
/// shimmer defaults to the static form of `shimmer` (its application and stops, standing still).
enum AnimationDecoder {
    static let members = ["preset", "shimmer", "reducedShimmer", "transition", "minimumDisplayMs", "showDelayMs", "timeoutMs", "maxConcurrentShimmers"]
    private static let presetNames = ["finance", "chat", "movies"]

    /// The animation and the shimmer limit (nil for none).
    static func decode(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> (preset: AnimationPreset, limit: Int?)? {
        guard let object = reader.object(value, at: pointer, allowed: members) else { return nil }
        let problemsBefore = reader.problems.count
        let preset = reader.optional(object, "preset") { $0.choice($1, at: $2, of: presetNames, what: "preset") }
            .map { AnimationPreset.named[$0]! }
        if preset == nil && object["preset"] == nil {
            for key in ["shimmer", "transition"] where object[key] == nil {
                reader.report(pointer, "missing member \"\(key)\" (or name a \"preset\": \(presetNames.joined(separator: ", ")))")
            }
        }
        let shimmer = reader.optional(object, "shimmer") { Self.shimmer($1, at: $2, reduced: false, reader: &$0) } ?? preset?.shimmer
        let reducedShimmer = reader.optional(object, "reducedShimmer") { Self.shimmer($1, at: $2, reduced: true, reader: &$0) }
            ?? (object["shimmer"] == nil ? preset?.reducedShimmer : nil) ?? shimmer.map { Shimmer(application: $0.application, stops: $0.stops, effect: .still) }
        let transition = reader.optional(object, "transition") { Self.transition($1, at: $2, reader: &$0) } ?? preset?.transition
        let minimumDisplayMs = reader.optional(object, "minimumDisplayMs") { $0.integer($1, at: $2, in: ScreenFileLimits.displayMilliseconds) }
        let showDelayMs = reader.optional(object, "showDelayMs") { $0.integer($1, at: $2, in: ScreenFileLimits.displayMilliseconds) }
        let timeoutMs = reader.optional(object, "timeoutMs") { $0.integer($1, at: $2, in: ScreenFileLimits.timeoutMilliseconds) }
        var limit: Int?
        if let value = object["maxConcurrentShimmers"], value != .null {
            limit = reader.integer(value, at: object.pointer("maxConcurrentShimmers"), in: 1...1000)
        }
        guard reader.problems.count == problemsBefore, let shimmer, let reducedShimmer, let transition else { return nil }
        let replacesPart = ["shimmer", "reducedShimmer", "transition", "minimumDisplayMs", "showDelayMs", "timeoutMs"].contains { object[$0] != nil }
        let animation = AnimationPreset(
            name: replacesPart ? nil : preset?.name, shimmer: shimmer, reducedShimmer: reducedShimmer, transition: transition,
            minimumDisplayMs: minimumDisplayMs ?? preset?.minimumDisplayMs ?? 200,
            showDelayMs: showDelayMs ?? preset?.showDelayMs ?? 0,
            timeoutMs: timeoutMs ?? preset?.timeoutMs ?? 10000,
            assumptions: replacesPart ? [] : preset?.assumptions ?? [])
        return (animation, limit)
    }

    private static func shimmer(_ value: JSONValue, at pointer: String, reduced: Bool, reader: inout ValueReader) -> Shimmer? {
        if case .string = value {
            return reader.choice(value, at: pointer, of: presetNames, what: "preset").map { name in
                reduced ? AnimationPreset.named[name]!.reducedShimmer : AnimationPreset.named[name]!.shimmer
            }
        }
        guard case .object = value, let kindValue = value["kind"] else {
            if case .object = value { reader.report(pointer, "missing member \"kind\" (one of: gradient, pulse, static)") } else {
                reader.report(pointer, "expected a shimmer object or a preset name (\(presetNames.joined(separator: ", "))), found \(value.typeName)")
            }
            return nil
        }
        guard let kind = reader.choice(kindValue, at: pointer + "/kind", of: ["gradient", "pulse", "static"], what: "shimmer kind") else { return nil }
        let timed = ["durationMs", "curve", "autoreverses"]
        let extra: [String] =
            switch kind {
            case "gradient": ["start", "end"] + timed
            case "pulse": ["opacity"] + timed
            default: []
            }
        guard let object = reader.object(value, at: pointer, allowed: ["kind", "application", "stops"] + extra) else { return nil }
        let problemsBefore = reader.problems.count
        let application = reader.required(object, "application") { $0.choice($1, at: $2, of: ["overlay", "fill", "mask"], what: "application") }
        var stops: [Shimmer.Stop] = []
        if let items = reader.required(object, "stops", { $0.array($1, at: $2, count: ScreenFileLimits.stopCount) }) {
            for (index, item) in items.enumerated() {
                let at = object.pointer("stops") + "/\(index)"
                guard let stop = reader.object(item, at: at, allowed: ["token", "opacity", "location"]) else { continue }
                let token = reader.required(stop, "token") { NodeDecoder.token($1, at: $2, reader: &$0) }
                let opacity = reader.optional(stop, "opacity") { $0.number($1, at: $2, in: 0...1) } ?? 1
                let location = reader.required(stop, "location") { $0.number($1, at: $2, in: 0...1) }
                if let location, let previous = stops.last, location < previous.location {
                    reader.report(stop.pointer("location"), "stop locations must not decrease (\(previous.location) before)")
                }
                if let token, let location { stops.append(Shimmer.Stop(token, opacity: opacity, at: location)) }
            }
        }
        var timing: Shimmer.Timing?
        if kind != "static" {
            let duration = reader.required(object, "durationMs") { $0.integer($1, at: $2, in: ScreenFileLimits.animationMilliseconds) }
            let easing = reader.optional(object, "curve") { $0.choice($1, at: $2, of: easings, what: "curve") }.map { Curve.Easing(rawValue: $0)! } ?? .linear
            let autoreverses = reader.optional(object, "autoreverses") { $0.bool($1, at: $2) } ?? false
            timing = duration.map { Shimmer.Timing(durationMs: $0, easing: easing, autoreverses: autoreverses) }
        }
        let effect: Shimmer.Effect?
        switch kind {
        case "gradient":
            let start = reader.required(object, "start") { motion($1, at: $2, reader: &$0) }
            let end = reader.required(object, "end") { motion($1, at: $2, reader: &$0) }
            effect = start.flatMap { start in end.flatMap { end in timing.map { .sweep(start: start, end: end, timing: $0) } } }
        case "pulse":
            let opacity = reader.required(object, "opacity") { reader, value, at in
                reader.object(value, at: at, allowed: ["from", "to"]).map { range in
                    (reader.required(range, "from") { $0.number($1, at: $2, in: 0...1) }, reader.required(range, "to") { $0.number($1, at: $2, in: 0...1) })
                }
            }
            effect = opacity.flatMap { from, to in from.flatMap { from in to.flatMap { to in timing.map { .pulse(fromOpacity: from, toOpacity: to, timing: $0) } } } }
        default:
            effect = .still
        }
        guard reader.problems.count == problemsBefore, let application, let effect else { return nil }
        return Shimmer(application: Shimmer.Application(rawValue: application)!, stops: stops, effect: effect)
    }

    private static let easings = ["linear", "easeIn", "easeOut", "easeInOut"]

    private static func motion(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> Shimmer.PointMotion? {
        guard let object = reader.object(value, at: pointer, allowed: ["from", "to"]) else { return nil }
        let from = reader.required(object, "from") { point($1, at: $2, reader: &$0) }
        let to = reader.required(object, "to") { point($1, at: $2, reader: &$0) }
        return from.flatMap { from in to.map { Shimmer.PointMotion(from: from, to: $0) } }
    }

    private static func point(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> Shimmer.UnitPoint? {
        guard let object = reader.object(value, at: pointer, allowed: ["x", "y"]) else { return nil }
        let x = reader.required(object, "x") { $0.number($1, at: $2, in: -10...10) }
        let y = reader.required(object, "y") { $0.number($1, at: $2, in: -10...10) }
        return x.flatMap { x in y.map { Shimmer.UnitPoint(x: x, y: $0) } }
    }

    private static func transition(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> RevealTransition? {
        if case .string = value {
            return reader.choice(value, at: pointer, of: presetNames, what: "preset").map { AnimationPreset.named[$0]!.transition }
        }
        guard let object = reader.object(value, at: pointer, allowed: ["skeletonExit", "contentEnter", "curve"]) else { return nil }
        let exit = reader.required(object, "skeletonExit") { appearance($1, at: $2, reader: &$0) }
        let enter = reader.required(object, "contentEnter") { appearance($1, at: $2, reader: &$0) }
        let curve = reader.required(object, "curve") { Self.curve($1, at: $2, reader: &$0) }
        return exit.flatMap { exit in enter.flatMap { enter in curve.map { RevealTransition(skeletonExit: exit, contentEnter: enter, curve: $0) } } }
    }

    private static func appearance(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> RevealTransition.Appearance? {
        guard let object = reader.object(value, at: pointer, allowed: ["opacity", "scale"]) else { return nil }
        let opacity = reader.required(object, "opacity") { $0.number($1, at: $2, in: 0...1) }
        let scale = reader.required(object, "scale") { $0.number($1, at: $2, in: 0...10) }
        return opacity.flatMap { opacity in scale.map { RevealTransition.Appearance(opacity: opacity, scale: $0) } }
    }

    private static func curve(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> Curve? {
        guard case .object = value, let type = value["type"] else {
            if case .object = value { reader.report(pointer, "missing member \"type\" (one of: spring, \(easings.joined(separator: ", ")))") } else {
                reader.report(pointer, "expected a curve object, found \(value.typeName)")
            }
            return nil
        }
        guard let name = reader.choice(type, at: pointer + "/type", of: ["spring"] + easings, what: "curve type") else { return nil }
        if name == "spring" {
            guard let object = reader.object(value, at: pointer, allowed: ["type", "responseMs", "dampingFraction"]) else { return nil }
            let response = reader.required(object, "responseMs") { $0.integer($1, at: $2, in: ScreenFileLimits.animationMilliseconds) }
            let damping = reader.required(object, "dampingFraction") { $0.number($1, at: $2, in: 0...10) }
            if damping == 0 { reader.report(object.pointer("dampingFraction"), "must be above 0") }
            return response.flatMap { response in damping.map { .spring(responseMs: response, dampingFraction: $0) } }
        }
        guard let object = reader.object(value, at: pointer, allowed: ["type", "durationMs"]) else { return nil }
        return reader.required(object, "durationMs") { $0.integer($1, at: $2, in: ScreenFileLimits.animationMilliseconds) }
            .map { .eased(Curve.Easing(rawValue: name)!, durationMs: $0) }
    }
}
