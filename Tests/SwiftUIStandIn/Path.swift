import Foundation

/// SwiftUI's `Path`, kept as the shape it was made from so that a test compares it.
public struct Path: Equatable, Sendable {
    public enum Shape: Equatable, Sendable {
        case empty
        case rect(CGRect)
        /// Radii clockwise from the top leading corner.
        case roundedRect(CGRect, topLeading: CGFloat, topTrailing: CGFloat, bottomTrailing: CGFloat, bottomLeading: CGFloat)
    }

    public let shape: Shape

    public init() { shape = .empty }
    public init(_ rect: CGRect) { shape = .rect(rect) }
    init(_ shape: Shape) { self.shape = shape }
}

/// SwiftUI's rectangle with a radius per corner (iOS 17, macOS 14).
public struct UnevenRoundedRectangle: Equatable, Sendable {
    public let topLeadingRadius: CGFloat
    public let bottomLeadingRadius: CGFloat
    public let bottomTrailingRadius: CGFloat
    public let topTrailingRadius: CGFloat

    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0) {
        self.topLeadingRadius = topLeadingRadius
        self.bottomLeadingRadius = bottomLeadingRadius
        self.bottomTrailingRadius = bottomTrailingRadius
        self.topTrailingRadius = topTrailingRadius
    }

    public func path(in rect: CGRect) -> Path {
        Path(.roundedRect(rect, topLeading: topLeadingRadius, topTrailing: topTrailingRadius,
                          bottomTrailing: bottomTrailingRadius, bottomLeading: bottomLeadingRadius))
    }
}
