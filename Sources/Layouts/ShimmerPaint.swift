/// What a client paints onto one shimmer group's blocks at one instant: a linear gradient from
/// `start` to `end` with `stops` (a stop at location l lies on the line through
/// start + l·(end − start) across the gradient; beyond the ends the end stops' colours extend),
/// laid by `application`: over the blocks (`overlay`), as their fill (`fill`), or as a mask whose
/// alpha multiplies theirs (`mask`). It is what the web renderer draws (renderer.js's
/// `shimmerImage` at that phase), so a native app draws the same skeleton in motion.
///
/// Guarantees: `start` and `end` are in the coordinates of the frames the group's bounds came
/// from (mirrored with them for rtl); a pulse's stops have its opacity at that instant applied;
/// a still gradient and a pulse run across the group's middle from its leading to its trailing
/// edge (right to left for rtl).
public struct ShimmerPaint: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A sweep: the gradient's points move over each period.
        case gradient
        /// The stops' opacity changes over each period.
        case pulse
        /// Never moves.
        case still = "static"
    }

    /// The group's number, as its frames' `group`.
    public var group: Int
    public var kind: Kind
    public var application: Shimmer.Application
    public var start: Point
    public var end: Point
    public var stops: [ResolvedShimmer.Stop]

    public init(group: Int, kind: Kind, application: Shimmer.Application, start: Point, end: Point, stops: [ResolvedShimmer.Stop]) {
        self.group = group
        self.kind = kind
        self.application = application
        self.start = start
        self.end = end
        self.stops = stops
    }
}

extension ResolvedShimmer {
    /// The paint of each of `groups` at `epochMs` (ms of the sync clock: Unix epoch ms), in their
    /// order; empty when nothing is painted (see `paint(of:at:reduceMotion:)`). What draws frame
    /// after frame keeps a `ShimmerPainter` of its groups instead, which this makes each call.
    public func paints(of groups: [ShimmerGroup], at epochMs: Double, reduceMotion: Bool = false) -> [ShimmerPaint] {
        ShimmerPainter(self, groups: groups).paints(at: epochMs, reduceMotion: reduceMotion)
    }

    /// The paint of `group` at `epochMs`: nil when the shimmer has no stops, or when it moves and
    /// `reduceMotion` (the device's Reduce Motion) stills it, as the renderer leaves the blocks
    /// in their own fill then. A group's box narrower or lower than a point counts as one point.
    public func paint(of group: ShimmerGroup, at epochMs: Double, reduceMotion: Bool = false) -> ShimmerPaint? {
        paints(of: [group], at: epochMs, reduceMotion: reduceMotion).first
    }

    /// The phase of an animated shimmer at `epochMs`; 0 for a still one.
    func phase(at epochMs: Double) -> Double {
        switch effect {
        case .still: 0
        case .pulse(_, _, let timing), .sweep(_, _, let timing): phase(timing, at: epochMs)
        }
    }

    /// The phase (0...1) of an animated shimmer at `epochMs`, phase-locked to `originEpochMs`:
    /// the eased progress through the current period, which runs backwards every other period
    /// when the shimmer autoreverses (CSS `alternate`: the direction applies before the easing).
    public func phase(_ timing: Shimmer.Timing, at epochMs: Double) -> Double {
        let period = Double(max(timing.durationMs, 1))
        let cycle = timing.autoreverses ? 2 * period : period
        // Whole milliseconds (a request's instant, a period) divided as integers: exactly the
        // remainder `truncatingRemainder` finds, without a call to `fmod`.
        var position = if let elapsed = Int64(exactly: epochMs - originEpochMs), let whole = Int64(exactly: cycle) {
            Double(elapsed % whole)
        } else {
            (epochMs - originEpochMs).truncatingRemainder(dividingBy: cycle)
        }
        if position < 0 { position += cycle }
        let progress = position / period
        return timing.easing.progress(progress > 1 ? 2 - progress : progress)
    }
}
