import Foundation
import SkeletonClient
import UIKit

/// What docs/clients.md's `SkeletonView` does with `frames`, read from the UIKit stand-in. (A file
/// that imports Testing cannot import UIKit: Testing declares a UIKit overlay Linux has not.)
@MainActor struct SkeletonViewProbe {
    /// One fill: its outline (as UIKit flattens it), colour components from 0 to 1, and clips.
    struct Fill {
        let outline: [CGPoint]
        let color: [CGFloat]
        let clips: [CGRect]
    }

    let asksToBeDrawn: Bool
    let unrestoredStates: Int
    let fills: [Fill]

    init(frames: [Frame], width: Double) {
        let view = SkeletonView()
        view.frames = frames
        asksToBeDrawn = view.needsDisplay
        let context = CGContext()
        UIGraphicsPushContext(context)
        view.draw(CGRect(x: 0, y: 0, width: width, height: 800))
        UIGraphicsPopContext()
        unrestoredStates = context.savedStates
        fills = context.fills.map { Fill(outline: Self.flattened($0.path), color: $0.color, clips: $0.clips) }
    }

    /// The path's points: each move, each arc sampled finely in its direction (y grows downwards,
    /// so clockwise is increasing angle); UIKit joins them with straight lines.
    static func flattened(_ path: [UIBezierPath.Element]) -> [CGPoint] {
        path.flatMap { element -> [CGPoint] in
            switch element {
            case .move(let point): return [point]
            case .close: return []
            case .arc(let center, let radius, let start, var end, let clockwise):
                if clockwise { while end < start { end += 2 * .pi } } else { while end > start { end -= 2 * .pi } }
                return (0...256).map { step in
                    let angle = start + (end - start) * CGFloat(step) / 256
                    return CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                }
            }
        }
    }
}
