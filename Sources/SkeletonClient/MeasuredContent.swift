/// What an app measured of the real view that replaced an element's skeleton, in points from the
/// element's top-left corner: its leaf shapes (text lines, images, painted boxes; not containers
/// that paint nothing) in document order, and the height of its content.
///
/// Guarantees: a plain value; `LayoutDocument.drift(element:width:measured:)` compares it with the
/// element's skeleton laid out at the same width.
public struct MeasuredContent: Sendable, Equatable {
    public var shapes: [Rect]
    public var height: Double

    public init(shapes: [Rect], height: Double) {
        self.shapes = shapes
        self.height = height
    }
}
