import Layouts

extension Shimmer {
    /// Writes the shimmer object with its colours resolved in `theme`; `rtl` mirrors the sweep
    /// (x becomes 1 - x), so it runs from the leading edge in either direction.
    func write(to writer: inout JSONWriter, theme: Theme, direction: Direction) {
        writer.beginObject()
        switch effect {
        case .sweep: writer.member("kind", "gradient")
        case .pulse: writer.member("kind", "pulse")
        case .still: writer.member("kind", "static")
        }
        writer.member("application", application.rawValue)
        writer.key("stops")
        writer.beginArray()
        for stop in stops {
            writer.beginObject()
            writer.member("color", stop.token.color(in: theme).opacity(stop.opacity).hex)
            writer.member("location", stop.location)
            writer.endObject()
        }
        writer.endArray()
        switch effect {
        case .sweep(let start, let end, let timing):
            writer.key("start")
            Self.write(start, mirrored: direction == .rtl, to: &writer)
            writer.key("end")
            Self.write(end, mirrored: direction == .rtl, to: &writer)
            Self.write(timing, to: &writer)
        case .pulse(let fromOpacity, let toOpacity, let timing):
            writer.key("opacity")
            writer.beginObject()
            writer.member("from", fromOpacity)
            writer.member("to", toOpacity)
            writer.endObject()
            Self.write(timing, to: &writer)
        case .still:
            break
        }
        writer.member("blendMode", "normal")
        if effect != .still {
            writer.key("sync")
            writer.beginObject()
            writer.member("scope", "screen")
            writer.member("originEpochMs", 0)
            writer.endObject()
        }
        writer.endObject()
    }

    private static func write(_ motion: PointMotion, mirrored: Bool, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("from")
        write(motion.from, mirrored: mirrored, to: &writer)
        writer.key("to")
        write(motion.to, mirrored: mirrored, to: &writer)
        writer.endObject()
    }

    private static func write(_ point: UnitPoint, mirrored: Bool, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("x", mirrored ? point.mirrored.x : point.x)
        writer.member("y", point.y)
        writer.endObject()
    }

    private static func write(_ timing: Timing, to writer: inout JSONWriter) {
        writer.member("durationMs", timing.durationMs)
        writer.key("curve")
        Curve.eased(timing.easing, durationMs: timing.durationMs).write(to: &writer)
        writer.member("repeat", -1)
        writer.member("autoreverses", timing.autoreverses)
    }
}
