import Layouts
import SkeletonDomain
import Testing

/// `ShimmerPainter.write(coordinatesAt:into:)` and `stops(at:)`, which an instant's frames
/// document is written from, against `paints(at:)`: the same points in the same order and the
/// same stops, for every built-in screen in both themes and directions and both motions, and for
/// a pulse; and each coordinate `moves(_:of:)` says stays is the same as at instant 0.
struct ShimmerPainterTests {
    private static func expectSame(_ painter: ShimmerPainter, at epochMs: Double, _ label: String) {
        let paints = painter.paints(at: epochMs)
        let coordinates = Self.coordinates(painter, at: epochMs)
        #expect(coordinates == paints.flatMap { [$0.start.x, $0.start.y, $0.end.x, $0.end.y] }, "\(label) at \(epochMs)")
        let atZero = Self.coordinates(painter, at: 0)
        for (index, value) in coordinates.enumerated() where !painter.moves(ShimmerPainter.Coordinate(rawValue: index % 4)!, of: index / 4) {
            #expect(value.bitPattern == atZero[index].bitPattern, "\(label) at \(epochMs): coordinate \(index) moved")
        }
        if let first = paints.first { #expect(painter.stops(at: epochMs) == first.stops, "\(label) at \(epochMs)") }
        #expect(painter.hasChangingStops == (paints.first?.kind == .pulse), "\(label)")
    }

    private static func coordinates(_ painter: ShimmerPainter, at epochMs: Double) -> [Double] {
        [Double](unsafeUninitializedCapacity: 4 * painter.groups.count) { buffer, count in
            count = painter.write(coordinatesAt: epochMs, into: buffer)
        }
    }

    @Test func pointsAndStopsAreThePaints() throws {
        let documents = everyFramesDocument()
        #expect(documents.count == Catalog.builtIn.screens.count * 8)
        for (label, document) in documents {
            for epochMs in [0.0, 1, 749, 1_200, 2_999, 1_700_000_000_375] { Self.expectSame(document.painter, at: epochMs, label) }
        }
        let pulse = Shimmer.Effect.pulse(fromOpacity: 0.25, toOpacity: 1, timing: Shimmer.Timing(durationMs: 1_000, easing: .linear, autoreverses: true))
        let shimmer = ResolvedShimmer(application: .overlay, stops: [.init(color: RGBA(0xFFFF_FF80), location: 0), .init(color: RGBA(0x0A14_1EFF), location: 0.625)],
                                      effect: pulse, direction: .rtl)
        let painter = ShimmerPainter(shimmer, groups: [ShimmerGroup(id: 0, rect: Rect(x: 16, y: 20.5, width: 358, height: 0.25)), ShimmerGroup(id: 3, rect: Rect(x: 2, y: 1, width: 100, height: 44))])
        for epochMs in [0.0, 250, 999, 1_500] { Self.expectSame(painter, at: epochMs, "pulse") }
    }
}
