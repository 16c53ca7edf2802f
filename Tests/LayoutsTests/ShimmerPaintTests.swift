import Layouts
import Testing

/// A shimmer group's paint at an instant, checked against values worked by hand from the web
/// renderer's rules (renderer.js's `shimmerImage`, `sweepGeometry` and the phase-locked
/// animation): every kind, autoreverse, the easing, right to left and Reduce Motion.
struct ShimmerPaintTests {
    static let white = RGBA(0xFFFF_FFFF), clear = RGBA(0xFFFF_FF00)
    static let stops = [ResolvedShimmer.Stop(color: clear, location: 0), .init(color: white, location: 0.5), .init(color: clear, location: 1)]
    /// A group 100 x 40 at (10, 20).
    static let group = ShimmerGroup(id: 3, rect: Rect(x: 10, y: 20, width: 100, height: 40))
    static let sweep = Shimmer.Effect.sweep(
        start: .init(from: .init(x: -1, y: 0.5), to: .init(x: 1, y: 0.5)), end: .init(from: .init(x: 0, y: 0.5), to: .init(x: 2, y: 0.5)),
        timing: .init(durationMs: 1000, easing: .linear))

    static func shimmer(_ effect: Shimmer.Effect, direction: Direction = .ltr, origin: Double = 0) -> ResolvedShimmer {
        ResolvedShimmer(application: .overlay, stops: stops, effect: effect, direction: direction, originEpochMs: origin)
    }

    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
    static func near(_ a: Point, _ b: Point) -> Bool { near(a.x, b.x) && near(a.y, b.y) }

    @Test func aSweepMovesItsPointsAcrossTheGroupByThePhase() throws {
        // Linear, 1000 ms: at 250 ms the phase is 0.25, start x = -1 + 2 × 0.25 = -0.5 of the
        // width from the group's left edge (10 - 50), end x = 0.5 (10 + 50); y the middle (20 + 20).
        let paint = try #require(Self.shimmer(Self.sweep).paint(of: Self.group, at: 1_700_000_000_250))
        #expect(paint.kind == .gradient && paint.group == 3 && paint.application == .overlay)
        #expect(Self.near(paint.start, Point(x: -40, y: 40)) && Self.near(paint.end, Point(x: 60, y: 40)))
        #expect(paint.stops == Self.stops)
        // Phase-locked: origin 100 ms later is 100 ms earlier in the period; before the origin too.
        let late = try #require(Self.shimmer(Self.sweep, origin: 100).paint(of: Self.group, at: 250))
        #expect(Self.near(late.start.x, 10 + (-1 + 2 * 0.15) * 100))
        let before = try #require(Self.shimmer(Self.sweep).paint(of: Self.group, at: -250))
        #expect(Self.near(before.start.x, 10 + (-1 + 2 * 0.75) * 100))
    }

    @Test func anAutoreversingShimmerRunsEveryOtherPeriodBackwards() {
        let timing = Shimmer.Timing(durationMs: 1000, easing: .linear, autoreverses: true)
        let shimmer = Self.shimmer(.pulse(fromOpacity: 1, toOpacity: 0, timing: timing))
        for (at, phase) in [(0.0, 0.0), (250, 0.25), (1000, 1), (1250, 0.75), (1750, 0.25), (2000, 0), (2250, 0.25)] {
            #expect(Self.near(shimmer.phase(timing, at: at), phase), "at \(at)")
        }
    }

    /// Whole milliseconds are divided as integers: the same phase as the remainder `fmod` takes
    /// (`truncatingRemainder`), before the origin, at it, past a period, far out and between milliseconds.
    @Test func aPhaseOfWholeMillisecondsIsTheRemaindersPhase() {
        let timing = Shimmer.Timing(durationMs: 1_500, easing: .easeInOut, autoreverses: true)
        let shimmer = Self.shimmer(.pulse(fromOpacity: 1, toOpacity: 0, timing: timing), origin: 1_234)
        for at in [0.0, 1, 1_233, 1_234, 1_235, 2_999, 4_234, -1, -1_766, -2_999, 1_700_000_000_375, 8_640_000_000_000_000, 12.5, -7.25] {
            var position = (at - 1_234).truncatingRemainder(dividingBy: 3_000)
            if position < 0 { position += 3_000 }
            let progress = position / 1_500
            #expect(shimmer.phase(timing, at: at) == timing.easing.progress(progress > 1 ? 2 - progress : progress), "at \(at)")
        }
    }

