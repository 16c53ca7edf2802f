/// A transition at one instant of a reveal, as the web renderer's cross-fade plays it
/// (renderer.js's `crossFade`): the skeleton goes from opacity 1, scale 1 to `skeletonExit`
/// while the content comes from `contentEnter` to opacity 1, scale 1, both along the curve as
/// `Curve.progress(atMs:)` plays it (its `PlayedCurve`, kept by the transition).
///
/// Guarantees: before the reveal (t < 0) it is the skeleton whole and the content at
/// `contentEnter`; from the curve's played duration on, the ends; opacities stay within 0...1
/// (a spring's overshoot is clamped, as CSS clamps opacity) while scales follow the overshoot;
/// under Reduce Motion both scales stay 1.
extension RevealTransition {
    /// The skeleton's and the content's appearance at one instant.
    public struct Moment: Sendable, Equatable {
        public var skeleton: Appearance
        public var content: Appearance

        public init(skeleton: Appearance, content: Appearance) {
            self.skeleton = skeleton
            self.content = content
        }
    }

    /// The appearances `ms` after the reveal starts; `reduceMotion` keeps both scales 1.
    public func moment(at ms: Double, reduceMotion: Bool = false) -> Moment {
        let ends = reduceMotion ? opacityOnly : self
        let progress = played.progress(atMs: ms)
        func mix(_ from: Double, _ to: Double) -> Double { from + (to - from) * progress }
        func opacity(_ value: Double) -> Double { min(max(value, 0), 1) }
        return Moment(
            skeleton: Appearance(opacity: opacity(mix(1, ends.skeletonExit.opacity)), scale: mix(1, ends.skeletonExit.scale)),
            content: Appearance(opacity: opacity(mix(ends.contentEnter.opacity, 1)), scale: mix(ends.contentEnter.scale, 1)))
    }
}
