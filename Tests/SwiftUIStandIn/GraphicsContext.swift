import Foundation

/// SwiftUI's `GraphicsContext`, recording instead of drawing: a value whose clips and blend mode
/// apply to what it fills from then on (a copy's to the copy's), `drawLayer` giving a context
/// that draws into a new layer; every fill is appended, in order, to `drawn`, which the context
/// and all its copies and layers share.
public struct GraphicsContext {
    /// How a path is filled.
    public enum Shading: Equatable {
        case color(Color)
        case linearGradient(Gradient, startPoint: CGPoint, endPoint: CGPoint)
    }

    /// How a fill composes with what is under it in its layer.
    public enum BlendMode: Equatable, Sendable { case normal, destinationIn }

    /// One fill: its path, shading, the clips it was cut to (in order), its blend mode, and the
    /// layer it went into (nil: the context's own; n: the n-th `drawLayer`, from 0).
    public struct Fill: Equatable {
        public let path: Path
        public let shading: Shading
        public let clips: [Path]
        public let blendMode: BlendMode
        public let layer: Int?
    }

    private final class Log {
        var fills: [Fill] = []
        var layers = 0
    }

    private let log = Log()
    private var clips: [Path] = []
    private var layer: Int?
    public var blendMode: BlendMode = .normal

    /// A context with nothing drawn.
    public init() {}

    /// Every fill so far, in order.
    public var drawn: [Fill] { log.fills }

    public mutating func clip(to path: Path) { clips.append(path) }

    public func fill(_ path: Path, with shading: Shading) {
        log.fills.append(Fill(path: path, shading: shading, clips: clips, blendMode: blendMode, layer: layer))
    }

    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var context = self
        context.layer = log.layers
        context.blendMode = .normal
        log.layers += 1
        try content(&context)
    }
}
