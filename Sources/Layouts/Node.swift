/// One node of a skeleton tree (docs/spec.md §3): a container, a placeholder shape, or a repeat.
///
/// Modifiers apply in SwiftUI's order: `padding`, then the frame (`minHeight`, `fillsWidth`),
/// then `background`, then the clip to `cornerRadius`; so padding lies inside the background,
/// and a block's fill is its content, inside its padding. Sizes are points. Trees use `leading`
/// and `trailing`, never left and right, so they need no mirroring for right-to-left.
///
/// Written documents are explicit: every member with a meaning for the node's type is written,
/// so clients need no defaults (a block always has `width`, `height`, `cornerRadius`, `shape`,
/// `fill`; a stack always `axis`, `spacing`, `alignment`).
public struct Node: Sendable {
    public enum Axis: String, Sendable {
        case vertical
        case horizontal
    }

    /// For a vertical stack `leading`, `center` or `trailing`; for a horizontal one `top`,
    /// `center` or `bottom`.
    public enum Alignment: String, Sendable {
        case leading
        case center
        case trailing
        case top
        case bottom
    }

    public enum Width: Sendable, Equatable {
        case points(Double)
        /// All the width the parent offers (SwiftUI's `width: nil`).
        case fill
    }

    public enum Shape: String, Sendable {
        case rect
        case capsule
        case circle
    }

    public enum Corner: String, Sendable {
        case topLeading
        case topTrailing
        case bottomLeading
        case bottomTrailing
    }

    public struct EdgeInsets: Sendable, Equatable {
        public var top: Double
        public var leading: Double
        public var bottom: Double
        public var trailing: Double

        public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }
    }

    public enum Kind: Sendable {
        case stack(Axis, spacing: Double, alignment: Alignment, children: [Node])
        /// A scroll view shown still: skeletons never scroll.
        indirect case scroll(Axis, child: Node)
        /// A placeholder shape; its radius is the node's `cornerRadius`. `corners` lists the
        /// rounded corners when not all four are; nil means all four.
        case block(width: Width, height: Double, shape: Shape, corners: [Corner]?, fill: PaletteToken)
        /// A paragraph placeholder: `lines` lines, the last `lastLineFraction` of the width.
        case text(lines: Int, lineHeight: Double, lineSpacing: Double, lastLineFraction: Double)
        case spacer
        case divider(opacity: Double, thickness: Double)
        /// `child`, `count` times. Expanded, a repeat's own modifiers are not carried to its copies.
        indirect case `repeat`(count: Int, child: Node)
    }

    public var kind: Kind
    /// Required on, and unique for, every node that is an element of its screen.
    public var id: String?
    public var padding: EdgeInsets?
    public var minHeight: Double?
    /// Written `"maxWidth": "fill"`: the node takes all the width its parent offers.
    public var fillsWidth: Bool
    public var background: PaletteToken?
    /// A block's shape radius; on other nodes, the radius the background is clipped to.
    public var cornerRadius: Double?
    public var isClipped: Bool
    /// Written `"shimmer": true`: one shimmer animation starts here and spans this node's bounds,
    /// painted onto every block inside it (backgrounds are not shimmered).
    public var startsShimmer: Bool

    public init(
        _ kind: Kind, id: String? = nil, padding: EdgeInsets? = nil, minHeight: Double? = nil,
        fillsWidth: Bool = false, background: PaletteToken? = nil, cornerRadius: Double? = nil,
        isClipped: Bool = false, startsShimmer: Bool = false
    ) {
        self.kind = kind
        self.id = id
        self.padding = padding
        self.minHeight = minHeight
        self.fillsWidth = fillsWidth
        self.background = background
        self.cornerRadius = cornerRadius
        self.isClipped = isClipped
        self.startsShimmer = startsShimmer
    }
}
