/// How a skeleton hands over to its content: the skeleton animates out to `skeletonExit` while
/// the content animates in from `contentEnter`, both along `curve` (docs/spec.md §3).
///
/// Guarantees: the curve is held played (`PlayedCurve`): a spring's settling time is found when
/// the transition is made or its curve set, never per `moment(at:)`.
public struct RevealTransition: Sendable, Equatable {
    /// The far end of a transition: opacity and scale (1 is natural size).
    public struct Appearance: Sendable, Equatable {
        public var opacity: Double
        public var scale: Double

        public init(opacity: Double, scale: Double) {
            self.opacity = opacity
            self.scale = scale
        }
    }

    public var skeletonExit: Appearance
    public var contentEnter: Appearance
    /// The curve ready to play, found once.
    public private(set) var played: PlayedCurve

    public var curve: Curve {
        get { played.curve }
        set { played = PlayedCurve(newValue) }
    }

    public init(skeletonExit: Appearance, contentEnter: Appearance, curve: Curve) {
        self.skeletonExit = skeletonExit
        self.contentEnter = contentEnter
        played = PlayedCurve(curve)
    }

    /// A plain cross-fade: the skeleton fades out as the content fades in, eased in and out.
    package static func fade(durationMs: Int) -> RevealTransition {
        RevealTransition(
            skeletonExit: Appearance(opacity: 0, scale: 1),
            contentEnter: Appearance(opacity: 0, scale: 1),
            curve: .eased(.easeInOut, durationMs: durationMs))
    }

    /// The same fade with no scaling, for Reduce Motion.
    public var opacityOnly: RevealTransition {
        var fade = self
        fade.skeletonExit.scale = 1
        fade.contentEnter.scale = 1
        return fade
    }
}
