/// The one shimmer model every seed fits (docs/spec.md §4): colour `stops` painted onto the blocks of a
/// shimmer group by `application`, and an `effect` that sweeps them as a linear gradient, pulses
/// their opacity, or holds them still.
///
/// Points are unit points of the shimmer group's bounds (0 is the leading or top edge, 1 the
/// trailing or bottom edge). Every animated shimmer repeats forever, blends normally (seed 003
/// removed the one blend mode a seed used) and is phase-locked to the screen: its phase is
/// ((now - originEpochMs) mod durationMs) / durationMs on every element and every device.
public struct Shimmer: Sendable, Equatable {
    public enum Application: String, Sendable {
        /// Painted over the blocks.
        case overlay
        /// Painted as the blocks' own fill, in place of their `fill` token.
        case fill
        /// Multiplies the blocks' alpha.
        case mask
    }

    /// A gradient stop: `token` at `opacity`, at `location` along the gradient (0...1).
    public struct Stop: Sendable, Equatable {
        public var token: PaletteToken
        public var opacity: Double
        public var location: Double

        public init(_ token: PaletteToken, opacity: Double = 1, at location: Double) {
            self.token = token
            self.opacity = opacity
            self.location = location
        }
    }

    public struct UnitPoint: Sendable, Equatable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// Where a gradient end point starts and where it arrives after one period.
    public struct PointMotion: Sendable, Equatable {
        public var from: UnitPoint
        public var to: UnitPoint

        public init(from: UnitPoint, to: UnitPoint) {
            self.from = from
            self.to = to
        }
    }

    /// One period of an animated shimmer.
    public struct Timing: Sendable, Equatable {
        public var durationMs: Int
        public var easing: Curve.Easing
        public var autoreverses: Bool

        public init(durationMs: Int, easing: Curve.Easing, autoreverses: Bool = false) {
            self.durationMs = durationMs
            self.easing = easing
            self.autoreverses = autoreverses
        }
    }

    public enum Effect: Sendable, Equatable {
        /// `kind: "gradient"`: the gradient's `start` and `end` points move over each period.
        case sweep(start: PointMotion, end: PointMotion, timing: Timing)
        /// `kind: "pulse"`: the stops' opacity goes from `fromOpacity` to `toOpacity` each period.
        case pulse(fromOpacity: Double, toOpacity: Double, timing: Timing)
        /// `kind: "static"`: the stops are painted leading to trailing and never move.
        case still
    }

    public var application: Application
    public var stops: [Stop]
    public var effect: Effect

    public init(application: Application, stops: [Stop], effect: Effect) {
        self.application = application
        self.stops = stops
        self.effect = effect
    }

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
        writer.member("x", mirrored ? Self.mirror(point.x) : point.x)
        writer.member("y", point.y)
        writer.endObject()
    }

    /// 1 - x, rounded to millionths so that binary noise does not show: 1 - 1.3 is written -0.3,
    /// not -0.30000000000000004. (Integer conversion rounds without libm, which nothing here links.)
    private static func mirror(_ x: Double) -> Double {
        let millionths = (1 - x) * 1e6
        return Double(Int(millionths + (millionths < 0 ? -0.5 : 0.5))) / 1e6
    }

    private static func write(_ timing: Timing, to writer: inout JSONWriter) {
        writer.member("durationMs", timing.durationMs)
        writer.key("curve")
        Curve.eased(timing.easing, durationMs: timing.durationMs).write(to: &writer)
        writer.member("repeat", -1)
        writer.member("autoreverses", timing.autoreverses)
    }
}
