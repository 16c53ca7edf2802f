/// Where a layout put one loading element's node: the rectangle its parent gave it, and the clip
/// of the scroll views and clipped nodes around it.
///
/// Guarantees: `rect` and `clip` are in the layout's coordinates, mirrored with its frames for
/// right to left; `clip` is what encloses the element, not the element's own clip (nil: nothing
/// encloses it), so a frame of the element is cut to its own clip within this one.
public struct PlacedElement: Sendable, Equatable {
    /// The element's expanded id, as its frames' `element`.
    public var id: String
    public var rect: Rect
    public var clip: Rect?

    func mirrored(in width: Double) -> PlacedElement {
        PlacedElement(id: id, rect: rect.mirrored(in: width), clip: clip?.mirrored(in: width))
    }
}
