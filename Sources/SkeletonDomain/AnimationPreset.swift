import Layouts

/// The animation values of one app family, straight from its seed: the shimmer at full motion
/// and under Reduce Motion, the skeleton-to-content transition, and the display timings.
/// Everything a seed does not give is listed in `assumptions`. Screen files name a preset or
/// give their own values (then `name` is nil).
package struct AnimationPreset: Sendable {
    /// `finance`, `chat` or `movies` for the seeds' presets, by which screen files name them.
    package let name: String?
    package let shimmer: Shimmer
    package let reducedShimmer: Shimmer
    package let transition: RevealTransition
    /// A shown skeleton stays at least this long, so a fast load does not flicker (seed 002).
    package let minimumDisplayMs: Int
    /// Data ready before this never shows the skeleton at all.
    package let showDelayMs: Int
    /// An element not ready by then fails (seed 002: "timeout after 10s shows error state").
    package let timeoutMs: Int
    package let assumptions: [String]

    package init(
        name: String? = nil, shimmer: Shimmer, reducedShimmer: Shimmer, transition: RevealTransition,
        minimumDisplayMs: Int, showDelayMs: Int, timeoutMs: Int, assumptions: [String]
    ) {
        self.name = name
        self.shimmer = shimmer
        self.reducedShimmer = reducedShimmer
        self.transition = transition
        self.minimumDisplayMs = minimumDisplayMs
        self.showDelayMs = showDelayMs
        self.timeoutMs = timeoutMs
        self.assumptions = assumptions
    }

    /// Seed 003's fixed form of seed 000's shimmer (white 0.5, no blend mode, phase -0.5 to 1.5)
    /// and its per-element transition (out to 0.98, in from 1.02, spring 0.4 s).
    /// The seeds' presets, by name.
    package static let named: [String: AnimationPreset] = ["finance": finance, "chat": chat, "movies": movies]

    static let finance = AnimationPreset(
        name: "finance",
        shimmer: Shimmer(
            application: .overlay,
            stops: [Shimmer.Stop(.clear, at: 0), Shimmer.Stop(.highlight, at: 0.5), Shimmer.Stop(.clear, at: 1)],
            effect: .sweep(
                start: horizontalMotion(fromX: -0.5, toX: 1.5),
                end: horizontalMotion(fromX: 0.5, toX: 2.5),
                timing: Shimmer.Timing(durationMs: 1400, easing: .easeInOut))),
        reducedShimmer: Shimmer(
            application: .overlay,
            stops: [Shimmer.Stop(.clear, at: 0), Shimmer.Stop(.clear, at: 1)],
            effect: .still),
        transition: RevealTransition(
            skeletonExit: RevealTransition.Appearance(opacity: 0, scale: 0.98),
            contentEnter: RevealTransition.Appearance(opacity: 0, scale: 1.02),
            curve: .spring(responseMs: 400, dampingFraction: 0.825)),
        minimumDisplayMs: 200,
        showDelayMs: 0,
        timeoutMs: 10000,
        assumptions: [
            "minimumDisplayMs 200 and timeoutMs 10000 are the chat seed's (002); the finance seeds give none",
            "the transition's spring dampingFraction 0.825 is SwiftUI's default for .spring(response: 0.4), which seed 003 uses without a damping argument",
            "reduced motion: the finance seeds do not say; the blocks keep their base fill under a static clear overlay (no shimmer)",
        ])

    /// Seed 002: the gradient is the blocks' fill, gray5 0.3 / gray4 0.5 / gray5 0.3, its start
    /// at phase - 1 and end at phase as phase goes 0 to 2, linear 1.5 s; a 0.3 s fade.
    static let chat = AnimationPreset(
        name: "chat",
        shimmer: Shimmer(
            application: .fill,
            stops: [
                Shimmer.Stop(.gray5, opacity: 0.3, at: 0),
                Shimmer.Stop(.gray4, opacity: 0.5, at: 0.5),
                Shimmer.Stop(.gray5, opacity: 0.3, at: 1),
            ],
            effect: .sweep(
                start: horizontalMotion(fromX: -1, toX: 1),
                end: horizontalMotion(fromX: 0, toX: 2),
                timing: Shimmer.Timing(durationMs: 1500, easing: .linear))),
        reducedShimmer: Shimmer(
            application: .fill,
            stops: [Shimmer.Stop(.gray5, opacity: 0.3, at: 0), Shimmer.Stop(.gray5, opacity: 0.3, at: 1)],
            effect: .still),
        transition: .fade(durationMs: 300),
        minimumDisplayMs: 200,
        showDelayMs: 0,
        timeoutMs: 10000,
        assumptions: [
            "chat blocks name gray5 as their fill; the shimmer (application fill) paints them with seed 002's gradient instead",
            "reduced motion: seed 002 leaves the gradient at phase 0, where it lies wholly before each block, which is then painted in its last stop (gray5 at 0.3); written as a static fill of that colour",
        ])

    /// Seed 004: a diagonal mask, black 0.4 / black / black 0.4, start (-0.3, -0.3) to (1, 1),
    /// end (0, 0) to (1.3, 1.3), linear 1.5 s; Reduce Motion gives a static gray 0.3 overlay.
    static let movies = AnimationPreset(
        name: "movies",
        shimmer: Shimmer(
            application: .mask,
            stops: [
                Shimmer.Stop(.black, opacity: 0.4, at: 0),
                Shimmer.Stop(.black, at: 0.5),
                Shimmer.Stop(.black, opacity: 0.4, at: 1),
            ],
            effect: .sweep(
                start: Shimmer.PointMotion(
                    from: Shimmer.UnitPoint(x: -0.3, y: -0.3), to: Shimmer.UnitPoint(x: 1, y: 1)),
                end: Shimmer.PointMotion(
                    from: Shimmer.UnitPoint(x: 0, y: 0), to: Shimmer.UnitPoint(x: 1.3, y: 1.3)),
                timing: Shimmer.Timing(durationMs: 1500, easing: .linear))),
        reducedShimmer: Shimmer(
            application: .overlay,
            stops: [Shimmer.Stop(.gray, opacity: 0.3, at: 0), Shimmer.Stop(.gray, opacity: 0.3, at: 1)],
            effect: .still),
        transition: .fade(durationMs: 300),
        minimumDisplayMs: 200,
        showDelayMs: 0,
        timeoutMs: 10000,
        assumptions: [
            "minimumDisplayMs 200 and timeoutMs 10000 are the chat seed's (002); seed 004 gives none",
            "the transition, an opacity fade of 300 ms easeInOut, is assumed: seed 004 asks only for a smooth transition from shimmer to content",
            "seed 004's Gradient(colors:) spaces its three colours evenly: stops at 0, 0.5 and 1",
        ])

    private static func horizontalMotion(fromX: Double, toX: Double) -> Shimmer.PointMotion {
        Shimmer.PointMotion(from: Shimmer.UnitPoint(x: fromX, y: 0.5), to: Shimmer.UnitPoint(x: toX, y: 0.5))
    }
}
