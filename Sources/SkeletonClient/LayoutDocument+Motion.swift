/// The skeleton in motion, from a layout document alone: each shimmer group's paint at an
/// instant, and an element's reveal transition at an instant, as the web renderer draws them
/// (Layouts' `ResolvedShimmer.paint(of:at:reduceMotion:)` and `RevealTransition.moment(at:reduceMotion:)`).
///
/// Guarantees: for the frames of `frames(width:)` or `frames(element:width:)`, `paint(_:at:)`
/// equals the `paints` the server serves for the same frames with `?at=`; a shimmer kind this
/// version does not know is painted still, as the renderer does.
extension LayoutDocument {
    /// The document's shimmer with its colours resolved and its points as drawn.
    public var shimmer: ResolvedShimmer {
        animation.shimmer.resolved(direction: direction)
    }

    /// Each shimmer group's paint of `frames` at `epochMs` (Unix epoch ms: the sync clock),
    /// empty when nothing is painted; `reduceMotion` (the device's setting) stills a moving
    /// shimmer, leaving its blocks in their own fill.
    public func paint(_ frames: FrameLayout.Result, at epochMs: Double, reduceMotion: Bool = false) -> [ShimmerPaint] {
        paint(frames.groups, at: epochMs, reduceMotion: reduceMotion)
    }

    /// What draws `groups` (a `ScreenFrames`' `groups`, say) frame after frame keeps: their
    /// paints at any instant (`ShimmerPainter.paints(at:reduceMotion:)`, equal to `paint(_:at:)`'s)
    /// with all that does not change between instants found once.
    public func painter(_ groups: [ShimmerGroup]) -> ShimmerPainter {
        ShimmerPainter(shimmer, groups: groups)
    }

    /// The paint of each of `groups` (a `ScreenFrames`' `groups`, say) at `epochMs`.
    public func paint(_ groups: [ShimmerGroup], at epochMs: Double, reduceMotion: Bool = false) -> [ShimmerPaint] {
        shimmer.paints(of: groups, at: epochMs, reduceMotion: reduceMotion)
    }

    /// `ms` after an element's reveal starts, the skeleton's and the content's opacity and
    /// scale; under `reduceMotion` (or a `motion=reduced` document) the scales stay 1.
    public func transition(at ms: Double, reduceMotion: Bool = false) -> RevealTransition.Moment {
        animation.transition.moment(at: ms, reduceMotion: reduceMotion || motion == .reduced)
    }
}

extension LayoutDocument.Shimmer {
    /// This shimmer as Layouts paints it, with the renderer's defaults for what it leaves out
    /// (renderer.js's `readShimmer`): a sweep from (-1, 0.5)–(0, 0.5) to (1, 0.5)–(2, 0.5), a
    /// pulse from 1 to 0.4, 1500 ms eased in and out, origin 0.
    public func resolved(direction: Direction) -> ResolvedShimmer {
        let easing: Curve.Easing = if case .eased(let easing, _) = curve { easing } else { .easeInOut }
        let timing = Layouts.Shimmer.Timing(durationMs: durationMs ?? 1500, easing: easing, autoreverses: autoreverses ?? false)
        func motion(_ served: PointMotion?, from: (Double, Double), to: (Double, Double)) -> Layouts.Shimmer.PointMotion {
            Layouts.Shimmer.PointMotion(
                from: .init(x: served?.from.x ?? from.0, y: served?.from.y ?? from.1), to: .init(x: served?.to.x ?? to.0, y: served?.to.y ?? to.1))
        }
        let effect: Layouts.Shimmer.Effect = switch kind {
        case "gradient":
            .sweep(start: motion(start, from: (-1, 0.5), to: (1, 0.5)), end: motion(end, from: (0, 0.5), to: (2, 0.5)), timing: timing)
        case "pulse":
            .pulse(fromOpacity: opacity?.from ?? 1, toOpacity: opacity?.to ?? 0.4, timing: timing)
        default:
            .still
        }
        return ResolvedShimmer(
            application: Layouts.Shimmer.Application(rawValue: application) ?? .overlay,
            stops: stops.map { ResolvedShimmer.Stop(color: $0.color, location: $0.location) }, effect: effect, direction: direction,
            originEpochMs: Double(sync?.originEpochMs ?? 0))
    }
}
