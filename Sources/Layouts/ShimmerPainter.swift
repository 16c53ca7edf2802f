/// A shimmer's paints of one set of groups (a layout's frames), with what does not change from
/// one instant to the next found once: each group's box as painted, a still or pulsing
/// gradient's points, a sweep's geometry at both ends of its period and, when the sweep does not
/// turn (every seed's), its gradient line. An instant then costs its phase and a few
/// multiplications per group. What an app keeps while it draws frame after frame, and what the
/// server keeps with a frames document.
///
/// Guarantees: `paints(at:reduceMotion:)` is what `ResolvedShimmer.paints(of:at:reduceMotion:)`
/// gives for the same groups, bit for bit (that method makes a painter); the rules of
/// `ShimmerPaint` and `ResolvedShimmer.paint(of:at:reduceMotion:)` apply.
public struct ShimmerPainter: Sendable {
    public let shimmer: ResolvedShimmer
    public let groups: [ShimmerGroup]
    private let prepared: [Prepared]

    /// One group's paint, all but the instant.
    private enum Prepared: Sendable {
        /// A still gradient's or a pulse's points: across the middle, leading to trailing edge.
        case across(start: Point, end: Point)
        /// A sweep's box (at least a point each way), its geometry at both ends of the period,
        /// and its gradient line when the angle stays.
        case sweep(origin: Point, width: Double, height: Double, first: SweepGeometry, last: SweepGeometry, line: SweepGeometry.Line?)
    }

    public init(_ shimmer: ResolvedShimmer, groups: [ShimmerGroup]) {
        self.shimmer = shimmer
        self.groups = groups
        prepared = groups.map { group in
            let box = group.rect
            let width = max(box.width, 1), height = max(box.height, 1)
            if case .sweep(let startMotion, let endMotion, _) = shimmer.effect {
                let first = SweepGeometry(start: startMotion.from, end: endMotion.from, width: width, height: height)
                let last = SweepGeometry(start: startMotion.to, end: endMotion.to, width: width, height: height)
                // The angle at every phase is first's plus the turn times the phase: the same
                // double throughout when it is the same at both ends.
                let (atStart, atEnd) = (SweepGeometry.at(0, from: first, to: last), SweepGeometry.at(1, from: first, to: last))
                let line = atStart.angle == atEnd.angle ? atStart.line(width: width, height: height) : nil
                return .sweep(origin: Point(x: box.x, y: box.y), width: width, height: height, first: first, last: last, line: line)
            }
            let left = Point(x: box.x, y: box.y + height / 2), right = Point(x: box.x + width, y: box.y + height / 2)
            return shimmer.direction == .ltr ? .across(start: left, end: right) : .across(start: right, end: left)
        }
    }

    /// The paint of each group at `epochMs` (ms of the sync clock: Unix epoch ms), in their
    /// order; empty when the shimmer has no stops, or when it moves and `reduceMotion` stills it.
    public func paints(at epochMs: Double, reduceMotion: Bool = false) -> [ShimmerPaint] {
        guard isPainted(reduceMotion: reduceMotion) else { return [] }
        let phase = shimmer.phase(at: epochMs)
        let kind: ShimmerPaint.Kind = switch shimmer.effect {
        case .still: .still
        case .pulse: .pulse
        case .sweep: .gradient
        }
        let stops = stops(phase: phase)
        var paints: [ShimmerPaint] = []
        paints.reserveCapacity(groups.count)
        for index in groups.indices {
            let (start, end) = points(of: index, phase: phase)
            paints.append(ShimmerPaint(group: groups[index].id, kind: kind, application: shimmer.application, start: start, end: end, stops: stops))
        }
        return paints
    }

    /// Each group's start and end points at `epochMs`, in their order, written into `coordinates`
    /// four per group (as `Coordinate` counts them): the points of `paints(at:)` (without Reduce
    /// Motion), without building its paints (a writer that keeps the rest of each paint as bytes).
    /// Returns how many it wrote: none when the shimmer has no stops, else four per group, which
    /// `coordinates` has room for.
    public func write(coordinatesAt epochMs: Double, into coordinates: UnsafeMutableBufferPointer<Double>) -> Int {
        guard isPainted(reduceMotion: false) else { return 0 }
        precondition(coordinates.count >= 4 * groups.count, "no room for every group's points")
        let phase = shimmer.phase(at: epochMs)
        var next = coordinates.baseAddress!
        for index in groups.indices {
            let (start, end) = points(of: index, phase: phase)
            next[0] = start.x
            next[1] = start.y
            next[2] = end.x
            next[3] = end.y
            next += 4
        }
        return 4 * groups.count
    }

    /// A paint's four coordinates, in the order a frames document writes them.
    public enum Coordinate: Int, CaseIterable, Sendable {
        case startX, startY, endX, endY
    }

    /// Whether group `index`'s `coordinate` can differ from one instant to the next: a still
    /// gradient's and a pulse's points never do; a sweep's along its line do, and across it only
    /// when the sweep turns (one at a quarter turn keeps the other coordinate exactly).
    public func moves(_ coordinate: Coordinate, of index: Int) -> Bool {
        guard case .sweep(_, _, _, _, _, let line) = prepared[index] else { return false }
        guard let line else { return true }
        return coordinate == .startX || coordinate == .endX ? line.dx != 0 : line.dy != 0
    }

    /// Whether the stops of every paint depend on the instant (a pulse's opacity), or are the shimmer's.
    public var hasChangingStops: Bool {
        if case .pulse = shimmer.effect { true } else { false }
    }

    /// The stops of every paint at `epochMs`: the shimmer's, with a pulse's opacity then applied.
    public func stops(at epochMs: Double) -> [ResolvedShimmer.Stop] {
        stops(phase: shimmer.phase(at: epochMs))
    }

    private func isPainted(reduceMotion: Bool) -> Bool {
        !shimmer.stops.isEmpty && !(reduceMotion && shimmer.effect != .still)
    }

    private func stops(phase: Double) -> [ResolvedShimmer.Stop] {
        guard case .pulse(let fromOpacity, let toOpacity, _) = shimmer.effect else { return shimmer.stops }
        let opacity = min(max(fromOpacity + (toOpacity - fromOpacity) * phase, 0), 1)
        return shimmer.stops.map { ResolvedShimmer.Stop(color: $0.color.opacity(opacity), location: $0.location) }
    }

    @inline(__always)
    private func points(of index: Int, phase: Double) -> (start: Point, end: Point) {
        switch prepared[index] {
        case .across(let from, let to):
            return (from, to)
        case .sweep(let origin, let width, let height, let first, let last, let line):
            return if let line {
                SweepGeometry.translated(phase, from: first, to: last).points(from: origin, width: width, height: height, line: line)
            } else {
                SweepGeometry.at(phase, from: first, to: last).points(from: origin, width: width, height: height)
            }
        }
    }
}