    @Test func thePhaseIsEasedAsCSSEasesIt() {
        // cubic-bezier(0.42, 0, 0.58, 1) at x = 0.25 and 0.75, solved to 1e-12 by bisection.
        let shimmer = Self.shimmer(.still)
        for (easing, at, phase) in [(Curve.Easing.easeInOut, 250.0, 0.1291619310473198), (.easeInOut, 750, 0.8708380689526802), (.easeInOut, 500, 0.5),
                                    (.easeIn, 500, 0.31535681257253945), (.easeOut, 500, 0.6846431874274606), (.linear, 125, 0.125)] {
            let value = shimmer.phase(Shimmer.Timing(durationMs: 1000, easing: easing), at: at)
            #expect(abs(value - phase) < 1e-6, "\(easing) at \(at): \(value)")
        }
    }

    @Test func aPulseAppliesItsOpacityToEveryStopAcrossTheGroup() throws {
        // From 1 to 0.4, linear: at 500 ms the opacity is 0.7; white's alpha 255 × 0.7 = 178.5 → 179 (B3).
        let shimmer = Self.shimmer(.pulse(fromOpacity: 1, toOpacity: 0.4, timing: .init(durationMs: 1000, easing: .linear)))
        let paint = try #require(shimmer.paint(of: Self.group, at: 500))
        #expect(paint.kind == .pulse)
        #expect(paint.stops.map(\.color.hex) == ["#FFFFFF00", "#FFFFFFB3", "#FFFFFF00"])
        #expect(paint.stops.map(\.location) == [0, 0.5, 1])
        #expect(paint.start == Point(x: 10, y: 40) && paint.end == Point(x: 110, y: 40))
    }

    @Test func aStillShimmerRunsLeadingToTrailingAndNeverMoves() throws {
        let ltr = try #require(Self.shimmer(.still).paint(of: Self.group, at: 0))
        let later = try #require(Self.shimmer(.still).paint(of: Self.group, at: 123_456))
        #expect(ltr == later && ltr.kind == .still && ltr.stops == Self.stops)
        #expect(ltr.start == Point(x: 10, y: 40) && ltr.end == Point(x: 110, y: 40))
        let rtl = try #require(Self.shimmer(.still, direction: .rtl).paint(of: Self.group, at: 0))
        #expect(rtl.start == Point(x: 110, y: 40) && rtl.end == Point(x: 10, y: 40))
    }

    @Test func rightToLeftASweepIsTheLeftToRightSweepMirrored() throws {
        // A shimmer resolved for rtl has its points mirrored (x → 1 - x); a group mirrored in a
        // 390-point viewport paints the ltr gradient mirrored.
        let shimmer = Shimmer(
            application: .fill, stops: [.init(.gray5, opacity: 0.3, at: 0), .init(.gray4, opacity: 0.5, at: 0.5), .init(.gray5, opacity: 0.3, at: 1)],
            effect: Self.sweep)
        let mirroredGroup = ShimmerGroup(id: 3, rect: Rect(x: 390 - 110, y: 20, width: 100, height: 40))
        for at in [0.0, 250, 500, 900] {
            let ltr = try #require(shimmer.resolved(in: .light, direction: .ltr).paint(of: Self.group, at: at))
            let rtl = try #require(shimmer.resolved(in: .light, direction: .rtl).paint(of: mirroredGroup, at: at))
            #expect(Self.near(rtl.start, Point(x: 390 - ltr.start.x, y: ltr.start.y)) && Self.near(rtl.end, Point(x: 390 - ltr.end.x, y: ltr.end.y)), "at \(at)")
            #expect(rtl.stops == ltr.stops && rtl.application == .fill)
        }
        #expect(shimmer.resolved(in: .light, direction: .ltr).stops.map(\.color) == [
            PaletteToken.gray5.color(in: .light).opacity(0.3), PaletteToken.gray4.color(in: .light).opacity(0.5), PaletteToken.gray5.color(in: .light).opacity(0.3),
        ])
    }

    @Test func reduceMotionLeavesMovingShimmersUnpaintedAndStillOnesPainted() {
        let pulse = Shimmer.Effect.pulse(fromOpacity: 1, toOpacity: 0.4, timing: .init(durationMs: 1000, easing: .linear))
        #expect(Self.shimmer(Self.sweep).paint(of: Self.group, at: 0, reduceMotion: true) == nil)
        #expect(Self.shimmer(pulse).paint(of: Self.group, at: 0, reduceMotion: true) == nil)
        #expect(Self.shimmer(.still).paint(of: Self.group, at: 0, reduceMotion: true) != nil)
        let bare = ResolvedShimmer(application: .overlay, stops: [], effect: .still, direction: .ltr)
        #expect(bare.paints(of: [Self.group], at: 0).isEmpty)
    }

    @Test func aGroupWithoutWidthCountsAsOnePoint() throws {
        let line = ShimmerGroup(id: 0, rect: Rect(x: 5, y: 5, width: 0, height: 0))
        let paint = try #require(Self.shimmer(.still).paint(of: line, at: 0))
        #expect(paint.start == Point(x: 5, y: 5.5) && paint.end == Point(x: 6, y: 5.5))
    }
}
