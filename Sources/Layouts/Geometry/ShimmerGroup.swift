/// The bounds of one shimmer group in a layout: the box of the node that starts it (`shimmer:
/// true`), over which its gradient is laid, whichever of its blocks are drawn.
///
/// Guarantees: `rect` is in the layout's coordinates, mirrored with its frames for right to left;
/// for an element laid out alone, a group that an ancestor starts is bounded by the element's own
/// box (the element is drawn in a view of its own), the groups it starts by their nodes' boxes.
public struct ShimmerGroup: Sendable, Equatable {
    /// The group's number, as its frames' `group`.
    public var id: Int
    public var rect: Rect

    public init(id: Int, rect: Rect) {
        self.id = id
        self.rect = rect
    }

    func mirrored(in width: Double) -> ShimmerGroup {
        ShimmerGroup(id: id, rect: rect.mirrored(in: width))
    }
}
