import Foundation
import SkeletonClient
import SwiftUI

/// One element's skeleton: the layout document and the element's id.
struct ElementSkeleton {
    let layout: LayoutDocument
    let element: String

    /// What assistive technology announces while the element loads.
    var accessibilityLabel: String { layout.elements.first { $0.id == element }?.accessibilityLabel ?? "" }
    /// How long a reveal plays, in ms: the transition's curve as the renderer plays it.
    var playedMs: Double { Double(layout.animation.transition.curve.playedDurationMs) }
}

extension View {
    func skeletonLoading(isLoading: Bool, skeleton: ElementSkeleton) -> some View {
        modifier(SkeletonLoading(isLoading: isLoading, skeleton: skeleton))
    }
}

struct SkeletonLoading: ViewModifier {
    let isLoading: Bool
    let skeleton: ElementSkeleton
    @State private var width: Double = 0         // the view's, measured
    @State private var revealedAt: Date?         // when the last reveal started
    @State private var isRevealing = false       // from a reveal's start until it has played
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    func body(content: Content) -> some View {
        // Laid out when the width (or the document) changes, not on every frame.
        let laidOut = try? skeleton.layout.frames(element: skeleton.element, width: width)
        let painter = laidOut.map { skeleton.layout.painter($0.groups) }
        // Frames come while the shimmer moves (loading) or the reveal plays, then stop.
        TimelineView(.animation(paused: !isRevealing && (!isLoading || reduceMotion))) { timeline in
            let ms = Self.revealMs(at: timeline.date, isLoading: isLoading, revealedAt: revealedAt, playedMs: skeleton.playedMs)
            let moment = skeleton.layout.transition(at: ms, reduceMotion: reduceMotion)
            content
                .opacity(isLoading ? 0 : moment.content.opacity)
                .scaleEffect(isLoading ? 1 : moment.content.scale)
                // While loading: the width offered, the skeleton's height at that width.
                .frame(maxWidth: isLoading ? .infinity : nil, alignment: .topLeading)
                .frame(height: isLoading ? laidOut.map { CGFloat($0.contentHeight) } : nil, alignment: .top)
                .accessibilityHidden(isLoading)
                .overlay(alignment: .topLeading) {
                    if let laidOut, let painter, isLoading || moment.skeleton.opacity > 0 {
                        Canvas { context, _ in
                            let paints = painter.paints(at: timeline.date.timeIntervalSince1970 * 1000, reduceMotion: reduceMotion)
                            Self.draw(laidOut.frames, paints, in: context)
                        }
                        .opacity(moment.skeleton.opacity)
                        .scaleEffect(moment.skeleton.scale)
                        .environment(\.layoutDirection, .leftToRight)  // frames and paints are already mirrored
                        .allowsHitTesting(false)
                        .accessibilityElement()
                        .accessibilityLabel(skeleton.accessibilityLabel)
                        .accessibilityHidden(!isLoading)
                    }
                }
                .onChange(of: timeline.date) { _, date in
                    // The reveal has played: this state change asks for the body again, which pauses the timeline.
                    if isRevealing && Self.revealMs(at: date, isLoading: isLoading, revealedAt: revealedAt, playedMs: skeleton.playedMs) >= skeleton.playedMs {
                        isRevealing = false
                    }
                }
        }
        .onGeometryChange(for: Double.self) { $0.size.width } action: { width = $0 }
        .onChange(of: isLoading) { _, loading in
            revealedAt = loading ? nil : Date()
            isRevealing = !loading
        }
    }

    /// The instant of the reveal at `now`, in ms: -1 while loading (the skeleton whole), then the
    /// time since the reveal started, held at `playedMs` once it has played (and when the content
    /// was there from the start).
    static func revealMs(at now: Date, isLoading: Bool, revealedAt: Date?, playedMs: Double) -> Double {
        if isLoading { return -1 }
        guard let revealedAt else { return playedMs }
        return min(now.timeIntervalSince(revealedAt) * 1000, playedMs)
    }

    /// Each frame with its group's paint (Drawing in motion's table), or in its own fill.
    nonisolated static func draw(_ frames: [Frame], _ paints: [ShimmerPaint], in context: GraphicsContext) {
        let byGroup = Dictionary(paints.map { ($0.group, $0) }, uniquingKeysWith: { first, _ in first })
        for frame in frames {
            guard let paint = frame.group.flatMap({ byGroup[$0] }) else {
                frame.draw(in: context)
                continue
            }
            var context = context
            if let clip = frame.clip { context.clip(to: Path(clip.cgRect)) }
            let gradient = GraphicsContext.Shading.linearGradient(
                Gradient(stops: paint.stops.map { .init(color: $0.color.swiftUI, location: $0.location) }),
                startPoint: CGPoint(x: paint.start.x, y: paint.start.y), endPoint: CGPoint(x: paint.end.x, y: paint.end.y))
            switch paint.application {
            case .overlay:
                context.fill(frame.path, with: .color(frame.fill.swiftUI))
                context.fill(frame.path, with: gradient)
            case .fill:
                context.fill(frame.path, with: gradient)
            case .mask:
                context.drawLayer { layer in
                    layer.fill(frame.path, with: .color(frame.fill.swiftUI))
                    layer.blendMode = .destinationIn
                    layer.fill(frame.path, with: gradient)
                }
            }
        }
    }
}

// In a view: the real view, in the real layout.
struct AccountsSection: View {
    let layout: LayoutDocument
    let accounts: [Account]?

    var body: some View {
        AccountsCarousel(accounts: accounts ?? [])
            .skeletonLoading(isLoading: accounts == nil, skeleton: ElementSkeleton(layout: layout, element: "accountsCarousel"))
    }
}
