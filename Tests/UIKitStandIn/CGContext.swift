import Foundation

/// Core Graphics' context, recording instead of drawing: `saveGState`/`restoreGState` keep and
/// bring back the clips and the fill colour; every fill is appended, in order, to `fills`.
public final class CGContext {
    /// One fill: the path's elements, the colour it was filled with (red, green, blue, alpha from
    /// 0 to 1), and the clips in force (in order).
    public struct Fill {
        public let path: [UIBezierPath.Element]
        public let color: [CGFloat]
        public let clips: [CGRect]
    }

    struct GraphicsState {
        var clips: [CGRect] = []
        var fillColor: [CGFloat] = [0, 0, 0, 1]
    }

    var state = GraphicsState()
    private var saved: [GraphicsState] = []

    /// Every fill so far, in order.
    public private(set) var fills: [Fill] = []

    /// How many saved states are still to be restored.
    public var savedStates: Int { saved.count }

    public init() {}

    public func saveGState() { saved.append(state) }

    public func restoreGState() { state = saved.removeLast() }

    public func clip(to rect: CGRect) { state.clips.append(rect) }

    func fill(_ path: [UIBezierPath.Element]) {
        fills.append(Fill(path: path, color: state.fillColor, clips: state.clips))
    }
}

@MainActor private var contexts: [CGContext] = []

/// The context `draw(_:)` draws into: the last one pushed.
@MainActor public func UIGraphicsGetCurrentContext() -> CGContext? { contexts.last }

@MainActor public func UIGraphicsPushContext(_ context: CGContext) { contexts.append(context) }

@MainActor public func UIGraphicsPopContext() { contexts.removeLast() }
