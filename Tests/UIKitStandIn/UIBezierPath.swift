import Foundation

/// UIKit's `UIBezierPath`, kept as the elements it was built from; `fill()` fills it in the current
/// context with that context's fill colour.
@MainActor public final class UIBezierPath {
    /// A path element as UIKit's API takes it.
    public enum Element: Equatable, Sendable {
        case move(to: CGPoint)
        case arc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public func move(to point: CGPoint) { elements.append(.move(to: point)) }

    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise))
    }

    public func close() { elements.append(.close) }

    public func fill() { UIGraphicsGetCurrentContext()?.fill(elements) }
}

/// UIKit's `UIColor`, kept as its components; `setFill()` makes it the current context's fill colour.
@MainActor public final class UIColor {
    public let components: [CGFloat]

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { components = [red, green, blue, alpha] }

    public func setFill() { UIGraphicsGetCurrentContext()?.state.fillColor = components }
}
