/// A shimmer as a document serves it: its stops' colours resolved in a theme and its points as
/// they are drawn (x from the left edge, so a right-to-left document's sweep comes mirrored),
/// with the instant its phase counts from. The server makes one of a `Shimmer` and a theme
/// (`Shimmer.resolved(in:direction:)`), a client of the shimmer it decoded; both paint with
/// `paint(of:at:reduceMotion:)`, so the maths exists once.
///
/// Guarantees: `stops` are in the order of their locations; `effect`'s points are unit points of
/// a group's bounds as drawn, never to be mirrored again.
public struct ResolvedShimmer: Sendable, Equatable {
    /// A gradient stop: `color` (its opacity applied) at `location` along the gradient (0...1).
    public struct Stop: Sendable, Equatable {
        public var color: RGBA
        public var location: Double

        public init(color: RGBA, location: Double) {
            self.color = color
            self.location = location
        }
    }

    public var application: Shimmer.Application
    public var stops: [Stop]
    public var effect: Shimmer.Effect
    /// Still and pulse paints run from the leading to the trailing edge: right to left for rtl.
    public var direction: Direction
    /// The instant, in ms of the sync clock (Unix epoch ms), at which every period starts.
    public var originEpochMs: Double

    public init(application: Shimmer.Application, stops: [Stop], effect: Shimmer.Effect, direction: Direction, originEpochMs: Double = 0) {
        self.application = application
        self.stops = stops.sorted { $0.location < $1.location }
        self.effect = effect
        self.direction = direction
        self.originEpochMs = originEpochMs
    }
}

extension Shimmer {
    /// This shimmer as a document in `theme` and `direction` serves it: each stop's token
    /// resolved at its opacity, the sweep's points mirrored for rtl, the phase from epoch 0.
    public func resolved(in theme: Theme, direction: Direction) -> ResolvedShimmer {
        var effect = self.effect
        if direction == .rtl, case .sweep(let start, let end, let timing) = effect {
            effect = .sweep(start: start.mirrored, end: end.mirrored, timing: timing)
        }
        return ResolvedShimmer(
            application: application, stops: stops.map { .init(color: $0.token.color(in: theme).opacity($0.opacity), location: $0.location) },
            effect: effect, direction: direction)
    }
}

extension Shimmer.PointMotion {
    /// Both ends mirrored across the vertical axis.
    package var mirrored: Shimmer.PointMotion {
        Shimmer.PointMotion(from: from.mirrored, to: to.mirrored)
    }
}

extension Shimmer.UnitPoint {
    /// 1 - x, rounded to millionths so that binary noise does not show: 1 - 1.3 is -0.3, not
    /// -0.30000000000000004, as documents write it. (Integer conversion rounds without libm.)
    package var mirrored: Shimmer.UnitPoint {
        let millionths = (1 - x) * 1e6
        return Shimmer.UnitPoint(x: Double(Int(millionths + (millionths < 0 ? -0.5 : 0.5))) / 1e6, y: y)
    }
}
