import Layouts
import Testing

/// A reveal's transition at an instant, as the renderer's cross-fade plays it: springs sampled
/// as renderer.js's `springCurve` samples them (the figures below are its output, run in node),
/// eased curves as CSS cubic-bezier, and Reduce Motion keeping the scales at 1.
struct TransitionMomentTests {
    /// Seed 003's: out to 0.98, in from 1.02, spring response 0.4 s, damping 0.825.
    static let spring = RevealTransition(
        skeletonExit: .init(opacity: 0, scale: 0.98), contentEnter: .init(opacity: 0, scale: 1.02), curve: .spring(responseMs: 400, dampingFraction: 0.825))

    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func springsSettleWhenTheRendererSaysTheyDo() {
        // springCurve(400, 0.825) → 550 ms; (500, 1) → 733; (300, 1.5) → 879; (550, 0.6) → 887.
        #expect(Curve.spring(responseMs: 400, dampingFraction: 0.825).playedDurationMs == 550)
        #expect(Curve.spring(responseMs: 500, dampingFraction: 1).playedDurationMs == 733)
        #expect(Curve.spring(responseMs: 300, dampingFraction: 1.5).playedDurationMs == 879)
        #expect(Curve.spring(responseMs: 550, dampingFraction: 0.6).playedDurationMs == 887)
    }

    @Test func aSpringIsItsLinearSamples() {
        // linear(0, 0.021, 0.073, 0.147, 0.231, 0.321, … 0.711 (10th) … 1.005 (22nd) …) over 550 ms:
        // 55 ms is the 4th sample, 61.875 ms halfway to the 5th, 137.5 the 10th, 302.5 the 22nd.
        let curve = Curve.spring(responseMs: 400, dampingFraction: 0.825)
        for (ms, progress) in [(0.0, 0.0), (55, 0.231), (61.875, 0.276), (137.5, 0.711), (302.5, 1.005), (550, 1), (900, 1), (-10, 0)] {
            #expect(abs(curve.progress(atMs: ms) - progress) < 1e-12, "\(ms) ms")
        }
        // (550, 0.6) overshoots: its 15th sample of 887 ms is 1.094.
        #expect(abs(Curve.spring(responseMs: 550, dampingFraction: 0.6).progress(atMs: 887.0 * 15 / 40) - 1.094) < 1e-12)
    }

    @Test func theSkeletonGoesOutAsTheContentComesIn() {
        let moment = Self.spring.moment(at: 55)
        #expect(Self.near(moment.skeleton.opacity, 0.769) && Self.near(moment.skeleton.scale, 1 - 0.02 * 0.231))
        #expect(Self.near(moment.content.opacity, 0.231) && Self.near(moment.content.scale, 1.02 - 0.02 * 0.231))
        // At 302.5 ms the spring is at 1.005: opacities clamped, scales past their ends.
        let overshoot = Self.spring.moment(at: 302.5)
        #expect(overshoot.skeleton.opacity == 0 && overshoot.content.opacity == 1)
        #expect(Self.near(overshoot.skeleton.scale, 1 - 0.02 * 1.005) && Self.near(overshoot.content.scale, 1.02 - 0.02 * 1.005))
        let before = Self.spring.moment(at: -5), after = Self.spring.moment(at: 10_000)
        #expect(before == .init(skeleton: .init(opacity: 1, scale: 1), content: .init(opacity: 0, scale: 1.02)))
        #expect(after == .init(skeleton: .init(opacity: 0, scale: 0.98), content: .init(opacity: 1, scale: 1)))
    }

    @Test func reduceMotionKeepsTheScalesAtOne() {
        let moment = Self.spring.moment(at: 55, reduceMotion: true)
        #expect(moment.skeleton.scale == 1 && moment.content.scale == 1)
        #expect(Self.near(moment.skeleton.opacity, 0.769) && Self.near(moment.content.opacity, 0.231))
    }

    @Test func easedCurvesAreCSSCubicBeziers() {
        // ease-in-out over 300 ms: at 75 ms x = 0.25 → 0.1291619…; at 150 ms 0.5 → 0.5. Linear: 0.25.
        let fade = RevealTransition(skeletonExit: .init(opacity: 0, scale: 1), contentEnter: .init(opacity: 0, scale: 1), curve: .eased(.easeInOut, durationMs: 300))
        #expect(abs(fade.moment(at: 75).content.opacity - 0.1291619310473198) < 1e-6)
        #expect(abs(fade.moment(at: 150).skeleton.opacity - 0.5) < 1e-9)
        var linear = fade
        linear.curve = .eased(.linear, durationMs: 300)
        #expect(Self.near(linear.moment(at: 75).skeleton.opacity, 0.75) && Self.near(linear.moment(at: 75).content.opacity, 0.25))
        #expect(Curve.eased(.easeOut, durationMs: 0).progress(atMs: 0) == 1)
    }
}
