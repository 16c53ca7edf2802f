import Testing
@testable import Layouts

/// A sweep's gradient as the renderer animates it: exact at a period's ends, its angle turning
/// linearly between them (the renderer's `calc()`), and exact throughout for a sweep that only
/// translates.
struct SweepGeometryTests {
    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func aTurningSweepTurnsItsAngleLinearlyAndIsExactAtItsEnds() {
        // The fixture `fade`'s sweep on a 200 x 100 box: from (-1, 0)–(0, 0.2) to (1, 1)–(2, 0.8).
        let first = SweepGeometry(start: .init(x: -1, y: 0), end: .init(x: 0, y: 0.2), width: 200, height: 100)
        let last = SweepGeometry(start: .init(x: 1, y: 1), end: .init(x: 2, y: 0.8), width: 200, height: 100)
        // atan2(200, -20) and atan2(200, 20): 95.71 and 84.29 degrees.
        #expect(Self.near(first.angle, 95.71059313749964) && Self.near(last.angle, 84.28940686250036))
        let middle = SweepGeometry.at(0.5, from: first, to: last)
        #expect(Self.near(middle.angle, 90), "half the turn")
        // At the end, the served points (210, 120) and (410, 100) in a box at (10, 20), up to a move
        // across the gradient (along its stripes): the same gradient.
        let (start, end) = SweepGeometry.at(1, from: first, to: last).points(from: Point(x: 10, y: 20), width: 200, height: 100)
        let along = { (point: Point, served: (Double, Double)) in ((point.x - served.0) * 200 + (point.y - served.1) * -20) / (40_400.0).squareRoot() }
        #expect(Self.near(along(start, (210, 120)), 0) && Self.near(along(end, (410, 100)), 0), "\(start) \(end)")
    }

    @Test func aTranslatingSweepIsExactAtEveryPhase() {
        let first = SweepGeometry(start: .init(x: -1, y: 0.5), end: .init(x: 0, y: 0.5), width: 390, height: 120)
        let last = SweepGeometry(start: .init(x: 1, y: 0.5), end: .init(x: 2, y: 0.5), width: 390, height: 120)
        for phase in [0, 0.25, 0.5, 0.75, 1.0] {
            let (start, end) = SweepGeometry.at(phase, from: first, to: last).points(from: Point(x: 0, y: 0), width: 390, height: 120)
            #expect(Self.near(start.x, (-1 + 2 * phase) * 390) && Self.near(start.y, 60), "\(phase)")
            #expect(Self.near(end.x, (2 * phase) * 390) && Self.near(end.y, 60), "\(phase)")
        }
    }
}
