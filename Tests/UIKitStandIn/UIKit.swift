/// A stand-in for Apple's UIKit, which Linux has not: just enough of its drawing API (a view that
/// draws in `draw(_:)`, the current graphics context, colours and Bézier paths) to compile
/// docs/clients.md's UIKit `SkeletonView` unchanged, recording what it draws for DrawingDocsTests.
/// Nothing here renders. Like UIKit, it re-exports Foundation (`CGRect`, `CGPoint`, `CGFloat`, …).
@_exported import Foundation

/// UIKit's `UIView`: it remembers that it was asked to draw again; `draw(_:)` is the subclass's.
@MainActor open class UIView {
    /// Whether `setNeedsDisplay()` was called since the flag was last cleared.
    public var needsDisplay = false

    public init() {}

    open func setNeedsDisplay() { needsDisplay = true }

    open func draw(_ rect: CGRect) {}
}
