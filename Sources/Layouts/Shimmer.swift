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
}
