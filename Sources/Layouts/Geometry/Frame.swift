/// A rectangle in points from the viewport's top-left corner.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of this rectangle inside `other` (empty: zero width or height).
    func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Mirrored across the vertical axis of a viewport `viewportWidth` wide.
    func mirrored(in viewportWidth: Double) -> Rect {
        Rect(x: viewportWidth - x - width, y: y, width: width, height: height)
    }
}

/// One shape a client draws for a skeleton laid out at one width: a rounded rectangle in one
/// colour. A list of frames in drawing order is the whole skeleton.
///
/// Guarantees: `radii` are top-left, top-right, bottom-right, bottom-left, after mirroring, and
/// already scaled down where adjacent radii would overlap (CSS Backgrounds §5.5), so a client
/// draws them as they are; `clip` is the rectangle the frame is cut to (an enclosing scroll view
/// or clipped node), nil when nothing clips it.
public struct Frame: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A node's background: a card behind other frames.
        case background
        /// A block's shape.
        case block
        /// One line of a paragraph placeholder.
        case line
        /// A hairline separator.
        case divider
    }

    public var kind: Kind
    public var rect: Rect
    public var radii: [Double]
    public var fill: RGBA
    /// The loading element the frame belongs to (its expanded id, as in `?expand=true`).
    public var element: String?
    /// The shimmer group that paints it, numbered from 0 in the screen's drawing order (an
    /// element laid out alone keeps the screen's numbers); backgrounds and dividers are never
    /// shimmered.
    public var group: Int?
    public var clip: Rect?
}
